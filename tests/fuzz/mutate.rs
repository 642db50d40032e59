//! The mutations of the bounded fuzzer: a seed changed by one to four edits that broke
//! or could break a reader of strangers' text. Byte-level edits (a flipped bit, a byte
//! set, a cut, a removed range, invalid UTF-8), splices of two seeds, and edits at line
//! starts and inside lines with what published documents hold: multi-byte characters,
//! markup and raw HTML, table pipes and fences, numbers out of range, JSON punctuation,
//! duplicated, dropped and swapped lines. Deterministic: the same seed of the generator
//! gives the same cases.

/// SplitMix64: a fixed generator, so that a case is the same on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Inputs do not grow past this: splices and duplicated lines would otherwise make a
/// few huge cases eat a campaign's time.
const LARGEST_INPUT: usize = 512 << 10;

/// Multi-byte characters, a BOM, an ideographic space, a combining accent, an emoji.
const MULTIBYTE: &[&str] = &[
    "中",
    "值",
    "ж",
    "\u{3000}",
    "\u{feff}",
    "e\u{301}",
    "🙂",
    "吞吐量: ",
    "Пропускная способность",
];

/// Markup, raw HTML and script, tables and fences.
const MARKUP: &[&str] = &[
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[a](javascript:alert(1))",
    "<svg onload=alert(1)>",
    "<a href=\"data:text/html,x\">",
    "<!--",
    "-->",
    "&lt;",
    "\\",
    "```\n",
    "~~~\n",
    "    ",
    "  ",
    "> ",
    "# ",
    "!!! note \"说明\"\n",
    "??? info\n",
    "<details>",
    "| a | b |\n|---|---|\n",
    "|",
    "||",
    "|---|",
    "`",
    "**",
    "_",
    "*",
];

/// Numbers out of range or oddly printed.
const NUMBERS: &[&str] = &[
    "1e309",
    "-1e309",
    "1e-320",
    "-0.00",
    "NaN",
    "inf",
    "-inf",
    "18446744073709551616",
    "99999999999999999999999999999",
    "1,146.31",
    "1 146,31",
    "12%",
    "0x1F",
    "-1",
    "0",
    ".5",
];

/// JSON and line structure, and words that start or name a result block.
const STRUCTURE: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"",
    "\":",
    "null",
    ",",
    ":",
    "\"\":{}",
    "\r\n",
    "\r",
    "\n",
    "\t",
    "\0",
    "============ Serving Benchmark Result ============\n",
    "Successful requests: ",
    "Mean TTFT (ms): ",
    "Output token throughput (tok/s): ",
    "before",
    "after",
    "baseline",
];

/// What is inserted: the pieces of text that readers of documents, tables and JSON
/// have tripped on, or could.
const TOKENS: &[&[&str]] = &[MULTIBYTE, MARKUP, NUMBERS, STRUCTURE];

/// Bytes that are not UTF-8 alone: a stray continuation byte, a cut character, an
/// invalid lead byte, an overlong slash, a surrogate.
const INVALID_UTF8: &[&[u8]] = &[b"\x80", b"\xe4\xb8", b"\xff", b"\xc0\xaf", b"\xed\xa0\x80"];

const INTERESTING_BYTES: &[u8] = b"\x00\xff\x7f\x80\n\r|`<>\"{}[],:-.0 9#";

/// One case: a seed of `seeds` with one to four edits.
pub fn mutate(rng: &mut Rng, seeds: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut input = rng.pick(seeds).1.clone();
    let edits = 1 + rng.below(4);
    for _ in 0..edits {
        edit(rng, &mut input, seeds);
        input.truncate(LARGEST_INPUT);
    }
    input
}

/// The starts of the lines of `input`.
fn line_starts(input: &[u8]) -> Vec<usize> {
    std::iter::once(0)
        .chain(
            input
                .iter()
                .enumerate()
                .filter(|(_, b)| **b == b'\n')
                .map(|(i, _)| i + 1),
        )
        .filter(|&i| i <= input.len())
        .collect()
}

