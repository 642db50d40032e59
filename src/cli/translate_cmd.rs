//! `perflab translate REPORT.md --lang ru,zh-CN --out DIR`: the report translated into
//! each language (`translate`), written as `NAME.LANG.md` (and `.html`), with a closing
//! summary of where the segments came from; exit 1 when a translation differs from its
//! source in its structure, numbers, fences, commands or claims.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;

use super::args::TranslateArgs;
use super::Outcome;
use crate::l10n::resolve_lang;
use crate::model::frame::write_atomic;
use crate::translate::{self, LlmConfig, Options, Source, UserMemory};
use crate::{tr, Error};

/// `qwen3.5-9b-h100.en.md` in Russian → `qwen3.5-9b-h100.ru.md`.
fn output_name(report: &Path, from: &str, to: &str, ext: &str) -> String {
    let stem = report
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let suffix = format!(".{from}");
    let stem = stem.strip_suffix(&suffix).unwrap_or(&stem);
    format!("{stem}.{to}.{ext}")
}

fn write(path: &Path, text: &str) -> crate::Result<()> {
    write_atomic(path, |f| {
        f.write_all(text.as_bytes()).map_err(|e| Error::io(path, e))
    })
}

pub fn run(args: TranslateArgs, langs: &[&'static str]) -> anyhow::Result<Outcome> {
    let bytes = std::fs::read(&args.report)
        .with_context(|| tr!("error-reading", path = args.report.display().to_string()))?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let from = args
        .from
        .as_deref()
        .map(|f| resolve_lang(Some(f)))
        .transpose()?;
    let llm = match (&args.llm, &args.llm_model) {
        (Some(url), Some(model)) => Some(LlmConfig {
            url: url.clone(),
            model: model.clone(),
            jobs: args.llm_jobs,
            timeout: Duration::from_secs(args.llm_timeout.max(1)),
            retries: args.llm_retries,
        }),
        (Some(_), None) => {
            return Err(Error::usage(crate::msg!("translate-llm-needs-model")).into())
        }
        _ => None,
    };
    let mut memory = UserMemory::open(args.memory.as_deref())?;
    std::fs::create_dir_all(&args.out).map_err(|e| Error::io(&args.out, e))?;
    let name = args.report.display().to_string();
    let mut stdout = std::io::stdout().lock();
    let mut outcome = Outcome::Ok;
    for &to in langs {
        let done = translate::translate(
            &args.report,
            &text,
            Options {
                from,
                to,
                memory: &mut memory,
                llm: llm.as_ref(),
            },
        )?;
        let md: PathBuf = args
            .out
            .join(output_name(&args.report, done.from, to, "md"));
        write(&md, &done.text)?;
        writeln!(stdout, "{}", md.display())?;
        if args.html {
            let title = done.text.lines().next().unwrap_or_default();
            let title = title.trim_start_matches('#').trim();
            let page = translate::html::page(&done.marked, title, to)?;
            let html = args
                .out
                .join(output_name(&args.report, done.from, to, "html"));
            write(&html, &page)?;
            writeln!(stdout, "{}", html.display())?;
        }
        writeln!(
            stdout,
            "{}",
            tr!(
                "translate-summary",
                from = done.from,
                to = to,
                segments = done.segments.len(),
                shipped = done.count(Source::Shipped),
                user = done.count(Source::User),
                llm = done.count(Source::Llm),
                untranslated = done.count(Source::Untranslated)
            )
        )?;
        if done.rejected > 0 {
            writeln!(
                stdout,
                "{}",
                tr!("translate-rejected", count = done.rejected)
            )?;
        }
        let mut untranslated = done.untranslated().peekable();
        if untranslated.peek().is_some() {
            writeln!(stdout, "{}", tr!("translate-untranslated-heading"))?;
            for s in untranslated {
                writeln!(
                    stdout,
                    "{}",
                    tr!(
                        "translate-untranslated-line",
                        line = s.line,
                        text = s.text.as_str()
                    )
                )?;
            }
        }
        if done.differences.is_empty() {
            writeln!(stdout, "{}", tr!("translate-verified"))?;
        } else {
            let mut stderr = std::io::stderr().lock();
            for d in &done.differences {
                writeln!(
                    stderr,
                    "{}",
                    tr!(
                        "translate-difference",
                        file = name.as_str(),
                        line = d.line,
                        lang = to,
                        what = tr!(d.what)
                    )
                )?;
            }
            outcome = Outcome::Failed;
        }
    }
    Ok(outcome)
}
