//! The numbers a report claims, each recomputed from the blocks it quotes.
//!
//! Claims are found in four places: the summary sentence under an experiment's variants
//! (`` `vLLM` Total TPS = 11527.14, ... is faster by 5027.72 tok/s (77.36%); Mean TPOT =
//! 15.12 ms vs 138.86 ms, reduced by 123.74 ms (89.11%) ``), the older `Result:` line
//! (`MineIE (4712.47 tok/s) > vLLM (1227.19 tok/s)`), the summary table (each experiment's
//! best variant against the baseline, or `Success rate: 51.5%`) and the conclusion table
//! (baseline and optimized on every profile). A quoted value is tied to its block by
//! structure where the report gives one (a variant's name, a case's profile, the study's
//! baseline) and otherwise to the block whose printed values it matches best.
//!
//! The formulas are those the reports use (see `interval.rs` for how rounding is
//! handled): differences in the primary metric's unit, percentages over the slower run
//! (`(A - B) / B * 100`), changes over the baseline, success rate as completed over the
//! profile's requested total.

use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use super::interval::{self, Interval};
use crate::ingest::text::Lines;
use crate::published::{normalize_name, Block, Experiment, PrintedNumber, Report, Row, Table};

/// Where a claim was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimSource {
    SummarySentence,
    ResultLine,
    SummaryTable,
    ConclusionTable,
}

/// What a claim states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Quantity {
    /// A block's value quoted (`Total TPS = 11527.14`).
    Value,
    /// `faster by 5027.72 tok/s`, `reduced by 123.74 ms`.
    Difference,
    /// `(77.36%)`, `(+2.09%)`, `+284.0%`.
    PercentChange,
    /// `Success rate: 51.5%`.
    SuccessRate,
    /// `A is faster`, `reduced`, `A > B`.
    Order,
    /// The two runs compared are the fastest and the slowest of their experiment.
    Extremes,
    /// The optimized cell quotes the experiment's best valid variant.
    Best,
    /// The run quoted exists: a variant of that name, a block for that row.
    Block,
    /// `(1.26x faster)`: the slower value over the faster.
    Ratio,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Claim {
    pub line: u64,
    pub source: ClaimSource,
    pub quantity: Quantity,
    /// The canonical column the claim is about, when it is about one.
    pub metric: Option<String>,
    /// The variant, row or pair the claim is made for, as the report names it.
    pub subject: String,
    /// As printed (`51.5`, `+2.09`, `vLLM > SGLang`).
    pub claimed: String,
    /// From the printed inputs, written like the claim; `None` when nothing could be
    /// recomputed (a block is missing).
    pub recomputed: Option<String>,
    /// Every value the printed inputs allow, when the claim is a number.
    pub range: Option<[f64; 2]>,
    pub holds: bool,
    /// `holds`, `wrong`, or `unverifiable`: nothing in the report's structure ties the
    /// claim to a block, or its block does not print the value (neither holds nor wrong).
    pub verdict: Verdict,
    /// Lines of the block values the claim was recomputed from.
    pub inputs: Vec<u64>,
    /// Byte range of the claimed number in the report's text.
    #[serde(skip)]
    pub span: Option<(usize, usize)>,
}

/// What became of a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Holds,
    Wrong,
    /// Nothing ties the claim to a block (a row whose section has no run, a case the
    /// report never ran), or the block does not print the value: not checked.
    Unverifiable,
}

impl Verdict {
    fn of(holds: bool) -> Self {
        if holds {
            Verdict::Holds
        } else {
            Verdict::Wrong
        }
    }
}

const NUM: &str = r"[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[+-]?\d+(?:\.\d+)?";

/// A variant's name in a sentence: in backticks (GPUStack) or in bold (perflab).
const NAME: &str = r"(?:`(?P<name>[^`]+)`|\*\*(?P<bold>[^*]+)\*\*)";

static PAIR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"{NAME}\s+(?P<label>[A-Za-z][A-Za-z0-9 ]*?)\s*=\s*(?P<num>{NUM})"
    ))
    .expect("valid regex")
});
static VERDICT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"{NAME}\s+is\s+(?P<dir>faster|slower)\s+by\s+(?P<diff>{NUM})\s*(?P<unit>[A-Za-z/]+)\s*\(\s*(?:(?P<pct>{NUM})\s*%|(?P<times>{NUM})\s*[x×]\s*(?:faster|slower))\s*\)"
    ))
    .expect("valid regex")
});
static SECONDARY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?P<label>(?:Mean\s+)?(?:[A-Z][A-Za-z0-9]*))\s*=\s*(?P<a>{NUM})\s*ms\s+vs\.?\s+(?P<b>{NUM})\s*ms,?\s*(?P<dir>reduced|increased)\s+by\s+(?P<diff>{NUM})\s*ms\s*\(\s*(?:(?P<pct>{NUM})\s*%|(?P<times>{NUM})\s*[x×]\s*(?:faster|slower))[^)]*\)"
    ))
    .expect("valid regex")
});
static RESULT_ITEM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?P<name>[^()<>=:]+?)\s*\(\s*(?P<num>{NUM})\s*(?P<unit>[^)]*)\)\s*(?P<op>[<>=]?)"
    ))
    .expect("valid regex")
});
/// `Mean latency per request: SGLang(1.61 s) < vLLM (1.68 s)`: a metric, then runs in order.
static ORDER_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"^\s*(?P<label>[A-Za-z][A-Za-z0-9 ]*?)(?:\s+per\s+request)?\s*:[^()]*\(\s*(?:{NUM})[^)]*\)\s*[<>]"
    ))
    .expect("valid regex")
});

/// The metric an order line compares, if `text` is one.
fn order_line_metric(text: &str) -> Option<&'static str> {
    metric_of_label(ORDER_LINE.captures(text)?.name("label")?.as_str())
}

static CELL_METRIC: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?P<label>[A-Za-z][A-Za-z0-9 ]*?)\s*(?:\([^)<>]*\))?\s*:\s*(?P<num>{NUM})(?:\s*[x×]\s*(?P<times>\d+)\b)?"
    ))
    .expect("valid regex")
});
/// `(+2.09%)`, or with a remark after it: `(+7.60%, lower than previous +8.47%, ...)`, or
/// per GPU: `(+21.1%/GPU)`.
static CELL_PERCENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"\(\s*(?P<num>{NUM})\s*%(?P<gpu>\s*/\s*GPU\b)?\s*(?:\)|,[^)]*\))"
    ))
    .expect("valid regex")
});
/// `(1.26x faster)`, `(1.00x slower)`.
static CELL_TIMES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"\(\s*(?P<num>{NUM})\s*[x×]\s*(?P<dir>faster|slower)\s*\)"
    ))
    .expect("valid regex")
});
static SUCCESS_RATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"(?i)success rate:?\s*(?P<num>{NUM})\s*%")).expect("valid regex")
});
static IMPROVED_TO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)improved\s+from\s+(?P<from>{NUM})\s*tok/s\s+to\s+(?P<to>{NUM})\s*tok/s"
    ))
    .expect("valid regex")
});
static BARE_PERCENT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!(r"(?P<num>{NUM})\s*%")).expect("valid regex"));

/// The canonical column a report's label names: `Total TPS`, `Mean TPOT(ms)`.
pub fn metric_of_label(label: &str) -> Option<&'static str> {
    let label = match label.find('(') {
        Some(i) => &label[..i],
        None => label,
    };
    let words: Vec<String> = label
        .split_whitespace()
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let key = words.join(" ");
    Some(match key.as_str() {
        "total tps" | "total token throughput" | "total throughput" => "total_token_throughput",
        "output tps" | "output token throughput" | "output throughput" => "output_throughput",
        "request throughput" => "request_throughput",
        "mean tpot" => "mean_tpot_ms",
        "mean ttft" => "mean_ttft_ms",
        "mean itl" => "mean_itl_ms",
        "mean e2el" | "mean latency" | "mean e2e latency" => "mean_e2el_ms",
        "median tpot" => "median_tpot_ms",
        "median ttft" => "median_ttft_ms",
        "p99 ttft" => "p99_ttft_ms",
        "p99 tpot" => "p99_tpot_ms",
        _ => return None,
    })
}

