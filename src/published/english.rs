//! A translated report read with the words of the English layout: each piece of its
//! Markdown that the shipped translation memory holds (`Вывод`, `Профиль: `x``, a
//! `Итог:` sentence) is replaced by its English original, on the same line, so that the
//! layout finds its headings and `check` reads its claims as in the original. A report
//! that lost its Markdown is read by `plain.rs`, which knows the Russian and English
//! layout's words; a plain-text report in another language (Chinese) is given to it line
//! by line in English ([`plain_in_english`]). An English report is left as is.

use super::blocks::Block;
use super::document::{language_of, read_document};
use crate::l10n::memory::Memory;

/// The text with the memory's pieces in English, or `None` when there is nothing to do.
pub fn in_english(text: &str, blocks: &[Block]) -> Option<String> {
    let lang = language_of(text);
    if lang == "en" {
        return None;
    }
    let document = read_document(text, blocks);
    if document.plain {
        return None;
    }
    let memory = Memory::new(lang, "en").ok()?;
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for piece in document.pieces(text) {
        let source = &text[piece.range.clone()];
        if let Some(english) = memory.lookup_lenient(source) {
            out.push_str(&text[at..piece.range.start]);
            out.push_str(&english);
            at = piece.range.end;
        }
    }
    out.push_str(&text[at..]);
    Some(out)
}

/// A plain-text report in a language `plain.rs` does not know (not English, not
/// Russian), each line (each tab-separated cell) the memory holds in English; `None` for
/// the languages it reads itself.
pub fn plain_in_english(text: &str) -> Option<String> {
    let lang = language_of(text);
    if lang == "en" || lang == "ru" {
        return None;
    }
    let memory = Memory::new(lang, "en").ok()?;
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, end) = match line.strip_suffix("\r\n") {
            Some(b) => (b, "\r\n"),
            None => match line.strip_suffix('\n') {
                Some(b) => (b, "\n"),
                None => (line, ""),
            },
        };
        let cells: Vec<String> = body
            .split('\t')
            .map(|cell| {
                let trimmed = cell.trim();
                match memory.lookup_lenient(trimmed) {
                    Some(english) if !trimmed.is_empty() => cell.replacen(trimmed, &english, 1),
                    _ => cell.to_owned(),
                }
            })
            .collect();
        out.push_str(&cells.join("\t"));
        out.push_str(end);
    }
    Some(out)
}
