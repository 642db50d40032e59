//! Every run knows the server it measured, read from real documents: the reference report
//! (`fixtures/reports/qwen3.5-9b-h100.en.md`, a `vllm serve` command and each variant's
//! "Backend Parameters" fence, an SGLang variant under its own heading) and SGLang's
//! cookbook page (`fixtures/corpus/`, a `python3 -m sglang.launch_server` command over
//! lines before each block). Values read by hand from the documents.

use std::path::Path;

use perflab::model::Run;

fn runs(rel: &str) -> Vec<Run> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    perflab::ingest::load_runs(&path, &Default::default()).unwrap()
}

fn at(runs: &[Run], line: u64) -> &Run {
    runs.iter().find(|r| r.line == Some(line)).unwrap()
}

fn args(run: &Run) -> serde_json::Value {
    serde_json::from_str(run.text("engine_args").unwrap()).unwrap()
}

#[test]
fn the_reference_report_names_each_variants_server() {
    let runs = runs("fixtures/reports/qwen3.5-9b-h100.en.md");
    // `#### vLLM`: `--reasoning-parser=qwen3`, `--max-model-len=32768`.
    let vllm = at(&runs, 117);
    assert_eq!(vllm.text("engine"), Some("vllm"));
    assert_eq!(vllm.get("max_model_len"), Some(32768.0));
    assert_eq!(vllm.get("tensor_parallel_size"), Some(1.0));
    assert_eq!(vllm.get("gpu_count"), Some(1.0));
    assert_eq!(args(vllm)["reasoning_parser"], "qwen3");
    // `#### SGLang`: `--context-length=32768` is SGLang's context length.
    let sglang = at(&runs, 161);
    assert_eq!(sglang.text("engine"), Some("sglang"));
    assert_eq!(sglang.get("max_model_len"), Some(32768.0));
    // `### Prefix Cache` is vLLM again: `--enable-prefix-caching`.
    let prefix = at(&runs, 208);
    assert_eq!(prefix.text("engine"), Some("vllm"));
    assert_eq!(prefix.get("prefix_caching"), Some(1.0));
    // `### Speculative Decoding`: `--speculative-config={"method":"mtp",...}`.
    assert_eq!(at(&runs, 253).text("speculative_decoding"), Some("mtp"));
    // `#### Seqs 1024`.
    assert_eq!(at(&runs, 392).get("max_num_seqs"), Some(1024.0));
    assert_eq!(args(at(&runs, 392))["max_num_seqs"], 1024);
    // `#### 24k`: `--max-num-batched-tokens=24576` with `--performance-mode=throughput`.
    let batched = at(&runs, 489);
    assert_eq!(batched.get("max_num_batched_tokens"), Some(24576.0));
    assert_eq!(args(batched)["performance_mode"], "throughput");
}

#[test]
fn the_sglang_cookbook_names_its_server() {
    let runs = runs("fixtures/corpus/sglang-bench-serving-cookbook-nemotron-nano-fp8-bf16.md");
    assert_eq!(runs.len(), 2);
    for run in &runs {
        assert_eq!(run.text("engine"), Some("sglang"));
        // `--max-running-requests 1024`, `--tp 1`.
        assert_eq!(run.get("max_num_seqs"), Some(1024.0));
        assert_eq!(run.get("tensor_parallel_size"), Some(1.0));
        let a = args(run);
        assert_eq!(a["attention_backend"], "flashinfer");
        // Where it listens is not its setup.
        assert!(a.get("port").is_none() && a.get("host").is_none());
    }
}

/// Per-GPU throughput: vLLM's performance CI layout (the real `--save-result` JSON of
/// `fixtures/vllm/0.33.0-buildkite-commands-reproduction/` beside a `.commands` whose
/// server runs on two GPUs). 1139.8330017133405 output tok/s / 2 GPUs, and
/// 4740.992891501426 total tok/s / 2, from the fixture's JSON.
#[test]
fn throughput_per_gpu_when_the_servers_gpu_count_is_known() {
    const REAL: &str = "fixtures/vllm/0.33.0-buildkite-commands-reproduction/results/serving_mock_random_128_32_qps_inf_concurrency_4";
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let result = std::fs::read_to_string(root.join(format!("{REAL}.json"))).unwrap();
    let commands = |server: &str| {
        serde_json::json!({ "server_command": server, "client_command": "vllm bench serve --model mock-model" })
            .to_string()
    };
    for (name, server) in [
        ("tp2", "vllm serve mock-model -tp 2 --max-num-seqs 64"),
        ("remote", "Using Remote Server 127.0.0.1 8451"),
    ] {
        let dir = tmp.path().join(name);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("serving.json"), &result).unwrap();
        std::fs::write(dir.join("serving.commands"), commands(server)).unwrap();
    }
    let load = |name: &str| {
        perflab::ingest::load_runs(&tmp.path().join(name), &Default::default()).unwrap()
    };
    let tp2 = load("tp2");
    assert_eq!(tp2[0].get("gpu_count"), Some(2.0));
    assert_eq!(
        tp2[0].get("output_throughput_per_gpu"),
        Some(1139.8330017133405 / 2.0)
    );
    assert_eq!(
        tp2[0].get("total_token_throughput_per_gpu"),
        Some(4740.992891501426 / 2.0)
    );
    // A remote server of unknown size: its result JSON's `--metadata
    // tensor_parallel_size=1` is the only count (no `gpu_count` is made up from it).
    let remote = load("remote");
    assert_eq!(remote[0].get("gpu_count"), None);
    assert_eq!(remote[0].get("tensor_parallel_size"), Some(1.0));
    assert_eq!(
        remote[0].get("output_throughput_per_gpu"),
        Some(1139.8330017133405)
    );
}