const PRIMARY: &str = "total_token_throughput";

/// A number the report states, where it stands in the text.
#[derive(Debug, Clone)]
struct Said {
    number: PrintedNumber,
    text: String,
    span: Option<(usize, usize)>,
    /// The claim's unit in the metric's stored unit: 1000 for seconds quoted of a
    /// millisecond column (`Mean latency: 2.09s/req`), else 1.
    unit: f64,
    /// For a figure computed from two runs: the factor the first run's value is scaled
    /// by, a run on half the GPUs quoted `7081.34x2` (`(+134.8%)` is of 7081.34 × 2).
    times: f64,
}

/// Finds where a line's pieces sit in the whole text.
struct Locator<'t> {
    text: &'t str,
    lines: Lines<'t>,
}

impl<'t> Locator<'t> {
    /// Byte offset where `piece` (text found on line `line`) starts in the report.
    fn offset_of(&self, line: u64, piece: &str) -> Option<usize> {
        let l = self.lines.get(line.checked_sub(1)? as usize)?;
        let start = l.as_ptr() as usize - self.text.as_ptr() as usize;
        Some(start + l.find(piece)?)
    }

    fn line_offset(&self, line: u64) -> Option<usize> {
        let l = self.lines.get(line.checked_sub(1)? as usize)?;
        Some(l.as_ptr() as usize - self.text.as_ptr() as usize)
    }
}

fn said(m: regex::Match<'_>, base: Option<usize>) -> Option<Said> {
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
fn said_in(hay: &str, m: regex::Match<'_>, base: Option<usize>, metric: &str) -> Option<Said> {
    let mut s = said(m, base)?;
    if metric.ends_with("_ms") && in_seconds(&hay[m.end()..]) {
        s.unit = 1000.0;
    }
    Some(s)
}

/// Whether the text after a number starts with a unit of seconds (`s`, `s/req`, `sec`),
/// not milliseconds.
fn in_seconds(after: &str) -> bool {
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

/// Levenshtein distance, for names a report misspells (`MineIE`, `Decodng`).
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The closest name within a few typos, or the exact one.
fn closest<'a>(wanted: &str, names: impl Iterator<Item = &'a str>) -> Option<usize> {
    let wanted = normalize_name(wanted);
    let limit = (wanted.chars().count() / 5).max(1);
    let mut best: Option<(usize, usize)> = None;
    for (i, name) in names.enumerate() {
        let d = edit_distance(&wanted, &normalize_name(name));
        if d <= limit && best.is_none_or(|(_, bd)| d < bd) {
            best = Some((i, d));
        }
    }
    best.map(|(i, _)| i)
}

/// A title to compare: without numbering, its `&&` parts sorted (`Prefix Cache &&
/// KV Cache Dtype` is `KV Cache Dtype && Prefix Cache`).
fn title_key(title: &str) -> String {
    let mut parts: Vec<String> = without_numbering(title)
        .split("&&")
        .map(normalize_name)
        .filter(|p| !p.is_empty())
        .collect();
    parts.sort();
    parts.join(" && ")
}

/// `Parallelism in SGLang` → `Parallelism`: the engine a section's title ends with.
fn without_engine(title: &str) -> &str {
    match title.rsplit_once(" in ") {
        Some((head, engine)) if !engine.trim().contains(' ') && !head.trim().is_empty() => {
            head.trim_end()
        }
        _ => title,
    }
}

/// `1. Choosing the Inference Engine` → `Choosing the Inference Engine`.
fn without_numbering(title: &str) -> &str {
    let t = title.trim();
    let after_digits = t.trim_start_matches(|c: char| c.is_ascii_digit());
    if after_digits.len() < t.len() {
        if let Some(rest) = after_digits.strip_prefix('.') {
            return rest.trim_start();
        }
    }
    t
}

/// Cell text without Markdown emphasis or HTML tags.
fn plain(cell: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in cell.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("**", "")
        .replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .trim()
        .to_owned()
}

/// What a table cell quotes: metric values, a percentage after the primary one, a
/// success rate.
#[derive(Debug, Default)]
struct CellQuote {
    values: Vec<(&'static str, Said)>,
    /// Where each value ends in the cell, to tie a percentage to the value before it.
    ends: Vec<usize>,
    /// The GPU-scaling factor after each value (`7081.34x2`), else 1.
    times: Vec<f64>,
    percent: Option<(&'static str, Said)>,
    /// The percentage compares values per GPU (`(+21.1%/GPU)`).
    per_gpu: bool,
    /// `(1.26x faster)` after a value: its metric, the ratio, and whether faster.
    ratio: Option<(&'static str, Said, bool)>,
    success: Option<Said>,
}

fn quote_of(cell: &str, base: Option<usize>) -> CellQuote {
    let mut q = CellQuote::default();
    for c in CELL_METRIC.captures_iter(cell) {
        let (Some(label), Some(num)) = (c.name("label"), c.name("num")) else {
            continue;
        };
        let Some(metric) = metric_of_label(label.as_str()) else {
            continue;
        };
        if let Some(s) = said_in(cell, num, base, metric) {
            let times = c.name("times").and_then(|t| t.as_str().parse::<f64>().ok());
            q.values.push((metric, s));
            q.ends.push(c.get(0).map_or(num.end(), |m| m.end()));
            q.times.push(times.filter(|t| *t > 0.0).unwrap_or(1.0));
        }
    }
    if let Some(num) = SUCCESS_RATE.captures(cell).and_then(|c| c.name("num")) {
        q.success = said(num, base);
    }
    if let Some(c) = CELL_TIMES.captures(cell) {
        let num = c.name("num").expect("the pattern has a number");
        let metric = q
            .values
            .iter()
            .zip(&q.ends)
            .rev()
            .find(|(_, end)| **end <= num.start())
            .map(|((m, _), _)| *m);
        let faster = c.name("dir").is_some_and(|d| d.as_str() == "faster");
        if let (Some(metric), Some(s)) = (metric, said(num, base)) {
            q.ratio = Some((metric, s, faster));
        }
    }
    if let Some(c) = CELL_PERCENT.captures(cell) {
        let num = c.name("num").expect("the pattern has a number");
        q.per_gpu = c.name("gpu").is_some();
        let (metric, times) = q
            .values
            .iter()
            .zip(&q.ends)
            .zip(&q.times)
            .rev()
            .find(|((_, end), _)| **end <= num.start())
            .map_or((PRIMARY, 1.0), |(((m, _), _), t)| (*m, *t));
        q.percent = said(num, base).map(|s| (metric, Said { times, ..s }));
    }
    q
}

/// Which column of a table holds what.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Column {
    Label,
    Baseline,
    Optimized,
    Improvement,
    Other,
}

fn columns(header: &Row) -> Vec<Column> {
    header
        .cells
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let t = c.text.to_ascii_lowercase();
            if i == 0 {
                Column::Label
            } else if t.starts_with("baseline") {
                Column::Baseline
            } else if t.starts_with("optimized") {
                Column::Optimized
            } else if t.contains("improvement") {
                Column::Improvement
            } else {
                Column::Other
            }
        })
        .collect()
}

pub struct Claims<'r> {
    report: &'r Report,
    loc: Locator<'r>,
    /// The profile's requested total of each block, when known.
    totals: Vec<Option<f64>>,
    pub claims: Vec<Claim>,
}

impl<'r> Claims<'r> {
    pub fn new(report: &'r Report, text: &'r str, totals: Vec<Option<f64>>) -> Self {
        Claims {
            report,
            loc: Locator {
                text,
                lines: Lines::new(text),
            },
            totals,
            claims: Vec::new(),
        }
    }

