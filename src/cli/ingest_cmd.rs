//! `perflab ingest`: flags → [`IngestRequest`], the runs read by `app::ingest`, printed as
//! a table, NDJSON (batch by batch), CSV or Parquet.

use std::io::{IsTerminal, Write};

use anyhow::Context;

use super::args::IngestArgs;
use super::Outcome;
use crate::app::ingest::IngestRequest;
use crate::app::Env;
use crate::model::{self, FrameFormat, Run};
use crate::render::terminal;

impl IngestArgs {
    fn request(&self) -> IngestRequest {
        IngestRequest {
            paths: self.paths.clone(),
            format: self.format,
            keep_going: self.keep_going,
            all_files: self.all_files,
            slo: self.slo.clone(),
            requests: self.requests.clone(),
            verbose: self.verbose,
            progress: std::io::stderr().is_terminal(),
            requests_frame: false,
            allow_empty: self.allow_empty,
        }
    }
}

pub fn run(args: IngestArgs, env: &Env) -> anyhow::Result<Outcome> {
    // NDJSON is written batch by batch while the next batch is read: two batches' runs
    // are in memory (`ingest/batches.rs`), not the corpus's. A table and a frame need
    // every run.
    let mut stdout = std::io::stdout().lock();
    let mut runs: Vec<Run> = Vec::new();
    let summary = crate::app::ingest::each_batch(&args.request(), env, |batch| {
        if args.json {
            model::ndjson::write_ndjson(&batch, &mut stdout)?;
            // Freed on a worker: the next batch is not held up by freeing this one's
            // 100,000s of values, and the last one's is not waited for at exit.
            rayon::spawn(move || drop(batch));
        } else {
            runs.extend(batch);
        }
        anyhow::Ok(())
    })?;
    let outcome = if summary.failures == 0 {
        Outcome::Ok
    } else {
        Outcome::Error
    };
    if args.json {
        return Ok(outcome);
    }
    // Files first, then stdout: `--csv - --parquet FILE` writes both.
    let csv_to_stdout = args.csv.as_deref().is_some_and(crate::export::is_stdout);
    let csv_file = args.csv.as_deref().filter(|_| !csv_to_stdout);
    let files = [
        (csv_file, FrameFormat::Csv),
        (args.parquet.as_deref(), FrameFormat::Parquet),
    ];
    let mut wrote_file = false;
    for (path, format) in files {
        let Some(path) = path else {
            continue;
        };
        model::write_frame(&runs, path, format)
            .with_context(|| crate::tr!("error-writing", path = path.display().to_string()))?;
        wrote_file = true;
    }
    if csv_to_stdout {
        let tmp = tempfile::NamedTempFile::new()?;
        model::write_frame(&runs, tmp.path(), FrameFormat::Csv)?;
        stdout.write_all(&std::fs::read(tmp.path())?)?;
        return Ok(outcome);
    }
    if wrote_file {
        let written = crate::tr!("ingest-runs-written", count = runs.len());
        env.reporter.report(&written);
    } else {
        let width = terminal::target_width(stdout.is_terminal());
        // Buffered: stdout writes every line on its own otherwise.
        let mut out = std::io::BufWriter::new(stdout);
        crate::render::runs_table::write_runs_table(&env.l10n, &runs, args.wide, width, &mut out)?;
        out.flush()?;
    }
    Ok(outcome)
}
