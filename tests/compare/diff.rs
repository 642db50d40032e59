//! `perflab diff` end to end, on real outputs from `fixtures/diff/` (see its README for
//! provenance). Each test copies fixtures into a temporary directory and edits the copies:
//! one printed number at a time, the new value and the expected verdict written here by
//! hand.

use std::fs;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

use crate::common::cli::perflab_in;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/diff")
        .join(name)
}

fn read_fixture(name: &str) -> String {
    fs::read_to_string(fixture(name)).expect("fixture")
}

fn put(dir: &Path, rel: &str, text: &str) -> PathBuf {
    let path = dir.join(rel);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(&path, text).unwrap();
    path
}

/// Replaces `old` by `new`, which must occur exactly once: an edit that silently did
/// nothing would make the test pass for the wrong reason.
fn edit(text: &str, old: &str, new: &str) -> String {
    assert_eq!(text.matches(old).count(), 1, "{old:?} must occur once");
    text.replace(old, new)
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(cmd: &mut Command) -> Run {
    let out = cmd.output().unwrap();
    Run {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

const VLLM_TEXT: &str = "vllm-bench-serve-pr33743.txt";
/// A `--save-result` JSON with its model and concurrency.
const GPTOSS_JSON: &str = "vllm-result-inferencex-gptoss120b-conc4.json";
const TOTAL_LINE: &str = "Total token throughput (tok/s):          1052.55";

/// baseline/bench.txt = the vLLM block as published, candidate/bench.txt = the same with
/// `edits` applied.
fn text_pair(dir: &Path, edits: &[(&str, &str)]) -> (PathBuf, PathBuf) {
    let original = read_fixture(VLLM_TEXT);
    let mut changed = original.clone();
    for (old, new) in edits {
        changed = edit(&changed, old, new);
    }
    put(dir, "baseline/bench.txt", &original);
    put(dir, "candidate/bench.txt", &changed);
    (dir.join("baseline"), dir.join("candidate"))
}

fn json_of(stdout: &str) -> Value {
    serde_json::from_str(stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"))
}

/// The JSON of one metric of the first matched pair.
fn metric<'a>(cmp: &'a Value, name: &str) -> &'a Value {
    cmp["pairs"][0]["metrics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["metric"] == name)
        .unwrap_or_else(|| panic!("no {name}"))
}

#[test]
fn a_ten_percent_throughput_drop_with_one_run_a_side_is_not_sure_unless_the_noise_is_known() {
    let dir = tempfile::tempdir().unwrap();
    // 1052.55 → 947.30 is −9.9995%, printed −10.00%.
    let (base, cand) = text_pair(
        dir.path(),
        &[(
            TOTAL_LINE,
            "Total token throughput (tok/s):          947.30",
        )],
    );
    // The default policy with one run a side and nothing known of the noise between
    // runs: past −5%, short of the one-run threshold (−45.4%, what runs of one real
    // configuration differ by in 1 comparison of 100): not sure, exit 0, said so.
    let r = run(perflab_in(dir.path()).arg("diff").arg(&base).arg(&cand));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let first = r.stdout.lines().next().unwrap();
    assert_eq!(
        first,
        "perflab diff: no regression (1 matched, 0 added, 0 removed)"
    );
    assert!(r.stdout.contains("-10.00%"), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("not sure: one run a side (one-run threshold"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("no estimate of the noise between runs"));
    // How many runs would tell, from the typical noise of real engines.
    assert!(
        r.stdout
            .contains("total_token_throughput<-5%: no estimate of this benchmark's noise"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains('\x1b'), "no colour in a pipe");

    // A rule the user wrote is their threshold: it alone decides, and says so.
    let r = run(perflab_in(dir.path())
        .args(["diff", "--fail-on", "total_token_throughput<-5%"])
        .arg(&base)
        .arg(&cand));
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert_eq!(
        r.stdout.lines().next().unwrap(),
        "perflab diff: 1 regression in 1 of 1 matched (0 added, 0 removed)"
    );
    assert!(
        r.stdout.contains(
            "regression (total_token_throughput<-5%) (threshold alone: no estimate of the noise between runs)"
        ),
        "{}",
        r.stdout
    );

    // A declared noise of 2% a run: −10% is 3.7 standard errors (ln 0.9 / (0.02·√2)).
    let r = run(perflab_in(dir.path())
        .args(["diff", "--json", "--noise", "total_token_throughput=2%"])
        .arg(&base)
        .arg(&cand));
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    let cmp = json_of(&r.stdout);
    assert_eq!(cmp["verdict"], "regression");
    let total = metric(&cmp, "total_token_throughput");
    assert_eq!(total["baseline"]["mean"], 1052.55);
    assert_eq!(total["candidate"]["mean"], 947.3);
    assert!((total["change_percent"].as_f64().unwrap() - (-9.99952)).abs() < 1e-4);
    assert!(total["welch"].is_null());
    assert_eq!(total["noise"]["source"], "declared");
    let t = &total["noise_test"];
    let z = (947.30f64 / 1052.55).ln() / (0.02 * 2f64.sqrt());
    assert!((t["log_ratio"].as_f64().unwrap() - (947.30f64 / 1052.55).ln()).abs() < 1e-12);
    assert!((z - (-3.7249)).abs() < 1e-3, "{z}");
    assert!(t["p"].as_f64().unwrap() < 0.001, "{t}");
    assert_eq!(t["significant"], true);
    // One run a side of 2% noise detects 8.2% or more: e^(2.8016·0.02·√2) − 1.
    let detectable = total["detectable_percent"].as_f64().unwrap();
    assert!((detectable - 8.2476).abs() < 1e-2, "{detectable}");
}

#[test]
fn a_reader_that_stops_reading_is_no_error_and_the_verdict_stays() {
    // `perflab diff … --json | head -1`: the reader is gone before perflab writes. That
    // was exit 2 ("Broken pipe"); it is the verdict's exit code, with nothing on stderr.
    // New failed requests: a regression of the default policy whatever the noise.
    let dir = tempfile::tempdir().unwrap();
    let (base, cand) = text_pair(
        dir.path(),
        &[(
            "Failed requests:                         0",
            "Failed requests:                         3",
        )],
    );
    for (a, b, code) in [(&base, &cand, 1), (&base, &base, 0)] {
        for json in [true, false] {
            let mut cmd = crate::common::cli::perflab_process_in(dir.path());
            cmd.arg("diff").arg(a).arg(b);
            if json {
                cmd.arg("--json");
            }
            let mut child = cmd
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap();
            drop(child.stdout.take());
            let out = child.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(code), "{json} {stderr}");
            assert!(stderr.is_empty(), "{stderr}");
        }
    }
}

#[test]
fn a_summary_its_requests_contradict_is_warned_about() {
    // The candidate's summary says a mean TTFT of 29.17 ms; its own 40 requests give
    // 26.52. The diff judges the summary's number, so it says so, as `ingest` does.
    let dir = tempfile::tempdir().unwrap();
    let result = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/vllm/0.33.0-run10-goodput-ttft22/result.json");
    let text = fs::read_to_string(result).unwrap();
    let base = put(dir.path(), "baseline/result.json", &text);
    let cand = put(
        dir.path(),
        "candidate/result.json",
        &edit(
            &text,
            "\"mean_ttft_ms\": 26.519813625000666",
            "\"mean_ttft_ms\": 29.17",
        ),
    );
    let r = run(perflab_in(dir.path()).arg("diff").arg(&base).arg(&cand));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let warning = r
        .stderr
        .lines()
        .find(|l| l.contains("mean_ttft_ms is 29.17 in the file, but its requests give 26.5"))
        .unwrap_or_else(|| panic!("{}", r.stderr));
    assert!(warning.contains("candidate/result.json"), "{warning}");
    assert!(!r.stderr.contains("baseline/result.json"), "{}", r.stderr);
}

#[test]
fn a_four_percent_drop_passes_the_default_policy() {
    let dir = tempfile::tempdir().unwrap();
    // 1052.55 → 1010.45 is −4.00%.
    let (base, cand) = text_pair(
        dir.path(),
        &[(
            TOTAL_LINE,
            "Total token throughput (tok/s):          1010.45",
        )],
    );
    let r = run(perflab_in(dir.path()).arg("diff").arg(&base).arg(&cand));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r
        .stdout
        .starts_with("perflab diff: no regression (1 matched, 0 added, 0 removed)"));
    assert!(r.stdout.contains("-4.00%"));
}

#[test]
fn an_improvement_never_fails() {
    let dir = tempfile::tempdir().unwrap();
    // Throughputs +20%, P99 TTFT −30%, mean TPOT −10%: every watched metric moves a lot,
    // all in the good direction.
    let (base, cand) = text_pair(
        dir.path(),
        &[
            (
                TOTAL_LINE,
                "Total token throughput (tok/s):          1263.06",
            ),
            (
                "Output token throughput (tok/s):         268.31",
                "Output token throughput (tok/s):         321.97",
            ),
            (
                "P99 TTFT (ms):                           4610.48",
                "P99 TTFT (ms):                           3227.34",
            ),
            (
                "Mean TPOT (ms):                          51.78",
                "Mean TPOT (ms):                          46.60",
            ),
        ],
    );
    let r = run(perflab_in(dir.path())
        .args(["diff", "--json"])
        .arg(&base)
        .arg(&cand));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let cmp = json_of(&r.stdout);
    assert_eq!(cmp["verdict"], "pass");
    for m in [
        "total_token_throughput",
        "output_throughput",
        "p99_ttft_ms",
        "mean_tpot_ms",
    ] {
        assert_eq!(metric(&cmp, m)["trend"], "better", "{m}");
    }
    assert_eq!(
        metric(&cmp, "p99_ttft_ms")["change_percent"]
            .as_f64()
            .unwrap()
            .round(),
        -30.0
    );
}

#[test]
fn new_failed_requests_fail_the_default_policy() {
    let dir = tempfile::tempdir().unwrap();
    let (base, cand) = text_pair(
        dir.path(),
        &[(
            "Failed requests:                         0",
            "Failed requests:                         3",
        )],
    );
    let r = run(perflab_in(dir.path()).arg("diff").arg(&base).arg(&cand));
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("regression (failed>0)"), "{}", r.stdout);
}

/// Three repeats per side, built from the InferenceX result by setting
/// `total_token_throughput` to the values given; everything else is identical.
fn repeats(dir: &Path, base: [f64; 3], cand: [f64; 3]) {
    let original: Value = serde_json::from_str(&read_fixture(
        "vllm-result-inferencex-gptoss120b-conc4.json",
    ))
    .unwrap();
    for (side, values) in [("baseline", base), ("candidate", cand)] {
        for (i, v) in values.iter().enumerate() {
            let mut run = original.clone();
            run["total_token_throughput"] = Value::from(*v);
            put(dir, &format!("{side}/rep{}.json", i + 1), &run.to_string());
        }
    }
}

#[test]
fn a_six_percent_drop_within_noise_passes() {
    // Means 920 → 864.8 (−6.0%, past the 5% threshold), but each side's repeats spread by
    // ±50: s = 50, se = √(2·50²/3) = 40.825, t = −55.2/40.825 = −1.3521, ν = 4 (equal
    // spreads and sizes give 2(n−1)), p = 0.24773 (computed independently: Python,
    // Simpson integration of the t density).
    let dir = tempfile::tempdir().unwrap();
    repeats(dir.path(), [870.0, 920.0, 970.0], [814.8, 864.8, 914.8]);
    let r = run(perflab_in(dir.path()).args([
        "diff",
        "baseline",
        "candidate",
        "--key",
        "model_id,max_concurrency",
        "--json",
    ]));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let cmp = json_of(&r.stdout);
    assert_eq!(cmp["counts"]["matched"], 1);
    assert_eq!(cmp["pairs"][0]["baseline_runs"], 3);
    assert_eq!(cmp["pairs"][0]["noise_estimate"], true);
    let total = metric(&cmp, "total_token_throughput");
    let w = &total["welch"];
    assert!((w["t"].as_f64().unwrap() - (-1.35212)).abs() < 1e-5, "{w}");
    assert!((w["df"].as_f64().unwrap() - 4.0).abs() < 1e-9, "{w}");
    assert!((w["p"].as_f64().unwrap() - 0.247730).abs() < 1e-6, "{w}");
    assert!((total["change_percent"].as_f64().unwrap() - (-6.0)).abs() < 1e-9);
    assert_eq!(total["status"], "within_noise");
    assert_eq!(total["trend"], "noise");
    assert_eq!(cmp["counts"]["within_noise"], 1);

    let r = run(perflab_in(dir.path()).args([
        "diff",
        "baseline",
        "candidate",
        "--key",
        "model_id,max_concurrency",
    ]));
    assert!(
        r.stdout.contains("within noise (not significant)"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("920.00 ± 50.00 (n=3)"), "{}", r.stdout);
}

#[test]
fn a_six_percent_drop_beyond_noise_fails() {
    // Same means, repeats within ±5: se = 4.0825, t = −13.5212, ν = 4, p = 0.00017315;
    // 95% CI of d = −55.2 ± 2.776445·4.0825 = [−66.535, −43.865], i.e. [−7.2320%,
    // −4.7680%] of 920 (t*(0.975, 4) = 2.776445 from a t table).
    let dir = tempfile::tempdir().unwrap();
    repeats(dir.path(), [915.0, 920.0, 925.0], [859.8, 864.8, 869.8]);
    let r = run(perflab_in(dir.path()).args([
        "diff",
        "baseline",
        "candidate",
        "--key",
        "model_id,max_concurrency",
        "--json",
    ]));
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    let cmp = json_of(&r.stdout);
    let total = metric(&cmp, "total_token_throughput");
    let w = &total["welch"];
    assert!((w["t"].as_f64().unwrap() - (-13.5212)).abs() < 1e-4, "{w}");
    assert!((w["p"].as_f64().unwrap() - 0.00017315).abs() < 1e-8, "{w}");
    let ci = total["ci_percent"].as_array().unwrap();
    assert!((ci[0].as_f64().unwrap() - (-7.2320)).abs() < 1e-3, "{ci:?}");
    assert!((ci[1].as_f64().unwrap() - (-4.7680)).abs() < 1e-3, "{ci:?}");
    assert_eq!(total["status"], "regression");
}

#[test]
fn malformed_rules_exit_2_and_show_how_to_write_one() {
    let dir = tempfile::tempdir().unwrap();
    let (base, cand) = text_pair(dir.path(), &[]);
    for (rule, why) in [
        (
            "total_token_throughput-5%",
            "no comparison (<, <=, > or >=)",
        ),
        ("p99_ttft_ms>ten%", "`ten%` is not a number"),
        ("failed>+1", "`+1` has a sign but no %"),
    ] {
        let r = run(perflab_in(dir.path())
            .args(["diff", "--fail-on", rule])
            .arg(&base)
            .arg(&cand));
        assert_eq!(r.code, 2, "{rule}");
        assert!(
            r.stderr.contains(&format!("bad rule `{rule}`: {why}")),
            "{}",
            r.stderr
        );
        assert!(
            r.stderr
                .contains("A rule is METRIC, then <, <=, > or >=, then a limit"),
            "{}",
            r.stderr
        );
        assert!(r.stderr.contains("p99_ttft_ms>+10%"), "{}", r.stderr);
        assert!(r.stdout.is_empty());
    }
    // In perflab.toml the message names the file.
    put(
        dir.path(),
        "perflab.toml",
        "[diff]\nfail-on = [\"p99_ttft_ms>+ten%\"]\n",
    );
    let r = run(perflab_in(dir.path()).arg("diff").arg(&base).arg(&cand));
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("bad rule `p99_ttft_ms>+ten%` (perflab.toml): `+ten%` is not a number"),
        "{}",
        r.stderr
    );
    // A well-formed rule on a column no run has is a typo, not a pass.
    fs::remove_file(dir.path().join("perflab.toml")).unwrap();
    let r = run(perflab_in(dir.path())
        .args(["diff", "--fail-on", "total_throughput<-5%"])
        .arg(&base)
        .arg(&cand));
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("no run on either side has the column `total_throughput`"),
        "{}",
        r.stderr
    );
}

#[test]
fn rules_from_the_config_file_replace_the_default_policy() {
    let dir = tempfile::tempdir().unwrap();
    // −4% passes the default policy but not a 3% rule.
    let (base, cand) = text_pair(
        dir.path(),
        &[(
            TOTAL_LINE,
            "Total token throughput (tok/s):          1010.45",
        )],
    );
    put(
        dir.path(),
        "perflab.toml",
        "[diff]\nfail-on = [\"total_token_throughput<-3%\"]\n",
    );
    let r = run(perflab_in(dir.path()).arg("diff").arg(&base).arg(&cand));
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout
            .contains("Policy (perflab.toml): total_token_throughput<-3%"),
        "{}",
        r.stdout
    );
    // --fail-on wins over the file.
    let r = run(perflab_in(dir.path())
        .args(["diff", "--fail-on", "total_token_throughput<-5%"])
        .arg(&base)
        .arg(&cand));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
}

