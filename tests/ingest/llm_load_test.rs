//! Issue 38: llm-load-test, on the files its own `load_test.py` wrote against the loopback
//! mock (`fixtures/llm-load-test/README.md`); every value read off the files by hand.

use serde_json::Value as Json;

use crate::common::rows::{is, rows};

#[test]
fn a_run_per_concurrency_with_its_meanings() {
    let runs = rows("fixtures/llm-load-test/run1-c1-c4");
    assert_eq!(runs.len(), 2);
    let r = &runs[0];
    assert_eq!(r["format"], "llm-load-test-json");
    assert_eq!(r["model_id"], "mock-model");
    assert_eq!(r["endpoint"], "/v1/completions");
    assert_eq!(r["dataset"], "python_code_alpaca_subset.jsonl");
    is(r, "streaming", 1.0);
    is(r, "max_concurrency", 1.0);
    assert_eq!(r["load_type"], "concurrent");
    is(r, "num_prompts", 25.0);
    is(r, "completed", 25.0);
    is(r, "failed", 0.0);
    is(r, "duration", 3.078434467315674);
    is(r, "output_throughput", 336.85953396443125);
    // Its `itl` is vLLM's TPOT; its `tpot` counts TTFT in (per token of the whole request).
    is(r, "mean_tpot_ms", 2.246889701048925);
    is(r, "p99_tpot_ms", 2.36935790307921);
    is(r, "median_e2el_per_token_ms", 2.7342389027277627);
    is(r, "p99_ttft_ms", 28.32925796508789);
    is(r, "max_e2el_ms", 159.2264175415039);
    is(r, "min_isl", 9.0);
    assert!(r.get("mean_itl_ms").is_none());
    is(&runs[1], "max_concurrency", 4.0);
}

#[test]
fn failures_and_no_streaming() {
    let runs = rows("fixtures/llm-load-test/run2-c2-failures-nostream/output-002.json");
    let r = &runs[0];
    is(r, "num_prompts", 46.0);
    is(r, "failed", 11.0);
    is(r, "completed", 35.0);
    is(r, "streaming", 0.0);
    is(r, "p90_e2el_ms", 134.6578598022461);
    // Not streamed: no TTFT or TPOT (written null).
    assert!(r.get("mean_ttft_ms").is_none_or(Json::is_null), "{r:#?}");
    assert!(r.get("mean_tpot_ms").is_none_or(Json::is_null), "{r:#?}");
    let extra: Json = serde_json::from_str(r["extra"].as_str().unwrap()).unwrap();
    assert_eq!(extra["req_completed_within_test_duration"], 35);
}
