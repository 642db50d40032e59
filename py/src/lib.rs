//! `perflab._perflab`: the Python extension. One function per command, each a thin call
//! of the application layer (`perflab::app`) with the same request the CLI builds; the
//! Python package (`python/perflab/`) wraps the results in classes and frames.
//!
//! Frames cross as Arrow C streams (`__arrow_c_stream__`, the Arrow PyCapsule
//! interface): polars on the Python side takes the buffers, nothing is serialized.

mod commands;
mod errors;
mod stream;

// The allocator of the CLI (src/main.rs), so that a run costs what it costs there: Rust's
// allocations in this library only; buffers handed to polars are freed by their own
// release callbacks, which come back here.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::path::PathBuf;

use pyo3::prelude::*;

use perflab::app::{self, Env};
use perflab::config::Config;
use perflab::export::{Exporter, Format, Style};
use perflab::render::templates::Templates;

use errors::to_py;
use stream::FrameStream;

/// The environment of a call: messages in `lang`, the configuration of `config` (or
/// `./perflab.toml` when present), warnings kept for the caller.
fn env(lang: &str, config: Option<&str>) -> PyResult<(Env, std::sync::Arc<app::Collected>)> {
    let langs = perflab::l10n::resolve_langs(&[lang.to_owned()]).map_err(|e| to_py(&e, lang))?;
    // Warnings are said as they happen, in the language of messages: this call's.
    perflab::l10n::set_message_language(langs[0]);
    let config = Config::discover(config.map(std::path::Path::new)).map_err(|e| to_py(&e, lang))?;
    let warnings = std::sync::Arc::new(app::Collected::default());
    let env = Env::new(langs[0], config)
        .map_err(|e| to_py(&e, lang))?
        .with_reporter(Box::new(warnings.clone()));
    Ok((env, warnings))
}

