//! Issue 38: genai-bench 0.0.5, on the files its real client wrote against the loopback
//! mock (`fixtures/genai-bench/README.md`); every value read off the files by hand.

use serde_json::Value as Json;

use crate::common::rows::{is, rows};

#[test]
fn a_run_per_concurrency_in_seconds() {
    let runs = rows("fixtures/genai-bench/run1-c1-c4");
    assert_eq!(runs.len(), 2);
    let r = &runs[0];
    assert_eq!(r["format"], "genai-bench-json");
    assert_eq!(r["model_id"], "mock-model");
    assert_eq!(r["backend"], "openai");
    assert_eq!(r["dataset"], "D(100,32)");
    is(r, "input_len", 100.0);
    is(r, "output_len", 32.0);
    assert_eq!(r["load_type"], "concurrent");
    is(r, "max_concurrency", 1.0);
    is(r, "duration", 3.242950509000366);
    is(r, "request_throughput", 8.94247381189274);
    is(r, "output_throughput", 286.15916198056766);
    is(r, "input_throughput", 616.105609522817);
    is(r, "total_token_throughput", 902.2647715033846);
    is(r, "completed", 29.0);
    is(r, "failed", 0.0);
    is(r, "num_prompts", 29.0);
    // `_time_unit` "s": seconds in the file (as written here), ms in the run.
    is(r, "mean_ttft_ms", 0.025946383586164426 * 1000.0);
    is(r, "p99_ttft_ms", 0.033818325319662106 * 1000.0);
    is(r, "std_ttft_ms", 0.0022160861049727075 * 1000.0);
    is(r, "p50_tpot_ms", 0.0023721146128903663 * 1000.0);
    is(r, "max_e2el_ms", 0.2634250160008378 * 1000.0);
    is(r, "p25_isl", 66.0);
    assert!(r.get("extra").is_none(), "{r:#?}");
    is(&runs[1], "max_concurrency", 4.0);
    is(&runs[1], "p99_ttft_ms", 0.06715490934919217 * 1000.0);
}

#[test]
fn failures_in_milliseconds() {
    let runs = rows("fixtures/genai-bench/run2-c2-failures-ms");
    assert_eq!(runs.len(), 1);
    let r = &runs[0];
    is(r, "completed", 30.0);
    is(r, "failed", 4.0);
    is(r, "num_prompts", 34.0);
    // `_time_unit` "ms": as written.
    is(r, "mean_ttft_ms", 32.323335699826806);
    is(r, "p99_ttft_ms", 53.73857066959317);
    assert_eq!(r["dataset"], "N(128,16)/(32,4)");
    assert!(r.get("input_len").is_none());
    let extra: Json = serde_json::from_str(r["extra"].as_str().unwrap()).unwrap();
    assert_eq!(extra["error_codes_frequency"]["500"], 4);
}