    /// Finds and recomputes every claim, in line order.
    pub fn collect(mut self) -> Vec<Claim> {
        for (e, exp) in self.report.experiments.iter().enumerate() {
            for s in &exp.sentences {
                let base = self.loc.offset_of(s.line, &s.text);
                let lower = s.text.to_ascii_lowercase();
                if lower.starts_with("result:") {
                    self.result_line(e, s.line, &s.text, base, None);
                    self.improved_sentence(e, s.line, &s.text, base);
                } else if let Some(metric) = order_line_metric(&s.text) {
                    self.result_line(e, s.line, &s.text, base, Some(metric));
                } else {
                    self.summary_sentence(e, s.line, &s.text, base);
                }
            }
        }
        if let Some(t) = &self.report.summary {
            self.summary_table(t);
        }
        if let Some(t) = &self.report.conclusion {
            self.conclusion_table(t);
        }
        let mut claims = self.claims;
        claims.sort_by_key(|c| (c.line, c.span.map_or(0, |s| s.0)));
        claims
    }

    fn block(&self, b: usize) -> &'r Block {
        &self.report.blocks[b]
    }

    fn variant_block(&self, e: usize, v: usize) -> Option<usize> {
        self.report.experiments[e].variants[v]
            .blocks
            .first()
            .copied()
    }

    fn push(&mut self, claim: Claim) {
        self.claims.push(claim);
    }

    /// A block's value quoted as `said`.
    #[allow(clippy::too_many_arguments)]
    fn value_claim(
        &mut self,
        line: u64,
        source: ClaimSource,
        subject: &str,
        metric: &str,
        said: &Said,
        block: usize,
    ) {
        let b = self.block(block);
        let number = b.number(metric).map(|n| n.scaled(1.0 / said.unit));
        // The block's value as printed, unless the claim quotes it in another unit.
        let printed = if said.unit == 1.0 {
            b.printed.get(metric).map(|p| p.text.clone())
        } else {
            number.map(|n| said.number.format_like(n.value))
        };
        let holds = number.is_some_and(|n| interval::holds(&said.number, Interval::of(&n)));
        // A block that does not print the value (vLLM's serve block has no E2E latency)
        // cannot say whether the claim holds.
        let verdict = match number {
            Some(_) => Verdict::of(holds),
            None => Verdict::Unverifiable,
        };
        self.push(Claim {
            line,
            source,
            quantity: Quantity::Value,
            metric: Some(metric.to_owned()),
            subject: subject.to_owned(),
            claimed: said.text.clone(),
            recomputed: printed.or_else(|| number.map(|n| format!("{}", n.value))),
            range: number.map(|n| [n.lo(), n.hi()]),
            holds,
            verdict,
            inputs: vec![b.line_of(metric)],
            span: said.span,
        });
    }

    /// A figure computed from two blocks' values.
    #[allow(clippy::too_many_arguments)]
    fn formula_claim(
        &mut self,
        line: u64,
        source: ClaimSource,
        quantity: Quantity,
        subject: &str,
        metric: &str,
        said: &Said,
        formula: Formula,
        a: usize,
        b: usize,
    ) {
        let (ba, bb) = (self.block(a), self.block(b));
        let inputs = vec![ba.line_of(metric), bb.line_of(metric)];
        let (range, point) = match (ba.number(metric), bb.number(metric)) {
            (Some(x), Some(y)) => formula.eval(
                &x.scaled(said.times / said.unit),
                &y.scaled(1.0 / said.unit),
            ),
            _ => (None, None),
        };
        let holds = range.is_some_and(|r| interval::holds(&said.number, r));
        let verdict = match range {
            Some(_) => Verdict::of(holds),
            None => Verdict::Unverifiable,
        };
        self.push(Claim {
            line,
            source,
            quantity,
            metric: Some(metric.to_owned()),
            subject: subject.to_owned(),
            claimed: said.text.clone(),
            recomputed: point.map(|p| said.number.format_like(p)),
            range: range.map(|r| [r.lo, r.hi]),
            holds,
            verdict,
            inputs,
            span: said.span,
        });
    }

    /// A run the report's structure names (a variant, a case) that no block holds: wrong.
    fn missing(
        &mut self,
        line: u64,
        source: ClaimSource,
        subject: &str,
        span: Option<(usize, usize)>,
    ) {
        self.no_block(line, source, subject, span, Verdict::Wrong);
    }

    /// A claim nothing ties to a block: reported, neither holding nor wrong.
    fn unverifiable(
        &mut self,
        line: u64,
        source: ClaimSource,
        subject: &str,
        span: Option<(usize, usize)>,
    ) {
        self.no_block(line, source, subject, span, Verdict::Unverifiable);
    }

    /// A claim about a run for which no block could be found.
    fn no_block(
        &mut self,
        line: u64,
        source: ClaimSource,
        subject: &str,
        span: Option<(usize, usize)>,
        verdict: Verdict,
    ) {
        self.push(Claim {
            line,
            source,
            quantity: Quantity::Block,
            metric: None,
            subject: subject.to_owned(),
            claimed: subject.to_owned(),
            recomputed: None,
            range: None,
            holds: false,
            verdict,
            inputs: Vec::new(),
            span,
        });
    }

    /// The experiment's only variant block whose `metric` is `said`, within rounding.
    fn only_block_printing(&self, e: usize, metric: &str, said: &Said) -> Option<usize> {
        let mut matching = self.report.experiments[e]
            .variants
            .iter()
            .filter_map(|v| v.blocks.first().copied())
            .filter(|&b| {
                self.block(b)
                    .number(metric)
                    .is_some_and(|n| interval::holds(&said.number, Interval::of(&n)))
            });
        let first = matching.next()?;
        matching.next().is_none().then_some(first)
    }

    fn find_variant(&self, e: usize, name: &str) -> Option<usize> {
        let exp = &self.report.experiments[e];
        closest(name, exp.variants.iter().map(|v| v.name.as_str()))
    }

    fn summary_sentence(&mut self, e: usize, line: u64, text: &str, base: Option<usize>) {
        let src = ClaimSource::SummarySentence;
        // `A` Total TPS = x, `B` Total TPS = y
        let mut named: Vec<(String, Option<usize>)> = Vec::new();
        let mut primary = PRIMARY;
        for c in PAIR.captures_iter(text) {
            let name = c.name("name").or_else(|| c.name("bold"));
            let (Some(name), Some(label), Some(num)) = (name, c.name("label"), c.name("num"))
            else {
                continue;
            };
            let Some(metric) = metric_of_label(label.as_str()) else {
                continue;
            };
            primary = metric;
            let Some(s) = said_in(text, num, base, metric) else {
                continue;
            };
            let v = self.find_variant(e, name.as_str());
            // A name no variant has (a translation renamed the headings but not the
            // sentence): the one block of the experiment that prints the quoted value.
            let block = match v {
                Some(v) => self.variant_block(e, v),
                None => self.only_block_printing(e, metric, &s),
            };
            match block {
                Some(b) => self.value_claim(line, src, name.as_str(), metric, &s, b),
                None => self.missing(line, src, name.as_str(), s.span),
            }
            named.push((name.as_str().to_owned(), block));
        }
        let Some(c) = VERDICT.captures(text) else {
            return;
        };
        let name = c.name("name").or_else(|| c.name("bold"));
        let (Some(name), Some(dir), Some(diff)) = (name, c.name("dir"), c.name("diff")) else {
            return;
        };
        let first = named
            .iter()
            .find(|(n, _)| normalize_name(n) == normalize_name(name.as_str()));
        let other = named
            .iter()
            .find(|(n, _)| normalize_name(n) != normalize_name(name.as_str()));
        let (Some((a_name, Some(a))), Some((b_name, Some(b)))) = (first.cloned(), other.cloned())
        else {
            return;
        };
        let faster = dir.as_str() == "faster";
        let subject = format!("{a_name} / {b_name}");
        // `A is faster`: A's primary metric above B's, or below it for a latency; `slower`
        // mirrors it.
        let latency = primary.ends_with("_ms");
        let (hi, lo) = if faster != latency { (a, b) } else { (b, a) };
        self.order_claim(line, src, &subject, primary, hi, lo, dir.span_in(base));
        if let Some(s) = said_in(text, diff, base, primary) {
            self.formula_claim(
                line,
                src,
                Quantity::Difference,
                &subject,
                primary,
                &s,
                Formula::Difference,
                hi,
                lo,
            );
        }
        if let Some(s) = c.name("pct").and_then(|pct| said(pct, base)) {
            self.formula_claim(
                line,
                src,
                Quantity::PercentChange,
                &subject,
                primary,
                &s,
                Formula::PercentChange,
                hi,
                lo,
            );
        }
        // `(3.10x faster)`: the larger value over the smaller.
        if let Some(s) = c.name("times").and_then(|t| said(t, base)) {
            self.formula_claim(
                line,
                src,
                Quantity::Ratio,
                &subject,
                primary,
                &s,
                Formula::Ratio,
                hi,
                lo,
            );
        }
        // Which runs a latency study compares is not checked.
        if !latency {
            self.extremes_claim(line, e, &subject, primary, hi, lo);
        }

        // Mean TPOT = a ms vs b ms, reduced by d ms (p%): A's value first, percent of B's.
        // A latency study: TTFT = a ms vs b ms, reduced by d ms (2.40x faster), each.
        for c in SECONDARY.captures_iter(text) {
            self.secondary(line, &c, base, (&a_name, a), (&b_name, b), &subject);
        }
    }

    /// `Mean TPOT = a ms vs b ms, reduced by d ms (p%)` or `(2.40x faster)`.
    fn secondary(
        &mut self,
        line: u64,
        c: &regex::Captures<'_>,
        base: Option<usize>,
        (a_name, a): (&str, usize),
        (b_name, b): (&str, usize),
        subject: &str,
    ) {
        let src = ClaimSource::SummarySentence;
        let (Some(label), Some(av), Some(bv), Some(dir), Some(diff)) = (
            c.name("label"),
            c.name("a"),
            c.name("b"),
            c.name("dir"),
            c.name("diff"),
        ) else {
            return;
        };
        let label = label.as_str();
        let metric = if label.starts_with("Mean") {
            metric_of_label(label)
        } else {
            metric_of_label(&format!("Mean {label}"))
        };
        let Some(metric) = metric else {
            return;
        };
        if let Some(s) = said(av, base) {
            self.value_claim(line, src, a_name, metric, &s, a);
        }
        if let Some(s) = said(bv, base) {
            self.value_claim(line, src, b_name, metric, &s, b);
        }
        let reduced = dir.as_str() == "reduced";
        let (hi, lo, formula) = if reduced {
            (b, a, Formula::ShareOfFirst)
        } else {
            (a, b, Formula::PercentChange)
        };
        self.order_claim(line, src, subject, metric, hi, lo, dir.span_in(base));
        if let Some(s) = said(diff, base) {
            self.formula_claim(
                line,
                src,
                Quantity::Difference,
                subject,
                metric,
                &s,
                Formula::Difference,
                hi,
                lo,
            );
        }
        if let Some(s) = c.name("pct").and_then(|pct| said(pct, base)) {
            // Reduced: (B - A) / B; increased: (A - B) / B. Both over B's value.
            self.formula_claim(
                line,
                src,
                Quantity::PercentChange,
                subject,
                metric,
                &s,
                formula,
                hi,
                lo,
            );
        }
        // `(2.40x faster)`: the larger value over the smaller.
        if let Some(s) = c.name("times").and_then(|t| said(t, base)) {
            self.formula_claim(
                line,
                src,
                Quantity::Ratio,
                subject,
                metric,
                &s,
                Formula::Ratio,
                hi,
                lo,
            );
        }
    }

    /// `hi`'s value above `lo`'s for some values within their rounding.
    #[allow(clippy::too_many_arguments)]
    fn order_claim(
        &mut self,
        line: u64,
        source: ClaimSource,
        subject: &str,
        metric: &str,
        hi: usize,
        lo: usize,
        span: Option<(usize, usize)>,
    ) {
        let (bh, bl) = (self.block(hi), self.block(lo));
        let (Some(x), Some(y)) = (bh.number(metric), bl.number(metric)) else {
            return;
        };
        let holds = x.hi() > y.lo();
        self.push(Claim {
            line,
            source,
            quantity: Quantity::Order,
            metric: Some(metric.to_owned()),
            subject: subject.to_owned(),
            claimed: format!("{} > {}", x_text(bh, metric), x_text(bl, metric)),
            recomputed: Some(format!(
                "{} {} {}",
                x_text(bh, metric),
                if x.value > y.value {
                    ">"
                } else if x.value < y.value {
                    "<"
                } else {
                    "="
                },
                x_text(bl, metric)
            )),
            range: None,
            holds,
            verdict: Verdict::of(holds),
            inputs: vec![bh.line_of(metric), bl.line_of(metric)],
            span,
        });
    }

    /// The runs a summary compares are the fastest and the slowest of the experiment's
    /// variants.
    fn extremes_claim(
        &mut self,
        line: u64,
        e: usize,
        subject: &str,
        metric: &str,
        top: usize,
        bottom: usize,
    ) {
        let report = self.report;
        let exp: &Experiment = &report.experiments[e];
        if exp.variants.len() < 3 {
            return; // with two variants the order claim says it all
        }
        let (Some(t), Some(b)) = (
            self.block(top).number(metric),
            self.block(bottom).number(metric),
        ) else {
            return;
        };
        let mut fastest = (top, t);
        let mut slowest = (bottom, b);
        for v in &exp.variants {
            let Some(&bi) = v.blocks.first() else {
                continue;
            };
            let Some(n) = self.block(bi).number(metric) else {
                continue;
            };
            if n.lo() > fastest.1.hi() {
                fastest = (bi, n);
            }
            if n.hi() < slowest.1.lo() {
                slowest = (bi, n);
            }
        }
        let holds = fastest.0 == top && slowest.0 == bottom;
        let name_of = |b: usize| {
            exp.variants
                .iter()
                .find(|v| v.blocks.contains(&b))
                .map_or(String::new(), |v| v.name.clone())
        };
        self.push(Claim {
            line,
            source: ClaimSource::SummarySentence,
            quantity: Quantity::Extremes,
            metric: Some(metric.to_owned()),
            subject: subject.to_owned(),
            claimed: format!("{} > … > {}", name_of(top), name_of(bottom)),
            recomputed: Some(format!(
                "{} > … > {}",
                name_of(fastest.0),
                name_of(slowest.0)
            )),
            range: None,
            holds,
            verdict: Verdict::of(holds),
            inputs: vec![
                self.block(top).line_of(metric),
                self.block(bottom).line_of(metric),
            ],
            span: None,
        });
    }

    /// A `Result:` line, or an order line of a named metric (`metric`): `Mean latency per
    /// request: SGLang(1.61 s) < vLLM (1.68 s)`, values in the claim's unit.
    fn result_line(
        &mut self,
        e: usize,
        line: u64,
        text: &str,
        base: Option<usize>,
        metric: Option<&'static str>,
    ) {
        let src = ClaimSource::ResultLine;
        let body_at = text.find(':').map_or(0, |i| i + 1);
        let body = &text[body_at..];
        let base = base.map(|b| b + body_at);
        let mut prev: Option<(String, usize, String)> = None;
        let order_line = metric.is_some();
        let mut stated: Option<(String, Said, String)> = None;
        for c in RESULT_ITEM.captures_iter(body) {
            let (Some(name), Some(num)) = (c.name("name"), c.name("num")) else {
                continue;
            };
            let name = name.as_str().trim().to_owned();
            let unit = c.name("unit").map_or("", |u| u.as_str()).trim().to_owned();
            let (metric, s) = match metric {
                Some(m) => (m, said_in(body, num, base, m)),
                None if unit.contains("ms") => ("mean_tpot_ms", said(num, base)),
                None => (PRIMARY, said(num, base)),
            };
            let Some(s) = s else { continue };
            let op = c.name("op").map_or("", |o| o.as_str()).to_owned();
            if order_line {
                // The line compares its own numbers, which blocks may not print.
                if let Some((pname, ps, pop)) = stated.take() {
                    self.stated_order_claim(line, src, metric, (&pname, &ps), &pop, (&name, &s));
                }
                if !op.is_empty() {
                    stated = Some((name.clone(), s.clone(), op.clone()));
                }
            }
            let v = self.find_variant(e, &name);
            let Some(b) = v.and_then(|v| self.variant_block(e, v)) else {
                if order_line {
                    self.unverifiable(line, src, &name, s.span);
                } else {
                    self.missing(line, src, &name, s.span);
                }
                prev = None;
                continue;
            };
            self.value_claim(line, src, &name, metric, &s, b);
            if let Some((pname, pb, op)) = prev.take() {
                let subject = format!("{pname} {op} {name}");
                match op.as_str() {
                    ">" => self.order_claim(line, src, &subject, metric, pb, b, None),
                    "<" => self.order_claim(line, src, &subject, metric, b, pb, None),
                    _ => {}
                }
            }
            if !op.is_empty() && !order_line {
                prev = Some((name, b, op));
            }
        }
    }

    /// `Result: Throughput improved from X tok/s to Y tok/s`: `Y` is the total token
    /// throughput of some block of the section; `X`, where the step started, of a block
    /// of the section or of an earlier one (the previous step's winner: `improved from
    /// 4768.75` in `Async scheduling` quotes the engine choice's vLLM). Wrong when there
    /// are such blocks and none prints it; unverifiable when there are none. `improved`
    /// is `X < Y` on the numbers as stated.
    fn improved_sentence(&mut self, e: usize, line: u64, text: &str, base: Option<usize>) {
        let Some(c) = IMPROVED_TO.captures(text) else {
            return;
        };
        let src = ClaimSource::ResultLine;
        let report = self.report;
        let exp = &report.experiments[e];
        let blocks_of = |exps: &[Experiment]| -> Vec<usize> {
            exps.iter()
                .flat_map(|x| &x.variants)
                .flat_map(|v| v.blocks.iter().copied())
                .filter(|&b| report.blocks[b].number(PRIMARY).is_some())
                .collect()
        };
        let mut stated: Vec<Said> = Vec::new();
        for side in ["from", "to"] {
            let Some(s) = c.name(side).and_then(|m| said(m, base)) else {
                return;
            };
            let blocks = if side == "from" {
                blocks_of(&report.experiments[..=e])
            } else {
                blocks_of(&report.experiments[e..=e])
            };
            let subject = format!("{} ({side})", exp.title);
            let fits = blocks.iter().copied().find(|&b| {
                self.block(b)
                    .number(PRIMARY)
                    .is_some_and(|n| interval::holds(&s.number, Interval::of(&n)))
            });
            match fits {
                Some(b) => self.value_claim(line, src, &subject, PRIMARY, &s, b),
                None if blocks.is_empty() => self.unverifiable(line, src, &subject, s.span),
                // No block of the section prints it: nothing to recompute it from.
                None => self.push(Claim {
                    line,
                    source: src,
                    quantity: Quantity::Value,
                    metric: Some(PRIMARY.to_owned()),
                    subject,
                    claimed: s.text.clone(),
                    recomputed: None,
                    range: None,
                    holds: false,
                    verdict: Verdict::Wrong,
                    inputs: Vec::new(),
                    span: s.span,
                }),
            }
            stated.push(s);
        }
        if let [from, to] = &stated[..] {
            self.stated_order_claim(line, src, PRIMARY, ("from", from), "<", ("to", to));
        }
    }

    /// `A (x) > B (y)` on the numbers as stated: holds when some values inside their
    /// rounding are in that order.
    fn stated_order_claim(
        &mut self,
        line: u64,
        source: ClaimSource,
        metric: &str,
        (a, x): (&str, &Said),
        op: &str,
        (b, y): (&str, &Said),
    ) {
        let (xi, yi) = (Interval::of(&x.number), Interval::of(&y.number));
        let holds = match op {
            ">" => xi.hi > yi.lo,
            "<" => xi.lo < yi.hi,
            _ => return,
        };
        let actual = if x.number.value > y.number.value {
            ">"
        } else if x.number.value < y.number.value {
            "<"
        } else {
            "="
        };
        self.push(Claim {
            line,
            source,
            quantity: Quantity::Order,
            metric: Some(metric.to_owned()),
            subject: format!("{a} {op} {b}"),
            claimed: format!("{} {op} {}", x.text, y.text),
            recomputed: Some(format!("{} {actual} {}", x.text, y.text)),
            range: None,
            holds,
            verdict: Verdict::of(holds),
            inputs: Vec::new(),
            span: None,
        });
    }

    /// Rows are experiments: by title (typos allowed, `&&` parts in any order, the
    /// engine a title names at its end ignored), else by position.
    fn experiment_of_row(&self, row: usize, label: &str) -> Option<usize> {
        let exps = &self.report.experiments;
        let wanted = title_key(label);
        let keys: Vec<String> = exps.iter().map(|e| title_key(&e.title)).collect();
        if let Some(e) = closest(&wanted, keys.iter().map(String::as_str)) {
            return Some(e);
        }
        let stripped: Vec<String> = exps
            .iter()
            .map(|e| title_key(without_engine(without_numbering(&e.title))))
            .collect();
        if let Some(e) = closest(&wanted, stripped.iter().map(String::as_str)) {
            return Some(e);
        }
        // `Engine Selection` is the section choosing the inference engine.
        if wanted.split_whitespace().any(|w| w == "engine") {
            if let Some(e) = exps
                .iter()
                .position(|e| normalize_name(&e.title).contains("engine"))
            {
                return Some(e);
            }
        }
        let rows = self.report.summary.as_ref().map_or(0, |t| t.rows.len());
        (rows == exps.len()).then_some(row)
    }

    fn summary_table(&mut self, table: &Table) {
        let src = ClaimSource::SummaryTable;
        let cols = columns(&table.header);
        let baseline = self.report.baseline_block();
        // The winner so far: each adopted step is measured against it (newer reports).
        let mut winner = baseline;
        for (ri, row) in table.rows.iter().enumerate() {
            let label = row.cells.first().map_or(String::new(), |c| plain(&c.text));
            let mapped = self.experiment_of_row(ri, &label);
            let blocks: Vec<usize> = mapped.map_or(Vec::new(), |e| {
                self.report.experiments[e]
                    .variants
                    .iter()
                    .flat_map(|v| v.blocks.iter().copied())
                    .collect()
            });
            if blocks.is_empty() {
                // A row whose section has no run (`Attention Backend`, a `//TODO`): what it
                // quotes cannot be checked, and it says nothing about the other rows.
                let quotes = row.cells.iter().enumerate().any(|(ci, c)| {
                    matches!(cols.get(ci), Some(Column::Optimized | Column::Improvement))
                        && (!quote_of(&c.text, None).values.is_empty()
                            || BARE_PERCENT.is_match(&c.text))
                });
                if quotes {
                    let span = self
                        .loc
                        .offset_of(row.line, &label)
                        .map(|o| (o, o + label.len()));
                    self.unverifiable(row.line, src, &label, span);
                }
                continue;
            }
            let Some(e) = mapped else { continue };
            for (ci, cell) in row.cells.iter().enumerate() {
                let base = self.loc.line_offset(row.line).map(|o| o + cell.offset);
                let col = cols.get(ci).copied().unwrap_or(Column::Other);
                match col {
                    Column::Optimized => {
                        let q = quote_of(&cell.text, base);
                        let Some(b) = best_match(self.report, &q, &blocks) else {
                            if !q.values.is_empty() {
                                self.missing(row.line, src, &label, q.values[0].1.span);
                            }
                            continue;
                        };
                        self.quoted(row.line, src, &label, &q, b, baseline);
                        if q.success.is_none() {
                            self.best_claim(row.line, &label, b, &blocks);
                        }
                    }
                    Column::Baseline => {
                        let q = quote_of(&cell.text, base);
                        match baseline {
                            Some(b) => self.quoted(row.line, src, &label, &q, b, None),
                            None if !q.values.is_empty() => {
                                self.missing(row.line, src, &label, q.values[0].1.span)
                            }
                            None => {}
                        }
                    }
                    Column::Improvement => {
                        let Some(m) = BARE_PERCENT
                            .captures(&cell.text)
                            .and_then(|c| c.name("num"))
                        else {
                            continue; // `-`: the option was not adopted
                        };
                        let Some(s) = said(m, base) else { continue };
                        let chosen =
                            self.improvement_claim(row.line, &label, &s, e, &blocks, winner);
                        if chosen.is_some() {
                            winner = chosen;
                        }
                    }
                    Column::Label | Column::Other => {}
                }
            }
        }
    }

    /// An improvement row (`Parallelism +7.6%`): the section's best valid variant over the
    /// previous step's winner (newer reports) or over the baseline (the reference report),
    /// per GPU when the best runs on another number of GPUs than the run it is measured
    /// against (`7081.34 × 2` on 4 GPUs against 7859.29 on 8). The section's own `Result:
    /// Throughput improved from X tok/s to Y tok/s` may name its winner. In a latency study
    /// (the conclusion quotes latencies) a row is a latency speed-up. Holds under either
    /// reading; when none holds, the first (step-over-step) is reported. Returns the block
    /// that won.
    #[allow(clippy::too_many_arguments)]
    fn improvement_claim(
        &mut self,
        line: u64,
        label: &str,
        s: &Said,
        e: usize,
        blocks: &[usize],
        previous: Option<usize>,
    ) -> Option<usize> {
        let src = ClaimSource::SummaryTable;
        let baseline = self.report.baseline_block();
        let mut refs: Vec<usize> = previous.into_iter().collect();
        refs.extend(baseline.filter(|b| Some(*b) != previous));
        let metric = self.study_metric();
        let latency = metric.ends_with("_ms");
        let mut winners: Vec<usize> = Vec::new();
        if latency {
            winners.extend(self.best_valid_by(blocks, metric, true));
        } else {
            winners.extend(self.best_valid(blocks, PRIMARY));
            winners.extend(
                self.named_winner(e, blocks)
                    .filter(|b| !winners.contains(b)),
            );
        }
        // (a, b, factor on a): the percentage is (a × factor − b) / b.
        let mut readings: Vec<(usize, usize, f64)> = Vec::new();
        for &r in &refs {
            for &w in &winners {
                readings.push(if latency { (r, w, 1.0) } else { (w, r, 1.0) });
            }
            if latency {
                continue;
            }
            if let Some((b, f)) = self.best_per_gpu(blocks, r) {
                if f != 1.0 {
                    readings.push((b, r, f));
                }
            }
        }
        let Some(&first) = readings.first() else {
            self.unverifiable(line, src, label, s.span);
            return None;
        };
        let holding = readings.iter().copied().find(|&(a, b, f)| {
            let (Some(x), Some(y)) = (self.block(a).number(metric), self.block(b).number(metric))
            else {
                return false;
            };
            let (range, _) = Formula::PercentChange.eval(&x.scaled(f), &y);
            range.is_some_and(|range| interval::holds(&s.number, range))
        });
        let (a, b, f) = holding.unwrap_or(first);
        let said = Said {
            times: f,
            ..s.clone()
        };
        self.formula_claim(
            line,
            src,
            Quantity::PercentChange,
            label,
            metric,
            &said,
            Formula::PercentChange,
            a,
            b,
        );
        Some(if latency { b } else { a })
    }

    /// The metric a study optimizes: the first one its conclusion table quotes (a mean
    /// latency in a latency study), else the total token throughput.
    fn study_metric(&self) -> &'static str {
        let Some(t) = &self.report.conclusion else {
            return PRIMARY;
        };
        t.rows
            .first()
            .and_then(|r| {
                r.cells
                    .iter()
                    .skip(1)
                    .find_map(|c| quote_of(&c.text, None).values.first().map(|(m, _)| *m))
            })
            .unwrap_or(PRIMARY)
    }

    /// The block a section's own result sentence names as its outcome (`Result:
    /// Throughput improved from 4986.20 tok/s to 5046.28 tok/s`).
    fn named_winner(&self, e: usize, blocks: &[usize]) -> Option<usize> {
        self.report.experiments[e]
            .sentences
            .iter()
            .find_map(|sentence| {
                let c = IMPROVED_TO.captures(&sentence.text)?;
                let to = PrintedNumber::claimed(c.name("to")?.as_str())?;
                blocks.iter().copied().find(|&b| {
                    self.block(b)
                        .number(PRIMARY)
                        .is_some_and(|n| interval::holds(&to, Interval::of(&n)))
                })
            })
    }

    /// The valid block with the lowest (`lower`) or highest value of `metric`.
    fn best_valid_by(&self, blocks: &[usize], metric: &str, lower: bool) -> Option<usize> {
        let mut best: Option<(usize, f64)> = None;
        for &b in blocks {
            if !self.is_valid(b) {
                continue;
            }
            let Some(n) = self.block(b).number(metric) else {
                continue;
            };
            if best.is_none_or(|(_, v)| if lower { n.value < v } else { n.value > v }) {
                best = Some((b, n.value));
            }
        }
        best.map(|(b, _)| b)
    }

    /// The valid block with the best primary value per GPU, scaled to the GPU count of
    /// `reference`, and that scale; `None` when a GPU count is unknown.
    fn best_per_gpu(&self, blocks: &[usize], reference: usize) -> Option<(usize, f64)> {
        let g_ref = self.gpus_of(reference)?;
        let mut best: Option<(usize, f64, f64)> = None;
        for &b in blocks {
            if !self.is_valid(b) {
                continue;
            }
            let (Some(n), Some(g)) = (self.block(b).number(PRIMARY), self.gpus_of(b)) else {
                continue;
            };
            let f = g_ref / g;
            if best.is_none_or(|(_, v, _)| n.value * f > v) {
                best = Some((b, n.value * f, f));
            }
        }
        best.map(|(b, _, f)| (b, f))
    }

    /// GPUs a block's run used, from its variant's parallelism flags (tensor × data ×
    /// pipeline; SGLang's DP attention runs inside the tensor-parallel group).
    fn gpus_of(&self, b: usize) -> Option<f64> {
        // A variant's block, else a block of "Other Benchmark Cases" with its own script.
        let params = self
            .report
            .experiments
            .iter()
            .flat_map(|e| &e.variants)
            .find(|v| v.blocks.contains(&b))
            .and_then(|v| v.params.as_ref())
            .or_else(|| {
                self.report
                    .cases
                    .iter()
                    .flat_map(|c| [&c.baseline, &c.optimized])
                    .flatten()
                    .find(|side| side.block == Some(b))?
                    .params
                    .as_ref()
            })?;
        // Every word of the parameters or the serving command: `--tp-size 8`, `-tp=2`.
        let mut text = params.args.join(" ");
        if let Some(c) = &params.command {
            text.push(' ');
            text.push_str(&c.text);
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let value = |names: &[&str]| -> f64 {
            words
                .iter()
                .enumerate()
                .find_map(|(i, w)| {
                    let (flag, v) = match w.split_once('=') {
                        Some((f, v)) => (f, Some(v)),
                        None => (*w, words.get(i + 1).copied()),
                    };
                    names
                        .contains(&flag)
                        .then(|| v.and_then(|v| v.parse::<f64>().ok()))
                        .flatten()
                })
                .unwrap_or(1.0)
        };
        let tp = value(&["--tp", "-tp", "--tp-size", "--tensor-parallel-size"]);
        let dp = value(&["--dp", "-dp", "--dp-size", "--data-parallel-size"]);
        let pp = value(&["--pp", "-pp", "--pp-size", "--pipeline-parallel-size"]);
        let dp_attention = words.contains(&"--enable-dp-attention");
        Some(tp * pp * if dp_attention { 1.0 } else { dp })
    }

    /// The claims of one cell quoting block `b`: its values, its percentage over
    /// `versus`, its success rate.
    fn quoted(
        &mut self,
        line: u64,
        src: ClaimSource,
        subject: &str,
        q: &CellQuote,
        b: usize,
        versus: Option<usize>,
    ) {
        for (metric, s) in &q.values {
            self.value_claim(line, src, subject, metric, s, b);
        }
        if let (Some((metric, s)), Some(v)) = (&q.percent, versus) {
            let mut s = s.clone();
            // Per GPU: each run's value over its own GPU count, i.e. the optimized value
            // scaled to the baseline's count.
            let scale = match (q.per_gpu, self.gpus_of(b), self.gpus_of(v)) {
                (false, ..) => Some(1.0),
                (true, Some(gb), Some(gv)) => Some(gv / gb),
                _ => None,
            };
            match scale {
                Some(f) => {
                    s.times *= f;
                    self.formula_claim(
                        line,
                        src,
                        Quantity::PercentChange,
                        subject,
                        metric,
                        &s,
                        Formula::PercentChange,
                        b,
                        v,
                    );
                }
                None => self.unverifiable(line, src, subject, s.span),
            }
        }
        if let (Some((metric, s, faster)), Some(v)) = (&q.ratio, versus) {
            // Faster: the baseline's latency over this one's; slower: the other way.
            let (x, y) = if *faster { (v, b) } else { (b, v) };
            self.formula_claim(
                line,
                src,
                Quantity::Ratio,
                subject,
                metric,
                s,
                Formula::Ratio,
                x,
                y,
            );
        }
        if let Some(s) = &q.success {
            self.success_claim(line, src, subject, s, b);
        }
    }

    fn success_claim(&mut self, line: u64, src: ClaimSource, subject: &str, s: &Said, b: usize) {
        let block = self.block(b);
        let completed = block.number("completed");
        let total = success_denominator(block, self.totals.get(b).copied().flatten());
        let (range, point) = match (completed, total) {
            (Some(c), Some(t)) => (
                interval::percent_of(Interval::of(&c), Interval::of(&t)),
                (t.value > 0.0).then(|| c.value / t.value * 100.0),
            ),
            _ => (None, None),
        };
        let holds = range.is_some_and(|r| interval::holds(&s.number, r));
        let verdict = match range {
            Some(_) => Verdict::of(holds),
            None => Verdict::Unverifiable,
        };
        self.push(Claim {
            line,
            source: src,
            quantity: Quantity::SuccessRate,
            metric: None,
            subject: subject.to_owned(),
            claimed: s.text.clone(),
            recomputed: point.map(|p| s.number.format_like(p)),
            range: range.map(|r| [r.lo, r.hi]),
            holds,
            verdict,
            inputs: vec![block.line_of("completed")],
            span: s.span,
        });
    }

    /// Runs whose success rate is known to be under 100% are not valid optimizations.
    fn is_valid(&self, b: usize) -> bool {
        let block = self.block(b);
        let (Some(c), Some(t)) = (
            block.number("completed"),
            success_denominator(block, self.totals.get(b).copied().flatten()),
        ) else {
            return true;
        };
        c.value >= t.value
    }

    fn best_valid(&self, blocks: &[usize], metric: &str) -> Option<usize> {
        let mut best: Option<(usize, f64)> = None;
        for &b in blocks {
            if !self.is_valid(b) {
                continue;
            }
            let Some(n) = self.block(b).number(metric) else {
                continue;
            };
            if best.is_none_or(|(_, v)| n.value > v) {
                best = Some((b, n.value));
            }
        }
        best.map(|(b, _)| b)
    }

    /// The quoted block is the experiment's best valid variant by the primary metric.
    fn best_claim(&mut self, line: u64, subject: &str, chosen: usize, blocks: &[usize]) {
        let Some(c) = self.block(chosen).number(PRIMARY) else {
            return;
        };
        let better = blocks.iter().copied().find(|&b| {
            b != chosen
                && self.is_valid(b)
                && self
                    .block(b)
                    .number(PRIMARY)
                    .is_some_and(|n| n.lo() > c.hi())
        });
        let text = |b: usize| x_text(self.block(b), PRIMARY);
        let claim = Claim {
            line,
            source: ClaimSource::SummaryTable,
            quantity: Quantity::Best,
            metric: Some(PRIMARY.to_owned()),
            subject: subject.to_owned(),
            claimed: text(chosen),
            recomputed: Some(text(better.unwrap_or(chosen))),
            range: None,
            holds: better.is_none() && self.is_valid(chosen),
            verdict: Verdict::of(better.is_none() && self.is_valid(chosen)),
            inputs: vec![self.block(chosen).line_of(PRIMARY)],
            span: None,
        };
        self.push(claim);
    }

    fn conclusion_table(&mut self, table: &Table) {
        let src = ClaimSource::ConclusionTable;
        let cols = columns(&table.header);
        let tied = conclusion_rows(self.report);
        for (row, blocks) in table.rows.iter().zip(tied) {
            let label = blocks.label.clone();
            // The study's baseline stands for a row only when the row is about its profile
            // (or names none); a case the report never ran has nothing to compare with.
            let baseline_tied = self.baseline_stands_for(&blocks);
            let baseline = blocks.baseline.filter(|_| baseline_tied);
            let case_side = |optimized: bool| {
                let c = &self.report.cases[blocks.case?];
                let side = if optimized { &c.optimized } else { &c.baseline };
                side.as_ref()?.block
            };
            let optimized_tied = case_side(true).is_some() || baseline_tied;
            // The baseline first: the optimized cell's percentage is over it.
            let mut order: Vec<usize> = (0..row.cells.len()).collect();
            order.sort_by_key(|&i| cols.get(i) != Some(&Column::Baseline));
            for ci in order {
                let cell = &row.cells[ci];
                let base = self.loc.line_offset(row.line).map(|o| o + cell.offset);
                let q = quote_of(&cell.text, base);
                if q.values.is_empty() {
                    continue;
                }
                let (block, versus, tied) = match cols.get(ci).copied().unwrap_or(Column::Other) {
                    Column::Baseline => (baseline, None, baseline_tied),
                    Column::Optimized => (blocks.optimized, baseline, optimized_tied),
                    _ => continue,
                };
                let span = q.values[0].1.span;
                match block {
                    Some(b) => self.quoted(row.line, src, &label, &q, b, versus),
                    // A run the structure names, that no block is: wrong; unless no block
                    // of the report prints what the cell quotes (vLLM prints no E2E
                    // latency).
                    None if tied && self.printed_anywhere(&q) => {
                        self.missing(row.line, src, &label, span)
                    }
                    None => self.unverifiable(row.line, src, &label, span),
                }
            }
        }
    }

    /// Whether the study's baseline block is the baseline of a conclusion row: the row
    /// has a case with a baseline, or its label names the baseline's profile (or the
    /// report describes no profile).
    fn baseline_stands_for(&self, row: &RowBlocks) -> bool {
        if row.case.is_some_and(|c| {
            self.report.cases[c]
                .baseline
                .as_ref()
                .is_some_and(|s| s.block.is_some())
        }) {
            return true;
        }
        let Some(p) = self.report.profile_of_label(&row.label) else {
            // A case no profile describes (`Ultra Long Prompt`): not the baseline's.
            return self.report.profiles.is_empty();
        };
        let Some((e, v)) = self.report.baseline() else {
            return false;
        };
        // A variant that names no profile runs the first one (as import assumes).
        self.report.experiments[e].variants[v].profile.unwrap_or(0) == p
    }

    /// Whether some block of the report prints a value of a metric the cell quotes.
    fn printed_anywhere(&self, q: &CellQuote) -> bool {
        q.values
            .iter()
            .any(|(m, _)| self.report.blocks.iter().any(|b| b.number(m).is_some()))
    }
}

