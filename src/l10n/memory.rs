//! The translation memory perflab ships: the sentences GPUStack's report generator and
//! perflab repeat (headings, table headers, the notes, the method paragraphs, `Summary:`
//! sentences), one Fluent message each in `locales/<lang>/memory.ftl` (ids `tm-…`), and the
//! glossary of titles in `terms.ftl` (ids `term-…`). The same message in two languages is
//! a pair of translations, so the memory works in every direction (en → ru, ru → en,
//! zh-CN → ru…).
//!
//! A message's `{ $variables }` are slots: `Profile: { $name }` matches
//! ``Profile: `ShareGPT` `` and gives ``Профиль: `ShareGPT` ``, the slot's text kept byte for
//! byte. A slot whose name starts with `term` is itself a title of the memory and is
//! translated (`{ $term } in { $engine }`). A message with variants (plural forms:
//! `{ $output } выходных { $output -> [one] токен [few] токена *[many] токенов }`) matches
//! any of them, and its translation is said with the slot's number choosing the form.
//! `translate` uses this as its first source; `published` uses it to read a translated
//! report with the English layout's words.

use std::collections::BTreeMap;

use fluent_bundle::FluentValue;
use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement};
use regex::Regex;

use super::{files_of, message_ids, Localizer};
use crate::Result;

/// Marks a slot in a rendered message: a private-use character, then the slot's index.
const SLOT: char = '\u{E000}';

/// One message as literal text and slots.
#[derive(Debug, Clone)]
enum Piece {
    Text(String),
    Slot(String),
}

#[derive(Debug)]
struct Entry {
    source: Vec<Piece>,
    target: Vec<Piece>,
    /// Anchored: the literal text of `source` with a lazy group per slot (and the
    /// alternatives of its variants).
    matcher: Regex,
    /// The slot of each group, in order (a slot may have a group in several variants).
    slots: Vec<String>,
    /// The message id when the target has variants: said by the target's bundle, the
    /// slots' numbers choosing the form, rather than from `target`.
    said: Option<String>,
}

/// The shipped memory from one language into another.
#[derive(Debug)]
pub struct Memory {
    /// Messages without slots: source text → target text.
    exact: BTreeMap<String, String>,
    /// The same, lower case: a title written in another case (`Async scheduling`).
    exact_lower: BTreeMap<String, String>,
    /// Glossary terms, lower case (titles are written in any case): → target text.
    terms: BTreeMap<String, String>,
    /// Messages with slots, the most literal text first (the most specific wins).
    patterns: Vec<Entry>,
    /// The word joining titles (`import-title-and`) in the source and the target.
    and: (String, String),
    source: &'static str,
    /// The target language's messages, for those with variants.
    to: Localizer,
}

/// Whether a message chooses among variants (`{ $count -> [one] … *[other] … }`).
fn has_variants(p: &Pattern<&str>) -> bool {
    p.elements.iter().any(|e| {
        matches!(
            e,
            PatternElement::Placeable {
                expression: Expression::Select { .. }
            }
        )
    })
}

/// The regex of a message with variants, from its syntax: its text literal, each
/// variable a group (its name pushed on `slots`; a `term` one matches `term_group`),
/// each select expression the alternatives of its variants. `None` for what a memory
/// message does not use (functions, references).
fn regex_of(p: &Pattern<&str>, term_group: &str, slots: &mut Vec<String>) -> Option<String> {
    let mut out = String::new();
    for e in &p.elements {
        match e {
            PatternElement::TextElement { value } => out.push_str(&regex::escape(value)),
            PatternElement::Placeable { expression } => match expression {
                Expression::Inline(InlineExpression::VariableReference { id }) => {
                    out.push_str(if id.name.starts_with("term") {
                        term_group
                    } else {
                        "(.+?)"
                    });
                    slots.push(id.name.to_owned());
                }
                Expression::Inline(InlineExpression::StringLiteral { value }) => out.push_str(
                    &regex::escape(&fluent_syntax::unicode::unescape_unicode_to_string(value)),
                ),
                Expression::Inline(InlineExpression::NumberLiteral { value }) => {
                    out.push_str(&regex::escape(value))
                }
                Expression::Select { variants, .. } => {
                    let alternatives = variants
                        .iter()
                        .map(|v| regex_of(&v.value, term_group, slots))
                        .collect::<Option<Vec<_>>>()?;
                    out.push_str(&format!("(?:{})", alternatives.join("|")));
                }
                _ => return None,
            },
        }
    }
    Some(out)
}

