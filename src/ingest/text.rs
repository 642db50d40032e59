//! Helpers for the text formats that hide inside logs and Markdown: line numbering,
//! stripping what surrounds a pasted block (indentation, `# `, `> `, CR), and reading
//! the numbers tools print (`N/A`, `-0.00`, `1,146.31`, `inf`, a hand note after a value).

/// Lines of a text with their 1-based numbers and byte offsets, CR stripped.
pub struct Lines<'a> {
    text: &'a str,
    /// Byte offset at which each line starts.
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    pub fn new(text: &'a str) -> Self {
        let mut starts = Vec::with_capacity(text.len() / 40 + 1);
        starts.push(0);
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
        if starts.last() == Some(&text.len()) && !text.is_empty() {
            starts.pop();
        }
        Lines { text, starts }
    }

    pub fn len(&self) -> usize {
        if self.text.is_empty() {
            0
        } else {
            self.starts.len()
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Line `i` (0-based), without its line end.
    pub fn get(&self, i: usize) -> Option<&'a str> {
        let start = *self.starts.get(i)?;
        let end = self.starts.get(i + 1).copied().unwrap_or(self.text.len());
        let line = &self.text[start..end];
        let line = line.strip_suffix('\n').unwrap_or(line);
        Some(line.strip_suffix('\r').unwrap_or(line))
    }

    /// 0-based index of the line that holds byte `offset`.
    pub fn index_of_offset(&self, offset: usize) -> usize {
        match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        }
    }
}

/// Turns byte offsets into 1-based line numbers by counting newlines forward from the
/// previous question, so a scan that asks in file order reads the file once.
#[derive(Default)]
pub struct LineCounter {
    state: std::cell::Cell<(usize, u64)>,
}

impl LineCounter {
    /// A counter that knows `lines_before` newlines precede byte `offset`: the scan of one
    /// chunk of a file split for several threads starts there, not at the file's start.
    pub fn at(offset: usize, lines_before: u64) -> Self {
        LineCounter {
            state: std::cell::Cell::new((offset, lines_before)),
        }
    }

    /// Tells the counter that `newlines` newlines precede byte `offset`, which a reader
    /// that walked the lines up to there knows: the next question then counts from
    /// there, not from the last one.
    pub fn passed(&self, offset: usize, newlines: u64) {
        if offset >= self.state.get().0 {
            self.state.set((offset, newlines));
        }
    }

    pub fn line_of(&self, text: &str, offset: usize) -> u64 {
        let offset = offset.min(text.len());
        let (mut from, mut line) = self.state.get();
        if offset < from {
            from = 0;
            line = 0;
        }
        line += memchr::memchr_iter(b'\n', &text.as_bytes()[from..offset]).count() as u64;
        self.state.set((offset, line));
        line + 1
    }
}

/// Finds every line index whose text contains `needle`, at memchr speed: the text is
/// searched as a whole, and line numbers are only computed for the hits.
pub fn lines_containing(lines: &Lines, text: &str, needle: &str) -> Vec<usize> {
    let finder = memchr::memmem::Finder::new(needle.as_bytes());
    let mut out: Vec<usize> = Vec::new();
    for pos in finder.find_iter(text.as_bytes()) {
        let i = lines.index_of_offset(pos);
        if out.last() != Some(&i) {
            out.push(i);
        }
    }
    out
}

/// The part of a line that belongs to whatever surrounds a pasted block: leading
/// whitespace, Markdown quote / comment markers and log prefixes, up to where `anchor`
/// starts on the header line. Later lines of the block are stripped of the same prefix.
pub fn strip_prefix<'a>(line: &'a str, prefix: &str) -> &'a str {
    let line = trim_end(line);
    if !prefix.is_empty() {
        if let Some(rest) = line.strip_prefix(prefix) {
            return trim_start(rest);
        }
        // Trailing spaces of the prefix may have been trimmed off an empty-looking line.
        if let Some(rest) = line.strip_prefix(prefix.trim_end()) {
            return trim_start(rest);
        }
    }
    trim_start(line)
}

// `str::trim*` as the standard library does them (Unicode whitespace), without decoding
// characters when the text meets an ASCII character that is not whitespace first: block
// lines are padded with spaces, and decoding them was a tenth of a dense log's time.
// `trim_ascii` leaves the vertical tab (whitespace to `char`), hence its check.

fn is_plain_ascii(b: Option<&u8>) -> bool {
    b.is_some_and(|&b| b.is_ascii() && b != 0x0B)
}

/// `text.trim()`.
pub fn trim(text: &str) -> &str {
    let t = text.trim_ascii();
    if is_plain_ascii(t.as_bytes().first()) && is_plain_ascii(t.as_bytes().last()) {
        t
    } else {
        text.trim()
    }
}

