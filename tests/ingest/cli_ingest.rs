//! `perflab ingest` as a user runs it: the table, NDJSON, CSV and Parquet outputs over the
//! fixture corpus, exit codes and `FILE:LINE:` errors, `--keep-going` and `--format`.

use std::path::{Path, PathBuf};

use perflab::model::{read_frame, FrameFormat};
use predicates::prelude::*;
use serde_json::Value as Json;

use crate::common::cli::perflab;

const PLACEHOLDERS: &str = "fixtures/variants/vllm-serve-2025-readme-sample-placeholders.md";

fn ndjson(stdout: &[u8]) -> Vec<serde_json::Map<String, Json>> {
    let text = std::str::from_utf8(stdout).expect("UTF-8 output");
    text.lines()
        .map(|l| match serde_json::from_str(l) {
            Ok(Json::Object(o)) => o,
            other => panic!("not a JSON object per line: {l:?} ({other:?})"),
        })
        .collect()
}

/// Runs of the formats whose readers exist, as the hand-written expectations count them.
fn expected_ready_runs_under(dir: &str) -> usize {
    crate::common::expected::load_all()
        .iter()
        .filter(|e| e.fixture.starts_with(dir) && e.is_ready())
        .map(|e| e.formats().len())
        .sum()
}

fn is_ready_format(run: &serde_json::Map<String, Json>) -> bool {
    let f = run["format"].as_str().expect("format is a string");
    crate::common::expected::READY_FORMATS.contains(&f)
}

fn find<'a>(
    runs: &'a [serde_json::Map<String, Json>],
    source: &str,
    line: Json,
) -> &'a serde_json::Map<String, Json> {
    runs.iter()
        .find(|r| r["source"] == source && r["line"] == line)
        .unwrap_or_else(|| panic!("no run of {source} at line {line}"))
}

fn dir_entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("readable dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn table_of_the_corpus() {
    // A pipe without COLUMNS gets whole lines; `--wide` adds the line and format columns.
    let out = perflab()
        .env_remove("COLUMNS")
        .args(["ingest", "--wide", "fixtures/corpus"])
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    for needle in [
        "Source",
        "gpustack-qwen3-30b-a3b-910b.md",
        "generated/vllm-0.33.0/run1-openai-rate20/result.json",
        "vllm-serve-text",
        "sglang-serve-jsonl",
        // GPUStack's vLLM baseline on ShareGPT: total tok/s of the block at line 89.
        "1227.19",
    ] {
        assert!(stdout.contains(needle), "table lacks {needle:?}:\n{stdout}");
    }
    // READMEs and PROVENANCE hold no run and are skipped, not reported.
    assert!(!stdout.contains("README.md") && !stdout.contains("PROVENANCE.md"));
}

/// Width in terminal cells, as a terminal draws the line (CJK counts two).
fn cells(line: &str) -> usize {
    line.chars()
        .map(|c| {
            if ('\u{2E80}'..='\u{FFEF}').contains(&c) {
                2
            } else {
                1
            }
        })
        .sum()
}

#[test]
fn table_fits_the_terminal_and_numbers_runs_from_one() {
    for lang in ["en", "ru", "zh-CN"] {
        let out = perflab()
            .env("COLUMNS", "100")
            .env("PERFLAB_LANG", lang)
            .args(["ingest", "fixtures/corpus"])
            .assert()
            .success();
        let stdout = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
        for line in stdout.lines() {
            assert!(
                cells(line) <= 100,
                "{lang}: {} cells: {line}\n{stdout}",
                cells(line)
            );
        }
        let header: String = stdout.lines().take(4).collect::<Vec<_>>().join(" ");
        if lang == "en" {
            // Header words, as the narrow columns wrap them.
            for column in ["Source", "Model", "Concurrency", "Request", "Total", "TPS"] {
                assert!(header.contains(column), "no {column} column:\n{stdout}");
            }
        }
        // Paths are shortened from the left: the file name stays.
        assert!(stdout.contains("…"), "{stdout}");
        assert!(stdout.contains("result.json"), "{stdout}");
        // The first run of a file is #1, as `perflab compare FILE#1` names it.
        let numbers: Vec<&str> = stdout
            .lines()
            .filter_map(|l| l.strip_prefix("│ "))
            .filter_map(|l| l.split_whitespace().next())
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()))
            .collect();
        assert!(numbers.contains(&"1"), "{stdout}");
        assert!(!numbers.contains(&"0"), "{stdout}");
    }
    // The model and concurrency of a sweep are in the table.
    let out = perflab()
        .env("COLUMNS", "100")
        .args([
            "ingest",
            "fixtures/corpus/vllm-serve-result-json-inferencex-gptoss120b-conc4.json",
        ])
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    let row = stdout
        .lines()
        .find(|l| l.contains("gptoss"))
        .unwrap_or_default();
    let cells: Vec<&str> = row.split(['│', '┆']).map(str::trim).collect();
    assert!(cells.contains(&"4"), "concurrency 4 in the row: {stdout}");
    // The model is a Hugging Face cache path: shown by the repository it names.
    assert!(cells.contains(&"openai/gpt-oss-120b"), "model: {stdout}");
}

