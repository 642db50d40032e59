//! `translate --html`: the translated report as a self-contained HTML page, through the
//! same page renderer as `report` (`render::html`). GPUStack's mkdocs admonitions, which
//! plain Markdown reads as indented code, become `<details>` (`??? info`, open for `???+`)
//! and `<div class="admonition">` (`!!! note`) with their bodies dedented; a segment left
//! in the source language is wrapped in `<span class="untranslated" lang="…">`.

use std::collections::BTreeMap;

use crate::render::escape::markup;
use crate::Result;

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

/// The Markdown with the admonitions as HTML blocks.
fn without_admonitions(markdown: &str) -> String {
    let mut out = String::with_capacity(markdown.len() + 256);
    // Open admonitions: (indent of their line, closing tag).
    let mut open: Vec<(usize, &'static str)> = Vec::new();
    for line in markdown.lines() {
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
        if let Some((tag, kind, title)) = admonition(trimmed) {
            let summary = if title.is_empty() {
                kind.clone()
            } else {
                title
            };
            if tag == "div" {
                out.push_str(&format!(
                    "<div class=\"admonition {}\"><p class=\"admonition-title\">{}</p>\n\n",
                    markup(&kind),
                    markup(&summary)
                ));
                open.push((indent, "</div>"));
            } else {
                out.push_str(&format!(
                    "<{tag} class=\"admonition {}\"><summary>{}</summary>\n\n",
                    markup(&kind),
                    markup(&summary)
                ));
                open.push((indent, "</details>"));
            }
            continue;
        }
        out.push_str(body);
        out.push('\n');
    }
    while let Some((_, close)) = open.pop() {
        out.push_str(close);
        out.push('\n');
    }
    out
}

/// The page of `markdown` (the translation with its untranslated segments wrapped).
pub fn page(markdown: &str, title: &str, lang: &str) -> Result<String> {
    crate::render::html::page(
        &without_admonitions(markdown),
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
        let out = without_admonitions(md);
        assert!(out.contains(
            "<details class=\"admonition info\"><summary>Benchmark &lt;result&gt;</summary>"
        ));
        assert!(out.contains("\n```\nx: 1\n```\n"));
        assert!(out.contains("</details>\n\nb\n"));
    }
}
