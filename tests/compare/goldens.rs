//! Golden files: what every command writes, in every format, for a fixed input, kept in
//! `tests/golden/<case>/`. A change of output is a change of these files, read in review.
//!
//! `PERFLAB_BLESS=1 cargo test --test compare goldens` rewrites them from the current
//! binary; a file under `tests/golden/` that no case writes any more fails the stale check.
//! Temporary folders in outputs are written as `$TMP`, so the files do not depend on the
//! machine.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::common::cli::{perflab, text};
use crate::common::sweep::SWEEP;

const GOLDEN: &str = "tests/golden";
const BASE_SWEEP: &str = "fixtures/aiperf/0.13.0-run6-sweep-c1-c4-trials2";
const CAND_SWEEP: &str = "fixtures/aiperf/0.13.0-run8-sweep-c1-c8";
const STUDY: &str = "fixtures/studies/qwen3.5-9b-h100/study.toml";
const REPORT: &str = "fixtures/corpus/gpustack-qwen3-30b-a3b-910b.md";
const RESULT: &str = "fixtures/history/vllm-result.json";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn blessing() -> bool {
    std::env::var_os("PERFLAB_BLESS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// Compares `actual` with `tests/golden/<case>/<name>`, or writes it when blessing.
/// Returns the failure message, so that a case reports every file that differs.
fn check(case: &str, name: &str, actual: &str) -> Option<String> {
    let path = root().join(GOLDEN).join(case).join(name);
    if blessing() {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, actual).unwrap();
        return None;
    }
    let expected = match fs::read_to_string(&path) {
        Ok(t) => t,
        Err(_) => {
            return Some(format!(
                "{case}/{name}: no golden file (PERFLAB_BLESS=1 writes it)"
            ))
        }
    };
    if expected == actual {
        return None;
    }
    let line = expected
        .lines()
        .zip(actual.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
    Some(format!(
        "{case}/{name} differs from line {}:\n  golden: {:?}\n  now:    {:?}",
        line + 1,
        expected.lines().nth(line).unwrap_or(""),
        actual.lines().nth(line).unwrap_or(""),
    ))
}

fn assert_all(failures: Vec<Option<String>>) {
    let failures: Vec<String> = failures.into_iter().flatten().collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs perflab in English at 100 columns; returns (exit code, stdout, stderr) with the
/// temporary folder replaced by `$TMP`.
fn run(args: &[&str], tmp: &Path) -> (i32, String, String) {
    run_at(100, args, tmp)
}

/// [`run`] in a terminal of `columns`.
fn run_at(columns: u16, args: &[&str], tmp: &Path) -> (i32, String, String) {
    let out = perflab()
        .env("COLUMNS", columns.to_string())
        .env("NO_COLOR", "1")
        .args(args)
        .output()
        .unwrap();
    let clean = |b: &[u8]| text(b).replace(&tmp.display().to_string(), "$TMP");
    (
        out.status.code().unwrap_or(-1),
        clean(&out.stdout),
        clean(&out.stderr),
    )
}

fn read(path: &Path, tmp: &Path) -> String {
    fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .replace(&tmp.display().to_string(), "$TMP")
}

/// The exit code and stderr of a command, as one small file.
fn status(code: i32, stderr: &str) -> String {
    format!("exit {code}\n{stderr}")
}

#[test]
fn diff_in_every_format() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let s = |p: &str| t.join(p).display().to_string();
    let key = ["--key", "max_concurrency"];
    let (code, table, stderr) = run(&[&["diff", BASE_SWEEP, CAND_SWEEP][..], &key].concat(), t);
    let (_, json, _) = run(
        &[&["diff", "--json", BASE_SWEEP, CAND_SWEEP][..], &key].concat(),
        t,
    );
    let (_, md, _) = run(
        &[
            &["diff", "--markdown", "-", BASE_SWEEP, CAND_SWEEP][..],
            &key,
        ]
        .concat(),
        t,
    );
    let files = [
        "diff",
        "--html",
        &s("diff.html"),
        "--junit",
        &s("junit.xml"),
        BASE_SWEEP,
        CAND_SWEEP,
    ];
    run(&[&files[..], &key].concat(), t);
    assert_all(vec![
        check("diff", "status.txt", &status(code, &stderr)),
        check("diff", "table.txt", &table),
        check("diff", "diff.json", &json),
        check("diff", "comment.md", &md),
        check("diff", "diff.html", &read(&t.join("diff.html"), t)),
        check("diff", "junit.xml", &read(&t.join("junit.xml"), t)),
    ]);
}

/// The diff table of two `--save-detailed` results (one run a side: the requests' tests
/// fill the interval and p columns) in terminals of 80, 100 and 160 columns. Which test
/// decided each trend is a note under the table, not a sentence in a cell.
#[test]
fn diff_table_at_three_widths() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let args = [
        "diff",
        "fixtures/vllm/0.33.0-run9-goodput-failures/result.json",
        "fixtures/vllm/0.33.0-run10-goodput-ttft22/result.json",
    ];
    let mut checks = Vec::new();
    for columns in [80u16, 100, 160] {
        let (code, table, _) = run_at(columns, &args, t);
        assert_eq!(code, 0);
        if columns >= 100 {
            for line in table
                .lines()
                .filter(|l| l.starts_with(['┌', '│', '╞', '└']))
            {
                assert!(line.chars().count() <= usize::from(columns), "{line}");
            }
        }
        assert!(!table
            .lines()
            .any(|l| l.starts_with('│') && l.contains("decided by")));
        assert!(table.contains("- #1, p99_ttft_ms: decided by bootstrap over 37 and 40 requests."));
        checks.push(check(
            "diff-widths",
            &format!("table-{columns}.txt"),
            &table,
        ));
    }
    assert_all(checks);
}

#[test]
fn curves_in_every_format() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let args = [
        "curves",
        SWEEP,
        "--x",
        "max_concurrency",
        "--y",
        "p99_ttft_ms",
        "--slo",
        "p99_ttft_ms<=40",
    ];
    let (code, md, stderr) = run(&args, t);
    let (_, json, _) = run(&[&args[..], &["--json"]].concat(), t);
    let out = t.join("out");
    let out_arg = out.display().to_string();
    let (_, written, _) = run(&[&args[..], &["--out", &out_arg]].concat(), t);
    let mut checks = vec![
        check("curves", "status.txt", &status(code, &stderr)),
        check("curves", "curves.md", &md),
        check("curves", "curves.ndjson", &json),
        check("curves", "written.txt", &written),
    ];
    for line in written.lines() {
        let path = PathBuf::from(line.replace("$TMP", &t.display().to_string()));
        if path.extension().is_some_and(|e| e == "html" || e == "md") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            checks.push(check("curves", &format!("out-{name}"), &read(&path, t)));
        }
    }
    assert_all(checks);
}

