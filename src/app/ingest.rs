//! `ingest`: raw outputs → runs, batch by batch, with each file's requests applied
//! (counts, goodput under the SLOs, the requests frame when asked), and everything that
//! is not a run of its own reported through the environment: readers' warnings, bad
//! files (with `keep_going`), files skipped by kind, copies kept once, disagreements.

use std::path::PathBuf;

use fluent_bundle::FluentValue;

use super::Env;
use crate::ingest::{self, Ingested, NotARun, Options};
use crate::model::{self, Format, FrameFormat, Run};
use crate::requests::{ListsAhead, Objectives, Prefetch, RequestsWriter};
use crate::{Error, Result};

/// The flags of `perflab ingest` that decide what is read.
#[derive(Debug, Clone, Default)]
pub struct IngestRequest {
    pub paths: Vec<PathBuf>,
    /// Read every file as this format instead of detecting it.
    pub format: Option<Format>,
    /// Report bad files and go on with the others.
    pub keep_going: bool,
    /// A row per file, not one per run.
    pub all_files: bool,
    /// Service-level objectives (`ttft<=200`); empty: the config's `[slo]`.
    pub slo: Vec<String>,
    /// Write the requests frame here (format from the extension).
    pub requests: Option<PathBuf>,
    /// List each skipped or merged file, not only a summary line per kind.
    pub verbose: bool,
    pub progress: bool,
    /// Keep the requests frame in memory (`IngestSummary::requests_frame`) instead of
    /// writing `requests`: the Python API's `requests()`.
    pub requests_frame: bool,
    /// Paths that hold no run give no runs rather than [`Error::NoRuns`].
    pub allow_empty: bool,
}

/// What was read besides the runs.
#[derive(Debug, Default)]
pub struct IngestSummary {
    /// Files that could not be read (only with `keep_going`; otherwise the first is the
    /// error).
    pub failures: usize,
    /// Rows written to the requests frame.
    pub requests_written: Option<u64>,
    pub runs: usize,
    /// With `requests_frame`, the requests frame.
    pub requests_frame: Option<polars::prelude::DataFrame>,
}

/// Reads every path; `each` gets the runs of a batch of files as soon as they are read
/// (NDJSON is written while the next batch is read). The summary comes last.
pub fn each_batch<E: From<Error>>(
    request: &IngestRequest,
    env: &Env,
    mut each: impl FnMut(Vec<Run>) -> std::result::Result<(), E>,
) -> std::result::Result<IngestSummary, E> {
    let objectives = Objectives::from_flags_or_config(&request.slo, &env.config)?;
    let options = Options {
        format: request.format,
        keep_going: request.keep_going,
        progress: request.progress,
        all_files: request.all_files,
        allow_empty: request.allow_empty,
        // Each file's requests are read from the text already in memory for its runs (no
        // second read of every result file): applied there without a requests frame;
        // with one, its lists wait for `attach` to write them in order.
        hook: Some(if request.requests.is_none() && !request.requests_frame {
            Prefetch::hook(objectives.clone())
        } else {
            ListsAhead::hook()
        }),
    };
    let mut writer = match &request.requests {
        _ if request.requests_frame => Some(RequestsWriter::memory()),
        Some(path) => Some(requests_writer(path)?),
        None => None,
    };
    let mut seen = Ingested::default();
    let mut summary = IngestSummary::default();
    // `-` and object-store URLs, fetched whole into a private folder first.
    let fetched = super::fetch::fetch(&request.paths)?;
    let read = ingest::ingest_each(
        &fetched.paths,
        &options,
        |mut batch| -> std::result::Result<(), Failed<E>> {
            let failures = request.keep_going.then_some(&mut batch.failures);
            let request_warnings =
                crate::requests::attach(&mut batch.files, &objectives, writer.as_mut(), failures)?;
            for w in &request_warnings {
                env.warn(&w.path.display().to_string(), &env.l10n.text(&w.message));
            }
            super::load::report_warnings(&batch, env);
            for failure in &batch.failures {
                env.reporter
                    .report(&fetched.restore_text(&env.error_text(failure)));
            }
            let runs: Vec<Run> = batch.files.drain(..).flat_map(|f| f.runs).collect();
            summary.runs += runs.len();
            each(runs).map_err(Failed::Each)?;
            seen.absorb(batch);
            Ok(())
        },
    );
    match read {
        Ok(()) => {}
        Err(Failed::Read(e)) => return Err(E::from(fetched.restore(e))),
        Err(Failed::Each(e)) => return Err(e),
    }
    if request.requests_frame {
        if let Some(w) = writer {
            summary.requests_frame = Some(w.finish_frame()?);
        }
    } else if let (Some(w), Some(path)) = (writer, &request.requests) {
        let rows = w.finish()?;
        env.reporter.report(&env.l10n.tr_args(
            "requests-written",
            &[
                ("count", FluentValue::from(rows as i64)),
                ("path", path.display().to_string().into()),
            ],
        ));
        summary.requests_written = Some(rows);
    }
    seen.same.sort();
    report_unread(&seen, request.verbose, env);
    summary.failures = seen.failures.len();
    Ok(summary)
}

