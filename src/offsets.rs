//! Byte offsets into text, made safe by construction. An offset that came from a count
//! (a size limit, a parser's error position, `min` with the length) rather than from a
//! search may fall inside a multibyte character, and slicing a `&str` there panics
//! (`end byte index 4096 is not a char boundary`). Every such cut in `src/` goes through
//! these helpers, which move the offset to a character boundary first or count bytes
//! without slicing at all. Offsets returned by a search (`find`, memchr) already sit on
//! a boundary and are sliced directly.

/// The largest character boundary at or below `i` (the length when `i` is past it).
pub fn floor_char_boundary(s: &str, i: usize) -> usize {
    if i >= s.len() {
        return s.len();
    }
    // A UTF-8 character is at most four bytes, so this steps back at most three times.
    (0..=i).rev().find(|&j| s.is_char_boundary(j)).unwrap_or(0)
}

/// The smallest character boundary at or above `i` (the length when `i` is past it).
pub fn ceil_char_boundary(s: &str, i: usize) -> usize {
    (i..s.len())
        .find(|&j| s.is_char_boundary(j))
        .unwrap_or(s.len())
}

/// At most the first `max` bytes of `s`, cut before any character that would not fit.
pub fn head(s: &str, max: usize) -> &str {
    &s[..floor_char_boundary(s, max)]
}

/// `s` from byte `from` on, starting at the next whole character.
pub fn tail(s: &str, from: usize) -> &str {
    &s[ceil_char_boundary(s, from)..]
}

/// 1-based line number of byte `offset` (clamped to the text), counted on bytes.
pub fn line_of(s: &str, offset: usize) -> u64 {
    let end = offset.min(s.len());
    memchr::memchr_iter(b'\n', &s.as_bytes()[..end]).count() as u64 + 1
}

/// `s` without a leading `lower_prefix`, compared case-insensitively character by
/// character on `s` itself. Lower-casing a copy and cutting the original at the copy's
/// length is wrong when a character changes its byte length in lower case (`İ`, the Kelvin
/// sign `K`).
pub fn strip_prefix_ignore_case<'a>(s: &'a str, lower_prefix: &str) -> Option<&'a str> {
    let mut want = lower_prefix.chars();
    let mut pending: Vec<char> = Vec::new();
    for (i, c) in s.char_indices() {
        if pending.is_empty() && want.clone().next().is_none() {
            return Some(&s[i..]);
        }
        pending.extend(c.to_lowercase());
        while !pending.is_empty() {
            match want.next() {
                Some(w) if w == pending[0] => {
                    pending.remove(0);
                }
                _ => return None,
            }
        }
    }
    (pending.is_empty() && want.next().is_none()).then_some("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_never_split_a_character() {
        let s = "ab中文"; // 中 and 文 are three bytes each: 2..5 and 5..8
        assert_eq!(head(s, 3), "ab");
        assert_eq!(head(s, 5), "ab中");
        assert_eq!(head(s, 100), s);
        assert_eq!(tail(s, 3), "文");
        assert_eq!(tail(s, 2), "中文");
        assert_eq!(tail(s, 100), "");
        assert_eq!(floor_char_boundary(s, 4), 2);
        assert_eq!(ceil_char_boundary(s, 4), 5);
    }

    #[test]
    fn lines_are_counted_on_bytes() {
        assert_eq!(line_of("a\n中\nb", 0), 1);
        assert_eq!(line_of("a\n中\nb", 3), 2); // inside 中
        assert_eq!(line_of("a\n中\nb", 99), 3);
    }

    #[test]
    fn prefixes_compare_characters_not_bytes() {
        assert_eq!(
            strip_prefix_ignore_case("Профиль: ShareGPT", "профиль:"),
            Some(" ShareGPT")
        );
        assert_eq!(strip_prefix_ignore_case("PROFILE:x", "profile:"), Some("x"));
        // The Kelvin sign is three bytes and lower-cases to the one-byte `k`.
        assert_eq!(
            strip_prefix_ignore_case("\u{212A}ey: v", "key:"),
            Some(" v")
        );
        assert_eq!(strip_prefix_ignore_case("İx", "i"), None);
        assert_eq!(strip_prefix_ignore_case("pro", "profile:"), None);
        assert_eq!(strip_prefix_ignore_case("profile:", "profile:"), Some(""));
    }
}
