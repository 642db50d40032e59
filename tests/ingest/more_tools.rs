//! Issue 38, continued: `vllm bench sweep serve_workload` folders, trtllm-bench's JSON
//! report, MLPerf's detail log; every value checked here read off the fixture by hand
//! (each fixture's README gives its provenance).

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value as Json;

use crate::common::cli::perflab;
use crate::common::rows::{num, rows, text, Row};

/// A value converted from another unit (ns → ms), to its last bit or so.
#[track_caller]
fn near(r: &Row, col: &str, want: f64) {
    let got = num(r, col);
    assert!(
        (got - want).abs() <= 1e-12 * want.abs().max(1.0),
        "{col}: {got} != {want}"
    );
}

// ---- vllm bench sweep serve_workload: repeats are repeats of their setting ----

const WORKLOAD: &str = "fixtures/vllm-sweep/mock-workload";

#[test]
fn serve_workload_folders_are_read_with_their_workload_and_run_number() {
    let runs = rows(WORKLOAD);
    // Serial, one interpolated and batch setting, two repeats each; no summary is a run.
    assert_eq!(runs.len(), 6, "{runs:#?}");
    let mut repeats: BTreeMap<i64, Vec<i64>> = BTreeMap::new();
    for r in &runs {
        assert_eq!(text(r, "format"), "vllm-serve-json");
        assert_eq!(text(r, "model_id"), "mock-model");
        assert_eq!(num(r, "num_prompts"), 64.0);
        let c = num(r, "max_concurrency") as i64;
        repeats
            .entry(c)
            .or_default()
            .push(num(r, "run_number") as i64);
        // The folder names the workload value the run file holds.
        let source = text(r, "source");
        assert!(
            source.contains(&format!("WL--max_concurrency={c}/")),
            "{source}"
        );
    }
    // `WL--max_concurrency=30`: between ceil(0.997) and floor(60.6), the sweep's estimates.
    let want: BTreeMap<i64, Vec<i64>> = [(1, vec![0, 1]), (30, vec![0, 1]), (64, vec![0, 1])]
        .into_iter()
        .collect();
    for v in repeats.values_mut() {
        v.sort();
    }
    assert_eq!(repeats, want);
    let inter = runs
        .iter()
        .find(|r| text(r, "source").starts_with("WL--") && num(r, "run_number") == 1.0)
        .unwrap();
    assert_eq!(num(inter, "mean_ttft_ms"), 29.955259359368824);
    assert_eq!(num(inter, "request_throughput"), 133.42967066745942);
}

#[test]
fn serve_workload_repeats_pool_as_one_setting() {
    // `diff` of the sweep against itself pairs each setting's two repeats with the same
    // two: three groups (by the workload), no setup merged, no setting alone.
    let out = perflab()
        .args(["diff", "--json", WORKLOAD, WORKLOAD])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stdout}\n{stderr}");
    assert!(!stderr.contains("merge"), "{stderr}");
    let json: Json = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    let key: Vec<&str> = json["key_columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    assert!(
        key.contains(&"max_concurrency") && !key.contains(&"run_number"),
        "{key:?}"
    );
    let pairs = json["pairs"].as_array().unwrap();
    let labels: Vec<&str> = pairs.iter().map(|p| p["label"].as_str().unwrap()).collect();
    assert_eq!(pairs.len(), 3, "{labels:?}");
    for (pair, c) in pairs.iter().zip(["1", "30", "64"]) {
        let label = pair["label"].as_str().unwrap();
        assert!(label.contains(&format!("max_concurrency={c},")), "{label}");
        assert_eq!(pair["baseline_runs"], 2, "{label}");
        assert_eq!(pair["candidate_runs"], 2, "{label}");
    }
}

