//! `perflab translate REPORT.md --lang ru --out DIR`: import the report, give its texts in
//! each language as far as perflab can (the rest marked), write the study to `DIR/study/`
//! and render it there exactly as `perflab report` does.

use super::args::TranslateArgs;
use super::{import_cmd, report_cmd, Outcome};
use crate::import;
use crate::l10n::{resolve_lang, Localizer};

pub fn run(args: TranslateArgs) -> anyhow::Result<Outcome> {
    let mut imported = import_cmd::read(&args.report)?;
    for lang in report_cmd::languages(&args.render)? {
        import::translate(&mut imported.study, lang)?;
    }
    import_cmd::report_lost(
        &imported,
        &args.report.display().to_string(),
        &Localizer::new(resolve_lang(None)?)?,
    )?;
    let study_dir = args.render.out.join("study");
    imported.write(&study_dir)?;
    report_cmd::render(&study_dir.join("study.toml"), &args.render)
}
