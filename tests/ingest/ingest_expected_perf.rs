//! The genai-perf, AIPerf and guidellm fixtures against their hand-written expectations
//! (`fixtures/expected/`). Their readers are being written; each test is ignored until its
//! reader lands, then its `#[ignore]` goes. Run them now with
//! `cargo test --test ingest ingest_expected_perf -- --ignored`.

use crate::common::expected::{check_pair, check_selected};

fn names_tool(e: &crate::common::expected::Expectation, prefix: &str) -> bool {
    !e.is_ready() && e.formats().iter().any(|f| f.starts_with(prefix))
}

#[test]
fn genai_perf_fixtures_match_their_hand_written_expectations() {
    check_selected(|e| names_tool(e, "genai-perf-"));
}

#[test]
fn aiperf_fixtures_match_their_hand_written_expectations() {
    check_selected(|e| names_tool(e, "aiperf-"));
}

#[test]
fn guidellm_fixtures_match_their_hand_written_expectations() {
    check_selected(|e| names_tool(e, "guidellm-"));
}

#[test]
fn every_expectation_is_checked_by_one_test() {
    let tools = ["genai-perf-", "aiperf-", "guidellm-"];
    for e in crate::common::expected::load_all() {
        let owners = tools.iter().filter(|t| names_tool(&e, t)).count() + usize::from(e.is_ready());
        assert_eq!(owners, 1, "{} is checked by {owners} tests", e.fixture);
    }
}

#[test]
fn genai_perf_console_and_json_of_one_run_agree() {
    let dir = "corpus/generated/genai-perf-0.0.16";
    check_pair(
        &format!("{dir}/run1-chat-c4.console.txt"),
        &format!("{dir}/run1-chat-c4/profile_export_genai_perf.json"),
        &[],
    );
}

#[test]
fn aiperf_console_and_json_of_one_run_agree() {
    let dir = "corpus/generated/aiperf-0.13.0";
    check_pair(
        &format!("{dir}/run1-chat-c4.console.txt"),
        &format!("{dir}/run1-chat-c4/profile_export_aiperf.json"),
        &[],
    );
}

#[test]
fn guidellm_csv_and_json_of_one_run_agree() {
    let dir = "corpus/generated/guidellm-0.8.1/run1";
    check_pair(
        &format!("{dir}/benchmarks.csv"),
        &format!("{dir}/benchmarks.json"),
        &[],
    );
}
