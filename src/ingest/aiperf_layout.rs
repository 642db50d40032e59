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

/// The model a run's requests asked for, from the `inputs.json` AIPerf and genai-perf
/// write in the run's own folder (`data[].payloads[].model`; genai-perf: `payload`): the
/// one place a run whose every request failed keeps its model. `None` unless every
/// payload names one and the same model.
pub fn model_from_inputs(run_file: &Path) -> Option<String> {
    let path = run_file.parent()?.join("inputs.json");
    let bytes = std::fs::read(path).ok()?;
    let doc: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    let mut models = std::collections::BTreeSet::new();
    for session in doc.get("data")?.as_array()? {
        let payloads = session
            .get("payloads")
            .or_else(|| session.get("payload"))
            .and_then(serde_json::Value::as_array)?;
        for payload in payloads {
            models.insert(payload.get("model")?.as_str()?.to_owned());
        }
    }
    match models.len() {
        1 => models.pop_first(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_model_of_a_run_whose_every_request_failed() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let run = root.join(
            "fixtures/aiperf/0.13.0-all-failed-artifacts/run-all-failed/profile_export.jsonl",
        );
        assert_eq!(model_from_inputs(&run).as_deref(), Some("mock-model"));
        let genai = root.join("fixtures/genai-perf/0.0.16-all-failed/run-all-failed/mock-model-openai-chat-concurrency2/x.json");
        assert_eq!(model_from_inputs(&genai).as_deref(), Some("mock-model"));
        assert_eq!(model_from_inputs(&root.join("fixtures/x")), None);
    }

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