/// No GPU count anywhere in a run's files: no per-GPU column, rather than one over a guess.
#[test]
fn no_per_gpu_throughput_without_a_gpu_count() {
    let runs = runs("fixtures/vllm/0.33.0-run6-c2/console.txt");
    assert!(!runs.is_empty());
    for run in &runs {
        assert!(run.get("output_throughput").is_some());
        assert_eq!(run.get("gpu_count"), None);
        assert_eq!(run.get("output_throughput_per_gpu"), None);
    }
}

/// A server log beside the client's result, in one folder (`vllm serve … > server.log`
/// while `vllm bench serve --save-result` writes the JSON): the log holds no run, and its
/// configuration is the run's. The log lines are vLLM 0.11's, as printed in public issues.
/// A folder whose logs name two servers gives the run neither.
#[test]
fn a_server_log_beside_a_result_is_its_server() {
    const REAL: &str = "fixtures/vllm/0.33.0-buildkite-commands-reproduction/results/serving_mock_random_128_32_qps_inf_concurrency_4.json";
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // As `vllm bench serve --save-result` writes it without the CI's `--metadata`.
    let mut result: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join(REAL)).unwrap()).unwrap();
    for key in [
        "tensor_parallel_size",
        "compilation_config.mode",
        "optimization_level",
    ] {
        result.as_object_mut().unwrap().remove(key);
    }
    let result = result.to_string();
    let log = |seqs: u32| {
        format!(
            "(APIServer pid=1) INFO 12-01 10:00:00 [api_server.py:1] vLLM API server version 0.11.0\n\
             (APIServer pid=1) INFO 12-01 10:00:00 [utils.py:2] non-default args: {{'model_tag': 'mock-model', 'model': 'mock-model', 'max_num_seqs': {seqs}, 'tensor_parallel_size': 2}}\n\
             (APIServer pid=1) INFO 12-01 10:00:05 [launcher.py:3] Route: /v1/completions, Methods: POST\n"
        )
    };
    let tmp = tempfile::tempdir().unwrap();
    let one = tmp.path().join("one");
    std::fs::create_dir_all(&one).unwrap();
    std::fs::write(one.join("result.json"), &result).unwrap();
    std::fs::write(one.join("server.log"), log(128)).unwrap();
    let runs = perflab::ingest::load_runs(&one, &Default::default()).unwrap();
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0].text("engine"), Some("vllm"));
    assert_eq!(runs[0].text("engine_version"), Some("0.11.0"));
    assert_eq!(runs[0].get("max_num_seqs"), Some(128.0));
    assert_eq!(runs[0].get("gpu_count"), Some(2.0));
    assert_eq!(
        runs[0].get("output_throughput_per_gpu"),
        Some(1139.8330017133405 / 2.0)
    );
    // Two servers' logs in one folder: which one the result measured is not written.
    let two = tmp.path().join("two");
    std::fs::create_dir_all(&two).unwrap();
    std::fs::write(two.join("result.json"), &result).unwrap();
    std::fs::write(two.join("server-a.log"), log(128)).unwrap();
    std::fs::write(two.join("server-b.log"), log(256)).unwrap();
    let runs = perflab::ingest::load_runs(&two, &Default::default()).unwrap();
    assert_eq!(runs[0].text("engine"), None);
    assert_eq!(runs[0].get("max_num_seqs"), None);
    // Named alone, the log is no run, and the error says where its configuration goes.
    let alone = perflab::ingest::load_runs(&one.join("server.log"), &Default::default());
    let message = alone.unwrap_err().to_string();
    assert!(message.contains("server configuration"), "{message}");
}
