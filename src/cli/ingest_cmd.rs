//! `perflab ingest`: raw outputs → runs, printed as a table, NDJSON, CSV or Parquet.

use std::io::{IsTerminal, Write};

use anyhow::Context;

use super::args::IngestArgs;
use super::{table, Outcome};
use crate::ingest::{self, Options};
use crate::model::{self, FrameFormat, Run};
use crate::render::terminal;

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
            let warning = crate::tr!(
                "warning-at",
                place = format!("{}{at}", file.path.display()),
                message = w.message.clone()
            );
            writeln!(stderr, "perflab: {warning}")?;
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
            .with_context(|| crate::tr!("error-writing", path = path.display().to_string()))?;
        wrote_file = true;
    }
    if let Some(path) = &args.parquet {
        model::write_frame(&runs, path, FrameFormat::Parquet)
            .with_context(|| crate::tr!("error-writing", path = path.display().to_string()))?;
        wrote_file = true;
    }
    if wrote_file {
        let written = crate::tr!("ingest-runs-written", count = runs.len());
        writeln!(std::io::stderr(), "perflab: {written}")?;
    } else {
        let loc = crate::l10n::messages();
        let width = terminal::target_width(stdout.is_terminal());
        let table = table::runs_table(loc, &runs, args.wide, width);
        writeln!(stdout, "{table}")?;
    }
    Ok(outcome)
}
