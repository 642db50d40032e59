//! Localization: every user-visible word lives in `locales/<lang>/*.ftl` (Fluent), under
//! one message id. Renderers ask a [`Localizer`] for text; they never hold words
//! themselves. A message missing in a locale falls back to English (and a test fails on
//! any locale that lacks an id another has).

use std::collections::BTreeSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use crate::embedded::LOCALE_FILES;

pub mod memory;
use crate::error::{Arg, Text};
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

/// The language to use: the flag when given, else `PERFLAB_LANG`, else the locale
/// environment (`LC_ALL`, `LC_MESSAGES`, `LANG`, `LANGUAGE`), else English. An unknown
/// flag value is an error; an unknown environment value is ignored.
pub fn resolve_lang(flag: Option<&str>) -> Result<&'static str> {
    if let Some(flag) = flag {
        return normalize_lang(flag).ok_or_else(|| {
            Error::usage(messages().tr_args(
                "error-unknown-language",
                &[
                    ("lang", FluentValue::from(flag)),
                    ("known", FluentValue::from(LANGUAGES.join(", "))),
                ],
            ))
        });
    }
    Ok(environment_lang().unwrap_or("en"))
}

/// `--lang` as given (a list for `report` and `translate`), in order and without
/// repeats; the environment's language when empty.
pub fn resolve_langs(flags: &[String]) -> Result<Vec<&'static str>> {
    if flags.is_empty() {
        return Ok(vec![resolve_lang(None)?]);
    }
    let mut langs: Vec<&'static str> = Vec::new();
    for l in flags {
        let lang = resolve_lang(Some(l.trim()))?;
        if !langs.contains(&lang) {
            langs.push(lang);
        }
    }
    Ok(langs)
}

fn environment_lang() -> Option<&'static str> {
    ["PERFLAB_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"]
        .iter()
        .filter_map(|var| std::env::var(var).ok())
        .find_map(|v| v.split(':').find_map(normalize_lang))
}

/// The language of messages (errors, warnings, progress): one of [`LANGUAGES`] by its
/// place plus one, 0 while none is chosen (then the environment's).
static MESSAGE_LANG: AtomicUsize = AtomicUsize::new(0);
/// Each language's localizer, parsed the first time a message is said in it.
static MESSAGES: [OnceLock<Localizer>; LANGUAGES.len()] =
    [const { OnceLock::new() }; LANGUAGES.len()];
static ENVIRONMENT_LANG: OnceLock<&'static str> = OnceLock::new();

/// Chooses the language of [`messages`] from now on. The command line chooses once,
/// from `--lang`, before anything is said; the Python binding chooses at each call from
/// its `lang=`, so that its warnings are said in the caller's language (two calls on two
/// threads at once, in two languages, share whichever was chosen last).
pub fn set_message_language(lang: &'static str) {
    if let Some(i) = LANGUAGES.iter().position(|l| *l == lang) {
        MESSAGE_LANG.store(i + 1, Ordering::Relaxed);
    }
}

/// The localizer of messages: the language chosen with [`set_message_language`], else
/// the environment's, else English. Library code builds every error and warning text
/// through it (`tr!`), so a message is in the user's language wherever it is made.
pub fn messages() -> &'static Localizer {
    let chosen = match MESSAGE_LANG.load(Ordering::Relaxed) {
        0 => *ENVIRONMENT_LANG.get_or_init(|| environment_lang().unwrap_or("en")),
        i => LANGUAGES[i - 1],
    };
    let slot = LANGUAGES.iter().position(|l| *l == chosen).unwrap_or(0);
    MESSAGES[slot].get_or_init(|| {
        // The locales are embedded and parsed by a unit test: failing here is a build
        // defect, and English is the fallback of every language anyway.
        Localizer::new(chosen)
            .or_else(|_| Localizer::new("en"))
            .expect("embedded English locale parses")
    })
}

/// `tr!("id")` or `tr!("id", name = value, …)`: the message `id` of [`messages`], with
/// arguments (strings or numbers; numbers select plural forms).
#[macro_export]
macro_rules! tr {
    ($id:expr) => {
        $crate::l10n::messages().tr($id)
    };
    ($id:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::l10n::messages().tr_args(
            $id,
            &[$((stringify!($name), ::fluent_bundle::FluentValue::from($value))),+],
        )
    };
}

/// `msg!("id")` or `msg!("id", name = value, …)`: the error words [`crate::error::Text`]
/// of message `id`: its id and arguments, kept so that the error is said again in the
/// language of whoever prints it ([`Localizer::text`]), and its text in [`messages`].
#[macro_export]
macro_rules! msg {
    ($id:expr) => {
        $crate::l10n::text_of($id, ::std::vec::Vec::new())
    };
    ($id:expr, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::l10n::text_of(
            $id,
            ::std::vec![$((stringify!($name), $crate::error::Arg::from($value))),+],
        )
    };
}

