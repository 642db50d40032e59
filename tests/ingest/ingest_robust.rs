//! Ordinary inputs that went wrong before (issue 9, part A), run as a user runs them:
//! a cut result file with Chinese texts (a panic, exit 101), mapped keys of the wrong JSON
//! type (a run of nulls, exit 0), an all-failed vLLM run (its `0.00` placeholders kept, and
//! `diff` calling it faster), and labels SGLang printed that no column knew.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value as Json;

use crate::common::cli::perflab_in;

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(rel)
}

fn read_fixture(rel: &str) -> String {
    std::fs::read_to_string(fixture(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn put(dir: &Path, rel: &str, text: &str) -> PathBuf {
    let path = dir.join(rel);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&path, text).unwrap();
    path
}

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(cmd: &mut Command) -> Out {
    let out = cmd.output().unwrap();
    Out {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// The runs of `perflab ingest --json PATH`, which must succeed.
fn ingest_json(cwd: &Path, path: &Path) -> Vec<serde_json::Map<String, Json>> {
    let out = run(perflab_in(cwd).args(["ingest", "--json"]).arg(path));
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    out.stdout
        .lines()
        .map(|l| match serde_json::from_str(l) {
            Ok(Json::Object(o)) => o,
            other => panic!("not a JSON object: {l} ({other:?})"),
        })
        .collect()
}

const DETAILED_ZH: &str = "vllm/0.33.0-run8-detailed-zh/result.json";

#[test]
fn a_cut_detailed_result_with_chinese_texts_is_an_error_naming_the_file_not_a_panic() {
    let text = read_fixture(DETAILED_ZH);
    // What made it panic: the first 4 KiB end inside a generated text's character.
    assert!(
        !text.is_char_boundary(4096),
        "the fixture must cut 中文 at 4096"
    );
    let dir = tempfile::tempdir().unwrap();
    let cuts = [4097, 4300, 4700, text.len() - 7];
    for cut in cuts {
        let cut = (0..=cut).rev().find(|&i| text.is_char_boundary(i)).unwrap();
        let path = put(dir.path(), "result.json", &text[..cut]);
        let out = run(perflab_in(dir.path()).arg("ingest").arg(&path));
        assert_eq!(out.code, 2, "cut at {cut}: {}{}", out.stdout, out.stderr);
        assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
        assert!(
            out.stderr
                .contains("result.json:1: expected a complete JSON result object"),
            "cut at {cut}: {}",
            out.stderr
        );
    }
    // Whole, it is one run.
    let runs = ingest_json(dir.path(), &fixture(DETAILED_ZH));
    assert_eq!(runs.len(), 1);
    assert_eq!(runs[0]["completed"], 10);
}

#[test]
fn a_mapped_key_of_the_wrong_type_is_an_error_never_a_run_of_nulls() {
    let dir = tempfile::tempdir().unwrap();
    let odd = r#"{"completed": "many", "duration": [1,2], "mean_ttft_ms": {"x": 1}}"#;
    let path = put(dir.path(), "odd.json", odd);
    let out = run(perflab_in(dir.path()).arg("ingest").arg(&path));
    assert_eq!(out.code, 2, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stderr
            .contains("odd.json:1: key \"completed\": expected a number, found a string"),
        "{}",
        out.stderr
    );
    assert!(
        out.stdout.is_empty(),
        "no table of a failed ingest: {}",
        out.stdout
    );

    // A real result whose latency became an object: the key's own line is named.
    let real = read_fixture("vllm/0.33.0-run6-c2/result.json");
    let pretty: Json = serde_json::from_str(&real).unwrap();
    let mut pretty = serde_json::to_string_pretty(&pretty).unwrap();
    let at = pretty.find("\"mean_ttft_ms\": ").unwrap();
    let end = at + pretty[at..].find(',').unwrap();
    pretty.replace_range(at..end, "\"mean_ttft_ms\": {\"avg\": 25.85}");
    let line = pretty[..at].matches('\n').count() + 1;
    let path = put(dir.path(), "result.json", &pretty);
    let out = run(perflab_in(dir.path()).arg("ingest").arg(&path));
    assert_eq!(out.code, 2, "{}{}", out.stdout, out.stderr);
    let want =
        format!("result.json:{line}: key \"mean_ttft_ms\": expected a number, found an object");
    assert!(out.stderr.contains(&want), "{want}\n{}", out.stderr);

    // In the user's language.
    let out = run(perflab_in(dir.path())
        .env("LC_ALL", "ru_RU.UTF-8")
        .arg("ingest")
        .arg(&path));
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("ключ \"mean_ttft_ms\": ожидалось число, а не объект"),
        "{}",
        out.stderr
    );
}

#[test]
fn the_spellings_tools_write_for_no_number_are_null() {
    let dir = tempfile::tempdir().unwrap();
    let real = read_fixture("vllm/0.33.0-run6-c2/result.json");
    let edited = real
        .replacen("\"request_rate\": \"inf\"", "\"request_rate\": Infinity", 1)
        .replacen("\"request_goodput\": null", "\"request_goodput\": NaN", 1);
    assert_ne!(edited, real);
    let path = put(dir.path(), "result.json", &edited);
    let runs = ingest_json(dir.path(), &path);
    assert_eq!(runs.len(), 1);
    assert!(runs[0]["request_rate"].is_null());
    assert!(runs[0]["request_goodput"].is_null());
    assert_eq!(runs[0]["completed"], 10);
    // The file as vLLM wrote it: `"request_rate": "inf"`.
    let runs = ingest_json(dir.path(), &fixture("vllm/0.33.0-run6-c2/result.json"));
    assert!(runs[0]["request_rate"].is_null());
}

const ALL_FAILED: &str = "vllm/0.33.0-run5-all-failed";
const HEALTHY: &str = "vllm/0.33.0-run6-c2";

#[test]
fn an_all_failed_vllm_run_has_null_latencies_and_token_rates_not_zeros() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    for file in ["console.txt", "result.json"] {
        let runs = ingest_json(here, &fixture(&format!("{ALL_FAILED}/{file}")));
        assert_eq!(runs.len(), 1, "{file}");
        let r = &runs[0];
        assert_eq!(r["completed"], 0, "{file}");
        assert_eq!(r["failed"], 10, "{file}");
        assert_eq!(r["total_output_tokens"], 0, "{file}");
        assert_eq!(r["request_throughput"].as_f64(), Some(0.0), "{file}");
        for col in [
            "mean_ttft_ms",
            "median_ttft_ms",
            "p99_ttft_ms",
            "mean_tpot_ms",
            "p99_itl_ms",
            "output_throughput",
            "total_token_throughput",
            "max_output_tokens_per_s",
            "max_concurrent_requests",
        ] {
            assert!(r.contains_key(col), "{file}: {col} is printed");
            assert!(r[col].is_null(), "{file}: {col} = {}", r[col]);
        }
    }
    // The same settings against a healthy server keep their numbers.
    let runs = ingest_json(here, &fixture(&format!("{HEALTHY}/console.txt")));
    assert_eq!(runs[0]["mean_ttft_ms"].as_f64(), Some(25.85));
}

#[test]
fn diff_of_an_all_failed_candidate_is_a_regression_never_faster() {
    for file in ["console.txt", "result.json"] {
        let dir = tempfile::tempdir().unwrap();
        let base = put(
            dir.path(),
            &format!("baseline/{file}"),
            &read_fixture(&format!("{HEALTHY}/{file}")),
        );
        let cand = put(
            dir.path(),
            &format!("candidate/{file}"),
            &read_fixture(&format!("{ALL_FAILED}/{file}")),
        );
        let out = run(perflab_in(dir.path()).arg("diff").arg(&base).arg(&cand));
        assert_eq!(out.code, 1, "{file}: {}{}", out.stdout, out.stderr);
        assert!(
            out.stdout.contains("regression (no request completed)"),
            "{file}: {}",
            out.stdout
        );
        assert!(!out.stdout.contains("better"), "{file}: {}", out.stdout);
        // Latencies of no request are missing, not a 100% improvement.
        let ttft = out
            .stdout
            .lines()
            .find(|l| l.contains("mean_ttft_ms"))
            .unwrap();
        assert!(
            ttft.contains("missing") && !ttft.contains('%'),
            "{file}: {ttft}"
        );
        // A policy that only watches a latency fails it too.
        let out = run(perflab_in(dir.path())
            .args(["diff", "--json", "--fail-on", "p99_ttft_ms>+10%"])
            .arg(&base)
            .arg(&cand));
        assert_eq!(out.code, 1, "{file}: {}{}", out.stdout, out.stderr);
        let cmp: Json = serde_json::from_str(&out.stdout).unwrap();
        assert_eq!(cmp["verdict"], "regression");
        assert_eq!(cmp["pairs"][0]["candidate_failed"], true);
        assert_eq!(cmp["counts"]["failed_candidates"], 1);
    }
}

#[test]
fn sglang_0_4_s_misspelt_concurrency_label_fills_its_column() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = fixture("sglang/0.4-deepseek-v3-h200-qps1.md");
    let out = run(perflab_in(here).args(["ingest", "--json"]).arg(&path));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stderr.contains("unknown label"), "{}", out.stderr);
    let runs: Vec<Json> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(runs.len(), 2);
    for r in &runs {
        assert_eq!(r["format"], "sglang-serve-text");
        // `not set`: printed, and null; before, the label was dropped and the column absent.
        assert!(
            r.as_object().unwrap().contains_key("max_concurrency"),
            "{r}"
        );
        assert!(r["max_concurrency"].is_null());
        assert!(r.get("extra").is_none(), "{r}");
    }
    assert_eq!(runs[0]["mean_ttft_ms"].as_f64(), Some(402.01));
    assert_eq!(runs[1]["max_itl_ms"].as_f64(), Some(1447.12));
}

