//! A cursor over JSON text for the fast paths of the large result files (a vLLM
//! `--save-detailed` result: lists of a million numbers). serde_json reads such a list a
//! value at a time through its visitor machinery and parses each float with its exact
//! but slow algorithm; read here, a number is checked against JSON's grammar and parsed
//! by fast-float2 (also correctly rounded: the same bits).
//!
//! Every method returns `None` on anything it does not take on whole: a syntax error,
//! an escape it would have to interpret, a number out of range, deep nesting. The
//! caller then reads the text with serde_json as before, so that errors, and the values
//! of the odd cases, are serde_json's own; this cursor is only ever the quick way to
//! the same result.

use std::borrow::Cow;

/// Nesting this deep is left to serde_json, which has its own limit (128).
const MAX_DEPTH: u32 = 64;

/// Exponents of more digits are left to serde_json (its range errors).
const MAX_EXPONENT_DIGITS: usize = 4;

/// Integers of at most this many digits are exact in an f64 (below 2^53).
const EXACT_DIGITS: usize = 15;

pub struct Scan<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Scan<'a> {
    pub fn new(text: &'a str) -> Scan<'a> {
        Scan { text, pos: 0 }
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    /// JSON's whitespace: space, tab, line feed, carriage return.
    #[inline]
    pub fn ws(&mut self) {
        let b = self.bytes();
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = b.get(self.pos) {
            self.pos += 1;
        }
    }

    #[inline]
    pub fn peek(&self) -> Option<u8> {
        self.bytes().get(self.pos).copied()
    }

    /// Takes `byte` when it is next.
    #[inline]
    pub fn eat(&mut self, byte: u8) -> bool {
        let next = self.peek() == Some(byte);
        self.pos += usize::from(next);
        next
    }

    /// Takes `null`.
    #[inline]
    pub fn null(&mut self) -> Option<()> {
        self.literal(b"null")
    }

    fn literal(&mut self, word: &[u8]) -> Option<()> {
        self.bytes()[self.pos..].starts_with(word).then(|| {
            self.pos += word.len();
        })
    }

    /// After a value inside a list: `Some(true)` at its `]` (taken), `Some(false)` after
    /// its `,` (taken, and the whitespace after it).
    #[inline]
    pub fn list_next(&mut self) -> Option<bool> {
        self.ws();
        match self.peek()? {
            b',' => {
                self.pos += 1;
                self.ws();
                Some(false)
            }
            b']' => {
                self.pos += 1;
                Some(true)
            }
            _ => None,
        }
    }

    /// Takes `[` and the whitespace after it; `Some(true)` when the list is empty (its
    /// `]` taken too).
    #[inline]
    pub fn list_start(&mut self) -> Option<bool> {
        if !self.eat(b'[') {
            return None;
        }
        self.ws();
        Some(self.eat(b']'))
    }

    /// A number, or `null` as NaN (how the requests' columns keep a missing value).
    #[inline]
    pub fn f64_or_null(&mut self) -> Option<f64> {
        if self.peek()? == b'n' {
            self.null()?;
            return Some(f64::NAN);
        }
        self.f64()
    }

    /// A JSON number as serde_json reads it into an f64: an integer converted, anything
    /// else correctly rounded (serde_json's `float_roundtrip`, and fast-float2's
    /// parser, round correctly: the same bits). A number that does not fit is `None`.
    #[inline]
    pub fn f64(&mut self) -> Option<f64> {
        let start = self.pos;
        let (digits, float) = self.number_token(true)?;
        if !float && digits <= EXACT_DIGITS {
            let b = &self.bytes()[start..self.pos];
            let (negative, b) = match b {
                [b'-', rest @ ..] => (true, rest),
                _ => (false, b),
            };
            let value = b.iter().fold(0u64, |v, d| v * 10 + u64::from(d - b'0')) as f64;
            return Some(if negative { -value } else { value });
        }
        // fast-float2 (polars' own parser) is the standard library's algorithm
        // (Eisel-Lemire, then exact big-number arithmetic), twice as fast: both round
        // correctly, so they give the same bits.
        let x: f64 = fast_float2::parse(&self.bytes()[start..self.pos]).ok()?;
        x.is_finite().then_some(x)
    }

    /// Checks a number against JSON's grammar and takes it: the digits of its integer
    /// part, and whether it has a fraction or an exponent. A digit after a leading zero
    /// ends the token; the caller then finds no delimiter and gives up, as serde_json
    /// fails there.
    #[inline]
    fn number_token(&mut self, bounded: bool) -> Option<(usize, bool)> {
        let b = self.bytes();
        let digits_from = |mut i: usize| {
            while eight_digits(b, i) {
                i += 8;
            }
            while let Some(b'0'..=b'9') = b.get(i) {
                i += 1;
            }
            i
        };
        let mut i = self.pos;
        if b.get(i) == Some(&b'-') {
            i += 1;
        }
        let int_start = i;
        match b.get(i) {
            Some(b'0') => i += 1,
            Some(b'1'..=b'9') => i = digits_from(i + 1),
            _ => return None,
        }
        let digits = i - int_start;
        let mut float = false;
        if b.get(i) == Some(&b'.') {
            let end = digits_from(i + 1);
            if end == i + 1 {
                return None;
            }
            (i, float) = (end, true);
        }
        if let Some(b'e' | b'E') = b.get(i) {
            i += 1;
            if let Some(b'+' | b'-') = b.get(i) {
                i += 1;
            }
            let end = digits_from(i);
            if end == i || (bounded && end - i > MAX_EXPONENT_DIGITS) {
                return None;
            }
            (i, float) = (end, true);
        }
        self.pos = i;
        Some((digits, float))
    }

    /// A string, at its opening quote. Without escapes it is borrowed; with them
    /// serde_json reads it (the same unescaping, the same refusals).
    pub fn string(&mut self) -> Option<Cow<'a, str>> {
        let start = self.pos;
        let escaped = self.skip_string()?;
        let whole = &self.text[start..self.pos];
        if escaped {
            return serde_json::from_str::<String>(whole).ok().map(Cow::Owned);
        }
        Some(Cow::Borrowed(&whole[1..whole.len() - 1]))
    }

    /// Takes a string, at its opening quote; whether it holds an escape. A control
    /// character, which JSON forbids in a string, is `None`.
    fn skip_string(&mut self) -> Option<bool> {
        if !self.eat(b'"') {
            return None;
        }
        let b = self.bytes();
        let mut escaped = false;
        loop {
            let at = self.pos + memchr::memchr2(b'"', b'\\', &b[self.pos..])?;
            if b[self.pos..at].iter().any(|c| *c < 0x20) {
                return None;
            }
            if b[at] == b'"' {
                self.pos = at + 1;
                return Some(escaped);
            }
            // `\"` and `\\` must not end the scan; what an escape means is serde_json's
            // to say when the string is read.
            if at + 1 >= b.len() {
                return None;
            }
            escaped = true;
            self.pos = at + 2;
        }
    }

    /// Takes any JSON value, checked as serde_json's `IgnoredAny` checks it.
    pub fn skip_value(&mut self) -> Option<()> {
        self.skip_nested(0)
    }

    fn skip_nested(&mut self, depth: u32) -> Option<()> {
        if depth > MAX_DEPTH {
            return None;
        }
        match self.peek()? {
            b'"' => {
                let start = self.pos;
                if self.skip_string()? {
                    // Escapes checked by the reader whose check is the reference.
                    let whole = &self.text[start..self.pos];
                    serde_json::from_str::<serde::de::IgnoredAny>(whole).ok()?;
                }
            }
            b'n' => self.literal(b"null")?,
            b't' => self.literal(b"true")?,
            b'f' => self.literal(b"false")?,
            b'[' => {
                if !self.list_start()? {
                    loop {
                        self.skip_nested(depth + 1)?;
                        if self.list_next()? {
                            break;
                        }
                    }
                }
            }
            b'{' => members(self, |scan, _| scan.skip_nested(depth + 1))?,
            _ => {
                self.number_token(false)?;
            }
        }
        Some(())
    }
}