/// `text.trim_start()`.
pub fn trim_start(text: &str) -> &str {
    let t = text.trim_ascii_start();
    if is_plain_ascii(t.as_bytes().first()) {
        t
    } else {
        text.trim_start()
    }
}

/// `text.trim_end()`.
pub fn trim_end(text: &str) -> &str {
    let t = text.trim_ascii_end();
    if is_plain_ascii(t.as_bytes().last()) {
        t
    } else {
        text.trim_end()
    }
}

/// A file's bytes as text: borrowed when they are valid UTF-8, invalid sequences
/// replaced otherwise, exactly as `String::from_utf8_lossy` replaces them (one U+FFFD per
/// maximal invalid sequence). Checked with SIMD, run by run of valid text:
/// `from_utf8_lossy` walks the bytes one at a time, which was half the time spent on a
/// log with a stray byte or a progress bar in it.
pub fn decode(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    // The fast check first (most files are valid); the one that finds where only then.
    if is_utf8(bytes) {
        // SAFETY: `is_utf8` is true only when every byte was validated: one check of the
        // whole text, or pieces that cover `0..len` with no gap (the first starts at 0).
        // Edge tested: a text past the parallel threshold that starts inside a character
        // (`a_large_text_that_starts_inside_a_character_is_checked_from_its_first_byte`),
        // bad bytes at its start, middle and end.
        return std::borrow::Cow::Borrowed(unsafe { std::str::from_utf8_unchecked(bytes) });
    }
    let first = match simdutf8::compat::from_utf8(bytes) {
        Ok(text) => return std::borrow::Cow::Borrowed(text),
        Err(e) => e,
    };
    let mut out = String::with_capacity(bytes.len() + 16);
    let mut rest = bytes;
    let mut error = Some(first);
    while let Some(e) = error {
        let (valid, after) = rest.split_at(e.valid_up_to());
        // SAFETY: simdutf8 validated the first `valid_up_to` bytes of `rest` (its
        // `compat` error says where the valid prefix ends). Edges tested
        // (`decode_replaces_as_from_utf8_lossy_does` and the proptest below): an empty
        // valid prefix (a bad first byte), errors back to back, a sequence cut by the end.
        out.push_str(unsafe { std::str::from_utf8_unchecked(valid) });
        out.push(char::REPLACEMENT_CHARACTER);
        match e.error_len() {
            Some(len) => rest = &after[len..],
            // A sequence cut by the end of the input: one replacement for all of it.
            None => return std::borrow::Cow::Owned(out),
        }
        error = simdutf8::compat::from_utf8(rest).err();
    }
    // SAFETY: the loop ends here only when `from_utf8(rest)` returned no error, so every
    // byte of `rest` was validated (an empty `rest` too: a bad sequence that ended the
    // input returned above). Edge tested: a bad byte as the very last one.
    out.push_str(unsafe { std::str::from_utf8_unchecked(rest) });
    std::borrow::Cow::Owned(out)
}

/// Texts from this size are checked on every core: a large log's check (and the first
/// reading of its pages) otherwise held up the threads that wait to read it.
const PARALLEL_CHECK_FROM: usize = 8 << 20;

/// Whether `bytes` are valid UTF-8. A large text is cut at character starts into pieces
/// checked in parallel: pieces that each are valid UTF-8 join into valid UTF-8, and a
/// piece that is not (a sequence cut by a bad cut, or a bad byte) makes it `false`, which
/// the caller's exact pass then sorts out. `decode` trusts a `true` without checking
/// again, so the pieces must cover every byte: the first starts at 0 even when the text
/// starts inside a character (`tail -c +2` of a Chinese log), whose stray continuation
/// bytes then fail that piece's check.
fn is_utf8(bytes: &[u8]) -> bool {
    use rayon::prelude::*;
    if bytes.len() < PARALLEL_CHECK_FROM {
        return simdutf8::basic::from_utf8(bytes).is_ok();
    }
    let pieces = rayon::current_num_threads().max(1) * 4;
    let mut cuts: Vec<usize> = (0..pieces)
        .map(|k| {
            if k == 0 {
                return 0;
            }
            let mut cut = k * (bytes.len() / pieces);
            // Past continuation bytes (`10xxxxxx`) to a character's first byte.
            while cut < bytes.len() && bytes[cut] & 0xC0 == 0x80 {
                cut += 1;
            }
            cut
        })
        .collect();
    cuts.push(bytes.len());
    cuts.dedup();
    cuts.par_windows(2)
        .all(|w| simdutf8::basic::from_utf8(&bytes[w[0]..w[1]]).is_ok())
}

