//! The commands besides ingest, diff and check: each runs the application layer's
//! `run` with the CLI's request and hands back what the CLI prints, in every format its
//! exporter writes (`Exported`), or the paths it wrote.

use std::collections::BTreeMap;
use std::path::PathBuf;

use pyo3::prelude::*;

use perflab::app;
use perflab::export::{Exporter, Format};

use super::{env, exported, to_py};

/// What a command prints, per format (`text`, `markdown`, `html`, `json`, `junit`), its
/// exit code and the warnings said on the way.
#[pyclass(frozen, module = "perflab._perflab")]
pub struct Exported {
    #[pyo3(get)]
    pub formats: BTreeMap<String, String>,
    #[pyo3(get)]
    pub exit_code: i32,
    #[pyo3(get)]
    pub warnings: Vec<String>,
}

fn name(f: Format) -> &'static str {
    match f {
        Format::Terminal => "text",
        Format::Markdown => "markdown",
        Format::Html => "html",
        Format::Json => "json",
        Format::Junit => "junit",
        Format::Csv => "csv",
    }
}

/// Runs `command` in the call's environment, off the GIL, and keeps what it printed
/// with the warnings said on the way.
fn printed(
    py: Python<'_>,
    lang: &str,
    config: Option<&str>,
    command: impl FnOnce(&app::Env) -> perflab::Result<BTreeMap<String, String>> + Send,
) -> PyResult<Exported> {
    let (env, warnings) = env(lang, config)?;
    let formats = py.detach(|| command(&env)).map_err(|e| to_py(&e, lang))?;
    Ok(Exported {
        formats,
        exit_code: 0,
        warnings: warnings.take(),
    })
}

/// Every format of `x`.
pub fn all_formats(x: &dyn Exporter, env: &app::Env) -> perflab::Result<BTreeMap<String, String>> {
    x.formats()
        .iter()
        .map(|f| Ok((name(*f).to_owned(), exported(x, *f, env)?)))
        .collect()
}

/// `perflab curves PATHS… --x COLUMN --y A,B`.
#[pyfunction]
#[pyo3(signature = (paths, x, y, by=None, slo=Vec::new(), gpus=None, lang="en", config=None))]
#[allow(clippy::too_many_arguments)]
pub fn curves(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    x: String,
    y: Vec<String>,
    by: Option<Vec<String>>,
    slo: Vec<String>,
    gpus: Option<String>,
    lang: &str,
    config: Option<&str>,
) -> PyResult<Exported> {
    let request = app::curves::CurvesRequest {
        paths,
        x,
        y,
        by,
        slo,
        gpus,
    };
    printed(py, lang, config, |env| {
        let curves = app::curves::run(&request, env)?;
        let mut formats = all_formats(&curves, env)?;
        let templates = perflab::render::templates::Templates::new(None)?;
        let page = perflab::render::curves::render(&curves, env.l10n.lang(), &templates)?;
        formats.insert("html".into(), page.html);
        Ok(formats)
    })
}

/// `perflab compare BASELINE CANDIDATE`: two runs, which is better and by how much.
#[pyfunction]
#[pyo3(signature = (baseline, candidate, primary="total_token_throughput", secondary="p99_ttft_ms", slo=Vec::new(), lang="en"))]
pub fn compare(
    py: Python<'_>,
    baseline: String,
    candidate: String,
    primary: &str,
    secondary: &str,
    slo: Vec<String>,
    lang: &str,
) -> PyResult<Exported> {
    let request = app::compare::CompareRequest {
        baseline,
        candidate,
        primary: primary.to_owned(),
        secondary: secondary.to_owned(),
        slo,
    };
    printed(py, lang, None, |env| {
        all_formats(&app::compare::run(&request, env)?, env)
    })
}

/// `perflab history add PATHS… --store STORE`: the runs added per day.
#[pyfunction]
#[pyo3(signature = (paths, store, labels=Vec::new(), date=None, lang="en"))]
pub fn history_add(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    store: String,
    labels: Vec<String>,
    date: Option<String>,
    lang: &str,
) -> PyResult<Vec<String>> {
    let (env, warnings) = env(lang, None)?;
    let request = app::history::AddRequest {
        paths,
        store,
        labels,
        date,
    };
    py.detach(|| app::history::add(&request, &env))
        .map_err(|e| to_py(&e, lang))?;
    Ok(warnings.take())
}