/// Why reading stopped: perflab's error about an input (named again as the user named
/// it), or the caller's own.
enum Failed<E> {
    Read(Error),
    Each(E),
}

impl<E> From<Error> for Failed<E> {
    fn from(e: Error) -> Self {
        Failed::Read(e)
    }
}

/// Every run of every path, in order.
pub fn run(request: &IngestRequest, env: &Env) -> Result<(Vec<Run>, IngestSummary)> {
    let mut runs = Vec::new();
    let summary = each_batch(request, env, |batch| -> Result<()> {
        runs.extend(batch);
        Ok(())
    })?;
    Ok((runs, summary))
}

/// The requests frame's writer, its format from the extension.
fn requests_writer(path: &std::path::Path) -> Result<RequestsWriter> {
    let format = FrameFormat::from_path(path).ok_or_else(|| {
        Error::usage(crate::msg!(
            "requests-error-extension",
            path = path.display().to_string()
        ))
    })?;
    RequestsWriter::create(path, format)
}

/// Says what was not read as a run of its own: files skipped (a summary line per kind,
/// the files when `verbose`), runs kept once because a richer file holds them, and files
/// of one run that disagree. None of these is an error.
fn report_unread(ingested: &Ingested, verbose: bool, env: &Env) {
    let l10n = &env.l10n;
    let report = |line: &str| env.reporter.report(line);
    for d in &ingested.same.disagreements {
        let columns: Vec<String> = d
            .columns
            .iter()
            .map(|(c, a, b)| {
                format!(
                    "{c} {} ≠ {}",
                    model::frame::format_number(*a),
                    model::frame::format_number(*b)
                )
            })
            .collect();
        let msg = l10n.tr_args(
            "ingest-disagree",
            &[
                ("path", d.path.display().to_string().into()),
                ("other", d.other.display().to_string().into()),
                ("columns", columns.join(", ").into()),
            ],
        );
        report(&l10n.tr_args("warning", &[("message", msg.into())]));
    }
    let summary = |line: String| {
        if verbose {
            report(&line);
        } else {
            report(&format!("{line} {}", l10n.tr("ingest-list-more")));
        }
    };
    let kinds = NotARun::ALL
        .iter()
        .map(|k| (Some(*k), format!("ingest-skipped-{}", k.message_id())));
    for (kind, id) in kinds.chain([(None, "ingest-skipped-no-result".to_owned())]) {
        let paths: Vec<_> = ingested
            .skipped
            .iter()
            .filter(|s| s.kind == kind)
            .map(|s| &s.path)
            .collect();
        if paths.is_empty() {
            continue;
        }
        summary(l10n.tr_args(&id, &[("count", FluentValue::from(paths.len() as i64))]));
        if verbose {
            for p in paths {
                report(&format!("  {}", p.display()));
            }
        }
    }
    let copies = &ingested.same.copies;
    if !copies.is_empty() {
        summary(l10n.tr_args(
            "ingest-copies",
            &[("count", FluentValue::from(copies.len() as i64))],
        ));
        if verbose {
            for c in copies {
                let msg = l10n.tr_args(
                    "ingest-copy-of",
                    &[
                        ("path", c.path.display().to_string().into()),
                        ("run", FluentValue::from(i64::from(c.run_index))),
                        ("kept", c.kept.display().to_string().into()),
                    ],
                );
                report(&format!("  {msg}"));
            }
        }
    }
}
