//! The requests frame: one row per request of a run, beside the runs frame (one row per
//! run). Each tool that can write its requests has a reader here (`serve_detailed`:
//! vLLM `--save-detailed` and SGLang `--output-details`; `guidellm`: benchmarks.json;
//! `aiperf`: profile_export.jsonl; `genai_perf`: perf_analyzer's profile_export.json);
//! all produce [`Requests`], a run's requests as columns, in the canonical units of
//! `metrics.md` (milliseconds, token counts). From them perflab recomputes each run's
//! percentiles the tool's way (`recompute`), the goodput under the user's SLOs
//! (`goodput`) and the distributions `diff` tests (`compare::significance`).
//!
//! Memory: the requests of a few files (two per thread) are read, used and written before
//! the next ones are
//! read (`ingest_cmd` drives this), so a directory of large detailed results needs the
//! memory of its largest file only.

mod aiperf;
pub mod attach;
pub mod columns;
mod detailed_fast;
mod detailed_lists;
pub mod frame;
mod genai_perf;
pub mod goodput;
mod guidellm;
mod inference_perf;
pub mod recompute;
mod serve_detailed;

use std::collections::BTreeMap;
use std::path::Path;

use crate::model::Run;
use crate::{Error, Result};

pub use aiperf::FILE_NAME as AIPERF_RECORDS;
pub use attach::{attach, FileWarning, ListsAhead, Objectives, Prefetch, Prefetched};
pub use columns::Requests;
pub use frame::RequestsWriter;

/// One request as the tool recorded it. Times are in milliseconds; `None` where the tool
/// kept no value (SGLang keeps no end-to-end latency; a failed request has no TTFT).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Request {
    /// 0-based position in the tool's own order.
    pub index: u32,
    pub ok: bool,
    pub error: Option<String>,
    pub input_tokens: Option<u64>,
    pub output_tokens: Option<u64>,
    pub ttft_ms: Option<f64>,
    /// Time per output token excluding the first, as the tool defines it per request.
    pub tpot_ms: Option<f64>,
    pub e2el_ms: Option<f64>,
    /// Start of the request after the run's first request started.
    pub start_ms: Option<f64>,
    /// The gaps between streamed chunks, when the tool kept them.
    pub itl_ms: Option<Vec<f64>>,
    /// The request's mean gap, where the tool kept that instead of the gaps (guidellm).
    pub itl_mean_ms: Option<f64>,
}

/// How a tool turns requests into its summary numbers; decides how they are recomputed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// `numpy.percentile` (linear) over the successful requests; ITL over every gap of
    /// every successful request; std with divisor n (vLLM, SGLang).
    Numpy,
    /// guidellm's own distribution summaries; only the counts and means are recomputed.
    Guidellm,
    /// AIPerf `metric_result_from_array`: linear percentiles at (n − 1)·q, std with
    /// divisor n, min and max, over successful profiling records; ITL's percentiles come
    /// from a t-digest (approximate), so only its mean, std, min and max are exact.
    Aiperf,
    /// genai-perf `Statistics`: numpy's mean, linear percentiles, population std, min and
    /// max over the requests with a response; its ITL is TPOT, which needs the tokenizer's
    /// counts the file does not keep, so TTFT and E2EL are recomputed.
    GenaiPerf,
}

/// The requests of one run of a file, in the order the file lists its runs.
#[derive(Debug, Clone, PartialEq)]
pub struct RunRequests {
    /// The run's place within its file, from 1 (the runs frame's `run_index`).
    pub run_index: u32,
    pub rule: Rule,
    /// The run's duration in seconds as the tool measured it (goodput's denominator).
    pub duration_s: Option<f64>,
    pub requests: Requests,
}

/// Reads the requests of the runs of a result file. `Ok(None)`: the file holds no
/// per-request data perflab reads (a summary-only result, a console log). An AIPerf
/// summary (`profile_export_aiperf.json` / `.csv`) gets the requests of the
/// `profile_export.jsonl` beside it. Errors name the file they are about.
pub fn read_file(path: &Path) -> Result<Option<Vec<RunRequests>>> {
    read_file_with(path, None)
}

/// [`read_file`], given the per-request lists ingest already read from the file's text
/// (`attach::ListsAhead`): they are this file's requests unless another file holds them.
fn read_file_with(
    path: &Path,
    ahead: Option<serve_detailed::Lists>,
) -> Result<Option<Vec<RunRequests>>> {
    if let Some(stage) = inference_perf::for_stage(path)? {
        return Ok(Some(stage));
    }
    if let Some(records) = records_beside(path) {
        return read_one(&records);
    }
    match ahead {
        Some(lists) => serve_detailed::build(lists)
            .map_err(|(line, message)| Error::parse(path, line, message)),
        None => read_one(path),
    }
}