#[test]
fn json_lines_of_the_corpus() {
    // Every file's runs, as the per-file expectations count them: `--all-files` keeps the
    // console copies of the generated runs (tests/ingest/runs_once.rs checks the merged rows).
    let out = perflab()
        .args(["ingest", "--json", "--all-files", "fixtures/corpus"])
        .assert()
        .success();
    let runs = ndjson(&out.get_output().stdout);
    for run in &runs {
        for key in ["source", "line", "run_index", "format"] {
            assert!(run.contains_key(key), "{key} missing in {run:?}");
        }
    }
    let ready = runs.iter().filter(|r| is_ready_format(r)).count();
    assert_eq!(ready, expected_ready_runs_under("corpus/"));

    // A whole-file JSON result: no line; "request_rate": "inf" and "request_goodput:": null
    // become JSON null, with the key present.
    let inferencex = find(
        &runs,
        "vllm-serve-result-json-inferencex-gptoss120b-conc4.json",
        Json::Null,
    );
    assert_eq!(inferencex["format"], "vllm-serve-json");
    assert_eq!(inferencex["run_index"], 1);
    assert_eq!(inferencex.get("request_rate"), Some(&Json::Null));
    assert_eq!(inferencex.get("request_goodput"), Some(&Json::Null));
    assert_eq!(inferencex["max_concurrency"].as_f64(), Some(4.0));
    assert_eq!(
        inferencex["p99.9_ttft_ms"].as_f64(),
        Some(1082.7990462793985)
    );

    // SGLang's `Max request concurrency: not set` is printed, so null.
    let sglang = find(
        &runs,
        "generated/sglang-0.5.23/run1-sglang-oai-rate20.console.txt",
        Json::from(25),
    );
    assert_eq!(sglang.get("max_concurrency"), Some(&Json::Null));
    assert_eq!(sglang["max_itl_ms"].as_f64(), Some(5.12));

    // The nerdalert log: three runs each printed twice (text block, then inline JSON),
    // kept once from the JSON at its line, numbered 1..3 (as `FILE#N` takes them).
    let log: Vec<_> = runs
        .iter()
        .filter(|r| r["source"] == "vllm-benchmark-serving-2025-k8s-job-log-nerdalert.txt")
        .collect();
    let lines: Vec<_> = log.iter().map(|r| r["line"].as_u64()).collect();
    let indexes: Vec<_> = log.iter().map(|r| r["run_index"].as_u64()).collect();
    assert_eq!(lines, [69, 131, 193].map(Some));
    assert_eq!(indexes, [1, 2, 3].map(Some));
}

#[test]
fn csv_and_parquet_are_written_and_read_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (flag, name, format) in [
        ("--csv", "runs.csv", FrameFormat::Csv),
        ("--parquet", "runs.parquet", FrameFormat::Parquet),
    ] {
        let path = dir.path().join(name);
        perflab()
            .args(["ingest", "--all-files", flag])
            .arg(&path)
            .arg("fixtures/corpus")
            .assert()
            .success()
            .stdout(predicate::str::is_empty());
        let runs = read_frame(&path, format).unwrap_or_else(|e| panic!("{name}: {e}"));
        let ready = runs
            .iter()
            .filter(|r| crate::common::expected::READY_FORMATS.contains(&r.format.as_str()))
            .count();
        assert_eq!(ready, expected_ready_runs_under("corpus/"), "{name}");
        let gpustack_4k = runs
            .iter()
            .find(|r| r.source == "gpustack-qwen3-30b-a3b-910b.md" && r.line == Some(245))
            .unwrap_or_else(|| panic!("{name}: no GPUStack run at line 245"));
        // The block says 277.51; the report's conclusion table rounds it to 277.5.
        assert_eq!(gpustack_4k.get("mean_tpot_ms"), Some(277.51), "{name}");
        let inferencex = runs
            .iter()
            .find(|r| r.source == "vllm-serve-result-json-inferencex-gptoss120b-conc4.json")
            .unwrap_or_else(|| panic!("{name}: no InferenceX run"));
        assert_eq!(inferencex.line, None, "{name}");
        // "inf" is a null cell of the frame (a frame cannot tell null from never printed),
        // never a number.
        assert_eq!(inferencex.get("request_rate"), None, "{name}");
        assert_eq!(inferencex.get("max_concurrency"), Some(4.0), "{name}");
    }
    // Written through a temporary file and renamed: nothing else is left beside them.
    assert_eq!(dir_entries(dir.path()), ["runs.csv", "runs.parquet"]);
}

