//! Every run whole (issue 22): the denominator, the model, the load and the workload of a
//! run, from whichever file its tool wrote them to, on real outputs of the real clients
//! (`fixtures/<tool>/README.md` gives each one's provenance).

use std::path::PathBuf;

use serde_json::{Map, Value as Json};

use crate::common::cli::perflab;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
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

#[test]
fn aiperf_and_genai_perf_runs_whose_requests_all_failed_are_runs() {
    // AIPerf writes no export, only `profile_export.jsonl` of error records; its console
    // logs `Processed 0 valid requests and 10 errors (10 total).` The records are the run,
    // the console the same run.
    let r = only(&["fixtures/aiperf/0.13.0-all-failed-artifacts"]);
    assert_eq!(text(&r, "format"), Some("aiperf-json"));
    assert_eq!(
        text(&r, "source"),
        Some("run-all-failed/profile_export.jsonl")
    );
    assert_eq!(text(&r, "sources"), Some("run-all-failed.console.txt"));
    assert_eq!(num(&r, "completed"), Some(0.0));
    assert_eq!(num(&r, "failed"), Some(10.0));
    assert_eq!(num(&r, "requests"), Some(10.0));
    // Without the console: the records alone are the run, each error record a failure.
    let r = only(&["fixtures/aiperf/0.13.0-all-failed-artifacts/run-all-failed"]);
    assert_eq!(text(&r, "format"), Some("aiperf-json"));
    assert_eq!(num(&r, "completed"), Some(0.0));
    assert_eq!(num(&r, "failed"), Some(10.0));
    // The console alone is the run too.
    let r = only(&["fixtures/aiperf/0.13.0-all-failed-artifacts/run-all-failed.console.txt"]);
    assert_eq!(text(&r, "format"), Some("aiperf-console"));
    assert_eq!(num(&r, "failed"), Some(10.0));
    // genai-perf: perf_analyzer stopped on the failures and exited 99; no export, and no
    // count of the failed requests anywhere.
    let r = only(&["fixtures/genai-perf/0.0.16-all-failed"]);
    assert_eq!(text(&r, "format"), Some("genai-perf-console"));
    assert_eq!(num(&r, "completed"), Some(0.0));
    assert!(r.get("failed").is_none(), "{r:?}");
    assert_eq!(text(&r, "model_id"), Some("mock-model"));
    assert_eq!(num(&r, "max_concurrency"), Some(2.0));
    assert_eq!(num(&r, "num_prompts"), Some(10.0));
    // A diff against it is a regression, not "no benchmark runs found".
    let out = run(&[
        "diff",
        "fixtures/genai-perf/0.0.16-parent-run1-c2-run2-c4/run1",
        "fixtures/genai-perf/0.0.16-all-failed",
        "--key",
        "model_id",
    ]);
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
}

#[test]
fn inference_perf_all_failed_stage_is_a_run() {
    let r = only(&["fixtures/inference-perf/0.7.0-all-failed"]);
    assert_eq!(num(&r, "completed"), Some(0.0));
    assert_eq!(num(&r, "failed"), Some(10.0));
    assert_eq!(text(&r, "model_id"), Some("mock-model"));
    assert_eq!(num(&r, "max_concurrency"), Some(2.0));
    assert_eq!(num(&r, "num_prompts"), Some(10.0));
}

// ---- 7. inference-perf: the model and the load from the config.yaml beside the stages ----

