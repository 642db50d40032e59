//! `perflab translate REPORT.md --lang ru --out DIR`: import the report, give its texts in
//! each language as far as perflab can (the rest marked), write the study to `DIR/study/`
//! and render it there exactly as `perflab report` does.

use super::args::{ReportArgs, TranslateArgs};
use super::{import_cmd, report_cmd, Outcome};
use crate::import;
use crate::l10n::{resolve_lang, Localizer};

pub fn run(args: TranslateArgs) -> anyhow::Result<Outcome> {
    let mut imported = import_cmd::read(&args.report)?;
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
    for lang in &langs {
        import::translate(&mut imported.study, lang)?;
    }
    import_cmd::report_lost(
        &imported,
        &args.report.display().to_string(),
        &Localizer::new(resolve_lang(None)?)?,
    )?;
    let study_dir = args.out.join("study");
    imported.write(&study_dir)?;
    report_cmd::run(ReportArgs {
        study: study_dir.join("study.toml"),
        lang: langs.iter().map(|l| (*l).to_owned()).collect(),
        out: args.out,
        templates: args.templates,
        json: args.json,
    })
}
