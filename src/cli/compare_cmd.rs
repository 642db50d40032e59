//! `perflab compare A B`: flags → [`CompareRequest`], the two runs (files, or `FILE#N`
//! for the Nth run of a file) compared by `app::compare`, then the gap sentence, the
//! candidate against the baseline and a metric table, in the chosen language; or the
//! comparison as JSON. `--charts DIR` adds the runs' request distributions.

use std::io::IsTerminal;
use std::path::Path;

use super::args::CompareArgs;
use super::Outcome;
use crate::app::compare::{CompareOutcome, CompareRequest};
use crate::app::Env;
use crate::export::{self, Destination, Format, Style};
use crate::render::templates::Templates;
use crate::render::terminal::target_width;
use crate::Error;

impl CompareArgs {
    fn request(&self) -> CompareRequest {
        CompareRequest {
            baseline: self.baseline.clone(),
            candidate: self.candidate.clone(),
            primary: self.primary.clone(),
            secondary: self.secondary.clone(),
            slo: self.slo.clone(),
        }
    }
}

pub fn run(args: CompareArgs, env: &Env) -> anyhow::Result<Outcome> {
    let outcome = crate::app::compare::run(&args.request(), env)?;
    if let Some(dir) = &args.charts {
        write_charts(dir, &outcome, env)?;
    }
    let templates = Templates::new(None)?;
    let style = Style {
        l10n: &env.l10n,
        templates: &templates,
        // The numbers stay on one line; the metric names wrap when the terminal is narrow.
        width: target_width(std::io::stdout().is_terminal()),
        colour: export::colour_stdout(),
    };
    let format = if args.json {
        Format::Json
    } else {
        Format::Terminal
    };
    Destination::Stdout.export(&outcome, format, &style)?;
    Ok(Outcome::Ok)
}

/// `--charts DIR`: one SVG per chart, each written whole.
fn write_charts(dir: &Path, outcome: &CompareOutcome, env: &Env) -> anyhow::Result<()> {
    let charts = outcome.charts(&env.l10n)?;
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    for (name, svg) in charts {
        Destination::File(dir.join(name)).write_text(&svg)?;
    }
    Ok(())
}
