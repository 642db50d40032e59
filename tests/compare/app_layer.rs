//! What issue 21 fixed where users see it: one loader that reports the readers'
//! warnings in every command, one configuration file, the user's language everywhere
//! (`--lang`, never only the environment), and outputs written whole.

use std::fs;

use crate::common::cli::{perflab, perflab_in, text};
use crate::common::sweep::SWEEP;

const SWEEP_AGGREGATE: &str =
    "fixtures/aiperf/0.13.0-run3-sweep-c1-c4-failures/profile_export_aiperf_sweep.json";
const RESULT: &str = "fixtures/diff/vllm-0.33.0-result-rate20.json";

#[test]
fn csv_on_stdout_and_parquet_to_a_file_are_both_written() {
    let dir = tempfile::tempdir().unwrap();
    let parquet = dir.path().join("runs.parquet");
    let out = perflab()
        .args(["ingest", "--csv", "-", "--parquet"])
        .arg(&parquet)
        .arg(RESULT)
        .assert()
        .success();
    let csv = text(&out.get_output().stdout);
    assert!(csv.starts_with("source,"), "{csv}");
    assert_eq!(csv.lines().count(), 2, "{csv}");
    // The Parquet file holds the same run: read it back as diff reads a saved frame.
    let bytes = fs::read(&parquet).expect("the Parquet file is written");
    assert_eq!(&bytes[..4], b"PAR1");
    perflab()
        .args(["diff", "--fail-on", "output_throughput<-5%"])
        .arg(&parquet)
        .arg(RESULT)
        .assert()
        .code(0);
}

#[test]
fn lang_flag_reaches_not_a_run_messages_and_summaries() {
    // Named on the command line: an error that says what the file is, in Russian.
    let out = perflab()
        .args(["--lang", "ru", "ingest", SWEEP_AGGREGATE])
        .assert()
        .code(2);
    let stderr = text(&out.get_output().stderr);
    let en = perflab().args(["ingest", SWEEP_AGGREGATE]).assert().code(2);
    let en = text(&en.get_output().stderr);
    assert_ne!(
        stderr, en,
        "the Russian message is not the English one:\n{stderr}"
    );
    assert!(stderr.chars().any(|c| ('а'..='я').contains(&c)), "{stderr}");
    assert!(en.contains("AIPerf"), "{en}");

    // Found in a folder: the summary line of skipped files, in Russian too.
    let dir = tempfile::tempdir().unwrap();
    fs::copy(
        SWEEP_AGGREGATE,
        dir.path().join("profile_export_aiperf_sweep.json"),
    )
    .unwrap();
    fs::copy(RESULT, dir.path().join("result.json")).unwrap();
    let out = perflab()
        .args(["--lang", "ru", "ingest", "--json"])
        .arg(dir.path())
        .assert()
        .success();
    let stderr = text(&out.get_output().stderr);
    assert!(stderr.starts_with("perflab: "), "{stderr}");
    assert!(stderr.chars().any(|c| ('а'..='я').contains(&c)), "{stderr}");
    assert!(!stderr.to_lowercase().contains("skipped"), "{stderr}");
}

#[test]
fn diff_and_history_report_the_readers_warnings_in_the_users_language() {
    // The sweep's failed runs are warnings of its reader: `ingest` printed them, `diff`
    // and `history add` dropped them.
    let out = perflab()
        .args(["--lang", "ru", "diff", SWEEP, SWEEP])
        .assert()
        .code(0);
    let stderr = text(&out.get_output().stderr);
    assert_eq!(
        stderr.matches("perflab: предупреждение: ").count(),
        14,
        "{stderr}"
    );
    assert!(!stderr.contains("warning"), "{stderr}");

    let store = tempfile::tempdir().unwrap();
    let out = perflab()
        .args(["history", "add", "--date", "2026-12-01", "--store"])
        .arg(store.path())
        .arg(SWEEP)
        .assert()
        .success();
    let stderr = text(&out.get_output().stderr);
    assert_eq!(stderr.matches("perflab: warning: ").count(), 7, "{stderr}");
}

