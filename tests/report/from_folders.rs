//! `perflab report BASE/ CANDIDATE/`: a report straight from result folders, the study
//! made from the runs. Each folder is laid out as vLLM's performance CI writes a run (the
//! real `--save-result` JSON of `fixtures/vllm/0.33.0-buildkite-commands-reproduction/`
//! beside its `.commands`), the candidate's server given `--max-num-seqs 512` and its
//! throughputs × 1.1. The numbers below are worked by hand from the fixture.

use std::fs;
use std::path::Path;

use serde_json::{json, Value};

use crate::common::cli::perflab_in;

const REAL: &str =
    "fixtures/vllm/0.33.0-buildkite-commands-reproduction/results/serving_mock_random_128_32_qps_inf_concurrency_4";

fn folder(dir: &Path, max_num_seqs: u32, factor: f64) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut result: Value =
        serde_json::from_str(&fs::read_to_string(root.join(format!("{REAL}.json"))).unwrap())
            .unwrap();
    for key in [
        "request_throughput",
        "output_throughput",
        "total_token_throughput",
    ] {
        result[key] = json!(result[key].as_f64().unwrap() * factor);
    }
    let commands: Value =
        serde_json::from_str(&fs::read_to_string(root.join(format!("{REAL}.commands"))).unwrap())
            .unwrap();
    let cmd = json!({
        "server_command": format!(" vllm serve mock-model       --max-num-seqs {max_num_seqs} --swap-space 16"),
        "client_command": commands["client_command"],
        "gpu_type": "H100",
    });
    fs::create_dir_all(dir).unwrap();
    fs::write(dir.join("serving_mock.json"), result.to_string()).unwrap();
    fs::write(dir.join("serving_mock.commands"), cmd.to_string()).unwrap();
}

#[test]
fn a_report_from_two_result_folders() {
    let tmp = tempfile::tempdir().unwrap();
    folder(&tmp.path().join("main"), 256, 1.0);
    folder(&tmp.path().join("seqs512"), 512, 1.1);
    let out = perflab_in(tmp.path())
        .args([
            "report",
            "main",
            "seqs512",
            "--save-study",
            "study.toml",
            "--out",
            "out",
            "--lang",
            "en,ru",
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let study = fs::read_to_string(tmp.path().join("study.toml")).unwrap();
    // The candidate is labelled by the one flag that differs; paths are relative to the
    // saved study.
    assert!(study.contains(r#"label = "--max-num-seqs=512""#), "{study}");
    assert!(
        study.contains(r#"result = "main/serving_mock.json""#),
        "{study}"
    );
    assert!(study.contains(r#"baseline = "p1/main""#), "{study}");
    assert!(study.contains(r#"hardware = "H100""#), "{study}");
    let en = fs::read_to_string(tmp.path().join("out/report.en.md")).unwrap();
    // total_token_throughput 4740.992891501426 and × 1.1 = 5215.092180651569: +10.0%.
    assert!(en.contains("4740.99"), "{en}");
    assert!(en.contains("5215.09"), "{en}");
    assert!(en.contains("+10.0") || en.contains("+10.00"), "{en}");
    assert!(en.contains("--max-num-seqs=512"), "{en}");
    assert!(
        en.contains("mock-model: server configurations compared"),
        "{en}"
    );
    let ru = fs::read_to_string(tmp.path().join("out/report.ru.md")).unwrap();
    assert!(ru.contains("сравнение конфигураций сервера"), "{ru}");
    // The saved study renders the same report.
    let again = perflab_in(tmp.path())
        .args(["report", "study.toml", "--out", "again", "--lang", "en"])
        .output()
        .unwrap();
    assert_eq!(
        again.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
    assert_eq!(
        fs::read_to_string(tmp.path().join("again/report.en.md")).unwrap(),
        en
    );
}

#[test]
fn a_baseline_that_is_not_a_folder_given_is_an_error() {
    let tmp = tempfile::tempdir().unwrap();
    folder(&tmp.path().join("a"), 256, 1.0);
    folder(&tmp.path().join("b"), 512, 1.1);
    let out = perflab_in(tmp.path())
        .args(["report", "a", "b", "--baseline", "c", "--out", "out"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--baseline c"));
    assert!(!tmp.path().join("out").exists());
}

/// A study whose candidate ran another workload than its baseline on the same profile (its
/// client asked for 256-token prompts, the baseline's for 128): the report says so beside
/// the variant, in every language, instead of crediting the server flag with the change.
#[test]
fn a_variant_on_another_workload_is_said() {
    let tmp = tempfile::tempdir().unwrap();
    folder(&tmp.path().join("main"), 256, 1.0);
    folder(&tmp.path().join("seqs512"), 512, 1.1);
    let save = perflab_in(tmp.path())
        .args(["report", "main", "seqs512", "--save-study", "study.toml"])
        .args(["--out", "first", "--lang", "en"])
        .output()
        .unwrap();
    assert_eq!(
        save.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&save.stderr)
    );
    let first = fs::read_to_string(tmp.path().join("first/report.en.md")).unwrap();
    assert!(!first.contains("workload differs"), "{first}");
    // The candidate's client, edited after the study was saved.
    let commands = tmp.path().join("seqs512/serving_mock.commands");
    let text = fs::read_to_string(&commands)
        .unwrap()
        .replace("--random-input-len 128", "--random-input-len 256");
    fs::write(&commands, text).unwrap();
    let out = perflab_in(tmp.path())
        .args(["report", "study.toml", "--out", "out", "--lang", "en,ru"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let en = fs::read_to_string(tmp.path().join("out/report.en.md")).unwrap();
    assert!(
        en.contains("The workload differs from the baseline's (input_len 128 → 256)"),
        "{en}"
    );
    let ru = fs::read_to_string(tmp.path().join("out/report.ru.md")).unwrap();
    assert!(
        ru.contains("Нагрузка отличается от базовой (input_len 128 → 256)"),
        "{ru}"
    );
}
