//! `perflab import REPORT.md --out DIR`: flags → [`ImportRequest`], the study imported by
//! `app::import` (what it could not hold reported on stderr), written under `--out`.

use std::io::Write;
use std::path::Path;

use anyhow::Context;

use super::args::ImportArgs;
use super::Outcome;
use crate::app::import::ImportRequest;
use crate::app::Env;

pub fn run(args: ImportArgs, env: &Env) -> anyhow::Result<Outcome> {
    let request = ImportRequest {
        report: args.report.clone(),
        text: read(&args.report, env)?,
        silent: args.json,
    };
    let outcome = crate::app::import::run(&request, env)?;
    let written = outcome.write(&args.out)?;
    let mut stdout = std::io::stdout().lock();
    if args.json {
        writeln!(stdout, "{}", outcome.lost_json()?)?;
    } else {
        for path in written.iter().filter(|p| p.ends_with("study.toml")) {
            writeln!(stdout, "{}", path.display())?;
        }
    }
    Ok(Outcome::Ok)
}

/// A report's text; bytes that are not UTF-8 are replaced, not an error.
pub(super) fn read(path: &Path, env: &Env) -> anyhow::Result<String> {
    let bytes = std::fs::read(path).with_context(|| {
        let path = path.display().to_string();
        env.l10n.tr_args("error-reading", &[("path", path.into())])
    })?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}
