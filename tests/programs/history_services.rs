//! The history store against the real systems it is an interface to: an S3-compatible
//! server (moto's server mode, from PyPI) on loopback, started by this test, and DuckDB
//! (from PyPI) reading the store's Parquet files with hive partitioning.
//!
//! Own harness (libtest-mimic): without a Python that imports `moto` (or `duckdb`) the
//! test is reported as ignored; `PERFLAB_REQUIRE_MOTO=1` / `PERFLAB_REQUIRE_DUCKDB=1` (set
//! by `.ci/run`) make that a failure. The Python is `PERFLAB_PYTHON`, else `python3`.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use libtest_mimic::{Failed, Trial};
use serde_json::Value as Json;

const RESULT: &str = "fixtures/history/vllm-result.json";

fn python() -> String {
    std::env::var("PERFLAB_PYTHON").unwrap_or_else(|_| "python3".to_owned())
}

fn python_has(module: &str) -> bool {
    Command::new(python())
        .args(["-c", &format!("import {module}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The tests, each ignored when its Python module is missing and not required.
pub fn trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    for (name, module, var, test) in [
        (
            "s3_round_trip_on_moto",
            "moto.server",
            "PERFLAB_REQUIRE_MOTO",
            s3_round_trip as fn() -> Result<(), Failed>,
        ),
        (
            "inputs_on_moto",
            "moto.server",
            "PERFLAB_REQUIRE_MOTO",
            inputs_on_moto,
        ),
        (
            "duckdb_reads_the_same_rows",
            "duckdb",
            "PERFLAB_REQUIRE_DUCKDB",
            duckdb_reads_the_same_rows,
        ),
    ] {
        let present = python_has(module);
        let required = std::env::var(var).is_ok_and(|v| v == "1");
        if !present {
            eprintln!(
                "history_services: {} cannot import `{module}`; {name} is {}",
                python(),
                if required { "required" } else { "ignored" }
            );
        }
        trials.push(
            Trial::test(format!("history_services::{name}"), test)
                .with_ignored_flag(!present && !required),
        );
    }
    trials
}

fn perflab() -> Command {
    let mut cmd = crate::common::cli::perflab_process_in(Path::new(env!("CARGO_MANIFEST_DIR")));
    cmd.env("PERFLAB_LANG", "en");
    // Only the credentials and endpoint of the test's server: nothing of the machine's.
    for (k, _) in std::env::vars() {
        if k.starts_with("AWS_") {
            cmd.env_remove(k);
        }
    }
    cmd
}

fn run_ok(cmd: &mut Command) -> Result<String, Failed> {
    let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cmd:?} exited {:?}: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        )
        .into());
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr))
}

/// Writes `n` nights of the real result file with a 12% drop from night `step` on.
fn nights(dir: &Path, n: usize, step: usize) -> Vec<(PathBuf, String, String, f64)> {
    let base: Json = serde_json::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(RESULT)).unwrap(),
    )
    .unwrap();
    (0..n)
        .map(|i| {
            let mut run = base.clone();
            let noise = [0.0, 0.006, -0.004, 0.009, -0.007][i % 5];
            let factor = if i >= step { 0.88 } else { 1.0 } * (1.0 + noise);
            let v = run["output_throughput"].as_f64().unwrap() * factor;
            run["output_throughput"] = Json::from(v);
            let folder = dir.join(format!("night-{i:02}"));
            std::fs::create_dir_all(&folder).unwrap();
            let path = folder.join("result.json");
            std::fs::write(&path, serde_json::to_string(&run).unwrap()).unwrap();
            let date = format!("2026-03-{:02}", i + 1);
            (path, format!("c{i:02}"), date, v)
        })
        .collect()
}

fn add_all(
    store: &str,
    nights: &[(PathBuf, String, String, f64)],
    env: &[(&str, String)],
) -> Result<(), Failed> {
    for (path, commit, date, _) in nights {
        let mut cmd = perflab();
        cmd.args(["history", "add"]).arg(path).args([
            "--store",
            store,
            "--label",
            &format!("commit={commit}"),
            "--date",
            date,
        ]);
        for (k, v) in env {
            cmd.env(k, v);
        }
        run_ok(&mut cmd)?;
    }
    Ok(())
}

