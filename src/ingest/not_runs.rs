//! Files perflab knows but does not read as runs: an aggregate over several
//! runs (AIPerf's sweep and multi-run exports, JSON and CSV), per-request records (perf_analyzer's
//! `profile_export.json` under genai-perf), and inference-perf's summary and adapter
//! reports, whose requests are in its stage reports (`inference_perf.rs`). Only files no reader claimed are looked at. The driver reports
//! them by kind (a summary line per kind on stderr, the file list with `-v`) and, for a
//! file named on the command line, says what it is and what to read instead, so nothing
//! is dropped in silence. Every word of those messages is in `locales/*/ingest.ftl`
//! under [`NotARun::message_id`].

use super::reader::Source;

pub use crate::error::NotARun;

/// What one such file is, in the language of perflab's messages.
pub fn describe(kind: NotARun) -> String {
    crate::tr!(&format!("ingest-kind-{}", kind.message_id()))
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
        return None;
    }
    // AIPerf's aggregates as CSV: the confidence table (`metric,mean,std,…,ci_low,ci_high`)
    // and the sweep's table (the sweep parameters, then `<metric>_mean`, `_std`, … `_cv`
    // per metric, then its `Best Configurations`).
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
