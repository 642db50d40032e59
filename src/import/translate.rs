//! An imported study given in another language: what perflab can translate (the titles
//! GPUStack's reports use, from the glossary `locales/*/terms.ftl`; experiment titles made
//! of such terms joined by `&&`; the report title's usual pattern) is translated, and all
//! other prose (notes, method, objective, titles outside the glossary) is kept in the
//! report's language, marked as not translated. Names (variants, engines, models) stay as
//! they are.

use std::collections::BTreeMap;

use fluent_bundle::FluentValue;

use super::study_file::{StudyFile, Text};
use crate::l10n::{message_ids, Localizer};

/// Marks a placeholder in a rendered pattern, to match titles against it.
const HOLE_1: &str = "\u{1}";
const HOLE_2: &str = "\u{2}";

struct Glossary {
    /// Each term in the source language, lower case → its message id.
    terms: BTreeMap<String, String>,
    source: Localizer,
    target: Localizer,
}

impl Glossary {
    fn new(source: &str, target: &str) -> crate::Result<Self> {
        let source = Localizer::new(source)?;
        let terms = message_ids(source.lang())
            .into_iter()
            .filter(|id| id.starts_with("term-"))
            .map(|id| (source.tr(&id).to_lowercase(), id))
            .collect();
        Ok(Glossary {
            terms,
            source,
            target: Localizer::new(target)?,
        })
    }

    /// The term in the target language, when the glossary has it (same words, any case).
    fn term(&self, text: &str) -> Option<String> {
        let id = self.terms.get(&text.trim().to_lowercase())?;
        Some(self.target.tr(id))
    }

    /// A title made of glossary terms joined by the source language's `&&`.
    fn title(&self, text: &str) -> Option<String> {
        if let Some(t) = self.term(text) {
            return Some(t);
        }
        let joiner = self.source.tr("import-title-and");
        let parts: Option<Vec<String>> =
            text.split(joiner.as_str()).map(|p| self.term(p)).collect();
        let parts = parts?;
        (parts.len() > 1).then(|| parts.join(&self.target.tr("import-title-and")))
    }

    /// The usual title of GPUStack's reports (`Optimizing MODEL Throughput[ on HARDWARE]`),
    /// matched against the source language's pattern and written in the target's.
    fn report_title(&self, text: &str) -> Option<String> {
        let on = self.source.tr_args(
            "import-title-throughput-on",
            &[
                ("model", FluentValue::from(HOLE_1)),
                ("hardware", FluentValue::from(HOLE_2)),
            ],
        );
        let (p0, rest) = on.split_once(HOLE_1)?;
        let (p1, p2) = rest.split_once(HOLE_2)?;
        let found = text
            .strip_prefix(p0)
            .and_then(|t| t.strip_suffix(p2))
            .and_then(|t| t.split_once(p1))
            .filter(|(m, h)| !m.is_empty() && !h.is_empty());
        if let Some((model, hardware)) = found {
            return Some(self.target.tr_args(
                "import-title-throughput-on",
                &[
                    ("model", FluentValue::from(model)),
                    ("hardware", FluentValue::from(hardware)),
                ],
            ));
        }
        let plain = self.source.tr_args(
            "import-title-throughput",
            &[("model", FluentValue::from(HOLE_1))],
        );
        let (q0, q1) = plain.split_once(HOLE_1)?;
        let model = text.strip_prefix(q0)?.strip_suffix(q1)?;
        (!model.is_empty()).then(|| {
            self.target.tr_args(
                "import-title-throughput",
                &[("model", FluentValue::from(model))],
            )
        })
    }

    fn marked(&self, text: &str) -> String {
        self.target
            .tr_args("import-untranslated", &[("text", FluentValue::from(text))])
    }
}

/// A title of the glossary written in `lang`, in English (`None` when it is not one).
pub fn english_title(text: &str, lang: &str) -> Option<String> {
    if lang == "en" {
        return None;
    }
    Glossary::new(lang, "en").ok()?.title(text)
}