/// The blocks a conclusion row quotes.
#[derive(Debug, Clone, PartialEq)]
pub struct RowBlocks {
    pub line: u64,
    /// The row's label without emphasis (`ShareGPT Profile`).
    pub label: String,
    /// The "other case" of the row's profile, when the report has one.
    pub case: Option<usize>,
    pub baseline: Option<usize>,
    pub optimized: Option<usize>,
}

/// Ties each row of the conclusion table to its blocks: the case run on the row's profile
/// (same profile, or same label) when there is one; otherwise the study's baseline, and
/// for the optimized side the block whose printed values the cell quotes.
pub fn conclusion_rows(report: &Report) -> Vec<RowBlocks> {
    let Some(table) = &report.conclusion else {
        return Vec::new();
    };
    let cols = columns(&table.header);
    let all: Vec<usize> = (0..report.blocks.len()).collect();
    table
        .rows
        .iter()
        .map(|row| {
            let label = row.cells.first().map_or(String::new(), |c| plain(&c.text));
            let case = case_of_row(report, &label);
            let side = |optimized: bool| {
                let c = &report.cases[case?];
                let side = if optimized { &c.optimized } else { &c.baseline };
                side.as_ref()?.block
            };
            // Without a case of its own, only the row of the baseline's profile quotes
            // the study's baseline block; another profile's row has no baseline here.
            let baseline = side(false).or_else(|| {
                (case.is_none() && is_baseline_profile(report, &label))
                    .then(|| report.baseline_block())
                    .flatten()
            });
            let optimized = side(true).or_else(|| {
                let ci = cols.iter().position(|c| *c == Column::Optimized)?;
                let q = quote_of(&row.cells.get(ci)?.text, None);
                best_match(report, &q, &all)
            });
            RowBlocks {
                line: row.line,
                label,
                case,
                baseline,
                optimized,
            }
        })
        .collect()
}