/// `perflab history report --store STORE --metric M`.
#[pyfunction]
#[pyo3(signature = (store, metrics=Vec::new(), key=Vec::new(), filters=Vec::new(), since=None, recent=5, lang="en"))]
#[allow(clippy::too_many_arguments)]
pub fn history_report(
    py: Python<'_>,
    store: String,
    metrics: Vec<String>,
    key: Vec<String>,
    filters: Vec<String>,
    since: Option<String>,
    recent: usize,
    lang: &str,
) -> PyResult<Exported> {
    let request = app::history::ReportRequest {
        store,
        // Each may be `"a,b"` (the app splits them); none: the metrics `diff` watches.
        metrics,
        key,
        filters,
        since,
        recent,
        settings: Default::default(),
    };
    printed(py, lang, None, |env| {
        all_formats(&app::history::report(&request, env)?, env)
    })
}

/// `perflab report STUDY --lang … --out DIR` (or `perflab report FOLDER… [--baseline F]
/// [--save-study FILE]`, with `folders`): the paths written.
#[pyfunction]
#[pyo3(signature = (study, langs, out, slo=Vec::new(), lang="en", folders=Vec::new(), baseline=None, save_study=None))]
#[allow(clippy::too_many_arguments)]
pub fn report(
    py: Python<'_>,
    study: PathBuf,
    langs: Vec<String>,
    out: PathBuf,
    slo: Vec<String>,
    lang: &str,
    folders: Vec<PathBuf>,
    baseline: Option<PathBuf>,
    save_study: Option<PathBuf>,
) -> PyResult<(Vec<PathBuf>, Vec<String>)> {
    let langs = perflab::l10n::resolve_langs(&langs).map_err(|e| to_py(&e, lang))?;
    // The warnings (requests that contradict a summary, study text not given in a
    // page's language) go back to Python, as the CLI says them on stderr.
    let (env, warnings) = env(langs[0], None)?;
    let request = app::report::ReportRequest {
        study,
        langs,
        slo,
        templates: None,
        folders,
        baseline,
        save_study,
    };
    let written = py
        .detach(|| app::report::run(&request, &env)?.write(&out, false))
        .map_err(|e| to_py(&e, lang))?;
    Ok((written, warnings.take()))
}

/// `perflab translate REPORT --lang … --out DIR`: the paths written, the summary, and
/// whether every translation passed (verified, nothing left untranslated unless allowed).
#[pyfunction]
#[pyo3(signature = (report, langs, out, html=false, memory=None, allow_untranslated=false, lang="en"))]
#[allow(clippy::too_many_arguments)]
pub fn translate(
    py: Python<'_>,
    report: PathBuf,
    langs: Vec<String>,
    out: PathBuf,
    html: bool,
    memory: Option<PathBuf>,
    allow_untranslated: bool,
    lang: &str,
) -> PyResult<(Vec<PathBuf>, Vec<String>, bool)> {
    let to = perflab::l10n::resolve_langs(&langs).map_err(|e| to_py(&e, lang))?;
    let (env, _) = env(lang, None)?;
    let text = std::fs::read(&report).map_err(|e| to_py(&perflab::Error::io(&report, e), lang))?;
    let request = app::translate::TranslateRequest {
        report,
        text: String::from_utf8_lossy(&text).into_owned(),
        from: None,
        to,
        html,
        memory,
        llm: None,
        llm_model: None,
        llm_jobs: 1,
        llm_timeout: 60,
        llm_retries: 0,
        allow_untranslated,
    };
    py.detach(|| -> perflab::Result<_> {
        std::fs::create_dir_all(&out).map_err(|e| perflab::Error::io(&out, e))?;
        let outcome = app::translate::run(&request, &env)?;
        let mut written = Vec::new();
        let mut summary = Vec::new();
        for t in &outcome.translations {
            written.extend(t.write(&out)?);
            summary.extend(t.summary(&env.l10n));
        }
        Ok((written, summary, outcome.passed()))
    })
    .map_err(|e| to_py(&e, lang))
}

/// `perflab import REPORT --out DIR`: the study of a published report, the paths written.
#[pyfunction]
#[pyo3(signature = (report, out, lang="en"))]
pub fn import_report(
    report: PathBuf,
    out: PathBuf,
    lang: &str,
) -> PyResult<(Vec<PathBuf>, Vec<String>)> {
    let (env, warnings) = env(lang, None)?;
    let text = std::fs::read(&report).map_err(|e| to_py(&perflab::Error::io(&report, e), lang))?;
    let request = app::import::ImportRequest {
        report,
        text: String::from_utf8_lossy(&text).into_owned(),
        silent: false,
    };
    let outcome = app::import::run(&request, &env).map_err(|e| to_py(&e, lang))?;
    let written = outcome.write(&out).map_err(|e| to_py(&e, lang))?;
    Ok((written, warnings.take()))
}
