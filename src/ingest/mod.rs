//! Ingestion: files and directories in, [`Run`]s out. Each source format has its own
//! reader (one file each); this module walks the paths, picks the reader of each file
//! (whole-file formats first, then the scanners that find text blocks anywhere in a
//! file), numbers the runs, and collects per-file errors and warnings.

mod aiperf_layout;
pub mod aiperf_records;
mod batches;
pub mod contents;
mod not_runs;
mod reader;
mod same_run;
mod split;
pub mod text;
mod walk;

mod evalscope_console;
mod evalscope_json;
mod evalscope_labels;
mod genai_bench;
mod guidellm_console;
mod guidellm_csv;
mod guidellm_json;
mod guidellm_summary;
mod inference_benchmarker;
mod inference_perf;
mod json_lenient;
pub mod json_scan;
mod json_shallow;
mod llama_batched_bench;
mod llama_bench;
mod llama_bench_fields;
mod llama_bench_md;
mod llm_load_test;
mod llmperf;
mod mlperf_detail;
mod mlperf_summary;
mod namespace;
mod ollama_verbose;
#[cfg(test)]
mod perf_agreement;
mod perf_console;
mod perf_csv;
mod perf_json;
mod perf_labels;
mod printed_twice;
mod rich_table;
pub mod serve_block;
mod serve_json;
mod serve_labels;
mod serve_text;
mod server;
pub use server::{of_command as server_of_command, Config as ServerConfig};
mod settle;
mod sglang_one_batch;
mod trtllm_bench;
mod trtllm_report_json;
mod vllm_commands;
mod vllm_offline;
mod vllm_sweep;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

pub use batches::ingest_each;
pub use json_lenient::sanitize as sanitize_json;
pub use not_runs::{no_runs_files, no_runs_text, NotARun};
pub use reader::{ParseError, Parsed, ReadResult, Reader, Source, Warning};
pub(crate) use same_run::half_unit;
pub use same_run::{CopyOf, Disagreement, SameRuns, SOURCES};
pub use serve_labels::column_of_label;
pub use serve_text::{is_rule, HEADER as SERVE_BLOCK_HEADER};
pub use walk::{collect_inputs, InputFile};

use crate::model::{Format, Run};
use crate::{Error, Result};

/// Readers of whole files (JSON, JSONL, CSV), tried in order; the first to claim a file
/// reads it.
fn file_readers() -> Vec<&'static dyn Reader> {
    vec![
        // By its name only: AIPerf's records when they are all its run left.
        &aiperf_records::AiperfRecordsReader,
        // A JSON list of test records, which the sweep reader would take for a summary.
        &llama_bench::LlamaBenchJsonReader,
        // Before the result-JSON reader: a sweep's run files are result JSONs too.
        &vllm_sweep::SweepReader,
        &serve_json::ServeJsonReader,
        &vllm_offline::OfflineJsonReader,
        &perf_json::PerfJsonReader,
        &perf_csv::PerfCsvReader,
        &guidellm_json::GuidellmJsonReader,
        &guidellm_csv::GuidellmCsvReader,
        &inference_perf::InferencePerfReader,
        &evalscope_json::EvalscopeJsonReader,
        &llmperf::LlmperfReader,
        &genai_bench::GenaiBenchReader,
        &llm_load_test::LlmLoadTestReader,
        &trtllm_report_json::TrtllmReportJsonReader,
        &sglang_one_batch::SglangOneBatchJsonlReader,
        &inference_benchmarker::InferenceBenchmarkerReader,
    ]
}

/// Scanners of text blocks that may sit anywhere in a log or document; all of them run on
/// a file no whole-file reader claimed, and their runs are merged in line order.
fn text_readers() -> Vec<&'static dyn Reader> {
    vec![
        &serve_text::ServeTextReader,
        &vllm_offline::OfflineTextReader,
        &serve_json::InlineJsonReader,
        &perf_console::PerfConsoleReader,
        &guidellm_console::GuidellmConsoleReader,
        &llama_bench_md::LlamaBenchMarkdownReader,
        &llama_bench::LlamaBenchTextReader,
        &llama_batched_bench::LlamaBatchedBenchReader,
        &mlperf_summary::MlperfSummaryReader,
        &mlperf_detail::MlperfDetailReader,
        &trtllm_bench::TrtllmBenchReader,
        &ollama_verbose::OllamaVerboseReader,
        &evalscope_console::EvalscopeConsoleReader,
        &sglang_one_batch::SglangOneBatchTextReader,
    ]
}

