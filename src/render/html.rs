//! The HTML page: the report's Markdown (the very file written beside it) turned into HTML
//! by comrak with GitHub's extensions, charts inlined as SVG, raw benchmark output folded
//! into `<details>`, all inside `templates/page.html` with its CSS (`templates/page.css`)
//! inlined, so the page is one self-contained file that reads on a phone and in print.
//!
//! The Markdown carries perflab's own raw HTML (`<span style=…>` around a percentage,
//! `<br>` in table cells), so raw HTML is allowed; text from users was escaped when the
//! Markdown was written (`escape::markdown`), and GitHub's tag filter is on as a
//! second guard (`<script>`, `<style>`, `<iframe>`… never become tags).
//!
//! Conventions the Markdown writer relies on:
//! - `![alt](charts/x.svg)` whose source is a key of `charts` becomes that SVG inline
//!   (a paragraph holding only the image becomes a `<figure>`);
//! - a fenced code block with no language or the language `text` is raw output: it is
//!   folded, and the words after `text` on the fence line (```` ```text vLLM, ShareGPT ````)
//!   become the summary, else the localized message `html-raw-output`. Blocks in another
//!   language (`bash`, `yaml`, `toml`) stay open: they are commands and settings to copy.

use std::collections::BTreeMap;

use comrak::nodes::{AstNode, NodeHtmlBlock, NodeValue};
use comrak::{Arena, Options};

use crate::l10n::{normalize_lang, Localizer};
use crate::render::escape::markup;
use crate::render::templates::Templates;
use crate::{Error, Result};

/// The page template and its style sheet, overridable like every template
/// (`--templates DIR`); the CSS is passed to the page as `css`.
pub const PAGE_TEMPLATE: &str = "page.html";
pub const PAGE_CSS: &str = "page.css";

/// Renders `markdown` as a self-contained HTML page with the embedded templates.
pub fn page(
    markdown: &str,
    title: &str,
    lang: &str,
    charts: &BTreeMap<String, String>,
) -> Result<String> {
    page_with_templates(&Templates::new(None)?, markdown, title, lang, charts)
}

/// [`page`] with the caller's templates, so that `--templates DIR` files `page.html` and
/// `page.css` replace the embedded ones.
pub fn page_with_templates(
    templates: &Templates,
    markdown: &str,
    title: &str,
    lang: &str,
    charts: &BTreeMap<String, String>,
) -> Result<String> {
    let body = body(markdown, lang, charts)?;
    frame(templates, &body, title, lang)
}

/// [`page`] of Markdown that strangers wrote (`translate --html` of a published report):
/// its raw HTML is theirs, not perflab's, so the body goes through `ammonia` (html5ever's
/// parser and an allow-list) before it is framed: no `<script>`, `<iframe>`, `<svg>`, no
/// `on…` handler, no `javascript:` or `data:` link. What perflab's own markup needs stays:
/// classes (admonitions, untranslated segments, raw output), `<details open>`, heading
/// anchors and the colour of a `<span style>` around a percentage.
pub fn untrusted_page(markdown: &str, title: &str, lang: &str) -> Result<String> {
    let body = sanitize(&body(markdown, lang, &BTreeMap::new())?);
    frame(&Templates::new(None)?, &body, title, lang)
}

fn sanitize(html: &str) -> String {
    ammonia::Builder::default()
        .add_generic_attributes(&["class"])
        .add_tag_attributes("details", &["open"])
        .add_tag_attributes("a", &["id", "aria-hidden"])
        .add_tag_attributes("span", &["style"])
        .filter_style_properties(["background-color", "color"].into())
        .clean(html)
        .to_string()
}

/// `body`, already HTML with every text escaped, inside the page template and its style
/// sheet: the one frame of every page perflab writes.
pub fn frame(templates: &Templates, body: &str, title: &str, lang: &str) -> Result<String> {
    let css = templates.render(PAGE_CSS, minijinja::context! {})?;
    templates.render(
        PAGE_TEMPLATE,
        minijinja::context! {
            lang => lang,
            title => title,
            // Already HTML: comrak escaped the text, the template must not escape again.
            body => minijinja::Value::from_safe_string(body.to_owned()),
            css => minijinja::Value::from_safe_string(css),
        },
    )
}

