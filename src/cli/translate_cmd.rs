//! `perflab translate REPORT.md --lang ru,zh-CN --out DIR`: flags → [`TranslateRequest`],
//! the report translated by `app::translate`, written as `NAME.LANG.md` (and `.html`),
//! the paths on stdout and each language's closing summary on stderr (where its segments
//! came from, those left in the source language with their lines). Exit 1 when a
//! translation differs from its source, or left a segment untranslated without
//! `--allow-untranslated`.

use std::io::Write;

use super::args::TranslateArgs;
use super::Outcome;
use crate::app::translate::TranslateRequest;
use crate::app::Env;
use crate::Error;

pub fn run(args: TranslateArgs, langs: &[&'static str], env: &Env) -> anyhow::Result<Outcome> {
    let request = TranslateRequest {
        report: args.report.clone(),
        text: super::import_cmd::read(&args.report, env)?,
        from: args.from.clone(),
        to: langs.to_vec(),
        html: args.html,
        memory: args.memory.clone(),
        llm: args.llm.clone(),
        llm_model: args.llm_model.clone(),
        llm_jobs: args.llm_jobs,
        llm_timeout: args.llm_timeout,
        llm_retries: args.llm_retries,
        allow_untranslated: args.allow_untranslated,
    };
    std::fs::create_dir_all(&args.out).map_err(|e| Error::io(&args.out, e))?;
    let outcome = crate::app::translate::run(&request, env)?;
    let mut stdout = std::io::stdout().lock();
    let mut stderr = std::io::stderr().lock();
    for t in &outcome.translations {
        for path in t.write(&args.out)? {
            writeln!(stdout, "{}", path.display())?;
        }
        for line in t.summary(&env.l10n) {
            writeln!(stderr, "{line}")?;
        }
    }
    Ok(if outcome.passed() {
        Outcome::Ok
    } else {
        Outcome::Failed
    })
}
