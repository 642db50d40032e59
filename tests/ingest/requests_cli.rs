//! The requests frame end to end, on the real `vllm bench serve --save-detailed` runs in
//! `fixtures/vllm/` (README there): `ingest --requests`, goodput under `--slo`, `diff`
//! judged from one run per side, and hostile per-request data.

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::{json, Value};

use crate::common;

fn fixture(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(rel)
}

const RUN9: &str = "vllm/0.33.0-run9-goodput-failures/result.json";
const RUN10: &str = "vllm/0.33.0-run10-goodput-ttft22/result.json";

/// The binary in English by `PERFLAB_LANG`.
fn perflab() -> Command {
    let mut cmd = common::cli::perflab();
    cmd.env("PERFLAB_LANG", "en");
    cmd
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

#[test]
fn ingest_writes_the_requests_frame_and_vllms_goodput() {
    let dir = tempfile::tempdir().unwrap();
    let frame = dir.path().join("requests.ndjson");
    let out = run(perflab()
        .args([
            "ingest",
            "--json",
            "--slo",
            "ttft<=26",
            "--slo",
            "tpot<=2.4",
        ])
        .arg("--requests")
        .arg(&frame)
        .arg(fixture(RUN9)));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr.contains("40 requests written to"),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("warning"), "{}", out.stderr);
    let run: Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(run["requests"], json!(40));
    // vLLM printed `Request goodput (req/s): 18.08` for `--goodput ttft:26 tpot:2.4`.
    assert_eq!(run["slo_goodput"], run["request_goodput"]);
    assert_eq!(run["slo_attainment"], json!(0.3));
    let rows: Vec<Value> = fs::read_to_string(&frame)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 40);
    let failed: Vec<&Value> = rows.iter().filter(|r| r["ok"] == json!(false)).collect();
    assert_eq!(failed.len(), 3);
    assert_eq!(failed[0]["error"], json!("Internal Server Error"));
    assert_eq!(failed[0]["ttft_ms"], Value::Null);
}