#[test]
fn history_report_and_diff_against_history() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let store = t.join("store").display().to_string();
    let base: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(root().join(RESULT)).unwrap()).unwrap();
    // Twelve nights, a 10% drop of output throughput from the ninth.
    for i in 0..12 {
        let noise = [0.0, 0.006, -0.004, 0.009, -0.008, 0.003, -0.005][i % 7];
        let factor = if i >= 8 { 0.9 } else { 1.0 } * (1.0 + noise);
        let mut night = base.clone();
        for key in [
            "request_throughput",
            "output_throughput",
            "total_token_throughput",
        ] {
            night[key] = serde_json::Value::from(night[key].as_f64().unwrap() * factor);
        }
        let file = t.join(format!("night-{i:02}/result.json"));
        fs::create_dir_all(file.parent().unwrap()).unwrap();
        fs::write(&file, serde_json::to_string(&night).unwrap()).unwrap();
        let date = format!("2026-11-{:02}", i + 1);
        let commit = format!("commit=c{i:02}");
        let path = file.display().to_string();
        let add = [
            "history", "add", &path, "--store", &store, "--date", &date, "--label", &commit,
        ];
        assert_eq!(run(&add, t).0, 0);
    }
    let report = [
        "history",
        "report",
        "--store",
        &store,
        "--metric",
        "output_throughput",
    ];
    let (code, _, stderr) = run(
        &[&report[..], &["--out", &t.join("h").display().to_string()]].concat(),
        t,
    );
    let (_, json, _) = run(&[&report[..], &["--json"]].concat(), t);
    let mut checks = vec![
        check("history", "status.txt", &status(code, &stderr)),
        check("history", "report.ndjson", &json),
    ];
    let mut pages: Vec<PathBuf> = fs::read_dir(t.join("h"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    for page in pages {
        let name = page.file_name().unwrap().to_string_lossy().into_owned();
        checks.push(check("history", &name, &read(&page, t)));
    }
    let last = t.join("night-11/result.json").display().to_string();
    let (code, table, stderr) = run(&["diff", "--against-history", &store, &last], t);
    checks.push(check(
        "history",
        "against-history.txt",
        &format!("{}{table}", status(code, &stderr)),
    ));
    assert_all(checks);
}

#[test]
fn check_and_compare() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let (code, out, stderr) = run(&["check", REPORT], t);
    let (_, json, _) = run(&["check", "--json", REPORT], t);
    let a = "fixtures/studies/qwen3.5-9b-h100/runs/engine-vllm.txt";
    let b = "fixtures/studies/qwen3.5-9b-h100/runs/engine-sglang.txt";
    let (ccode, compare, cerr) = run(&["compare", a, b], t);
    let (_, cjson, _) = run(&["compare", "--json", a, b], t);
    let (_, ru, _) = run(&["--lang", "ru", "compare", a, b], t);
    assert_all(vec![
        check(
            "check",
            "check.txt",
            &format!("{}{out}", status(code, &stderr)),
        ),
        check("check", "check.json", &json),
        check(
            "compare",
            "compare.txt",
            &format!("{}{compare}", status(ccode, &cerr)),
        ),
        check("compare", "compare.json", &cjson),
        check("compare", "compare.ru.txt", &ru),
    ]);
}