#[test]
fn diff_reads_the_slo_table_of_the_config_it_is_given() {
    // A broken perflab.toml in the working folder must not be read when --config names
    // another file; before, `[slo]` still came from ./perflab.toml.
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("perflab.toml"),
        "[slo]\nobjectives = [\"ttft<<1\"]\n",
    )
    .unwrap();
    let config = dir.path().join("ci.toml");
    fs::write(&config, "[slo]\nobjectives = [\"ttft<=1000000\"]\n").unwrap();
    let result = fs::canonicalize(RESULT).unwrap();
    perflab_in(dir.path())
        .args(["diff", "--json", "--config"])
        .arg(&config)
        .arg(&result)
        .arg(&result)
        .assert()
        .code(0);
    // Without --config the broken file in the working folder is read, and named.
    let out = perflab_in(dir.path())
        .args(["diff"])
        .arg(&result)
        .arg(&result)
        .assert()
        .code(2);
    assert!(text(&out.get_output().stderr).contains("ttft<<1"));
}

#[test]
fn diff_json_with_sweeps_is_one_object_with_the_capacity() {
    let out = perflab()
        .args([
            "diff",
            "--json",
            "--curve-x",
            "max_concurrency",
            "--slo",
            "p99_ttft_ms<=1000000",
            SWEEP,
            SWEEP,
        ])
        .assert()
        .code(0);
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["verdict"], "pass");
    assert!(
        v["capacity"]["rows"]
            .as_array()
            .is_some_and(|r| !r.is_empty()),
        "{v}"
    );
    assert!(v["pairs"].as_array().is_some_and(|p| !p.is_empty()));
}

#[test]
fn the_systems_reasons_are_in_the_users_language() {
    let out = perflab()
        .args(["--lang", "ru", "ingest", "no-such-file.txt"])
        .assert()
        .code(2);
    let stderr = text(&out.get_output().stderr);
    assert_eq!(
        stderr,
        "perflab: no-such-file.txt: нет такого файла или каталога (os error 2)\n"
    );
    let out = perflab()
        .args(["ingest", "no-such-file.txt"])
        .assert()
        .code(2);
    assert_eq!(
        text(&out.get_output().stderr),
        "perflab: no-such-file.txt: No such file or directory (os error 2)\n"
    );
}

/// One page frame and one style sheet for every page: a user's `page.css` and
/// `page.html` (`--templates`) reach the diff's page and the report's, and a user's
/// `diff.md.j2` lays out the pull-request comment.
#[test]
fn templates_reach_every_page_and_the_diff_comment() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("templates");
    fs::create_dir(&t).unwrap();
    fs::write(t.join("page.css"), "body { color: rebeccapurple; }\n").unwrap();
    fs::write(
        t.join("page.html"),
        "<html lang=\"{{ lang }}\"><style>{{ css }}</style><main>{{ body }}</main></html>\n",
    )
    .unwrap();
    fs::write(t.join("diff.md.j2"), "VERDICT {{ verdict_line | md }}\n").unwrap();
    let page = dir.path().join("diff.html");
    let md = dir.path().join("comment.md");
    perflab()
        .args(["diff", "--templates"])
        .arg(&t)
        .arg("--html")
        .arg(&page)
        .arg("--markdown")
        .arg(&md)
        .args([RESULT, RESULT])
        .assert()
        .code(0);
    let html = fs::read_to_string(&page).unwrap();
    assert!(
        html.starts_with("<html lang=\"en\"><style>body { color: rebeccapurple; }"),
        "{html}"
    );
    assert!(
        html.contains("<main><h1>"),
        "the diff's body inside the user's frame: {html}"
    );
    assert_eq!(
        fs::read_to_string(&md).unwrap(),
        "VERDICT perflab diff: no regression (1 matched, 0 added, 0 removed)\n"
    );

    let out = dir.path().join("report");
    perflab()
        .args(["report", "--templates"])
        .arg(&t)
        .arg("--out")
        .arg(&out)
        .arg("fixtures/studies/qwen3.5-9b-h100/study.toml")
        .assert()
        .success();
    let report = fs::read_to_string(out.join("report.en.html")).unwrap();
    assert!(report.starts_with("<html lang=\"en\"><style>body { color: rebeccapurple; }"));
}

