//! `perflab translate REPORT.md --lang ru --out DIR`: import the report, give its texts in
//! each language as far as perflab can (the rest marked), write the study to `DIR/study/`
//! and render it there exactly as `perflab report` does.

use super::args::TranslateArgs;
use super::{import_cmd, report_cmd, Outcome};
use crate::import;

pub fn run(args: TranslateArgs, langs: &[&'static str]) -> anyhow::Result<Outcome> {
    let mut imported = import_cmd::read(&args.report)?;
    for &lang in langs {
        import::translate(&mut imported.study, lang)?;
    }
    import_cmd::report_lost(
        &imported,
        &args.report.display().to_string(),
        crate::l10n::messages(),
    )?;
    let study_dir = args.render.out.join("study");
    imported.write(&study_dir)?;
    report_cmd::render(&study_dir.join("study.toml"), &args.render, langs)
}
