//! What ingest does with the requests of each file it read: count them into the runs
//! frame (`requests`), check the file's summary against them (`recompute`), add the
//! goodput columns under the user's SLOs, and append them to the requests frame. A few
//! files' requests are in memory at a time.

use rayon::prelude::*;

use crate::ingest::FileRuns;
use crate::model::{Format, Run};
use crate::slo::Slo;
use crate::Result;

use super::{goodput, recompute, RequestsWriter, RunRequests};

/// The objectives of `--slo`, split by what they judge.
#[derive(Debug, Clone, Default)]
pub struct Objectives {
    pub per_request: Vec<Slo>,
    pub per_run: Vec<Slo>,
}

impl Objectives {
    pub fn parse(texts: &[String]) -> Result<Objectives> {
        let (per_request, per_run) = Slo::parse_all(texts)?;
        Ok(Objectives {
            per_request,
            per_run,
        })
    }

    /// `--slo` when given, else the `objectives` of the config's `[slo]` table
    /// (`objectives = ["ttft<=200", "tpot<=50"]`), else none.
    pub fn from_flags_or_config(
        flags: &[String],
        config: &crate::config::Config,
    ) -> Result<Objectives> {
        if !flags.is_empty() {
            return Objectives::parse(flags);
        }
        Objectives::parse(&config.slo.objectives)
    }

    pub fn is_empty(&self) -> bool {
        self.per_request.is_empty() && self.per_run.is_empty()
    }
}

/// A warning about one file, in the user's language.
#[derive(Debug, Clone, PartialEq)]
pub struct FileWarning {
    pub path: std::path::PathBuf,
    /// Said again in the language of whoever prints it (`Localizer::text`).
    pub message: crate::error::Text,
}

/// Reads the requests of every file and applies them to its runs; returns the warnings.
/// A file whose requests cannot be read is an error; with `failures` (`--keep-going`) it
/// is recorded there instead and its runs stay, without requests.
///
/// Only files of a format that keeps requests (or sits beside a per-request export) are
/// read again: a folder of logs costs nothing here. Files are read and checked in
/// parallel; with a `writer`, a few files at a time (two per thread), whose requests are
/// then written in the files' order, so memory stays that of a few files' requests.
pub fn attach(
    files: &mut [FileRuns],
    objectives: &Objectives,
    mut writer: Option<&mut RequestsWriter>,
    mut failures: Option<&mut Vec<crate::Error>>,
) -> Result<Vec<FileWarning>> {
    let mut warnings = Vec::new();
    let keep = writer.is_some();
    let batch = if keep {
        rayon::current_num_threads().max(1) * 2
    } else {
        files.len().max(1)
    };
    for chunk in files.chunks_mut(batch) {
        let done: Vec<Result<Attached>> = chunk
            .par_iter_mut()
            .map(|file| match Prefetched::take(file) {
                Prefetched::NotRead => attach_file(file, objectives, keep, None),
                Prefetched::Lists(lists) => attach_file(file, objectives, keep, Some(lists)),
                Prefetched::Applied(warnings) => Ok(Attached {
                    warnings,
                    pending: Vec::new(),
                }),
                Prefetched::Failed(e) => Err(e),
            })
            .collect();
        for (file, result) in chunk.iter_mut().zip(done) {
            let attached = match (result, failures.as_deref_mut()) {
                (Ok(a), _) => a,
                (Err(e), Some(failures)) => {
                    failures.push(e);
                    Attached::default()
                }
                (Err(e), None) => return Err(e),
            };
            warnings.extend(attached.warnings.into_iter().map(|message| FileWarning {
                path: file.path.clone(),
                message: message.into(),
            }));
            if let Some(w) = writer.as_deref_mut() {
                let applied = write_while_applying(w, file, &attached.pending, objectives)?;
                warnings.extend(applied.into_iter().map(|message| FileWarning {
                    path: file.path.clone(),
                    message: message.into(),
                }));
            }
            for run in &mut file.runs {
                apply_run_objectives(run, &objectives.per_run);
            }
        }
    }
    Ok(warnings)
}

