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
