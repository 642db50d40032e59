//! The report's free text in the study: prose becomes plain text in the report's
//! language, and each note goes to the objective, the method or the notes by where it
//! stands in the report; what has no place is listed as lost. Apart from `mod.rs`, which
//! maps the report's structure (experiments, variants, scenarios), because this is about
//! text, not structure.

use std::collections::BTreeMap;

use super::{Importer, LostKind, StudyFile, Text};
use crate::published::Note;

/// Prose of the report: given in its language, so that a translation can be added.
pub(super) fn in_lang<T>(lang: &str, v: T) -> Text<T> {
    Text::PerLanguage(BTreeMap::from([(lang.to_owned(), v)]))
}

/// Prose as plain text: the study's texts are escaped where the report is written, so
/// Markdown would show as punctuation. `[text](url)` becomes `text (url)`; emphasis and
/// code marks go.
pub fn plain_prose(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let link = after.find("](").and_then(|close| {
            let url_part = &after[close + 2..];
            let end = url_part.find(')')?;
            Some((&after[..close], &url_part[..end], close + 2 + end + 1))
        });
        match link {
            Some((label, url, used)) => {
                out.push_str(&rest[..open]);
                out.push_str(label);
                out.push_str(" (");
                out.push_str(url);
                out.push(')');
                rest = &after[used..];
            }
            None => {
                out.push_str(&rest[..open + 1]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.replace("**", "").replace("__", "").replace('`', "")
}

/// Where each kind of free text goes: the objective, the method, the notes; `None` for
/// text the study has no place for.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Place {
    Objective,
    Method,
    Notes,
}

fn place_of(note: &Note) -> Option<Place> {
    let section = note.section.to_ascii_lowercase();
    let heading = note.heading.to_ascii_lowercase();
    if section.contains("objective") {
        Some(Place::Objective)
    } else if note.admonition.as_deref() == Some("note") && note.item {
        Some(Place::Notes)
    } else if heading.contains("method") || heading.contains("script") {
        Some(Place::Method)
    } else {
        None
    }
}

/// Places the report's notes and other fences in the study's objective, method and notes;
/// images and text with no place are lost.
pub(super) fn free_text(im: &mut Importer, study: &mut StudyFile, lang: &str) {
    let report = im.report;
    let mut objective: Vec<String> = Vec::new();
    let mut method: Vec<String> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    for note in &report.notes {
        if note.text.starts_with("![") {
            im.lose(note.line, LostKind::Image, note.text.clone(), None);
            continue;
        }
        match place_of(note) {
            Some(Place::Objective) => objective.push(plain_prose(&note.text)),
            Some(Place::Method) => method.push(plain_prose(&note.text)),
            Some(Place::Notes) => notes.push(plain_prose(&note.text)),
            None => im.lose(note.line, LostKind::FreeText, note.text.clone(), None),
        }
    }
    for fence in &report.other_fences {
        if place_of(fence) == Some(Place::Method) {
            // A benchmark script: its commands and comments, one paragraph each.
            let lines = fence
                .text
                .lines()
                .map(|l| l.trim().trim_start_matches('#').trim());
            method.extend(lines.filter(|l| !l.is_empty()).map(str::to_owned));
            continue;
        }
        im.lose(
            fence.line,
            LostKind::FreeText,
            fence.text.trim_end().to_owned(),
            None,
        );
    }
    study.objective = (!objective.is_empty()).then(|| in_lang(lang, objective.join(" ")));
    study.method = (!method.is_empty()).then(|| in_lang(lang, method));
    study.notes = (!notes.is_empty()).then(|| in_lang(lang, notes));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prose_loses_its_markdown() {
        assert_eq!(
            plain_prose("See the [evaluation results](https://x.org/a_b#c) for **more**."),
            "See the evaluation results (https://x.org/a_b#c) for more."
        );
        assert_eq!(plain_prose("a [b] c"), "a [b] c");
    }
}