/// A file's requests as ingest left them ([`Prefetch`]).
#[derive(Debug, Default)]
pub enum Prefetched {
    /// Not read yet: [`attach`] reads them.
    #[default]
    NotRead,
    /// Read and applied to the file's runs while its text was in memory; the mismatch
    /// warnings, for [`attach`] to report in the files' order.
    Applied(Vec<String>),
    /// Could not be read: [`attach`] reports it as it reports a file it reads itself.
    Failed(crate::Error),
    /// The per-request lists of a detailed result, read while ingest found its runs
    /// ([`ListsAhead`]); [`attach`] makes them requests.
    Lists(super::serve_detailed::Lists),
}

impl Prefetched {
    /// What [`Prefetch`] left beside a file's runs; `NotRead` when it did not run.
    fn take(file: &mut FileRuns) -> Prefetched {
        file.extra
            .take()
            .and_then(|extra| extra.downcast::<Prefetched>().ok())
            .map_or(Prefetched::NotRead, |p| *p)
    }
}

/// The ingest hook that reads a result file's requests while its text is in memory
/// (ingest's first pass) and applies them under these objectives, as [`attach`] would.
pub struct Prefetch(pub Objectives);

impl Prefetch {
    /// For [`crate::ingest::Options::hook`].
    pub fn hook(objectives: Objectives) -> crate::ingest::Hook {
        crate::ingest::Hook(std::sync::Arc::new(Prefetch(objectives)))
    }
}

impl crate::ingest::FileHook for Prefetch {
    fn on_file(
        &self,
        path: &std::path::Path,
        text: &str,
        runs: &mut [Run],
        _alongside: crate::ingest::FileExtra,
    ) -> crate::ingest::FileExtra {
        Some(Box::new(prefetch(path, text, runs, &self.0)))
    }
}

/// The ingest hook when the requests are written (a requests frame): a detailed result's
/// per-request lists are read from its text on a second thread while ingest finds its
/// runs (`FileHook::alongside`), so the file is read once and its two passes run side by
/// side; [`attach`] makes them requests after the text is released, so the peak is the
/// text and its lists, as when [`attach`] read the file itself.
pub struct ListsAhead;

impl ListsAhead {
    /// For [`crate::ingest::Options::hook`].
    pub fn hook() -> crate::ingest::Hook {
        crate::ingest::Hook(std::sync::Arc::new(ListsAhead))
    }
}

impl crate::ingest::FileHook for ListsAhead {
    fn alongside(&self, _path: &std::path::Path, decoded: &str) -> crate::ingest::FileExtra {
        let lists = super::serve_detailed::parse(decoded)?;
        Some(Box::new(Prefetched::Lists(lists)))
    }

    fn on_file(
        &self,
        _path: &std::path::Path,
        _text: &str,
        _runs: &mut [Run],
        alongside: crate::ingest::FileExtra,
    ) -> crate::ingest::FileExtra {
        alongside
    }
}

fn prefetch(
    path: &std::path::Path,
    text: &str,
    runs: &mut [Run],
    objectives: &Objectives,
) -> Prefetched {
    if !runs.iter().any(|r| may_hold_requests(r.format)) {
        return Prefetched::Applied(Vec::new());
    }
    match super::read_text_of(path, text) {
        Ok(requests) => {
            let attached = apply_to_runs(runs, requests.unwrap_or_default(), objectives);
            Prefetched::Applied(attached.warnings)
        }
        Err(e) => Prefetched::Failed(e),
    }
}

/// What one file's requests gave: the mismatch warnings of those applied, and, when they
/// are to be written, the requests with the place of their run, applied as they are
/// written ([`write_while_applying`]).
#[derive(Default)]
struct Attached {
    warnings: Vec<String>,
    pending: Vec<(usize, RunRequests)>,
}

