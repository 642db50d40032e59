//! Localization: every user-visible word lives in `locales/<lang>/*.ftl` (Fluent), under
//! one message id. Renderers ask a [`Localizer`] for text; they never hold words
//! themselves. A message missing in a locale falls back to English (and a test fails on
//! any locale that lacks an id another has).

use std::collections::BTreeSet;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use crate::embedded::LOCALE_FILES;
use crate::{Error, Result};

/// The languages perflab ships, by their folder name under `locales/`.
pub const LANGUAGES: [&str; 3] = ["en", "ru", "zh-CN"];

pub struct Localizer {
    lang: &'static str,
    bundle: FluentBundle<FluentResource>,
    fallback: Option<FluentBundle<FluentResource>>,
}

impl std::fmt::Debug for Localizer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Localizer")
            .field("lang", &self.lang)
            .finish()
    }
}

/// Maps `ru`, `ru_RU.UTF-8`, `zh_CN`, `zh-Hans`, `en-US` to a shipped language.
pub fn normalize_lang(raw: &str) -> Option<&'static str> {
    let base = raw.split(['.', '@']).next().unwrap_or("").replace('_', "-");
    let lower = base.to_ascii_lowercase();
    if lower.is_empty() || lower == "c" || lower == "posix" {
        return None;
    }
    if lower.starts_with("zh") {
        return Some("zh-CN");
    }
    let primary = lower.split('-').next().unwrap_or("");
    LANGUAGES.iter().copied().find(|l| *l == primary)
}

/// The language to use: the flag when given, else the environment (`LC_ALL`,
/// `LC_MESSAGES`, `LANG`, `LANGUAGE`), else English. An unknown flag value is an error;
/// an unknown environment value is ignored.
pub fn resolve_lang(flag: Option<&str>) -> Result<&'static str> {
    if let Some(flag) = flag {
        return normalize_lang(flag).ok_or_else(|| {
            Error::Usage(format!(
                "unknown language `{flag}`; expected one of: {}",
                LANGUAGES.join(", ")
            ))
        });
    }
    for var in ["LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"] {
        if let Ok(v) = std::env::var(var) {
            if let Some(l) = v.split(':').find_map(normalize_lang) {
                return Ok(l);
            }
        }
    }
    Ok("en")
}

/// The `.ftl` files of a language: (file name, contents).
fn files_of(lang: &str) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
    LOCALE_FILES.iter().filter_map(move |(path, src)| {
        let (dir, file) = path.split_once('/')?;
        (dir == lang && file.ends_with(".ftl")).then_some((file, *src))
    })
}

/// 1-based line of a byte offset, for error messages.
fn line_of(src: &str, offset: usize) -> u64 {
    crate::offsets::line_of(src, offset)
}

fn bundle_for(lang: &'static str) -> Result<FluentBundle<FluentResource>> {
    let id: LanguageIdentifier = lang
        .parse()
        .map_err(|_| Error::Usage(format!("bad language id {lang}")))?;
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Unicode isolation marks would end up inside Markdown tables and code.
    bundle.set_use_isolating(false);
    for (file, src) in files_of(lang) {
        let path = format!("locales/{lang}/{file}");
        let resource = FluentResource::try_new(src.to_owned()).map_err(|(_, errs)| {
            let e = &errs[0];
            Error::parse(
                &path,
                Some(line_of(src, e.pos.start)),
                format!("Fluent syntax: {:?}", e.kind),
            )
        })?;
        bundle.add_resource(resource).map_err(|errs| {
            Error::parse(&path, None, format!("duplicate Fluent messages: {errs:?}"))
        })?;
    }
    Ok(bundle)
}

impl Localizer {
    pub fn new(lang: &str) -> Result<Self> {
        let lang = normalize_lang(lang)
            .ok_or_else(|| Error::Usage(format!("unknown language `{lang}`")))?;
        let fallback = (lang != "en").then(|| bundle_for("en")).transpose()?;
        Ok(Localizer {
            lang,
            bundle: bundle_for(lang)?,
            fallback,
        })
    }

    pub fn lang(&self) -> &'static str {
        self.lang
    }

    /// The message `id` without arguments.
    pub fn tr(&self, id: &str) -> String {
        self.tr_args(id, &[])
    }

    /// The message `id` with named arguments; numbers select plural forms.
    pub fn tr_args(&self, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        let mut fargs = FluentArgs::new();
        for (k, v) in args {
            fargs.set(*k, v.clone());
        }
        for bundle in std::iter::once(&self.bundle).chain(self.fallback.as_ref()) {
            if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
                let mut errors = vec![];
                let text = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
                return text.into_owned();
            }
        }
        // A missing id is a bug the locale-completeness test catches; show the id rather
        // than nothing.
        id.to_owned()
    }
}

/// The localizer of messages that no document carries: errors and warnings about input
/// files, printed by any command. Its language is the environment's ([`resolve_lang`]
/// without a flag), chosen once per process; English when the environment names none.
pub fn ui() -> Option<&'static Localizer> {
    static UI: std::sync::OnceLock<Option<Localizer>> = std::sync::OnceLock::new();
    UI.get_or_init(|| {
        let lang = resolve_lang(None).unwrap_or("en");
        Localizer::new(lang).or_else(|_| Localizer::new("en")).ok()
    })
    .as_ref()
}

/// Message `id` of [`ui`] with named arguments (the id itself should the embedded locales
/// ever fail to load, which their test rules out).
pub fn ui_tr(id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    ui().map_or_else(|| id.to_owned(), |l| l.tr_args(id, args))
}

/// Every message id defined for a language (for the completeness test).
pub fn message_ids(lang: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for (_, src) in files_of(lang) {
        for line in src.lines() {
            let is_id_start = line.chars().next().is_some_and(|c| c.is_ascii_alphabetic());
            if let (true, Some((id, _))) = (is_id_start, line.split_once('=')) {
                ids.insert(id.trim().to_owned());
            }
        }
    }
    ids
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn languages_from_flags_and_environment_names() {
        assert_eq!(normalize_lang("ru_RU.UTF-8"), Some("ru"));
        assert_eq!(normalize_lang("zh_CN"), Some("zh-CN"));
        assert_eq!(normalize_lang("en-US"), Some("en"));
        assert_eq!(normalize_lang("C"), None);
        assert_eq!(normalize_lang("de"), None);
        assert!(resolve_lang(Some("xx")).is_err());
    }

    #[test]
    fn every_locale_has_every_message() {
        let all: BTreeSet<String> = LANGUAGES.iter().flat_map(|l| message_ids(l)).collect();
        assert!(!all.is_empty());
        for lang in LANGUAGES {
            let missing: Vec<_> = all.difference(&message_ids(lang)).cloned().collect();
            assert!(missing.is_empty(), "locale {lang} lacks {missing:?}");
            Localizer::new(lang).expect("locale parses");
        }
    }

    #[test]
    fn russian_has_three_plural_forms() {
        let l = Localizer::new("ru").unwrap();
        let runs = |n: i64| l.tr_args("runs-count", &[("count", FluentValue::from(n))]);
        assert_eq!(runs(1), "1 прогон");
        assert_eq!(runs(3), "3 прогона");
        assert_eq!(runs(5), "5 прогонов");
        assert_eq!(runs(21), "21 прогон");
    }
}
