//! `perflab history` as a user runs it: nightly `vllm bench serve` results (made from the
//! real result file in fixtures/history by scaling its throughputs) added to a folder
//! store, read back by the report and by `diff --against-history`, and the bad inputs:
//! a label without `=`, a store of another version, someone else's Parquet, a broken part.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use serde_json::Value as Json;

use crate::common;

const RESULT: &str = "fixtures/history/vllm-result.json";

/// The binary in English by `PERFLAB_LANG`, as a nightly job would set it.
fn perflab() -> assert_cmd::Command {
    let mut cmd = common::cli::perflab();
    cmd.env("PERFLAB_LANG", "en");
    cmd
}

fn real_result() -> Json {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(RESULT);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Night `i`'s result file: the real run with its throughputs scaled by `factor`.
fn night(dir: &Path, i: usize, factor: f64) -> PathBuf {
    let mut run = real_result();
    for key in [
        "request_throughput",
        "output_throughput",
        "total_token_throughput",
    ] {
        let v = run[key].as_f64().unwrap();
        run[key] = Json::from(v * factor);
    }
    let folder = dir.join(format!("night-{i:03}"));
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join("result.json");
    std::fs::write(&path, serde_json::to_string(&run).unwrap()).unwrap();
    path
}

fn date_of(i: usize) -> String {
    chrono_free_date(2026, 1, 1, i)
}

/// `2026-01-01` plus `i` days, without a date library in the tests.
fn chrono_free_date(y: i32, m: u32, d: u32, plus: usize) -> String {
    let days_in = |y: i32, m: u32| match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        _ => 28,
    };
    let (mut y, mut m, mut d) = (y, m, d);
    for _ in 0..plus {
        d += 1;
        if d > days_in(y, m) {
            d = 1;
            m += 1;
            if m > 12 {
                m = 1;
                y += 1;
            }
        }
    }
    format!("{y:04}-{m:02}-{d:02}")
}

fn add(store: &Path, file: &Path, i: usize) -> assert_cmd::assert::Assert {
    perflab()
        .args(["history", "add"])
        .arg(file)
        .arg("--store")
        .arg(store)
        .args([
            "--label",
            &format!("commit=c{i:03}"),
            "--label",
            "machine=h100-1",
        ])
        .args(["--date", &date_of(i)])
        .assert()
}

