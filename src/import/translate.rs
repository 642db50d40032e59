//! An imported study given in another language: what perflab can translate (the titles
//! GPUStack's reports use, from the glossary `locales/*/terms.ftl`; experiment titles made
//! of such terms joined by `&&`; the report title's usual pattern) is translated, and all
//! other prose (notes, method, objective, titles outside the glossary) is kept in the
//! report's language, marked as not translated. Names (variants, engines, models) stay as
//! they are.

use std::collections::BTreeSet;

use fluent_bundle::FluentValue;

use super::study_file::{StudyFile, Text};
use super::{slug, SOURCE_LANG};
use crate::l10n::{message_ids, Localizer};

/// The glossary id of an English term: `term-` and its slug.
fn term_id(text: &str) -> String {
    format!("term-{}", slug(text))
}

struct Glossary {
    ids: BTreeSet<String>,
    en: Localizer,
    target: Localizer,
}

impl Glossary {
    fn new(lang: &str) -> crate::Result<Self> {
        Ok(Glossary {
            ids: message_ids(SOURCE_LANG),
            en: Localizer::new(SOURCE_LANG)?,
            target: Localizer::new(lang)?,
        })
    }

    /// The term in the target language, when the glossary has it (same words, any case).
    fn term(&self, text: &str) -> Option<String> {
        let id = term_id(text);
        let known =
            self.ids.contains(&id) && self.en.tr(&id).to_lowercase() == text.trim().to_lowercase();
        known.then(|| self.target.tr(&id))
    }

    /// A title made of glossary terms joined by `&&`.
    fn title(&self, text: &str) -> Option<String> {
        if let Some(t) = self.term(text) {
            return Some(t);
        }
        let parts: Option<Vec<String>> = text.split("&&").map(|p| self.term(p.trim())).collect();
        let parts = parts?;
        (parts.len() > 1).then(|| parts.join(&self.target.tr("import-title-and")))
    }

    /// `Optimizing MODEL Throughput[ on HARDWARE]`, the title of GPUStack's reports.
    fn report_title(&self, text: &str) -> Option<String> {
        let (model, tail) = text
            .strip_prefix("Optimizing ")?
            .split_once(" Throughput")?;
        let tail = tail.trim();
        if model.is_empty() {
            return None;
        }
        if tail.is_empty() {
            return Some(self.target.tr_args(
                "import-title-throughput",
                &[("model", FluentValue::from(model))],
            ));
        }
        let hardware = tail.strip_prefix("on ")?.trim();
        Some(self.target.tr_args(
            "import-title-throughput-on",
            &[
                ("model", FluentValue::from(model)),
                ("hardware", FluentValue::from(hardware)),
            ],
        ))
    }

    fn marked(&self, text: &str) -> String {
        self.target
            .tr_args("import-untranslated", &[("text", FluentValue::from(text))])
    }
}

/// Adds `lang`'s entry to a per-language text: translated by `translate`, else marked.
fn add<T: Clone>(text: &mut Option<Text<T>>, lang: &str, translate: impl Fn(&T) -> T) {
    if let Some(Text::PerLanguage(map)) = text {
        if let Some(source) = map.get(SOURCE_LANG).cloned() {
            map.insert(lang.to_owned(), translate(&source));
        }
    }
}

/// Gives every text of `study` in `lang` as well, as far as perflab can.
pub fn translate(study: &mut StudyFile, lang: &str) -> crate::Result<()> {
    if lang == SOURCE_LANG {
        return Ok(());
    }
    let g = Glossary::new(lang)?;
    add(&mut study.title, lang, |t| {
        g.report_title(t).unwrap_or_else(|| g.marked(t))
    });
    add(&mut study.objective, lang, |t| g.marked(t));
    add(&mut study.method, lang, |v| {
        v.iter().map(|t| g.marked(t)).collect()
    });
    add(&mut study.notes, lang, |v| {
        v.iter().map(|t| g.marked(t)).collect()
    });
    for e in &mut study.experiments {
        add(&mut e.title, lang, |t| {
            g.title(t).unwrap_or_else(|| g.marked(t))
        });
    }
    for p in &mut study.profiles {
        if let Some(t) = g.term(&p.name) {
            let mut title = match p.title.take() {
                Some(Text::PerLanguage(m)) => m,
                _ => [(SOURCE_LANG.to_owned(), p.name.clone())].into(),
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
        let g = Glossary::new("ru").unwrap();
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
    }

    #[test]
    fn every_term_has_a_translation_in_every_language() {
        for lang in crate::l10n::LANGUAGES {
            let ids = message_ids(lang);
            for id in message_ids(SOURCE_LANG)
                .iter()
                .filter(|i| i.starts_with("term-"))
            {
                assert!(ids.contains(id), "{lang} lacks {id}");
            }
        }
    }
}