/// A slot's text as a Fluent value: a number when it reads back the same (`4`, `1.50`),
/// so that it chooses the plural form; else the text (the default form).
fn slot_value(text: &str) -> FluentValue<'_> {
    match FluentValue::try_number(text) {
        FluentValue::Number(n) if n.as_string() == text => FluentValue::Number(n),
        _ => FluentValue::from(text),
    }
}

/// The `$variables` a message uses, from its source text, in order of first use.
pub(super) fn variables(lang: &str, id: &str) -> Vec<String> {
    let mut vars = Vec::new();
    for (_, src) in files_of(lang) {
        let mut in_message = false;
        for line in src.lines() {
            if line.chars().next().is_some_and(|c| c.is_ascii_alphabetic()) {
                in_message = line.split_once('=').is_some_and(|(k, _)| k.trim() == id);
            }
            if !in_message {
                continue;
            }
            for part in line.split('$').skip(1) {
                let name: String = part
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                    .collect();
                if !name.is_empty() && !vars.contains(&name) {
                    vars.push(name);
                }
            }
        }
    }
    vars
}

/// A message rendered with slot markers, cut into pieces.
fn pieces(l: &Localizer, id: &str, vars: &[String]) -> Vec<Piece> {
    let markers: Vec<String> = (0..vars.len())
        .map(|i| format!("{SLOT}{i}{SLOT}"))
        .collect();
    let args: Vec<(&str, FluentValue)> = vars
        .iter()
        .zip(&markers)
        .map(|(v, m)| (v.as_str(), FluentValue::from(m.as_str())))
        .collect();
    let text = l.tr_args(id, &args);
    let mut out = Vec::new();
    let mut rest = text.as_str();
    while let Some(start) = rest.find(SLOT) {
        if start > 0 {
            out.push(Piece::Text(rest[..start].to_owned()));
        }
        let after = &rest[start + SLOT.len_utf8()..];
        let Some(end) = after.find(SLOT) else {
            break;
        };
        let index: usize = after[..end].parse().unwrap_or(0);
        out.push(Piece::Slot(vars.get(index).cloned().unwrap_or_default()));
        rest = &after[end + SLOT.len_utf8()..];
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest.to_owned()));
    }
    out
}

fn literal_len(pieces: &[Piece]) -> usize {
    pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) => t.chars().count(),
            Piece::Slot(_) => 0,
        })
        .sum()
}

impl Memory {
    /// The memory from `source` into `target` (two of [`super::LANGUAGES`]).
    pub fn new(source: &str, target: &str) -> Result<Memory> {
        let from = Localizer::new(source)?;
        let to = Localizer::new(target)?;
        let mut memory = Memory {
            exact: BTreeMap::new(),
            exact_lower: BTreeMap::new(),
            terms: BTreeMap::new(),
            patterns: Vec::new(),
            and: (from.tr("import-title-and"), to.tr("import-title-and")),
            source: from.lang(),
            to: Localizer::new(target)?,
        };
        let ids = message_ids(from.lang());
        let mut patterned = Vec::new();
        for id in &ids {
            if id.starts_with("term-") {
                memory.terms.insert(from.tr(id).to_lowercase(), to.tr(id));
            } else if id.starts_with("tm-") {
                let vars = variables(from.lang(), id);
                if vars.is_empty() {
                    memory.exact.entry(from.tr(id)).or_insert_with(|| to.tr(id));
                } else {
                    patterned.push((id, vars));
                }
            }
        }
        for (k, v) in &memory.exact {
            memory
                .exact_lower
                .entry(k.to_lowercase())
                .or_insert_with(|| v.clone());
        }
        // A `term` slot matches only a title of the memory, so that the regex finds
        // where a name ends and the title begins (`` `Seqs 1024` Total TPS ``).
        let mut titles: Vec<&str> = memory
            .exact
            .keys()
            .map(String::as_str)
            .chain(memory.terms.keys().map(String::as_str))
            .filter(|t| t.chars().count() < 60)
            .collect();
        titles.sort_by_key(|t| std::cmp::Reverse(t.len()));
        let term_group = format!(
            "((?i:{}))",
            titles
                .iter()
                .map(|t| regex::escape(t))
                .collect::<Vec<_>>()
                .join("|")
        );
        for (id, vars) in patterned {
            let source = pieces(&from, id, &vars);
            let target = pieces(&to, id, &vars);
            let said = to.pattern(id).is_some_and(has_variants).then(|| id.clone());
            let mut pattern = String::from("(?s)^");
            let mut slots = Vec::new();
            if let Some(p) = from.pattern(id).filter(|p| has_variants(p)) {
                let Some(re) = regex_of(p, &term_group, &mut slots) else {
                    continue;
                };
                pattern.push_str(&re);
            } else {
                for p in &source {
                    match p {
                        Piece::Text(t) => pattern.push_str(&regex::escape(t)),
                        Piece::Slot(name) => {
                            if name.starts_with("term") {
                                pattern.push_str(&term_group);
                            } else {
                                pattern.push_str("(.+?)");
                            }
                            slots.push(name.clone());
                        }
                    }
                }
            }
            pattern.push('$');
            let Ok(matcher) = Regex::new(&pattern) else {
                continue;
            };
            memory.patterns.push(Entry {
                source,
                target,
                matcher,
                slots,
                said,
            });
        }
        // Stable: equally specific messages keep their id order.
        memory
            .patterns
            .sort_by_key(|e| std::cmp::Reverse(literal_len(&e.source)));
        Ok(memory)
    }

