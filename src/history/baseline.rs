//! `diff --against-history`: the baseline of each candidate key is the last `window`
//! runs of that key in the store, so that the noise the verdict allows for is the noise
//! the history has shown. A window never reaches back across a change point of a watched
//! metric: nights before a step are another level, and their spread would pass a
//! regression of the candidate as noise.

use super::edivisive::{change_points, Settings};
use crate::compare::pairing;
use crate::model::Run;

/// Of `history` (oldest first), the last `window` runs of each key the candidate has,
/// none from before the key's last change point in any of `metrics`.
pub fn last_runs_per_key(
    history: &[Run],
    candidate: &[Run],
    key: &[String],
    window: usize,
    metrics: &[String],
) -> Vec<Run> {
    let mut baseline = Vec::new();
    for group in pairing::group(history, candidate, key).into_values() {
        if group.candidate.is_empty() {
            continue;
        }
        let runs = &group.baseline;
        let from = runs
            .len()
            .saturating_sub(window)
            .max(since_last_change(runs, metrics));
        baseline.extend(runs[from..].iter().map(|r| (*r).clone()));
    }
    baseline
}

/// The index of the first run after the last change point of any of `metrics` over
/// `runs` (the report's detector and defaults); 0 without one.
fn since_last_change(runs: &[&Run], metrics: &[String]) -> usize {
    let settings = Settings::default();
    metrics
        .iter()
        .filter_map(|m| {
            // The runs that have the metric, and where each sits among all the runs.
            let (at, values): (Vec<usize>, Vec<f64>) = runs
                .iter()
                .enumerate()
                .filter_map(|(i, r)| r.get(m).filter(|v| v.is_finite()).map(|v| (i, v)))
                .unzip();
            let last = change_points(&values, &settings).last()?.index;
            at.get(last).copied()
        })
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Format;

    fn run(c: f64, v: f64) -> Run {
        let mut r = Run::new(Format::VllmServeJson, None);
        r.set_num("max_concurrency", c);
        r.set_num("output_throughput", v);
        r
    }

    #[test]
    fn keeps_the_last_runs_of_the_candidates_keys() {
        let history: Vec<Run> = (0..10).map(|i| run((i % 2) as f64, i as f64)).collect();
        let cand = vec![run(1.0, 100.0)];
        let key = vec!["max_concurrency".to_owned()];
        let base = last_runs_per_key(&history, &cand, &key, 3, &["output_throughput".into()]);
        let values: Vec<f64> = base
            .iter()
            .filter_map(|r| r.get("output_throughput"))
            .collect();
        assert_eq!(values, vec![5.0, 7.0, 9.0]);
    }

    #[test]
    fn the_window_starts_after_the_last_step_of_a_watched_metric() {
        // Twenty nights at 100 (±0.5), then eight at 90: a window of 10 would hold two
        // nights of the old level and pass a further drop as noise.
        let values: Vec<f64> = (0..28)
            .map(|i| {
                let level = if i < 20 { 100.0 } else { 90.0 };
                level + [0.3, -0.4, 0.1, -0.2, 0.5, -0.1, 0.2, -0.3][i % 8]
            })
            .collect();
        let history: Vec<Run> = values.iter().map(|v| run(1.0, *v)).collect();
        let cand = vec![run(1.0, 84.0)];
        let key = vec!["max_concurrency".to_owned()];
        let watched = vec!["output_throughput".to_owned()];
        let base = last_runs_per_key(&history, &cand, &key, 10, &watched);
        assert_eq!(base.len(), 8, "only the nights of the new level");
        assert!(base
            .iter()
            .all(|r| r.get("output_throughput").unwrap() < 95.0));
        // A metric nobody watches does not cut the window.
        let base = last_runs_per_key(&history, &cand, &key, 10, &["mean_ttft_ms".into()]);
        assert_eq!(base.len(), 10);
    }
}