#[test]
fn runs_on_one_side_only_are_listed_as_added_and_removed() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let text = read_fixture(VLLM_TEXT);
    put(d, "baseline/serve/bench.txt", &text);
    put(d, "candidate/serve/bench.txt", &text);
    put(
        d,
        "baseline/gone.json",
        &read_fixture("vllm-0.33.0-result-rate20.json"),
    );
    put(
        d,
        "candidate/new.json",
        &read_fixture("vllm-result-inferencex-gptoss120b-conc4.json"),
    );
    // Keyed by file: the workload key would pair by model instead (see
    // `timestamp_named_results_pair_by_workload`).
    let by_file = ["--key", "source,run_index"];
    let r = run(perflab_in(d)
        .args(["diff", "baseline", "candidate"])
        .args(by_file));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout
            .starts_with("perflab diff: no regression (1 matched, 1 added, 1 removed)"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("Only in the baseline (removed):\n  gone.json#1 (1 run: gone.json)"),
        "{}",
        r.stdout
    );
    assert!(
        r.stdout
            .contains("Only in the candidate (added):\n  new.json#1 (1 run: new.json)"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("serve/bench.txt#1"));
}

#[test]
fn nothing_matched_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let text = read_fixture(VLLM_TEXT);
    put(dir.path(), "baseline/a.txt", &text);
    put(dir.path(), "candidate/b.txt", &text);
    let by_file = ["--key", "source,run_index"];
    let r = run(perflab_in(dir.path())
        .args(["diff", "baseline", "candidate"])
        .args(by_file));
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr
            .contains("nothing matched between baseline and candidate (key: source, run_index)."),
        "{}",
        r.stderr
    );
    // Both sides' keys are listed, and the key that would pair them is suggested.
    assert!(
        r.stderr
            .contains("Keys only in the baseline (1):\n  a.txt#1\n"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("Keys only in the candidate (1):\n  b.txt#1\n"),
        "{}",
        r.stderr
    );
    // These text blocks name no model or concurrency: the hint says how to choose a key.
    assert!(r.stderr.contains("with --key COLUMN"), "{}", r.stderr);
    // Results that share their setup get the key that pairs them suggested...
    let json = read_fixture(GPTOSS_JSON);
    put(dir.path(), "base2/a.json", &json);
    put(dir.path(), "cand2/b.json", &json);
    let r = run(perflab_in(dir.path())
        .args(["diff", "base2", "cand2"])
        .args(by_file));
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stderr.contains("try --key model_id,max_concurrency"),
        "{}",
        r.stderr
    );
    // ...and with that key, they pair.
    let model_key = r
        .stderr
        .split("try --key ")
        .nth(1)
        .and_then(|s| s.split_whitespace().next())
        .expect("a suggested key")
        .to_owned();
    let r = run(perflab_in(dir.path()).args(["diff", "base2", "cand2", "--key", &model_key]));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    // Without a key they pair by their workload, whatever the files are called.
    let r = run(perflab_in(dir.path()).args(["diff", "base2", "cand2"]));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    // An empty side is an error too, and says where.
    fs::create_dir_all(dir.path().join("empty")).unwrap();
    let r = run(perflab_in(dir.path()).args(["diff", "baseline", "empty"]));
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("no benchmark runs found in empty"),
        "{}",
        r.stderr
    );
    // So is an unreadable path.
    let r = run(perflab_in(dir.path()).args(["diff", "baseline", "missing"]));
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("missing"), "{}", r.stderr);
}