/// A line of `input`, as the range it takes with its newline.
fn some_line(rng: &mut Rng, input: &[u8]) -> std::ops::Range<usize> {
    let starts = line_starts(input);
    let k = rng.below(starts.len());
    let end = starts.get(k + 1).copied().unwrap_or(input.len());
    starts[k]..end
}

fn edit(rng: &mut Rng, input: &mut Vec<u8>, seeds: &[(String, Vec<u8>)]) {
    let len = input.len();
    match rng.below(14) {
        0 if len > 0 => {
            let at = rng.below(len);
            input[at] ^= 1 << rng.below(8);
        }
        1 if len > 0 => {
            let at = rng.below(len);
            input[at] = *rng.pick(INTERESTING_BYTES);
        }
        // Cut off: a file still being written, a paste that lost its end.
        2 => input.truncate(rng.below(len + 1)),
        3 if len > 0 => {
            let from = rng.below(len);
            let to = (from + 1 + rng.below(64.min(len - from))).min(len);
            input.drain(from..to);
        }
        4 => {
            let at = rng.below(len + 1);
            let bad = rng.pick(INVALID_UTF8);
            input.splice(at..at, bad.iter().copied());
        }
        // This seed's start with another's end.
        5 => {
            let other = &rng.pick(seeds).1;
            let at = rng.below(len + 1);
            let from = rng.below(other.len() + 1);
            input.truncate(at);
            input.extend_from_slice(&other[from..]);
        }
        // A token anywhere, or at a line start where markup means something.
        6 | 7 => {
            let group = *rng.pick(TOKENS);
            let token = rng.pick(group).as_bytes();
            let at = if rng.below(2) == 0 {
                rng.below(len + 1)
            } else {
                some_line(rng, input).start
            };
            input.splice(at..at, token.iter().copied());
        }
        // A line again, elsewhere (a pasted block printed twice), or many times.
        8 => {
            let line = input[some_line(rng, input)].to_vec();
            let at = some_line(rng, input).start;
            let times = if rng.below(8) == 0 {
                1 + rng.below(200)
            } else {
                1
            };
            for _ in 0..times {
                input.splice(at..at, line.iter().copied());
            }
        }
        9 => {
            let line = some_line(rng, input);
            input.drain(line);
        }
        10 => {
            let a = some_line(rng, input);
            let b = some_line(rng, input);
            if a.end <= b.start {
                let (first, second) = (input[a.clone()].to_vec(), input[b.clone()].to_vec());
                input.splice(b, first);
                input.splice(a, second);
            }
        }
        // A number's digits replaced by a number out of range.
        11 => {
            let digits: Vec<usize> = (0..len).filter(|&i| input[i].is_ascii_digit()).collect();
            if !digits.is_empty() {
                let from = *rng.pick(&digits);
                let to = (from..len)
                    .find(|&i| !input[i].is_ascii_digit() && input[i] != b'.')
                    .unwrap_or(len);
                input.splice(from..to, rng.pick(NUMBERS).bytes());
            }
        }
        // A line's indentation changed (admonitions, code blocks and lists hang on it).
        12 => {
            let line = some_line(rng, input);
            let pad = *rng.pick(&["  ", "    ", "\t", "\u{3000}", ""]);
            let trimmed: Vec<u8> = input[line.clone()]
                .iter()
                .copied()
                .skip_while(|b| *b == b' ' || *b == b'\t')
                .collect();
            input.splice(line, pad.bytes().chain(trimmed));
        }
        // A cell of a table row split or joined.
        _ => {
            let pipes: Vec<usize> = (0..len).filter(|&i| input[i] == b'|').collect();
            if pipes.is_empty() {
                input.insert(rng.below(len + 1), b'|');
            } else {
                let at = *rng.pick(&pipes);
                if rng.below(2) == 0 {
                    input.remove(at);
                } else {
                    let pieces: [&[u8]; 3] = [b"| ", b"|\n", b"||"];
                    let piece = *rng.pick(&pieces);
                    input.splice(at..at, piece.iter().copied());
                }
            }
        }
    }
}