/// Whether the eight bytes from `i` on are all ASCII digits, tested at once: a number of
/// a result's lists has 16 to 19 of them, and a byte at a time was most of the time
/// spent skipping a list (simdjson's `is_made_of_eight_digits_fast`: a digit's high
/// nibble is 3, and still 3 once 6 is added).
#[inline]
fn eight_digits(b: &[u8], i: usize) -> bool {
    let Some(chunk) = b.get(i..i + 8).and_then(|c| <[u8; 8]>::try_from(c).ok()) else {
        return false;
    };
    let v = u64::from_le_bytes(chunk);
    const HIGH: u64 = 0xF0F0_F0F0_F0F0_F0F0;
    (v & HIGH) | ((v.wrapping_add(0x0606_0606_0606_0606) & HIGH) >> 4) == 0x3333_3333_3333_3333
}

/// Every top-level object of a text (several apart, as `--append-result` and JSONL
/// write them), each read by `object` from its `{` on, with the line it starts on; `None`
/// at anything else (an array at the top, two values without a space between them), left
/// to serde_json's stream.
pub fn objects<'a, T>(
    text: &'a str,
    mut object: impl FnMut(&mut Scan<'a>) -> Option<T>,
) -> Option<Vec<(u64, T)>> {
    let mut scan = Scan::new(text);
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let (mut line, mut counted) = (1u64, 0usize);
    scan.ws();
    while let Some(next) = scan.peek() {
        let apart = out.is_empty() || bytes[scan.pos - 1].is_ascii_whitespace();
        if next != b'{' || !apart {
            return None;
        }
        line += memchr::memchr_iter(b'\n', &bytes[counted..scan.pos]).count() as u64;
        counted = scan.pos;
        out.push((line, object(&mut scan)?));
        scan.ws();
    }
    Some(out)
}