fn report_json(store: &str, env: &[(&str, String)]) -> Result<String, Failed> {
    let mut cmd = perflab();
    cmd.args([
        "history",
        "report",
        "--metric",
        "output_throughput",
        "--json",
        "--store",
        store,
    ]);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned().into());
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

struct Moto(Child);

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A moto S3 server on a free loopback port, the environment that points perflab at it,
/// and a boto3 runner for setting up and reading the bucket.
struct S3 {
    _server: Moto,
    env: Vec<(&'static str, String)>,
    endpoint: String,
}

impl S3 {
    fn start() -> Result<S3, Failed> {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| e.to_string())?
            .port();
        let server = Moto(
            Command::new(python())
                .args([
                    "-m",
                    "moto.server",
                    "-H",
                    "127.0.0.1",
                    "-p",
                    &port.to_string(),
                ])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .map_err(|e| format!("moto server: {e}"))?,
        );
        let endpoint = format!("http://127.0.0.1:{port}");
        let start = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if start.elapsed() > Duration::from_secs(30) {
                return Err("moto server did not start in 30 s".into());
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        let env = vec![
            ("AWS_ACCESS_KEY_ID", "testing".into()),
            ("AWS_SECRET_ACCESS_KEY", "testing".into()),
            ("AWS_REGION", "us-east-1".into()),
            ("AWS_ENDPOINT", endpoint.clone()),
            ("AWS_ALLOW_HTTP", "true".into()),
        ];
        Ok(S3 {
            _server: server,
            env,
            endpoint,
        })
    }

