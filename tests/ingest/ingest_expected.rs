//! Every fixture of `fixtures/corpus` and `fixtures/variants` against the values a person read
//! off the file (`fixtures/expected/`), for the formats whose readers exist (vLLM, SGLang).
//! The genai-perf / AIPerf / guidellm fixtures are checked by `ingest_expected_perf.rs`.

use crate::common::expected::{self, check_pair, check_selected, Expectation};

#[test]
fn every_fixture_has_an_expectation_and_every_expectation_a_fixture() {
    let fixtures = expected::fixtures_needing_expectations();
    let expectations: Vec<String> = expected::load_all()
        .into_iter()
        .map(|e| e.fixture)
        .collect();
    let missing: Vec<_> = fixtures
        .iter()
        .filter(|f| !expectations.contains(f))
        .collect();
    let stale: Vec<_> = expectations
        .iter()
        .filter(|e| !fixtures.contains(e))
        .collect();
    assert!(
        missing.is_empty(),
        "fixtures without fixtures/expected/<path>.toml (write one by hand from the file): {missing:#?}"
    );
    assert!(
        stale.is_empty(),
        "expectations whose fixture is gone: {stale:#?}"
    );
}

#[test]
fn files_that_describe_the_fixtures_hold_no_run() {
    let base = expected::fixtures_dir();
    let described: Vec<String> = expected::FIXTURE_DIRS
        .iter()
        .flat_map(|d| expected::files_under(&base, &base.join(d)))
        .filter(|f| expected::is_not_runs(f))
        .collect();
    assert!(
        described.len() >= 3,
        "READMEs and PROVENANCE files: {described:?}"
    );
    for f in described {
        let got = expected::ingest_fixture(&f).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert!(
            got.is_none(),
            "{f} must hold no run, got {:?}",
            got.map(|g| g.runs)
        );
    }
}

#[test]
fn vllm_and_sglang_fixtures_match_their_hand_written_expectations() {
    check_selected(Expectation::is_ready);
}

#[test]
fn vllm_console_and_result_json_of_one_run_agree() {
    check_pair(
        "corpus/generated/vllm-0.33.0/run1-openai-rate20.console.txt",
        "corpus/generated/vllm-0.33.0/run1-openai-rate20/result.json",
        // The workload the console's `Namespace(...)` line names and the result file
        // does not save.
        &[
            "dataset",
            "endpoint",
            "input_len",
            "output_len",
            "random_range_ratio",
            "streaming",
        ],
    );
}

#[test]
fn sglang_console_and_jsonl_of_one_run_agree() {
    check_pair(
        "corpus/generated/sglang-0.5.23/run1-sglang-oai-rate20.console.txt",
        "corpus/generated/sglang-0.5.23/run1-sglang-oai-rate20.jsonl",
        // SGLang prints the max ITL but does not save it; the JSONL keeps neither the
        // model nor the prompts asked for (so no failed count), which the console's
        // `Namespace(...)` line names.
        &[
            "max_itl_ms",
            "model_id",
            "num_prompts",
            "failed",
            "streaming",
        ],
    );
}