/// What the CLI writes for `format`, uncoloured and unwrapped, with the shipped
/// templates.
fn exported(x: &dyn Exporter, format: Format, env: &Env) -> perflab::Result<String> {
    let templates = Templates::new(None)?;
    let mut out = Vec::new();
    x.write(format, &Style::plain(&env.l10n, &templates), &mut out)?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// `perflab ingest PATHS…`: the runs frame and the warnings said on the way.
#[pyfunction]
#[pyo3(signature = (paths, keep_going=false, slo=Vec::new(), lang="en", config=None, allow_empty=false))]
fn ingest(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    keep_going: bool,
    slo: Vec<String>,
    lang: &str,
    config: Option<&str>,
    allow_empty: bool,
) -> PyResult<(FrameStream, Vec<String>)> {
    let request = app::ingest::IngestRequest {
        paths,
        keep_going,
        slo,
        allow_empty,
        ..Default::default()
    };
    ingested(py, &request, lang, config, |runs, _| {
        perflab::model::runs_to_frame(&runs)
    })
}

/// Ingests as `request` asks, off the GIL, and hands over the frame `pick` makes of the
/// runs and the summary, with the warnings said on the way.
fn ingested(
    py: Python<'_>,
    request: &app::ingest::IngestRequest,
    lang: &str,
    config: Option<&str>,
    pick: impl FnOnce(
            Vec<perflab::model::Run>,
            app::ingest::IngestSummary,
        ) -> perflab::Result<polars::prelude::DataFrame>
        + Send,
) -> PyResult<(FrameStream, Vec<String>)> {
    let (env, warnings) = env(lang, config)?;
    let frame = py
        .detach(|| {
            let (runs, summary) = app::ingest::run(request, &env)?;
            pick(runs, summary)
        })
        .map_err(|e| to_py(&e, lang))?;
    Ok((FrameStream::new(frame), warnings.take()))
}

/// `perflab ingest --requests X PATHS…`: the requests frame, kept in memory by the
/// CLI's writer and handed over as an Arrow stream, and the warnings said on the way.
#[pyfunction]
#[pyo3(signature = (paths, slo=Vec::new(), lang="en", config=None))]
fn requests(
    py: Python<'_>,
    paths: Vec<PathBuf>,
    slo: Vec<String>,
    lang: &str,
    config: Option<&str>,
) -> PyResult<(FrameStream, Vec<String>)> {
    let request = app::ingest::IngestRequest {
        paths,
        slo,
        requests_frame: true,
        ..Default::default()
    };
    ingested(py, &request, lang, config, |_, summary| {
        Ok(summary.requests_frame.unwrap_or_default())
    })
}

/// What `perflab diff` prints, in every format, and its verdict.
#[pyclass(frozen, module = "perflab._perflab")]
struct DiffResult {
    #[pyo3(get)]
    verdict: String,
    #[pyo3(get)]
    exit_code: i32,
    #[pyo3(get)]
    markdown: String,
    #[pyo3(get)]
    json: String,
    #[pyo3(get)]
    html: String,
    #[pyo3(get)]
    text: String,
    #[pyo3(get)]
    warnings: Vec<String>,
}

/// `perflab diff BASELINE CANDIDATE`.
#[pyfunction]
#[pyo3(signature = (baseline, candidate=None, key=Vec::new(), fail_on=Vec::new(), slo=Vec::new(), lang="en", config=None, noise=Vec::new(), noise_from=None))]
#[allow(clippy::too_many_arguments)]
fn diff(
    py: Python<'_>,
    baseline: PathBuf,
    candidate: Option<PathBuf>,
    key: Vec<String>,
    fail_on: Vec<String>,
    slo: Vec<String>,
    lang: &str,
    config: Option<&str>,
    noise: Vec<String>,
    noise_from: Option<String>,
) -> PyResult<DiffResult> {
    let (env, warnings) = env(lang, config)?;
    let request = app::diff::DiffRequest {
        baseline,
        candidate,
        key,
        fail_on,
        slo,
        noise,
        noise_from,
        window: 20,
        ..Default::default()
    };
    let (outcome, [markdown, json, html, text]) = py
        .detach(|| -> perflab::Result<_> {
            let outcome = app::diff::run(&request, &env)?;
            let all = [
                Format::Markdown,
                Format::Json,
                Format::Html,
                Format::Terminal,
            ]
            .map(|f| exported(&outcome, f, &env));
            let [m, j, h, t] = all;
            Ok((outcome, [m?, j?, h?, t?]))
        })
        .map_err(|e| to_py(&e, lang))?;
    Ok(DiffResult {
        verdict: format!("{:?}", outcome.verdict()).to_lowercase(),
        exit_code: outcome.exit_code(),
        markdown,
        json,
        html,
        text,
        warnings: warnings.take(),
    })
}

/// `perflab check REPORT`: the claims as JSON, the text the CLI prints, the exit code.
#[pyfunction]
#[pyo3(signature = (path, strict=false, lang="en"))]
fn check(path: PathBuf, strict: bool, lang: &str) -> PyResult<(String, String, i32)> {
    let (env, _) = env(lang, None)?;
    let request = app::check::CheckRequest { path, strict };
    let outcome = app::check::run(&request, &env).map_err(|e| to_py(&e, lang))?;
    let json = exported(&outcome, Format::Json, &env).map_err(|e| to_py(&e, lang))?;
    let text = exported(&outcome, Format::Terminal, &env).map_err(|e| to_py(&e, lang))?;
    Ok((json, text, outcome.exit_code()))
}

/// The CLI itself, for the `perflab` console script: `argv` as `sys.argv`.
#[pyfunction]
fn main(py: Python<'_>, argv: Vec<String>) -> i32 {
    py.detach(|| perflab::cli::main_from(argv))
}

#[pymodule]
fn _perflab(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<FrameStream>()?;
    m.add_class::<DiffResult>()?;
    m.add_function(wrap_pyfunction!(ingest, m)?)?;
    m.add_function(wrap_pyfunction!(requests, m)?)?;
    m.add_function(wrap_pyfunction!(diff, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(main, m)?)?;
    m.add_class::<commands::Exported>()?;
    m.add_function(wrap_pyfunction!(commands::curves, m)?)?;
    m.add_function(wrap_pyfunction!(commands::compare, m)?)?;
    m.add_function(wrap_pyfunction!(commands::history_add, m)?)?;
    m.add_function(wrap_pyfunction!(commands::history_report, m)?)?;
    m.add_function(wrap_pyfunction!(commands::report, m)?)?;
    m.add_function(wrap_pyfunction!(commands::translate, m)?)?;
    m.add_function(wrap_pyfunction!(commands::import_report, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