/// Adds `lang`'s entry to a per-language text: translated by `translate`, else marked.
fn add<T: Clone>(
    text: &mut Option<Text<T>>,
    source: &str,
    lang: &str,
    translate: impl Fn(&T) -> T,
) {
    if let Some(Text::PerLanguage(map)) = text {
        if let Some(original) = map.get(source).cloned() {
            map.insert(lang.to_owned(), translate(&original));
        }
    }
}

/// The language an imported study is written in: that of its title.
fn source_lang(study: &StudyFile) -> String {
    match &study.title {
        Some(Text::PerLanguage(m)) => m.keys().next().cloned(),
        _ => None,
    }
    .unwrap_or_else(|| "en".to_owned())
}

/// Gives every text of `study` in `lang` as well, as far as perflab can: glossary terms
/// and the usual title translated, other prose kept and marked, names untouched.
pub fn translate(study: &mut StudyFile, lang: &str) -> crate::Result<()> {
    let source = source_lang(study);
    if lang == source {
        return Ok(());
    }
    let g = Glossary::new(&source, lang)?;
    add(&mut study.title, &source, lang, |t| {
        g.report_title(t).unwrap_or_else(|| g.marked(t))
    });
    add(&mut study.objective, &source, lang, |t| g.marked(t));
    add(&mut study.method, &source, lang, |v| {
        v.iter().map(|t| g.marked(t)).collect()
    });
    add(&mut study.notes, &source, lang, |v| {
        v.iter().map(|t| g.marked(t)).collect()
    });
    for e in &mut study.experiments {
        add(&mut e.title, &source, lang, |t| {
            g.title(t).unwrap_or_else(|| g.marked(t))
        });
    }
    for p in &mut study.profiles {
        if let Some(t) = g.term(&p.name) {
            let mut title = match p.title.take() {
                Some(Text::PerLanguage(m)) => m,
                _ => [(source.clone(), p.name.clone())].into(),
            };
            title.insert(lang.to_owned(), t);
            p.title = Some(Text::PerLanguage(title));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glossary_terms_and_composite_titles() {
        let g = Glossary::new("en", "ru").unwrap();
        assert_eq!(g.term("Prefix Cache").as_deref(), Some("Кэш префиксов"));
        assert_eq!(
            g.title("Max Num Seqs && Performance Mode").as_deref(),
            Some("Максимальное число последовательностей и Режим производительности")
        );
        assert_eq!(g.title("Prefix Cache && Something Else"), None);
        assert_eq!(
            g.report_title("Optimizing Qwen3.5-9B Throughput")
                .as_deref(),
            Some("Оптимизация пропускной способности Qwen3.5-9B")
        );
        assert_eq!(g.report_title("Optimizing Qwen3.5-9B Latency"), None);
        assert!(g.marked("Some note.").contains("Some note."));
        assert_ne!(g.marked("Some note."), "Some note.");
        let back = Glossary::new("ru", "en").unwrap();
        assert_eq!(
            back.report_title("Оптимизация пропускной способности Qwen3.5-9B")
                .as_deref(),
            Some("Optimizing Qwen3.5-9B Throughput")
        );
        assert_eq!(
            back.title("Максимальное число последовательностей и Режим производительности")
                .as_deref(),
            Some("Max Num Seqs && Performance Mode")
        );
        let zh = Glossary::new("en", "zh-CN").unwrap();
        assert_eq!(
            zh.report_title("Optimizing Qwen3-30B-A3B Throughput on ASCEND 910B NPUs")
                .as_deref(),
            Some("Qwen3-30B-A3B 在 ASCEND 910B NPUs 上的吞吐量优化")
        );
    }

    #[test]
    fn every_term_has_a_translation_in_every_language() {
        for lang in crate::l10n::LANGUAGES {
            let ids = message_ids(lang);
            for id in message_ids("en").iter().filter(|i| i.starts_with("term-")) {
                assert!(ids.contains(id), "{lang} lacks {id}");
            }
        }
    }
}
