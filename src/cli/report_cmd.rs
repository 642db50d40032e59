//! `perflab report STUDY.toml`: load the study, compare once, render each language,
//! write `report.LANG.md`, `report.LANG.html`, `charts/` (and `comparison.json`).

use std::io::Write;

use super::args::ReportArgs;
use super::Outcome;
use crate::compare::StudyComparison;
use crate::l10n::resolve_lang;
use crate::render::report;
use crate::render::templates::Templates;
use crate::study;

pub fn run(args: ReportArgs) -> anyhow::Result<Outcome> {
    let mut langs: Vec<&'static str> = Vec::new();
    if args.lang.is_empty() {
        langs.push(resolve_lang(None)?);
    }
    for l in &args.lang {
        let lang = resolve_lang(Some(l.trim()))?;
        if !langs.contains(&lang) {
            langs.push(lang);
        }
    }
    let templates = Templates::new(args.templates.as_deref())?;
    let study = study::load(&args.study)?;
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
