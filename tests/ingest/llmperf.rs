//! Issue 38: ray-project/llmperf's `token_benchmark_ray.py`, on the files it wrote against
//! the loopback mock (`fixtures/llmperf/README.md`); every value read off the file by hand.

use serde_json::Value as Json;

use crate::common::cli::perflab;
use crate::common::rows::{is, rows, Row};

#[test]
fn a_summary_is_a_run_with_its_meanings() {
    let runs = rows("fixtures/llmperf/run1-c2/mock-model_128_32_summary.json");
    assert_eq!(runs.len(), 1);
    let r = &runs[0];
    assert_eq!(r["format"], "llmperf-json");
    assert_eq!(r["model_id"], "mock-model");
    assert_eq!(r["load_type"], "concurrent");
    is(r, "load_value", 2.0);
    is(r, "max_concurrency", 2.0);
    is(r, "input_len", 128.0);
    is(r, "output_len", 32.0);
    is(r, "streaming", 1.0);
    is(r, "num_prompts", 20.0);
    is(r, "completed", 20.0);
    is(r, "failed", 0.0);
    is(r, "output_throughput", 321.89764486387537);
    is(r, "request_throughput", 215.91792836034125 / 60.0);
    // Seconds in the file, ms in the run.
    is(r, "mean_ttft_ms", 30.425745050251862);
    is(r, "p99_ttft_ms", 41.547895079875156);
    is(r, "std_ttft_ms", 4.814585741579412);
    is(r, "p50_e2el_ms", 113.33084600028087);
    is(r, "max_e2el_ms", 156.78004799883638);
    // llmperf's "inter-token latency" counts TTFT in: per token of the whole request.
    is(r, "mean_e2el_per_token_ms", 3.7192275949691255);
    is(r, "p99_e2el_per_token_ms", 4.821185928057832);
    assert!(r.get("mean_tpot_ms").is_none() && r.get("mean_itl_ms").is_none());
    // pandas' integers saved as strings (`"min": "107"`) are numbers.
    is(r, "min_isl", 107.0);
    is(r, "max_osl", 109.0);
    is(r, "mean_osl", 89.45);
    assert_eq!(r["run_timestamp"], "2026-12-07T19:31:38Z");
    let extra: Json = serde_json::from_str(r["extra"].as_str().unwrap()).unwrap();
    assert_eq!(extra["stddev_input_tokens"], 16);
}

#[test]
fn the_folder_reads_the_summary_and_names_the_requests() {
    let out = perflab()
        .args([
            "ingest",
            "--json",
            "-v",
            "fixtures/llmperf/run2-c4-failures",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.lines().count(), 1);
    let r: Row = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
    is(&r, "num_prompts", 18.0);
    is(&r, "completed", 18.0);
    is(&r, "max_concurrency", 4.0);
    is(&r, "p50_ttft_ms", 37.57525299988629);
    let extra: Json = serde_json::from_str(r["extra"].as_str().unwrap()).unwrap();
    assert_eq!(extra["additional_sampling_params_temperature"], 0.0);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("llmperf's per-request records"), "{stderr}");
}
