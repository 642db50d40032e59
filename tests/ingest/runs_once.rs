//! Each run once, and what was not read (`src/ingest/same_run.rs`, `not_runs.rs`), as a
//! user meets them: `perflab ingest` of the tools' real artifact folders, `--all-files`,
//! `-v`, the `diff --key` that used to see fake repeats, a console and a result file that
//! disagree, and files perflab knows but does not read.

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value as Json;

use crate::common::cli::perflab;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
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
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

fn ndjson(stdout: &str) -> Vec<serde_json::Map<String, Json>> {
    stdout
        .lines()
        .map(|l| match serde_json::from_str(l) {
            Ok(Json::Object(o)) => o,
            other => panic!("not a JSON object: {l:?} ({other:?})"),
        })
        .collect()
}

const AIPERF_RUN: &str = "fixtures/aiperf/0.13.0-run1-chat-c4";

#[test]
fn an_aiperf_artifact_folder_is_one_run() {
    let out = run(perflab().args(["ingest", "--json", AIPERF_RUN]));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let runs = ndjson(&out.stdout);
    assert_eq!(runs.len(), 1, "{runs:?}");
    let r = &runs[0];
    // The result file's row, full precision, its configuration...
    assert_eq!(r["format"], "aiperf-json");
    assert_eq!(r["source"], "profile_export_aiperf.json");
    assert_eq!(r["mean_ttft_ms"].as_f64(), Some(22.011214499999998));
    assert_eq!(r["model_id"], "mock-model");
    assert_eq!(r["max_concurrency"].as_f64(), Some(4.0));
    // ...naming the files that held copies of it.
    assert_eq!(r["sources"], "profile_export_aiperf.csv, console.txt");
    assert!(
        out.stderr
            .contains("2 runs were read again from less complete files"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("(-v lists the files)"),
        "{}",
        out.stderr
    );

    // -v names each copy and where it was kept.
    let out = run(perflab().args(["ingest", "--json", "-v", AIPERF_RUN]));
    let console = Path::new(AIPERF_RUN).join("console.txt");
    let json = Path::new(AIPERF_RUN).join("profile_export_aiperf.json");
    assert!(
        out.stderr.contains(&format!(
            "{} (run 1) is a copy of the run in {}",
            console.display(),
            json.display()
        )),
        "{}",
        out.stderr
    );

    // --all-files keeps every copy, as before.
    let out = run(perflab().args(["ingest", "--json", "--all-files", AIPERF_RUN]));
    assert_eq!(out.code, 0);
    let formats: Vec<_> = ndjson(&out.stdout)
        .iter()
        .map(|r| r["format"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(formats, ["aiperf-console", "aiperf-csv", "aiperf-json"]);
    assert!(!out.stderr.contains("read again"), "{}", out.stderr);
}

#[test]
fn every_generated_run_is_one_row_whatever_files_it_wrote() {
    // Each tool's run is its console summary plus its result file(s): a stem and its
    // folder (`run1.console.txt` + `run1/result.json`), a stem with two extensions
    // (SGLang's `.console.txt` + `.jsonl`), or a folder of fixed names (guidellm).
    let out = run(perflab().args(["ingest", "--json", "fixtures/corpus/generated"]));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let runs = ndjson(&out.stdout);
    let got: Vec<(String, String)> = runs
        .iter()
        .map(|r| {
            (
                r["format"].as_str().unwrap().to_owned(),
                r["sources"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect();
    let want = [
        (
            "aiperf-json",
            "aiperf-0.13.0/run1-chat-c4/profile_export_aiperf.csv, aiperf-0.13.0/run1-chat-c4/profile_export_console.txt, aiperf-0.13.0/run1-chat-c4.console.txt",
        ),
        (
            "genai-perf-json",
            "genai-perf-0.0.16/run1-chat-c4/profile_export_genai_perf.csv, genai-perf-0.0.16/run1-chat-c4.console.txt",
        ),
        (
            "guidellm-json",
            "guidellm-0.8.1/run1/benchmarks.csv, guidellm-0.8.1/run1/console.txt",
        ),
        (
            "sglang-serve-jsonl",
            "sglang-0.5.23/run1-sglang-oai-rate20.console.txt",
        ),
        (
            "vllm-serve-json",
            "vllm-0.33.0/run1-openai-rate20.console.txt",
        ),
    ]
    .map(|(f, s)| (f.to_owned(), s.to_owned()));
    assert_eq!(got, want);
    // guidellm's console tables are a rounded copy of the run: one row, the JSON's.
    assert!(!out.stderr.contains("guidellm console"), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("1 file skipped: no benchmark result found in it"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("9 runs were read again"),
        "{}",
        out.stderr
    );
}

#[test]
fn diff_with_a_key_sees_one_run_not_fake_repeats() {
    let out = run(perflab().args([
        "diff",
        AIPERF_RUN,
        AIPERF_RUN,
        "--key",
        "model_id,max_concurrency",
        "--json",
    ]));
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    let cmp: Json = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(cmp["counts"]["matched"], 1, "{cmp}");
    assert_eq!(cmp["pairs"][0]["baseline_runs"], 1, "{cmp}");
    assert_eq!(cmp["pairs"][0]["candidate_runs"], 1, "{cmp}");
    assert_eq!(cmp["pairs"][0]["noise_estimate"], false, "{cmp}");

    let out = run(perflab().args([
        "diff",
        AIPERF_RUN,
        AIPERF_RUN,
        "--key",
        "model_id,max_concurrency",
    ]));
    assert!(!out.stdout.contains("(n=2)"), "{}", out.stdout);
    assert!(!out.stdout.contains("± 0.00"), "{}", out.stdout);
    assert!(!out.stdout.contains("p < 0.001"), "{}", out.stdout);
}

fn copy(from: &str, to: &Path) {
    fs::create_dir_all(to.parent().unwrap()).unwrap();
    fs::copy(root().join(from), to).unwrap();
}

#[test]
fn a_console_and_result_file_that_disagree_are_both_kept_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let generated = "fixtures/corpus/generated/vllm-0.33.0";
    copy(
        &format!("{generated}/run1-openai-rate20/result.json"),
        &dir.path().join("run/result.json"),
    );
    // The console as printed, but for one TTFT: 21.85 printed, 25.85 here.
    let console =
        fs::read_to_string(root().join(format!("{generated}/run1-openai-rate20.console.txt")))
            .unwrap();
    let line = "Mean TTFT (ms):                          21.85";
    assert_eq!(console.matches(line).count(), 1);
    fs::write(
        dir.path().join("run.console.txt"),
        console.replace(line, "Mean TTFT (ms):                          25.85"),
    )
    .unwrap();
    let out = run(perflab()
        .current_dir(dir.path())
        .args(["ingest", "--json", "."]));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(ndjson(&out.stdout).len(), 2);
    assert!(
        out.stderr.contains(
            "./run.console.txt and ./run/result.json are files of one run but disagree beyond the printed rounding (mean_ttft_ms 25.85 ≠ 21.85461769999506); both rows are kept"
        ),
        "{}",
        out.stderr
    );

    // The console as printed agrees: one row.
    fs::write(dir.path().join("run.console.txt"), console).unwrap();
    let out = run(perflab()
        .current_dir(dir.path())
        .args(["ingest", "--json", "."]));
    assert_eq!(ndjson(&out.stdout).len(), 1);
    assert!(!out.stderr.contains("disagree"), "{}", out.stderr);
}

#[test]
fn files_it_knows_but_does_not_read_say_what_they_are() {
    let file = "fixtures/aiperf/0.13.0-run3-sweep-c1-c4-failures/profile_export_aiperf_sweep.json";
    let says = "an AIPerf aggregate over several runs (a sweep or repeated profiles), not one run; read each run's profile_export_aiperf.json";
    let out = run(perflab().args(["ingest", file]));
    assert_eq!(out.code, 2, "{file}");
    assert_eq!(out.stderr, format!("perflab: {file}: {says}\n"));
    // In the user's language.
    let out = run(perflab()
        .env("LC_ALL", "ru_RU.UTF-8")
        .args(["ingest", file]));
    assert!(
        out.stderr.contains("сводка AIPerf по нескольким прогонам"),
        "{}",
        out.stderr
    );
}

#[test]
fn keep_going_reports_skipped_files_with_the_same_exit_code() {
    let out = run(perflab().args([
        "ingest",
        "--keep-going",
        "--json",
        "fixtures/aiperf/0.13.0-run3-sweep-c1-c4-failures",
    ]));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert_eq!(ndjson(&out.stdout).len(), 2);
    assert!(
        out.stderr.contains("1 file skipped: an AIPerf aggregate over several runs; read each run's profile_export_aiperf.json instead (-v lists the files)"),
        "{}",
        out.stderr
    );
    let out = run(perflab().args([
        "ingest",
        "-v",
        "--json",
        "fixtures/aiperf/0.13.0-run3-sweep-c1-c4-failures",
    ]));
    assert!(
        out.stderr.contains(
            "perflab:   fixtures/aiperf/0.13.0-run3-sweep-c1-c4-failures/profile_export_aiperf_sweep.json"
        ),
        "{}",
        out.stderr
    );
}

/// A corpus larger than one batch of `ingest_each` (256 files): a folder of 300 copies
/// of a result file with the console of one of them sorted last, then a second folder.
fn two_large_folders(dir: &Path) {
    let generated = "fixtures/corpus/generated/vllm-0.33.0";
    for folder in ["a", "b"] {
        for i in 0..300 {
            copy(
                &format!("{generated}/run1-openai-rate20/result.json"),
                &dir.join(format!("{folder}/r{i:03}.json")),
            );
        }
    }
    copy(
        &format!("{generated}/run1-openai-rate20.console.txt"),
        &dir.join("a/zz.console.txt"),
    );
}

#[test]
fn runs_are_kept_once_and_in_order_across_batches() {
    let dir = tempfile::tempdir().unwrap();
    two_large_folders(dir.path());
    let out = run(perflab()
        .current_dir(dir.path())
        .args(["ingest", "--json", "."]));
    assert_eq!(out.code, 0, "{}", out.stderr);
    let runs = ndjson(&out.stdout);
    // The console, 300 files after the first result of its folder, is still one of them.
    assert_eq!(runs.len(), 600, "{}", out.stderr);
    let merged: Vec<_> = runs.iter().filter(|r| r.contains_key("sources")).collect();
    assert_eq!(merged.len(), 1);
    assert_eq!(merged[0]["sources"], "a/zz.console.txt");
    let sources: Vec<&str> = runs.iter().map(|r| r["source"].as_str().unwrap()).collect();
    let mut sorted = sources.clone();
    sorted.sort_unstable();
    assert_eq!(sources, sorted);
    // The same rows as the table's frame, which holds every run before writing.
    let csv = run(perflab()
        .current_dir(dir.path())
        .args(["ingest", "--csv", "-", "."]));
    assert_eq!(csv.stdout.lines().count(), 601);
}

#[test]
fn a_bad_file_after_written_batches_fails_with_whole_lines_written() {
    let dir = tempfile::tempdir().unwrap();
    two_large_folders(dir.path());
    let whole = run(perflab()
        .current_dir(dir.path())
        .args(["ingest", "--json", "."]));
    fs::create_dir_all(dir.path().join("c")).unwrap();
    let result = fs::read(
        root().join("fixtures/corpus/generated/vllm-0.33.0/run1-openai-rate20/result.json"),
    )
    .unwrap();
    fs::write(dir.path().join("c/cut.json"), &result[..700]).unwrap();
    let out = run(perflab()
        .current_dir(dir.path())
        .args(["ingest", "--json", "."]));
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(out.stderr.contains("c/cut.json:1"), "{}", out.stderr);
    // What was written before the bad file was met: whole runs, in order, the same as
    // without it.
    assert!(whole.stdout.starts_with(&out.stdout));
    assert!(out.stdout.is_empty() || out.stdout.ends_with('\n'));
}