/// Reads one file's text with every applicable reader, then applies the rules every run
/// obeys (`settle`). `Ok(None)`: no reader recognised anything in it.
pub fn read_source(source: &Source, forced: Option<Format>) -> ReadResult {
    let Some(mut parsed) = read_with_readers(source, forced)? else {
        return Ok(None);
    };
    settle::settle(&mut parsed)?;
    server::apply(source.text, &mut parsed.runs);
    Ok(Some(parsed))
}

fn read_with_readers(source: &Source, forced: Option<Format>) -> ReadResult {
    let wanted = |r: &&dyn Reader| forced.is_none_or(|f| r.formats().contains(&f));
    for reader in file_readers().into_iter().filter(wanted) {
        if let Some(parsed) = reader.read(source)? {
            return Ok(Some(keep_format(parsed, forced)));
        }
    }
    // The scanners side by side, each over the whole text with a `Source` of its own
    // (its line counter is not shared): on one large log their passes ran one after
    // another beside the block reader's chunks. Their results are taken in order, so the
    // first error is the one a reader after another would meet.
    let readers: Vec<&dyn Reader> = text_readers().into_iter().filter(wanted).collect();
    let results: Vec<ReadResult> = readers
        .par_iter()
        .map(|reader| reader.read(&Source::new(source.path, source.text)))
        .collect();
    let mut found: Vec<Parsed> = Vec::new();
    for result in results {
        found.extend(result?);
    }
    let mut merged = match found.len() {
        0 => return Ok(None),
        // One reader's runs as they are: a large log's 100,000s of runs are not copied
        // into fresh memory to be merged with nothing.
        1 => found.pop().unwrap_or_default(),
        _ => {
            let mut merged = Parsed::default();
            for parsed in found {
                merged.runs.extend(parsed.runs);
                merged.warnings.extend(parsed.warnings);
            }
            merged
        }
    };
    merged.runs.sort_by_key(|r| r.line);
    merged.warnings.sort_by_key(|w| w.line);
    for (dropped, kept) in printed_twice::merge(&mut merged.runs) {
        merged.warnings.push(Warning {
            line: dropped,
            message: crate::msg!("ingest-printed-twice", kept = kept.unwrap_or(0)),
        });
    }
    merged.warnings.sort_by_key(|w| w.line);
    Ok(Some(keep_format(merged, forced)))
}

fn keep_format(mut parsed: Parsed, forced: Option<Format>) -> Parsed {
    if let Some(f) = forced {
        parsed.runs.retain(|r| r.format == f);
    }
    parsed
}

/// Reads a file's bytes as the driver does (invalid UTF-8 replaced, terminal colours
/// removed); `path` only names the file (readers look at its extension). The fuzzer
/// (`fuzz/`) calls this on arbitrary bytes.
pub fn read_bytes(path: &Path, bytes: &[u8], forced: Option<Format>) -> ReadResult {
    let text = text::decode(bytes);
    let text = text::strip_ansi(&text);
    read_source(&Source::new(path, &text), forced)
}

/// The runs of one file, numbered, with `source` set to `display`.
#[derive(Debug)]
pub struct FileRuns {
    pub path: PathBuf,
    pub runs: Vec<Run>,
    pub warnings: Vec<Warning>,
    /// What [`Options::hook`] left for a later stage while the file's text was in memory
    /// (`requests::attach` then does not read the file again).
    pub extra: FileExtra,
}

/// What a [`FileHook`] leaves beside a file's runs, for the stage that set the hook.
pub type FileExtra = Option<Box<dyn std::any::Any + Send + Sync>>;

/// Work a later stage does on each file's runs while its text is in memory, so that the
/// file is not read twice (`requests::Prefetch` reads a result file's requests). Ingest
/// knows nothing of that stage: the hook's result rides along in [`FileRuns::extra`].
pub trait FileHook: Send + Sync {
    /// Work on the file's bytes as decoded (before terminal colours are removed) on a
    /// second thread while the readers find its runs: the pass over a large result's
    /// lists then costs no time of its own. Its result is given to [`FileHook::on_file`].
    fn alongside(&self, _path: &Path, _decoded: &str) -> FileExtra {
        None
    }

