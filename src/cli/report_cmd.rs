//! `perflab report STUDY.toml`: load the study, compare once, render each language,
//! write `report.LANG.md`, `report.LANG.html`, `charts/` (and `comparison.json`).

use std::io::Write;
use std::path::Path;

use super::args::{RenderArgs, ReportArgs};
use super::Outcome;
use crate::compare::StudyComparison;
use crate::render::report;
use crate::render::templates::Templates;
use crate::requests::Objectives;
use crate::study;

pub fn run(
    args: ReportArgs,
    langs: &[&'static str],
    env: &crate::app::Env,
) -> anyhow::Result<Outcome> {
    let objectives = Objectives::from_flags_or_config(&args.slo, &env.config)?;
    render(&args.study, &args.render, &objectives, langs)
}

/// Renders the study at `study` as `args` ask, its runs' requests judged by `objectives`.
pub fn render(
    study: &Path,
    args: &RenderArgs,
    objectives: &Objectives,
    langs: &[&'static str],
) -> anyhow::Result<Outcome> {
    let templates = Templates::new(args.templates.as_deref())?;
    let mut study = study::load(study)?;
    // Before the comparison, so that it sees the SLO columns.
    let (requests, warnings) = study::requests::attach(&mut study, objectives)?;
    for (place, message) in warnings {
        let warning = crate::tr!("warning-at", place = place, message = message);
        writeln!(std::io::stderr(), "perflab: {warning}")?;
    }
    let cmp = StudyComparison::new(&study)?;
    let reports = langs
        .iter()
        .map(|lang| {
            report::render_with_requests(&study, &cmp, &requests, objectives, lang, &templates)
        })
        .collect::<crate::Result<Vec<_>>>()?;
    let mut written = report::write(&args.out, &reports)?;
    if args.json {
        let json = serde_json::to_string_pretty(&cmp)? + "\n";
        written.push(report::write_text(
            &args.out.join("comparison.json"),
            &json,
        )?);
    }
    let mut stdout = std::io::stdout().lock();
    for path in written {
        writeln!(stdout, "{}", path.display())?;
    }
    Ok(Outcome::Ok)
}
