//! `perflab curves` and the sweep readers as a user runs them, on the real
//! `vllm bench sweep serve` folder (fixtures/vllm-sweep) and guidellm's multi-benchmark
//! report (its page is checked in headless Chromium by `tests/programs/html_browser.rs`).

use std::path::Path;

use serde_json::{json, Value as Json};

use crate::common::cli::perflab;
use crate::common::sweep::{sweep_of, SWEEP};

fn lines(stdout: &[u8]) -> Vec<Json> {
    std::str::from_utf8(stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// A run file of the fixture, read with serde_json alone (not with perflab's reader).
fn raw(dir: &str, run: u32) -> Json {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(SWEEP)
        .join(dir)
        .join(format!("run={run}.json"));
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn each_sweep_run_is_read_once_with_its_overrides_and_failures_are_reported() {
    let out = perflab()
        .args(["ingest", "--json", SWEEP])
        .assert()
        .success()
        .get_output()
        .clone();
    let runs = lines(&out.stdout);
    // 2 serve × 4 bench combinations × 2 runs; no warm-up, summary or failure is a run.
    assert_eq!(runs.len(), 16);
    let mut sources: Vec<&str> = runs.iter().map(|r| r["source"].as_str().unwrap()).collect();
    sources.sort();
    sources.dedup();
    assert_eq!(sources.len(), 16);
    assert!(sources
        .iter()
        .all(|s| s.ends_with("/run=0.json") || s.ends_with("/run=1.json")));
    for r in &runs {
        let dir = r["source"].as_str().unwrap().split('/').next().unwrap();
        let want = raw(dir, r["run_number"].as_f64().unwrap() as u32);
        // The overrides as columns under their own names, with the result's own numbers.
        for key in ["itl_ms", "max_concurrency", "p99_ttft_ms", "run_number"] {
            assert_eq!(r[key].as_f64(), want[key].as_f64(), "{dir} {key}");
        }
        assert!(dir.contains(&format!("itl_ms={}", want["itl_ms"])), "{dir}");
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Two failed runs and a failed warm-up per serve combination, one crashed server.
    assert_eq!(stderr.matches("perflab: warning:").count(), 7, "{stderr}");
    assert_eq!(stderr.matches("of the sweep failed").count(), 7, "{stderr}");
    assert!(stderr.contains(
        "SERVE-itl_ms=bad-failure.json: the server combination of the sweep failed (itl_ms=\"bad\"): RuntimeError: Server process crashed with return code 2"
    ), "{stderr}");
    assert!(stderr.contains("run 1 of the sweep failed (itl_ms=6, max_concurrency=8, request_rate=\"fast\"): CalledProcessError: "), "{stderr}");
}

#[test]
fn a_summary_without_its_run_files_is_read_instead() {
    let dir = tempfile::tempdir().unwrap();
    let comb = "SERVE--itl_ms=2-BENCH--max_concurrency=4";
    let to = dir.path().join(comb);
    std::fs::create_dir(&to).unwrap();
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join(SWEEP).join(comb);
    std::fs::copy(from.join("summary.json"), to.join("summary.json")).unwrap();
    std::fs::copy(from.join("warmup.json"), to.join("warmup.json")).unwrap();
    let out = perflab()
        .arg("ingest")
        .arg("--json")
        .arg(dir.path())
        .assert()
        .success()
        .get_output()
        .clone();
    let runs = lines(&out.stdout);
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[0]["run_number"].as_f64(), Some(0.0));
    assert_eq!(runs[1]["run_number"].as_f64(), Some(1.0));
    assert_eq!(runs[1]["p99_ttft_ms"], raw(comb, 1)["p99_ttft_ms"]);
}

fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len() as f64
}

#[test]
fn capacity_of_the_real_sweep_is_the_documented_interpolation() {
    let out = perflab()
        .args([
            "curves",
            SWEEP,
            "--x",
            "max_concurrency",
            "--y",
            "p99_ttft_ms,output_throughput",
            "--slo",
            "p99_ttft_ms<=50",
            "--json",
        ])
        .assert()
        .success()
        .get_output()
        .clone();
    let series = lines(&out.stdout);
    assert_eq!(series.len(), 2);
    assert_eq!(series[0]["series"], json!({"itl_ms": 2}));
    assert_eq!(series[1]["series"], json!({"itl_ms": 6}));
    for (s, itl) in series.iter().zip([2, 6]) {
        assert_eq!(s["points"], json!(4));
        assert_eq!(s["capacity_bound"], json!("interpolated"));
        // Every point holds at 16 and fails at 64: x* = 16 + (50 − m16)·48/(m64 − m16),
        // m the mean p99 TTFT of the two repeats, read straight from the run files.
        let m = |c: u32, what: &str| {
            let dir = format!("SERVE--itl_ms={itl}-BENCH--max_concurrency={c}");
            mean(&[
                raw(&dir, 0)[what].as_f64().unwrap(),
                raw(&dir, 1)[what].as_f64().unwrap(),
            ])
        };
        let (m16, m64) = (m(16, "p99_ttft_ms"), m(64, "p99_ttft_ms"));
        assert!(m16 <= 50.0 && m64 > 50.0);
        let want = 16.0 + (50.0 - m16) * 48.0 / (m64 - m16);
        let got = s["capacity"].as_f64().unwrap();
        assert!((got - want).abs() < 1e-9, "itl_ms={itl}: {got} vs {want}");
        let (t16, t64) = (m(16, "output_throughput"), m(64, "output_throughput"));
        let tput = t16 + (t64 - t16) * (want - 16.0) / 48.0;
        let at = s["at_capacity"]["output_throughput"].as_f64().unwrap();
        assert!((at - tput).abs() < 1e-6, "{at} vs {tput}");
        // Two repeats: t(0.975, 1) = 12.706 makes the interval wide, but it brackets x*.
        let interval = s["capacity_interval"].as_array().unwrap();
        assert!(interval[1].is_null() || interval[1].as_f64().unwrap() >= got);
        assert!(interval[0].is_null() || interval[0].as_f64().unwrap() <= got);
    }
    // By hand from the printed values of itl_ms=2: m16 = (30.69 + 36.25)/2 = 33.47,
    // m64 = (71.36 + 95.01)/2 = 83.19, x* = 16 + 16.53·48/49.72 ≈ 31.96.
    assert!((series[0]["capacity"].as_f64().unwrap() - 31.96).abs() < 0.01);
}

#[test]
fn no_crossing_and_two_slos_on_the_real_sweep() {
    let run = |slos: &[&str]| {
        let mut cmd = perflab();
        cmd.args([
            "curves",
            SWEEP,
            "--x",
            "max_concurrency",
            "--y",
            "p99_ttft_ms",
            "--json",
        ]);
        for s in slos {
            cmd.args(["--slo", s]);
        }
        lines(&cmd.assert().success().get_output().stdout)
    };
    let all = run(&["p99_ttft_ms<=1000"]);
    assert!(all
        .iter()
        .all(|s| s["capacity_bound"] == "above_last" && s["capacity"] == 64.0));
    let none = run(&["p99_ttft_ms<=10"]);
    assert!(none
        .iter()
        .all(|s| s["capacity_bound"] == "below_first" && s["capacity"].is_null()));
    // TPOT of itl_ms=6 is 6.79 at 1 and 6.83 at 4, 7.40 at 16: `mean_tpot_ms<=7` fails
    // first between 4 and 16, before TTFT does; itl_ms=2 stays under 7 everywhere.
    let two = run(&["p99_ttft_ms<=50", "mean_tpot_ms<=7"]);
    assert_eq!(two[1]["limiting_slo"], json!("mean_tpot_ms<=7"));
    assert!(two[1]["capacity"].as_f64().unwrap() < 16.0);
    assert_eq!(two[0]["limiting_slo"], json!("p99_ttft_ms<=50"));
    let none_slo = run(&[]);
    assert!(none_slo[0]["capacity"].is_null() && none_slo[0]["capacity_bound"].is_null());
}

#[test]
fn pages_in_three_languages_are_deterministic() {
    let render = |lang: &str| {
        let dir = tempfile::tempdir().unwrap();
        perflab()
            .args([
                "curves",
                SWEEP,
                "--x",
                "max_concurrency",
                "--y",
                "p99_ttft_ms",
                "--slo",
                "p99_ttft_ms<=50",
                "--lang",
                lang,
                "--out",
            ])
            .arg(dir.path())
            .assert()
            .success();
        let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
        (
            read(&format!("curves.{lang}.md")),
            read(&format!("curves.{lang}.html")),
            read(&format!("charts/curve-1.{lang}.svg")),
            read(&format!("charts/pareto.{lang}.svg")),
        )
    };
    let en = render("en");
    assert_eq!(en, render("en"), "same inputs, same bytes");
    assert!(en.0.contains("| itl_ms=2 | 4 | 31.96 |"), "{}", en.0);
    assert!(
        en.1.contains("<svg role=\"img\""),
        "charts are inline in the page"
    );
    assert!(
        en.2.contains("p99_ttft_ms&lt;=50"),
        "the SLO line is labelled"
    );
    let ru = render("ru");
    assert!(ru.0.contains("## Ёмкость при SLO"), "{}", ru.0);
    assert!(ru.3.contains("Фронт"));
    let zh = render("zh-CN");
    assert!(zh.0.contains("## SLO 下的容量"), "{}", zh.0);
}

#[test]
fn guidellm_benchmarks_are_one_series_by_strategy() {
    let out = perflab()
        .args([
            "curves",
            "fixtures/guidellm/edited/sweep.benchmarks.json",
            "--x",
            "request_throughput",
            "--y",
            "output_throughput",
            "--json",
        ])
        .assert()
        .success()
        .get_output()
        .clone();
    let series = lines(&out.stdout);
    // `label` and `strategy` (concurrent@4, constant@2.50) only rename each load level.
    assert_eq!(series.len(), 1);
    assert_eq!(series[0]["series"], json!({}));
    assert_eq!(series[0]["points"], json!(2));
    let by_strategy = perflab()
        .args([
            "curves",
            "fixtures/guidellm/edited/sweep.benchmarks.json",
            "--x",
            "request_throughput",
            "--y",
            "output_throughput",
            "--by",
            "strategy",
            "--json",
        ])
        .assert()
        .success()
        .get_output()
        .clone();
    let series = lines(&by_strategy.stdout);
    assert_eq!(series[0]["series"], json!({"strategy": "concurrent@4"}));
    assert_eq!(series[1]["series"], json!({"strategy": "constant@2.50"}));
}

#[test]
fn bad_flags_are_errors_that_name_them() {
    for (args, message) in [
        (vec!["--slo", "p99_ttft_ms=50"], "--slo `p99_ttft_ms=50`"),
        (
            vec!["--slo", "p99_tft_ms<=50"],
            "--slo p99_tft_ms: no run has this column",
        ),
        (
            vec!["--by", "max_num_seqs"],
            "--by max_num_seqs: no run has this column",
        ),
    ] {
        let mut cmd = perflab();
        cmd.args([
            "curves",
            SWEEP,
            "--x",
            "max_concurrency",
            "--y",
            "p99_ttft_ms",
        ])
        .args(&args);
        let out = cmd.assert().code(2).get_output().clone();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(message), "{stderr}");
    }
}

#[test]
fn diff_of_two_sweeps_compares_capacity_and_fails_on_a_capacity_rule() {
    // The same sweep at 2 ms and at 6 ms inter-token latency: at 6 ms, mean TPOT passes
    // 7 ms between concurrency 4 (6.83) and 16 (7.40), long before TTFT reaches 50 ms.
    // One run per point (run=0 of each): no intervals, the change alone decides.
    let (fast, slow) = (sweep_of(2, 1), sweep_of(6, 1));
    let diff = |base: &Path, cand: &Path, code: i32| {
        let out = perflab()
            .arg("diff")
            .arg(base)
            .arg(cand)
            .args([
                "--curve-x",
                "max_concurrency",
                "--slo",
                "p99_ttft_ms<=50",
                "--slo",
                "mean_tpot_ms<=7",
                "--curve-by",
                "",
                "--fail-on",
                "capacity<-5%",
                "--json",
            ])
            .assert()
            .code(code)
            .get_output()
            .clone();
        let v: Json = serde_json::from_slice(&out.stdout).unwrap();
        v["capacity"]["rows"][0].clone()
    };
    let row = diff(fast.path(), slow.path(), 1);
    let (b, c) = (
        row["baseline"].as_f64().unwrap(),
        row["candidate"].as_f64().unwrap(),
    );
    // run=0 of itl_ms=2: p99 TTFT 30.69 at 16, 71.36 at 64 → 16 + 19.31·48/40.67.
    assert!(
        (b - (16.0 + (50.0 - 30.69) * 48.0 / (71.36 - 30.69))).abs() < 0.01,
        "{row}"
    );
    assert!(c > 4.0 && c < 16.0, "{row}");
    let change = row["change_percent"].as_f64().unwrap();
    assert!((change - (c - b) / b * 100.0).abs() < 1e-9);
    assert_eq!(row["checks"], json!([["capacity<-5%", "regression"]]));
    // The other way round the capacity grows: no regression, exit 0.
    let row = diff(slow.path(), fast.path(), 0);
    assert_eq!(row["checks"], json!([["capacity<-5%", "pass"]]));
    // With both repeats, two runs give t(0.975, 1) = 12.7 and intervals so wide that
    // they overlap: the same 76% drop is within noise, and does not fail.
    let (fast2, slow2) = (sweep_of(2, 2), sweep_of(6, 2));
    let row = diff(fast2.path(), slow2.path(), 0);
    assert!(
        (row["baseline"].as_f64().unwrap() - 31.96).abs() < 0.01,
        "{row}"
    );
    assert_eq!(row["checks"], json!([["capacity<-5%", "within_noise"]]));

    // The HTML page draws both sweeps on one chart: solid baseline, dashed candidate.
    let page = tempfile::tempdir().unwrap();
    let html = page.path().join("diff.html");
    perflab()
        .arg("diff")
        .arg(fast.path())
        .arg(slow.path())
        .args([
            "--curve-x",
            "max_concurrency",
            "--slo",
            "mean_tpot_ms<=7",
            "--fail-on",
            "capacity<-5%",
            "--html",
        ])
        .arg(&html)
        .assert()
        .code(1);
    let text = std::fs::read_to_string(&html).unwrap();
    assert!(
        text.contains("baseline: All runs") && text.contains("candidate: All runs"),
        "{text}"
    );
    assert!(text.contains("stroke-dasharray") || text.matches("<polyline").count() >= 2);
    assert!(text.contains("capacity regression"));
}

/// A load sweep made from one real detailed result (`vllm bench serve --save-detailed`,
/// 40 requests, TTFT 24.4–30.7 ms): the same requests at loads 1, 4, 16 and 64, each
/// request's TTFT `slowdown` times as long at each load (a server that queues more under
/// load), its end-to-end latency longer by the same time, the summary's TTFT statistics
/// scaled alike, so that the summary still agrees with its requests.
fn detailed_sweep(slowdown: [f64; 4]) -> tempfile::TempDir {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/vllm/0.33.0-run10-goodput-ttft22/result.json");
    let original: Json = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (c, k) in [1, 4, 16, 64].into_iter().zip(slowdown) {
        let mut run = original.clone();
        run["max_concurrency"] = json!(c);
        let ttfts: Vec<f64> = run["ttfts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_f64().unwrap())
            .collect();
        let latencies: Vec<f64> = run["latencies"]
            .as_array()
            .unwrap()
            .iter()
            .zip(&ttfts)
            .map(|(l, t)| l.as_f64().unwrap() + t * (k - 1.0))
            .collect();
        run["ttfts"] = json!(ttfts.iter().map(|t| t * k).collect::<Vec<_>>());
        run["latencies"] = json!(latencies);
        for stat in ["mean", "median", "std", "p99"] {
            let key = format!("{stat}_ttft_ms");
            run[&key] = json!(run[&key].as_f64().unwrap() * k);
        }
        let folder = dir.path().join(format!("c{c:02}"));
        std::fs::create_dir(&folder).unwrap();
        std::fs::write(folder.join("result.json"), run.to_string()).unwrap();
    }
    dir
}

#[test]
fn a_per_request_objective_defines_capacity_in_diff() {
    // `ttft<=100` on each request. The baseline's TTFTs at loads 1, 4, 16, 64 are 1, 2,
    // 3 and 4 times the real ones: every request meets 100 ms up to load 16 (at most
    // 92 ms), not all at 64 (97.5–122.6 ms). The candidate's every TTFT is doubled: at
    // load 4 (48.8–122.6 ms) already not all. The capacity rule used to see no SLO in
    // a per-request one and pass.
    let base = detailed_sweep([1.0, 2.0, 3.0, 4.0]);
    let cand = detailed_sweep([2.0, 4.0, 6.0, 8.0]);
    let diff = |base: &Path, cand: &Path, slo: &str, code: i32| {
        perflab()
            .arg("diff")
            .arg(base)
            .arg(cand)
            .args([
                "--curve-x",
                "max_concurrency",
                "--slo",
                slo,
                "--curve-by",
                "",
            ])
            .args(["--fail-on", "capacity<-5%", "--json"])
            .assert()
            .code(code)
            .get_output()
            .clone()
    };
    let out = diff(base.path(), cand.path(), "ttft<=100", 1);
    let v: Json = serde_json::from_slice(&out.stdout).unwrap();
    let row = &v["capacity"]["rows"][0];
    let (b, c) = (
        row["baseline"].as_f64().unwrap(),
        row["candidate"].as_f64().unwrap(),
    );
    assert!(b > 16.0 && b < 64.0, "{row}");
    assert!(c > 1.0 && c < 4.0, "{row}");
    assert_eq!(row["checks"], json!([["capacity<-5%", "regression"]]));
    assert_eq!(v["verdict"], json!("regression"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("warning"), "the summaries agree: {stderr}");
    // The other way round the capacity grows.
    let out = diff(cand.path(), base.path(), "ttft<=100", 0);
    let v: Json = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["capacity"]["rows"][0]["checks"],
        json!([["capacity<-5%", "pass"]])
    );
    // Runs that kept no requests (the sweep fixture's files hold only end-to-end
    // latencies) cannot be judged per request: an error that names the side.
    let (fast, slow) = (sweep_of(2, 1), sweep_of(6, 1));
    let out = diff(fast.path(), slow.path(), "ttft<=100", 2);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("kept its requests") && stderr.contains(&fast.path().display().to_string()),
        "{stderr}"
    );
    // An objective on a column no run has is an error too, not a capacity nobody has.
    let out = diff(fast.path(), slow.path(), "p99_ttft_msx<=50", 2);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--slo p99_ttft_msx"), "{stderr}");
}

#[test]
fn a_capacity_limit_already_missed_by_the_baseline_does_not_fail() {
    // The same sweep on both sides: capacity unchanged at 38.79, below the floor 40.
    let (a, b) = (sweep_of(2, 1), sweep_of(2, 1));
    let out = perflab()
        .arg("diff")
        .arg(a.path())
        .arg(b.path())
        .args(["--curve-x", "max_concurrency", "--slo", "p99_ttft_ms<=50"])
        .args(["--curve-by", "", "--fail-on", "capacity<40", "--json"])
        .assert()
        .code(0)
        .get_output()
        .clone();
    let v: Json = serde_json::from_slice(&out.stdout).unwrap();
    let row = &v["capacity"]["rows"][0];
    assert!(row["candidate"].as_f64().unwrap() < 40.0, "{row}");
    assert_eq!(row["checks"], json!([["capacity<40", "already_beyond"]]));
}

#[test]
fn a_capacity_rule_without_curves_is_an_error() {
    let (fast, slow) = (sweep_of(2, 1), sweep_of(6, 1));
    let out = perflab()
        .arg("diff")
        .arg(fast.path())
        .arg(slow.path())
        .args(["--fail-on", "capacity<-5%"])
        .assert()
        .code(2)
        .get_output()
        .clone();
    assert!(String::from_utf8_lossy(&out.stderr).contains("--curve-x"));
}

#[test]
fn the_verdict_line_fails_when_only_capacity_regressed() {
    // Only the capacity rule is set, so every matched pair of runs passes; the capacity
    // drop alone fails the diff, and every output says so, not only the exit code.
    let (fast, slow) = (sweep_of(2, 1), sweep_of(6, 1));
    let run = |json: bool| {
        let mut cmd = perflab();
        cmd.arg("diff").arg(fast.path()).arg(slow.path()).args([
            "--curve-x",
            "max_concurrency",
            "--slo",
            "mean_tpot_ms<=7",
            "--curve-by",
            "",
            "--fail-on",
            "capacity<-5%",
        ]);
        if json {
            cmd.arg("--json");
        }
        cmd.assert().code(1).get_output().clone()
    };
    let text = String::from_utf8(run(false).stdout).unwrap();
    let first = text.lines().next().unwrap();
    assert!(!first.contains("no regression"), "{text}");
    assert!(
        first.contains("capacity at the SLO regressed in 1 of 1 series"),
        "{text}"
    );
    let v: Json = serde_json::from_slice(&run(true).stdout).unwrap();
    assert_eq!(v["verdict"], json!("regression"), "{v}");
    assert_eq!(v["counts"]["capacity_regressions"], json!(1));
    assert_eq!(v["counts"]["regressions"], json!(0));
    // Grown capacity: the line says pass and the exit code is 0.
    let out = perflab()
        .arg("diff")
        .arg(slow.path())
        .arg(fast.path())
        .args([
            "--curve-x",
            "max_concurrency",
            "--slo",
            "mean_tpot_ms<=7",
            "--curve-by",
            "",
            "--fail-on",
            "capacity<-5%",
        ])
        .assert()
        .code(0)
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.lines().next().unwrap().contains("no regression"),
        "{text}"
    );
}
