//! `translate`: a published report translated into each language asked for, each
//! translation verified against its source; a difference is a finding through the
//! environment (`REPORT:LINE: …`). The files are written by [`Translation::write`]; the
//! outcome has [`TranslateOutcome::passed`] only when every translation is verified and
//! complete, or its untranslated segments were allowed (`--allow-untranslated`).

use std::path::{Path, PathBuf};
use std::time::Duration;

use fluent_bundle::FluentValue;

use super::Env;
use crate::l10n::{resolve_lang, Localizer};
use crate::render::page::write_text;
use crate::translate::{self, LlmConfig, Options, Source, Translated, UserMemory};
use crate::{Error, Result};

/// The flags of `perflab translate`.
#[derive(Debug, Clone, Default)]
pub struct TranslateRequest {
    /// The report's path, which names it in messages and output files, and its text.
    pub report: PathBuf,
    pub text: String,
    /// The report's language; detected from its letters when `None`.
    pub from: Option<String>,
    /// The languages to translate into, as `l10n::resolve_langs` returns them.
    pub to: Vec<&'static str>,
    /// Also render each translation as an HTML page.
    pub html: bool,
    /// The user's translation memory (read, and extended with the LLM's answers).
    pub memory: Option<PathBuf>,
    /// An OpenAI-compatible server for what no memory knows, and its model.
    pub llm: Option<String>,
    pub llm_model: Option<String>,
    pub llm_jobs: usize,
    /// Seconds per request (at least one).
    pub llm_timeout: u64,
    pub llm_retries: u32,
    /// Segments left in the report's language do not fail the command (they are
    /// listed all the same).
    pub allow_untranslated: bool,
}

/// Each language's translation, in the order asked for.
pub struct TranslateOutcome {
    pub translations: Vec<Translation>,
}

/// One language's translation and the names of its files.
pub struct Translation {
    pub done: Translated,
    /// The report as messages name it (`REPORT:LINE`).
    pub report: String,
    /// Whether segments left in the report's language are accepted.
    pub untranslated_allowed: bool,
    /// `qwen3.5-9b-h100.ru.md`
    pub markdown_name: String,
    /// The HTML page and its name, when asked for.
    pub html: Option<(String, String)>,
}

impl TranslateOutcome {
    /// Whether every translation kept its source's structure, numbers and claims.
    pub fn verified(&self) -> bool {
        self.translations
            .iter()
            .all(|t| t.done.differences.is_empty())
    }

    /// Whether the command succeeded: every translation verified, and none left a
    /// segment in the report's language unless that was allowed.
    pub fn passed(&self) -> bool {
        self.translations.iter().all(Translation::passed)
    }
}

/// The longest text of a segment the summary prints, in characters.
const SHOWN_CHARS: usize = 80;

/// `text` cut to [`SHOWN_CHARS`] at a space where there is one in its second half, with
/// `…` marking the cut; one line (a plain-text report's segment may hold a tab).
fn shown(text: &str) -> String {
    let text: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    if text.chars().count() <= SHOWN_CHARS {
        return text;
    }
    let cut: String = text.chars().take(SHOWN_CHARS - 1).collect();
    let cut = match cut.rfind(' ') {
        Some(i) if i > cut.len() / 2 => &cut[..i],
        _ => cut.as_str(),
    };
    format!("{}…", cut.trim_end())
}

impl Translation {
    /// Verified, and complete unless untranslated segments are allowed.
    pub fn passed(&self) -> bool {
        self.done.differences.is_empty()
            && (self.untranslated_allowed
                || (self.done.count(Source::Untranslated) == 0 && self.done.foreign.is_empty()))
    }

    /// Writes the Markdown (and the page) under `out`; returns the paths written.
    pub fn write(&self, out: &Path) -> Result<Vec<PathBuf>> {
        let mut written = vec![write_text(&out.join(&self.markdown_name), &self.done.text)?];
        if let Some((name, page)) = &self.html {
            written.push(write_text(&out.join(name), page)?);
        }
        Ok(written)
    }

