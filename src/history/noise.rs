//! `diff --noise-from STORE`: the noise between runs of each pair, learned from the past
//! runs of the same workload in a history store (`stats::noise::successive`), so that a
//! CI job with one run a side is judged against the spread its benchmark has shown.
//!
//! The history's runs are matched by the workload columns the store and the candidate
//! both know (`keys::workload_key`), never by the diff's own key: a key by file or run
//! index would mix every workload of the store and call their differences noise.

use std::collections::BTreeMap;

use crate::compare::pairing::{self, Key, KeyValue};
use crate::model::frame::cell;
use crate::model::Run;
use crate::stats::noise::{self, Estimate};

/// Past runs of a workload that make its noise at most (the latest of the store).
pub const NOISE_WINDOW: usize = 30;

/// Per pair of `baseline` and `candidate` (by `pair_key`), per metric of `metrics`, the
/// noise of the last [`NOISE_WINDOW`] runs of its workload in `history` (oldest first).
/// A pair whose workload the store lacks, or a metric with fewer than three runs, has
/// none.
pub fn per_pair(
    history: &[Run],
    baseline: &[Run],
    candidate: &[Run],
    pair_key: &[String],
    metrics: &[String],
) -> BTreeMap<Key, BTreeMap<String, Estimate>> {
    let workload = crate::keys::workload_key(history, candidate);
    let mut out = BTreeMap::new();
    if workload.is_empty() {
        return out;
    }
    let past = pairing::group(history, &[], &workload);
    for (key, group) in pairing::group(baseline, candidate, pair_key) {
        let Some(run) = group.candidate.first() else {
            continue;
        };
        let of_run: Key = workload
            .iter()
            .map(|c| KeyValue::of(cell(run, c)))
            .collect();
        let Some(runs) = past.get(&of_run).map(|g| &g.baseline) else {
            continue;
        };
        let per_metric: BTreeMap<String, Estimate> = metrics
            .iter()
            .filter_map(|m| {
                let values: Vec<f64> = runs
                    .iter()
                    .filter_map(|r| r.get(m))
                    .filter(|v| v.is_finite() && *v > 0.0)
                    .collect();
                let last = &values[values.len().saturating_sub(NOISE_WINDOW)..];
                let (sigma, df) = noise::successive(last)?;
                Some((
                    m.clone(),
                    Estimate {
                        sigma,
                        df,
                        runs: last.len(),
                    },
                ))
            })
            .collect();
        if !per_metric.is_empty() {
            out.insert(key, per_metric);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Format;

    fn run(conc: f64, tput: f64) -> Run {
        let mut r = Run::new(Format::VllmServeJson, None);
        r.set_text("model_id", "m");
        r.set_num("max_concurrency", conc);
        r.set_num("output_throughput", tput);
        r
    }

    #[test]
    fn each_pair_gets_the_noise_of_its_own_workload() {
        // Concurrency 8 wobbles by about 1%, concurrency 16 by about 10%.
        let mut history = Vec::new();
        for i in 0..12 {
            let sign = if i % 2 == 0 { 1.0 } else { -1.0 };
            history.push(run(8.0, 100.0 * (1.0 + 0.01 * sign)));
            history.push(run(16.0, 200.0 * (1.0 + 0.10 * sign)));
        }
        let base = vec![run(8.0, 100.0), run(16.0, 200.0)];
        let cand = vec![run(8.0, 90.0), run(16.0, 180.0)];
        // Paired by position, as a diff of two files is: the history still matches by
        // workload.
        let mut b = base.clone();
        let mut c = cand.clone();
        for (i, r) in b.iter_mut().chain(c.iter_mut()).enumerate() {
            r.run_index = (i % 2) as u32;
        }
        let key = vec!["run_index".to_owned()];
        let metrics = vec!["output_throughput".to_owned(), "p99_ttft_ms".to_owned()];
        let found = per_pair(&history, &b, &c, &key, &metrics);
        let sigma = |i: usize| {
            let key = vec![KeyValue::of(cell(&c[i], "run_index"))];
            found[&key]["output_throughput"]
        };
        assert!(
            (sigma(0).sigma - 0.02 / 2f64.sqrt()).abs() < 2e-3,
            "{:?}",
            sigma(0)
        );
        assert!(
            (sigma(1).sigma - 0.2 / 2f64.sqrt()).abs() < 2e-2,
            "{:?}",
            sigma(1)
        );
        assert_eq!(sigma(0).runs, 12);
        // No history of a metric: no estimate for it.
        assert!(!found.values().any(|m| m.contains_key("p99_ttft_ms")));
        // A workload the store lacks: nothing.
        let other = vec![run(64.0, 1.0)];
        assert!(per_pair(&history, &other, &other, &key, &metrics).is_empty());
    }
}