/// The per-request export beside a summary export (`profile_export_aiperf.json`,
/// `profile_export_genai_perf.csv`, ...): AIPerf's `profile_export.jsonl` or
/// perf_analyzer's `profile_export.json` (genai-perf).
fn records_beside(path: &Path) -> Option<std::path::PathBuf> {
    let name = path.file_name()?.to_str()?;
    let summary =
        name.starts_with("profile_export_") && (name.ends_with(".json") || name.ends_with(".csv"));
    if !summary {
        return None;
    }
    [aiperf::FILE_NAME, genai_perf::FILE_NAME]
        .into_iter()
        .map(|records| path.with_file_name(records))
        .find(|records| records.is_file())
}

/// [`read_file`] of a file whose text is already in memory: read again only when the
/// requests are in the per-request export beside it.
pub fn read_text_of(path: &Path, text: &str) -> Result<Option<Vec<RunRequests>>> {
    if let Some(stage) = inference_perf::for_stage(path)? {
        return Ok(Some(stage));
    }
    if let Some(records) = records_beside(path) {
        return read_one(&records);
    }
    read_text(text).map_err(|(line, message)| Error::parse(path, line, message))
}

fn read_one(path: &Path) -> Result<Option<Vec<RunRequests>>> {
    // Mapped when large, as ingest maps it: reading a 250 MB result into a fresh buffer
    // was a fifth of the time its requests took (the kernel zeroing and copying pages).
    let bytes = crate::ingest::contents::open(path).map_err(|e| Error::io(path, e))?;
    let error = |(line, message)| Error::parse(path, line, message);
    let lists = {
        let text = crate::ingest::text::decode(&bytes);
        match serve_detailed::parse(&text) {
            Some(lists) => lists,
            None => return read_text(&text).map_err(error),
        }
    };
    // A detailed result's lists are read: the text goes before its requests are built,
    // so a million requests never sit beside the file's text (the peak stays within
    // twice the file's size).
    drop(bytes);
    serve_detailed::build(lists).map_err(error)
}

/// The readers, tried in order; the first that recognises the text reads it.
pub fn read_text(
    text: &str,
) -> std::result::Result<Option<Vec<RunRequests>>, (Option<u64>, String)> {
    let start = text.trim_start();
    if !start.starts_with('{') {
        return Ok(None);
    }
    if let Some(runs) = serve_detailed::read(text)? {
        return Ok(Some(runs));
    }
    if let Some(runs) = aiperf::read(text)? {
        return Ok(Some(runs));
    }
    if let Some(runs) = genai_perf::read(text)? {
        return Ok(Some(runs));
    }
    guidellm::read(text)
}

/// The requests of every run found under `paths`, keyed by the runs frame's
/// (`source`, `run_index`); for `diff`, whose sides are raw result files or folders.
/// Files that hold no requests are left out; a file that cannot be read is an error.
pub fn read_paths(paths: &[std::path::PathBuf]) -> Result<BTreeMap<(String, u32), RunRequests>> {
    let mut out = BTreeMap::new();
    for input in crate::ingest::collect_inputs(paths)? {
        if crate::model::FrameFormat::from_path(&input.path)
            == Some(crate::model::FrameFormat::Parquet)
        {
            continue;
        }
        let Some(runs) = read_file(&input.path)? else {
            continue;
        };
        for run in runs {
            out.insert((input.display.clone(), run.run_index), run);
        }
    }
    Ok(out)
}

/// The starts of a run's requests made relative to its earliest start (tools record a
/// monotonic clock whose zero means nothing).
pub(crate) fn offsets_from_first(starts: &[Option<f64>]) -> Vec<Option<f64>> {
    let first = starts
        .iter()
        .flatten()
        .copied()
        .filter(|s| s.is_finite())
        .fold(f64::INFINITY, f64::min);
    starts
        .iter()
        .map(|s| {
            s.filter(|s| s.is_finite() && first.is_finite())
                .map(|s| s - first)
        })
        .collect()
}

/// Sets the runs frame's `requests` column (the number of requests read) on the runs of
/// one file.
pub fn count_into_runs(runs: &mut [Run], requests: &[RunRequests]) {
    for rr in requests {
        if let Some(run) = runs.iter_mut().find(|r| r.run_index == rr.run_index) {
            run.set_num("requests", rr.requests.len() as f64);
        }
    }
}

pub use crate::slo::Metric;

impl Request {
    /// One value per request: ITL is the request's own mean gap (its distribution over
    /// gaps is [`Request::itl_ms`]).
    pub fn value(&self, metric: Metric) -> Option<f64> {
        match metric {
            Metric::Ttft => self.ttft_ms,
            Metric::Tpot => self.tpot_ms,
            Metric::E2el => self.e2el_ms,
            Metric::Itl => self
                .itl_ms
                .as_ref()
                .filter(|g| !g.is_empty())
                .map(|g| g.iter().sum::<f64>() / g.len() as f64)
                .or(self.itl_mean_ms),
        }
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_tools;
