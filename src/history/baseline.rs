//! `diff --against-history`: the baseline of each candidate key is the last `window`
//! runs of that key in the store, so that the noise the verdict allows for is the noise
//! the history has shown.

use crate::compare::pairing;
use crate::model::Run;

/// Of `history` (oldest first), the last `window` runs of each key the candidate has.
pub fn last_runs_per_key(
    history: &[Run],
    candidate: &[Run],
    key: &[String],
    window: usize,
) -> Vec<Run> {
    let mut baseline = Vec::new();
    for group in pairing::group(history, candidate, key).into_values() {
        if group.candidate.is_empty() {
            continue;
        }
        let from = group.baseline.len().saturating_sub(window);
        baseline.extend(group.baseline[from..].iter().map(|r| (*r).clone()));
    }
    baseline
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
        let base = last_runs_per_key(&history, &cand, &key, 3);
        let values: Vec<f64> = base
            .iter()
            .filter_map(|r| r.get("output_throughput"))
            .collect();
        assert_eq!(values, vec![5.0, 7.0, 9.0]);
    }
}
