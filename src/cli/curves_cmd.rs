//! `perflab curves PATH... --x COLUMN --y COLUMN`: load sweeps as curves, capacity at
//! the SLOs and the Pareto frontier (`app::curves`); Markdown on stdout, pages under
//! `--out`, or one JSON object per series with `--json`, through the curves' exporter.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::Outcome;
use crate::app::curves::CurvesRequest;
use crate::app::Env;
use crate::export::{Destination, Format, Style};
use crate::render::curves as page;
use crate::render::templates::Templates;

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

impl CurvesArgs {
    fn request(&self) -> CurvesRequest {
        CurvesRequest {
            paths: self.paths.clone(),
            x: self.x.clone(),
            y: self.y.clone(),
            by: self.by.clone(),
            slo: self.slo.clone(),
            gpus: self.gpus.clone(),
        }
    }
}

/// The page is in the global `--lang` (its first language), as the messages are.
pub fn run(args: CurvesArgs, env: &Env) -> anyhow::Result<Outcome> {
    let curves = crate::app::curves::run(&args.request(), env)?;
    let templates = Templates::new(None)?;
    let style = Style::plain(&env.l10n, &templates);
    if args.json {
        Destination::Stdout.export(&curves, Format::Json, &style)?;
    }
    match &args.out {
        Some(out) => {
            let rendered = page::render(&curves, env.l10n.lang(), &templates)?;
            let written = page::write(out, std::slice::from_ref(&rendered))?;
            // With --json, stdout is the JSON lines only.
            if !args.json {
                let mut stdout = std::io::stdout().lock();
                for path in written {
                    writeln!(stdout, "{}", path.display())?;
                }
            }
        }
        None if args.json => {}
        None => Destination::Stdout.export(&curves, Format::Markdown, &style)?,
    }
    Ok(Outcome::Ok)
}