/// Whether a row's label names the profile the study's baseline ran (the first profile
/// when the baseline's variant names none), or names no profile at all in a report
/// that describes at most one.
fn is_baseline_profile(report: &Report, label: &str) -> bool {
    let of_baseline = report
        .baseline()
        .and_then(|(e, v)| report.experiments[e].variants[v].profile)
        .or((!report.profiles.is_empty()).then_some(0));
    match report.profile_of_label(label) {
        Some(p) => of_baseline == Some(p),
        None => report.profiles.len() <= 1 && report.cases.is_empty(),
    }
}

/// The "other case" a conclusion row is about: same label, or same profile.
fn case_of_row(report: &Report, label: &str) -> Option<usize> {
    let cases = &report.cases;
    // A case under the row's very label first (`#### Generation Heavy (1K in / 2K out)`).
    let wanted = normalize_name(label);
    if let Some(c) = cases
        .iter()
        .position(|c| normalize_name(&c.label) == wanted)
    {
        return Some(c);
    }
    if let Some(p) = report.profile_of_label(label) {
        if let Some(c) = cases.iter().position(|c| c.profile == Some(p)) {
            return Some(c);
        }
    }
    None
}

/// The printed form of a block's value, for messages.
fn x_text(b: &Block, metric: &str) -> String {
    b.printed
        .get(metric)
        .map(|p| p.text.clone())
        .or_else(|| b.run.get(metric).map(|v| v.to_string()))
        .unwrap_or_else(|| "?".to_owned())
}