#[test]
fn single_files_pair_by_run_index() {
    let dir = tempfile::tempdir().unwrap();
    let text = read_fixture(VLLM_TEXT);
    put(dir.path(), "old.txt", &text);
    put(
        dir.path(),
        "new.txt",
        &edit(
            &text,
            TOTAL_LINE,
            "Total token throughput (tok/s):          526.28",
        ),
    );
    let r = run(perflab_in(dir.path()).args(["diff", "old.txt", "new.txt"]));
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(
        r.stdout.contains("Runs are paired by: run_index."),
        "{}",
        r.stdout
    );
}

#[test]
fn key_columns_pair_runs_and_null_matches_null() {
    // The SGLang JSONL's first five runs (request rates 1, 2, 4, 8, 16; every
    // `max_concurrency` is null). The candidate has them in reverse order, the rate-4
    // run's output throughput cut by 60% (2047.91 → 819.16: past the default policy's
    // one-run threshold), and one more run at rate 32.
    let dir = tempfile::tempdir().unwrap();
    let text = read_fixture("sglang-datacrunch-llama70b-online.jsonl");
    let lines: Vec<&str> = text.lines().take(5).collect();
    let mut cand: Vec<String> = lines.iter().rev().map(|l| (*l).to_owned()).collect();
    cand[2] = edit(
        &cand[2],
        "\"output_throughput\": 2047.9108281108272",
        "\"output_throughput\": 819.16",
    );
    cand.push(edit(
        lines[4],
        "\"request_rate\": 16.0",
        "\"request_rate\": 32.0",
    ));
    put(dir.path(), "base.jsonl", &(lines.join("\n") + "\n"));
    put(dir.path(), "cand.jsonl", &(cand.join("\n") + "\n"));
    let r = run(perflab_in(dir.path()).args([
        "diff",
        "base.jsonl",
        "cand.jsonl",
        "--key",
        "max_concurrency,request_rate",
        "--json",
    ]));
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    let cmp = json_of(&r.stdout);
    assert_eq!(cmp["counts"]["matched"], 5);
    assert_eq!(cmp["counts"]["regressed_pairs"], 1);
    let labels: Vec<&str> = cmp["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["label"].as_str().unwrap())
        .collect();
    assert_eq!(
        labels,
        [1, 2, 4, 8, 16].map(|r| format!("max_concurrency=null, request_rate={r}"))
    );
    assert_eq!(cmp["pairs"][2]["verdict"], "regression");
    assert_eq!(
        cmp["added"][0]["label"],
        "max_concurrency=null, request_rate=32"
    );
    assert_eq!(cmp["removed"].as_array().unwrap().len(), 0);

    // A misspelt key column is an error, not "everything is null, so everything pairs".
    let r = run(perflab_in(dir.path()).args([
        "diff",
        "base.jsonl",
        "cand.jsonl",
        "--key",
        "max_concurency",
    ]));
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("no run on either side has the key column `max_concurency`"),
        "{}",
        r.stderr
    );
}