/// Removes ANSI escape sequences (colours captured from a terminal) while keeping every
/// newline, so line numbers stay those of the file. Borrowed when there are none.
pub fn strip_ansi(text: &str) -> std::borrow::Cow<'_, str> {
    if memchr::memchr(0x1b, text.as_bytes()).is_none() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\u{1b}' {
            out.push(c);
            continue;
        }
        match chars.peek() {
            // CSI: ESC [ params final-byte(@..~)
            Some('[') => {
                chars.next();
                while let Some(&n) = chars.peek() {
                    chars.next();
                    if ('@'..='~').contains(&n) {
                        break;
                    }
                }
            }
            // OSC: ESC ] ... BEL or ESC \
            Some(']') => {
                while let Some(n) = chars.next() {
                    if n == '\u{7}' || (n == '\u{1b}' && chars.peek() == Some(&'\\')) {
                        if n == '\u{1b}' {
                            chars.next();
                        }
                        break;
                    }
                }
            }
            Some(_) => {
                chars.next();
            }
            None => {}
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The first whitespace-separated word of a trimmed text, as `split_whitespace` finds
/// it; without decoding characters when the word is ASCII, as printed numbers are.
fn first_token(raw: &str) -> &str {
    // The ASCII characters `char::is_whitespace` knows (vertical tab included).
    let end = raw
        .bytes()
        .position(|b| matches!(b, b' ' | b'\t' | b'\n' | b'\x0B' | b'\x0C' | b'\r'))
        .unwrap_or(raw.len());
    let word = &raw[..end];
    if word.is_ascii() {
        word
    } else {
        // Non-ASCII whitespace (a no-break space) may end the word earlier.
        raw.split_whitespace().next().unwrap_or("")
    }
}

/// A value as printed by a benchmark tool.
#[derive(Debug, Clone, PartialEq)]
pub enum Printed {
    Num(f64),
    /// `N/A`, `None`, `not set`, `-`, `nan`: printed but no number.
    Missing,
    /// `inf`: an unlimited rate.
    Infinite,
    /// Anything else: a word, or a placeholder like `[result]`.
    Word(String),
}

/// Parses a printed value: the first whitespace-separated token, so that a hand note after
/// the value (`1052.55  <- rerun`) is ignored. Thousands separators are removed.
pub fn parse_printed(raw: &str) -> Printed {
    let raw = trim(raw);
    let token = first_token(raw);
    // Fast path, without allocating: a plain number, as almost every value is. Words
    // like `inf` or `nan` that f64 also parses go the long way.
    if token.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '.') {
        if let Ok(v) = token.parse::<f64>() {
            if v.is_finite() {
                return Printed::Num(if v == 0.0 { 0.0 } else { v });
            }
        }
    }
    let lower = token.to_ascii_lowercase();
    match lower.as_str() {
        "" | "n/a" | "na" | "none" | "null" | "-" | "nan" | "—" => return Printed::Missing,
        "inf" | "infinity" | "+inf" => return Printed::Infinite,
        _ => {}
    }
    if lower == "not" && raw.to_ascii_lowercase().starts_with("not set") {
        return Printed::Missing;
    }
    let cleaned: String = token.chars().filter(|c| *c != ',').collect();
    let cleaned = cleaned.trim_end_matches('%');
    match cleaned.parse::<f64>() {
        Ok(v) if v.is_finite() => Printed::Num(if v == 0.0 { 0.0 } else { v }),
        _ => Printed::Word(raw.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_replaces_as_from_utf8_lossy_does() {
        let cases: [&[u8]; 10] = [
            b"plain ascii",
            "中文 Ok".as_bytes(),
            b"bad \xff byte",
            b"\xff\xfe\xfd",
            b"cut at the end \xe4\xb8",
            b"overlong \xc0\xaf and surrogate \xed\xa0\x80 ok",
            b"\xe4\xb8 cut then fine \xe4\xb8\xad",
            b"",
            // Nothing left to validate after the last bad byte.
            b"ends with a bad byte \xff",
            b"\xff",
        ];
        for bytes in cases {
            assert_eq!(decode(bytes), String::from_utf8_lossy(bytes), "{bytes:?}");
        }
        assert!(matches!(decode(b"ok"), std::borrow::Cow::Borrowed(_)));
    }

    #[test]
    fn a_large_text_checked_in_pieces_is_decoded_as_from_utf8_lossy_does() {
        // Multi-byte characters across every cut, then a bad byte or a cut sequence at
        // the start, the middle and the end.
        let valid = "ключ 值 ok\n".repeat(PARALLEL_CHECK_FROM / 10);
        assert!(matches!(
            decode(valid.as_bytes()),
            std::borrow::Cow::Borrowed(_)
        ));
        for at in [0, valid.len() / 2 + 1, valid.len() - 1] {
            let mut bytes = valid.clone().into_bytes();
            bytes[at] = 0xff;
            assert_eq!(decode(&bytes), String::from_utf8_lossy(&bytes), "{at}");
        }
        // The last character cut after its first byte.
        let cut = &valid.as_bytes()[..valid.rfind('值').unwrap() + 1];
        assert_eq!(decode(cut), String::from_utf8_lossy(cut));
    }

    #[test]
    fn a_large_text_that_starts_inside_a_character_is_checked_from_its_first_byte() {
        // `tail -c +2` of a Chinese log: the text starts with the continuation bytes of
        // `值`, which the parallel check's first cut used to step over unchecked, so
        // `decode` handed out a `str` that was not UTF-8.
        let valid = "值 ok ключ\n".repeat(PARALLEL_CHECK_FROM / 10);
        let tail = &valid.as_bytes()[1..];
        assert!(!is_utf8(tail));
        assert_eq!(decode(tail), String::from_utf8_lossy(tail));
        assert!(decode(tail).starts_with('\u{FFFD}'));
        // Runs of stray continuation bytes at the start, the only bytes the first cut
        // stepped over: one, a character's worth, and more than any character has.
        for n in [1, 2, 3, 100] {
            let mut bytes = vec![0x80u8; n];
            bytes.extend_from_slice(valid.as_bytes());
            assert!(!is_utf8(&bytes), "{n}");
            assert_eq!(decode(&bytes), String::from_utf8_lossy(&bytes), "{n}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
        #[test]
        fn decode_is_from_utf8_lossy_on_any_bytes(
            bytes in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::prelude::Just(b'a'),
                    proptest::prelude::Just(0xe4u8),
                    proptest::prelude::Just(0xb8u8),
                    proptest::prelude::Just(0xadu8),
                    proptest::prelude::any::<u8>(),
                ],
                0..400,
            )
        ) {
            proptest::prop_assert_eq!(decode(&bytes), String::from_utf8_lossy(&bytes));
        }
    }

    #[test]
    fn lines_strip_cr_and_count_from_zero() {
        let l = Lines::new("a\r\nb\nc");
        assert_eq!(l.len(), 3);
        assert_eq!(l.get(0), Some("a"));
        assert_eq!(l.get(2), Some("c"));
        assert_eq!(l.index_of_offset(3), 1);
        assert_eq!(Lines::new("a\n").len(), 1);
        assert_eq!(Lines::new("").len(), 0);
    }

    #[test]
    fn printed_values() {
        assert_eq!(parse_printed("1052.55   "), Printed::Num(1052.55));
        assert_eq!(parse_printed("-0.00"), Printed::Num(0.0));
        assert!(parse_printed("-0.00") == Printed::Num(0.0));
        if let Printed::Num(v) = parse_printed("-0.00") {
            assert!(v.is_sign_positive());
        }
        assert_eq!(parse_printed("N/A"), Printed::Missing);
        assert_eq!(parse_printed("not set"), Printed::Missing);
        assert_eq!(parse_printed("inf"), Printed::Infinite);
        assert_eq!(parse_printed("1,146.31"), Printed::Num(1146.31));
        assert_eq!(parse_printed("71.54  (after warmup)"), Printed::Num(71.54));
        assert_eq!(parse_printed("[result]"), Printed::Word("[result]".into()));
        assert_eq!(parse_printed("12.5\u{a0}ms"), Printed::Num(12.5));
        assert_eq!(parse_printed("7\u{b}x"), Printed::Num(7.0));
    }

    #[test]
    fn ansi_codes_go_newlines_stay() {
        let t = "\u{1b}[1;32mMean TTFT (ms):\u{1b}[0m 1.0\r\nnext\u{1b}]8;;http://x\u{7}link";
        assert_eq!(strip_ansi(t), "Mean TTFT (ms): 1.0\r\nnextlink");
        assert!(matches!(strip_ansi("plain"), std::borrow::Cow::Borrowed(_)));
    }

    #[test]
    fn trims_are_the_standard_ones() {
        for t in [
            "",
            " ",
            "  x  ",
            "\u{b}x\u{b}",
            " \u{a0}x\u{3000} ",
            "\tx y\r\n",
            "é ",
            " é",
            "\u{b}",
            "x",
            " \u{85}",
            "\u{1c}x\u{1f}",
        ] {
            assert_eq!(trim(t), t.trim(), "{t:?}");
            assert_eq!(trim_start(t), t.trim_start(), "{t:?}");
            assert_eq!(trim_end(t), t.trim_end(), "{t:?}");
        }
    }

    #[test]
    fn prefixes() {
        assert_eq!(
            strip_prefix("    Mean TTFT (ms):   1.0  ", "    "),
            "Mean TTFT (ms):   1.0"
        );
        assert_eq!(
            strip_prefix("# Mean TTFT (ms): 1.0", "# "),
            "Mean TTFT (ms): 1.0"
        );
        assert_eq!(strip_prefix("  x", ""), "x");
    }
}