    /// The translation of `text`, when the memory holds it: a message, a message with its
    /// slots filled, a glossary title, titles joined by ` && `, each inside the `**` of
    /// bold or after the `1. ` of a numbered heading.
    pub fn lookup(&self, text: &str) -> Option<String> {
        self.lookup_at(text, 0)
    }

    fn lookup_at(&self, text: &str, depth: usize) -> Option<String> {
        if depth > 3 || text.trim().is_empty() {
            return None;
        }
        // The glossary first: a title is written in any case, and it is the one
        // translation of its words back (a typo's entry must not win the way back).
        if let Some(t) = self.terms.get(&text.to_lowercase()) {
            return Some(t.clone());
        }
        if let Some(t) = self.exact.get(text) {
            return Some(t.clone());
        }
        // Only short titles in another case: a sentence is the generator's exactly.
        if text.chars().count() < 60 {
            if let Some(t) = self.exact_lower.get(&text.to_lowercase()) {
                return Some(t.clone());
            }
        }
        if let Some(inner) = text.strip_prefix("**").and_then(|t| t.strip_suffix("**")) {
            return self.lookup_at(inner, depth + 1).map(|t| format!("**{t}**"));
        }
        let numbered = text
            .find(". ")
            .filter(|&i| i > 0 && text[..i].bytes().all(|b| b.is_ascii_digit()));
        if let Some(i) = numbered {
            let rest = self.lookup_at(&text[i + 2..], depth + 1)?;
            return Some(format!("{}{rest}", &text[..i + 2]));
        }
        // Titles joined by ` && ` (kept), or by the source language's word for it
        // (`Максимум токенов в батче и Режим производительности`).
        for (from, to) in [(" && ", " && "), (self.and.0.as_str(), self.and.1.as_str())] {
            if from.trim().is_empty() || !text.contains(from) {
                continue;
            }
            let parts: Option<Vec<String>> = text
                .split(from)
                .map(|p| self.lookup_at(p, depth + 1))
                .collect();
            if let Some(p) = parts {
                return Some(p.join(to));
            }
        }
        if let Some(t) = self.patterns.iter().find_map(|e| self.fill(e, text, depth)) {
            return Some(t);
        }
        if depth == 0 {
            return self.clauses(text, false);
        }
        None
    }

    /// Like [`Memory::lookup`], but a sentence of clauses keeps the clauses the memory
    /// does not hold as they are (for reading a translation whose words were partly
    /// left in the original's language).
    pub fn lookup_lenient(&self, text: &str) -> Option<String> {
        self.lookup(text).or_else(|| self.clauses(text, true))
    }

    /// A sentence made of clauses of the memory (`Summary: … = x, … = y. `A` is faster
    /// by …; Mean TPOT = …`): each clause translated, the `. ` and `; ` between them and
    /// the final `.` kept.
    fn clauses(&self, text: &str, lenient: bool) -> Option<String> {
        let (body, end) = match text.strip_suffix('.') {
            Some(b) => (b, "."),
            None => (text, ""),
        };
        let mut out = String::new();
        let mut rest = body;
        let (mut parts, mut found) = (0, 0);
        loop {
            let cut = [". ", "; "]
                .iter()
                .filter_map(|d| rest.find(d).map(|i| (i, *d)))
                .min();
            let (clause, delim, next) = match cut {
                Some((i, d)) => (&rest[..i], d, &rest[i + d.len()..]),
                None => (rest, "", ""),
            };
            match self.lookup_at(clause, 1) {
                Some(t) => {
                    out.push_str(&t);
                    found += 1;
                }
                None if lenient => out.push_str(clause),
                None => return None,
            }
            out.push_str(delim);
            parts += 1;
            if delim.is_empty() {
                break;
            }
            rest = next;
        }
        (parts > 1 && found > 0).then(|| format!("{out}{end}"))
    }