#[test]
fn a_saved_runs_frame_is_a_baseline() {
    let dir = tempfile::tempdir().unwrap();
    let (base, cand) = text_pair(
        dir.path(),
        &[(
            TOTAL_LINE,
            "Total token throughput (tok/s):          526.28",
        )],
    );
    let parquet = dir.path().join("baseline.parquet");
    let ingest = run(perflab_in(dir.path())
        .arg("ingest")
        .arg(&base)
        .arg("--parquet")
        .arg(&parquet));
    assert_eq!(ingest.code, 0, "{}", ingest.stderr);
    let r = run(perflab_in(dir.path()).arg("diff").arg(&parquet).arg(&cand));
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("bench.txt#1"));
}

/// Tags nest, attributes are quoted, and `<` / `&` appear only as markup or entities.
fn assert_well_formed_xml(xml: &str) {
    let body = xml
        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .expect("XML declaration");
    let mut stack: Vec<String> = Vec::new();
    let mut rest = body;
    let check_text = |t: &str| {
        for (i, _) in t.match_indices('&') {
            let ent = &t[i..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
                    .iter()
                    .any(|e| ent.starts_with(e)),
                "bare & in {t:?}"
            );
        }
    };
    while let Some(open) = rest.find('<') {
        check_text(&rest[..open]);
        let close = rest[open..].find('>').expect("unclosed tag") + open;
        let tag = &rest[open + 1..close];
        assert!(!tag.contains('<'), "< inside tag {tag:?}");
        assert_eq!(
            tag.matches('"').count() % 2,
            0,
            "unbalanced quotes in {tag:?}"
        );
        check_text(tag);
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name), "mismatched </{name}>");
        } else if !tag.ends_with('/') {
            stack.push(tag.split_whitespace().next().unwrap().to_owned());
        }
        rest = &rest[close + 1..];
    }
    assert!(rest.trim().is_empty());
    assert!(stack.is_empty(), "unclosed {stack:?}");
}

