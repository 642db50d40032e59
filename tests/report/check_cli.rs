//! The `check` and `import` commands as a user runs them: exit codes, the terminal lines
//! of a wrong claim, `--json`, `--strict`, `--lang`.

use predicates::prelude::*;

use crate::common::cli::perflab;

const REFERENCE: &str = "fixtures/reports/qwen3.5-9b-h100.en.md";
const CORPUS: &str = "fixtures/reports/gpustack-qwen3-30b-a3b-910b.md";

#[test]
fn a_wrong_claim_fails_with_its_line_and_both_values() {
    perflab()
        .args(["check", REFERENCE])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(format!(
            "{REFERENCE}:867: wrong success rate for Speculative Decodng: claimed 51.5%, recomputed 51.4%"
        )))
        .stdout(predicate::str::contains("1 wrong"));
}

#[test]
fn warnings_alone_pass_unless_strict() {
    perflab()
        .args(["check", CORPUS])
        .assert()
        .code(0)
        .stdout(predicate::str::contains(format!(
            "{CORPUS}:162: warning: result without numbers: \"Crash, not supported for the model\""
        )))
        .stdout(predicate::str::contains("0 wrong, 5 warnings, 13 blocks"));
    perflab()
        .args(["check", "--strict", CORPUS])
        .assert()
        .code(1);
}

#[test]
fn json_gives_every_claim_and_finding_with_its_line() {
    let out = perflab()
        .args(["check", "--json", REFERENCE])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let claims = v["claims"].as_array().unwrap();
    let wrong: Vec<_> = claims.iter().filter(|c| c["holds"] == false).collect();
    assert_eq!(wrong.len(), 1);
    assert_eq!(wrong[0]["line"], 867);
    assert_eq!(wrong[0]["quantity"], "success-rate");
    for f in v["findings"].as_array().unwrap() {
        assert!(f["line"].as_u64().is_some_and(|l| l > 0), "{f}");
        assert!(f["kind"].is_string());
    }
}

#[test]
fn messages_follow_the_language() {
    perflab()
        .args(["check", "--lang", "ru", REFERENCE])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "заявлено 51.5%, пересчитано 51.4%",
        ));
    perflab()
        .args(["check", CORPUS])
        .env("LANG", "zh_CN.UTF-8")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("警告"));
}

#[test]
fn a_file_without_blocks_is_an_error() {
    perflab()
        .args(["check", "Cargo.toml"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Cargo.toml: expected a report"));
    perflab()
        .args(["check", "no-such-file.md"])
        .assert()
        .code(2);
}

#[test]
fn import_writes_the_study_and_lists_what_is_lost() {
    let dir = tempfile::tempdir().unwrap();
    perflab()
        .args(["import", CORPUS, "--out"])
        .arg(dir.path())
        .assert()
        .code(0)
        .stderr(predicate::str::contains(format!(
            "{CORPUS}:171: `Quantization in MindIE` serves vllm-ascend/Qwen3-8B-W8A8"
        )));
    assert!(dir.path().join("study.toml").is_file());
    assert!(dir.path().join("runs").is_dir());
}

#[test]
fn translate_writes_the_report_in_each_language_and_verifies_it() {
    let dir = tempfile::tempdir().unwrap();
    perflab()
        .env("PERFLAB_LANG", "ru")
        .args([
            "translate",
            REFERENCE,
            "--lang",
            "ru,zh-CN",
            "--html",
            "--out",
        ])
        .arg(dir.path())
        .assert()
        .code(0)
        .stdout(predicate::str::contains("qwen3.5-9b-h100.ru.md"))
        // Messages are in the message language (PERFLAB_LANG), on stderr.
        .stderr(predicate::str::contains("Проверено"));
    for f in [
        "qwen3.5-9b-h100.ru.md",
        "qwen3.5-9b-h100.ru.html",
        "qwen3.5-9b-h100.zh-CN.md",
        "qwen3.5-9b-h100.zh-CN.html",
    ] {
        assert!(dir.path().join(f).is_file(), "{f}");
    }
    let ru = std::fs::read_to_string(dir.path().join("qwen3.5-9b-h100.ru.md")).unwrap();
    assert!(ru.contains("### Кэш префиксов"));
    let html = std::fs::read_to_string(dir.path().join("qwen3.5-9b-h100.ru.html")).unwrap();
    assert!(html.contains("<summary>Команда обслуживания модели</summary>"));
    // `check` on the translation finds the original's wrong success rate, on its line.
    perflab()
        .arg("check")
        .arg(dir.path().join("qwen3.5-9b-h100.ru.md"))
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "qwen3.5-9b-h100.ru.md:867: wrong success rate",
        ))
        .stdout(predicate::str::contains("claimed 51.5%, recomputed 51.4%"));
}
