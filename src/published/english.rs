//! A translated report read with the words of the English layout: each piece of its
//! Markdown that the shipped translation memory holds (`Вывод`, `Профиль: `x``, a
//! `Итог:` sentence) is replaced by its English original, on the same line, so that the
//! layout finds its headings and `check` reads its claims as in the original. A report
//! that lost its Markdown is read by `plain.rs` instead; an English one is left as is.

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