    fn boto(&self, code: &str) -> Result<String, Failed> {
        let script = format!(
            "import boto3, json\ns3 = boto3.client('s3', endpoint_url='{}', region_name='us-east-1', aws_access_key_id='testing', aws_secret_access_key='testing')\n{code}",
            self.endpoint
        );
        run_ok(Command::new(python()).args(["-c", &script]))
    }
}

fn s3_round_trip() -> Result<(), Failed> {
    let s3 = S3::start()?;
    let env = s3.env.clone();
    let boto = |code: &str| s3.boto(code);
    boto("s3.create_bucket(Bucket='perflab')")?;

    let tmp = tempfile::tempdir().map_err(|e| e.to_string())?;
    let nights = nights(tmp.path(), 24, 14);
    let url = "s3://perflab/nightly/h100";
    add_all(url, &nights, &env)?;
    // Adding the same nights again adds nothing.
    add_all(url, &nights[..3], &env)?;
    let keys = boto(
        "print(json.dumps(sorted(o['Key'] for o in s3.list_objects_v2(Bucket='perflab')['Contents'])))",
    )?;
    let keys: Vec<String> =
        serde_json::from_str(keys.trim()).map_err(|e| format!("{keys}: {e}"))?;
    if keys.len() != 25 || keys[0] != "nightly/h100/_perflab_store.json" {
        return Err(format!("expected the marker and 24 parts: {keys:?}").into());
    }
    if !keys[1].starts_with("nightly/h100/date=2026-03-01/part-") {
        return Err(format!("not hive-partitioned: {}", keys[1]).into());
    }

    // The same report from S3 as from a folder store of the same nights.
    let s3_report = report_json(url, &env)?;
    let local = tmp.path().join("local");
    let local = local.to_string_lossy().into_owned();
    add_all(&local, &nights, &[])?;
    let local_report = report_json(&local, &[])?;
    if s3_report != local_report {
        return Err(format!("S3:\n{s3_report}\nfolder:\n{local_report}").into());
    }
    let line: Json = serde_json::from_str(s3_report.lines().next().unwrap_or("{}"))
        .map_err(|e| e.to_string())?;
    if line["runs"] != 24 || line["change_points"][0]["labels"]["commit"] != "c14" {
        return Err(format!("{line}").into());
    }
    // A bucket prefix of someone else's objects is refused.
    boto("s3.put_object(Bucket='perflab', Key='theirs/data.parquet', Body=b'PAR1')")?;
    let mut cmd = perflab();
    cmd.args(["history", "add"])
        .arg(&nights[0].0)
        .args(["--store", "s3://perflab/theirs"]);
    for (k, v) in &env {
        cmd.env(k, v);
    }
    let out = cmd.output().map_err(|e| e.to_string())?;
    let err = String::from_utf8_lossy(&out.stderr);
    if out.status.code() != Some(2) || !err.contains("not a perflab history store") {
        return Err(format!("{:?}: {err}", out.status.code()).into());
    }
    Ok(())
}

/// `ingest`, `diff` and `curves` read results where they are kept: a prefix of objects
/// reads as the same folder does (its runs, their order, their sources), one object as
/// the file, and a missing prefix is an error naming the URL.
fn inputs_on_moto() -> Result<(), Failed> {
    let s3 = S3::start()?;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/vllm/0.33.0-pairing-base-cand");
    s3.boto(&format!(
        "import os\ns3.create_bucket(Bucket='results')\nroot = {root:?}\nfor d, _, fs in os.walk(root):\n    for f in fs:\n        p = os.path.join(d, f)\n        s3.upload_file(p, 'results', 'nightly/' + os.path.relpath(p, root))",
        root = root.display().to_string()
    ))?;
    let with_env = |args: &[&str]| {
        let mut cmd = perflab();
        cmd.args(args);
        for (k, v) in &s3.env {
            cmd.env(k, v);
        }
        cmd.output()
    };
    let local = |rel: &str| root.join(rel).display().to_string();
    for (url, path) in [
        ("s3://results/nightly/base/", local("base")),
        (
            "s3://results/nightly/base.console.txt",
            local("base.console.txt"),
        ),
    ] {
        let remote = with_env(&["ingest", "--json", url]).map_err(|e| e.to_string())?;
        let here = with_env(&["ingest", "--json", &path]).map_err(|e| e.to_string())?;
        if !remote.status.success() || remote.stdout != here.stdout || remote.stdout.is_empty() {
            return Err(format!(
                "{url}: {}\n{}\nlocal:\n{}",
                String::from_utf8_lossy(&remote.stderr),
                String::from_utf8_lossy(&remote.stdout),
                String::from_utf8_lossy(&here.stdout)
            )
            .into());
        }
    }
    let remote = with_env(&[
        "diff",
        "--json",
        "s3://results/nightly/base/",
        "s3://results/nightly/cand/",
    ])
    .map_err(|e| e.to_string())?;
    let here =
        with_env(&["diff", "--json", &local("base"), &local("cand")]).map_err(|e| e.to_string())?;
    if remote.status.code() != here.status.code() || remote.stdout != here.stdout {
        return Err(format!("diff: {}", String::from_utf8_lossy(&remote.stderr)).into());
    }
    let missing = with_env(&["ingest", "s3://results/nope/"]).map_err(|e| e.to_string())?;
    let err = String::from_utf8_lossy(&missing.stderr);
    if missing.status.code() != Some(2)
        || !err.contains("s3://results/nope/: no object under this prefix")
    {
        return Err(format!("{:?}: {err}", missing.status.code()).into());
    }
    Ok(())
}

fn duckdb_reads_the_same_rows() -> Result<(), Failed> {
    let tmp = tempfile::tempdir().map_err(|e| e.to_string())?;
    let nights = nights(tmp.path(), 10, 6);
    let store = tmp.path().join("store").to_string_lossy().into_owned();
    add_all(&store, &nights, &[])?;
    // The query of README.md, as a team would run it on a bigger engine.
    let script = format!(
        "import duckdb, json\nrows = duckdb.sql(\"\"\"SELECT \"commit\", CAST(date AS VARCHAR) AS date, output_throughput, run_id FROM read_parquet('{store}/**/*.parquet', hive_partitioning = true) ORDER BY date\"\"\").fetchall()\nprint(json.dumps(rows))"
    );
    let out = run_ok(Command::new(python()).args(["-c", &script]))?;
    let rows: Vec<(String, String, f64, String)> =
        serde_json::from_str(out.trim()).map_err(|e| format!("{out}: {e}"))?;
    let expected: Vec<(String, String, f64)> = nights
        .iter()
        .map(|(_, c, d, v)| (c.clone(), d.clone(), *v))
        .collect();
    let got: Vec<(String, String, f64)> = rows
        .iter()
        .map(|r| (r.0.clone(), r.1.clone(), r.2))
        .collect();
    if got != expected {
        return Err(format!("DuckDB read {got:?}\nexpected {expected:?}").into());
    }
    if rows.iter().any(|r| r.3.len() != 64) {
        return Err("run_id is a SHA-256 in hex".into());
    }
    Ok(())
}
