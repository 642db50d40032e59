//! What a table cell quotes: metric values (`Total TPS: 11768.22`, `Mean latency:
//! 2.09s/req`), the percentage or ratio after one (`(+2.09%)`, `(1.26x faster)`), a
//! success rate; and which column of a table holds what.

use super::en::{metric_of_label, CELL_METRIC, CELL_PERCENT, CELL_TIMES, SUCCESS_RATE};
use super::{said, said_in, Said, PRIMARY};
use crate::published::Row;

/// What a table cell quotes: metric values, a percentage after the primary one, a
/// success rate.
#[derive(Debug, Default)]
pub(crate) struct CellQuote {
    pub(crate) values: Vec<(&'static str, Said)>,
    /// Where each value ends in the cell, to tie a percentage to the value before it.
    pub(crate) ends: Vec<usize>,
    /// The GPU-scaling factor after each value (`7081.34x2`), else 1.
    pub(crate) times: Vec<f64>,
    pub(crate) percent: Option<(&'static str, Said)>,
    /// The percentage compares values per GPU (`(+21.1%/GPU)`).
    pub(crate) per_gpu: bool,
    /// `(1.26x faster)` after a value: its metric, the ratio, and whether faster.
    pub(crate) ratio: Option<(&'static str, Said, bool)>,
    pub(crate) success: Option<Said>,
}

pub(crate) fn quote_of(cell: &str, base: Option<usize>) -> CellQuote {
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
pub(crate) enum Column {
    Label,
    Baseline,
    Optimized,
    Improvement,
    /// The section a row of a latency summary is about (`| Benchmark Case | Group |`).
    Group,
    /// The optimized run against the baseline, as a ratio (`(1.03x slower)`).
    Comparison,
    Other,
}

pub(crate) fn columns(header: &Row) -> Vec<Column> {
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
            } else if t == "group" {
                Column::Group
            } else if t == "comparison" {
                Column::Comparison
            } else {
                Column::Other
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::in_seconds;
    use super::*;

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
