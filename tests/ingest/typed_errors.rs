//! The library's errors are values a caller matches on (the file, the line, the cause as
//! fields) and are put into words where they are printed: the same error reads in
//! Russian for a Russian caller and in English for an English one, whatever language
//! the process started in, and each reads as the CLI prints it in that language.

use std::path::PathBuf;

use perflab::app::{ingest, Env};
use perflab::config::Config;
use perflab::Error;

use crate::common::cli::{perflab, text};

/// What `perflab --lang LANG ingest PATH` prints on stderr, without the `perflab: ` prefix.
fn cli_error(lang: &str, path: &std::path::Path) -> String {
    let out = perflab()
        .args(["--lang", lang, "ingest"])
        .arg(path)
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let stderr = text(&out);
    stderr
        .trim_end()
        .strip_prefix("perflab: ")
        .unwrap_or(&stderr)
        .to_owned()
}

fn library_error(path: &std::path::Path) -> Error {
    let request = ingest::IngestRequest {
        paths: vec![path.to_path_buf()],
        ..Default::default()
    };
    let env = Env::new("en", Config::default()).expect("English");
    ingest::run(&request, &env).expect_err("not a benchmark output")
}

#[test]
fn a_file_that_is_no_benchmark_output_is_a_parse_error_said_in_the_printers_language() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.txt");
    std::fs::write(&path, "nothing to see here\n").unwrap();

    let error = library_error(&path);
    let Error::Parse {
        path: ref at,
        ref message,
        ..
    } = error
    else {
        panic!("expected a parse error, got {error:?}");
    };
    assert_eq!(at, &PathBuf::from(&path));
    assert_eq!(message.id.as_deref(), Some("ingest-expect-result"));

    for lang in ["en", "ru", "zh-CN"] {
        let env = Env::new(lang, Config::default()).unwrap();
        assert_eq!(env.error_text(&error), cli_error(lang, &path), "{lang}");
    }
    let ru = Env::new("ru", Config::default())
        .unwrap()
        .error_text(&error);
    let en = Env::new("en", Config::default())
        .unwrap()
        .error_text(&error);
    assert_ne!(ru, en, "the Russian words differ from the English ones");
}

#[test]
fn a_missing_file_is_an_io_error_with_the_operating_systems_reason_localized() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("missing.txt");
    let error = library_error(&path);
    let Error::Io { ref reason, .. } = error else {
        panic!("expected an I/O error, got {error:?}");
    };
    assert_eq!(reason.kind(), std::io::ErrorKind::NotFound);
    for lang in ["en", "ru"] {
        let env = Env::new(lang, Config::default()).unwrap();
        assert_eq!(env.error_text(&error), cli_error(lang, &path), "{lang}");
    }
}

#[test]
fn a_readers_warning_is_said_in_the_callers_language_not_the_processs() {
    // A serving block without its closing `=====` line: read, with a warning.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cut.txt");
    let console = std::fs::read_to_string("fixtures/vllm/0.33.0-run6-c2/console.txt").unwrap();
    let cut: String = console
        .lines()
        .filter(|l| !(l.len() >= 40 && l.chars().all(|c| c == '=')))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&path, cut).unwrap();

    let cli = perflab()
        .args(["--lang", "ru", "ingest"])
        .arg(&path)
        .assert()
        .success()
        .get_output()
        .stderr
        .clone();
    let cli = text(&cli);

    let list = std::sync::Arc::new(perflab::app::Collected::default());
    let env = Env::new("ru", Config::default())
        .unwrap()
        .with_reporter(Box::new(list.clone()));
    let request = ingest::IngestRequest {
        paths: vec![path.clone()],
        ..Default::default()
    };
    let (runs, _) = ingest::run(&request, &env).expect("a run, with a warning");
    assert_eq!(runs.len(), 1);
    let lines = list.take();
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].contains("заканчивается без закрывающей строки"),
        "{lines:?}"
    );
    assert_eq!(format!("perflab: {}\n", lines[0]), cli);
}