fn parts(store: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in walk(store) {
        if entry.extension().is_some_and(|e| e == "parquet") {
            out.push(entry);
        }
    }
    out.sort();
    out
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

/// A history of 40 nights with a 10% drop of throughput from night 25 on, noise ±1%.
fn stepped_history(tmp: &Path) -> PathBuf {
    let store = tmp.join("store");
    for i in 0..40 {
        let noise = [0.0, 0.007, -0.004, 0.01, -0.009, 0.003, -0.006][i % 7];
        let factor = if i >= 25 { 0.9 } else { 1.0 } * (1.0 + noise);
        let file = night(tmp, i, factor);
        add(&store, &file, i).success();
    }
    store
}

#[test]
fn adding_twice_adds_nothing_and_the_layout_is_hive_partitioned() {
    let tmp = tempfile::tempdir().unwrap();
    let store = tmp.path().join("store");
    let file = night(tmp.path(), 0, 1.0);
    let first = add(&store, &file, 0).success();
    let msg = String::from_utf8(first.get_output().stderr.clone()).unwrap();
    assert!(msg.contains("added one run"), "{msg}");
    let before = parts(&store);
    assert_eq!(before.len(), 1);
    let rel = before[0]
        .strip_prefix(&store)
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert!(
        rel.starts_with("date=2026-01-01/part-") && rel.ends_with(".parquet"),
        "{rel}"
    );
    assert!(store.join("_perflab_store.json").is_file());
    let bytes = std::fs::read(&before[0]).unwrap();

    let again = add(&store, &file, 0).success();
    let msg = String::from_utf8(again.get_output().stderr.clone()).unwrap();
    assert!(msg.contains("nothing added"), "{msg}");
    assert_eq!(parts(&store), before);
    assert_eq!(
        std::fs::read(&before[0]).unwrap(),
        bytes,
        "nothing rewritten"
    );

    // Another commit is another run, even with the same numbers.
    perflab()
        .args(["history", "add"])
        .arg(&file)
        .arg("--store")
        .arg(&store)
        .args([
            "--label",
            "commit=other",
            "--label",
            "machine=h100-1",
            "--date",
            "2026-01-01",
        ])
        .assert()
        .success();
    assert_eq!(parts(&store).len(), 2);
}

#[test]
fn bad_labels_dates_and_stores_are_clear_errors_and_change_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let store = tmp.path().join("store");
    let file = night(tmp.path(), 0, 1.0);
    let out = perflab()
        .args(["history", "add"])
        .arg(&file)
        .arg("--store")
        .arg(&store)
        .args(["--label", "commit"])
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("`commit` has no `=`"), "{err}");
    assert!(!store.exists(), "nothing written on a bad label");

    perflab()
        .args(["history", "add"])
        .arg(&file)
        .arg("--store")
        .arg(&store)
        .args(["--date", "2026-02-30"])
        .assert()
        .code(2);

    // A store of a later layout version.
    add(&store, &file, 0).success();
    let marker = store.join("_perflab_store.json");
    let original = std::fs::read_to_string(&marker).unwrap();
    std::fs::write(
        &marker,
        original.replace("\"version\": 1", "\"version\": 7"),
    )
    .unwrap();
    let before = parts(&store);
    let out = add(&store, &night(tmp.path(), 1, 1.0), 1).code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("layout version 7"), "{err}");
    assert_eq!(
        parts(&store),
        before,
        "nothing added to a store of another version"
    );
    std::fs::write(&marker, original).unwrap();

    // Someone else's Parquet inside the store: named in the error, left alone.
    let foreign = store.join("date=2026-01-01").join("part-foreign.parquet");
    perflab()
        .args(["ingest"])
        .arg(&file)
        .arg("--parquet")
        .arg(tmp.path().join("frame.parquet"))
        .assert()
        .success();
    // A runs frame is Parquet but has no run_id: not a part of the store.
    std::fs::copy(tmp.path().join("frame.parquet"), &foreign).unwrap();
    let out = perflab()
        .args([
            "history",
            "report",
            "--metric",
            "output_throughput",
            "--json",
            "--store",
        ])
        .arg(&store)
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        err.contains("part-foreign.parquet") && err.contains("run_id"),
        "{err}"
    );
    assert!(foreign.is_file());

    // A part whose Parquet is broken where polars' reader panicked ("thrift bool field",
    // an input the fuzzer made: tests/fuzz/regressions/history/): the same error, naming
    // it, not a crash.
    let broken = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz/regressions/history/thrift-bool-field.bin");
    std::fs::copy(broken, &foreign).unwrap();
    let out = perflab()
        .args(["history", "report", "--json", "--store"])
        .arg(&store)
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        err.contains("part-foreign.parquet is not a part written by perflab history")
            && !err.contains("panicked"),
        "{err}"
    );
    std::fs::remove_file(&foreign).unwrap();

    // A folder of other files is not a store: refused before anything is written.
    let other = tmp.path().join("other");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("data.parquet"), b"PAR1").unwrap();
    let out = add(&other, &file, 0).code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("not a perflab history store"), "{err}");
    assert!(!other.join("_perflab_store.json").exists());
}

/// A saved runs frame whose Parquet is broken where polars' reader panics (the fuzzer's
/// history input, given to `diff` as a frame): exit 2 naming the file, not a crash.
#[test]
fn a_broken_parquet_frame_given_to_diff_is_an_error_naming_it() {
    let tmp = tempfile::tempdir().unwrap();
    let broken = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fuzz/regressions/history/thrift-bool-field.bin");
    let frame = tmp.path().join("runs.parquet");
    std::fs::copy(broken, &frame).unwrap();
    let out = perflab()
        .arg("diff")
        .arg(&frame)
        .arg(&frame)
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(
        err.contains("runs.parquet") && !err.contains("panicked"),
        "{err}"
    );
}

