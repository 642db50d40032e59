//! Ingest a batch of files at a time. Files are read in parallel within a batch; the
//! caller writes a batch's runs while the next batch is read, so the output is written
//! beside the parse rather than after it, and memory holds two batches' runs, not the
//! corpus's.
//!
//! A batch never splits files whose runs may be one run (`same_run::independent_groups`):
//! keeping each run once within a batch then gives what it gives over the whole corpus.
//! Batches are sized by what the last one read: about [`BATCH_BYTES`] of files, so a
//! batch is thousands of small result files or a few large logs.

use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;

use rayon::prelude::*;

use super::{collect_inputs, read_input, same_run, Ingested, InputFile, Options, Read, Skipped};
use crate::error::NoRuns;
use crate::{Error, Result};

/// Bytes of files a batch aims at: the runs of 32 MiB of dense logs take ~100 MB.
const BATCH_BYTES: u64 = 32 << 20;

/// The most files in one batch (the runs of 4,096 small result files take ~10 MB). The
/// first batch, before any size is known, is two files per thread: 64 files of 2 MiB
/// logs held 230 MB.
const MAX_BATCH_FILES: usize = 4096;

/// Below this many files a progress bar would only flicker.
const PROGRESS_MIN_FILES: usize = 20;

/// [`super::ingest`] a batch of files at a time: `each` gets the batches in order, each
/// with its runs kept once, while the next batch is read. Without `keep_going`, the
/// first bad file (in order) ends it with its error, after the batches before it were
/// given to `each`. Paths that hold no run at all (and no file that failed) are an error,
/// [`Error::NoRuns`], naming what was found, unless `options.allow_empty`: a CI job that
/// ingests a folder of outputs perflab cannot read must not pass.
pub fn ingest_each<E: From<Error>>(
    paths: &[PathBuf],
    options: &Options,
    mut each: impl FnMut(Ingested) -> std::result::Result<(), E>,
) -> std::result::Result<(), E> {
    let inputs = collect_inputs(paths)?;
    let bar = (options.progress && inputs.len() >= PROGRESS_MIN_FILES)
        .then(|| progress_bar(inputs.len()));
    let mut groups = if options.all_files {
        (0..inputs.len()).map(|i| i..i + 1).collect()
    } else {
        let paths: Vec<&Path> = inputs.iter().map(|i| i.path.as_path()).collect();
        same_run::independent_groups(&paths)
    }
    .into_iter()
    .peekable();
    let min_files = rayon::current_num_threads().max(1) * 2;
    let read = |range: Range<usize>| read_batch(&inputs[range], options, bar.as_ref());
    let mut unread = Unread::default();
    let result = std::thread::scope(|scope| -> std::result::Result<(), E> {
        let first = next_batch(&mut groups, min_files);
        let mut reading = first.map(|b| scope.spawn(move || read(b)));
        while let Some(handle) = reading {
            let done = handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            let (batch, files, bytes) = done?;
            let target = (files as u64 * BATCH_BYTES / bytes.max(1)) as usize;
            let target = target.clamp(min_files, MAX_BATCH_FILES);
            reading = next_batch(&mut groups, target).map(|b| scope.spawn(move || read(b)));
            unread.count(&batch);
            each(batch)?;
        }
        Ok(())
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    result?;
    match unread.into_error(paths, inputs.len()) {
        Some(e) if !options.allow_empty => Err(E::from(e)),
        _ => Ok(()),
    }
}

/// What the batches held, for telling paths without a single run apart.
#[derive(Default)]
struct Unread {
    runs: usize,
    failures: usize,
    /// The first [`NoRuns::LISTED`] skipped files with their kind, and how many there were.
    skipped: Vec<Skipped>,
    skipped_total: usize,
}

impl Unread {
    fn count(&mut self, batch: &Ingested) {
        self.runs += batch.files.iter().map(|f| f.runs.len()).sum::<usize>();
        self.failures += batch.failures.len();
        self.skipped_total += batch.skipped.len();
        let room = NoRuns::LISTED.saturating_sub(self.skipped.len());
        self.skipped
            .extend(batch.skipped.iter().take(room).cloned());
    }

    /// The error when no run was read: `None` when a run was, or when a file failed (its
    /// own error already says why and makes the exit code 2).
    fn into_error(self, paths: &[PathBuf], files: usize) -> Option<Error> {
        if self.runs > 0 || self.failures > 0 {
            return None;
        }
        let mut found = NoRuns {
            paths: paths.to_vec(),
            files,
            skipped: self.skipped.into_iter().map(|s| (s.path, s.kind)).collect(),
            more: self.skipped_total.saturating_sub(NoRuns::LISTED),
            message: String::new(),
        };
        found.message = super::not_runs::no_runs_text(&found, &crate::l10n::ui_tr);
        Some(Error::NoRuns(Box::new(found)))
    }
}

/// Whole groups, in order, until the batch holds at least `files` files.
fn next_batch(
    groups: &mut std::iter::Peekable<impl Iterator<Item = Range<usize>>>,
    files: usize,
) -> Option<Range<usize>> {
    let mut batch = groups.next()?;
    while batch.len() < files {
        match groups.next_if(|g| g.start == batch.end) {
            Some(g) => batch.end = g.end,
            None => break,
        }
    }
    Some(batch)
}

/// Reads a batch of files in parallel and keeps each of its runs once; with the number
/// of files and the bytes read.
fn read_batch(
    inputs: &[InputFile],
    options: &Options,
    bar: Option<&indicatif::ProgressBar>,
) -> Result<(Ingested, usize, u64)> {
    let bytes = AtomicU64::new(0);
    let results: Vec<Result<Read>> = inputs
        .par_iter()
        .map(|input| {
            let r = read_input(input, options, &bytes);
            if let Some(bar) = bar {
                bar.inc(1);
            }
            r
        })
        .collect();
    let mut out = Ingested::default();
    let mut logs = Vec::new();
    for (input, result) in inputs.iter().zip(results) {
        match result {
            Ok(Read::Runs(f)) => out.files.push(f),
            Ok(Read::Skipped(kind, configs)) => {
                if !configs.is_empty() {
                    logs.push((input.path.clone(), configs));
                }
                out.skipped.push(Skipped {
                    path: input.path.clone(),
                    kind,
                });
            }
            Err(e) if options.keep_going => out.failures.push(e),
            Err(e) => return Err(e),
        }
    }
    // A batch holds whole folders (`same_run::independent_groups`), so a log and the
    // results beside it are read together.
    super::server::beside(&logs, &mut out.files);
    if !options.all_files {
        out.same = same_run::keep_each_run_once(&mut out.files);
    }
    Ok((out, inputs.len(), bytes.into_inner()))
}

fn progress_bar(files: usize) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(files as u64);
    bar.set_style(
        // The unit word is localized; braces in it would be read as template keys.
        indicatif::ProgressStyle::with_template(&format!(
            "{{bar:40}} {{pos}}/{{len}} {} {{msg}}",
            crate::tr!("ingest-progress-files").replace(['{', '}'], "")
        ))
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_takes_whole_groups_until_it_holds_enough_files() {
        let groups = [0..3, 3..4, 4..10, 10..11];
        let mut it = groups.iter().cloned().peekable();
        assert_eq!(next_batch(&mut it, 4), Some(0..4));
        // A group larger than the target is not split.
        assert_eq!(next_batch(&mut it, 2), Some(4..10));
        assert_eq!(next_batch(&mut it, 100), Some(10..11));
        assert_eq!(next_batch(&mut it, 1), None);
    }
}
