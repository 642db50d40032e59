//! `perflab curves PATH... --x COLUMN --y COLUMN`: load sweeps as curves, capacity at
//! the SLOs and the Pareto frontier; Markdown on stdout, pages under `--out`, or one
//! JSON object per series with `--json`.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::Outcome;
use crate::curves::{Curves, Gpus, Slo, Spec};

use crate::model::{self, Run};
use crate::render::curves as page;
use crate::render::templates::Templates;
use crate::Error;

#[derive(Debug, Args)]
pub struct CurvesArgs {
    /// Sweep outputs (files or directories, read as `perflab ingest` reads them) or saved
    /// runs frames.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The load column: max_concurrency, request_rate, …
    #[arg(long, value_name = "COLUMN")]
    pub x: String,
    /// Columns drawn against the load and read off at capacity (comma-separated).
    #[arg(long, value_name = "COLUMN", value_delimiter = ',', required = true)]
    pub y: Vec<String>,
    /// Columns that tell series apart (comma-separated; `--by ''` for one series).
    /// Default: every column that varies across the runs other than the load.
    #[arg(long, value_name = "COLUMN,...", value_delimiter = ',')]
    pub by: Option<Vec<String>>,
    /// A service-level objective, `COLUMN<=VALUE` (also <, >=, >); repeatable.
    #[arg(long, value_name = "COLUMN<=VALUE")]
    pub slo: Vec<String>,
    /// GPUs per point for tokens/s per GPU: a number or a column. Default: tensor ×
    /// pipeline × data parallel size columns, 1 where absent.
    #[arg(long, value_name = "N|COLUMN")]
    pub gpus: Option<String>,
    /// Write curves.LANG.md, curves.LANG.html and charts/ into DIR.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// One JSON object per series per line on stdout.
    #[arg(long)]
    pub json: bool,
}

/// The page is in the global `--lang` (its first language), as the messages are.
pub fn run(args: CurvesArgs, env: &crate::app::Env) -> anyhow::Result<Outcome> {
    let lang = env.l10n.lang();
    let spec = spec_of(&args)?;
    let runs = crate::app::load::all_runs(&args.paths, env, false)?;
    check_columns(&runs, &spec)?;
    let curves = Curves::new(&runs, &spec)?;
    let mut stdout = std::io::stdout().lock();
    if args.json {
        for line in page::json_lines(&curves) {
            writeln!(stdout, "{line}")?;
        }
    }
    if args.out.is_none() && args.json {
        return Ok(Outcome::Ok);
    }
    let rendered = page::render(&curves, lang, &Templates::new(None)?)?;
    match &args.out {
        Some(out) => {
            let written = page::write(out, std::slice::from_ref(&rendered))?;
            // With --json, stdout is the JSON lines only.
            if !args.json {
                for path in written {
                    writeln!(stdout, "{}", path.display())?;
                }
            }
        }
        None => stdout.write_all(rendered.markdown.as_bytes())?,
    }
    Ok(Outcome::Ok)
}

fn spec_of(args: &CurvesArgs) -> crate::Result<Spec> {
    let slos = args
        .slo
        .iter()
        .map(|s| Slo::parse(s))
        .collect::<crate::Result<Vec<_>>>()?;
    let by = args.by.as_ref().map(|by| {
        by.iter()
            .map(|c| c.trim().to_owned())
            .filter(|c| !c.is_empty())
            .collect::<Vec<_>>()
    });
    let ys: Vec<String> = args
        .y
        .iter()
        .map(|c| c.trim().to_owned())
        .filter(|c| !c.is_empty())
        .collect();
    if ys.is_empty() {
        return Err(Error::Usage(crate::tr!("curves-error-no-y")));
    }
    Ok(Spec {
        x: args.x.trim().to_owned(),
        ys,
        by,
        slos,
        gpus: args.gpus.as_deref().map_or(Gpus::Parallelism, Gpus::parse),
    })
}

/// A column that no run has is a typo, not an empty curve.
fn check_columns(runs: &[Run], spec: &Spec) -> crate::Result<()> {
    let has = |c: &str| runs.iter().any(|r| model::frame::cell(r, c).is_some());
    let mut wanted: Vec<(&str, &str)> = vec![("--x", spec.x.as_str())];
    wanted.extend(spec.ys.iter().map(|y| ("--y", y.as_str())));
    wanted.extend(spec.slos.iter().map(|s| ("--slo", s.column.as_str())));
    if let Some(by) = &spec.by {
        wanted.extend(by.iter().map(|c| ("--by", c.as_str())));
    }
    if let Gpus::Column(c) = &spec.gpus {
        wanted.push(("--gpus", c.as_str()));
    }
    if runs.is_empty() {
        return Err(Error::Usage(crate::tr!("curves-error-no-runs-in-paths")));
    }
    for (flag, col) in wanted {
        if !has(col) {
            return Err(Error::Usage(crate::tr!(
                "curves-error-no-column",
                flag = flag.to_string(),
                column = col.to_string()
            )));
        }
    }
    Ok(())
}
