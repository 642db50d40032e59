//! The one way every command reads a side of runs: a runs frame saved by `perflab ingest`
//! (Parquet, CSV, NDJSON), or raw outputs (files and folders, recursively), with the
//! readers' warnings reported through the environment rather than dropped.

use std::path::{Path, PathBuf};

use super::Env;
use crate::ingest::{self, Options};
use crate::model::{FrameFormat, Run};
use crate::Result;

/// The runs of one path, and whether it was a saved frame (which keeps no requests).
#[derive(Debug)]
pub struct Loaded {
    pub runs: Vec<Run>,
    pub frame: bool,
}

/// Whether `path` is a runs frame saved by `perflab ingest` rather than raw outputs.
pub fn is_frame(path: &Path) -> bool {
    path.is_file()
        && FrameFormat::from_path(path)
            .is_some_and(|f| f == FrameFormat::Parquet || ingest::load_runs_is_frame(path, f))
}

/// Reads one path. `progress` shows a bar on stderr (the CLI on a terminal).
pub fn runs(path: &Path, env: &Env, progress: bool) -> Result<Loaded> {
    // `-` and object-store URLs, fetched whole into a private folder first.
    let fetched = super::fetch::fetch(&[path.to_path_buf()])?;
    let path = fetched.paths[0].as_path();
    if is_frame(path) {
        let fmt = FrameFormat::from_path(path).unwrap_or(FrameFormat::Parquet);
        return Ok(Loaded {
            runs: crate::model::read_frame(path, fmt)?,
            frame: true,
        });
    }
    let options = Options {
        progress,
        ..Options::default()
    };
    let ingested = match ingest::ingest(&[path.to_path_buf()], &options) {
        // The command says in its own words that the path holds no run (and exits 2);
        // each file found, with why it holds none, is said before it.
        Err(crate::Error::NoRuns(found)) => {
            let tr =
                |id: &str, args: &[(&str, fluent_bundle::FluentValue)]| env.l10n.tr_args(id, args);
            for line in ingest::no_runs_files(&found, &tr) {
                env.reporter.report(&fetched.restore_text(&line));
            }
            return Ok(Loaded {
                runs: Vec::new(),
                frame: false,
            });
        }
        other => other.map_err(|e| fetched.restore(e))?,
    };
    report_warnings(&ingested, env);
    Ok(Loaded {
        runs: ingested.into_runs(),
        frame: false,
    })
}

/// The runs of several paths, in order.
pub fn all_runs(paths: &[PathBuf], env: &Env, progress: bool) -> Result<Vec<Run>> {
    let mut runs = Vec::new();
    for path in paths {
        runs.extend(self::runs(path, env, progress)?.runs);
    }
    Ok(runs)
}

/// Each reader's warning, `FILE:LINE: message`, in the files' order.
pub fn report_warnings(ingested: &ingest::Ingested, env: &Env) {
    for file in &ingested.files {
        for w in &file.warnings {
            let at = w.line.map(|l| format!(":{l}")).unwrap_or_default();
            env.warn(
                &format!("{}{at}", file.path.display()),
                &env.l10n.text(&w.message),
            );
        }
    }
}