#[test]
fn junit_has_one_case_per_rule_and_pair_and_fails_the_regression() {
    let dir = tempfile::tempdir().unwrap();
    let (base, cand) = text_pair(
        dir.path(),
        &[(
            TOTAL_LINE,
            "Total token throughput (tok/s):          526.28",
        )],
    );
    let junit = dir.path().join("out/junit.xml");
    fs::create_dir_all(junit.parent().unwrap()).unwrap();
    let r = run(perflab_in(dir.path())
        .arg("diff")
        .arg(&base)
        .arg(&cand)
        .arg("--junit")
        .arg(&junit));
    assert_eq!(r.code, 1);
    let xml = fs::read_to_string(&junit).unwrap();
    assert_well_formed_xml(&xml);
    // Five default rules on one matched pair; the block prints every metric they need.
    assert!(xml.contains("<testsuite name=\"perflab diff\" tests=\"5\" failures=\"1\" errors=\"0\" skipped=\"0\">"), "{xml}");
    assert_eq!(xml.matches("<testcase ").count(), 5);
    assert!(xml.contains(
        "<testcase classname=\"bench.txt#1\" name=\"total_token_throughput&lt;-5%\">\n      \
         <failure type=\"regression\" message=\"total_token_throughput&lt;-5%: -50.00% on bench.txt#1\">"
    ), "{xml}");
    assert!(
        xml.contains("<testcase classname=\"bench.txt#1\" name=\"failed&gt;0\"/>"),
        "{xml}"
    );
}

