//! Runs know the server they measured, and server setups are never repeats: vLLM's
//! performance CI layout (a `--save-result` JSON beside the `.commands` file holding the
//! server and the client command, as `run-performance-benchmarks.sh` writes it with
//! `jq -n`), built from the real result of `fixtures/vllm/0.33.0-buildkite-commands-
//! reproduction/` (vLLM 0.33.0's client against the loopback mock). The CI passes the
//! tensor-parallel size to the client as `--metadata tensor_parallel_size=N`, so the
//! result JSON holds it as text (`"tensor_parallel_size": "2"`).

use std::fs;
use std::path::Path;

use serde_json::{json, Value};

use crate::common::cli::perflab_in;

const REAL: &str =
    "fixtures/vllm/0.33.0-buildkite-commands-reproduction/results/serving_mock_random_128_32_qps_inf_concurrency_4";

/// The CI's server command: `"$server_envs vllm serve $server_model \` + newline +
/// `$server_args"` in bash double quotes, where the backslash-newline is removed.
fn server_command(tp: u32) -> String {
    format!(
        " VLLM_USE_V1=1 vllm serve mock-model       --tensor-parallel-size {tp} --swap-space 16 --disable-log-stats --load-format dummy --max-num-seqs 256"
    )
}

/// Every throughput of the real result times `factor` (latencies untouched).
fn scaled(real: &Value, factor: f64, tp: u32) -> Value {
    let mut out = real.clone();
    for key in [
        "request_throughput",
        "output_throughput",
        "total_token_throughput",
    ] {
        let v = real[key].as_f64().unwrap();
        out[key] = json!(v * factor);
    }
    out["tensor_parallel_size"] = json!(tp.to_string());
    out
}

/// A side: TP 1 and TP 2, five repeats each (throughput ±2% around its level; TP 2 at
/// 1.8 × TP 1), in `repN/` folders; `tp2_factor` moves every TP 2 run.
fn side(dir: &Path, tp2_factor: f64) {
    side_of(dir, &[(1, 1.0), (2, 1.8 * tp2_factor)], 5, |rep, _| {
        1.0 + 0.01 * (f64::from(rep) - 2.0)
    });
}

/// A side of `reps` repeats of each `(tensor-parallel size, throughput level)`, each run's
/// throughputs times `spread(rep, tp)`.
fn side_of(dir: &Path, setups: &[(u32, f64)], reps: u32, spread: impl Fn(u32, u32) -> f64) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let real: Value =
        serde_json::from_str(&fs::read_to_string(root.join(format!("{REAL}.json"))).unwrap())
            .unwrap();
    let commands: Value =
        serde_json::from_str(&fs::read_to_string(root.join(format!("{REAL}.commands"))).unwrap())
            .unwrap();
    for rep in 0..reps {
        for &(tp, level) in setups {
            let spread = spread(rep, tp);
            let name = format!("serving_mock_tp{tp}_random_128_32_qps_inf_concurrency_4");
            let folder = dir.join(format!("rep{rep}"));
            fs::create_dir_all(&folder).unwrap();
            let result = scaled(&real, level * spread, tp);
            fs::write(folder.join(format!("{name}.json")), result.to_string()).unwrap();
            let cmd = json!({
                "server_command": server_command(tp),
                "client_command": commands["client_command"],
                "gpu_type": "H100",
            });
            fs::write(
                folder.join(format!("{name}.commands")),
                serde_json::to_string_pretty(&cmd).unwrap(),
            )
            .unwrap();
        }
    }
}

#[test]
fn a_run_reads_its_server_from_the_commands_file() {
    let tmp = tempfile::tempdir().unwrap();
    side(tmp.path(), 1.0);
    let runs = perflab::ingest::load_runs(&tmp.path().join("rep0"), &Default::default()).unwrap();
    assert_eq!(runs.len(), 2);
    let tp2 = runs
        .iter()
        .find(|r| r.get("tensor_parallel_size") == Some(2.0))
        .unwrap();
    assert_eq!(tp2.text("engine"), Some("vllm"));
    assert_eq!(tp2.text("gpu_type"), Some("H100"));
    assert_eq!(tp2.get("gpu_count"), Some(2.0));
    assert_eq!(tp2.get("max_num_seqs"), Some(256.0));
    let args: Value = serde_json::from_str(tp2.text("engine_args").unwrap()).unwrap();
    assert_eq!(args["swap_space"], json!(16));
    assert_eq!(args["load_format"], json!("dummy"));
    // The log switches and the model are not part of the setup.
    assert!(args.get("disable_log_stats").is_none() && args.get("model").is_none());
}

