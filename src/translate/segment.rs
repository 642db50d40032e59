//! The segments of a document: the pieces of its inline text (`published::Piece`, cut at
//! HTML tags) that hold a word of the source language. A piece of names and numbers
//! only (`NVIDIA H100 80GB HBM3`, `vLLM v0.17.1`, `Qwen/Qwen3.5-9B`) is kept as it is.

use std::ops::Range;

use crate::published::inline::{spans, SpanKind};
use crate::published::Document;

/// One unit of translation: where it stands and its text.
#[derive(Debug, Clone, PartialEq)]
pub struct Segment {
    pub line: u64,
    pub range: Range<usize>,
    pub text: String,
}

/// Whether `token` (letters between spaces and punctuation) is a word of `lang` rather
/// than a name: in English a lower-case word or a capitalised one (`Throughput`, `the`),
/// not `vLLM`, `SGLang`, `FP8`; in Russian two Cyrillic letters; in Chinese one
/// ideograph.
fn is_word(token: &str, lang: &str) -> bool {
    match lang {
        "ru" => {
            token
                .chars()
                .filter(|c| ('\u{0400}'..='\u{04FF}').contains(c))
                .count()
                >= 2
        }
        "zh-CN" => token
            .chars()
            .any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c)),
        _ => {
            let mut chars = token.chars();
            let Some(first) = chars.next() else {
                return false;
            };
            let rest: Vec<char> = chars.collect();
            first.is_ascii_alphabetic()
                && rest.len() >= 2
                && rest.iter().all(|c| c.is_ascii_lowercase())
        }
    }
}

/// Whether a piece holds a word of `lang` outside its code, URLs and HTML.
pub fn has_words(text: &str, lang: &str) -> bool {
    // Words and numbers together (`Qwen3` is one name), code, URLs and HTML apart.
    let mut words = String::with_capacity(text.len());
    for s in spans(text) {
        match s.kind {
            SpanKind::Text | SpanKind::Number => words.push_str(&text[s.range]),
            _ => words.push(' '),
        }
    }
    words
        .split(|c: char| c.is_whitespace() || "()[]{},.;:!?\"'*|=<>&+".contains(c))
        .any(|t| is_word(t, lang))
}

/// The document's segments in `lang`, in order.
pub fn segments(doc: &Document, text: &str, lang: &str) -> Vec<Segment> {
    doc.pieces(text)
        .into_iter()
        .filter(|p| has_words(&text[p.range.clone()], lang))
        .map(|p| Segment {
            line: p.line,
            text: text[p.range.clone()].to_owned(),
            range: p.range,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_and_names() {
        assert!(has_words("Throughput", "en"));
        assert!(has_words("Profile: `ShareGPT`", "en"));
        assert!(!has_words("NVIDIA H100 80GB HBM3", "en"));
        assert!(!has_words("vLLM v0.17.1", "en"));
        assert!(!has_words("Qwen/Qwen3.5-9B", "en"));
        assert!(!has_words("`vLLM` TP2", "en"));
        assert!(!has_words("Qwen3-32B", "en"));
        assert!(!has_words("SGLang: v0.5.5.post1", "en"));
        assert!(has_words("Профиль: ShareGPT", "ru"));
        assert!(!has_words("ShareGPT", "ru"));
        assert!(has_words("吞吐量", "zh-CN"));
    }
}