    /// The closing summary: where the segments came from, what was left untranslated
    /// (`REPORT:LINE: text`, the text cut to a line), and the verification when it
    /// passed.
    pub fn summary(&self, l10n: &Localizer) -> Vec<String> {
        let done = &self.done;
        let n = |v: usize| FluentValue::from(v);
        let mut lines = vec![l10n.tr_args(
            "translate-summary",
            &[
                ("from", done.from.into()),
                ("to", done.to.into()),
                ("segments", n(done.segments.len())),
                ("shipped", n(done.count(Source::Shipped))),
                ("user", n(done.count(Source::User))),
                ("llm", n(done.count(Source::Llm))),
                ("untranslated", n(done.count(Source::Untranslated))),
            ],
        )];
        if done.rejected > 0 {
            lines.push(l10n.tr_args("translate-rejected", &[("count", n(done.rejected))]));
        }
        let left = done.count(Source::Untranslated);
        if left > 0 {
            let allowed = if self.untranslated_allowed {
                "yes"
            } else {
                "no"
            };
            lines.push(l10n.tr_args(
                "translate-untranslated-heading",
                &[
                    ("count", n(left)),
                    ("from", done.from.into()),
                    ("to", done.to.into()),
                    ("allowed", allowed.into()),
                ],
            ));
            for s in done.untranslated() {
                lines.push(l10n.tr_args(
                    "translate-untranslated-line",
                    &[
                        ("file", self.report.as_str().into()),
                        ("line", s.line.into()),
                        ("text", shown(&s.text).into()),
                    ],
                ));
            }
        }
        let allowed = if self.untranslated_allowed {
            "yes"
        } else {
            "no"
        };
        let mut foreign: Vec<&str> = done.foreign.iter().map(|(_, l)| *l).collect();
        foreign.sort_unstable();
        foreign.dedup();
        for lang in foreign {
            let segments: Vec<_> = done.foreign.iter().filter(|(_, l)| *l == lang).collect();
            lines.push(l10n.tr_args(
                "translate-foreign-heading",
                &[
                    ("count", n(segments.len())),
                    ("lang", lang.into()),
                    ("from", done.from.into()),
                    ("to", done.to.into()),
                    ("allowed", allowed.into()),
                ],
            ));
            for (s, _) in segments {
                lines.push(l10n.tr_args(
                    "translate-untranslated-line",
                    &[
                        ("file", self.report.as_str().into()),
                        ("line", s.line.into()),
                        ("text", shown(&s.text).into()),
                    ],
                ));
            }
        }
        if done.differences.is_empty() {
            lines.push(l10n.tr("translate-verified"));
        }
        lines
    }
}

pub fn run(request: &TranslateRequest, env: &Env) -> Result<TranslateOutcome> {
    let l10n = &env.l10n;
    let from = request
        .from
        .as_deref()
        .map(|f| resolve_lang(Some(f)))
        .transpose()?;
    let llm = match (&request.llm, &request.llm_model) {
        (Some(url), Some(model)) => Some(LlmConfig {
            url: url.clone(),
            model: model.clone(),
            jobs: request.llm_jobs,
            timeout: Duration::from_secs(request.llm_timeout.max(1)),
            retries: request.llm_retries,
        }),
        (Some(_), None) => return Err(Error::usage(crate::msg!("translate-llm-needs-model"))),
        _ => None,
    };
    let mut memory = UserMemory::open(request.memory.as_deref())?;
    let name = request.report.display().to_string();
    let mut translations = Vec::new();
    for &to in &request.to {
        let done = translate::translate(
            &request.report,
            &request.text,
            Options {
                from,
                to,
                memory: &mut memory,
                llm: llm.as_ref(),
            },
        )?;
        for d in &done.differences {
            env.reporter.finding(&l10n.tr_args(
                "translate-difference",
                &[
                    ("file", name.as_str().into()),
                    ("line", d.line.into()),
                    ("lang", to.into()),
                    ("what", l10n.tr(d.what).into()),
                ],
            ));
        }
        let html = if request.html {
            let title = done.text.lines().next().unwrap_or_default();
            let title = title.trim_start_matches('#').trim();
            let page = translate::html::page(&done.marked, title, to, &done.unfenced)?;
            Some((output_name(&request.report, done.from, to, "html"), page))
        } else {
            None
        };
        translations.push(Translation {
            report: name.clone(),
            untranslated_allowed: request.allow_untranslated,
            markdown_name: output_name(&request.report, done.from, to, "md"),
            html,
            done,
        });
    }
    Ok(TranslateOutcome { translations })
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_segment_is_cut_at_a_space() {
        assert_eq!(shown("Short\ttext"), "Short text");
        let long = "word ".repeat(30);
        let s = shown(&long);
        assert!(s.ends_with("word…"), "{s}");
        assert!(s.chars().count() <= SHOWN_CHARS);
        let cyrillic = "ж".repeat(200);
        assert_eq!(shown(&cyrillic).chars().count(), SHOWN_CHARS);
    }
}