/// A candidate whose TTFTs are the baseline's 10% slower, summary and requests alike
/// (a real run, edited: each TTFT and each latency grows by a tenth of the TTFT).
fn slower_by_ten_percent(dir: &Path) -> PathBuf {
    let mut v: Value = serde_json::from_str(&fs::read_to_string(fixture(RUN10)).unwrap()).unwrap();
    let ttfts: Vec<f64> = v["ttfts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_f64().unwrap())
        .collect();
    v["ttfts"] = json!(ttfts.iter().map(|t| t * 1.1).collect::<Vec<_>>());
    let lat: Vec<f64> = v["latencies"]
        .as_array()
        .unwrap()
        .iter()
        .zip(&ttfts)
        .map(|(l, t)| l.as_f64().unwrap() + 0.1 * t)
        .collect();
    v["latencies"] = json!(lat);
    for key in [
        "mean_ttft_ms",
        "median_ttft_ms",
        "std_ttft_ms",
        "p99_ttft_ms",
    ] {
        v[key] = json!(v[key].as_f64().unwrap() * 1.1);
    }
    // TPOT = (latency − TTFT) / (n − 1) is unchanged by the edit.
    let path = dir.join("candidate.json");
    fs::write(&path, serde_json::to_string(&v).unwrap()).unwrap();
    path
}

#[test]
fn ttfts_ten_percent_slower_are_a_significant_regression_from_one_run_each() {
    let dir = tempfile::tempdir().unwrap();
    let cand = slower_by_ten_percent(dir.path());
    let ingest = run(perflab().arg("ingest").arg(&cand));
    assert!(
        !ingest.stderr.contains("warning"),
        "the edit is consistent: {}",
        ingest.stderr
    );
    let out = run(perflab().arg("diff").arg(fixture(RUN10)).arg(&cand).args([
        "--fail-on",
        "median_ttft_ms>+5%",
        "--fail-on",
        "mean_ttft_ms>+5%",
        "--json",
    ]));
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    let pair = &v["pairs"][0];
    assert_eq!(pair["requests_tested"], json!(true));
    let metric = |name: &str| {
        pair["metrics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["metric"] == json!(name))
            .unwrap()
            .clone()
    };
    let median = metric("median_ttft_ms");
    assert_eq!(median["request_test"]["test"], json!("bootstrap"));
    assert_eq!(median["request_test"]["significant"], json!(true));
    assert_eq!(median["status"], json!("regression"));
    let mean = metric("mean_ttft_ms");
    assert_eq!(mean["request_test"]["test"], json!("mann_whitney"));
    assert_eq!(mean["status"], json!("regression"));
    // The table says which test decided; the HTML overlays the two distributions.
    let html = dir.path().join("diff.html");
    let out = run(perflab()
        .arg("diff")
        .arg(fixture(RUN10))
        .arg(&cand)
        .args(["--fail-on", "median_ttft_ms>+5%"])
        .arg("--html")
        .arg(&html));
    assert!(
        out.stdout
            .contains("decided by bootstrap over 40 and 40 requests"),
        "{}",
        out.stdout
    );
    let page = fs::read_to_string(&html).unwrap();
    assert!(page.contains("TTFT: share of requests at or below a latency"));
    assert!(page.contains("End-to-end latency over the run"));
    // Same inputs, same bytes (the bootstrap is seeded).
    let again = dir.path().join("again.html");
    run(perflab()
        .arg("diff")
        .arg(fixture(RUN10))
        .arg(&cand)
        .args(["--fail-on", "median_ttft_ms>+5%"])
        .arg("--html")
        .arg(&again));
    assert_eq!(page, fs::read_to_string(&again).unwrap());
}

#[test]
fn the_same_run_on_both_sides_is_no_regression() {
    let out = run(perflab()
        .arg("diff")
        .arg(fixture(RUN10))
        .arg(fixture(RUN10))
        .args(["--fail-on", "median_ttft_ms>+5%"]));
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
}

#[test]
fn hostile_lists_are_errors_naming_the_file_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let text = fs::read_to_string(fixture(RUN9)).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    v["latencies"].as_array_mut().unwrap().pop();
    let unequal = dir.path().join("unequal.json");
    fs::write(&unequal, serde_json::to_string(&v).unwrap()).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    v["ttfts"][3] = json!(-0.5);
    let negative = dir.path().join("negative.json");
    fs::write(&negative, serde_json::to_string(&v).unwrap()).unwrap();
    for (path, words) in [
        (&unequal, "`latencies` has 39 entries but `ttfts` has 40"),
        (&negative, "`ttfts` of request 3 is -0.5"),
    ] {
        let frame = dir.path().join("requests.parquet");
        let out = run(perflab()
            .arg("ingest")
            .arg(path)
            .arg("--requests")
            .arg(&frame));
        assert_eq!(out.code, 2, "{}", out.stderr);
        assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(out.stderr.contains(&format!("{name}:1:")), "{}", out.stderr);
        assert!(out.stderr.contains(words), "{}", out.stderr);
        assert!(!frame.exists(), "no half-written frame");
    }
}

/// A genai-perf request whose response times and outputs disagree names the request's
/// line (it named none until the fuzzer found it: tests/fuzz/regressions/requests/).
#[test]
fn a_genai_perf_request_without_its_response_times_names_its_line() {
    let path = fixture(
        "genai-perf/0.0.16-run1-chat-c4-artifacts/mock-model-openai-chat-concurrency4/profile_export.json",
    );
    let mut v: Value = serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap();
    let request = &mut v["experiments"][0]["requests"][3];
    request["response_timestamps"].as_array_mut().unwrap().pop();
    // A timestamp no other request has, to find the request's line by.
    let stamp = request["timestamp"].as_u64().unwrap() + 7;
    request["timestamp"] = json!(stamp);
    let text = serde_json::to_string_pretty(&v).unwrap();
    let line = text
        .lines()
        .position(|l| l.contains(&stamp.to_string()))
        .unwrap() as u64
        + 1;
    let (at, message) = perflab::requests::read_text(&text).unwrap_err();
    assert_eq!(at, Some(line), "{message}");
    assert!(message.contains("request 3"), "{message}");
}

#[test]
fn nan_in_the_lists_is_a_missing_value_not_a_wrong_number() {
    let dir = tempfile::tempdir().unwrap();
    let text = fs::read_to_string(fixture(RUN9)).unwrap();
    // vLLM writes Python's json: a NaN would be a bare `NaN`.
    let nan = text
        .replacen("\"ttfts\": [", "\"ttfts\": [NaN, ", 1)
        .replacen("\"latencies\": [", "\"latencies\": [NaN, ", 1);
    let nan = nan
        .replacen("\"itls\": [", "\"itls\": [[], ", 1)
        .replacen("\"errors\": [", "\"errors\": [\"\", ", 1)
        .replacen("\"input_lens\": [", "\"input_lens\": [10, ", 1)
        .replacen("\"output_lens\": [", "\"output_lens\": [1, ", 1)
        .replacen("\"start_times\": [", "\"start_times\": [NaN, ", 1);
    let path = dir.path().join("nan.json");
    fs::write(&path, nan).unwrap();
    let frame = dir.path().join("requests.csv");
    let out = run(perflab()
        .arg("ingest")
        .arg(&path)
        .arg("--requests")
        .arg(&frame));
    // One more successful request than the summary counts: a warning naming it, exit 0.
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("completed is 37 in the file, but its requests give 38"),
        "{}",
        out.stderr
    );
    let csv = fs::read_to_string(&frame).unwrap();
    let first = csv.lines().nth(1).unwrap();
    assert!(
        first.starts_with("nan.json,1,0,true,,10,1,,,,,[]"),
        "{first}"
    );
}

