//! Text extents without fonts: charts must come out byte-identical on every machine, so
//! layout never asks an installed font how wide a string is. Widths are estimated from
//! per-character classes and err on the wide side (DejaVu Sans, the widest common
//! fallback, sets digits at 0.64 em), so estimated boxes hold the real text.

/// Estimated advance width of `text` at `font_px`, in pixels.
pub fn width(text: &str, font_px: f64) -> f64 {
    text.chars().map(char_em).sum::<f64>() * font_px
}

/// Advance width of one character in ems.
fn char_em(c: char) -> f64 {
    match c {
        ' ' => 0.32,
        '0'..='9' => 0.64,
        'i' | 'j' | 'l' | 'I' | '.' | ',' | ':' | ';' | '\'' | '|' | '!' => 0.34,
        'f' | 't' | 'r' | '(' | ')' | '[' | ']' | '{' | '}' | '/' | '\\' | '-' => 0.42,
        'm' | 'w' | 'M' | 'W' | '%' | '@' => 0.96,
        '+' | '=' | '<' | '>' | '~' | '#' | '&' => 0.84,
        'A'..='Z' => 0.74,
        'a'..='z' => 0.62,
        c if is_wide(c) => 1.0,
        c if c.is_ascii() => 0.62,
        // Cyrillic, Greek, accented Latin: a little wider than Latin lowercase on average.
        _ => 0.64,
    }
}

/// East Asian wide characters (CJK ideographs, kana, Hangul, full-width forms), set on a
/// full em and breakable before and after, like CSS line breaking does.
fn is_wide(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x115F
        | 0x2E80..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6
        | 0x20000..=0x3FFFD)
}

/// Whether a line may break after `c`, which follows `prev`: parameter names like
/// `--max-num-seqs=512` have no spaces, but break after an inner `-`, `=`, `/`…; never
/// inside `--` or after the sign of `-2.62`.
fn breaks_after(prev: Option<char>, c: char) -> bool {
    match c {
        ')' => true,
        '-' | '=' | '/' | ',' | '_' | ':' => prev.is_some_and(char::is_alphanumeric),
        _ => false,
    }
}

/// Words of `text`: runs between spaces, each CJK character a word of its own (CSS
/// breaks between them), each with whether a space followed it.
fn words(text: &str) -> Vec<(String, bool)> {
    let mut out = Vec::new();
    let mut current = String::new();
    for c in text.chars() {
        if c.is_whitespace() {
            if !current.is_empty() {
                out.push((std::mem::take(&mut current), true));
            } else if let Some(last) = out.last_mut() {
                last.1 = true;
            }
        } else if is_wide(c) {
            if !current.is_empty() {
                out.push((std::mem::take(&mut current), false));
            }
            out.push((c.to_string(), false));
        } else {
            current.push(c);
        }
    }
    if !current.is_empty() {
        out.push((current, false));
    }
    out
}

/// Cuts a word wider than `max_px` into lines: after `-=/,_:)` where possible, else
/// between characters.
fn cut_word(word: &str, max_px: f64, font_px: f64) -> Vec<String> {
    let mut pieces = Vec::new();
    let mut piece = String::new();
    let mut prev = None;
    for c in word.chars() {
        piece.push(c);
        if breaks_after(prev, c) {
            pieces.push(std::mem::take(&mut piece));
        }
        prev = Some(c);
    }
    if !piece.is_empty() {
        pieces.push(piece);
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    for piece in pieces {
        let joined = format!("{line}{piece}");
        if width(&joined, font_px) <= max_px {
            line = joined;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for c in piece.chars() {
            let mut longer = line.clone();
            longer.push(c);
            if !line.is_empty() && width(&longer, font_px) > max_px {
                lines.push(std::mem::replace(&mut line, c.to_string()));
            } else {
                line = longer;
            }
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Breaks `text` into lines no wider than `max_px` at `font_px`: at spaces and around
/// CJK characters; a word wider than a line is cut by [`cut_word`]. Never returns an
/// empty list.
pub fn wrap(text: &str, max_px: f64, font_px: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    let mut space_before = false;
    for (word, space_after) in words(text) {
        let joined = match (line.is_empty(), space_before) {
            (true, _) => word.clone(),
            (false, true) => format!("{line} {word}"),
            (false, false) => format!("{line}{word}"),
        };
        if width(&joined, font_px) <= max_px {
            line = joined;
        } else {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            if width(&word, font_px) <= max_px {
                line = word;
            } else {
                let mut cut = cut_word(&word, max_px, font_px);
                line = cut.pop().unwrap_or_default();
                lines.extend(cut);
            }
        }
        space_before = space_after;
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// `text` if it is no wider than `max_px` at `font_px`, else its longest end that fits
/// after a leading `…`: a path's end names the file and the metric.
pub fn cut_front(text: &str, max_px: f64, font_px: f64) -> String {
    if width(text, font_px) <= max_px {
        return text.to_owned();
    }
    let mut kept = width("…", font_px);
    let mut tail: Vec<char> = Vec::new();
    for c in text.chars().rev() {
        let w = char_em(c) * font_px;
        if kept + w > max_px {
            break;
        }
        kept += w;
        tail.push(c);
    }
    std::iter::once('…').chain(tail.into_iter().rev()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cjk_is_wider_than_latin_and_cyrillic_counts_characters_not_bytes() {
        assert_eq!(width("吞吐量", 10.0), 30.0);
        assert!(width("abc", 10.0) < width("吞吐量", 10.0));
        // Two bytes per character must not double the width.
        assert!(width("Пропускная", 10.0) < 10.0 * 10.0 * 0.75);
    }

    #[test]
    fn wraps_at_spaces_then_parameters_then_characters() {
        assert_eq!(
            wrap("ShareGPT profile", 80.0, 10.0),
            ["ShareGPT", "profile"]
        );
        assert_eq!(
            wrap("--max-num-seqs=512", 60.0, 10.0),
            ["--max-", "num-seqs=", "512"]
        );
        assert_eq!(wrap("吞吐量测试", 30.0, 10.0), ["吞吐量", "测试"]);
        assert_eq!(wrap("WWWWW", 20.0, 10.0), ["WW", "WW", "W"]);
        assert_eq!(wrap("", 20.0, 10.0), [""]);
        assert_eq!(wrap("a b", 200.0, 10.0), ["a b"]);
    }

    #[test]
    fn cuts_at_the_front_to_the_width() {
        assert_eq!(cut_front("short", 100.0, 10.0), "short");
        let cut = cut_front("baseline/run-1/bench.txt#1 ttft", 120.0, 10.0);
        assert!(cut.starts_with('…') && cut.ends_with("#1 ttft"), "{cut}");
        assert!(width(&cut, 10.0) <= 120.0);
        assert_eq!(cut_front("abc", 1.0, 10.0), "…");
    }
}