#[test]
fn an_unknown_label_in_a_block_is_a_warning_and_its_value_is_kept_in_extra() {
    let dir = tempfile::tempdir().unwrap();
    let console = read_fixture(&format!("{HEALTHY}/console.txt"));
    // A fork of benchmark_serving.py that prints an accuracy line in the block.
    let anchor = "Total token throughput (tok/s):          1932.05   \n";
    assert!(console.contains(anchor));
    let edited = console.replacen(
        anchor,
        &format!("{anchor}Accuracy Rate (%):                       97.50     \n"),
        1,
    );
    let path = put(dir.path(), "console.txt", &edited);
    let line = edited[..edited.find("Accuracy Rate").unwrap()]
        .matches('\n')
        .count()
        + 1;
    for (flag, out_name) in [
        ("--json", None),
        ("--csv", Some("runs.csv")),
        ("--parquet", Some("runs.parquet")),
    ] {
        let mut cmd = perflab_in(dir.path());
        cmd.arg("ingest").arg(&path).arg(flag);
        if let Some(name) = out_name {
            cmd.arg(dir.path().join(name));
        }
        let out = run(&mut cmd);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let want = format!(
            "warning: {}:{line}: unknown label `Accuracy Rate (%)`",
            path.display()
        );
        assert!(out.stderr.contains(&want), "{want}\n{}", out.stderr);
        let extra = match out_name {
            None => {
                let run: Json = serde_json::from_str(out.stdout.lines().next().unwrap()).unwrap();
                run["extra"].as_str().unwrap().to_owned()
            }
            Some(name) => {
                let format = perflab::model::FrameFormat::from_path(Path::new(name)).unwrap();
                let runs = perflab::model::read_frame(&dir.path().join(name), format).unwrap();
                runs[0].text("extra").unwrap().to_owned()
            }
        };
        let extra: Json = serde_json::from_str(&extra).unwrap();
        assert_eq!(
            extra,
            serde_json::json!({"Accuracy Rate (%)": "97.50"}),
            "{flag}"
        );
    }
}