fn options() -> Options<'static> {
    let mut options = Options::default();
    options.extension.table = true;
    options.extension.strikethrough = true;
    options.extension.autolink = true;
    options.extension.tagfilter = true;
    // Anchors on headings, as on GitHub, so a section can be linked to.
    options.extension.header_ids = Some(String::new());
    options.render.unsafe_ = true;
    options
}

/// The page body: Markdown to HTML with charts and raw-output blocks rewritten.
fn body(markdown: &str, lang: &str, charts: &BTreeMap<String, String>) -> Result<String> {
    let options = options();
    let arena = Arena::new();
    let root = comrak::parse_document(&arena, markdown, &options);
    let summary = Localizer::new(normalize_lang(lang).unwrap_or("en"))?.tr("html-raw-output");
    // Collect first: rewriting nodes while walking the tree would cut the walk short.
    let nodes: Vec<&AstNode<'_>> = root.descendants().collect();
    for node in nodes {
        let replacement = match &node.data.borrow().value {
            NodeValue::Image(link) => charts.get(&link.url).map(|svg| chart_html(node, svg)),
            NodeValue::CodeBlock(code) if code.fenced => raw_output_summary(&code.info, &summary)
                .map(|summary| {
                    Replacement::Block(format!(
                        "<details class=\"raw-output\">\n<summary>{}</summary>\n\
                         <pre><code>{}</code></pre>\n</details>\n",
                        markup(&summary),
                        markup(&code.literal)
                    ))
                }),
            _ => None,
        };
        match replacement {
            Some(Replacement::Block(html)) => replace(node, block(html)),
            Some(Replacement::Inline(html)) => replace(node, NodeValue::HtmlInline(html)),
            Some(Replacement::Paragraph(html)) => {
                if let Some(parent) = node.parent() {
                    replace(parent, block(html));
                }
            }
            None => {}
        }
    }
    let mut out = Vec::new();
    comrak::format_html(root, &options, &mut out)
        .map_err(|e| Error::Render(crate::tr!("html-error", reason = e.to_string())))?;
    String::from_utf8(out)
        .map_err(|e| Error::Render(crate::tr!("html-error", reason = e.to_string())))
}

enum Replacement {
    /// The node becomes a block of raw HTML.
    Block(String),
    /// The node becomes inline raw HTML.
    Inline(String),
    /// The node's paragraph (of which it is the only content) becomes a block.
    Paragraph(String),
}

/// A chart image alone in its paragraph becomes a figure; one among text stays inline.
fn chart_html<'a>(image: &'a AstNode<'a>, svg: &str) -> Replacement {
    let alone = image.parent().is_some_and(|p| {
        matches!(p.data.borrow().value, NodeValue::Paragraph)
            && p.children().all(|c| {
                std::ptr::eq(c, image)
                    || matches!(&c.data.borrow().value, NodeValue::Text(t) if t.trim().is_empty())
                    || matches!(c.data.borrow().value, NodeValue::SoftBreak)
            })
    });
    let svg = svg.trim();
    if alone {
        Replacement::Paragraph(format!("<figure class=\"chart\">\n{svg}\n</figure>\n"))
    } else {
        Replacement::Inline(format!("<span class=\"chart\">{svg}</span>"))
    }
}

/// The summary of a fenced block that holds raw output, or `None` for a code block that
/// stays open (one in a named language).
fn raw_output_summary(info: &str, default: &str) -> Option<String> {
    let info = info.trim();
    let (language, rest) = info.split_once(char::is_whitespace).unwrap_or((info, ""));
    if !(language.is_empty() || language == "text") {
        return None;
    }
    let rest = rest.trim();
    Some(if rest.is_empty() {
        default.to_owned()
    } else {
        rest.to_owned()
    })
}

fn block(literal: String) -> NodeValue {
    // Type 6 is CommonMark's "block-level tag" kind of HTML block; the renderer only
    // reads the literal.
    NodeValue::HtmlBlock(NodeHtmlBlock {
        block_type: 6,
        literal,
    })
}