#[test]
fn a_sweep_without_parameters_keeps_its_runs_in_the_experiment_folder() {
    // `vllm bench sweep serve` with neither --serve-params nor --bench-params names no
    // combination folder: run=N.json, summary.json and summary.csv sit side by side.
    let dir = tempfile::tempdir().unwrap();
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/vllm-sweep/mock-sweep/SERVE--itl_ms=2-BENCH--max_concurrency=4");
    for name in ["run=0.json", "run=1.json", "summary.json", "warmup.json"] {
        std::fs::copy(from.join(name), dir.path().join(name)).unwrap();
    }
    let runs = rows(dir.path().to_str().unwrap());
    assert_eq!(runs.len(), 2, "{runs:#?}");
    let numbers: Vec<f64> = runs.iter().map(|r| num(r, "run_number")).collect();
    assert_eq!(numbers, [0.0, 1.0]);
    assert_eq!(num(&runs[0], "itl_ms"), 2.0);
}

// ---- trtllm-bench --report_json ----

#[test]
fn trtllm_bench_json_report_is_the_console_report_in_full() {
    let runs = rows("fixtures/trtllm-bench/multimodal-pytorch.report.json");
    assert_eq!(runs.len(), 1);
    let r = &runs[0];
    assert_eq!(text(r, "format"), "trtllm-bench-json");
    assert_eq!(text(r, "model_id"), "Qwen/Qwen2-VL-2B-Instruct");
    assert_eq!(text(r, "backend"), "pytorch");
    assert_eq!(text(r, "engine"), "trtllm");
    assert_eq!(num(r, "completed"), 10.0);
    assert_eq!(num(r, "num_prompts"), 10.0);
    assert!(r.get("failed").is_none_or(Json::is_null));
    assert_eq!(num(r, "concurrency"), 5.3019);
    assert_eq!(num(r, "input_len"), 411.6);
    assert_eq!(num(r, "output_len"), 128.7);
    assert_eq!(num(r, "duration"), 6.9254963);
    assert_eq!(num(r, "request_throughput"), 1.4439);
    assert_eq!(num(r, "output_throughput"), 185.8351);
    assert_eq!(num(r, "total_token_throughput"), 780.1607);
    assert_eq!(num(r, "mean_e2el_ms"), 3671.8441);
    assert_eq!(num(r, "p50_e2el_ms"), 3936.3022);
    assert_eq!(num(r, "min_e2el_ms"), 2397.1047);
    assert_eq!(num(r, "streaming"), 0.0);
    assert!(r.get("mean_ttft_ms").is_none_or(Json::is_null));
    assert_eq!(num(r, "tensor_parallel_size"), 1.0);
    assert_eq!(num(r, "max_num_seqs"), 4.0);
    assert_eq!(num(r, "max_num_batched_tokens"), 12288.0);
    let extra: Json = serde_json::from_str(text(r, "extra")).unwrap();
    assert_eq!(extra["scheduling_policy"], "GUARANTEED_NO_EVICT");
    assert_eq!(extra["output_throughput_per_user_tok_s"], 38.1959);
}

// ---- MLPerf LoadGen mlperf_log_detail.txt ----

const DETAIL: &str = "fixtures/mlperf/detail-excerpt/llama2-70b-99/Server/performance/run_1";
const SUMMARY: &str = "fixtures/mlperf/v4.1-nvidia-h200x8/llama2-70b-99/Server/performance/run_1";

