//! The one escaping function of each output format. Markdown ([`markdown`]) and markup
//! — HTML, SVG and XML alike — ([`markup`]); every renderer calls these and no other, so
//! an escaping bug is fixed in one place.

/// Text for Markdown (a paragraph, a heading, a table cell, a link's text): only what
/// Markdown would read as markup is escaped, with backslashes, never with HTML entities
/// (`Tokens && Mode` stays as it is). Bare URLs become autolinks (`<https://…>`), whose
/// targets Markdown takes literally, so a link's target is never escaped. Line breaks
/// become spaces: the text stays in its block.
pub fn markdown(text: &str) -> String {
    let text = text.replace(['\n', '\r'], " ");
    let mut out = String::with_capacity(text.len() + 8);
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if let Some(len) = url_at(&chars, i) {
            out.push('<');
            out.extend(&chars[i..i + len]);
            out.push('>');
            i += len;
            continue;
        }
        let c = chars[i];
        let prev = i.checked_sub(1).map(|p| chars[p]);
        let next = chars.get(i + 1).copied();
        let at_start = chars[..i].iter().all(|c| c.is_whitespace());
        let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
        let needs = match c {
            // Code, emphasis, links, table cells, strikethrough and the escape itself.
            '\\' | '`' | '*' | '[' | ']' | '|' | '~' => true,
            // Inside a word (`run_1`) an underscore is never emphasis.
            '_' => !(word(prev) && word(next)),
            // A tag or an autolink starts with `<` and a letter, `/`, `!` or `?`.
            '<' => next.is_some_and(|n| n.is_ascii_alphabetic() || "/!?".contains(n)),
            // Only an entity (`&amp;`, `&#39;`) is read as something else.
            '&' => entity_at(&chars, i),
            // A quote starts a line; so do a heading, a list item and a setext underline,
            // each followed by a space or by more of the same mark.
            '>' => at_start,
            '#' | '-' | '+' | '=' => at_start && next.is_none_or(|n| n.is_whitespace() || n == c),
            // `1.` or `1)` at the start is an ordered list item.
            '.' | ')' => {
                next.is_none_or(char::is_whitespace)
                    && prev.is_some_and(|p| p.is_ascii_digit())
                    && chars[..i]
                        .iter()
                        .skip_while(|c| c.is_whitespace())
                        .all(char::is_ascii_digit)
            }
            _ => false,
        };
        if needs {
            out.push('\\');
        }
        out.push(c);
        i += 1;
    }
    out
}

/// Length of a bare `http://` / `https://` URL starting at `i`, without the trailing
/// punctuation of the sentence around it (`(see https://x.org/a).`).
fn url_at(chars: &[char], i: usize) -> Option<usize> {
    let starts_word = i == 0 || !chars[i - 1].is_alphanumeric();
    let rest: String = chars[i..chars.len().min(i + 8)].iter().collect();
    if !starts_word || !(rest.starts_with("http://") || rest.starts_with("https://")) {
        return None;
    }
    let mut len = chars[i..]
        .iter()
        .take_while(|c| !c.is_whitespace() && !matches!(c, '<' | '>' | '"' | '`'))
        .count();
    loop {
        let url = &chars[i..i + len];
        let last = url[len - 1];
        let opens = url.iter().filter(|c| **c == '(').count();
        let closes = url.iter().filter(|c| **c == ')').count();
        if ".,;:!?'".contains(last) || (last == ')' && closes > opens) {
            len -= 1;
        } else {
            break;
        }
    }
    (len > "https://".len()).then_some(len)
}

/// Whether `&` at `i` starts something Markdown reads as an entity: `&name;`, `&#123;`.
fn entity_at(chars: &[char], i: usize) -> bool {
    let body: Vec<char> = chars[i + 1..]
        .iter()
        .take_while(|c| c.is_ascii_alphanumeric() || **c == '#')
        .copied()
        .collect();
    !body.is_empty() && chars.get(i + 1 + body.len()) == Some(&';')
}

/// Text for HTML, SVG and XML, in element content or a quoted attribute.
pub fn markup(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            // Control characters are not allowed in XML 1.0.
            c if (c as u32) < 0x20 && !matches!(c, '\n' | '\t') => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names a user may give a variant or a study, each meant as plain text.
    const HOSTILE: [&str; 9] = [
        "<script>alert(1)</script>",
        "Max Batched Tokens && Performance Mode",
        "a | b",
        "*bold* _it_",
        "`code`",
        "[x](javascript:alert(1))",
        "&amp; &#39;",
        "# not a heading",
        "1. not a list",
    ];

    /// The text comrak shows for `md`, with GitHub's extensions as the HTML page uses them.
    fn shown(md: &str) -> String {
        let mut options = comrak::Options::default();
        options.extension.table = true;
        options.extension.strikethrough = true;
        options.extension.autolink = true;
        options.extension.tagfilter = true;
        let html = comrak::markdown_to_html(md, &options);
        html.trim()
            .trim_start_matches("<p>")
            .trim_end_matches("</p>")
            .to_owned()
    }

    #[test]
    fn hostile_names_are_shown_as_written() {
        for name in HOSTILE {
            let md = markdown(name);
            assert_eq!(shown(&md), markup(name), "{name:?} written as {md:?}");
            // In a table cell too: `|` does not split it.
            let table = format!("| h |\n|---|\n| {md} |\n");
            let html = comrak::markdown_to_html(&table, &{
                let mut o = comrak::Options::default();
                o.extension.table = true;
                o
            });
            assert!(
                html.contains(&format!("<td>{}</td>", markup(name))),
                "{html}"
            );
        }
        assert_eq!(
            markdown("Max Batched Tokens && Performance Mode"),
            "Max Batched Tokens && Performance Mode"
        );
        assert_eq!(markdown("run_1.json#1"), "run_1.json#1");
    }

    #[test]
    fn link_targets_are_never_escaped() {
        let note = "See the evaluation results \
            (https://github.com/Tencent/AngelSlim/blob/main/README_en.md#-benchmark).";
        let md = markdown(note);
        assert!(
            md.contains(
                "(<https://github.com/Tencent/AngelSlim/blob/main/README_en.md#-benchmark>)."
            ),
            "{md}"
        );
        assert!(
            shown(&md).contains(
                "href=\"https://github.com/Tencent/AngelSlim/blob/main/README_en.md#-benchmark\""
            ),
            "{}",
            shown(&md)
        );
    }

    #[test]
    fn markup_escapes_every_special_character() {
        assert_eq!(
            markup("<script>alert('x') & \"y\"</script>\u{1}"),
            "&lt;script&gt;alert(&#39;x&#39;) &amp; &quot;y&quot;&lt;/script&gt;\u{FFFD}"
        );
    }
}