fn attach_file(
    file: &mut FileRuns,
    objectives: &Objectives,
    keep: bool,
    ahead: Option<super::serve_detailed::Lists>,
) -> Result<Attached> {
    if !file.runs.iter().any(|r| may_hold_requests(r.format)) {
        return Ok(Attached::default());
    }
    let requests = super::read_file_with(&file.path, ahead)?.unwrap_or_default();
    if !keep {
        return Ok(apply_to_runs(&mut file.runs, requests, objectives));
    }
    let pending = requests
        .into_iter()
        .filter_map(|rr| {
            let at = file.runs.iter().position(|r| r.run_index == rr.run_index)?;
            Some((at, rr))
        })
        .collect();
    Ok(Attached {
        warnings: Vec::new(),
        pending,
    })
}

/// Writes a file's requests while they are applied to its runs, on two threads: both
/// only read the requests, and a million of them took a third of a second each way.
/// Returns the mismatch warnings, in the runs' order.
fn write_while_applying(
    writer: &mut RequestsWriter,
    file: &mut FileRuns,
    pending: &[(usize, RunRequests)],
    objectives: &Objectives,
) -> Result<Vec<String>> {
    let sources: Vec<String> = pending
        .iter()
        .map(|(at, _)| file.runs[*at].source.clone())
        .collect();
    let runs = &mut file.runs;
    let (warnings, written) = rayon::join(
        || {
            let mut warnings = Vec::new();
            for (at, rr) in pending {
                warnings.extend(apply(&mut runs[*at], rr, objectives));
            }
            warnings
        },
        || -> Result<()> {
            for (source, (_, rr)) in sources.iter().zip(pending) {
                writer.write(source, rr)?;
            }
            Ok(())
        },
    );
    written?;
    Ok(warnings)
}

/// Applies each run's requests to the run of the same index.
fn apply_to_runs(
    runs: &mut [Run],
    requests: Vec<RunRequests>,
    objectives: &Objectives,
) -> Attached {
    let mut out = Attached::default();
    for rr in requests {
        let Some(run) = runs.iter_mut().find(|r| r.run_index == rr.run_index) else {
            continue;
        };
        out.warnings.extend(apply(run, &rr, objectives));
    }
    out
}

/// Formats whose files keep every request, or sit beside the export that does (AIPerf's
/// and genai-perf's summaries): the only files whose requests are looked for.
fn may_hold_requests(format: Format) -> bool {
    matches!(
        format,
        Format::VllmServeJson
            | Format::SglangServeJsonl
            | Format::GuidellmJson
            | Format::AiperfJson
            | Format::AiperfCsv
            | Format::GenaiPerfJson
            | Format::GenaiPerfCsv
            | Format::InferencePerfJson
    )
}

/// Sets the columns one run's requests give; returns the mismatch warnings.
pub fn apply(run: &mut Run, rr: &RunRequests, objectives: &Objectives) -> Vec<String> {
    run.set_num("requests", rr.requests.len() as f64);
    let warnings = recompute::mismatches(run, rr)
        .into_iter()
        .map(|m| {
            crate::tr!(
                "requests-warn-mismatch",
                run = i64::from(rr.run_index),
                column = m.column,
                file = crate::model::frame::format_number(m.file),
                recomputed = crate::model::frame::format_number(m.recomputed)
            )
        })
        .collect();
    if !objectives.per_request.is_empty() {
        let g = goodput::goodput(rr, &objectives.per_request, run.get("duration"));
        run.set_opt("slo_attainment", g.and_then(|g| g.attainment));
        run.set_opt("slo_goodput", g.and_then(|g| g.goodput));
    }
    warnings
}

/// `slo_met`: 1 when every objective on a run column holds, 0 when one fails, null when
/// the run lacks a column one names.
pub fn apply_run_objectives(run: &mut Run, per_run: &[Slo]) {
    if per_run.is_empty() {
        return;
    }
    let held: Option<Vec<bool>> = per_run
        .iter()
        .map(|s| run.get(&s.column).map(|v| s.holds(v)))
        .collect();
    run.set_opt(
        "slo_met",
        held.map(|h| if h.iter().all(|x| *x) { 1.0 } else { 0.0 }),
    );
}
