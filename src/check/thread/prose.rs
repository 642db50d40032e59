//! Claims an author makes in prose about a before/after pair: "1.5% improvement in
//! throughput", "reduces TTFT by 12%", "33.6% E2E latency reduction", "1.3x faster".
//! A figure is a claim when its clause names a metric and says which way it moved (or
//! signs the figure); a figure without either ("GPU utilisation 95%") is not read.

use std::sync::LazyLock;

use regex::Regex;

use crate::published::PrintedNumber;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figure {
    /// `N%`
    Percent,
    /// `N.Nx`, `N.N×`
    Ratio,
}

/// Which way the words say the metric moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// "increase", "higher", "more": the value went up.
    Up,
    /// "reduction", "lower", "decrease", "drop": the value went down.
    Down,
    /// "improvement", "faster", "better", "gain": up for a throughput, down for a time.
    Better,
    /// "speedup": a ratio of rates (for a time, before / after).
    Speedup,
    /// "slower", "degradation", "regression", "worse".
    Worse,
}

/// How the figure bounds the truth.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// "already", "at least", "over", "more than".
    AtLeast,
    /// "up to", "at most".
    AtMost,
}

/// The metrics a clause names: one canonical column, or the throughputs when it says
/// only "throughput".
#[derive(Debug, Clone, PartialEq)]
pub struct ProseClaim {
    pub line: u64,
    /// Byte range of the figure in the document.
    pub span: (usize, usize),
    /// The figure as printed, sign included.
    pub text: String,
    pub number: PrintedNumber,
    pub figure: Figure,
    pub direction: Option<Direction>,
    pub bound: Bound,
    /// Candidate metrics, the likeliest first.
    pub metrics: Vec<&'static str>,
    /// The clause's words, as the author wrote them (what an unverifiable claim is of).
    pub words: String,
}

static FIGURE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?P<num>[+\-−]?[0-9]+(?:\.[0-9]+)?)\s?(?P<unit>%|[xX×](?:\b|\s|$))")
        .expect("static pattern")
});

const THROUGHPUTS: [&str; 3] = [
    "request_throughput",
    "output_throughput",
    "total_token_throughput",
];

/// The metric words of a clause, nearest the figure (at byte `figure`) first.
pub(super) fn metrics_of(clause: &str, figure: usize) -> Vec<&'static str> {
    let c = clause.to_ascii_lowercase();
    let p99 = c.contains("p99");
    let median = c.contains("median") || c.contains("p50");
    let pick = |mean: &'static str, med: &'static str, p: &'static str| {
        if p99 {
            p
        } else if median {
            med
        } else {
            mean
        }
    };
    let mut found: Vec<(usize, Vec<&'static str>)> = Vec::new();
    let mut at = |word: &str, metrics: Vec<&'static str>| {
        if let Some(i) = c.find(word) {
            found.push((i, metrics));
        }
    };
    at(
        "ttft",
        vec![pick("mean_ttft_ms", "median_ttft_ms", "p99_ttft_ms")],
    );
    at(
        "time to first token",
        vec![pick("mean_ttft_ms", "median_ttft_ms", "p99_ttft_ms")],
    );
    at(
        "tpot",
        vec![pick("mean_tpot_ms", "median_tpot_ms", "p99_tpot_ms")],
    );
    at("itl", vec!["mean_itl_ms"]);
    at("e2e", vec!["mean_e2el_ms"]);
    at("latency", vec!["mean_e2el_ms"]);
    at("output throughput", vec!["output_throughput"]);
    at("output token throughput", vec!["output_throughput"]);
    at("request throughput", vec!["request_throughput"]);
    at("req/s", vec!["request_throughput"]);
    at("throughput", THROUGHPUTS.to_vec());
    at("tok/s", vec!["output_throughput", "total_token_throughput"]);
    at(
        "tokens/s",
        vec!["total_token_throughput", "output_throughput"],
    );
    at("prompt processing", vec!["input_throughput"]);
    at("token generation", vec!["output_throughput"]);
    at("text generation", vec!["output_throughput"]);
    // llama.cpp's test names and sweep columns: `pp512`, `tg128`, `S_PP t/s`, "PP".
    for (i, token) in words_at(&c) {
        let test = |p: &str| {
            token
                .strip_prefix(p)
                .is_some_and(|n| n.chars().all(|ch| ch.is_ascii_digit()))
        };
        if test("pp") {
            found.push((i, vec!["input_throughput"]));
        } else if test("tg") {
            found.push((i, vec!["output_throughput"]));
        }
    }
    found.sort_by_key(|(i, _)| i.abs_diff(figure));
    // The more specific word at the same place wins ("output throughput" over
    // "throughput"): keep the first list of each metric.
    let mut out: Vec<&'static str> = Vec::new();
    for (_, metrics) in found {
        if metrics.len() == 1 || out.is_empty() {
            for m in metrics {
                if !out.contains(&m) {
                    out.push(m);
                }
            }
        }
    }
    out
}