#[test]
fn a_failing_ingest_leaves_an_existing_output_untouched() {
    let dir = tempfile::tempdir().expect("temp dir");
    for (flag, name) in [("--csv", "runs.csv"), ("--parquet", "runs.parquet")] {
        let path: PathBuf = dir.path().join(name);
        std::fs::write(&path, "earlier output\n").expect("write");
        perflab()
            .args(["ingest", flag])
            .arg(&path)
            .arg(PLACEHOLDERS)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!("{PLACEHOLDERS}:5: ")));
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            "earlier output\n",
            "{name}"
        );
    }
    assert_eq!(dir_entries(dir.path()), ["runs.csv", "runs.parquet"]);
}

/// Written outputs get the mode a plain `File::create` would give them (not the 0600 of a
/// temp file), and a replaced output keeps its own.
#[cfg(unix)]
#[test]
fn written_outputs_are_readable_like_any_created_file() {
    use std::os::unix::fs::PermissionsExt;
    let mode = |p: &Path| std::fs::metadata(p).expect("metadata").permissions().mode() & 0o777;
    let dir = tempfile::tempdir().expect("temp dir");
    let plain = dir.path().join("plain");
    std::fs::File::create(&plain).expect("create");
    let fresh = dir.path().join("fresh.csv");
    let kept = dir.path().join("kept.csv");
    std::fs::write(&kept, "earlier output\n").expect("write");
    std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    for path in [&fresh, &kept] {
        perflab()
            .args(["ingest", "--csv"])
            .arg(path)
            .arg("fixtures/corpus")
            .assert()
            .success();
    }
    assert_eq!(mode(&fresh), mode(&plain));
    assert_eq!(mode(&kept), 0o640);
    assert_ne!(
        std::fs::read_to_string(&kept).expect("read"),
        "earlier output\n"
    );
}

#[test]
fn a_bad_file_is_exit_2_with_file_and_line() {
    perflab()
        .args(["ingest", PLACEHOLDERS])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(
            predicate::str::contains(format!("{PLACEHOLDERS}:5: "))
                .and(predicate::str::contains("Successful requests"))
                .and(predicate::str::contains("[result]")),
        );
}

#[test]
fn a_named_file_without_a_result_is_an_error() {
    perflab()
        .args(["ingest", "fixtures/corpus/README.md"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("fixtures/corpus/README.md: "));
}

#[test]
fn without_keep_going_a_bad_file_in_a_directory_stops_everything() {
    perflab()
        .args(["ingest", "--json", "fixtures/variants"])
        .assert()
        .code(2)
        .stdout(predicate::str::is_empty())
        .stderr(predicate::str::contains(format!("{PLACEHOLDERS}:5: ")));
}

#[test]
fn keep_going_prints_the_good_runs_and_reports_the_bad_file() {
    let out = perflab()
        .args(["ingest", "--keep-going", "--json", "fixtures/variants"])
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains(format!("{PLACEHOLDERS}:5: "))
                // The truncated block is read with a warning naming where it breaks off.
                .and(predicate::str::contains(
                    "vllm-bench-serve-specdecode-dgx-spark-run-I-truncated.md:47: ",
                )),
        );
    let runs = ndjson(&out.get_output().stdout);
    assert_eq!(runs.len(), expected_ready_runs_under("variants/"));
    assert!(runs
        .iter()
        .all(|r| r["source"] != "vllm-serve-2025-readme-sample-placeholders.md"));
    let crlf = find(
        &runs,
        "vllm-bench-serve-2026-pr33743-crlf.txt",
        Json::from(2),
    );
    assert_eq!(crlf["total_token_throughput"].as_f64(), Some(1052.55));
    // `P95 TTFT (ms): N/A` is a null with its key present, never 0.
    let gpustack = find(
        &runs,
        "gpustack-qwen3.5-9b-h100-vllm-sharegpt-block.md",
        Json::from(13),
    );
    assert_eq!(gpustack.get("p95_ttft_ms"), Some(&Json::Null));
    assert_eq!(gpustack["median_itl_ms"].as_f64(), Some(0.0));

    // The table form gives the same: good runs on stdout, the bad file on stderr.
    perflab()
        .args(["ingest", "--keep-going", "fixtures/variants"])
        .assert()
        .code(2)
        .stdout(predicate::str::contains(
            "vllm-bench-serve-2026-pr33743-crlf.txt",
        ))
        .stderr(predicate::str::contains(format!("{PLACEHOLDERS}:5: ")));
}

