//! `perflab check` on real pull-request threads (fixtures/threads/, each with its URL and
//! date; the arithmetic of every expected verdict is in fixtures/threads/EXPECTED.md):
//! the before and after found by their words, prose claims recomputed on the trials'
//! means, author tables' change cells recomputed from their rows, standard input read.

use serde_json::Value;

use crate::common::cli::{perflab, text};

fn check_json(file: &str) -> (i32, Value) {
    let out = perflab()
        .args(["check", "--json"])
        .arg(format!("fixtures/threads/{file}"))
        .output()
        .unwrap();
    let json = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{file}: {e}: {}", text(&out.stderr)));
    (out.status.code().unwrap(), json)
}

fn verdicts(json: &Value) -> Vec<&str> {
    json["claims"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["verdict"].as_str().unwrap())
        .collect()
}

#[test]
fn three_trials_a_side_and_a_prose_claim_on_the_means() {
    // vllm#7117: "Main branch (3 trials)" / "This PR (3 trials)", "Already 1.5%
    // improvement in throughput": requests/s means 24.2400 → 24.6167 = +1.554%.
    let (code, json) = check_json("vllm-pr7117.md");
    assert_eq!(code, 0);
    assert_eq!(json["pair"]["before"]["label"], "Main branch (3 trials)");
    assert_eq!(json["pair"]["after"]["label"], "This PR (3 trials)");
    assert_eq!(json["pair"]["before"]["trials"], 3);
    assert_eq!(json["pair"]["by"], "words");
    let claims = json["claims"].as_array().unwrap();
    assert_eq!(claims.len(), 1);
    assert_eq!(claims[0]["metric"], "request_throughput");
    assert_eq!(claims[0]["verdict"], "holds");
    assert_eq!(claims[0]["recomputed"], "1.55");
    // Welch t = 4.08 on 3 + 3 trials, p ≈ 0.015: a gain, not noise.
    assert_eq!(json["findings"].as_array().unwrap().len(), 0);
}

#[test]
fn author_tables_with_a_change_column_hold_cell_by_cell() {
    for (file, cells, by) in [
        // Versions as sides, no before/after words: the Delta cells' arithmetic
        // ((right − left) / left) makes the left column before (issue 39).
        ("vllm-metal-pr596.md", 7, "arithmetic"),
        // Seven Δ cells; its "conc 1–2 unchanged" names rows the table does not have.
        ("inferencex-pr1808.md", 7, "words"),
        // Three Before/After/Improvement groups under a header of groups.
        ("vllm-pr39080.md", 24, "words"),
        ("vllm-pr42444.md", 23, "words"),
    ] {
        let (code, json) = check_json(file);
        assert_eq!(code, 0, "{file}");
        let v = verdicts(&json);
        assert_eq!(
            v.iter().filter(|v| **v == "holds").count(),
            cells,
            "{file}: {v:?}"
        );
        assert!(v.iter().all(|v| *v != "wrong"), "{file}: {v:?}");
        assert_eq!(json["pair"]["by"], by, "{file}");
    }
    let (_, json) = check_json("vllm-metal-pr596.md");
    assert_eq!(json["pair"]["before"]["label"], "vLLM 0.26.0");
    let ttft = &json["claims"][2];
    assert_eq!(ttft["metric"], "mean_ttft_ms");
    assert_eq!(ttft["claimed"], "-3.1");
    // 3714.32 / 3834.31 − 1 = −3.129%.
    assert_eq!(ttft["recomputed"], "-3.13");
}

#[test]
fn a_changed_cell_is_wrong_with_its_line_and_the_true_change() {
    let dir = tempfile::tempdir().unwrap();
    let doc = std::fs::read_to_string("fixtures/threads/vllm-metal-pr596.md")
        .unwrap()
        .replace("| 974.26 | 990.70 | +1.7% |", "| 974.26 | 990.70 | +2.7% |");
    let path = dir.path().join("thread.md");
    std::fs::write(&path, doc).unwrap();
    let out = perflab().arg("check").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(":17: wrong percentage output_throughput for Output tok/s: claimed +2.7%, recomputed +1.69%"),
        "{stdout}"
    );
    assert!(stdout.contains("before: “vLLM 0.26.0”"), "{stdout}");
}

#[test]
fn standard_input_is_read_and_the_pair_is_said_in_the_users_language() {
    let body = std::fs::read("fixtures/threads/vllm-pr7117.md").unwrap();
    let out = perflab()
        .args(["--lang", "ru", "check", "-"])
        .write_stdin(body)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("-:24: до: «Main branch (3 trials)» (строка 24, 3 прогона); после: «This PR (3 trials)»"),
        "{stdout}"
    );
}

#[test]
fn results_without_a_claim_are_paired_and_nothing_is_judged() {
    // vllm#3613 and xinference#2050: Before / After results, no figure claimed; the two
    // `Throughput:` lines of one old benchmark_serving block are one trial.
    for file in ["vllm-pr3613.md", "xinference-pr2050.md"] {
        let (code, json) = check_json(file);
        assert_eq!(code, 0, "{file}");
        assert_eq!(json["claims"].as_array().unwrap().len(), 0, "{file}");
        assert_eq!(json["pair"]["before"]["label"], "Before", "{file}");
        assert_eq!(json["pair"]["after"]["trials"], 1, "{file}");
    }
}

#[test]
fn diff_of_one_document_compares_its_before_and_after() {
    // vllm#7117's three trials a side: Welch on requests/s gives p = 0.015 (EXPECTED.md).
    let out = perflab()
        .args(["diff", "fixtures/threads/vllm-pr7117.md"])
        .output()
        .unwrap();
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains(
            "before: “Main branch (3 trials)” (line 24, 3 trials); after: “This PR (3 trials)”"
        ),
        "{stderr}"
    );
    let row = stdout
        .lines()
        .find(|l| l.contains("request_throughput"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(row.contains("24.24 ± 0.11 (n=3)"), "{row}");
    assert!(row.contains("+1.55%") && row.contains("0.015"), "{row}");

    // A document without both sides is an error that says so.
    let out = perflab()
        .args(["diff", "fixtures/threads/inferencex-pr1804.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("holds no results before and after a change"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn documents_that_are_no_before_and_after_are_not_read_as_one() {
    // Three samples of one README (one named "with Speculative Decoding"), and a
    // cookbook's two "Test Results" of two precisions: results, but no before and after.
    for file in [
        "fixtures/corpus/vllm-throughput-benchmarks-readme-samples.md",
        "fixtures/corpus/sglang-bench-serving-cookbook-nemotron-nano-fp8-bf16.md",
    ] {
        let out = perflab().args(["check", "--json", file]).output().unwrap();
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert!(json.get("pair").is_none(), "{file}: {json}");
    }
}
