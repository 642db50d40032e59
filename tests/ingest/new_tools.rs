//! Issue 38: the tools people benchmark with besides the serving clients, on their real
//! published outputs (`fixtures/llama-bench/README.md`, `fixtures/mlperf/README.md`), every
//! value checked here read off the file by hand; and paths that hold no run perflab reads
//! are an error, not an empty table.

use serde_json::Value as Json;

use crate::common::cli::perflab;
use crate::common::rows::{close, num, rows, text, Row};

// ---- llama-bench: one run per test row, in every format ----

#[test]
fn llama_bench_markdown_rows_of_every_table_version() {
    let runs = rows("fixtures/llama-bench/readme-markdown-examples.md");
    // 6 + 4 + 12 + 4 rows in the README's four tables.
    assert_eq!(runs.len(), 26);
    assert!(runs.iter().all(|r| text(r, "format") == "llama-bench-md"));
    assert!(runs.iter().all(|r| text(r, "precision") == "rounded"));
    // `| llama 13B mostly Q4_0 | 6.86 GiB | 13.02 B | CUDA | -1 | tg 256 | 80.74 ± 0.23 |`
    let tg256 = &runs[4];
    assert_eq!(text(tg256, "model_id"), "llama 13B mostly Q4_0");
    assert_eq!(text(tg256, "backend"), "CUDA");
    assert_eq!(num(tg256, "n_gpu_layers"), -1.0);
    assert_eq!(num(tg256, "input_len"), 0.0);
    assert_eq!(num(tg256, "output_len"), 256.0);
    assert_eq!(num(tg256, "decode_throughput"), 80.74);
    assert_eq!(num(tg256, "std_decode_throughput"), 0.23);
    assert!(tg256.get("prefill_throughput").is_none());
    assert!(close(num(tg256, "model_size"), 6.86 * 1024f64.powi(3)));
    assert!(close(num(tg256, "model_n_params"), 13.02e9));
    // The batch-size table: `| … | 256 | pp 1024 | 1932.43 ± 23.48 |`.
    let pp = &runs[7];
    assert_eq!(num(pp, "n_batch"), 256.0);
    assert_eq!(num(pp, "input_len"), 1024.0);
    assert_eq!(num(pp, "prefill_throughput"), 1932.43);
    // The threads table prints no `ngl` (a CPU build) but `threads`.
    let cpu = &runs[10];
    assert_eq!(text(cpu, "backend"), "CPU");
    assert_eq!(num(cpu, "n_threads"), 1.0);
    assert!(cpu.get("n_gpu_layers").is_none());
    // `-d 0,512`: `pp512 @ d512` is prefill after 512 tokens in the KV cache.
    let depth = &runs[24];
    assert_eq!(num(depth, "context_depth"), 512.0);
    assert_eq!(num(depth, "input_len"), 512.0);
    assert_eq!(num(depth, "prefill_throughput"), 6425.91);
    assert_eq!(num(&runs[22], "context_depth"), 0.0);
}

#[test]
fn llama_bench_markdown_with_overflowing_cells_and_a_csv_beside_it() {
    let runs = rows("fixtures/llama-bench/m4pro-qwen35-published.md");
    let md: Vec<&Row> = runs
        .iter()
        .filter(|r| text(r, "format") == "llama-bench-md")
        .collect();
    let csv: Vec<&Row> = runs
        .iter()
        .filter(|r| text(r, "format") == "llama-bench-csv")
        .collect();
    assert_eq!((md.len(), csv.len()), (12, 6));
    // A model name wider than its column does not shift the cells.
    let first = md[0];
    assert_eq!(
        text(first, "model_id"),
        "qwen35moe 35B.A3B IQ4_XS - 4.25 bpw"
    );
    assert_eq!(text(first, "backend"), "BLAS,MTL");
    assert_eq!(num(first, "n_threads"), 8.0);
    assert_eq!(num(first, "prefill_throughput"), 571.01);
    // `| … | 2048 | q4_1 | q4_1 | 1 | tg1024 | 11.56 ± 0.07 |`
    let last = md[11];
    assert_eq!(num(last, "n_ubatch"), 2048.0);
    assert_eq!(text(last, "type_k"), "q4_1");
    assert_eq!(num(last, "flash_attn"), 1.0);
    assert_eq!(num(last, "decode_throughput"), 11.56);
    // The CSV in the Markdown fence: every field at its printed precision.
    let row = csv[3];
    assert_eq!(text(row, "build_commit"), "d05fe1d7d");
    assert_eq!(num(row, "build_number"), 9010.0);
    assert_eq!(text(row, "cpu_info"), "Accelerate, Apple M4 Pro");
    assert_eq!(
        text(row, "model_file"),
        "/Users/darvin/models/Qwen3.6-27B-Q4_K_S.gguf"
    );
    assert_eq!(num(row, "model_size"), 15845165056.0);
    assert_eq!(num(row, "input_len"), 32768.0);
    assert_eq!(num(row, "prefill_throughput"), 80.715709);
    assert_eq!(num(row, "std_prefill_throughput"), 0.384351);
    assert!(close(num(row, "mean_test_time_ms"), 405975.440383));
    assert_eq!(text(row, "run_timestamp"), "2026-05-20T19:15:48Z");
}

