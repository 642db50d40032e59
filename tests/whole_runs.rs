//! Every run whole (issue 22): the denominator, the model, the load and the workload of a
//! run, from whichever file its tool wrote them to, on real outputs of the real clients
//! (`fixtures/<tool>/README.md` gives each one's provenance).

use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::{Map, Value as Json};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn perflab() -> Command {
    let mut cmd = Command::cargo_bin("perflab").unwrap();
    cmd.current_dir(root())
        .env_remove("LC_MESSAGES")
        .env_remove("LANGUAGE")
        .env("LC_ALL", "en_US.UTF-8");
    cmd
}

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str]) -> Out {
    let out = perflab().args(args).output().unwrap();
    Out {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

/// The rows `perflab ingest --json` gives for `paths`.
fn ingest(paths: &[&str]) -> Vec<Map<String, Json>> {
    let mut args = vec!["ingest", "--json"];
    args.extend_from_slice(paths);
    let out = run(&args);
    assert_eq!(out.code, 0, "{paths:?}: {}", out.stderr);
    out.stdout
        .lines()
        .map(|l| match serde_json::from_str(l) {
            Ok(Json::Object(o)) => o,
            other => panic!("not a JSON object: {l:?} ({other:?})"),
        })
        .collect()
}

fn only(paths: &[&str]) -> Map<String, Json> {
    let mut rows = ingest(paths);
    assert_eq!(rows.len(), 1, "{paths:?}: {rows:#?}");
    rows.remove(0)
}

fn num(r: &Map<String, Json>, col: &str) -> Option<f64> {
    r.get(col).and_then(Json::as_f64)
}

fn text<'a>(r: &'a Map<String, Json>, col: &str) -> Option<&'a str> {
    r.get(col).and_then(Json::as_str)
}

// ---- 1. SGLang bench_serving: the console's Namespace line completes the JSONL's run ----

#[test]
fn sglang_failures_without_details_are_counted_from_the_consoles_namespace() {
    // 0.5.23: the JSONL keeps no num_prompts, no model and no failure count; the console
    // prints `Successful requests: 37` and `Namespace(... num_prompts=40 ...)`.
    let r = only(&["fixtures/sglang/0.5.23-failures-tag-served-name"]);
    assert_eq!(text(&r, "format"), Some("sglang-serve-jsonl"));
    assert_eq!(text(&r, "sources"), Some("console.txt"));
    assert_eq!(num(&r, "completed"), Some(37.0));
    assert_eq!(num(&r, "num_prompts"), Some(40.0));
    assert_eq!(num(&r, "failed"), Some(3.0));
    // `--served-model-name` is the model the requests named; `--tag` is the label.
    assert_eq!(text(&r, "model_id"), Some("mock-served"));
    assert_eq!(text(&r, "label"), Some("mytag"));
    assert_eq!(num(&r, "request_rate"), Some(20.0));
    assert_eq!(text(&r, "dataset"), Some("random-ids"));
    assert_eq!(num(&r, "input_len"), Some(128.0));
    assert_eq!(num(&r, "output_len"), Some(32.0));
    assert_eq!(num(&r, "streaming"), Some(1.0));
}

#[test]
fn old_sglang_versions_are_completed_the_same_way() {
    let r = only(&["fixtures/sglang/0.4.6.post5-failures"]);
    assert_eq!(num(&r, "completed"), Some(37.0));
    assert_eq!(num(&r, "failed"), Some(3.0));
    assert_eq!(text(&r, "model_id"), Some("mock-model"));
    // 0.4.3's generated-shared-prefix dataset ignores `num_prompts=1000`: it sends
    // groups × prompts per group, and prints their count.
    let r = only(&["fixtures/sglang/0.4.3-gsp-c4-failures"]);
    assert_eq!(text(&r, "dataset"), Some("generated-shared-prefix"));
    assert_eq!(num(&r, "num_prompts"), Some(20.0));
    assert_eq!(num(&r, "completed"), Some(16.0));
    assert_eq!(num(&r, "failed"), Some(4.0));
    assert_eq!(num(&r, "max_concurrency"), Some(4.0));
    assert!(r.get("input_len").is_none(), "{r:?}");
}

#[test]
fn sglang_goodput_is_kept_apart_from_perflabs_slo_columns() {
    let dir = "fixtures/sglang/0.5.23-run3-vllm-backend-failures-goodput-details";
    let r = only(&[dir]);
    assert_eq!(num(&r, "failed"), Some(4.0));
    assert_eq!(num(&r, "num_prompts"), Some(50.0));
    assert_eq!(text(&r, "model_id"), Some("mock-model"));
    assert_eq!(num(&r, "goodput_slo_attainment"), Some(0.52));
    assert_eq!(num(&r, "goodput_slo_attainment_ttft"), Some(0.66));
    assert_eq!(num(&r, "goodput_slo_attainment_e2el"), Some(0.92));
    assert_eq!(num(&r, "goodput_slo_ttft_ms"), Some(25.0));
    assert_eq!(num(&r, "goodput_slo_tpot_ms"), Some(3.0));
    assert!(r.get("slo_attainment").is_none(), "{r:?}");
    // The console alone gives the same, from its printed percentages.
    let c = only(&["--all-files", &format!("{dir}/console.txt")]);
    assert_eq!(num(&c, "goodput_slo_attainment"), Some(0.52));
    assert_eq!(num(&c, "goodput_slo_attainment_tpot"), Some(0.76));
    assert_eq!(num(&c, "goodput_slo_e2el_ms"), Some(80.0));
    assert_eq!(num(&c, "failed"), Some(4.0));
}

#[test]
fn a_sglang_run_with_failures_is_a_regression_under_the_default_policy() {
    let out = run(&[
        "diff",
        "fixtures/corpus/generated/sglang-0.5.23",
        "fixtures/sglang/0.5.23-failures-tag-served-name",
        "--key",
        "num_prompts,request_rate",
    ]);
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("regression (failed>0)"),
        "{}",
        out.stdout
    );
    let out = run(&[
        "diff",
        "fixtures/corpus/generated/sglang-0.5.23",
        "fixtures/sglang/0.5.23-failures-tag-served-name",
        "--key",
        "num_prompts,request_rate",
        "--fail-on",
        "failed>0",
    ]);
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
}

// ---- 6. All-failed runs are runs ----

#[test]
fn a_sglang_console_whose_requests_all_failed_is_a_run() {
    // No block and no JSONL: the warning `All requests failed.` and a traceback.
    let r = only(&["fixtures/sglang/0.5.23-all-failed-no-warmup"]);
    assert_eq!(text(&r, "format"), Some("sglang-serve-text"));
    assert_eq!(num(&r, "completed"), Some(0.0));
    assert_eq!(num(&r, "failed"), Some(10.0));
    assert_eq!(num(&r, "max_concurrency"), Some(2.0));
    assert_eq!(text(&r, "label"), Some("allfail"));
    let out = run(&[
        "diff",
        "fixtures/corpus/generated/sglang-0.5.23",
        "fixtures/sglang/0.5.23-all-failed-no-warmup",
        "--key",
        "backend",
    ]);
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
}