#[test]
fn an_unknown_frame_extension_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(perflab()
        .arg("ingest")
        .arg(fixture(RUN9))
        .arg("--requests")
        .arg(dir.path().join("requests.xlsx")));
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.contains(".parquet, .csv or .ndjson"),
        "{}",
        out.stderr
    );
}

#[test]
fn compare_shows_goodput_and_writes_the_distribution_charts() {
    let dir = tempfile::tempdir().unwrap();
    let charts = dir.path().join("charts");
    let out = run(perflab()
        .arg("compare")
        .arg(fixture(RUN9))
        .arg(fixture(RUN10))
        .args(["--slo", "ttft<=26", "--slo", "tpot<=2.4", "--json"])
        .arg("--charts")
        .arg(&charts));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    let row = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["key"] == json!("slo_goodput"))
        .expect("a slo_goodput row")
        .clone();
    // vLLM printed 18.08 and 36.03 req/s for these two runs.
    assert_eq!(format!("{:.2}", row["baseline"].as_f64().unwrap()), "18.08");
    assert_eq!(
        format!("{:.2}", row["candidate"].as_f64().unwrap()),
        "36.03"
    );
    let mut names: Vec<String> = fs::read_dir(&charts)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "cdf-e2el.svg",
            "cdf-tpot.svg",
            "cdf-ttft.svg",
            "e2el-over-time.svg"
        ]
    );
    // A summary-only run has no requests to draw.
    let out = run(perflab()
        .arg("compare")
        .arg(fixture("vllm/0.33.0-run6-c2/result.json"))
        .arg(fixture(RUN10))
        .arg("--charts")
        .arg(dir.path().join("none")));
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("--charts needs both runs"),
        "{}",
        out.stderr
    );
}

#[test]
fn keep_going_keeps_the_good_files_requests() {
    let dir = tempfile::tempdir().unwrap();
    let mut v: Value = serde_json::from_str(&fs::read_to_string(fixture(RUN9)).unwrap()).unwrap();
    v["errors"].as_array_mut().unwrap().push(json!(""));
    let bad = dir.path().join("bad.json");
    fs::write(&bad, serde_json::to_string(&v).unwrap()).unwrap();
    let frame = dir.path().join("requests.csv");
    let out = run(perflab()
        .args(["ingest", "--keep-going", "--json"])
        .arg(&bad)
        .arg(fixture(RUN10))
        .arg("--requests")
        .arg(&frame));
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr.contains("bad.json:1:") && out.stderr.contains("`errors` has 41"),
        "{}",
        out.stderr
    );
    assert_eq!(
        out.stdout.lines().count(),
        2,
        "both runs are still rows: {}",
        out.stdout
    );
    let rows = fs::read_to_string(&frame).unwrap().lines().count();
    assert_eq!(rows, 41, "a header and the good file's 40 requests");
}