#[test]
fn llama_bench_csv_json_jsonl_and_sql_give_the_same_columns() {
    let csv = rows("fixtures/llama-bench/readme-b5163-csv.csv");
    let json = rows("fixtures/llama-bench/readme-b5163-json.json");
    let jsonl = rows("fixtures/llama-bench/readme-b5163-jsonl.jsonl");
    let sql = rows("fixtures/llama-bench/readme-b5163-sql.sql");
    for (runs, format) in [
        (&csv, "llama-bench-csv"),
        (&json, "llama-bench-json"),
        (&jsonl, "llama-bench-json"),
        (&sql, "llama-bench-sql"),
    ] {
        assert_eq!(runs.len(), 2, "{format}");
        let (pp, tg) = (&runs[0], &runs[1]);
        assert_eq!(text(pp, "format"), format);
        assert_eq!(text(pp, "model_id"), "qwen2 7B Q4_K - Medium", "{format}");
        assert_eq!(text(pp, "gpu_info"), "NVIDIA GeForce RTX 4080");
        assert_eq!(num(pp, "n_gpu_layers"), 99.0);
        assert_eq!(num(pp, "n_batch"), 2048.0);
        assert_eq!(num(pp, "input_len"), 512.0);
        assert_eq!(num(tg, "output_len"), 128.0);
        assert_eq!(num(pp, "use_mmap"), 1.0, "{format}: a boolean is 1");
        assert_eq!(
            num(pp, "flash_attn"),
            0.0,
            "{format}: `false` and `0` are 0"
        );
        assert!(pp.get("prefill_throughput").is_some() && tg.get("decode_throughput").is_some());
        assert!(pp.get("extra").is_none(), "{format}: every field is known");
    }
    assert_eq!(num(&csv[0], "prefill_throughput"), 7285.676949);
    assert!(close(num(&csv[0], "mean_test_time_ms"), 70.28566));
    assert!(close(num(&csv[0], "std_test_time_ms"), 0.98204));
    assert_eq!(num(&json[1], "decode_throughput"), 118.881588);
    assert_eq!(num(&json[1], "repetitions"), 5.0);
    assert_eq!(num(&jsonl[0], "std_prefill_throughput"), 90.940578);
    assert_eq!(num(&sql[1], "decode_throughput"), 120.346696);
    assert_eq!(text(&sql[1], "run_timestamp"), "2025-04-24T12:00:09Z");
}

#[test]
fn llama_bench_bad_rows_name_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("fixtures/llama-bench/readme-markdown-examples.md").unwrap();
    // A row cut by a terminal (line 10 of the README's first table).
    let cut: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| if i == 9 { &l[..60] } else { l })
        .collect::<Vec<_>>()
        .join("\n");
    let path = dir.path().join("cut.md");
    std::fs::write(&path, cut).unwrap();
    let out = perflab().args(["ingest"]).arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("cut.md:10: ") && stderr.contains("cells"),
        "{stderr}"
    );
    // A JSON cut in its second record.
    let json = std::fs::read_to_string("fixtures/llama-bench/readme-b5163-json.json").unwrap();
    let path = dir.path().join("cut.json");
    std::fs::write(&path, &json[..json.len() / 2 + 400]).unwrap();
    let out = perflab().args(["ingest"]).arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cut.json:"));
    // A record of the JSON array without its rate names the record's line (line 39
    // holds the second record's `{`); it named no line until the fuzzer found it
    // (tests/fuzz/regressions/ingest/).
    let path = dir.path().join("norate.json");
    std::fs::write(&path, json.replace("\"avg_ts\": 118.881588,", "")).unwrap();
    let out = perflab().args(["ingest"]).arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("norate.json:39: ") && stderr.contains("avg_ts"),
        "{stderr}"
    );
}