#[test]
fn mlperf_detail_log_alone_is_a_whole_run() {
    let runs = rows(DETAIL);
    assert_eq!(runs.len(), 1);
    let r = &runs[0];
    assert_eq!(text(r, "format"), "mlperf-detail");
    assert_eq!(text(r, "model_id"), "llama2-70b-99");
    assert_eq!(text(r, "mlperf_scenario"), "Server");
    assert_eq!(text(r, "mlperf_mode"), "PerformanceOnly");
    assert_eq!(text(r, "label"), "llama2-70b-Server-SUT");
    assert_eq!(num(r, "result_valid"), 1.0);
    assert_eq!(text(r, "load_type"), "poisson");
    assert_eq!(num(r, "request_rate"), 101.0);
    // 245,760 queries of one sample each.
    assert_eq!(num(r, "num_prompts"), 245760.0);
    assert_eq!(num(r, "request_throughput"), 100.354);
    assert_eq!(num(r, "request_scheduled_throughput"), 101.246);
    assert_eq!(num(r, "output_throughput"), 29228.2);
    // Nanoseconds in the file, ms in the run.
    near(r, "p99.9_e2el_ms", 132503.046236);
    near(r, "mean_ttft_ms", 198.269106);
    near(r, "p99_ttft_ms", 452.744202);
    near(r, "p50_tpot_ms", 124.285539);
    near(r, "max_tpot_ms", 298.905181);
    assert_eq!(text(r, "run_timestamp"), "2024-07-16T23:25:31Z");
    let extra: Json = serde_json::from_str(text(r, "extra")).unwrap();
    assert_eq!(extra["min_duration_ms"], 2400000);
    assert_eq!(extra["performance_sample_count"], 24576);
    assert_eq!(extra["errors"], 0);
}

#[test]
fn mlperf_summary_takes_the_samples_sent_from_the_detail_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let run = dir.path().join("llama2-70b-99/Server/performance/run_1");
    std::fs::create_dir_all(&run).unwrap();
    for (from, name) in [
        (SUMMARY, "mlperf_log_summary.txt"),
        (DETAIL, "mlperf_log_detail.txt"),
    ] {
        std::fs::copy(root.join(from).join(name), run.join(name)).unwrap();
    }
    let out = perflab()
        .args(["ingest", "--json", "-v"])
        .arg(dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let runs: Vec<Row> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(runs.len(), 1, "{runs:#?}");
    let r = &runs[0];
    assert_eq!(text(r, "format"), "mlperf-summary");
    // The summary's own numbers, at its precision.
    assert_eq!(num(r, "output_throughput"), 29228.22);
    assert_eq!(num(r, "num_prompts"), 245760.0);
    assert_eq!(num(r, "request_rate"), 101.0);
    assert!(stderr.contains("detail log"), "{stderr}");
    // Without the summary, the summary's own run lacks the samples sent.
    let alone = rows(SUMMARY);
    assert!(alone[0].get("num_prompts").is_none_or(Json::is_null));
}

// ---- llama.cpp llama-batched-bench ----

#[test]
fn llama_batched_bench_rows_are_runs_of_b_sequences() {
    let runs = rows("fixtures/llama-bench/batched-bench-readme.md");
    assert_eq!(runs.len(), 12);
    assert!(runs
        .iter()
        .all(|r| text(r, "format") == "llama-batched-bench"));
    // `|   128 |    256 |    8 |   3072 |    0.751 |  1363.92 |   15.110 |   135.54 |   15.861 |   193.69 |`
    let r = &runs[9];
    assert_eq!(num(r, "line"), 46.0);
    assert_eq!(num(r, "input_len"), 128.0);
    assert_eq!(num(r, "output_len"), 256.0);
    assert_eq!(num(r, "num_prompts"), 8.0);
    assert_eq!(num(r, "max_concurrency"), 8.0);
    assert_eq!(num(r, "prefill_throughput"), 1363.92);
    assert_eq!(num(r, "decode_throughput"), 135.54);
    assert_eq!(num(r, "total_token_throughput"), 193.69);
    assert_eq!(num(r, "duration"), 15.861);
    assert_eq!(text(r, "precision"), "rounded");
    let extra: Json = serde_json::from_str(text(r, "extra")).unwrap();
    assert_eq!(extra["n_kv"], 3072.0);
    // The README prints no settings line and names no model: the runs say so by null.
    assert!(r.get("model_id").is_none_or(Json::is_null));
    assert!(r.get("n_gpu_layers").is_none_or(Json::is_null));
}

// ---- SGLang bench_one_batch ----

