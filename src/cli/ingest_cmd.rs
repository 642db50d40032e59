//! `perflab ingest`: raw outputs → runs, printed as a table, NDJSON, CSV or Parquet.

use std::io::{IsTerminal, Write};

use anyhow::Context;

use super::args::IngestArgs;
use super::{table, Outcome};
use crate::ingest::{self, Options};
use crate::model::{self, FrameFormat, Run};

pub fn run(args: IngestArgs) -> anyhow::Result<Outcome> {
    let options = Options {
        format: args.format,
        keep_going: args.keep_going,
        progress: std::io::stderr().is_terminal(),
    };
    let ingested = ingest::ingest(&args.paths, &options)?;
    let mut stderr = std::io::stderr().lock();
    for file in &ingested.files {
        for w in &file.warnings {
            let at = w.line.map(|l| format!(":{l}")).unwrap_or_default();
            writeln!(
                stderr,
                "perflab: warning: {}{at}: {}",
                file.path.display(),
                w.message
            )?;
        }
    }
    for failure in &ingested.failures {
        writeln!(stderr, "perflab: {failure}")?;
    }
    drop(stderr);
    let outcome = if ingested.failures.is_empty() {
        Outcome::Ok
    } else {
        Outcome::Error
    };
    let runs: Vec<Run> = ingested.into_runs();
    let mut stdout = std::io::stdout().lock();
    if args.json {
        for run in &runs {
            writeln!(stdout, "{}", model::frame::run_to_json_line(run))?;
        }
        return Ok(outcome);
    }
    let mut wrote_file = false;
    if let Some(path) = &args.csv {
        if path.as_os_str() == "-" {
            let tmp = tempfile::NamedTempFile::new()?;
            model::write_frame(&runs, tmp.path(), FrameFormat::Csv)?;
            stdout.write_all(&std::fs::read(tmp.path())?)?;
            return Ok(outcome);
        }
        model::write_frame(&runs, path, FrameFormat::Csv)
            .with_context(|| format!("writing {}", path.display()))?;
        wrote_file = true;
    }
    if let Some(path) = &args.parquet {
        model::write_frame(&runs, path, FrameFormat::Parquet)
            .with_context(|| format!("writing {}", path.display()))?;
        wrote_file = true;
    }
    if wrote_file {
        writeln!(std::io::stderr(), "perflab: {} runs written", runs.len())?;
    } else {
        writeln!(stdout, "{}", table::runs_table(&runs))?;
    }
    Ok(outcome)
}