    fn on_file(&self, path: &Path, text: &str, runs: &mut [Run], alongside: FileExtra)
        -> FileExtra;
}

/// [`Options::hook`]: shared by the threads that read files.
#[derive(Clone)]
pub struct Hook(pub std::sync::Arc<dyn FileHook>);

impl std::fmt::Debug for Hook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Hook")
    }
}

/// What reading one file gave: its runs, or why it holds none.
#[derive(Debug)]
enum Read {
    Runs(FileRuns),
    /// Found in a directory and holding no run; the kind when perflab knows the file, and
    /// the server configurations it names (a server log beside the results).
    Skipped(Option<NotARun>, Vec<ServerConfig>),
}

/// Reads one file from disk. `explicit` files must hold a run; files found by walking a
/// directory that hold none are skipped (`Ok(None)`).
pub fn read_file(input: &InputFile, forced: Option<Format>) -> Result<Option<FileRuns>> {
    let options = Options {
        format: forced,
        ..Options::default()
    };
    Ok(match read_input(input, &options, &AtomicU64::new(0))? {
        Read::Runs(f) => Some(f),
        Read::Skipped(..) => None,
    })
}

/// Reads one file; adds its size to `bytes_read` (how `batches` sizes the next batch).
fn read_input(input: &InputFile, options: &Options, bytes_read: &AtomicU64) -> Result<Read> {
    let forced = options.format;
    let bytes = contents::open(&input.path).map_err(|e| Error::io(&input.path, e))?;
    bytes_read.fetch_add(bytes.len() as u64, Ordering::Relaxed);
    let decoded = text::decode(&bytes);
    let text = text::strip_ansi(&decoded);
    // A source per thread (its line counter is not shared); the file's text stays to
    // tell apart a file that holds no run.
    let read = || read_source(&Source::new(&input.path, &text), forced);
    let (parsed, alongside) = match &options.hook {
        Some(Hook(hook)) => rayon::join(read, || hook.alongside(&input.path, &decoded)),
        None => (read(), None),
    };
    let source = Source::new(&input.path, &text);
    let parsed = parsed.map_err(|e| Error::parse(&input.path, e.line, e.message))?;
    let parsed = match parsed {
        // A file with only warnings (a sweep's failure record) is reported, not skipped.
        Some(p) if !p.runs.is_empty() || !p.warnings.is_empty() => p,
        _ => {
            let configs = server::find_all(&text);
            let kind = not_runs::recognize(&source)
                .or_else(|| (!configs.is_empty()).then_some(NotARun::ServerLog));
            if !input.explicit {
                return Ok(Read::Skipped(kind, configs));
            }
            if let (Some(kind), None) = (kind, forced) {
                return Err(Error::NotARun {
                    path: input.path.clone(),
                    kind,
                    message: not_runs::describe(kind),
                });
            }
            let message = match forced {
                Some(format) => {
                    crate::msg!("ingest-expect-format-result", format = format.to_string())
                }
                None => crate::msg!("ingest-expect-result"),
            };
            return Err(Error::parse(&input.path, None, message));
        }
    };
    let mut runs = parsed.runs;
    // AIPerf keeps each trial's files in a folder of its own; its number is the repeat.
    let trial = aiperf_layout::run_number(&input.path);
    // A run whose every request failed has its model only in the requests it sent.
    let lacks_model = |r: &Run| {
        matches!(r.format.family(), "aiperf" | "genai-perf") && r.text("model_id").is_none()
    };
    if runs.iter().any(lacks_model) {
        if let Some(model) = aiperf_layout::model_from_inputs(&input.path) {
            for run in runs.iter_mut().filter(|r| lacks_model(r)) {
                run.set_text("model_id", model.clone());
            }
        }
    }
    // On every core: a large log's 100,000s of runs waited here on one thread.
    runs.par_iter_mut()
        .enumerate()
        .with_min_len(4096)
        .for_each(|(i, run)| {
            run.source = input.display.clone();
            // Runs count from 1 in every frame and output, as `FILE#N` takes them.
            run.run_index = i as u32 + 1;
            if let (Some(n), "aiperf") = (trial, run.format.family()) {
                run.set_num("run_number", f64::from(n));
            }
        });
    // A later stage's work on the text in hand rather than a second read.
    let extra = match &options.hook {
        Some(Hook(hook)) => hook.on_file(&input.path, &text, &mut runs, alongside),
        None => None,
    };
    Ok(Read::Runs(FileRuns {
        path: input.path.clone(),
        runs,
        warnings: parsed.warnings,
        extra,
    }))
}

