//! `translate --html`: the translated report as a self-contained HTML page, through the
//! same page renderer as `report` (`render::html`). GPUStack's mkdocs admonitions, which
//! plain Markdown reads as indented code, become `<details>` (`??? info`, open for `???+`)
//! and `<div class="admonition">` (`!!! note`) with their bodies dedented, an untitled
//! one under its kind's name in the page's language; a segment left in the source
//! language is wrapped in `<span class="untranslated" lang="…">`, in a title too. A
//! benchmark block printed without a fence becomes a fenced one, so that its `====` rules
//! are not read as setext headings.

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
        // Bytes, not characters: a line indented less than `depth` may have a multi-byte
        // character where the cut would be (`  中文` inside an admonition).
        let depth = open.len() * 4;
        let body = match line.get(..depth) {
            Some(indent) if indent.trim().is_empty() => &line[depth..],
            _ => trimmed,
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
    // The document is a stranger's: its raw HTML is sanitized, never trusted.
    crate::render::html::untrusted_page(
        &without_admonitions(markdown, &l10n, unfenced),
        title,
        lang,
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
    fn a_body_line_indented_less_than_its_admonition_before_chinese_text() {
        // Two spaces then `中` (3 bytes): the cut at 4 bytes falls inside it.
        let md = "!!! note \"说明\"\n    正文\n  中文内容\n";
        let zh = Localizer::new("zh-CN").unwrap();
        let out = without_admonitions(md, &zh, &[]);
        assert!(out.contains("正文\n中文内容\n</div>"), "{out}");
        let html = page(md, "t", "zh-CN", &[]).unwrap();
        assert!(html.contains("中文内容"), "{html}");
    }

    /// Hostile HTML of the kind a published report can carry, each a way to run script.
    const HOSTILE: &[&str] = &[
        "<img src=x onerror=alert(1)>",
        "[click](javascript:alert(2))",
        "<a href=\"JaVaScRiPt:alert(3)\">a</a>",
        "<a href=\"&#106;avascript:alert(4)\">b</a>",
        "[c](data:text/html;base64,PHNjcmlwdD5hbGVydCg1KTwvc2NyaXB0Pg==)",
        "<svg onload=alert(6)><circle r=1 /></svg>",
        "<details open ontoggle=alert(7)>d</details>",
        "<iframe src=\"javascript:alert(8)\"></iframe>",
        "<script>alert(9)</script>",
        "<object data=\"javascript:alert(10)\"></object><embed src=x.swf>",
        "<form action=\"javascript:alert(11)\"><button>go</button></form>",
        "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(12)\">",
        "<base href=\"javascript:alert(13)//\">",
        "<math><mi xlink:href=\"javascript:alert(14)\">m</mi></math>",
        "<span style=\"background-image:url(javascript:alert(15))\">s</span>",
        "<div onmouseover=\"alert(16)\" class=\"x\">hover</div>",
        "<style>body{background:url(javascript:alert(17))}</style>",
    ];

    #[test]
    fn a_translated_page_runs_no_script_from_the_document() {
        let md = format!(
            "# Report\n\n!!! note \"<img src=x onerror=alert(0)>\"\n    {}\n\n{}\n",
            HOSTILE[0],
            HOSTILE.join("\n\n")
        );
        let html = page(&md, "t", "en", &[]).unwrap();
        let body = &html[html.find("<main").unwrap()..];
        // Text that shows the attack is fine (`&lt;script&gt;`); a tag, a handler or a
        // script URL in a tag is not.
        let tag = regex::Regex::new(
            r"(?i)<(script|iframe|object|embed|form|meta|base|svg|math|style|button)\b",
        )
        .unwrap();
        let handler = regex::Regex::new(r"(?i)<[^>]*\son[a-z]+\s*=").unwrap();
        let url = regex::Regex::new(
            r#"(?i)<[^>]*(href|src|action|data|formaction)\s*=\s*["']?\s*(javascript|data|vbscript|&#)"#,
        )
        .unwrap();
        let style = regex::Regex::new(r"(?i)<[^>]*style=[^>]*url\(").unwrap();
        for re in [&tag, &handler, &url, &style] {
            assert!(!re.is_match(body), "{re} in {body}");
        }
        // What the page needs stays: the admonition, text, a class and a colour.
        assert!(body.contains("<div class=\"admonition note\">"), "{body}");
        assert!(body.contains("hover"), "{body}");
        let kept = page(
            "[site](https://example.com) <span style=\"background-color:lightgreen;\">(+2%)</span>\n\n???+ info\n    x\n",
            "t",
            "en",
            &[],
        )
        .unwrap();
        assert!(kept.contains("href=\"https://example.com\""), "{kept}");
        assert!(
            kept.contains("style=\"background-color:lightgreen\""),
            "{kept}"
        );
        assert!(
            kept.contains("<details open=\"\" class=\"admonition info\"><summary>Info</summary>"),
            "{kept}"
        );
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
