//! Files perflab knows but does not read as runs: an aggregate over several
//! runs (AIPerf's sweep and multi-run exports, JSON and CSV), per-request records (perf_analyzer's
//! `profile_export.json` under genai-perf), and inference-perf's summary and adapter
//! reports, whose requests are in its stage reports (`inference_perf.rs`). Only files no reader claimed are looked at. The driver reports
//! them by kind (a summary line per kind on stderr, the file list with `-v`) and, for a
//! file named on the command line, says what it is and what to read instead, so nothing
//! is dropped in silence. Every word of those messages is in `locales/*/ingest.ftl`
//! under [`NotARun::message_id`].

use fluent_bundle::FluentValue;

use super::reader::Source;
use crate::error::NoRuns;

pub use crate::error::NotARun;

/// What one such file is, in the language of perflab's messages.
pub fn describe(kind: NotARun) -> String {
    crate::tr!(&format!("ingest-kind-{}", kind.message_id()))
}

/// Says a message id with its arguments: the process's language when an error is raised,
/// the user's when it is printed.
pub type Words<'a> = dyn Fn(&str, &[(&str, FluentValue)]) -> String + 'a;

/// The words of [`crate::error::Error::NoRuns`]: a line naming the paths and how many
/// files they held, then a line per file with why it holds no run. `tr` says a message id
/// with its arguments (the process's language when raised, the user's when printed).
pub fn no_runs_text(found: &NoRuns, tr: &Words) -> String {
    let paths: Vec<String> = found
        .paths
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    let mut out = tr(
        "ingest-no-runs",
        &[
            ("paths", paths.join(", ").into()),
            ("count", (found.files as i64).into()),
        ],
    );
    for line in no_runs_files(found, tr) {
        out.push_str(&format!("\n  {line}"));
    }
    out
}

/// Each file of [`crate::error::Error::NoRuns`] with why it holds no run (`PATH: reason`),
/// then how many more there were: what a command that says "no runs" in its own words
/// (`diff`, `curves`, `history add`) prints beside them.
pub fn no_runs_files(found: &NoRuns, tr: &Words) -> Vec<String> {
    let mut out = Vec::new();
    for (path, kind) in &found.skipped {
        let reason = match kind {
            Some(kind) => tr(&format!("ingest-kind-{}", kind.message_id()), &[]),
            None => tr("ingest-no-runs-unknown", &[]),
        };
        out.push(format!("{}: {reason}", path.display()));
    }
    if found.more > 0 {
        out.push(tr(
            "ingest-no-runs-more",
            &[("count", (found.more as i64).into())],
        ));
    }
    out
}

