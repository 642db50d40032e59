//! Metrics by meaning (docs/metrics.md): a column holds what vLLM's key of that name
//! holds, whatever the tool calls it. The tools' own numbers prove the mapping: in runs
//! whose every request gave the same number of output tokens n (the mock server's 32),
//! per-request formulas survive averaging, so
//! - TPOT, (request latency − TTFT) / (n − 1), has mean_tpot = (mean_e2el − mean_ttft) / (n − 1)
//!   in AIPerf's and genai-perf's exports, whose "Inter Token Latency" it is;
//! - guidellm's `inter_token_latency_ms` (→ tpot) and `time_per_output_token_ms`
//!   (→ e2el_per_token, TTFT included) satisfy e2el_per_token · n = ttft + tpot · (n − 1).

use std::path::PathBuf;

use perflab::ingest::{read_file, InputFile};
use perflab::model::Run;

fn run_of(fixture: &str) -> Run {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(fixture);
    let input = InputFile {
        display: fixture.to_owned(),
        path,
        explicit: true,
    };
    let mut runs = read_file(&input, None)
        .expect("reads")
        .expect("holds a run")
        .runs;
    assert_eq!(runs.len(), 1, "{fixture}");
    runs.remove(0)
}

fn get(r: &Run, col: &str) -> f64 {
    r.get(col)
        .unwrap_or_else(|| panic!("{col} missing in {}", r.source))
}

/// The output length every request had, checked to be constant.
fn constant_osl(r: &Run) -> f64 {
    let n = get(r, "mean_osl");
    assert_eq!(
        r.get("min_osl"),
        Some(n),
        "{}: output lengths vary",
        r.source
    );
    assert_eq!(
        r.get("max_osl"),
        Some(n),
        "{}: output lengths vary",
        r.source
    );
    n
}

/// Equal up to float noise and to genai-perf's rounding of each request's ITL to a whole
/// nanosecond (`round(...)` in `_parse_requests`): 1e-6 ms.
#[track_caller]
fn close(a: f64, b: f64) {
    assert!(
        (a - b).abs() <= 1e-6 + 1e-9 * a.abs().max(b.abs()),
        "{a} and {b} differ"
    );
}

#[test]
fn aiperf_and_genai_perf_inter_token_latency_is_vllm_tpot() {
    for fixture in [
        "aiperf/0.13.0-run1-chat-c4/profile_export_aiperf.json",
        "genai-perf/0.0.16-run1-chat-c4/profile_export_genai_perf.json",
    ] {
        let r = run_of(fixture);
        let n = constant_osl(&r);
        let tpot = (get(&r, "mean_e2el_ms") - get(&r, "mean_ttft_ms")) / (n - 1.0);
        close(get(&r, "mean_tpot_ms"), tpot);
    }
}

#[test]
fn aiperf_inter_chunk_latency_is_vllm_itl() {
    // One token per chunk from the mock: the pooled chunk gaps average to TPOT, as vLLM's
    // ITL does when no chunk bundles tokens (vLLM's own result.json shows the same).
    let r = run_of("aiperf/0.13.0-run1-chat-c4/profile_export_aiperf.json");
    close(get(&r, "mean_itl_ms"), get(&r, "mean_tpot_ms"));
    // ...but its spread is the chunks', not the requests': the smallest gap is far below
    // the smallest per-request average.
    assert!(get(&r, "min_itl_ms") < get(&r, "min_tpot_ms") / 2.0);
    let vllm = run_of("corpus/generated/vllm-0.33.0/run1-openai-rate20/result.json");
    close(get(&vllm, "mean_itl_ms"), get(&vllm, "mean_tpot_ms"));
}

#[test]
fn guidellm_inter_token_latency_is_tpot_and_its_tpot_includes_the_first_token() {
    for fixture in [
        "guidellm/0.8.1-run1/benchmarks.json",
        "guidellm/0.8.1-run1/benchmarks.csv",
    ] {
        let r = run_of(fixture);
        let n = constant_osl(&r);
        close(
            get(&r, "mean_e2el_per_token_ms") * n,
            get(&r, "mean_ttft_ms") + get(&r, "mean_tpot_ms") * (n - 1.0),
        );
        // guidellm keeps no per-chunk gaps: no vLLM ITL.
        assert!(
            !r.values.keys().any(|k| k.ends_with("_itl_ms")),
            "{fixture}"
        );
    }
}

#[test]
fn the_console_tables_map_like_the_exports() {
    // The console of the same AIPerf run prints ITL rounded; it lands in tpot too.
    let console = run_of("aiperf/0.13.0-run1-chat-c4/console.txt");
    let json = run_of("aiperf/0.13.0-run1-chat-c4/profile_export_aiperf.json");
    assert_eq!(console.get("mean_tpot_ms"), Some(2.25));
    assert!((get(&json, "mean_tpot_ms") - 2.25).abs() <= 0.005);
    assert!(!console.values.keys().any(|k| k.ends_with("_itl_ms")));
}