#[test]
fn markdown_starts_with_the_verdict_and_folds_the_details() {
    let dir = tempfile::tempdir().unwrap();
    let (base, cand) = text_pair(
        dir.path(),
        &[(
            TOTAL_LINE,
            "Total token throughput (tok/s):          526.28",
        )],
    );
    let r = run(perflab_in(dir.path())
        .arg("diff")
        .arg(&base)
        .arg(&cand)
        .args(["--markdown", "-"]));
    assert_eq!(r.code, 1);
    let md = r.stdout;
    assert_eq!(
        md.lines().next().unwrap(),
        "❌ **perflab diff: 1 regression in 1 of 1 matched (0 added, 0 removed)**"
    );
    assert!(md.contains("<details><summary>Details</summary>"));
    assert!(md.trim_end().ends_with("</details>"));
    // The Unicode delta chart: −50% fills the left half (scale 50%), marked as failing.
    let bar = format!(
        "bench.txt#1 total_token_throughput   -50.00% {}│",
        "█".repeat(20)
    );
    assert!(md.contains("```text\n"), "{md}");
    assert!(
        md.lines().any(|l| l.starts_with(&bar) && l.ends_with('✗')),
        "{md}"
    );
    assert!(
        md.contains("| bench.txt#1 | `total_token_throughput` | 1052.55 | 526.28 | -50.00% |"),
        "{md}"
    );

    // Written to a file, the same text.
    let file = dir.path().join("comment.md");
    let r2 = run(perflab_in(dir.path())
        .arg("diff")
        .arg(&base)
        .arg(&cand)
        .arg("--markdown")
        .arg(&file));
    assert_eq!(r2.code, 1);
    assert_eq!(fs::read_to_string(&file).unwrap(), md);
    assert!(
        r2.stdout.starts_with("perflab diff: 1 regression"),
        "the table still goes to stdout"
    );
}