#[derive(Debug, Clone, Default)]
pub struct Options {
    pub format: Option<Format>,
    /// Report bad files and go on with the others.
    pub keep_going: bool,
    /// Show a progress bar on stderr (the caller decides: many files and a terminal).
    pub progress: bool,
    /// Keep every file's copy of a run instead of one row per run (`same_run.rs`).
    pub all_files: bool,
    /// Called on each file's runs while its text is in memory: `perflab ingest` reads a
    /// result file's requests there (`requests::Prefetch` when it writes no requests
    /// frame, `requests::ListsAhead` when it does). `None`: `requests::attach` reads
    /// them afterwards.
    pub hook: Option<Hook>,
    /// Paths that hold no run are not an error (`--allow-empty`, for a script that wants
    /// exit 0 on an empty folder).
    pub allow_empty: bool,
}

#[derive(Debug, Default)]
pub struct Ingested {
    pub files: Vec<FileRuns>,
    /// Files that could not be read; only filled with `keep_going`.
    pub failures: Vec<Error>,
    /// Files found in directories that held no run, with their kind when known.
    pub skipped: Vec<Skipped>,
    /// Runs dropped as copies of a richer file's run, and files that should be one run
    /// but disagree (empty with `all_files`).
    pub same: SameRuns,
}

/// A file found in a directory that held no run.
#[derive(Debug, Clone, PartialEq)]
pub struct Skipped {
    pub path: PathBuf,
    /// What the file is, when perflab knows it (`None`: nothing recognised in it).
    pub kind: Option<NotARun>,
}

impl Ingested {
    pub fn runs(&self) -> impl Iterator<Item = &Run> {
        self.files.iter().flat_map(|f| f.runs.iter())
    }

    /// Appends a later batch of [`ingest_each`].
    pub fn absorb(&mut self, batch: Ingested) {
        self.files.extend(batch.files);
        self.failures.extend(batch.failures);
        self.skipped.extend(batch.skipped);
        self.same.copies.extend(batch.same.copies);
        self.same.disagreements.extend(batch.same.disagreements);
    }

    pub fn into_runs(self) -> Vec<Run> {
        self.files.into_iter().flat_map(|f| f.runs).collect()
    }
}

/// Ingests files and directories (recursively), in parallel over files, in a
/// deterministic order: the order of `paths`, then sorted paths inside each directory.
pub fn ingest(paths: &[PathBuf], options: &Options) -> Result<Ingested> {
    let mut all = Ingested::default();
    ingest_each(paths, options, |batch| -> Result<()> {
        all.absorb(batch);
        Ok(())
    })?;
    all.same.sort();
    Ok(all)
}

/// Reads runs from a path that may be a saved runs frame (Parquet / CSV / NDJSON written
/// by `perflab ingest`) or raw outputs. Used by commands that accept either.
pub fn load_runs(path: &Path, options: &Options) -> Result<Vec<Run>> {
    if path.is_file() {
        if let Some(fmt) = crate::model::FrameFormat::from_path(path) {
            if looks_like_frame(path, fmt) {
                return crate::model::read_frame(path, fmt);
            }
        }
    }
    Ok(ingest(&[path.to_path_buf()], options)?.into_runs())
}

/// Whether [`load_runs`] reads `path` as a saved runs frame rather than raw outputs.
pub fn load_runs_is_frame(path: &Path, fmt: crate::model::FrameFormat) -> bool {
    looks_like_frame(path, fmt)
}

/// A saved runs frame has a `format` column whose values are perflab's format names.
fn looks_like_frame(path: &Path, fmt: crate::model::FrameFormat) -> bool {
    use crate::model::FrameFormat;
    match fmt {
        FrameFormat::Parquet => true,
        FrameFormat::Csv => std::fs::read_to_string(path)
            .map(|t| {
                let header = t.lines().next().unwrap_or("");
                header.starts_with("source,") && header.contains(",format")
            })
            .unwrap_or(false),
        FrameFormat::NdJson => std::fs::read_to_string(path)
            .map(|t| t.trim_start().starts_with("{\"source\":") && t.contains("\"format\":"))
            .unwrap_or(false),
    }
}