/// `check` and `history` called as a library user calls them, in Russian: the outcome
/// writes what `perflab --lang ru` prints, word for word, and says the same exit code;
/// history's notes reach the caller's reporter as the CLI prints them on stderr.
#[test]
fn library_check_and_history_say_what_the_cli_says_in_russian() {
    use std::sync::Arc;

    use perflab::app::check::CheckRequest;
    use perflab::app::history::{AddRequest, ReportRequest};
    use perflab::app::{self, Collected, Env};
    use perflab::config::Config;
    use perflab::export::{Exporter, Format, Style};
    use perflab::render::templates::Templates;

    const REPORT: &str = "fixtures/reports/qwen3.5-9b-h100.en.md";
    let notes = Arc::new(Collected::default());
    let env = Env::new("ru", Config::default())
        .unwrap()
        .with_reporter(Box::new(notes.clone()));
    let templates = Templates::new(None).unwrap();
    let style = Style {
        l10n: &env.l10n,
        templates: &templates,
        width: None,
        colour: false,
    };
    let ru = |args: &[&str]| {
        let out = perflab()
            .arg("--lang")
            .arg("ru")
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code().unwrap(),
            text(&out.stdout),
            text(&out.stderr),
        )
    };

    // check: the report has one wrong claim and warnings.
    let request = CheckRequest {
        path: REPORT.into(),
        strict: false,
    };
    let outcome = app::check::run(&request, &env).unwrap();
    let (code, stdout, _) = ru(&["check", REPORT]);
    assert_eq!((code, outcome.exit_code()), (1, 1));
    let terminal = outcome.export(Format::Terminal, &style).unwrap();
    assert_eq!(terminal, stdout);
    assert!(terminal.contains("неверно: "), "{terminal}");
    let (_, json, _) = ru(&["check", "--json", REPORT]);
    assert_eq!(outcome.export(Format::Json, &style).unwrap(), json);
    let strict = CheckRequest {
        strict: true,
        ..request
    };
    assert!(!app::check::run(&strict, &env).unwrap().passes());

    // history add: the same nights into two stores, one by the library, one by the CLI.
    let dir = tempfile::tempdir().unwrap();
    let (lib_store, cli_store) = (dir.path().join("lib"), dir.path().join("cli"));
    let base: serde_json::Value =
        serde_json::from_str(&fs::read_to_string("fixtures/history/vllm-result.json").unwrap())
            .unwrap();
    for i in 0..14 {
        let factor = if i >= 7 { 0.9 } else { 1.0 } * (1.0 + [0.0, 0.006, -0.004][i % 3]);
        let mut night = base.clone();
        for key in ["request_throughput", "output_throughput"] {
            night[key] = serde_json::Value::from(night[key].as_f64().unwrap() * factor);
        }
        let file = dir.path().join(format!("night-{i:02}/result.json"));
        fs::create_dir_all(file.parent().unwrap()).unwrap();
        fs::write(&file, serde_json::to_string(&night).unwrap()).unwrap();
        let (date, label) = (format!("2026-11-{:02}", i + 1), format!("commit=c{i:02}"));
        let added = app::history::add(
            &AddRequest {
                paths: vec![file.clone()],
                store: lib_store.display().to_string(),
                labels: vec![label.clone()],
                date: Some(date.clone()),
            },
            &env,
        )
        .unwrap();
        assert_eq!(added.days.len(), 1);
        let file = file.display().to_string();
        let cli = cli_store.display().to_string();
        let args = ["history", "add", &file, "--store", &cli, "--date", &date];
        let (code, _, stderr) = ru(&[&args[..], &["--label", &label]].concat());
        assert_eq!(code, 0, "{stderr}");
        let lines: Vec<String> = notes
            .take()
            .iter()
            .map(|l| format!("perflab: {l}\n").replace(&lib_store.display().to_string(), &cli))
            .collect();
        assert_eq!(lines.concat(), stderr);
        assert!(stderr.chars().any(|c| ('а'..='я').contains(&c)), "{stderr}");
    }

    // history report: the page's Markdown and the JSON lines, from the library's store.
    let store = lib_store.display().to_string();
    let request = ReportRequest {
        store: store.clone(),
        metrics: vec!["output_throughput".into()],
        recent: 30,
        ..Default::default()
    };
    let outcome = app::history::report(&request, &env).unwrap();
    assert!(outcome
        .trends
        .series
        .iter()
        .any(|s| !s.change_points.is_empty()));
    let report = [
        "history",
        "report",
        "--store",
        &store,
        "--metric",
        "output_throughput",
    ];
    let (code, markdown, stderr) = ru(&report);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(outcome.export(Format::Markdown, &style).unwrap(), markdown);
    assert!(
        markdown.chars().any(|c| ('а'..='я').contains(&c)),
        "{markdown}"
    );
    let (_, json, _) = ru(&[&report[..], &["--json"]].concat());
    assert_eq!(outcome.export(Format::Json, &style).unwrap(), json);
    assert!(notes.take().is_empty());
}
