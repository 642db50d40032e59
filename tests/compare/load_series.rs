//! Load series of AIPerf (sweeps, trials, multi-run folders) and inference-perf (a stage
//! per load level) as a user ingests them and draws them with `perflab curves`, on real
//! outputs of both tools (fixtures/aiperf, fixtures/inference-perf). Expected numbers come
//! from the tools' own files, read here with serde_json alone.

use std::path::{Path, PathBuf};

use serde_json::Value as Json;

use crate::common::cli::perflab;

const AIPERF_TRIALS: &str = "fixtures/aiperf/0.13.0-run6-sweep-c1-c4-trials2";
const AIPERF_MULTI: &str = "fixtures/aiperf/0.13.0-run7-multirun-c2-x3";
const AIPERF_SWEEP: &str = "fixtures/aiperf/0.13.0-run8-sweep-c1-c8";
const IP_RATES: &str = "fixtures/inference-perf/0.7.0-run4-constant-3stages";
const IP_CONC: &str = "fixtures/inference-perf/0.7.0-run5-concurrent-3stages-failures";

fn root(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)
}

fn json_file(path: &Path) -> Json {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn lines(stdout: &[u8]) -> Vec<Json> {
    std::str::from_utf8(stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

fn ingest(dir: &str) -> (Vec<Json>, String) {
    let out = perflab()
        .args(["ingest", "--json", dir])
        .assert()
        .success()
        .get_output()
        .clone();
    (
        lines(&out.stdout),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn curves(args: &[&str]) -> Vec<Json> {
    let out = perflab()
        .arg("curves")
        .args(args)
        .arg("--json")
        .assert()
        .success()
        .get_output()
        .clone();
    lines(&out.stdout)
}

#[test]
fn an_aiperf_sweep_with_trials_is_each_run_once_with_its_trial_number() {
    let (runs, stderr) = ingest(AIPERF_TRIALS);
    // 2 concurrencies × 2 trials; each run's JSON, CSV and console export are one run,
    // and the aggregates are not runs.
    assert_eq!(runs.len(), 4, "{runs:#?}");
    let mut seen: Vec<(f64, f64)> = runs
        .iter()
        .map(|r| {
            (
                r["max_concurrency"].as_f64().unwrap(),
                r["run_number"].as_f64().unwrap(),
            )
        })
        .collect();
    seen.sort_by(|a, b| a.partial_cmp(b).unwrap());
    assert_eq!(seen, [(1.0, 1.0), (1.0, 2.0), (4.0, 1.0), (4.0, 2.0)]);
    for r in &runs {
        let source = r["source"].as_str().unwrap();
        assert!(source.ends_with("/profile_export_aiperf.json"), "{source}");
        let raw = json_file(&root(AIPERF_TRIALS).join(source));
        assert_eq!(
            r["p99_ttft_ms"].as_f64(),
            raw["time_to_first_token"]["p99"].as_f64()
        );
        let trial = format!("trial_{:04}", r["run_number"].as_f64().unwrap() as u32);
        assert!(
            source.starts_with(&format!("profile_runs/{trial}/")),
            "{source}"
        );
    }
    assert!(stderr.contains("AIPerf"), "{stderr}");
}

#[test]
fn perflab_intervals_of_an_aiperf_multi_run_folder_are_aiperfs_own() {
    // Three runs at concurrency 2: one point whose mean and 95% interval (Student's t,
    // n − 1 degrees of freedom) are those AIPerf wrote in its aggregate.
    let (runs, _) = ingest(AIPERF_MULTI);
    assert_eq!(runs.len(), 3);
    let agg = json_file(&root(AIPERF_MULTI).join("aggregate/profile_export_aiperf_aggregate.json"));
    assert_eq!(agg["metadata"]["aggregation_type"], "confidence");
    let lines = curves(&[
        AIPERF_MULTI,
        "--x",
        "max_concurrency",
        "--y",
        "p99_ttft_ms",
        "--y",
        "output_throughput",
    ]);
    assert_eq!(lines.len(), 1);
    let point = &lines[0]["curve"][0];
    assert_eq!(point["x"], 2.0);
    assert_eq!(point["runs"], 3);
    for (ours, theirs) in [
        ("p99_ttft_ms", "time_to_first_token_p99"),
        ("output_throughput", "output_token_throughput_avg"),
    ] {
        let stat = &point["values"][ours];
        let a = &agg["metrics"][theirs];
        let (mean, ci) = (stat["mean"].as_f64().unwrap(), stat["ci"].as_f64().unwrap());
        let close = |x: f64, y: f64| (x - y).abs() <= 1e-9 * y.abs().max(1.0);
        assert!(
            close(mean, a["mean"].as_f64().unwrap()),
            "{ours}: {stat} {a}"
        );
        assert!(
            close(mean - ci, a["ci_low"].as_f64().unwrap()),
            "{ours}: {stat} {a}"
        );
        assert!(
            close(mean + ci, a["ci_high"].as_f64().unwrap()),
            "{ours}: {stat} {a}"
        );
    }
}

#[test]
fn an_aiperf_sweep_is_a_curve_with_its_capacity() {
    let (runs, _) = ingest(AIPERF_SWEEP);
    assert_eq!(runs.len(), 4);
    // p99 TTFT per concurrency, from the tool's files.
    let p99 = |c: u32| {
        json_file(&root(AIPERF_SWEEP).join(format!("concurrency_{c}/profile_export_aiperf.json")))
            ["time_to_first_token"]["p99"]
            .as_f64()
            .unwrap()
    };
    let ys: Vec<(f64, f64)> = [1, 2, 4, 8].iter().map(|&c| (c as f64, p99(c))).collect();
    // An SLO between the lowest and the highest p99: the documented interpolation
    // between the last load that holds and the first that does not.
    let lo = ys.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let hi = ys.iter().map(|p| p.1).fold(0.0, f64::max);
    let limit = (lo + hi) / 2.0;
    let slo = format!("p99_ttft_ms<={limit}");
    let line = &curves(&[
        AIPERF_SWEEP,
        "--x",
        "max_concurrency",
        "--y",
        "p99_ttft_ms",
        "--slo",
        &slo,
    ])[0];
    assert_eq!(line["points"], 4);
    let first_fail = ys.iter().position(|p| p.1 > limit).unwrap();
    let want = if first_fail == 0 {
        None
    } else {
        let (x0, y0) = ys[first_fail - 1];
        let (x1, y1) = ys[first_fail];
        Some(x0 + (limit - y0) * (x1 - x0) / (y1 - y0))
    };
    match want {
        Some(w) => {
            assert_eq!(line["capacity_bound"], "interpolated", "{line}");
            assert!(
                (line["capacity"].as_f64().unwrap() - w).abs() < 1e-9,
                "{line} {w}"
            );
        }
        None => assert_eq!(line["capacity_bound"], "below_first", "{line}"),
    }
}

#[test]
fn each_inference_perf_stage_is_a_run_at_its_rate() {
    let (runs, stderr) = ingest(IP_RATES);
    assert_eq!(runs.len(), 3, "{runs:#?}");
    for (r, (stage, rate)) in runs.iter().zip([(0.0, 2.0), (1.0, 5.0), (2.0, 10.0)]) {
        assert_eq!(r["format"], "inference-perf-json");
        assert_eq!(r["stage"].as_f64(), Some(stage));
        assert_eq!(r["request_rate"].as_f64(), Some(rate));
        let raw = json_file(&root(IP_RATES).join(r["source"].as_str().unwrap()));
        let s = &raw["successes"];
        assert_eq!(r["completed"], s["count"]);
        let ms = |v: &Json| v.as_f64().unwrap() * 1000.0;
        assert_eq!(
            r["mean_ttft_ms"].as_f64(),
            Some(ms(&s["latency"]["time_to_first_token"]["mean"]))
        );
        assert_eq!(
            r["p99_e2el_ms"].as_f64(),
            Some(ms(&s["latency"]["request_latency"]["p99"]))
        );
    }
    // The summary over all stages is reported as skipped, by kind.
    assert!(stderr.contains("inference-perf"), "{stderr}");
    let lines = curves(&[IP_RATES, "--x", "request_rate", "--y", "mean_e2el_ms"]);
    assert_eq!(
        lines.len(),
        1,
        "the stage number only renames the load: one series"
    );
    let xs: Vec<f64> = lines[0]["curve"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["x"].as_f64().unwrap())
        .collect();
    assert_eq!(xs, [2.0, 5.0, 10.0]);
}

#[test]
fn inference_perf_concurrent_stages_carry_their_concurrency_and_failures() {
    let (runs, _) = ingest(IP_CONC);
    assert_eq!(runs.len(), 3);
    let conc: Vec<f64> = runs
        .iter()
        .map(|r| r["max_concurrency"].as_f64().unwrap())
        .collect();
    assert_eq!(conc, [1.0, 4.0, 8.0]);
    assert!(runs
        .iter()
        .all(|r| r.get("request_rate").is_none_or(Json::is_null)));
    let summary = json_file(&root(IP_CONC).join("summary_lifecycle_metrics.json"));
    let failed: f64 = runs.iter().map(|r| r["failed"].as_f64().unwrap()).sum();
    assert_eq!(Some(failed), summary["failures"]["count"].as_f64());
}

const LATENCY_STUDY: &str = "fixtures/studies/qwen3.5-9b-h100-latency/study.toml";

/// Mean latency of a scenario run of the latency study, from its block as printed
/// (`Mean Latency(s): 2.09`), in ms.
fn mean_latency_ms(rate: u32, side: &str) -> f64 {
    let path = root("fixtures/studies/qwen3.5-9b-h100-latency/runs")
        .join(format!("other-rate-{rate}-{side}.txt"));
    let text = std::fs::read_to_string(path).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("Mean Latency(s):"))
        .unwrap();
    line.rsplit(' ').next().unwrap().parse::<f64>().unwrap() * 1000.0
}

fn report(langs: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    perflab()
        // The study's texts are English only: accepted in the other languages' pages.
        .args([
            "report",
            LATENCY_STUDY,
            "--lang",
            langs,
            "--allow-untranslated",
            "--out",
        ])
        .arg(dir.path())
        .assert()
        .success();
    dir
}

#[test]
fn the_latency_reports_rates_are_curves_with_their_capacity_in_the_report() {
    let dir = report("en,ru,zh-CN");
    let md = std::fs::read_to_string(dir.path().join("report.en.md")).unwrap();
    let section = &md[md.find("### Load curves").expect("a load-curves section")..];
    assert!(
        section
            .contains("![Mean E2E latency (ms) against Request rate](charts/load-curve-1.en.svg)"),
        "{section}"
    );
    // The SLO (mean latency <= 3000 ms) holds at rate 8 and fails at 16, on both sides:
    // capacity = 8 + (3000 - l8) / (l16 - l8) * 8, printed with two decimals.
    for (side, name) in [("baseline", "Baseline"), ("optimized", "Optimized")] {
        let (l8, l16) = (mean_latency_ms(8, side), mean_latency_ms(16, side));
        assert!(l8 <= 3000.0 && l16 > 3000.0);
        let cap = 8.0 + (3000.0 - l8) / (l16 - l8) * 8.0;
        let row = format!("| {name} | {cap:.2} |");
        assert!(section.contains(&row), "{row} not in {section}");
    }
    for lang in ["ru", "zh-CN"] {
        let md = std::fs::read_to_string(dir.path().join(format!("report.{lang}.md"))).unwrap();
        assert!(
            md.contains(&format!("charts/load-curve-1.{lang}.svg")),
            "{lang}"
        );
        assert!(dir
            .path()
            .join(format!("charts/load-curve-1.{lang}.svg"))
            .is_file());
    }
    let ru = std::fs::read_to_string(dir.path().join("report.ru.md")).unwrap();
    assert!(ru.contains("### Кривые нагрузки"), "{ru}");
    // The report with its curves still passes perflab's own check of every claim.
    let out = perflab()
        .arg("check")
        .arg(dir.path().join("report.en.md"))
        .assert()
        .success()
        .get_output()
        .clone();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains(" 0 wrong"), "{said}");
    // Same inputs, byte-identical output.
    let again = report("en");
    assert_eq!(
        std::fs::read(dir.path().join("charts/load-curve-1.en.svg")).unwrap(),
        std::fs::read(again.path().join("charts/load-curve-1.en.svg")).unwrap()
    );
}

#[test]
fn a_bad_slo_in_a_study_names_its_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let from = root("fixtures/studies/qwen3.5-9b-h100-latency");
    let text = std::fs::read_to_string(from.join("study.toml"))
        .unwrap()
        .replace("mean_e2el_ms<=3000", "mean_e2el_ms=3000");
    std::fs::write(dir.path().join("study.toml"), &text).unwrap();
    std::fs::create_dir(dir.path().join("runs")).unwrap();
    for f in std::fs::read_dir(from.join("runs")).unwrap() {
        let f = f.unwrap().path();
        std::fs::copy(&f, dir.path().join("runs").join(f.file_name().unwrap())).unwrap();
    }
    let line = text.lines().position(|l| l.starts_with("slo = ")).unwrap() + 1;
    let out = perflab()
        .arg("report")
        .arg(dir.path().join("study.toml"))
        .arg("--out")
        .arg(dir.path().join("out"))
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains(&format!("study.toml:{line}")), "{stderr}");
    assert!(stderr.contains("metrics.slo"), "{stderr}");
}