/// The words of `text` (runs of letters and digits) with their byte offsets.
fn words_at(text: &str) -> impl Iterator<Item = (usize, &str)> {
    WORD.find_iter(text).map(|m| (m.start(), m.as_str()))
}

static WORD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[\p{L}\p{N}]+").expect("static pattern"));

fn direction_of(clause: &str) -> Option<Direction> {
    let c = clause.to_ascii_lowercase();
    let any = |ws: &[&str]| ws.iter().any(|w| c.contains(w));
    if any(&["speedup", "speed-up", "speed up"]) {
        Some(Direction::Speedup)
    } else if any(&["slower", "degrad", "regress", "worse"]) {
        Some(Direction::Worse)
    } else if any(&["reduc", "lower", "decreas", "drop", "less", "fewer", "cut"]) {
        Some(Direction::Down)
    } else if any(&["improv", "faster", "better", "gain", "boost"]) {
        Some(Direction::Better)
    } else if any(&["increas", "higher", "more", "rais"]) {
        Some(Direction::Up)
    } else {
        None
    }
}

fn bound_of(before: &str) -> Bound {
    let b = before.to_lowercase();
    // The last 16 bytes, from a character start: the text is anyone's.
    let tail = crate::offsets::tail(&b, b.len().saturating_sub(16));
    if tail.contains("up to") || tail.contains("at most") {
        Bound::AtMost
    } else if b.contains("already")
        || tail.contains("at least")
        || tail.contains("over ")
        || tail.contains("more than")
        || tail.contains(">")
    {
        Bound::AtLeast
    } else {
        Bound::Exact
    }
}

/// The clause of `line` around byte `at`: between the separators `,;()` and sentence
/// ends.
pub(super) fn clause(line: &str, at: usize, end: usize) -> (&str, &str, usize) {
    let seps = |c: char| matches!(c, ',' | ';' | '(' | ')' | '|');
    let start = line[..at]
        .rfind(|c: char| seps(c))
        .map_or(0, |i| i + 1)
        .max(line[..at].rfind(". ").map_or(0, |i| i + 2));
    let stop = line[end..]
        .find(|c: char| seps(c))
        .map_or(line.len(), |i| end + i)
        .min(line[end..].find(". ").map_or(line.len(), |i| end + i));
    (&line[start..stop], &line[..at], at - start)
}

/// The lines of the document's prose (outside fences, tables and HTML comments):
/// number, byte offset of the line in the document, text.
pub(super) fn prose_lines(text: &str) -> Vec<(u64, usize, &str)> {
    let mut out = Vec::new();
    let mut in_fence = false;
    let mut in_comment = false;
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let start = offset;
        offset += line.len();
        let t = line.trim();
        if in_comment {
            in_comment = !t.contains("-->");
            continue;
        }
        if t.starts_with("<!--") {
            in_comment = !t.contains("-->");
            continue;
        }
        if t.starts_with("```") || t.starts_with("~~~") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence || t.starts_with('|') {
            continue;
        }
        out.push((i as u64 + 1, start, line));
    }
    out
}

