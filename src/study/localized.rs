//! Text a study author may give once or once per language: `title = "Prefix Cache"` or
//! `[experiments.title] en = "..." ru = "..."`. The report asks for its language and falls
//! back to English, then to the first language given (sorted, so the choice is stable).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(untagged)]
pub enum Localized<T> {
    /// The same text in every language.
    Same(T),
    /// Text per language id (`en`, `ru`, `zh-CN`).
    PerLanguage(BTreeMap<String, T>),
}

impl<T> Localized<T> {
    /// The text for `lang`, else English, else the first language given. `None` only for
    /// an empty table.
    pub fn get(&self, lang: &str) -> Option<&T> {
        match self {
            Localized::Same(v) => Some(v),
            Localized::PerLanguage(map) => map
                .get(lang)
                .or_else(|| map.get("en"))
                .or_else(|| map.values().next()),
        }
    }
}

impl<T> Localized<T> {
    /// The language [`get`](Self::get) shows for `lang` when the author gave the text in
    /// other languages but not in `lang` (an imported report's texts are in its own
    /// language only); `None` when it is given in `lang` or once for every language.
    pub fn fallback(&self, lang: &str) -> Option<&str> {
        match self {
            Localized::Same(_) => None,
            Localized::PerLanguage(map) if map.contains_key(lang) => None,
            Localized::PerLanguage(map) => map
                .get_key_value("en")
                .or_else(|| map.iter().next())
                .map(|(k, _)| k.as_str()),
        }
    }
}

impl Localized<String> {
    /// The text for `lang`, or `default` when nothing is given.
    pub fn text_or(&self, lang: &str, default: &str) -> String {
        self.get(lang)
            .cloned()
            .unwrap_or_else(|| default.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fallback_is_named_only_when_the_language_is_missing() {
        let t: Localized<String> = Localized::PerLanguage(BTreeMap::from([
            ("en".to_owned(), "Prefix Cache".to_owned()),
            ("ru".to_owned(), "Кэш префиксов".to_owned()),
        ]));
        assert_eq!(t.fallback("ru"), None);
        assert_eq!(t.fallback("zh-CN"), Some("en"));
        let only_ru: Localized<String> =
            Localized::PerLanguage(BTreeMap::from([("ru".to_owned(), "Кэш".to_owned())]));
        assert_eq!(only_ru.fallback("en"), Some("ru"));
        assert_eq!(Localized::Same("vLLM".to_owned()).fallback("ru"), None);
    }

    #[test]
    fn falls_back_to_english_then_first_language() {
        let t: Localized<String> = Localized::PerLanguage(BTreeMap::from([
            ("en".to_owned(), "Prefix Cache".to_owned()),
            ("ru".to_owned(), "Кэш префиксов".to_owned()),
        ]));
        assert_eq!(t.get("ru").map(String::as_str), Some("Кэш префиксов"));
        assert_eq!(t.get("zh-CN").map(String::as_str), Some("Prefix Cache"));
        let only_ru: Localized<String> =
            Localized::PerLanguage(BTreeMap::from([("ru".to_owned(), "Кэш".to_owned())]));
        assert_eq!(only_ru.get("en").map(String::as_str), Some("Кэш"));
        assert_eq!(
            Localized::Same("x".to_owned())
                .get("ru")
                .map(String::as_str),
            Some("x")
        );
    }
}
