//! `perflab report STUDY.toml`: load the study, compare once, render each language,
//! write `report.LANG.md`, `report.LANG.html`, `charts/` (and `comparison.json`).

use std::io::Write;
use std::path::Path;

use super::args::{RenderArgs, ReportArgs};
use super::Outcome;
use crate::compare::StudyComparison;
use crate::render::report;
use crate::render::templates::Templates;
use crate::study;

pub fn run(args: ReportArgs, langs: &[&'static str]) -> anyhow::Result<Outcome> {
    render(&args.study, &args.render, langs)
}

/// Renders the study at `study` as `args` ask; `translate` ends here too.
pub fn render(study: &Path, args: &RenderArgs, langs: &[&'static str]) -> anyhow::Result<Outcome> {
    let templates = Templates::new(args.templates.as_deref())?;
    let study = study::load(study)?;
    let cmp = StudyComparison::new(&study)?;
    let reports = langs
        .iter()
        .map(|lang| report::render(&study, &cmp, lang, &templates))
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