    /// Whether a slot's text holds words of a Russian or Chinese source: they would stay
    /// untranslated inside the translation (an English slot holds names and units that
    /// look like words, `tok/s`, so English is not asked).
    fn has_source_words(&self, slot: &str) -> bool {
        match self.source {
            "ru" => slot.chars().any(|c| ('\u{0400}'..='\u{04FF}').contains(&c)),
            "zh-CN" => slot.chars().any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c)),
            _ => false,
        }
    }

    fn fill(&self, e: &Entry, text: &str, depth: usize) -> Option<String> {
        let caps = e.matcher.captures(text)?;
        let mut values: BTreeMap<&str, String> = BTreeMap::new();
        for (i, name) in e.slots.iter().enumerate() {
            // A group of a variant that did not match is no slot's text.
            let Some(got) = caps.get(i + 1).map(|m| m.as_str()) else {
                continue;
            };
            let value = if name.starts_with("term") {
                self.lookup_at(got, depth + 1)?
            } else if got.contains(". ") || got.contains("; ") || self.has_source_words(got) {
                // A slot holds a name or a number, never the rest of the sentence: a
                // longer sentence is read clause by clause instead.
                return None;
            } else {
                got.to_owned()
            };
            if values.get(name.as_str()).is_some_and(|v| *v != value) {
                return None;
            }
            values.insert(name.as_str(), value);
        }
        if let Some(id) = &e.said {
            let args: Vec<(&str, FluentValue)> =
                values.iter().map(|(k, v)| (*k, slot_value(v))).collect();
            return Some(self.to.tr_args(id, &args));
        }
        let mut out = String::new();
        for p in &e.target {
            match p {
                Piece::Text(t) => out.push_str(t),
                Piece::Slot(name) => out.push_str(values.get(name.as_str())?),
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_slots_terms_and_bold() {
        let m = Memory::new("en", "ru").unwrap();
        assert_eq!(m.lookup("Conclusion").as_deref(), Some("Вывод"));
        assert_eq!(
            m.lookup("Profile: `ShareGPT`").as_deref(),
            Some("Профиль: `ShareGPT`")
        );
        assert_eq!(
            m.lookup("**ShareGPT Profile**").as_deref(),
            Some("**Профиль ShareGPT**")
        );
        assert_eq!(
            m.lookup("Max Num Seqs && Performance Mode").as_deref(),
            Some("Максимальное число последовательностей && Режим производительности")
        );
        assert_eq!(m.lookup("Something nobody wrote"), None);
        // Back again: the same messages read the other way.
        let back = Memory::new("ru", "en").unwrap();
        assert_eq!(
            back.lookup("Профиль: `ShareGPT`").as_deref(),
            Some("Profile: `ShareGPT`")
        );
    }

    /// Counted words take the form their number asks for, both ways, whatever form the
    /// source used.
    #[test]
    fn plural_forms() {
        let m = Memory::new("en", "ru").unwrap();
        for (en, ru) in [
            (
                "Short prompt: 128 input tokens, 4 output tokens",
                "Короткий запрос: 128 входных токенов, 4 выходных токена",
            ),
            (
                "Short prompt: 21 input tokens, 1 output token",
                "Короткий запрос: 21 входной токен, 1 выходной токен",
            ),
            (
                "Short prompt: 5 input tokens, 1.5 output tokens",
                "Короткий запрос: 5 входных токенов, 1.5 выходного токена",
            ),
        ] {
            assert_eq!(m.lookup(en).as_deref(), Some(ru), "{en}");
        }
        let back = Memory::new("ru", "en").unwrap();
        assert_eq!(
            back.lookup("Короткий запрос: 1 входной токен, 4 выходных токена")
                .as_deref(),
            Some("Short prompt: 1 input token, 4 output tokens")
        );
        // A form the number does not ask for is read all the same, and said right.
        assert_eq!(
            back.lookup("Короткий запрос: 2 входных токенов, 5 выходных токенов")
                .as_deref(),
            Some("Short prompt: 2 input tokens, 5 output tokens")
        );
        let zh = Memory::new("en", "zh-CN").unwrap();
        assert_eq!(
            zh.lookup("Short prompt: 1 input token, 4 output tokens")
                .as_deref(),
            Some("短提示：1 个输入 token，4 个输出 token")
        );
    }
}