#[test]
fn inference_perf_stages_have_the_model_and_the_configured_load() {
    let rows = ingest(&["fixtures/inference-perf/0.7.0-run4-constant-3stages"]);
    assert_eq!(rows.len(), 3, "{rows:#?}");
    for (r, rate) in rows.iter().zip([2.0, 5.0, 10.0]) {
        assert_eq!(text(r, "model_id"), Some("mock-model"));
        assert_eq!(text(r, "load_type"), Some("constant"));
        assert_eq!(num(r, "load_value"), Some(rate));
        assert_eq!(num(r, "request_rate"), Some(rate));
        assert_eq!(num(r, "streaming"), Some(1.0));
        assert_eq!(num(r, "input_len"), Some(64.0));
    }
    // Concurrent: the saved config's `rate: 12.0` / `16.0` (and the console's `Req Rate`)
    // are num_requests over a filled-in 1 s, never asked for.
    let rows = ingest(&["fixtures/inference-perf/0.7.0-per-request-2stages-failures"]);
    assert_eq!(rows.len(), 2, "{rows:#?}");
    for (r, (asked, conc, failed)) in rows.iter().zip([(12.0, 2.0, 3.0), (16.0, 4.0, 2.0)]) {
        assert_eq!(text(r, "format"), Some("inference-perf-json"));
        assert_eq!(text(r, "model_id"), Some("mock-model"));
        assert_eq!(text(r, "load_type"), Some("concurrent"));
        assert_eq!(num(r, "max_concurrency"), Some(conc));
        assert_eq!(num(r, "load_value"), Some(conc));
        assert_eq!(num(r, "num_prompts"), Some(asked));
        assert_eq!(num(r, "failed"), Some(failed));
        assert!(num(r, "request_rate").is_none(), "{r:?}");
    }
    // Two runs of one config pair on the configured load and model.
    let out = run(&[
        "diff",
        "fixtures/inference-perf/0.7.0-per-request-2stages-failures",
        "fixtures/inference-perf/0.7.0-per-request-2stages-failures",
        "--key",
        "model_id,load_type,load_value",
    ]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(!out.stdout.contains("model_id=null"), "{}", out.stdout);
}

// ---- 3. One run across folder levels ----

#[test]
fn a_console_above_its_runs_folder_is_the_same_run() {
    // genai-perf `--artifact-dir runN`: files in runN/<model>-<endpoint>-<load>/, the
    // console saved beside runN/.
    let rows = ingest(&["fixtures/genai-perf/0.0.16-parent-run1-c2-run2-c4"]);
    assert_eq!(rows.len(), 2, "{rows:#?}");
    for (r, (console, c)) in rows
        .iter()
        .zip([("run1.console.txt", 2.0), ("run2.console.txt", 4.0)])
    {
        assert_eq!(text(r, "format"), Some("genai-perf-json"));
        assert!(text(r, "sources").unwrap().contains(console), "{r:?}");
        assert_eq!(text(r, "model_id"), Some("mock-model"));
        assert_eq!(num(r, "max_concurrency"), Some(c));
    }
    // No run without its model: `--key model_id` pairs the two runs' key, not a null one.
    let out = run(&[
        "diff",
        "fixtures/genai-perf/0.0.16-parent-run1-c2-run2-c4",
        "fixtures/genai-perf/0.0.16-parent-run1-c2-run2-c4",
        "--key",
        "model_id,max_concurrency",
    ]);
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(!out.stdout.contains("model_id=null"), "{}", out.stdout);
    // AIPerf's sweep console inside the artifact dir, beside concurrency_N/: each of its
    // two runs joins its own folder's run.
    let rows = ingest(&["fixtures/aiperf/0.13.0-sweep-c1-c4-console-inside"]);
    assert_eq!(rows.len(), 2, "{rows:#?}");
    for (r, c) in rows.iter().zip([1.0, 4.0]) {
        assert_eq!(text(r, "format"), Some("aiperf-json"));
        assert!(
            text(r, "sources")
                .unwrap()
                .contains("sweep-c1-c4/console.txt"),
            "{r:?}"
        );
        assert_eq!(num(r, "max_concurrency"), Some(c));
    }
}

// ---- 4. A value only where the tool measured it ----

#[test]
fn a_run_without_streaming_has_no_ttft_or_itl() {
    for dir in [
        "fixtures/genai-perf/0.0.16-chat-nostream-c2",
        "fixtures/aiperf/0.13.0-chat-nostream-c2",
    ] {
        let r = only(&[dir]);
        assert_eq!(num(&r, "streaming"), Some(0.0), "{dir}");
        assert!(num(&r, "mean_e2el_ms").is_some(), "{dir}: {r:?}");
        for col in r.keys() {
            for family in ["_ttft_", "_ttst_", "_itl_", "_tpot_"] {
                assert!(!col.contains(family), "{dir}: {col}");
            }
        }
    }
    let r = only(&["fixtures/genai-perf/0.0.16-parent-run1-c2-run2-c4/run1"]);
    assert_eq!(num(&r, "streaming"), Some(1.0));
    assert!(num(&r, "mean_ttft_ms").is_some());
}

// ---- 2. guidellm: a configured concurrency only ----

#[test]
fn guidellm_scheduler_caps_are_not_a_configured_concurrency() {
    let r = only(&["fixtures/guidellm/0.8.1-poisson-rate10"]);
    // `strategy.max_concurrency: 10240` is the scheduler's cap.
    assert_eq!(r.get("max_concurrency"), Some(&Json::Null), "{r:?}");
    assert_eq!(num(&r, "request_rate"), Some(10.0));
    assert_eq!(text(&r, "load_type"), Some("poisson"));
    let rows = ingest(&["fixtures/guidellm/0.8.1-sweep-size3"]);
    let conc: Vec<Option<f64>> = rows.iter().map(|r| num(r, "max_concurrency")).collect();
    // synchronous is one at a time; throughput@512 and constant@61.39 set no concurrency.
    assert_eq!(conc, vec![Some(1.0), None, None]);
    assert!(num(&rows[2], "request_rate").is_some_and(|v| (v - 61.3897).abs() < 1e-3));
    let r = only(&["fixtures/guidellm/0.8.1-concurrent4-varied-osl"]);
    assert_eq!(num(&r, "max_concurrency"), Some(4.0));
    assert_eq!(r.get("request_rate"), Some(&Json::Null));
}

// ---- 5. Recompute by the tool's own definition ----

#[test]
fn guidellm_token_weighted_tpot_raises_no_false_warning() {
    // Output lengths 15..88: the request-weighted mean TPOT (2.6694) is not guidellm's
    // token-weighted one (2.6619), which the file holds.
    let out = run(&[
        "ingest",
        "--json",
        "fixtures/guidellm/0.8.1-concurrent4-varied-osl",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stderr.contains("mean_tpot_ms"), "{}", out.stderr);
    assert!(
        out.stdout.contains("\"mean_tpot_ms\":2.66190"),
        "{}",
        out.stdout
    );
}

// ---- 12. guidellm consoles: rounded runs, one with the JSON's run beside them ----

#[test]
fn a_guidellm_console_is_a_rounded_run_merged_into_its_json() {
    // Beside benchmarks.json: one row, the JSON's numbers, the console in `sources`.
    for (dir, n) in [
        ("fixtures/guidellm/0.8.1-poisson-rate10", 1),
        ("fixtures/guidellm/0.8.1-sweep-size3", 3),
        ("fixtures/guidellm/0.8.1-run5-all-failed", 1),
    ] {
        let rows = ingest(&[dir]);
        assert_eq!(rows.len(), n, "{dir}: {rows:#?}");
        for r in &rows {
            assert_eq!(text(r, "format"), Some("guidellm-json"), "{dir}");
            assert!(text(r, "sources").unwrap().contains("console.txt"), "{r:?}");
            assert!(text(r, "precision").is_none(), "{r:?}");
        }
    }
    // Alone, the console is the run, marked rounded.
    let r = only(&["fixtures/guidellm/0.8.1-poisson-rate10/console.txt"]);
    assert_eq!(text(&r, "format"), Some("guidellm-console"));
    assert_eq!(text(&r, "precision"), Some("rounded"));
    assert_eq!(text(&r, "model_id"), Some("mock-model"));
    assert_eq!(num(&r, "request_rate"), Some(10.0));
    assert_eq!(num(&r, "completed"), Some(40.0));
    assert_eq!(num(&r, "mean_ttft_ms"), Some(27.8));
    // guidellm 0.3's tables, console only: the ten benchmarks of its sweep.
    let rows = ingest(&["fixtures/corpus/guidellm-0.3.0-console-llamastack-vllm-1-1.txt"]);
    assert_eq!(rows.len(), 10);
    assert_eq!(text(&rows[9], "label"), Some("constant@15.43"));
    assert_eq!(num(&rows[9], "p99_ttft_ms"), Some(283.6));
    assert_eq!(num(&rows[9], "incomplete"), Some(92.0));
}

#[test]
fn a_guidellm_console_that_disagrees_with_its_json_beyond_rounding_is_kept_apart() {
    let dir = tempfile::tempdir().unwrap();
    let from = root().join("fixtures/guidellm/0.8.1-poisson-rate10");
    std::fs::copy(
        from.join("benchmarks.json"),
        dir.path().join("benchmarks.json"),
    )
    .unwrap();
    let console = std::fs::read_to_string(from.join("console.txt")).unwrap();
    // The JSON's mean TTFT is 27.775 ms: 27.8 as printed, not 29.8.
    let edited = console.replacen("| 27.8 ± 1.8 |", "| 29.8 ± 1.8 |", 1);
    assert_ne!(edited, console);
    std::fs::write(dir.path().join("console.txt"), edited).unwrap();
    let out = perflab()
        .args(["ingest", "--json"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stdout.lines().count(), 2, "{stdout}");
    assert!(stderr.contains("mean_ttft_ms"), "{stderr}");
}

// ---- 8. vLLM's perf CI: the client command line beside the result JSON ----

#[test]
fn a_vllm_ci_result_gets_its_workload_from_the_commands_file_beside_it() {
    // The result JSON has no dataset or lengths; its `.commands` (a reproduction of the
    // CI script's jq block, fixtures/vllm/README.md) has the client's flags.
    let dir = "fixtures/vllm/0.33.0-buildkite-commands-reproduction/results";
    let r = only(&[dir]);
    assert_eq!(text(&r, "format"), Some("vllm-serve-json"));
    assert!(r.get("sources").is_none(), "{r:?}");
    assert_eq!(text(&r, "dataset"), Some("random"));
    assert_eq!(num(&r, "input_len"), Some(128.0));
    assert_eq!(num(&r, "output_len"), Some(32.0));
    assert_eq!(num(&r, "num_prompts"), Some(30.0));
    assert_eq!(num(&r, "max_concurrency"), Some(4.0));
    assert_eq!(r.get("request_rate"), Some(&Json::Null));
    assert_eq!(text(&r, "backend"), Some("vllm"));
    // Without it, the same JSON has no workload.
    let tmp = tempfile::tempdir().unwrap();
    let name = "serving_mock_random_128_32_qps_inf_concurrency_4";
    std::fs::copy(
        root().join(dir).join(format!("{name}.json")),
        tmp.path().join(format!("{name}.json")),
    )
    .unwrap();
    let out = perflab()
        .args(["ingest", "--json"])
        .arg(tmp.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(!stdout.contains("\"input_len\""), "{stdout}");
    assert!(!stdout.contains("\"dataset\""), "{stdout}");
    // A commands file cut short is a warning naming it and its line; the run stands.
    let commands =
        std::fs::read_to_string(root().join(dir).join(format!("{name}.commands"))).unwrap();
    let cut = &commands[..commands.find("--random-input-len").unwrap()];
    std::fs::write(tmp.path().join(format!("{name}.commands")), cut).unwrap();
    let out = perflab()
        .args(["ingest", "--json"])
        .arg(tmp.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains(&format!("{name}.commands:3:")), "{stderr}");
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 1);
}

// ---- 7. inference-perf: per_request_lifecycle_metrics.json into the requests frame ----

/// Each stage's requests (assigned in send order by the stages' counts) go into the
/// requests frame under that stage's run, failures included.
#[test]
fn inference_perf_requests_go_to_their_stage() {
    let dir = tempfile::tempdir().unwrap();
    let frame = dir.path().join("requests.csv");
    let out = perflab()
        .args(["ingest", "--requests"])
        .arg(&frame)
        .arg("fixtures/inference-perf/0.7.0-per-request-2stages-failures")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("28 requests written"), "{stderr}");
    // No recomputed statistic disagrees with the stage reports.
    assert!(!stderr.contains("but its requests give"), "{stderr}");
    let csv = std::fs::read_to_string(&frame).unwrap();
    let rows = |stage: &str, ok: &str| {
        csv.lines()
            .filter(|l| l.contains(&format!("stage_{stage}_lifecycle_metrics.json,1,")))
            .filter(|l| l.split(',').nth(3) == Some(ok))
            .count()
    };
    assert_eq!((rows("0", "true"), rows("0", "false")), (9, 3));
    assert_eq!((rows("1", "true"), rows("1", "false")), (14, 2));
}