#[test]
fn setups_that_differ_in_one_flag_are_paired_each_with_its_own() {
    let tmp = tempfile::tempdir().unwrap();
    let (base, cand) = (tmp.path().join("base"), tmp.path().join("cand"));
    side(&base, 1.0);
    // Every TP 2 run 8% slower; TP 1 unchanged.
    side(&cand, 0.92);
    let out = perflab_in(tmp.path())
        .args(["diff", "base", "cand", "--json"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let key: Vec<&str> = doc["key_columns"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(key.contains(&"tensor_parallel_size"), "{key:?}");
    let pairs = doc["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 2);
    for pair in pairs {
        assert_eq!(pair["baseline_runs"], 5);
        assert!(pair["setups_merged"].as_array().unwrap().is_empty());
        let label = pair["label"].as_str().unwrap();
        let verdict = pair["verdict"].as_str().unwrap();
        let expected = if label.contains("tensor_parallel_size=2") {
            "regression"
        } else {
            "pass"
        };
        assert_eq!(verdict, expected, "{label}");
        if expected == "regression" {
            let d = pair["metrics"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["metric"] == "output_throughput")
                .unwrap();
            let pct = d["change_percent"].as_f64().unwrap();
            assert!((pct + 8.0).abs() < 1e-6, "{pct}");
        }
    }
}

#[test]
fn a_key_that_merges_setups_says_so() {
    let tmp = tempfile::tempdir().unwrap();
    let (base, cand) = (tmp.path().join("base"), tmp.path().join("cand"));
    side(&base, 1.0);
    side(&cand, 0.92);
    let out = perflab_in(tmp.path())
        .args(["diff", "base", "cand", "--key", "model_id", "--json"])
        .output()
        .unwrap();
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let merged = &doc["pairs"][0]["setups_merged"];
    let columns: Vec<&str> = merged
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["column"].as_str())
        .collect();
    assert!(columns.contains(&"tensor_parallel_size"), "{columns:?}");
    let text = perflab_in(tmp.path())
        .args(["diff", "base", "cand", "--key", "model_id"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(
        stdout.contains("tensor_parallel_size 1, 2 | 1, 2"),
        "{stdout}"
    );
}

#[test]
fn a_gpu_column_that_holds_no_count_is_an_error() {
    let tmp = tempfile::tempdir().unwrap();
    side(tmp.path(), 1.0);
    // Text counts are read as numbers: the per-GPU frontier has its points.
    let ok = perflab_in(tmp.path())
        .args([
            "curves",
            ".",
            "--x",
            "max_concurrency",
            "--y",
            "output_throughput",
            "--gpus",
            "tensor_parallel_size",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(
        ok.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let first = tmp
        .path()
        .join("rep0/serving_mock_tp1_random_128_32_qps_inf_concurrency_4.json");
    let mut doc: Value = serde_json::from_str(&fs::read_to_string(&first).unwrap()).unwrap();
    doc["tensor_parallel_size"] = json!("two");
    fs::write(&first, doc.to_string()).unwrap();
    let bad = perflab_in(tmp.path())
        .args([
            "curves",
            ".",
            "--x",
            "max_concurrency",
            "--y",
            "output_throughput",
            "--gpus",
            "tensor_parallel_size",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(
        stderr.contains("two") && stderr.contains("tensor_parallel_size"),
        "{stderr}"
    );
}

/// Ten files a side: five setups (TP 1, 2, 4, 8, 16) run twice each, with a spread of up to
/// ±2.5% between repeats; the candidate's TP 2 and TP 8 are 8% slower. Two runs a key
/// cannot tell 8% from noise alone (Welch on 1 + 1 degrees of freedom), but the ten
/// setups' repeats pooled can (10 degrees of freedom): both are named, and nothing else.
#[test]
fn two_runs_a_setup_are_judged_by_every_setups_repeats() {
    let tmp = tempfile::tempdir().unwrap();
    let setups = |slow: f64| -> Vec<(u32, f64)> {
        [
            (1, 1.0),
            (2, 1.8 * slow),
            (4, 3.1),
            (8, 5.0 * slow),
            (16, 7.2),
        ]
        .to_vec()
    };
    // A fixed pattern of offsets in [-2.5%, +2.5%], different per run and side.
    let wobble =
        |seed: u32| move |rep: u32, tp: u32| 1.0 + 0.025 * f64::from(rep * 7 + tp * 3 + seed).sin();
    side_of(&tmp.path().join("base"), &setups(1.0), 2, wobble(0));
    side_of(&tmp.path().join("cand"), &setups(0.92), 2, wobble(11));
    let out = perflab_in(tmp.path())
        .args(["diff", "base", "cand", "--json"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    let pairs = doc["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 5);
    for pair in pairs {
        let label = pair["label"].as_str().unwrap();
        let slow = label.contains("tensor_parallel_size=2,")
            || label.contains("tensor_parallel_size=8,")
            || label.ends_with("tensor_parallel_size=2")
            || label.ends_with("tensor_parallel_size=8");
        let verdict = pair["verdict"].as_str().unwrap();
        assert_eq!(verdict, if slow { "regression" } else { "pass" }, "{label}");
        // The regressions are judged by the setups' pooled noise (10 degrees of freedom).
        let by_setups = pair["checks"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["outcome"] == "regression" && c["basis"] == "setups");
        assert_eq!(by_setups, slow, "{label}: {pair}");
        let noise = pair["metrics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["metric"] == "output_throughput")
            .unwrap()["noise"]
            .clone();
        assert_eq!(noise["source"], "setups");
        assert_eq!(noise["df"], 10.0);
    }
}