#[test]
fn github_step_summary_is_appended() {
    let dir = tempfile::tempdir().unwrap();
    let (base, cand) = text_pair(dir.path(), &[]);
    let summary = put(dir.path(), "summary.md", "## earlier step\n");
    let r = run(perflab_in(dir.path())
        .env("GITHUB_STEP_SUMMARY", &summary)
        .arg("diff")
        .arg(&base)
        .arg(&cand));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let text = fs::read_to_string(&summary).unwrap();
    assert!(
        text.starts_with("## earlier step\n\n✅ **perflab diff: no regression (1 matched, 0 added, 0 removed)**\n"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("</details>"));
}

#[test]
fn html_escapes_a_source_named_script() {
    let dir = tempfile::tempdir().unwrap();
    let text = read_fixture(VLLM_TEXT);
    put(dir.path(), "baseline/<script>/x.txt", &text);
    put(
        dir.path(),
        "candidate/<script>/x.txt",
        &edit(
            &text,
            TOTAL_LINE,
            "Total token throughput (tok/s):          526.28",
        ),
    );
    let html = dir.path().join("diff.html");
    let r = run(perflab_in(dir.path())
        .args(["diff", "baseline", "candidate", "--markdown", "-", "--html"])
        .arg(&html));
    assert_eq!(r.code, 1, "{}", r.stderr);
    let page = fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"));
    assert!(!page.to_lowercase().contains("<script"), "{page}");
    assert!(page.contains("<td>&lt;script&gt;/x.txt#1</td>"), "{page}");
    assert!(
        page.contains("<svg ")
            && page.contains("\n&lt;script&gt;/x.txt#1 total_token_throughput\n</text>"),
        "the delta chart's label, escaped: {page}"
    );
    // The Markdown table escapes it too; only the code block may show it raw.
    let outside_code: String = r.stdout.split("```").step_by(2).collect();
    // `\<` is Markdown's escape: the text shows `<script>`, no tag starts.
    assert!(
        !outside_code.replace("\\<script>", "").contains("<script>"),
        "{}",
        r.stdout
    );
    assert!(outside_code.contains("\\<script>/x.txt#1"));
}

#[test]
fn output_is_localized() {
    let dir = tempfile::tempdir().unwrap();
    let (base, cand) = text_pair(
        dir.path(),
        &[(
            TOTAL_LINE,
            "Total token throughput (tok/s):          526.28",
        )],
    );
    let r = run(perflab_in(dir.path())
        .args(["diff", "--lang", "ru"])
        .arg(&base)
        .arg(&cand));
    assert_eq!(r.code, 1);
    assert!(
        r.stdout
            .starts_with("perflab diff: 1 регрессия в 1 из 1 сопоставленных"),
        "{}",
        r.stdout
    );
    let r = run(perflab_in(dir.path())
        .env("LC_ALL", "zh_CN.UTF-8")
        .arg("diff")
        .arg(&base)
        .arg(&cand));
    assert!(
        r.stdout.starts_with("perflab diff：1 处回退"),
        "{}",
        r.stdout
    );
}

#[test]
fn help_shows_the_default_policy() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(perflab_in(dir.path()).args(["diff", "--help"]));
    assert_eq!(r.code, 0);
    for rule in [
        "total_token_throughput<-5%",
        "output_throughput<-5%",
        "p99_ttft_ms>+10%",
        "mean_tpot_ms>+10%",
        "failed>0",
    ] {
        assert!(
            r.stdout.contains(&format!("--fail-on '{rule}'")),
            "{rule}: {}",
            r.stdout
        );
    }
    assert!(r
        .stdout
        .contains("failed requests where the baseline had none"));
}

