//! `perflab ingest`: raw outputs → runs, printed as a table, NDJSON, CSV or Parquet.

use std::io::{IsTerminal, Write};

use anyhow::Context;

use fluent_bundle::FluentValue;

use super::args::IngestArgs;
use super::{table, Outcome};
use crate::ingest::{self, Ingested, NotARun, Options};
use crate::l10n::{resolve_lang, Localizer};
use crate::model::{self, FrameFormat, Run};
use crate::render::terminal;

pub fn run(args: IngestArgs) -> anyhow::Result<Outcome> {
    let objectives = crate::requests::Objectives::from_flags_or_config(&args.slo)?;
    let options = Options {
        format: args.format,
        keep_going: args.keep_going,
        progress: std::io::stderr().is_terminal(),
        all_files: args.all_files,
        // Without a requests frame to write in order, each file's requests are read from
        // the text already in memory for its runs (no second read of every result file).
        requests: args.requests.is_none().then(|| objectives.clone()),
    };
    let mut writer = match &args.requests {
        Some(path) => Some(requests_writer(path)?),
        None => None,
    };
    // NDJSON is written batch by batch while the next batch is read: two batches' runs
    // are in memory (`ingest/batches.rs`), not the corpus's. A table and a frame need
    // every run.
    let mut stdout = std::io::stdout().lock();
    let mut runs: Vec<Run> = Vec::new();
    let mut seen = Ingested::default();
    ingest::ingest_each(&args.paths, &options, |mut batch| -> anyhow::Result<()> {
        let failures = args.keep_going.then_some(&mut batch.failures);
        let request_warnings =
            crate::requests::attach(&mut batch.files, &objectives, writer.as_mut(), failures)?;
        report_batch(&batch, &request_warnings)?;
        let batch_runs: Vec<Run> = batch.files.drain(..).flat_map(|f| f.runs).collect();
        if args.json {
            model::ndjson::write_ndjson(&batch_runs, &mut stdout)?;
        } else {
            runs.extend(batch_runs);
        }
        seen.absorb(batch);
        Ok(())
    })?;
    let mut stderr = std::io::stderr().lock();
    if let (Some(w), Some(path)) = (writer, &args.requests) {
        let rows = w
            .finish()
            .with_context(|| crate::tr!("error-writing", path = path.display().to_string()))?;
        let written = crate::tr!(
            "requests-written",
            count = rows as i64,
            path = path.display().to_string()
        );
        writeln!(stderr, "perflab: {written}")?;
    }
    let l10n = Localizer::new(resolve_lang(None)?)?;
    seen.same.sort();
    report_unread(&seen, args.verbose, &l10n, &mut stderr)?;
    drop(stderr);
    let outcome = if seen.failures.is_empty() {
        Outcome::Ok
    } else {
        Outcome::Error
    };
    if args.json {
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
        // Buffered: stdout writes every line on its own otherwise.
        let mut out = std::io::BufWriter::new(stdout);
        table::write_runs_table(loc, &runs, args.wide, width, &mut out)?;
        out.flush()?;
    }
    Ok(outcome)
}

/// Writes to stderr what a batch of files gave besides its runs: the requests' warnings,
/// the readers' warnings and, with `--keep-going`, the files that could not be read.
fn report_batch(
    batch: &Ingested,
    request_warnings: &[crate::requests::FileWarning],
) -> anyhow::Result<()> {
    let mut stderr = std::io::stderr().lock();
    for w in request_warnings {
        let warning = crate::tr!(
            "warning-at",
            place = w.path.display().to_string(),
            message = w.message.clone()
        );
        writeln!(stderr, "perflab: {warning}")?;
    }
    for file in &batch.files {
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
    for failure in &batch.failures {
        writeln!(stderr, "perflab: {failure}")?;
    }
    Ok(())
}

/// The requests frame's writer for `--requests FILE`, its format from the extension.
fn requests_writer(path: &std::path::Path) -> anyhow::Result<crate::requests::RequestsWriter> {
    let format = FrameFormat::from_path(path).ok_or_else(|| {
        crate::Error::Usage(crate::tr!(
            "requests-error-extension",
            path = path.display().to_string()
        ))
    })?;
    Ok(crate::requests::RequestsWriter::create(path, format)?)
}

/// Says what was not read as a run of its own: files skipped (a summary line per kind,
/// the files with `-v`), runs kept once because a richer file holds them, and files of
/// one run that disagree. The exit code does not change: none of these is an error.
fn report_unread(
    ingested: &Ingested,
    verbose: bool,
    l10n: &Localizer,
    out: &mut impl Write,
) -> anyhow::Result<()> {
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
        writeln!(out, "perflab: warning: {msg}")?;
    }
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
        let line = l10n.tr_args(&id, &[("count", FluentValue::from(paths.len() as i64))]);
        write_summary(out, &line, verbose, l10n)?;
        if verbose {
            for p in paths {
                writeln!(out, "perflab:   {}", p.display())?;
            }
        }
    }
    let copies = &ingested.same.copies;
    if !copies.is_empty() {
        let line = l10n.tr_args(
            "ingest-copies",
            &[("count", FluentValue::from(copies.len() as i64))],
        );
        write_summary(out, &line, verbose, l10n)?;
        if verbose {
            for c in copies {
                let msg = l10n.tr_args(
                    "ingest-copy-of",
                    &[
                        ("path", c.path.display().to_string().into()),
                        ("run", FluentValue::from(i64::from(c.run_index) + 1)),
                        ("kept", c.kept.display().to_string().into()),
                    ],
                );
                writeln!(out, "perflab:   {msg}")?;
            }
        }
    }
    Ok(())
}

fn write_summary(
    out: &mut impl Write,
    line: &str,
    verbose: bool,
    l10n: &Localizer,
) -> anyhow::Result<()> {
    if verbose {
        writeln!(out, "perflab: {line}")?;
    } else {
        writeln!(out, "perflab: {line} {}", l10n.tr("ingest-list-more"))?;
    }
    Ok(())
}