/// Every claim in the document's prose; the ends of a range ("+5.6..+10.8%") are one
/// claim of `spread.rs`, not two, and an inline pair's figure is `inline.rs`'s. With
/// `loose`, a figure whose clause says which way it moved but names no metric ("up to
/// 1.23x gain") is a claim too, of no metric.
pub fn claims(text: &str, loose: bool) -> Vec<ProseClaim> {
    let mut out = Vec::new();
    for (n, start, line) in prose_lines(text) {
        let mut ranges = super::spread::range_spans(line);
        ranges.extend(super::inline::spans(line));
        for m in FIGURE.captures_iter(line) {
            let num = m.name("num").expect("group of the pattern");
            let whole = m.get(0).expect("whole match");
            if ranges
                .iter()
                .any(|r| r.0 <= whole.start() && whole.start() < r.1)
            {
                continue;
            }
            // A number glued to a word is a name (`Ryzen-7950X`, `H100x8`), not a figure.
            if line[..whole.start()]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric)
            {
                continue;
            }
            let figure = if m["unit"].starts_with('%') {
                Figure::Percent
            } else {
                Figure::Ratio
            };
            let token = num.as_str().replace('−', "-");
            let Some(number) = PrintedNumber::claimed(&token) else {
                continue;
            };
            let (clause, before, at) = clause(line, whole.start(), whole.end());
            let metrics = metrics_of(clause, at);
            let direction = direction_of(clause);
            let signed = token.starts_with(['+', '-']);
            let no_metric = metrics.is_empty() && !(loose && direction.is_some());
            if no_metric || (direction.is_none() && !signed) {
                continue;
            }
            out.push(ProseClaim {
                line: n,
                span: (start + num.start(), start + whole.end()),
                text: format!("{}{}", num.as_str(), &m["unit"].trim()),
                number,
                figure,
                direction,
                bound: bound_of(before),
                metrics,
                words: clause
                    .trim()
                    .trim_start_matches([':', '-', '*', ' '])
                    .to_owned(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_of_prose() {
        let c = claims("Already 1.5% improvement in throughput.\n", false);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].text, "1.5%");
        assert_eq!(c[0].direction, Some(Direction::Better));
        assert_eq!(c[0].bound, Bound::AtLeast);
        assert_eq!(c[0].metrics, THROUGHPUTS.to_vec());

        let c = claims(
            "This gives a 33.6% E2E latency reduction and 1.3x faster TTFT.\n",
            false,
        );
        assert_eq!(c.len(), 2);
        assert_eq!(c[0].metrics[0], "mean_e2el_ms");
        assert_eq!(c[0].direction, Some(Direction::Down));
        assert_eq!(c[1].figure, Figure::Ratio);
        assert_eq!(c[1].metrics[0], "mean_ttft_ms");
    }

    #[test]
    fn figures_without_a_metric_or_a_direction_are_not_claims() {
        assert!(claims("GPU utilisation 95%, CV 0.47%\n", false).is_empty());
        assert!(claims("```\nThroughput improved 5%\n```\n", false).is_empty());
        assert!(claims("TTFT is 95% of the total\n", false).is_empty());
        // A product's name is no ratio.
        assert!(claims("on the Ryzen-7950X TG-128 is faster\n", false).is_empty());
        assert_eq!(claims("10X faster PP here!\n", false)[0].text, "10X");
        // Loose: a direction without a metric is a claim of no metric, a bare figure not.
        let loose = claims(
            "The performance improvement of up to 1.23x is observed.\nCV 0.47%\n",
            true,
        );
        assert_eq!(loose.len(), 1);
        assert!(loose[0].metrics.is_empty());
        assert_eq!(loose[0].bound, Bound::AtMost);
    }
}
