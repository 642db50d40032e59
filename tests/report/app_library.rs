//! `import` and `translate` called as a library user calls them (`perflab::app`), in an
//! environment in Russian: what the environment's reporter collects, and what the
//! outcome says, are the very lines `perflab --lang ru` prints. A library path that
//! drifted from the CLI's (another language, another wording, a lost line) fails here.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use perflab::app::import::ImportRequest;
use perflab::app::translate::TranslateRequest;
use perflab::app::{Collected, Env};
use perflab::config::Config;

use crate::common::cli::{perflab, text};

/// A report whose conclusion the shipped memory cannot translate: its free text stays
/// in English and is listed in the summary.
const FREE_TEXT: &str = "# Optimizing Foo-7B Throughput\n\n## Conclusion\n\nOur servers were tuned by hand for this run.\n\n```bash\nvllm serve foo --max-num-seqs=512\n```\n";

/// A published report with lost parts, named as the CLI names it from the crate's root.
const CORPUS: &str = "fixtures/reports/gpustack-qwen3-30b-a3b-910b.md";

fn russian() -> (Env, Arc<Collected>) {
    let collected = Arc::new(Collected::default());
    let env = Env::new("ru", Config::default())
        .expect("ru")
        .with_reporter(Box::new(collected.clone()));
    (env, collected)
}

fn lines(s: &str) -> Vec<String> {
    s.lines().map(str::to_owned).collect()
}

fn is_russian(line: &str) -> bool {
    line.chars()
        .any(|c| ('а'..='я').contains(&c.to_lowercase().next().unwrap_or(c)))
}

#[test]
fn import_reports_the_lost_lines_the_cli_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (env, collected) = russian();
    let request = ImportRequest {
        report: PathBuf::from(CORPUS),
        text: std::fs::read_to_string(root.join(CORPUS)).expect("fixture"),
        silent: false,
    };
    let outcome = perflab::app::import::run(&request, &env).expect("import");
    let lost = collected.take();
    assert_eq!(lost.len(), outcome.imported.lost.len());
    assert!(!lost.is_empty(), "the corpus report loses something");
    for line in &lost {
        assert!(line.starts_with(&format!("{CORPUS}:")), "{line}");
        assert!(is_russian(line), "not in Russian: {line}");
    }

    let out = tempfile::tempdir().unwrap();
    let cli = perflab()
        .args(["--lang", "ru", "import", CORPUS, "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    assert!(cli.status.success(), "{}", text(&cli.stderr));
    assert_eq!(lost, lines(&text(&cli.stderr)));

    // The lost parts as data: nothing reported, as `--json` prints nothing on stderr.
    let silent = ImportRequest {
        silent: true,
        ..request
    };
    let outcome = perflab::app::import::run(&silent, &env).expect("import");
    assert!(collected.take().is_empty());
    let cli = perflab()
        .args(["--lang", "ru", "import", CORPUS, "--json", "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    assert!(cli.status.success());
    assert!(cli.stderr.is_empty(), "{}", text(&cli.stderr));
    assert_eq!(outcome.lost_json().unwrap() + "\n", text(&cli.stdout));
}

#[test]
fn translate_says_what_the_cli_says() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("foo.en.md");
    std::fs::write(&report, FREE_TEXT).unwrap();
    let (env, collected) = russian();
    let request = TranslateRequest {
        report: report.clone(),
        text: FREE_TEXT.to_owned(),
        to: vec!["ru"],
        ..Default::default()
    };
    let outcome = perflab::app::translate::run(&request, &env).expect("translate");
    let [ru] = &outcome.translations[..] else {
        panic!("one translation");
    };
    assert_eq!(ru.markdown_name, "foo.ru.md");
    let summary = ru.summary(&env.l10n);
    // Every line in Russian but the listed English text.
    assert!(
        summary
            .iter()
            .all(|l| is_russian(l) || l.contains("tuned by hand")),
        "{summary:#?}"
    );
    assert!(
        summary.iter().any(|l| l.contains("tuned by hand")),
        "the free text is listed: {summary:#?}"
    );
    let findings = collected.take();

    let out = dir.path().join("out");
    let cli = perflab()
        .env_remove("PERFLAB_LLM_URL")
        .env_remove("PERFLAB_LLM_MODEL")
        // `--lang` names the languages to translate into; the messages' language is
        // the environment's.
        .env("PERFLAB_LANG", "ru")
        .args(["--lang", "ru", "translate"])
        .arg(&report)
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    let written = out.join("foo.ru.md");
    assert_eq!(lines(&text(&cli.stdout)), [written.display().to_string()]);
    let mut expected = findings;
    expected.extend(summary);
    assert_eq!(lines(&text(&cli.stderr)), expected);
    // The free text left in English fails the command.
    assert!(!outcome.passed());
    assert_eq!(cli.status.code(), Some(1));
    assert_eq!(std::fs::read_to_string(written).unwrap(), ru.done.text);
}
