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
    let request = args.request();
    let outcome = if crate::export::is_stdout(&args.report) {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes)
            .map_err(|e| crate::Error::io("-", e))?;
        crate::app::check::run_text(&request, &String::from_utf8_lossy(&bytes))?
    } else {
        crate::app::check::run(&request, env)?
    };
    let templates = Templates::new(None)?;
    let style = Style::plain(&env.l10n, &templates);
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