#[test]
fn an_all_failed_guidellm_run_has_null_latencies_and_token_rates_not_zeros() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    for file in ["benchmarks.json", "benchmarks.csv"] {
        let rel = format!("guidellm/0.8.1-run5-all-failed/{file}");
        let out = run(perflab_in(here)
            .args(["ingest", "--json"])
            .arg(fixture(&rel)));
        assert_eq!(out.code, 0, "{file}: {}", out.stderr);
        let r: Json = serde_json::from_str(out.stdout.lines().next().unwrap()).unwrap();
        assert_eq!(r["completed"], 0, "{file}");
        assert_eq!(r["failed"], 10, "{file}");
        for col in [
            "mean_ttft_ms",
            "p99_e2el_ms",
            "mean_itl_ms",
            "output_throughput",
            "input_throughput",
            "total_token_throughput",
        ] {
            assert!(r[col].is_null(), "{file}: {col} = {}", r[col]);
        }
    }
}

#[test]
fn every_label_of_the_real_outputs_is_known() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = run(perflab_in(here).args([
        "ingest",
        "--keep-going",
        "fixtures/corpus",
        "fixtures/variants",
        "fixtures/vllm",
        "fixtures/sglang",
        "fixtures/diff",
    ]));
    assert!(!out.stdout.is_empty(), "{}", out.stderr);
    assert!(!out.stderr.contains("unknown label"), "{}", out.stderr);
}