#[test]
fn a_broken_fail_on_rule_in_the_config_is_an_error_of_the_report() {
    // `diff` refuses this rule; the report used to watch the default metrics instead.
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("perflab.toml"),
        "[diff]\nfail-on = [\"output_throughput-5%\", \"failed>0\"]\n",
    )
    .unwrap();
    let out = perflab()
        .current_dir(tmp.path())
        .args(["history", "report", "--json", "--store"])
        .arg(tmp.path().join("store"))
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("perflab.toml") && stderr.contains("output_throughput-5%"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn the_report_finds_the_step_at_its_night_with_the_commit() {
    let tmp = tempfile::tempdir().unwrap();
    let store = stepped_history(tmp.path());
    let out = perflab()
        .args([
            "history",
            "report",
            "--metric",
            "output_throughput",
            "--json",
            "--store",
        ])
        .arg(&store)
        .assert()
        .success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<Json> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 1, "one series: {text}");
    let s = &lines[0];
    assert_eq!(s["runs"], 40);
    // No --key: the series is the workload the nights share (not the file name).
    assert_eq!(s["series"]["model_id"], "mock-model", "{text}");
    assert!(s["series"].get("source").is_none(), "{text}");
    let cps = s["change_points"].as_array().unwrap();
    assert_eq!(cps.len(), 1, "{text}");
    let cp = &cps[0];
    assert_eq!(cp["date"], date_of(25));
    assert_eq!(cp["labels"]["commit"], "c025");
    assert_eq!(cp["labels"]["machine"], "h100-1");
    let step = cp["step_pct"].as_f64().unwrap();
    assert!((step + 10.0).abs() < 1.0, "{step}");
    assert!(cp["p_value"].as_f64().unwrap() <= 0.01);

    // Deterministic: the same report twice, byte for byte, pages included.
    let again = perflab()
        .args([
            "history",
            "report",
            "--metric",
            "output_throughput",
            "--json",
            "--store",
        ])
        .arg(&store)
        .assert()
        .success();
    assert_eq!(again.get_output().stdout, out.get_output().stdout);

    let pages = tmp.path().join("pages");
    perflab()
        .args([
            "--lang",
            "en,ru,zh-CN",
            "history",
            "report",
            "--metric",
            "output_throughput",
        ])
        .arg("--store")
        .arg(&store)
        .arg("--out")
        .arg(&pages)
        .args(["--format", "md"])
        .assert()
        .success();
    let md = std::fs::read_to_string(pages.join("history.en.md")).unwrap();
    assert!(md.contains("c025") && md.contains(&date_of(25)), "{md}");
    assert!(md.contains("-10."), "{md}");
    let ru = std::fs::read_to_string(pages.join("history.ru.md")).unwrap();
    assert!(ru.contains("Точки изменения"), "{ru}");
    let html = std::fs::read_to_string(pages.join("history.zh-CN.html")).unwrap();
    assert!(html.contains("<svg") && html.contains("变化点"));
    assert!(pages.join("charts/trend-1.en.svg").is_file());
    // The chart: dates and commits on x (the first night written out), the metric's
    // Russian name with its unit on y, the change point marked with its commit.
    let svg = std::fs::read_to_string(pages.join("charts/trend-1.ru.svg")).unwrap();
    let texts: Vec<&str> = svg
        .split("<text")
        .skip(1)
        .filter_map(|t| Some(t.split_once('>')?.1.split_once("</text>")?.0.trim()))
        .collect();
    assert!(texts.contains(&"TPS вывода (tok/s)"), "{texts:?}");
    assert!(texts.contains(&date_of(0).as_str()), "{texts:?}");
    assert!(
        texts.contains(&"c000") && texts.contains(&"Дата и commit"),
        "{texts:?}"
    );
    assert!(
        texts.iter().any(|t| t.starts_with("c025 -10.")),
        "{texts:?}"
    );
    assert!(!svg.contains("output_throughput"));

    // The site: the drop of night 25 is on the first page when the window reaches it.
    let site = tmp.path().join("site");
    let written = perflab()
        .args(["--lang", "en,ru", "history", "report", "--since", "20"])
        .args(["--metric", "output_throughput"])
        .arg("--store")
        .arg(&store)
        .arg("--out")
        .arg(&site)
        .assert()
        .success();
    let listed = String::from_utf8(written.get_output().stdout.clone()).unwrap();
    assert_eq!(
        listed.lines().count(),
        6,
        "the pages, not the data: {listed}"
    );
    let ru = std::fs::read_to_string(site.join("index.ru.html")).unwrap();
    assert!(ru.contains("Content-Security-Policy"), "{ru}");
    assert!(
        ru.contains("ухудшение") && ru.contains("commit=c025"),
        "{ru}"
    );
    assert!(ru.contains(&date_of(25)), "{ru}");
    assert!(!ru.contains("Regressions first"), "{ru}");
    let data = std::fs::read_to_string(site.join("data/s/1.js")).unwrap();
    assert!(data.starts_with("window.PERFLAB_SERIES = {"), "{data}");
    assert!(site.join("site.js").is_file() && site.join("data/nights.js").is_file());
    // Seven nights back from night 39 do not reach night 25.
    let late = tmp.path().join("late");
    perflab()
        .args(["history", "report", "--metric", "output_throughput"])
        .arg("--store")
        .arg(&store)
        .arg("--out")
        .arg(&late)
        .assert()
        .success();
    let en = std::fs::read_to_string(late.join("index.en.html")).unwrap();
    assert!(en.contains("No change point in these nights."), "{en}");
    assert!(
        en.contains(&format!("from {} to {}", date_of(33), date_of(39))),
        "{en}"
    );

    // --since leaves the older nights out; the change is then at the same night.
    let out = perflab()
        .args([
            "history",
            "report",
            "--metric",
            "output_throughput",
            "--json",
        ])
        .args(["--since", &date_of(10), "--store"])
        .arg(&store)
        .assert()
        .success();
    let line: Json = serde_json::from_slice(
        out.get_output()
            .stdout
            .split(|b| *b == b'\n')
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(line["runs"], 30);
    assert_eq!(line["change_points"][0]["date"], date_of(25));
}

#[test]
fn diff_against_history_uses_the_last_runs_of_the_key_as_baseline() {
    let tmp = tempfile::tempdir().unwrap();
    let store = tmp.path().join("store");
    for i in 0..12 {
        let noise = [0.0, 0.004, -0.003, 0.005, -0.004, 0.002][i % 6];
        add(&store, &night(tmp.path(), i, 1.0 + noise), i).success();
    }
    // Within the noise of the last 10 nights: passes.
    let ok = night(tmp.path(), 100, 1.001);
    perflab()
        .args(["diff", "--against-history"])
        .arg(&store)
        .arg(&ok)
        .args(["--fail-on", "output_throughput<-5%", "--json"])
        .assert()
        .code(0);
    // 20% slower: a regression, exit 1.
    let slow = night(tmp.path(), 101, 0.8);
    let out = perflab()
        .args(["diff", "--against-history"])
        .arg(&store)
        .arg(&slow)
        .args([
            "--window",
            "5",
            "--fail-on",
            "output_throughput<-5%",
            "--json",
        ])
        .assert()
        .code(1);
    let v: Json = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["verdict"], "regression", "{v}");
    assert_eq!(
        v["pairs"][0]["baseline_runs"], 5,
        "the last --window nights: {v}"
    );
    assert_eq!(v["pairs"][0]["candidate_runs"], 1);
}