#[test]
fn format_forces_one_reader() {
    let log = "fixtures/corpus/vllm-benchmark-serving-2025-k8s-job-log-nerdalert.txt";
    for (format, lines) in [
        ("vllm-serve-json", [69, 131, 193]),
        ("vllm-serve-text", [47, 109, 171]),
    ] {
        let out = perflab()
            .args(["ingest", "--json", "--format", format, log])
            .assert()
            .success();
        let runs = ndjson(&out.get_output().stdout);
        assert!(
            runs.iter().all(|r| r["format"] == format),
            "{format}: {runs:?}"
        );
        let got: Vec<_> = runs.iter().map(|r| r["line"].as_u64()).collect();
        assert_eq!(got, lines.map(Some), "{format}");
        let indexes: Vec<_> = runs.iter().map(|r| r["run_index"].as_u64()).collect();
        assert_eq!(indexes, [1, 2, 3].map(Some), "{format}");
    }
    // A named file that holds nothing of the forced format is an error naming the format.
    perflab()
        .args([
            "ingest",
            "--format",
            "sglang-serve-text",
            "fixtures/corpus/vllm-serve-result-json-inferencex-gptoss120b-conc4.json",
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("sglang-serve-text"));
    // An unknown name is a usage error that lists the known ones.
    perflab()
        .args(["ingest", "--format", "vllm", "fixtures/corpus"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("vllm-serve-text"));
}

/// What a reader says about a file (an error, a warning) is in the user's language: a
/// serving block cut before its closing line, and a file that holds no result.
#[test]
fn reader_messages_follow_the_language() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/corpus/vllm-bench-serve-2026-pr33743-failed-requests-line.txt"),
    )
    .unwrap();
    let closing = text.rfind("\n=====").expect("a closing line");
    let cut = dir.path().join("cut.log");
    std::fs::write(&cut, &text[..closing]).unwrap();
    let empty = dir.path().join("notes.txt");
    std::fs::write(&empty, "nothing measured here\n").unwrap();
    let expected = [
        (
            "en",
            "ends without its closing `=====` line",
            "expected a benchmark result, found none",
        ),
        (
            "ru",
            "заканчивается без закрывающей строки `=====`",
            "ожидался результат бенчмарка, но его нет",
        ),
        (
            "zh-CN",
            "缺少结尾的 `=====` 行",
            "应为基准测试结果，但未找到",
        ),
    ];
    for (lang, warning, error) in expected {
        let out = perflab()
            .args(["--lang", lang, "ingest"])
            .arg(&cut)
            .assert()
            .success();
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert!(stderr.contains(warning), "{lang}: {stderr}");
        let out = perflab()
            .args(["--lang", lang, "ingest"])
            .arg(&empty)
            .assert()
            .code(2);
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        assert!(
            stderr.contains("notes.txt") && stderr.contains(error),
            "{lang}: {stderr}"
        );
    }
}

/// Counts are integers in the Parquet frame whatever the readers that filled them (a
/// count read as a float in one reader used to make the column DOUBLE for all).
#[test]
fn counts_are_integer_columns_in_the_parquet_frame() {
    use polars::prelude::{DataType, ParquetReader, SerReader};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("runs.parquet");
    // `fixtures/` may hold deliberately bad files: with --keep-going the good runs are
    // written whatever the exit code says about the others.
    let out = perflab()
        .args(["ingest", "--keep-going", "--parquet"])
        .arg(&path)
        .arg("fixtures")
        .output()
        .unwrap();
    assert!(path.is_file(), "{}", String::from_utf8_lossy(&out.stderr));
    let file = std::fs::File::open(&path).unwrap();
    let df = ParquetReader::new(file).finish().unwrap();
    assert!(df.height() > 100, "{}", df.height());
    let mut checked = 0;
    for name in [
        "run_index",
        "num_prompts",
        "completed",
        "failed",
        "total_input_tokens",
        "total_output_tokens",
        "max_concurrency",
    ] {
        let column = df.column(name).unwrap_or_else(|_| panic!("no {name}"));
        assert_eq!(column.dtype(), &DataType::Int64, "{name}");
        checked += 1;
    }
    assert_eq!(checked, 7);
}