/// Completed plus failed when failed is printed, else the profile's requested total.
fn success_denominator(block: &Block, total: Option<f64>) -> Option<PrintedNumber> {
    if let (Some(c), Some(f)) = (block.number("completed"), block.number("failed")) {
        return Some(PrintedNumber::exact(c.value + f.value));
    }
    total.map(PrintedNumber::exact)
}

/// The block among `candidates` that the most quoted values fit (the first on a tie);
/// `None` when none fits any.
fn best_match(report: &Report, q: &CellQuote, candidates: &[usize]) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for &b in candidates {
        let block = &report.blocks[b];
        let fits = q
            .values
            .iter()
            .filter(|(m, s)| {
                block.number(m).is_some_and(|n| {
                    interval::holds(&s.number, Interval::of(&n.scaled(1.0 / s.unit)))
                })
            })
            .count();
        if fits > 0 && best.is_none_or(|(_, f)| fits > f) {
            best = Some((b, fits));
        }
    }
    best.map(|(b, _)| b)
}

/// How a figure follows from two values `a` and `b`.
#[derive(Debug, Clone, Copy)]
enum Formula {
    /// `a - b`.
    Difference,
    /// `(a - b) / b * 100`.
    PercentChange,
    /// `(a - b) / a * 100`: a reduction in percent of the first (larger) value.
    ShareOfFirst,
    /// `a / b`.
    Ratio,
}