#[test]
fn an_interrupted_add_leaves_no_partial_part() {
    let tmp = tempfile::tempdir().unwrap();
    let store = tmp.path().join("store");
    // Many runs in one add, so that the write takes long enough to be interrupted.
    let dir = tmp.path().join("many");
    for i in 0..300 {
        let f = night(&dir, i, 1.0 + i as f64 * 1e-4);
        let _ = f;
    }
    add(&store, &night(tmp.path(), 999, 1.0), 0).success();
    for delay_ms in [1u64, 5, 10, 20, 40, 80] {
        let mut child = common::cli::perflab_process_in(Path::new(env!("CARGO_MANIFEST_DIR")))
            .args(["history", "add"])
            .arg(&dir)
            .arg("--store")
            .arg(&store)
            .args([
                "--label",
                &format!("try={delay_ms}"),
                "--date",
                "2026-01-01",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        let _ = child.kill();
        let _ = child.wait();
        // Whatever the moment of the kill, every visible part is whole: the report reads
        // them all.
        perflab()
            .args([
                "history",
                "report",
                "--metric",
                "output_throughput",
                "--json",
                "--store",
            ])
            .arg(&store)
            .assert()
            .success();
        for p in parts(&store) {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            assert!(
                name.starts_with("part-") && name.ends_with(".parquet"),
                "{name}"
            );
        }
    }
    // An add that fails to write (a read-only partition) leaves the store as it was.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let day = store.join("date=2026-01-01");
        let before = parts(&store);
        std::fs::set_permissions(&day, std::fs::Permissions::from_mode(0o555)).unwrap();
        let out = perflab()
            .args(["history", "add"])
            .arg(night(tmp.path(), 500, 1.2))
            .arg("--store")
            .arg(&store)
            .args(["--date", "2026-01-01"])
            .output()
            .unwrap();
        std::fs::set_permissions(&day, std::fs::Permissions::from_mode(0o755)).unwrap();
        // Root may write anyway; then the add succeeded whole.
        if !out.status.success() {
            assert_eq!(out.status.code(), Some(2));
            assert_eq!(parts(&store), before);
        }
    }
}

#[test]
fn two_adds_at_once_do_not_corrupt_the_store() {
    let tmp = tempfile::tempdir().unwrap();
    let store = tmp.path().join("store");
    add(&store, &night(tmp.path(), 0, 1.0), 0).success();
    let a = night(tmp.path(), 1, 1.01);
    let b = night(tmp.path(), 2, 0.99);
    let spawn = |file: &Path| {
        common::cli::perflab_process_in(Path::new(env!("CARGO_MANIFEST_DIR")))
            .args(["history", "add"])
            .arg(file)
            .arg("--store")
            .arg(&store)
            .args(["--date", "2026-01-02"])
            .stderr(Stdio::null())
            .spawn()
            .unwrap()
    };
    // The same file twice and another file, all at once.
    let mut children = vec![spawn(&a), spawn(&a), spawn(&b)];
    for c in &mut children {
        assert!(c.wait().unwrap().success());
    }
    let out = perflab()
        .args([
            "history",
            "report",
            "--metric",
            "output_throughput",
            "--json",
            "--store",
        ])
        .arg(&store)
        .assert()
        .success();
    let line: Json = serde_json::from_slice(
        out.get_output()
            .stdout
            .split(|b| *b == b'\n')
            .next()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(line["runs"], 3, "each run once: {line}");
}

/// Without `--date`, each run goes under the day its file stamped it with (vLLM's `date`,
/// guidellm's `start_time`), a file without a stamp under today; `--date` overrides both.
#[test]
fn without_date_each_run_goes_under_its_own_day() {
    let tmp = tempfile::tempdir().unwrap();
    let store = tmp.path().join("store");
    // Real results: vLLM stamped 20261201-192335 and 20261129-224045; guidellm started
    // at Unix 1795991719.78 (2026-11-29 UTC).
    let files = [
        "fixtures/vllm/0.33.0-run6-c2/result.json",
        RESULT,
        "fixtures/guidellm/0.8.1-run1/benchmarks.json",
    ];
    let out = perflab()
        .args(["history", "add"])
        .args(files)
        .arg("--store")
        .arg(&store)
        .assert()
        .success();
    let msg = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    let days: Vec<String> = parts(&store)
        .iter()
        .map(|p| {
            let rel = p
                .strip_prefix(&store)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            rel.split('/').next().unwrap().to_owned()
        })
        .collect();
    assert_eq!(days, ["date=2026-11-29", "date=2026-12-01"], "{msg}");
    assert_eq!(msg.lines().count(), 2, "one message per day: {msg}");

    // The runs frame keeps the stamp as a column.
    let ingest = perflab()
        .args([
            "ingest",
            "--json",
            "fixtures/vllm/0.33.0-run6-c2/result.json",
        ])
        .assert()
        .success();
    let line = String::from_utf8(ingest.get_output().stdout.clone()).unwrap();
    let run: Json = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(run["run_timestamp"], "2026-12-01T19:23:35", "{line}");

    // `--date` puts every run under that day.
    let other = tmp.path().join("other");
    perflab()
        .args(["history", "add"])
        .args(files)
        .arg("--store")
        .arg(&other)
        .args(["--date", "2026-01-05"])
        .assert()
        .success();
    let all: Vec<_> = parts(&other);
    assert_eq!(all.len(), 1);
    assert!(all[0].to_string_lossy().contains("date=2026-01-05"));
}

/// vLLM names each result by its timestamp (`vllm-20261101-0200.json`, …): a nightly job's
/// files differ in name and stamp only. Added in one go without `--date` and reported
/// without `--key`, they are one series of the workload, each night under its own day;
/// keyed by file they would be one series per night, none with a trend.
#[test]
fn timestamp_named_nightly_files_are_one_series() {
    let tmp = tempfile::tempdir().unwrap();
    let results = tmp.path().join("results");
    std::fs::create_dir_all(&results).unwrap();
    let noise = [0.0, 0.006, -0.004, 0.008, -0.007, 0.003, -0.005];
    for i in 0..14 {
        let day = i + 1;
        let mut run = real_result();
        run["date"] = Json::from(format!("202611{day:02}-020000"));
        let factor = if i >= 7 { 0.9 } else { 1.0 } * (1.0 + noise[i % 7]);
        for key in ["request_throughput", "output_throughput"] {
            let v = run[key].as_f64().unwrap();
            run[key] = Json::from(v * factor);
        }
        let name = format!("vllm-202611{day:02}-0200.json");
        std::fs::write(results.join(name), serde_json::to_string(&run).unwrap()).unwrap();
    }
    let store = tmp.path().join("store");
    perflab()
        .args(["history", "add"])
        .arg(&results)
        .arg("--store")
        .arg(&store)
        .assert()
        .success();
    assert_eq!(parts(&store).len(), 14, "one part per night");
    let report = |key: &[&str]| -> Vec<Json> {
        let out = perflab()
            .args(["history", "report", "--metric", "output_throughput"])
            .args(key)
            .arg("--json")
            .arg("--store")
            .arg(&store)
            .assert()
            .success();
        String::from_utf8(out.get_output().stdout.clone())
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let lines = report(&[]);
    assert_eq!(lines.len(), 1, "one series: {lines:?}");
    let s = &lines[0];
    assert_eq!(s["runs"], 14, "{s}");
    assert_eq!(s["series"]["model_id"], "mock-model", "{s}");
    assert!(s["series"].get("source").is_none(), "{s}");
    assert_eq!(s["latest"]["date"], "2026-11-14", "{s}");
    let cps = s["change_points"].as_array().unwrap();
    assert_eq!(cps.len(), 1, "{s}");
    assert_eq!(cps[0]["date"], "2026-11-08", "{s}");
    let step = cps[0]["step_pct"].as_f64().unwrap();
    assert!((step + 10.0).abs() < 1.0, "{step}");

    // By file name, as before workload keys: fourteen series of one run, no trend.
    let by_file = report(&["--key", "source"]);
    assert_eq!(by_file.len(), 14);
    assert!(by_file
        .iter()
        .all(|s| s["runs"] == 1 && s["change_points"] == Json::Array(vec![])));
}

/// Night `i`'s result with each named value scaled by its factor.
fn night_scaled(dir: &Path, i: usize, scale: &[(&str, f64)]) -> PathBuf {
    let mut run = real_result();
    for (key, factor) in scale {
        let v = run[*key].as_f64().unwrap();
        run[*key] = Json::from(v * factor);
    }
    let folder = dir.join(format!("night-{i:03}"));
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join("result.json");
    std::fs::write(&path, serde_json::to_string(&run).unwrap()).unwrap();
    path
}

/// Several metrics in one report: commit c025 cut output throughput by 10% and raised
/// P99 TTFT by 15%; mean TPOT only wobbles. `--json` has a line per series and metric;
/// the page has one entry for that night listing both metrics that moved; without
/// `--metric` the report covers the metrics `diff` watches.
#[test]
fn two_metrics_in_one_report_and_one_entry_per_night() {
    let tmp = tempfile::tempdir().unwrap();
    let store = tmp.path().join("store");
    for i in 0..40 {
        let noise = [0.0, 0.007, -0.004, 0.01, -0.009, 0.003, -0.006][i % 7];
        let after = i >= 25;
        let file = night_scaled(
            tmp.path(),
            i,
            &[
                (
                    "output_throughput",
                    if after { 0.9 } else { 1.0 } * (1.0 + noise),
                ),
                (
                    "p99_ttft_ms",
                    if after { 1.15 } else { 1.0 } * (1.0 - noise),
                ),
                ("mean_tpot_ms", 1.0 + noise / 2.0),
            ],
        );
        add(&store, &file, i).success();
    }
    let json = |metric: Option<&str>| -> Vec<Json> {
        let mut cmd = perflab();
        cmd.args(["history", "report", "--json", "--store"])
            .arg(&store);
        if let Some(m) = metric {
            cmd.args(["--metric", m]);
        }
        let out = cmd.assert().success();
        String::from_utf8(out.get_output().stdout.clone())
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    let lines = json(Some("output_throughput,p99_ttft_ms,mean_tpot_ms"));
    let metrics: Vec<&str> = lines
        .iter()
        .map(|l| l["metric"].as_str().unwrap())
        .collect();
    assert_eq!(
        metrics,
        ["output_throughput", "p99_ttft_ms", "mean_tpot_ms"]
    );
    assert!(lines
        .iter()
        .all(|l| l["runs"] == 40 && l["series"]["model_id"] == "mock-model"));
    let steps: Vec<Vec<(String, f64)>> = lines
        .iter()
        .map(|l| {
            l["change_points"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    (
                        c["date"].as_str().unwrap().to_owned(),
                        c["step_pct"].as_f64().unwrap(),
                    )
                })
                .collect()
        })
        .collect();
    assert_eq!(steps[0].len(), 1, "{lines:?}");
    assert_eq!(steps[0][0].0, date_of(25));
    assert!((steps[0][0].1 + 10.0).abs() < 1.0, "{steps:?}");
    assert_eq!(steps[1].len(), 1, "{lines:?}");
    assert_eq!(steps[1][0].0, date_of(25));
    assert!((steps[1][0].1 - 15.0).abs() < 1.5, "{steps:?}");
    assert!(steps[2].is_empty(), "TPOT did not move: {lines:?}");

    // The page: one entry for c025 naming both metrics; each series titled by its metric.
    let pages = tmp.path().join("pages");
    perflab()
        .args(["--lang", "en,ru", "history", "report"])
        .args(["--metric", "output_throughput,p99_ttft_ms,mean_tpot_ms"])
        .arg("--store")
        .arg(&store)
        .arg("--out")
        .arg(&pages)
        .args(["--format", "md"])
        .assert()
        .success();
    let md = std::fs::read_to_string(pages.join("history.en.md")).unwrap();
    let section = md
        .split("## Changes by night")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .unwrap_or_else(|| panic!("no nights section: {md}"));
    let rows: Vec<&str> = section
        .lines()
        .filter(|l| l.starts_with(&format!("| {}", date_of(25))))
        .collect();
    assert_eq!(rows.len(), 1, "{section}");
    assert!(
        rows[0].contains("commit=c025")
            && rows[0].contains("Output TPS -10.")
            && rows[0].contains("P99 TTFT +1"),
        "{}",
        rows[0]
    );
    assert!(!rows[0].contains("TPOT"), "{}", rows[0]);
    assert!(md.contains("### model_id=mock-model"), "{md}");
    assert!(md.contains("· Mean TPOT"), "{md}");
    assert!(pages.join("charts/trend-3.en.svg").is_file());
    let ru = std::fs::read_to_string(pages.join("history.ru.md")).unwrap();
    assert!(ru.contains("## Изменения по ночам"), "{ru}");

    // No --metric: the metrics the default diff policy watches, each the store has.
    let lines = json(None);
    let metrics: Vec<&str> = lines
        .iter()
        .map(|l| l["metric"].as_str().unwrap())
        .collect();
    assert_eq!(
        metrics,
        [
            "total_token_throughput",
            "output_throughput",
            "p99_ttft_ms",
            "mean_tpot_ms",
            "failed"
        ]
    );
    // A metric named that no run has is an error, exit 2.
    let out = perflab()
        .args([
            "history",
            "report",
            "--metric",
            "output_throughput,nope_ms",
            "--store",
        ])
        .arg(&store)
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("nope_ms"), "{err}");
}

/// `diff --against-history` judges the candidate by the window's prediction interval
/// (mean ± t·s·√(1 + 1/n)): a 6% drop is a regression against quiet nights (±0.5%) and
/// within noise against noisy ones (±8%), with `diff`'s verdict words and exit codes.
#[test]
fn diff_against_history_judges_by_the_windows_prediction_interval() {
    let tmp = tempfile::tempdir().unwrap();
    let judge = |name: &str, noise: &[f64], candidate: f64| -> (i32, Json) {
        let store = tmp.path().join(name);
        let nights = tmp.path().join(format!("{name}-nights"));
        for (i, n) in noise.iter().enumerate() {
            add(&store, &night(&nights, i, 1.0 + n), i).success();
        }
        let cand = night(&tmp.path().join(format!("{name}-cand")), 0, candidate);
        let out = perflab()
            .args(["diff", "--against-history"])
            .arg(&store)
            .arg(&cand)
            .args(["--fail-on", "output_throughput<-5%", "--json"])
            .output()
            .unwrap();
        let v: Json = serde_json::from_slice(&out.stdout).unwrap();
        (out.status.code().unwrap(), v)
    };
    let metric = |v: &Json| -> Json {
        v["pairs"][0]["metrics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["metric"] == "output_throughput")
            .unwrap()
            .clone()
    };
    let quiet = [
        0.0, 0.005, -0.005, 0.002, -0.002, 0.003, -0.003, 0.001, -0.001, 0.0,
    ];
    let noisy = [0.0, 0.08, -0.08, 0.04, -0.05, 0.07, -0.07, 0.01, -0.01, 0.0];

    // Quiet nights: 6% down is outside the interval, a regression, exit 1.
    let (code, v) = judge("quiet", &quiet, 0.94);
    assert_eq!(code, 1, "{v}");
    assert_eq!(v["verdict"], "regression");
    assert_eq!(v["against_history"], true);
    let m = metric(&v);
    assert_eq!(m["prediction"]["inside"], false, "{m}");
    assert_eq!(m["prediction"]["window_runs"], 10);
    assert_eq!(m["status"], "regression");
    // The interval: the window's mean ± t_{9,0.975}·s·√(1 + 1/10), s from the ten nights.
    let base = real_result()["output_throughput"].as_f64().unwrap();
    let values: Vec<f64> = quiet.iter().map(|n| base * (1.0 + n)).collect();
    let mean = values.iter().sum::<f64>() / 10.0;
    let s = (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / 9.0).sqrt();
    let half = 2.262157 * s * 1.1_f64.sqrt();
    let low = m["prediction"]["low"].as_f64().unwrap();
    assert!(
        (low - (mean - half)).abs() < 1e-3,
        "{low} vs {}",
        mean - half
    );

    // A candidate within the quiet nights' spread passes, exit 0.
    let (code, v) = judge("quiet2", &quiet, 1.001);
    assert_eq!((code, &v["verdict"]), (0, &Json::from("pass")), "{v}");
    assert_eq!(metric(&v)["prediction"]["inside"], true);

    // Noisy nights: the same 6% drop is a night they have seen, within noise, exit 0.
    let (code, v) = judge("noisy", &noisy, 0.94);
    assert_eq!(code, 0, "{v}");
    let m = metric(&v);
    assert_eq!(m["prediction"]["inside"], true, "{m}");
    assert_eq!(m["status"], "within_noise");
    assert_eq!(v["counts"]["within_noise"], 1);
}

/// An object-store URL with no credentials in the environment: the error names the
/// variables to set, in the user's language, exit 2, and no HTTP error. The S3 builder's
/// last resort, the instance metadata address, is pointed at a closed local port so that
/// the test never leaves the machine.
#[test]
fn an_object_store_without_credentials_names_the_variables_to_set() {
    let bare = |lang: &str| {
        let mut cmd = common::cli::perflab();
        cmd.env("PERFLAB_LANG", lang);
        for (k, _) in std::env::vars() {
            if k.starts_with("AWS_") || k.starts_with("GOOGLE_") || k.starts_with("AZURE_") {
                cmd.env_remove(k);
            }
        }
        cmd.env("AWS_METADATA_ENDPOINT", "http://127.0.0.1:9");
        cmd
    };
    let said = |cmd: &mut assert_cmd::Command| -> String {
        let out = cmd.assert().code(2);
        String::from_utf8(out.get_output().stderr.clone()).unwrap()
    };
    let raw = ["Generic", "error sending request", "127.0.0.1:9", "169.254"];
    // The history store, and an input read from a bucket.
    for args in [
        vec!["history", "report", "--store", "s3://bench-results/nightly"],
        vec![
            "ingest",
            "s3://bench-results/nightly/vllm-20261101-0200.json",
        ],
    ] {
        let err = said(bare("en").args(&args));
        assert!(
            err.contains("AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY")
                && err.contains("AWS_WEB_IDENTITY_TOKEN_FILE")
                && err.contains("s3://bench-results/nightly"),
            "{err}"
        );
        assert!(raw.iter().all(|r| !err.contains(r)), "{err}");
    }
    // Half a pair: only the missing half is named.
    let err = said(bare("en").env("AWS_ACCESS_KEY_ID", "AKIAEXAMPLE").args([
        "history",
        "report",
        "--store",
        "s3://bench-results/nightly",
    ]));
    assert!(err.contains("Set AWS_SECRET_ACCESS_KEY ("), "{err}");
    // Azure without an account fails before any request; in Russian.
    let err = said(bare("ru").args(["history", "report", "--store", "az://results/nightly"]));
    assert!(
        err.contains("AZURE_STORAGE_ACCOUNT_NAME, AZURE_STORAGE_ACCOUNT_KEY")
            && err.contains("нет учётных данных Azure"),
        "{err}"
    );
    assert!(raw.iter().all(|r| !err.contains(r)), "{err}");
}