/// Reads an object's members, from its `{` to its `}`: `member` reads each value (the
/// cursor on it) under its key.
pub fn members<'a>(
    scan: &mut Scan<'a>,
    mut member: impl FnMut(&mut Scan<'a>, Cow<'a, str>) -> Option<()>,
) -> Option<()> {
    if !scan.eat(b'{') {
        return None;
    }
    scan.ws();
    if scan.eat(b'}') {
        return Some(());
    }
    loop {
        scan.ws();
        let key = scan.string()?;
        scan.ws();
        if !scan.eat(b':') {
            return None;
        }
        scan.ws();
        member(scan, key)?;
        scan.ws();
        if scan.eat(b'}') {
            return Some(());
        }
        if !scan.eat(b',') {
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fast(text: &str) -> Option<f64> {
        let mut s = Scan::new(text);
        let x = s.f64()?;
        (s.pos() == text.len()).then_some(x)
    }

    #[test]
    fn numbers_are_the_bits_serde_json_reads_or_left_to_it() {
        let mut cases: Vec<String> = [
            "0",
            "-0",
            "-0.0",
            "64",
            "9007199254740993",
            "18446744073709551615",
            "18446744073709551616",
            "123456789012345678901234567890",
            "-9223372036854775808",
            "0.0026744283878853935",
            "100.003",
            "1e5",
            "1E+5",
            "2.5e-3",
            "1e-400",
            "1e308",
            "1.7976931348623157e308",
            "4.9e-324",
            "1e400",
            "01",
            "1.",
            ".5",
            "-",
            "+1",
            "1e",
            "0.1e99999",
            "5e-324",
            "2.2250738585072011e-308",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        // Shortest forms (what Python writes) and long ones, across magnitudes.
        let mut x = 0.000123456789f64;
        for i in 0..4000 {
            x = (x * 1.618_033_988_749_895 + 0.000_7 * f64::from(i)) % 1.0e6;
            cases.push(format!("{x}"));
            cases.push(format!("{x:e}"));
            cases.push(format!("{:.20}", x / 7.0));
            cases.push(format!("-{}", x / 1.0e9));
        }
        for case in &cases {
            let theirs = serde_json::from_str::<f64>(case).ok();
            // Where this gives up, serde_json's reading stands.
            if let Some(ours) = fast(case) {
                assert_eq!(Some(ours.to_bits()), theirs.map(f64::to_bits), "{case}");
            }
            if theirs.is_some() && !case.contains("e9999") && !case.contains("e400") {
                assert!(fast(case).is_some(), "{case} should be read here");
            }
        }
    }

    #[test]
    fn eight_digits_at_once_are_eight_digits() {
        for byte in 0..=255u8 {
            for at in 0..8 {
                let mut b = *b"12345678";
                b[at] = byte;
                assert_eq!(eight_digits(&b, 0), byte.is_ascii_digit(), "{byte} at {at}");
            }
        }
        assert!(!eight_digits(b"1234567", 0));
    }

    #[test]
    fn skipping_accepts_what_serde_json_ignores() {
        let good = [
            r#"{"a": [1, 2.5e-3, {"b": null}], "c": "d\"e\\", "f": true, "g": false}"#,
            r#"[[], {}, "", "\u00e9", -0, 1e999]"#,
        ];
        for text in good {
            let mut s = Scan::new(text);
            assert!(s.skip_value().is_some(), "{text}");
            assert_eq!(s.pos(), text.len());
            serde_json::from_str::<serde::de::IgnoredAny>(text).unwrap();
        }
        for bad in [
            r#"[1,]"#,
            r#"{"a" 1}"#,
            "[01]",
            "\"a\u{1}\"",
            r#""\x""#,
            "[tru]",
        ] {
            let mut s = Scan::new(bad);
            let whole = s.skip_value().is_some() && s.pos() == bad.len();
            assert!(!whole, "{bad}");
        }
    }
}