// ---- MLPerf LoadGen: the summary, nanoseconds in, milliseconds out ----

#[test]
fn mlperf_server_summary_of_a_submission() {
    let runs = rows("fixtures/mlperf/v4.1-nvidia-h200x8/llama2-70b-99/Server");
    assert_eq!(runs.len(), 1);
    let r = &runs[0];
    assert_eq!(text(r, "format"), "mlperf-summary");
    assert_eq!(text(r, "model_id"), "llama2-70b-99");
    assert_eq!(text(r, "label"), "llama2-70b-Server-SUT");
    assert_eq!(text(r, "mlperf_scenario"), "Server");
    assert_eq!(num(r, "result_valid"), 1.0);
    assert_eq!(text(r, "load_type"), "poisson");
    assert_eq!(num(r, "request_rate"), 101.0);
    assert_eq!(num(r, "request_throughput"), 100.35);
    assert_eq!(num(r, "request_scheduled_throughput"), 101.25);
    assert_eq!(num(r, "output_throughput"), 29228.22);
    assert!(close(num(r, "mean_e2el_ms"), 35854.894885));
    assert!(close(num(r, "p99.9_e2el_ms"), 132503.046236));
    assert!(close(num(r, "p50_ttft_ms"), 180.758928));
    assert!(close(num(r, "max_ttft_ms"), 1791.831209));
    assert!(close(num(r, "p99_tpot_ms"), 146.040006));
    assert!(close(num(r, "mean_tpot_ms"), 123.263268));
    let extra: Json = serde_json::from_str(text(r, "extra")).unwrap();
    assert_eq!(extra["errors"], "0");
    assert_eq!(extra["ttft_latency (ns)"], "2000000000");
}

#[test]
fn mlperf_offline_summary_sends_every_sample_at_once() {
    let runs = rows("fixtures/mlperf/v4.1-nvidia-h200x8/llama2-70b-99/Offline");
    let r = &runs[0];
    assert_eq!(text(r, "load_type"), "offline");
    assert_eq!(num(r, "num_prompts"), 274560.0);
    assert_eq!(num(r, "request_throughput"), 107.477);
    assert_eq!(num(r, "output_throughput"), 31302.7);
    assert!(r.get("request_rate").is_none());
    assert!(close(num(r, "min_e2el_ms"), 5714.666054));
}

#[test]
fn mlperf_invalid_result_names_the_checks_that_failed() {
    let runs = rows("fixtures/mlperf/cm-tutorial-resnet50-server-invalid.md");
    assert_eq!(runs.len(), 1);
    let r = &runs[0];
    assert_eq!(num(r, "result_valid"), 0.0);
    assert_eq!(
        text(r, "invalid_constraints"),
        "Performance constraints, Min duration, Early stopping"
    );
    assert_eq!(num(r, "request_scheduled_throughput"), 100.67);
    assert_eq!(num(r, "request_throughput"), 30.23);
    assert_eq!(num(r, "request_rate"), 100.0);
    let extra: Json = serde_json::from_str(text(r, "extra")).unwrap();
    assert_eq!(extra["errors"], "1");
}

// ---- trtllm-bench: the sectioned console report, in ms and tokens/s as printed ----

#[test]
fn trtllm_bench_0_17_report_inside_its_log() {
    let runs = rows("fixtures/trtllm-bench/docs-0.17-throughput-trt-engine.log");
    assert_eq!(runs.len(), 1);
    let r = &runs[0];
    assert_eq!(text(r, "format"), "trtllm-bench-console");
    assert_eq!(num(r, "line"), 29.0);
    assert_eq!(text(r, "model_id"), "meta-llama/Llama-3.1-8B");
    assert_eq!(text(r, "backend"), "tensorrt");
    assert_eq!(num(r, "completed"), 3000.0);
    assert_eq!(num(r, "mean_isl"), 128.0);
    assert_eq!(num(r, "output_throughput"), 28390.4265);
    assert_eq!(num(r, "request_throughput"), 221.8002);
    assert!(close(num(r, "duration"), 13.5256862));
    let extra: Json = serde_json::from_str(text(r, "extra")).unwrap();
    assert_eq!(extra["Quantization"], "FP8");
    assert_eq!(extra["Max Runtime Batch Size"], "4096");
}

