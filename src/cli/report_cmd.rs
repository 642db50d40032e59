//! `perflab report STUDY.toml` (or `perflab report BASE/ CANDIDATE/ …`): flags → [`ReportRequest`], the pages rendered by
//! `app::report`, written as `report.LANG.md`, `report.LANG.html`, `charts/` (and
//! `comparison.json`) under `--out`, each path written printed.

use std::io::Write;

use super::args::ReportArgs;
use super::Outcome;
use crate::app::report::ReportRequest;
use crate::app::Env;

pub fn run(args: ReportArgs, langs: &[&'static str], env: &Env) -> anyhow::Result<Outcome> {
    // One file is a study; folders (or several paths) are the configurations of one.
    let study_file = match args.paths.as_slice() {
        [one] if !one.is_dir() => Some(one.clone()),
        _ => None,
    };
    let request = ReportRequest {
        study: study_file.clone().unwrap_or_default(),
        langs: langs.to_vec(),
        slo: args.slo.clone(),
        templates: args.render.templates.clone(),
        folders: if study_file.is_some() {
            Vec::new()
        } else {
            args.paths.clone()
        },
        baseline: args.baseline.clone(),
        save_study: args.save_study.clone(),
    };
    let outcome = crate::app::report::run(&request, env)?;
    let written = outcome.write(&args.render.out, args.render.json)?;
    let mut stdout = std::io::stdout().lock();
    for path in written {
        writeln!(stdout, "{}", path.display())?;
    }
    // Pages with text left in another language are written (a draft to finish), but
    // fail the command unless accepted, as `translate` does with untranslated segments.
    Ok(
        if outcome.untranslated.is_empty() || args.allow_untranslated {
            Outcome::Ok
        } else {
            Outcome::Failed
        },
    )
}
