//! The inline text of one Markdown node cut into spans: words, numbers, inline code,
//! link targets and URLs, HTML tags. What is not `Text` is kept byte for byte by
//! `translate`; the numbers, code and URLs are what a translation must keep unchanged.

use std::ops::Range;
use std::sync::LazyLock;

use regex::Regex;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpanKind {
    /// Words and punctuation (a link's text and an image's alt text included).
    Text,
    /// A number inside text (`11527.14`, `1,146.31`, the `8` of `FP8`).
    Number,
    /// `` `inline code` ``.
    Code,
    /// A link or image target (`](https://…)`) or a bare URL.
    Url,
    /// An HTML tag or comment (`<span style="…">`, `<br>`, `<!-- … -->`).
    Html,
}

/// One span: its kind and byte range in the text it was cut from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    pub kind: SpanKind,
    pub range: Range<usize>,
}

static NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\d+(?:[.,]\d+)*").expect("valid regex"));

/// The numbers of a text, as written, in order.
pub fn numbers(text: &str) -> Vec<&str> {
    NUMBER.find_iter(text).map(|m| m.as_str()).collect()
}

/// Where the span that starts at `i` ends, and its kind; `None` for plain text.
fn special_at(text: &str, i: usize) -> Option<(usize, SpanKind)> {
    let rest = &text[i..];
    if rest.starts_with('`') {
        let ticks = rest.len() - rest.trim_start_matches('`').len();
        let fence = &rest[..ticks];
        let close = rest[ticks..].find(fence)?;
        return Some((i + ticks + close + ticks, SpanKind::Code));
    }
    if rest.starts_with("<!--") {
        let end = rest.find("-->").map_or(text.len(), |e| i + e + 3);
        return Some((end, SpanKind::Html));
    }
    if rest.starts_with('<')
        && rest[1..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '/')
    {
        let end = rest.find('>')?;
        return Some((i + end + 1, SpanKind::Html));
    }
    if rest.starts_with("](") {
        let mut depth = 0usize;
        for (j, c) in rest.char_indices().skip(1) {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some((i + j + 1, SpanKind::Url));
                    }
                }
                _ => {}
            }
        }
        return None;
    }
    if rest.starts_with("http://") || rest.starts_with("https://") {
        let len = rest
            .find(|c: char| c.is_whitespace() || matches!(c, ')' | '<' | '>' | '"' | '`'))
            .unwrap_or(rest.len());
        // A sentence's full stop after a URL is not part of it.
        let len = rest[..len].trim_end_matches(['.', ',', ';', ':']).len();
        return Some((i + len, SpanKind::Url));
    }
    None
}

fn push_text(text: &str, range: Range<usize>, out: &mut Vec<Span>) {
    let mut at = range.start;
    for m in NUMBER.find_iter(&text[range.clone()]) {
        let (s, e) = (range.start + m.start(), range.start + m.end());
        if s > at {
            out.push(Span {
                kind: SpanKind::Text,
                range: at..s,
            });
        }
        out.push(Span {
            kind: SpanKind::Number,
            range: s..e,
        });
        at = e;
    }
    if at < range.end {
        out.push(Span {
            kind: SpanKind::Text,
            range: at..range.end,
        });
    }
}

/// The spans of `text`, covering it entirely, in order.
pub fn spans(text: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let mut plain_from = 0;
    let mut i = 0;
    while i < text.len() {
        if !text.is_char_boundary(i) {
            i += 1;
            continue;
        }
        match special_at(text, i) {
            Some((end, kind)) if end > i => {
                push_text(text, plain_from..i, &mut out);
                out.push(Span {
                    kind,
                    range: i..end,
                });
                i = end;
                plain_from = end;
            }
            _ => i += 1,
        }
    }
    push_text(text, plain_from..text.len(), &mut out);
    out
}

/// What a translation of `text` must keep unchanged: its numbers, inline code and URLs,
/// each as written.
pub fn kept(text: &str) -> Vec<&str> {
    spans(text)
        .into_iter()
        .filter(|s| s.kind != SpanKind::Text && s.kind != SpanKind::Html)
        .map(|s| &text[s.range])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_links_html_and_numbers() {
        let t = "See `a b` and [docs](https://x.io/a(b)) <br>at 1,146.31 tok/s.";
        let kinds: Vec<(SpanKind, &str)> = spans(t)
            .into_iter()
            .map(|s| (s.kind, &t[s.range]))
            .collect();
        assert!(kinds.contains(&(SpanKind::Code, "`a b`")));
        assert!(kinds.contains(&(SpanKind::Url, "](https://x.io/a(b))")));
        assert!(kinds.contains(&(SpanKind::Html, "<br>")));
        assert!(kinds.contains(&(SpanKind::Number, "1,146.31")));
        assert_eq!(kinds.iter().map(|k| k.1).collect::<String>(), t);
        assert_eq!(kept("go to https://a.b/c. Now"), ["https://a.b/c"]);
    }
}
