//! `perflab check REPORT.md`: flags → [`CheckRequest`], the claims recomputed by
//! `app::check`, then the text (or `--json`) on stdout; exit 1 when a claim does not hold
//! (or, with `--strict`, on any warning).

use super::args::CheckArgs;
use super::Outcome;
use crate::app::check::CheckRequest;
use crate::app::Env;
use crate::export::{Destination, Format, Style};
use crate::render::templates::Templates;

impl CheckArgs {
    fn request(&self) -> CheckRequest {
        CheckRequest {
            path: self.report.clone(),
            strict: self.strict,
        }
    }
}

pub fn run(args: CheckArgs, env: &Env) -> anyhow::Result<Outcome> {
    let outcome = crate::app::check::run(&args.request(), env)?;
    let templates = Templates::new(None)?;
    let style = Style {
        l10n: &env.l10n,
        templates: &templates,
        // The text is whole lines, never fitted to a terminal nor coloured.
        width: None,
        colour: false,
    };
    let format = if args.json {
        Format::Json
    } else {
        Format::Terminal
    };
    Destination::Stdout.export(&outcome, format, &style)?;
    Ok(if outcome.passes() {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
}