#[test]
fn sglang_one_batch_measured_block_after_its_warmup() {
    let runs = rows("fixtures/sglang-one-batch/datacrunch-deepseek-r1-h200.md");
    // The warm-up before `Benchmark ...` and the lone median line quoted after are no runs.
    assert_eq!(runs.len(), 1, "{runs:#?}");
    let r = &runs[0];
    assert_eq!(text(r, "format"), "sglang-one-batch-text");
    assert_eq!(num(r, "line"), 56.0);
    assert_eq!(text(r, "model_id"), "deepseek-ai/DeepSeek-R1");
    assert_eq!(num(r, "num_prompts"), 1.0);
    assert_eq!(num(r, "input_len"), 128.0);
    assert_eq!(num(r, "output_len"), 256.0);
    assert_eq!(num(r, "tensor_parallel_size"), 8.0);
    assert_eq!(num(r, "prefill_throughput"), 651.90);
    assert_eq!(num(r, "decode_throughput"), 47.67);
    near(r, "median_tpot_ms", 20.98);
    assert_eq!(num(r, "duration"), 5.537);
    // (128 + 256) · 1 / 5.537 s.
    assert_eq!(num(r, "total_token_throughput"), 69.35);
}

#[test]
fn sglang_one_batch_variants_of_one_command() {
    let runs = rows("fixtures/sglang-one-batch/npu-qwen3-next-excerpt.md");
    assert_eq!(runs.len(), 3);
    for r in &runs {
        assert_eq!(text(r, "model_id"), "Qwen/Qwen3-Next-80B-A3B-Instruct");
        assert_eq!(num(r, "num_prompts"), 32.0);
        assert_eq!(num(r, "input_len"), 1024.0);
        assert_eq!(num(r, "output_len"), 10.0);
        assert_eq!(num(r, "tensor_parallel_size"), 4.0);
    }
    assert_eq!(num(&runs[1], "prefill_throughput"), 7814.70);
    assert_eq!(num(&runs[2], "total_token_throughput"), 6032.53);
}

// ---- Hugging Face inference-benchmarker ----

#[test]
fn inference_benchmarker_steps_are_runs_without_the_warmup() {
    let runs = rows("fixtures/inference-benchmarker/sweep-llama31-8b.json");
    assert_eq!(runs.len(), 2);
    for r in &runs {
        assert_eq!(text(r, "format"), "inference-benchmarker-json");
        assert_eq!(text(r, "model_id"), "meta-llama/Llama-3.1-8B-Instruct");
        assert_eq!(num(r, "input_len"), 200.0);
        assert_eq!(num(r, "output_len"), 800.0);
        assert_eq!(num(r, "streaming"), 1.0);
    }
    let t = &runs[0];
    assert_eq!(text(t, "label"), "throughput");
    assert_eq!(text(t, "load_type"), "concurrent");
    assert_eq!(num(t, "max_concurrency"), 128.0);
    assert_eq!(num(t, "num_prompts"), 412.0);
    assert_eq!(num(t, "completed"), 410.0);
    assert_eq!(num(t, "failed"), 2.0);
    assert_eq!(num(t, "total_output_tokens"), 321640.0);
    assert_eq!(num(t, "duration"), 120.034);
    near(t, "output_throughput", 321640.0 / 120.034);
    near(t, "request_throughput", 410.0 / 120.034);
    assert_eq!(num(t, "p99_ttft_ms"), 388.302);
    assert_eq!(num(t, "mean_ttft_ms"), 121.455);
    // Its "inter-token latency" is per request (time after the first chunk) / (tokens − 1).
    assert_eq!(num(t, "p90_tpot_ms"), 36.877);
    assert_eq!(num(t, "p60_e2el_ms"), 27120.4);
    let c = &runs[1];
    assert_eq!(text(c, "load_type"), "constant");
    assert_eq!(num(c, "request_rate"), 1.5);
    assert!(c.get("max_concurrency").is_none_or(Json::is_null));
    assert_eq!(text(c, "run_timestamp"), "2026-11-30T14:02:11.482913+00:00");
}
