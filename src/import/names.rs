//! How a report's titles become the study's ids and file names: portable ASCII slugs
//! (Cyrillic transliterated, glossary titles in English), made unique, without the
//! report's section numbering. Kept apart from `mod.rs` because these rules are about
//! names only and are tested on their own.

use std::collections::BTreeSet;

use super::translate;

/// The language of a report: Russian or Chinese when its title is written in their
/// script, else English.
pub fn language_of(text: &str) -> &'static str {
    if text.chars().any(|c| ('\u{0400}'..='\u{04FF}').contains(&c)) {
        "ru"
    } else if text.chars().any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c)) {
        "zh-CN"
    } else {
        "en"
    }
}

/// `Max Num Seqs && Performance Mode` → `max-num-seqs-performance-mode`.
/// ASCII only: ids and file names must be portable (the study schema allows letters,
/// digits, `-`, `_`, `.`), so Cyrillic is transliterated and other scripts are dropped.
pub fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if let Some(latin) = transliterated(c) {
            out.push_str(latin);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_owned();
    if out.is_empty() {
        "x".to_owned()
    } else {
        out
    }
}

/// The English words of a glossary title in another language, for ids and file names.
pub(super) fn english(text: &str, lang: &str) -> String {
    translate::english_title(text, lang).unwrap_or_else(|| text.to_owned())
}

/// Russian letters in Latin (the common passport-style scheme).
fn transliterated(c: char) -> Option<&'static str> {
    const FROM: &str = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя";
    const TO: [&str; 33] = [
        "a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r",
        "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya",
    ];
    FROM.chars().position(|f| f == c).map(|i| TO[i])
}

/// `slug`, made unique among `taken` by a numeric suffix.
pub(super) fn unique(base: String, taken: &mut BTreeSet<String>) -> String {
    let mut name = base.clone();
    let mut n = 2;
    while !taken.insert(name.clone()) {
        name = format!("{base}-{n}");
        n += 1;
    }
    name
}

/// `1. Choosing the Inference Engine` → `Choosing the Inference Engine`.
pub(super) fn without_numbering(title: &str) -> String {
    let t = title.trim();
    let after_digits = t.trim_start_matches(|c: char| c.is_ascii_digit());
    if after_digits.len() < t.len() {
        if let Some(rest) = after_digits.strip_prefix('.') {
            return rest.trim().to_owned();
        }
    }
    t.to_owned()
}

/// `Qwen/Qwen3-30B-A3B` → `qwen3-30b-a3b`.
pub(super) fn model_base(model: &str) -> String {
    model.rsplit('/').next().unwrap_or(model).to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_and_numbering() {
        assert_eq!(
            slug("Max Num Seqs && Performance Mode"),
            "max-num-seqs-performance-mode"
        );
        assert_eq!(slug("vLLM"), "vllm");
        assert_eq!(slug("Последовательности 512"), "posledovatelnosti-512");
        assert_eq!(
            english(
                "Максимальное число последовательностей и Режим производительности",
                "ru"
            ),
            "Max Num Seqs && Performance Mode"
        );
        assert_eq!(
            without_numbering("1. Choosing the Inference Engine"),
            "Choosing the Inference Engine"
        );
        let mut taken = BTreeSet::new();
        assert_eq!(unique("a".into(), &mut taken), "a");
        assert_eq!(unique("a".into(), &mut taken), "a-2");
    }
}
