//! Ingest: raw benchmark outputs → the runs table (and the requests frame), as a user
//! runs `perflab ingest` and as the readers see the fixture corpus: expected values read
//! off the files by hand, robustness to hostile input, each run once and whole, metrics
//! by meaning.
//!
//! One test crate per subject (`tests/<subject>/main.rs`), so that the helpers of
//! `tests/common/` and the binary are linked once per subject, not once per file.

#[path = "../common/mod.rs"]
mod common;

mod cli_ingest;
mod evalscope;
mod genai_bench;
mod ingest_expected;
mod ingest_expected_perf;
mod ingest_props;
mod ingest_robust;
mod llm_load_test;
mod llmperf;
mod metrics_by_meaning;
mod more_tools;
mod new_tools;
mod requests_cli;
mod runs_once;
mod server_config;
mod typed_errors;
mod whole_runs;
