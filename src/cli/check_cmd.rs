//! `perflab check REPORT.md`: recompute the claims of a published report; exit 1 when
//! one does not hold (or, with `--strict`, on any warning).

use std::io::Write;

use anyhow::Context;

use super::args::CheckArgs;
use super::Outcome;
use crate::check;

pub fn run(args: CheckArgs) -> anyhow::Result<Outcome> {
    let bytes = std::fs::read(&args.report)
        .with_context(|| crate::tr!("error-reading", path = args.report.display().to_string()))?;
    let text = String::from_utf8_lossy(&bytes);
    let checked = check::check(&args.report, &text)?;
    let out = if args.json {
        check::render_json(&checked)? + "\n"
    } else {
        check::render_text(&checked, crate::l10n::messages())
    };
    std::io::stdout().lock().write_all(out.as_bytes())?;
    Ok(if checked.passes(args.strict) {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
}
