//! The shapes of the sentences and cells in which a report states numbers, per language:
//! a number as printed ([`Said`], with its unit and place in the text), and the patterns
//! of each language's phrasings (`en.rs`; the Russian reference is read through
//! `published::plain`, which maps its phrasings onto the English ones), and what a table
//! cell quotes (`cell.rs`). The rules of `rules/` read claims through these.

pub(crate) mod cell;
pub(crate) mod en;

use crate::ingest::text::Lines;
use crate::published::PrintedNumber;

pub(crate) use en::*;

pub(crate) const NUM: &str = r"[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[+-]?\d+(?:\.\d+)?";

/// The metric a throughput study is about, and the one a cell's bare percentage is of.
pub(crate) const PRIMARY: &str = "total_token_throughput";

/// A number the report states, where it stands in the text.
#[derive(Debug, Clone)]
pub(crate) struct Said {
    pub(crate) number: PrintedNumber,
    pub(crate) text: String,
    pub(crate) span: Option<(usize, usize)>,
    /// The claim's unit in the metric's stored unit: 1000 for seconds quoted of a
    /// millisecond column (`Mean latency: 2.09s/req`), else 1.
    pub(crate) unit: f64,
    /// For a figure computed from two runs: the factor the first run's value is scaled
    /// by, a run on half the GPUs quoted `7081.34x2` (`(+134.8%)` is of 7081.34 × 2).
    pub(crate) times: f64,
}

/// Finds where a line's pieces sit in the whole text.
pub(crate) struct Locator<'t> {
    pub(crate) text: &'t str,
    pub(crate) lines: Lines<'t>,
}

impl<'t> Locator<'t> {
    /// Byte offset where `piece` (text found on line `line`) starts in the report.
    pub(crate) fn offset_of(&self, line: u64, piece: &str) -> Option<usize> {
        let l = self.lines.get(line.checked_sub(1)? as usize)?;
        let start = l.as_ptr() as usize - self.text.as_ptr() as usize;
        Some(start + l.find(piece)?)
    }

    pub(crate) fn line_offset(&self, line: u64) -> Option<usize> {
        let l = self.lines.get(line.checked_sub(1)? as usize)?;
        Some(l.as_ptr() as usize - self.text.as_ptr() as usize)
    }
}

pub(crate) fn said(m: regex::Match<'_>, base: Option<usize>) -> Option<Said> {
    let number = PrintedNumber::claimed(m.as_str())?;
    Some(Said {
        number,
        text: m.as_str().to_owned(),
        span: base.map(|b| (b + m.start(), b + m.end())),
        unit: 1.0,
        times: 1.0,
    })
}

/// A quoted value of `metric` found in `hay`, in the unit printed after it: a
/// millisecond column quoted in seconds (`2.09s/req`, `2.62s`) is compared in seconds.
pub(crate) fn said_in(
    hay: &str,
    m: regex::Match<'_>,
    base: Option<usize>,
    metric: &str,
) -> Option<Said> {
    let mut s = said(m, base)?;
    if metric.ends_with("_ms") && in_seconds(&hay[m.end()..]) {
        s.unit = 1000.0;
    }
    Some(s)
}

/// Whether the text after a number starts with a unit of seconds (`s`, `s/req`, `sec`),
/// not milliseconds.
pub(crate) fn in_seconds(after: &str) -> bool {
    let unit: String = after
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_alphabetic())
        .collect();
    matches!(
        unit.to_ascii_lowercase().as_str(),
        "s" | "sec" | "secs" | "second" | "seconds"
    )
}

/// Where a regex match sits in the report, given where its haystack starts.
pub(crate) trait SpanIn {
    fn span_in(&self, base: Option<usize>) -> Option<(usize, usize)>;
}

impl SpanIn for regex::Match<'_> {
    fn span_in(&self, base: Option<usize>) -> Option<(usize, usize)> {
        base.map(|b| (b + self.start(), b + self.end()))
    }
}