#[test]
fn json_and_markdown_cannot_both_take_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let (base, cand) = text_pair(dir.path(), &[]);
    let r = run(perflab_in(dir.path())
        .args(["diff", "--json", "--markdown", "-"])
        .arg(&base)
        .arg(&cand));
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("choose one"));
}

/// vLLM names result files by timestamp: a baseline and a candidate folder of the same
/// benchmark share no file name, so the default key is the workload. Each console sits
/// beside its result file (as a CI job that saves both writes them), which is where the
/// input length is: the JSON keeps none.
fn timestamp_named_sides(d: &Path) {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/vllm/0.33.0-pairing-base-cand");
    let copy = |from: &str, to: &str| {
        let to = d.join(to);
        fs::create_dir_all(to.parent().unwrap()).unwrap();
        fs::copy(src.join(from), to).unwrap();
    };
    copy("base.console.txt", "base/console.txt");
    copy(
        "base/openai-infqps-concurrency4-mock-model-20261203-064617.json",
        "base/openai-infqps-concurrency4-mock-model-20261203-064617.json",
    );
    copy("cand.console.txt", "cand/console.txt");
    copy(
        "cand/openai-infqps-concurrency4-mock-model-20261203-064639.json",
        "cand/openai-infqps-concurrency4-mock-model-20261203-064639.json",
    );
    copy("cand-in256.console.txt", "cand256/console.txt");
    copy(
        "cand/openai-infqps-concurrency4-mock-model-20261203-064702.json",
        "cand256/openai-infqps-concurrency4-mock-model-20261203-064702.json",
    );
}

#[test]
fn timestamp_named_results_pair_by_workload() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    timestamp_named_sides(d);
    let r = run(perflab_in(d).args(["diff", "--json", "base", "cand"]));
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let key: Vec<&str> = v["key_columns"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    // The workload both sides know, from the JSON and from the console beside it.
    for column in [
        "model_id",
        "input_len",
        "output_len",
        "max_concurrency",
        "num_prompts",
    ] {
        assert!(key.contains(&column), "{column} not in {key:?}");
    }
    assert_eq!(v["pairs"].as_array().unwrap().len(), 1, "{}", r.stdout);
    assert_eq!(v["pairs"][0]["config_differs"], serde_json::json!([]));
    assert_eq!(v["counts"]["added"], 0);
    assert_eq!(v["counts"]["removed"], 0);
}

#[test]
fn paired_runs_that_differ_in_workload_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    timestamp_named_sides(d);
    // By default the 256-token run is another benchmark: nothing pairs.
    let r = run(perflab_in(d).args(["diff", "base", "cand256"]));
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    // Keyed by model only, they pair, and the comparison says what differs.
    let r = run(perflab_in(d).args(["diff", "--json", "--key", "model_id", "base", "cand256"]));
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(
        v["pairs"][0]["config_differs"],
        serde_json::json!([{"column": "input_len", "baseline": "128", "candidate": "256"}]),
        "{}",
        r.stdout
    );
    let r = run(perflab_in(d).args([
        "diff",
        "--markdown",
        "-",
        "--key",
        "model_id",
        "base",
        "cand256",
    ]));
    assert!(
        r.stdout
            .contains("model_id=mock-model: the paired runs differ in: input_len 128 → 256."),
        "{}",
        r.stdout
    );
}

#[test]
fn a_declared_noise_that_cannot_apply_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let (base, cand) = text_pair(dir.path(), &[]);
    for (flag, says) in [
        ("output_throughput=abc", "bad noise `output_throughput=abc`"),
        ("output_throughput=-5%", "bad noise `output_throughput=-5%`"),
        ("=5%", "bad noise `=5%`"),
        (
            "output_thruput=5%",
            "no run on either side has the column `output_thruput`",
        ),
    ] {
        let r = run(perflab_in(dir.path())
            .args(["diff", "--noise", flag])
            .arg(&base)
            .arg(&cand));
        assert_eq!(r.code, 2, "{flag}: {}{}", r.stdout, r.stderr);
        assert!(r.stderr.contains(says), "{flag}: {}", r.stderr);
    }
    // The same in perflab.toml names the file.
    put(
        dir.path(),
        "perflab.toml",
        "[diff]\nnoise = { output_throughput = \"lots\" }\n",
    );
    let r = run(perflab_in(dir.path()).arg("diff").arg(&base).arg(&cand));
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.contains("perflab.toml"), "{}", r.stderr);
    // --noise-from and --against-history judge twice: refused.
    let r = run(perflab_in(dir.path())
        .args([
            "diff",
            "--against-history",
            "store",
            "--noise-from",
            "store",
        ])
        .arg(&cand));
    assert_eq!(r.code, 2, "{}{}", r.stdout, r.stderr);
}