/// What a file that no reader claimed is, when perflab knows it.
pub fn recognize(source: &Source) -> Option<NotARun> {
    let text = source.text.trim_start_matches('\u{feff}');
    let has = |needle: &str| memchr::memmem::find(text.as_bytes(), needle.as_bytes()).is_some();
    let json = text.trim_start().starts_with('{');
    if json {
        if has("\"aggregation_type\"")
            && (has("\"num_profile_runs\"") || has("\"per_combination_metrics\""))
        {
            return Some(NotARun::AiperfAggregate);
        }
        if has("\"experiments\"") && has("\"response_timestamps\"") {
            return Some(NotARun::PerfAnalyzerRecords);
        }
        // `load_summary` (what was sent) beside `successes` / `failures` (what came back);
        // `inference_perf.rs` reads the stage reports and claims these without runs.
        if has("\"load_summary\"") && has("\"successes\"") {
            return Some(NotARun::InferencePerfReport);
        }
        // evalscope `perf`'s `benchmark_args.json` (`arguments.py`), beside its summary.
        if has("\"parallel\"") && has("\"number\"") && has("\"outputs_dir\"") {
            return Some(NotARun::EvalscopePercentiles);
        }
        // genai-bench's `experiment_metadata.json` (`protocol.py`), beside its runs.
        if has("\"benchmark_version\"") && has("\"api_model_name\"") {
            return Some(NotARun::GenaiBenchMetadata);
        }
        return None;
    }
    // AIPerf's aggregates as CSV: the confidence table (`metric,mean,std,…,ci_low,ci_high`)
    // and the sweep's table (the sweep parameters, then `<metric>_mean`, `_std`, … `_cv`
    // per metric, then its `Best Configurations`).
    if text.trim_start().starts_with('[') {
        // evalscope `perf`'s percentile rows (`db_util.py`): `"Percentiles": "99%"` beside
        // `TTFT (ms)` (1.x) or `TTFT (s)`; `evalscope_json.rs` reads them with the summary.
        // llmperf's per-request records (`token_benchmark_ray.py`), beside its summary.
        if has("\"ttft_s\"") && has("\"inter_token_latency_s\"") {
            return Some(NotARun::LlmperfRequests);
        }
        let metric = has("\"TTFT (ms)\"") || has("\"TTFT (s)\"") || has("\"Latency (s)\"");
        if has("\"Percentiles\"") && metric {
            return Some(NotARun::EvalscopePercentiles);
        }
        return None;
    }
    // LoadGen's detail log beside its summary (`mlperf_detail.rs` reads one alone).
    if has(":::MLLOG ") {
        return Some(NotARun::MlperfDetail);
    }
    let header = text.lines().next().unwrap_or("");
    let aggregate = header.starts_with("metric,mean,std,min,max,cv,se,ci_low,ci_high")
        || (header.contains("_mean,") && header.contains("_cv,") && has("Best Configurations"));
    aggregate.then_some(NotARun::AiperfAggregate)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn kind(text: &str) -> Option<NotARun> {
        recognize(&Source::new(Path::new("x"), text))
    }

    #[test]
    fn aiperf_sweep_aggregate() {
        assert_eq!(
            kind(include_str!(
                "../../fixtures/aiperf/0.13.0-run3-sweep-c1-c4-failures/profile_export_aiperf_sweep.json"
            )),
            Some(NotARun::AiperfAggregate)
        );
    }

    #[test]
    fn aiperf_aggregate_csvs() {
        for rel in [
            "0.13.0-run7-multirun-c2-x3/aggregate/profile_export_aiperf_aggregate.csv",
            "0.13.0-run8-sweep-c1-c8/sweep_aggregate/profile_export_aiperf_sweep.csv",
        ] {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("fixtures/aiperf")
                .join(rel);
            let text = std::fs::read_to_string(path).unwrap();
            assert_eq!(kind(&text), Some(NotARun::AiperfAggregate), "{rel}");
        }
        // A run's own CSV export is not an aggregate.
        assert_eq!(
            kind(include_str!(
                "../../fixtures/aiperf/0.13.0-run1-chat-c4/profile_export_aiperf.csv"
            )),
            None
        );
    }

    #[test]
    fn side_files_of_tools_are_named() {
        // evalscope's percentiles hold no run of their own: its summary beside them does.
        assert_eq!(
            kind(r#"[{"Percentiles": "10%", "TTFT (s)": 0.02}]"#),
            Some(NotARun::EvalscopePercentiles)
        );
        assert_eq!(
            kind(r#"[{"ttft_s": 0.2, "inter_token_latency_s": 0.01, "error_code": null}]"#),
            Some(NotARun::LlmperfRequests)
        );
        assert_eq!(
            kind(r#"{"benchmark_version": "0.0.5", "api_model_name": "m", "task": "t"}"#),
            Some(NotARun::GenaiBenchMetadata)
        );
    }

    #[test]
    fn results_and_prose_are_not_recognized() {
        assert_eq!(
            kind(include_str!(
                "../../fixtures/aiperf/0.13.0-run1-chat-c4/profile_export_aiperf.json"
            )),
            None
        );
        assert_eq!(kind("# Notes\n\nWe ran guidellm and AIPerf.\n"), None);
    }
}