impl Formula {
    fn eval(self, a: &PrintedNumber, b: &PrintedNumber) -> (Option<Interval>, Option<f64>) {
        let (ia, ib) = (Interval::of(a), Interval::of(b));
        match self {
            Formula::Difference => (Some(interval::difference(ia, ib)), Some(a.value - b.value)),
            Formula::PercentChange => (
                interval::percent_change(ia, ib),
                (b.value != 0.0).then(|| (a.value - b.value) / b.value * 100.0),
            ),
            Formula::Ratio => (
                interval::ratio(ia, ib),
                (b.value != 0.0).then(|| a.value / b.value),
            ),
            Formula::ShareOfFirst => (
                interval::percent_change(ib, ia).map(|r| Interval::new(-r.hi, -r.lo)),
                (a.value != 0.0).then(|| (a.value - b.value) / a.value * 100.0),
            ),
        }
    }
}

trait SpanIn {
    fn span_in(&self, base: Option<usize>) -> Option<(usize, usize)>;
}

impl SpanIn for regex::Match<'_> {
    fn span_in(&self, base: Option<usize>) -> Option<(usize, usize)> {
        base.map(|b| (b + self.start(), b + self.end()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_name_columns() {
        assert_eq!(metric_of_label("Total TPS"), Some("total_token_throughput"));
        assert_eq!(metric_of_label("Mean TPOT(ms)"), Some("mean_tpot_ms"));
        assert_eq!(metric_of_label("Success rate"), None);
    }

    #[test]
    fn typos_are_forgiven_a_little() {
        assert_eq!(edit_distance("mineie", "mindie"), 1);
        let names = ["vLLM", "MindIE"];
        assert_eq!(closest("MineIE", names.iter().copied()), Some(1));
        assert_eq!(closest("SGLang", names.iter().copied()), None);
        let titles = [
            "Speculative Decoding",
            "Max Num Seqs",
            "Max Num Seqs && Performance Mode",
        ];
        assert_eq!(
            closest("Speculative Decodng", titles.iter().copied()),
            Some(0)
        );
        assert_eq!(closest("Max Num Seqs", titles.iter().copied()), Some(1));
    }

    #[test]
    fn latency_quoted_in_seconds_is_compared_in_seconds() {
        let q = quote_of("Mean latency: 2.09s/req", None);
        assert_eq!(q.values[0].0, "mean_e2el_ms");
        assert_eq!(q.values[0].1.unit, 1000.0);
        let q = quote_of("Mean TPOT(ms): 42.50", None);
        assert_eq!(q.values[0].1.unit, 1.0);
        assert!(in_seconds("s, `SGLang`"));
        assert!(!in_seconds(" ms"));
        assert!(!in_seconds(" tok/s"));
    }

    #[test]
    fn a_gpu_scaling_factor_applies_to_the_percentage() {
        let q = quote_of(
            r#"Total TPS: 7081.34x2 <span style="background-color:lightgreen;">(+134.8%)</span><br>Mean TPOT(ms): 256.43"#,
            None,
        );
        assert_eq!(q.values[0].1.text, "7081.34");
        assert_eq!(q.values[1].1.text, "256.43");
        let (metric, pct) = q.percent.unwrap();
        assert_eq!((metric, pct.times), ("total_token_throughput", 2.0));
        let q = quote_of("Total TPS: 7081.34 (+17.4%)", None);
        assert_eq!(q.percent.unwrap().1.times, 1.0);
    }

    #[test]
    fn a_cell_quotes_values_a_percentage_and_a_success_rate() {
        let cell = r#"Total TPS: 15059.89 <span style="background-color:#ffd6d6;">(Success rate: 51.5%, optimization skipped)</span><br>Mean TPOT(ms): 42.50"#;
        let q = quote_of(cell, Some(100));
        assert_eq!(q.values.len(), 2);
        assert_eq!(q.values[0].0, "total_token_throughput");
        assert_eq!(q.values[1].1.text, "42.50");
        assert!(q.percent.is_none());
        let s = q.success.unwrap();
        assert_eq!(s.text, "51.5");
        let (a, b) = s.span.unwrap();
        assert_eq!(&cell[a - 100..b - 100], "51.5");
        let q = quote_of(
            r#"Total TPS: 11768.22 <span style="background-color:lightgreen;">(+2.09%)</span><br>Mean TPOT(ms): 15.85"#,
            None,
        );
        let (metric, pct) = q.percent.unwrap();
        assert_eq!(
            (metric, pct.text.as_str()),
            ("total_token_throughput", "+2.09")
        );
    }
}