/// `report --slo` on a study whose variants are the real detailed runs 9 and 10: the
/// table holds each run's requests and its goodput under the SLOs (run 9's equals what vLLM
/// printed for `--goodput ttft:26 tpot:2.4`), and the CDFs draw both variants.
#[test]
fn report_judges_a_studys_requests_by_the_slos_and_draws_their_cdfs() {
    let dir = tempfile::tempdir().unwrap();
    let study = fixture("studies/vllm-detailed/study.toml");
    let out = run(perflab()
        .arg("report")
        .arg(&study)
        .args([
            "--slo",
            "ttft<=26",
            "--slo",
            "tpot<=2.4",
            "--slo",
            "p99_ttft_ms<=1000",
        ])
        .arg("--out")
        .arg(dir.path()));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let md = fs::read_to_string(dir.path().join("report.en.md")).unwrap();
    let ingest = run(perflab().args(["ingest", "--json"]).arg(fixture(RUN9)));
    let run9: Value = serde_json::from_str(ingest.stdout.trim()).unwrap();
    let goodput = run9["request_goodput"].as_f64().unwrap();
    let row = md
        .lines()
        .find(|l| l.starts_with("| run 9 (3 failures) |"))
        .unwrap_or_else(|| panic!("no row of run 9 in\n{md}"));
    let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
    assert_eq!(cells[1], "40", "{row}");
    assert_eq!(cells[2], "0.30", "{row}");
    // The goodput vLLM computed (the result JSON's full value), printed as vLLM prints it.
    assert_eq!(cells[3], format!("{goodput:.2}"), "{row} vs {goodput}");
    assert_eq!(cells[3], "18.08", "{row}");
    assert_eq!(cells[4], "yes", "{row}");
    assert!(md.contains("| run 10 | 40 |"), "{md}");
    assert!(md.contains("`ttft<=26`"), "{md}");
    for metric in ["ttft", "tpot", "e2el", "time"] {
        let rel = format!("charts/requests-1-{metric}.en.svg");
        assert!(md.contains(&rel), "{md}");
        let svg = fs::read_to_string(dir.path().join(&rel)).unwrap();
        assert!(
            svg.contains("run 9 (3 failures)") && svg.contains("run 10"),
            "{rel}"
        );
    }

    // Without an SLO the section counts the requests and draws them; every language.
    let plain = tempfile::tempdir().unwrap();
    let out = run(perflab()
        .arg("report")
        .arg(&study)
        // The study's texts are English only; the Russian and Chinese pages say so.
        .args(["--lang", "en,ru,zh-CN", "--allow-untranslated"])
        .arg("--out")
        .arg(plain.path())
        .current_dir(dir.path()));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let md = fs::read_to_string(plain.path().join("report.en.md")).unwrap();
    assert!(md.contains("no SLO was given"), "{md}");
    assert!(md.contains("| run 10 | 40 |"), "{md}");
    for lang in ["ru", "zh-CN"] {
        let md = fs::read_to_string(plain.path().join(format!("report.{lang}.md"))).unwrap();
        for kind in ["ttft", "time"] {
            let rel = format!("charts/requests-1-{kind}.{lang}.svg");
            assert!(md.contains(&rel), "{md}");
            assert!(plain.path().join(&rel).is_file(), "{rel}");
        }
        assert!(!md.contains("report-requests-"), "{md}");
    }
}

/// Without `--requests`, ingest reads each file's requests in its first pass (no second
/// read); with it, after, to write them in order. Both give the same runs, the same
/// warnings, and a file whose requests are broken is the same error either way.
#[test]
fn the_first_pass_and_the_writing_pass_give_the_same_runs() {
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.json");
    let text = fs::read_to_string(fixture(RUN9)).unwrap();
    fs::write(
        &broken,
        text.replacen("\"ttfts\": [", "\"ttfts\": [-1.0, ", 1),
    )
    .unwrap();
    let slos = ["--slo", "ttft<=26", "--slo", "tpot<=2.4"];
    let sources = [fixture(RUN9), fixture("sglang")];
    let first = run(perflab()
        .args(["ingest", "--json"])
        .args(slos)
        .args(&sources));
    let writing = run(perflab()
        .args(["ingest", "--json"])
        .args(slos)
        .arg("--requests")
        .arg(dir.path().join("r.ndjson"))
        .args(&sources));
    assert_eq!((first.code, writing.code), (0, 0), "{}", first.stderr);
    assert_eq!(first.stdout, writing.stdout);
    let warnings = |s: &str| -> Vec<String> {
        s.lines()
            .filter(|l| l.contains("warning"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(warnings(&first.stderr), warnings(&writing.stderr));
    let runs: Vec<Value> = first
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(runs[0]["requests"], json!(40));
    assert_eq!(runs[0]["slo_goodput"], runs[0]["request_goodput"]);

    // A negative TTFT in the requests: exit 2 naming the file, both ways; with
    // --keep-going its run stays, without requests, and the exit code is still 2.
    for extra in [vec![], vec!["--requests".to_owned(), "r2.csv".to_owned()]] {
        let out = run(perflab()
            .current_dir(dir.path())
            .args(["ingest", "--json"])
            .args(&extra)
            .arg(&broken));
        assert_eq!(out.code, 2, "{}", out.stderr);
        assert!(out.stderr.contains("broken.json"), "{}", out.stderr);
        let kept = run(perflab()
            .current_dir(dir.path())
            .args(["ingest", "--json", "--keep-going"])
            .args(&extra)
            .arg(&broken));
        assert_eq!(kept.code, 2, "{}", kept.stderr);
        let run: Value = serde_json::from_str(kept.stdout.trim()).unwrap();
        assert_eq!(run["completed"], json!(37), "{}", kept.stdout);
        assert!(run.get("requests").is_none(), "{}", kept.stdout);
    }
}