#[test]
fn trtllm_bench_breakdowns_and_dataset() {
    let runs = rows("fixtures/trtllm-bench/docs-perf-overview-streaming.md");
    let r = &runs[0];
    assert_eq!(num(r, "mean_ttft_ms"), 52667.0339);
    assert_eq!(num(r, "mean_tpot_ms"), 182.9639);
    assert_eq!(num(r, "p90_tpot_ms"), 206.3863);
    assert_eq!(num(r, "min_ttft_ms"), 3914.7621);
    assert_eq!(num(r, "p99_e2el_ms"), 111618.2158);
    assert_eq!(num(r, "max_e2el_ms"), 111668.0964);
    assert_eq!(num(r, "total_token_throughput"), 94022.5497);
    let runs = rows("fixtures/trtllm-bench/docs-multimodal-pytorch-dataset.md");
    let r = &runs[0];
    assert_eq!(num(r, "completed"), 10.0);
    assert_eq!(num(r, "concurrency"), 5.3019);
    assert_eq!(text(r, "dataset"), "/workspaces/tensorrt_llm/mm_data.json");
    assert_eq!(num(r, "num_prompts"), 10.0);
    assert_eq!(num(r, "input_len"), 411.6);
    assert_eq!(num(r, "output_len"), 128.7);
    assert_eq!(num(r, "p50_e2el_ms"), 3936.3022);
}

// ---- ollama run --verbose: a run of one request per block ----

#[test]
fn ollama_verbose_blocks_with_the_model_of_their_command() {
    let runs = rows("fixtures/ollama/issue-1806-mistral.md");
    assert_eq!(runs.len(), 1);
    let r = &runs[0];
    assert_eq!(text(r, "format"), "ollama-verbose");
    assert_eq!(text(r, "model_id"), "mistral");
    assert_eq!(num(r, "line"), 10.0);
    assert_eq!(num(r, "completed"), 1.0);
    assert!(close(num(r, "mean_e2el_ms"), 5088.275983));
    assert_eq!(num(r, "total_input_tokens"), 11.0);
    assert_eq!(num(r, "total_output_tokens"), 120.0);
    assert_eq!(num(r, "prefill_throughput"), 53.77);
    assert_eq!(num(r, "decode_throughput"), 24.61);
    let extra: Json = serde_json::from_str(text(r, "extra")).unwrap();
    assert_eq!(extra["prompt eval duration"], "204.563ms");
    let runs = rows("fixtures/ollama/pr-12742-before-after.txt");
    assert_eq!(runs.len(), 2);
    assert_eq!(num(&runs[0], "prefill_throughput"), 139356.8);
    assert_eq!(num(&runs[1], "prefill_throughput"), 4212.03);
    assert!(runs[1].get("model_id").is_none());
    let runs = rows("fixtures/ollama/pr-2163-set-verbose-library.md");
    assert_eq!(text(&runs[0], "model_id"), "orca-mini");
    assert!(close(num(&runs[0], "duration"), 0.835322625));
    let extra: Json = serde_json::from_str(text(&runs[0], "extra")).unwrap();
    assert_eq!(extra["GPU loaded layers"], "1/27");
}

// ---- Nothing read is not success ----

#[test]
fn a_folder_without_a_run_is_exit_2_naming_each_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "nothing measured here\n").unwrap();
    std::fs::write(dir.path().join("ollama.log"), "total duration: 1.2s\n").unwrap();
    let out = perflab().args(["ingest"]).arg(dir.path()).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("2 files found"), "{stderr}");
    assert!(
        stderr.contains("notes.txt: ") && stderr.contains("ollama.log: "),
        "{stderr}"
    );
    // --allow-empty: an empty table, exit 0.
    perflab()
        .args(["ingest", "--allow-empty", "--json"])
        .arg(dir.path())
        .assert()
        .success()
        .stdout("");
    // An empty folder too.
    let empty = tempfile::tempdir().unwrap();
    let out = perflab()
        .args(["ingest"])
        .arg(empty.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no file found"));
}

#[test]
fn diff_of_a_folder_without_a_run_names_each_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "nothing measured here\n").unwrap();
    let out = perflab()
        .args([
            "diff",
            "fixtures/mlperf/v4.1-nvidia-h200x8/llama2-70b-99/Server",
        ])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no benchmark runs found in"), "{stderr}");
    assert!(
        stderr.contains("notes.txt: no benchmark result perflab reads"),
        "{stderr}"
    );
}

#[test]
fn no_run_is_said_in_the_users_language() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "nothing measured here\n").unwrap();
    for (lang, words) in [
        ("en", "no benchmark run read from"),
        ("ru", "не прочитано ни одного прогона"),
        ("zh-CN", "未从"),
    ] {
        let out = perflab()
            .args(["--lang", lang, "ingest"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(words), "{lang}: {stderr}");
    }
}
