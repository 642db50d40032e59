//! Issue 38: evalscope `perf`, on the outputs its real client (1.14.1 and 0.17.1, from
//! PyPI) wrote against the loopback mock (`fixtures/evalscope/README.md`); every value
//! below was read off the files by hand.

use crate::common::cli::perflab;
use crate::common::rows::{is, rows_of, text};

const DIR: &str = "fixtures/evalscope";

#[test]
fn a_1x_summary_with_its_percentiles_and_arguments_is_one_run() {
    let runs = rows_of(&[&format!(
        "{DIR}/v1-14-1-run1-sweep-c1-c4/parallel_4_number_16/benchmark_summary.json"
    )]);
    assert_eq!(runs.len(), 1);
    let r = &runs[0];
    assert_eq!(text(r, "format"), "evalscope-perf-json");
    // benchmark_args.json
    assert_eq!(text(r, "model_id"), "mock-model");
    assert_eq!(text(r, "endpoint"), "/v1/chat/completions");
    assert_eq!(text(r, "dataset"), "random");
    assert_eq!(text(r, "load_type"), "concurrent");
    is(r, "load_value", 4.0);
    is(r, "input_len", 64.0);
    is(r, "output_len", 32.0);
    // benchmark_summary.json: `"Test Duration (s)": 0.473`, `"Avg Latency (s)": 0.1171`, …
    is(r, "duration", 0.473);
    is(r, "max_concurrency", 4.0);
    is(r, "num_prompts", 16.0);
    is(r, "completed", 16.0);
    is(r, "failed", 0.0);
    is(r, "streaming", 1.0);
    is(r, "request_throughput", 33.8275);
    is(r, "output_throughput", 1082.4787);
    is(r, "total_token_throughput", 2782.3086);
    is(r, "mean_e2el_ms", 117.1);
    is(r, "mean_ttft_ms", 30.11);
    is(r, "mean_tpot_ms", 2.81);
    is(r, "mean_itl_ms", 2.8);
    is(r, "mean_isl", 50.25);
    is(r, "mean_osl", 32.0);
    // The unlimited rate (-1.0) and the generation API's 0 input throughput are no values.
    assert!(r.get("request_rate").is_none(), "{r:#?}");
    assert!(r.get("extra").is_none(), "{r:#?}");
    // benchmark_percentile.json: min, 99% and max rows.
    is(r, "min_ttft_ms", 26.5206);
    is(r, "p99_ttft_ms", 33.6638);
    is(r, "max_itl_ms", 13.0472);
    is(r, "p99_itl_ms", 6.5891);
    is(r, "p99_tpot_ms", 3.1844);
    is(r, "p99_e2el_ms", 125.5);
    is(r, "min_e2el_ms", 107.5);
    is(r, "min_isl", 8.0);
    is(r, "p99_osl", 32.0);
}

#[test]
fn a_sweep_is_a_run_per_load_point_and_the_console_joins_it() {
    let runs = rows_of(&[&format!("{DIR}/v1-14-1-run1-sweep-c1-c4")]);
    assert_eq!(runs.len(), 2, "{runs:#?}");
    is(&runs[0], "max_concurrency", 1.0);
    is(&runs[0], "request_throughput", 9.246);
    is(&runs[1], "max_concurrency", 4.0);
    // The console beside the folder holds the same two runs, rounded.
    let both = rows_of(&[
        &format!("{DIR}/v1-14-1-run1-sweep-c1-c4"),
        &format!("{DIR}/v1-14-1-run1-sweep-c1-c4.console.txt"),
    ]);
    assert_eq!(both.len(), 2, "{both:#?}");
    assert!(both
        .iter()
        .all(|r| text(r, "format") == "evalscope-perf-json"));
}

#[test]
fn the_1x_console_tables() {
    let runs = rows_of(&[&format!("{DIR}/v1-14-1-run1-sweep-c1-c4.console.txt")]);
    assert_eq!(runs.len(), 2);
    let r = &runs[1];
    assert_eq!(text(r, "format"), "evalscope-perf-console");
    assert_eq!(text(r, "precision"), "rounded");
    assert_eq!(text(r, "model_id"), "mock-model");
    // `│ Test Duration (s) │ 0.47 │`, `│ Total / Success / Failed │ 16 / 16 / 0 │`, …
    is(r, "duration", 0.47);
    is(r, "max_concurrency", 4.0);
    is(r, "num_prompts", 16.0);
    is(r, "completed", 16.0);
    is(r, "failed", 0.0);
    is(r, "request_throughput", 33.83);
    is(r, "mean_e2el_ms", 117.0);
    is(r, "mean_ttft_ms", 30.11);
    is(r, "mean_tpot_ms", 2.81);
    is(r, "mean_itl_ms", 2.8);
    is(r, "mean_isl", 50.3);
    is(r, "output_throughput", 1082.48);
    is(r, "total_token_throughput", 2782.31);
    assert_eq!(text(r, "load_type"), "concurrent");
    // The percentile table, a row per metric: `│ TTFT (ms) │ 26.52 │ … │ 33.66 │ 33.66 │`.
    is(r, "min_ttft_ms", 26.52);
    is(r, "p99_ttft_ms", 33.66);
    is(r, "max_itl_ms", 13.05);
    is(r, "p50_e2el_ms", 113.0);
    is(r, "p10_isl", 34.0);
}