/// The words of message `id` with `args`, as an error carries them (see [`msg!`]).
pub fn text_of(id: &str, args: Vec<(&'static str, Arg)>) -> Text {
    let text = messages().say(id, &args);
    Text::message(id, args, text)
}

fn fluent_args<'a>(args: &'a [(&'static str, Arg)]) -> Vec<(&'static str, FluentValue<'a>)> {
    args.iter()
        .map(|(name, arg)| {
            let value = match arg {
                Arg::Str(s) => FluentValue::from(s.as_str()),
                Arg::Number(n) => FluentValue::from(*n),
            };
            (*name, value)
        })
        .collect()
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
    // `lang` is one of LANGUAGES, each a valid identifier (tested below).
    let id: LanguageIdentifier = lang.parse().unwrap_or_default();
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
        let lang = normalize_lang(lang).ok_or_else(|| {
            Error::usage(format!(
                "unknown language `{lang}`; expected one of: {}",
                LANGUAGES.join(", ")
            ))
        })?;
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

    /// An error's words in this language: its message said again, or its plain text.
    pub fn text(&self, text: &Text) -> String {
        match &text.id {
            Some(id) => self.say(id, &text.args),
            None => text.to_string(),
        }
    }

    fn say(&self, id: &str, args: &[(&'static str, Arg)]) -> String {
        self.tr_args(id, &fluent_args(args))
    }

    /// The syntax of message `id` (its variants), in this language or the fallback.
    pub(crate) fn pattern(&self, id: &str) -> Option<&fluent_syntax::ast::Pattern<&str>> {
        std::iter::once(&self.bundle)
            .chain(self.fallback.as_ref())
            .find_map(|b| b.get_message(id).and_then(|m| m.value()))
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

/// Message `id` with named arguments, in the language of every other message
/// ([`messages`]: the global `--lang`, else the environment's).
pub fn ui_tr(id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
    messages().tr_args(id, args)
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

    /// The `$variables` a message uses, from its source text.
    fn variables(lang: &str, id: &str) -> BTreeSet<String> {
        super::memory::variables(lang, id).into_iter().collect()
    }

    #[test]
    fn every_message_renders_in_every_language() {
        for lang in LANGUAGES {
            let l = Localizer::new(lang).unwrap();
            for id in message_ids(lang) {
                let message = l.bundle.get_message(&id).expect("listed id exists");
                let Some(pattern) = message.value() else {
                    continue;
                };
                // Every variable as a number (plural selectors) and as text.
                for number in [true, false] {
                    let mut args = FluentArgs::new();
                    for var in variables(lang, &id) {
                        if number {
                            args.set(var, FluentValue::from(2));
                        } else {
                            args.set(var, FluentValue::from("x"));
                        }
                    }
                    let mut errors = vec![];
                    let text = l.bundle.format_pattern(pattern, Some(&args), &mut errors);
                    assert!(errors.is_empty(), "{lang} {id}: {errors:?}");
                    assert!(!text.trim().is_empty(), "{lang} {id} is empty");
                    assert!(!text.contains("{$"), "{lang} {id}: {text}");
                }
            }
        }
    }

    #[test]
    fn global_language_order() {
        // A flag wins; an unknown flag is an error in the message language.
        assert_eq!(
            resolve_langs(&["ru".into(), "en".into(), "ru".into()]).unwrap(),
            ["ru", "en"]
        );
        assert!(resolve_langs(&["xx".into()]).is_err());
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

    /// The counted words of `translate`'s summary and of the load curves (in `report`
    /// too) take the form their number asks for.
    #[test]
    fn counted_words_in_translate_and_curves() {
        let n = |v: usize| FluentValue::from(v);
        let ru = Localizer::new("ru").unwrap();
        let en = Localizer::new("en").unwrap();
        let left = |l: &Localizer, count: usize| {
            l.tr_args(
                "translate-untranslated-heading",
                &[
                    ("count", n(count)),
                    ("from", "en".into()),
                    ("to", "ru".into()),
                    ("allowed", "yes".into()),
                ],
            )
        };
        assert!(left(&ru, 1).contains("оставлен 1 сегмент ("));
        assert!(left(&ru, 3).contains("оставлены 3 сегмента ("));
        assert!(left(&ru, 11).contains("оставлено 11 сегментов ("));
        assert!(left(&en, 1).starts_with("1 segment was left"));
        assert!(left(&en, 2).starts_with("2 segments were left"));
        let curves = |l: &Localizer, series: usize, points: usize, runs: usize| {
            l.tr_args(
                "curves-intro",
                &[
                    ("series", n(series)),
                    ("points", n(points)),
                    ("runs", n(runs)),
                ],
            )
        };
        assert_eq!(
            curves(&ru, 1, 21, 1),
            "1 серия из 21 точки нагрузки по 1 запуску."
        );
        assert_eq!(
            curves(&ru, 2, 8, 16),
            "2 серии из 8 точек нагрузки по 16 запускам."
        );
        assert_eq!(
            curves(&en, 1, 1, 1),
            "One series of 1 load point from 1 run."
        );
        assert_eq!(
            curves(&en, 2, 8, 16),
            "2 series of 8 load points from 16 runs."
        );
    }
}