#[test]
fn report_in_three_languages() {
    let tmp = tempfile::tempdir().unwrap();
    let t = tmp.path();
    let out = t.display().to_string();
    let (code, _, stderr) = run(
        &["report", STUDY, "--lang", "en,ru,zh-CN", "--out", &out],
        t,
    );
    let mut checks = vec![check("report", "status.txt", &status(code, &stderr))];
    for lang in ["en", "ru", "zh-CN"] {
        let name = format!("report.{lang}.md");
        checks.push(check("report", &name, &read(&t.join(&name), t)));
    }
    assert_all(checks);
}

/// Every golden file belongs to a case above: a case that stopped writing a file (or a
/// renamed one) must not leave the old file behind to be trusted.
#[test]
fn no_golden_file_is_stale() {
    let known: BTreeSet<&str> = [
        "diff/status.txt",
        "diff/table.txt",
        "diff/diff.json",
        "diff/comment.md",
        "diff/diff.html",
        "diff/junit.xml",
        "diff-widths/table-80.txt",
        "diff-widths/table-100.txt",
        "diff-widths/table-160.txt",
        "curves/status.txt",
        "curves/curves.md",
        "curves/curves.ndjson",
        "curves/written.txt",
        "history/status.txt",
        "history/report.ndjson",
        "history/against-history.txt",
        "check/check.txt",
        "check/check.json",
        "compare/compare.txt",
        "compare/compare.json",
        "compare/compare.ru.txt",
        "report/status.txt",
        "report/report.en.md",
        "report/report.ru.md",
        "report/report.zh-CN.md",
    ]
    .into_iter()
    .collect();
    // Pages whose names the commands choose (`out-*`, history's per-language pages).
    let chosen = |rel: &str| {
        rel.starts_with("curves/out-") || (rel.starts_with("history/") && rel.ends_with(".md"))
    };
    let mut stale = Vec::new();
    for case in fs::read_dir(root().join(GOLDEN)).unwrap() {
        let case = case.unwrap().path();
        for file in fs::read_dir(&case).unwrap() {
            let file = file.unwrap().path();
            let rel = format!(
                "{}/{}",
                case.file_name().unwrap().to_string_lossy(),
                file.file_name().unwrap().to_string_lossy()
            );
            if !known.contains(rel.as_str()) && !chosen(&rel) {
                stale.push(rel);
            }
        }
    }
    assert!(stale.is_empty(), "golden files no case writes: {stale:?}");
}