#[test]
fn failures_and_a_poisson_rate() {
    let dir = format!("{DIR}/v1-14-1-run2-completions-rate20-failures");
    let json = rows_of(&[&format!(
        "{dir}/parallel_4_number_30/benchmark_summary.json"
    )]);
    let r = &json[0];
    is(r, "num_prompts", 30.0);
    is(r, "completed", 29.0);
    is(r, "failed", 1.0);
    is(r, "request_rate", 20.0);
    assert_eq!(text(r, "load_type"), "poisson");
    is(r, "load_value", 20.0);
    is(r, "max_concurrency", 4.0);
    assert_eq!(text(r, "endpoint"), "/v1/completions");
    is(r, "input_len", 128.0);
    is(r, "output_len", 16.0);
    is(r, "mean_ttft_ms", 24.39);
    let console = rows_of(&[&format!("{dir}.console.txt")]);
    assert_eq!(console.len(), 1);
    is(&console[0], "failed", 1.0);
    is(&console[0], "request_rate", 20.0);
    assert_eq!(text(&console[0], "load_type"), "poisson");
}

#[test]
fn unstreamed_replies_have_no_token_latencies() {
    let dir = format!("{DIR}/v1-14-1-run3-nostream-c2");
    let json = rows_of(&[&format!(
        "{dir}/parallel_2_number_10/benchmark_summary.json"
    )]);
    let console = rows_of(&[&format!("{dir}.console.txt")]);
    for r in [&json[0], &console[0]] {
        is(r, "streaming", 0.0);
        // `"Avg TTFT (ms)": 71.96` is the whole reply's time, TPOT 0 and ITL NaN.
        for col in ["mean_ttft_ms", "mean_tpot_ms", "mean_itl_ms", "p99_ttft_ms"] {
            assert!(r.get(col).is_none(), "{col}: {r:#?}");
        }
        assert!(r.get("mean_e2el_ms").is_some());
        is(r, "mean_osl", 24.0);
    }
    is(&json[0], "mean_e2el_ms", 72.0);
    is(&json[0], "p99_e2el_ms", 75.4);
}

#[test]
fn the_0x_files_and_console_in_seconds() {
    let dir = format!("{DIR}/v0-17-1-run1-sweep-c1-c4");
    let json = rows_of(&[&format!(
        "{dir}/parallel_4_number_16/benchmark_summary.json"
    )]);
    let r = &json[0];
    // `"Time taken for tests (s)": 0.4631`, `"Average time to first token (s)": 0.0275`.
    is(r, "duration", 0.4631);
    is(r, "max_concurrency", 4.0);
    is(r, "completed", 16.0);
    is(r, "request_throughput", 34.5532);
    is(r, "mean_e2el_ms", 111.2);
    is(r, "mean_ttft_ms", 27.5);
    is(r, "mean_tpot_ms", 2.7);
    is(r, "mean_itl_ms", 2.6);
    is(r, "mean_isl", 46.625);
    // benchmark_args.json says the load (`"rate": -1`, `"parallel": 4`) and the stream.
    assert_eq!(text(r, "load_type"), "concurrent");
    is(r, "streaming", 1.0);
    // Percentiles 10% … 99% in seconds: `"10%"`, `"TTFT (s)": 0.0246`.
    is(r, "p10_ttft_ms", 24.6);
    is(r, "p66_ttft_ms", 28.6);
    is(r, "p10_itl_ms", 0.3);
    is(r, "p50_isl", 52.0);
    let console = rows_of(&[&format!("{dir}.console.txt")]);
    assert_eq!(console.len(), 2);
    let c = &console[0];
    // `| Time taken for tests (s) | 0.8078 |`, `| 10% | 0.0221 | 0.0019 | … |`
    is(c, "duration", 0.8078);
    is(c, "max_concurrency", 1.0);
    is(c, "mean_ttft_ms", 23.8);
    is(c, "mean_isl", 46.625);
    is(c, "p10_ttft_ms", 22.1);
    is(c, "p99_itl_ms", 6.4);
    is(c, "p99_e2el_ms", 103.5);
    is(c, "p25_isl", 49.0);
    assert_eq!(text(c, "model_id"), "mock-model");
}

#[test]
fn a_percentile_file_alone_is_named_not_read() {
    let path =
        format!("{DIR}/v1-14-1-run1-sweep-c1-c4/parallel_1_number_8/benchmark_percentile.json");
    let out = perflab().args(["ingest", &path]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("read with the benchmark_summary.json beside them"),
        "{stderr}"
    );
}

#[test]
fn a_summary_cut_short_is_an_error_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let from = format!("{DIR}/v1-14-1-run1-sweep-c1-c4/parallel_1_number_8/benchmark_summary.json");
    let text = std::fs::read_to_string(from).unwrap();
    let path = dir.path().join("benchmark_summary.json");
    std::fs::write(&path, &text[..text.len() / 2]).unwrap();
    let out = perflab().arg("ingest").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("benchmark_summary.json:"), "{stderr}");
    assert!(stderr.contains("evalscope"), "{stderr}");
}
