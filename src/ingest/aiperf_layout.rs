//! AIPerf's artifact folders for several runs, as `aiperf/orchestrator/orchestrator.py`
//! lays them out (`--num-profile-runs N` trials, a `--concurrency 1,4` sweep, or both):
//!
//! ```text
//! sweep  trials  layout of one run's files
//! no     1       BASE/
//! no     >1      BASE/profile_runs/run_NNNN/
//! yes    1       BASE/concurrency_4/
//! yes    >1      BASE/profile_runs/trial_NNNN/concurrency_4/      (repeated, the default)
//! yes    >1      BASE/concurrency_4/profile_runs/trial_NNNN/      (independent)
//! search any     BASE/search_iter_NNNN/profile_runs/run_NNNN/
//! ```
//!
//! Beside them AIPerf writes `aggregate/…/profile_export_aiperf_aggregate.json` (each
//! metric's mean, standard deviation and t interval over the trials) and
//! `…/sweep_aggregate/profile_export_aiperf_sweep.json` (the same per combination): copies
//! of the runs' numbers, not runs (`not_runs.rs`). Each run's own files are read as usual
//! (the load, e.g. `concurrency`, comes from its `input_config`); this module only names
//! the repeat: the `NNNN` of `run_NNNN` / `trial_NNNN` becomes the `run_number` column
//! (1-based, as AIPerf numbers it), so repeats of one load stay apart and `perflab curves`
//! averages them with their 95% interval.

use std::path::Path;

/// The trial number of a run file inside a `profile_runs/` folder.
pub fn run_number(path: &Path) -> Option<u32> {
    let parts: Vec<&str> = path
        .components()
        .filter_map(|c| c.as_os_str().to_str())
        .collect();
    parts.windows(2).rev().find_map(|w| {
        if w[0] != "profile_runs" {
            return None;
        }
        let n = w[1]
            .strip_prefix("run_")
            .or_else(|| w[1].strip_prefix("trial_"))?;
        n.parse().ok()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_layout_of_the_orchestrator() {
        let n = |p: &str| run_number(Path::new(p));
        assert_eq!(
            n("b/profile_runs/run_0003/profile_export_aiperf.json"),
            Some(3)
        );
        assert_eq!(
            n("b/profile_runs/trial_0002/concurrency_4/profile_export_aiperf.csv"),
            Some(2)
        );
        assert_eq!(
            n("b/concurrency_4/profile_runs/trial_0011/profile_export_aiperf.json"),
            Some(11)
        );
        assert_eq!(
            n("b/search_iter_0002/profile_runs/run_0001/profile_export_aiperf.json"),
            Some(1)
        );
        assert_eq!(n("b/concurrency_4/profile_export_aiperf.json"), None);
        assert_eq!(n("b/profile_runs/notes.json"), None);
        assert_eq!(n("b/run_0001/profile_export_aiperf.json"), None);
    }
}