fn replace<'a>(node: &'a AstNode<'a>, value: NodeValue) {
    for child in node.children().collect::<Vec<_>>() {
        child.detach();
    }
    node.data.borrow_mut().value = value;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn charts() -> BTreeMap<String, String> {
        BTreeMap::from([(
            "charts/conclusion.svg".to_owned(),
            "<svg role=\"img\" aria-label=\"Итог\" width=\"10\" height=\"10\"><text>Итог</text></svg>\n"
                .to_owned(),
        )])
    }

    #[test]
    fn github_markdown_with_perflab_html_and_escaped_user_text() {
        let md = "# T\n\n| a | b |\n|---|---|\n| 1<br>2 | <span style=\"background-color:lightgreen;\">(+2.09%)</span> |\n\n\
                  ~~old~~ see https://example.com/x and &lt;script&gt;alert(1)&lt;/script&gt;\n";
        let html = body(md, "en", &BTreeMap::new()).unwrap();
        assert!(html.contains("<table>"), "{html}");
        assert!(html.contains("1<br>2"), "{html}");
        assert!(html.contains("<span style=\"background-color:lightgreen;\">(+2.09%)</span>"));
        assert!(html.contains("<del>old</del>"), "{html}");
        assert!(
            html.contains("<a href=\"https://example.com/x\">"),
            "{html}"
        );
        assert!(
            html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "{html}"
        );
        assert!(!html.contains("<script"), "{html}");
    }

    #[test]
    fn a_script_tag_that_slipped_through_is_filtered() {
        let html = body(
            "<script>alert(1)</script>\n\nx <iframe src=a>\n",
            "en",
            &BTreeMap::new(),
        )
        .unwrap();
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("<iframe"), "{html}");
    }

    #[test]
    fn chart_images_become_inline_svg_and_others_stay_images() {
        let md = "![Итог](charts/conclusion.svg)\n\nText ![i](charts/conclusion.svg) here\n\n![x](other.png)\n";
        let html = body(md, "ru", &charts()).unwrap();
        assert!(
            html.contains("<figure class=\"chart\">\n<svg role=\"img\" aria-label=\"Итог\""),
            "{html}"
        );
        assert!(
            html.contains("<p>Text <span class=\"chart\"><svg"),
            "{html}"
        );
        assert!(
            html.contains("<img src=\"other.png\" alt=\"x\" />"),
            "{html}"
        );
        assert!(!html.contains("charts/conclusion.svg"), "{html}");
    }

    #[test]
    fn raw_output_is_folded_and_commands_stay_open() {
        let md = "```text vLLM &lt;b&gt; ShareGPT\n==== Result ====\nTTFT <1 & 2\n```\n\n\
                  ```\nplain\n```\n\n```bash\nvllm serve X\n```\n";
        let html = body(md, "ru", &BTreeMap::new()).unwrap();
        assert!(
            html.contains(
                "<details class=\"raw-output\">\n<summary>vLLM &lt;b&gt; ShareGPT</summary>\n\
                 <pre><code>==== Result ====\nTTFT &lt;1 &amp; 2\n</code></pre>\n</details>"
            ),
            "{html}"
        );
        let ru = Localizer::new("ru").unwrap().tr("html-raw-output");
        assert!(
            html.contains(&format!("<summary>{ru}</summary>\n<pre><code>plain\n")),
            "{html}"
        );
        assert!(
            html.contains("<pre><code class=\"language-bash\">vllm serve X\n</code></pre>"),
            "{html}"
        );
    }

    #[test]
    fn page_sets_language_and_escapes_title() {
        let html = page("# Привет\n", "A <b> & 吞吐量", "ru", &BTreeMap::new()).unwrap();
        assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
        assert!(html.contains("<html lang=\"ru\">"), "{html}");
        assert!(
            html.contains("<title>A &lt;b&gt; &amp; 吞吐量</title>"),
            "{html}"
        );
        assert!(html.contains("<style>"), "CSS is inlined");
        // No page perflab writes needs script: the policy forbids it, inline or loaded.
        let csp = html
            .split("http-equiv=\"Content-Security-Policy\" content=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .expect("a Content-Security-Policy");
        assert!(csp.starts_with("default-src 'none';"), "{csp}");
        assert!(!csp.contains("script-src"), "{csp}");
        assert!(html.contains("@media print"), "{html}");
        assert!(html.contains("Привет</h1>"), "{html}");
    }

    #[test]
    fn page_template_can_be_overridden() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("page.html"),
            "<main lang=\"{{ lang }}\">{{ body }}</main>",
        )
        .unwrap();
        let templates = Templates::new(Some(dir.path())).unwrap();
        let html = page_with_templates(&templates, "*hi*", "t", "zh-CN", &BTreeMap::new()).unwrap();
        assert_eq!(html, "<main lang=\"zh-CN\"><p><em>hi</em></p>\n</main>");
    }
}
