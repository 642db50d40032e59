//! `translate --html`: the translated report as a self-contained HTML page, through the
//! same page renderer as `report` (`render::html`). GPUStack's mkdocs admonitions, which
//! plain Markdown reads as indented code, become `<details>` (`??? info`, open for `???+`)
//! and `<div class="admonition">` (`!!! note`) with their bodies dedented, an untitled
//! one under its kind's name in the page's language; a segment left in the source
//! language is wrapped in `<span class="untranslated" lang="…">`, in a title too. A
//! benchmark block printed without a fence becomes a fenced one, so that its `====` rules
//! are not read as setext headings.

use std::collections::BTreeMap;

use crate::l10n::{normalize_lang, Localizer};
use crate::render::escape::markup;
use crate::Result;

const UNTRANSLATED: &str = "<span class=\"untranslated\" lang=\"";

/// An admonition's title as HTML: escaped, and the marker of a title left in the source
/// language kept as markup (`<span class="untranslated" lang="en">Title</span>`).
fn title_html(title: &str) -> String {
    let marked = title
        .strip_prefix(UNTRANSLATED)
        .and_then(|r| r.strip_suffix("</span>"))
        .and_then(|r| r.split_once("\">"));
    match marked {
        Some((lang, inner)) => format!("{UNTRANSLATED}{}\">{}</span>", markup(lang), markup(inner)),
        None => markup(title),
    }
}

/// A fence of backquotes longer than any run of them in `lines`.
fn fence_for(lines: &[&str]) -> String {
    let longest = lines
        .iter()
        .flat_map(|l| l.split(|c| c != '`'))
        .map(str::len)
        .max()
        .unwrap_or(0);
    "`".repeat(longest.max(2) + 1)
}

/// `??? info "Title"` → (open, kind, title).
fn admonition(trimmed: &str) -> Option<(&'static str, String, String)> {
    let (tag, rest) = if let Some(r) = trimmed.strip_prefix("???+ ") {
        ("details open", r)
    } else if let Some(r) = trimmed.strip_prefix("??? ") {
        ("details", r)
    } else if let Some(r) = trimmed.strip_prefix("!!! ") {
        ("div", r)
    } else {
        return None;
    };
    let rest = rest.trim();
    let (kind, title) = match rest.find('"') {
        Some(q) => (rest[..q].trim(), rest[q + 1..].trim_end_matches('"')),
        None => (rest, ""),
    };
    Some((tag, kind.to_owned(), title.to_owned()))
}

/// The Markdown with the admonitions as HTML blocks (an untitled one named by `l10n`),
/// and the `unfenced` blocks (first and last line) fenced.
fn without_admonitions(markdown: &str, l10n: &Localizer, unfenced: &[(u64, u64)]) -> String {
    let mut out = String::with_capacity(markdown.len() + 256);
    let all: Vec<&str> = markdown.lines().collect();
    // Open admonitions: (indent of their line, closing tag).
    let mut open: Vec<(usize, &'static str)> = Vec::new();
    // The fence of the unfenced block being copied, and its last line.
    let mut fence: Option<(String, u64)> = None;
    for (i, line) in all.iter().enumerate() {
        let no = i as u64 + 1;
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        if !trimmed.is_empty() {
            while open.last().is_some_and(|(i, _)| indent <= *i) {
                if let Some((_, close)) = open.pop() {
                    out.push_str(close);
                    out.push_str("\n\n");
                }
            }
        }
        let depth = open.len() * 4;
        let body = if line.len() >= depth && line[..depth].trim().is_empty() {
            &line[depth..]
        } else {
            trimmed
        };
        if fence.is_none() {
            if let Some(&(a, z)) = unfenced.iter().find(|(a, _)| *a == no) {
                let lines = all.get((a as usize).saturating_sub(1)..(z as usize).min(all.len()));
                let f = fence_for(lines.unwrap_or_default());
                // Shown as printed, not folded like a raw-output fence without a language.
                out.push_str(&f);
                out.push_str("console\n");
                fence = Some((f, z));
            }
        }
        if let Some((f, z)) = &fence {
            out.push_str(body);
            out.push('\n');
            if no >= *z {
                out.push_str(f);
                out.push_str("\n\n");
                fence = None;
            }
            continue;
        }
        if let Some((tag, kind, title)) = admonition(trimmed) {
            let summary = if title.is_empty() {
                markup(&l10n.tr_args("translate-admonition", &[("kind", kind.as_str().into())]))
            } else {
                title_html(&title)
            };
            if tag == "div" {
                out.push_str(&format!(
                    "<div class=\"admonition {}\"><p class=\"admonition-title\">{}</p>\n\n",
                    markup(&kind),
                    summary
                ));
                open.push((indent, "</div>"));
            } else {
                out.push_str(&format!(
                    "<{tag} class=\"admonition {}\"><summary>{}</summary>\n\n",
                    markup(&kind),
                    summary
                ));
                open.push((indent, "</details>"));
            }
            continue;
        }
        out.push_str(body);
        out.push('\n');
    }
    if let Some((f, _)) = fence {
        out.push_str(&f);
        out.push('\n');
    }
    while let Some((_, close)) = open.pop() {
        out.push_str(close);
        out.push('\n');
    }
    out
}

/// The page of `markdown` (the translation with its untranslated segments wrapped), in
/// `lang`; `unfenced` are the first and last lines of its blocks printed without a fence.
pub fn page(markdown: &str, title: &str, lang: &str, unfenced: &[(u64, u64)]) -> Result<String> {
    let l10n = Localizer::new(normalize_lang(lang).unwrap_or("en"))?;
    crate::render::html::page(
        &without_admonitions(markdown, &l10n, unfenced),
        title,
        lang,
        &BTreeMap::new(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn admonitions_become_html_blocks() {
        let md = "a\n\n??? info \"Benchmark <result>\"\n    ```\n    x: 1\n    ```\n\nb\n";
        let en = Localizer::new("en").unwrap();
        let out = without_admonitions(md, &en, &[]);
        assert!(out.contains(
            "<details class=\"admonition info\"><summary>Benchmark &lt;result&gt;</summary>"
        ));
        assert!(out.contains("\n```\nx: 1\n```\n"));
        assert!(out.contains("</details>\n\nb\n"));
    }

    #[test]
    fn untitled_and_untranslated_titles() {
        let md = "!!! note\n    a\n\n!!! warning \"<span class=\"untranslated\" lang=\"en\">OOM <x></span>\"\n    b\n";
        let ru = Localizer::new("ru").unwrap();
        let out = without_admonitions(md, &ru, &[]);
        assert!(
            out.contains("<p class=\"admonition-title\">Примечание</p>"),
            "{out}"
        );
        assert!(out.contains(
            "<p class=\"admonition-title\"><span class=\"untranslated\" lang=\"en\">OOM &lt;x&gt;</span></p>"
        ), "{out}");
    }

    #[test]
    fn an_unfenced_block_is_fenced() {
        let md = "a\n\n=== R ===\nx: 1\n``` y\n=========\n\nb\n";
        let en = Localizer::new("en").unwrap();
        let out = without_admonitions(md, &en, &[(3, 6)]);
        assert_eq!(
            out,
            "a\n\n````console\n=== R ===\nx: 1\n``` y\n=========\n````\n\n\nb\n"
        );
    }
}
