//! Claims about many rows of an author's table at once:
//!
//! - a **range** ("+5.6..+10.8%", "17–31% lower"): its ends are the smallest and the
//!   largest change of the rows it speaks of, each at the printed rounding; when it does
//!   not hold and rows fall outside it, the mistake is named with those rows;
//! - a **parity** ("no change", "unchanged", "on par"), in prose or in a row's own
//!   cell: every row it speaks of moved less than [`PARITY_PERCENT`]; rows it names
//!   that the document does not print ("conc 1–2 unchanged" under a table from conc 4)
//!   make it unverifiable, never wrong.
//!
//! Which rows: the rows of the groups whose metric the clause names, or the only group
//! of the document; for a parity, the rows whose first cell the clause names by number.

use std::sync::LazyLock;

use regex::Regex;

use super::interval::{self, Interval};
use super::mistakes::Mistake;
use super::prose::{clause, metrics_of, prose_lines};
use super::tables::RowChange;
use super::{Claim, ClaimSource, Finding, Quantity, Verdict};
use crate::published::PrintedNumber;

/// The smallest move of a single run the default `diff` policy calls a regression
/// (`total_token_throughput<-5%`): a row within it is "no change".
pub const PARITY_PERCENT: f64 = 5.0;

static RANGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?P<a>[+\-−]?[0-9]+(?:\.[0-9]+)?)\s*%?\s*(?:\.\.\.?|–|—|\bto\b|-)\s*(?P<b>[+\-−]?[0-9]+(?:\.[0-9]+)?)\s*%",
    )
    .expect("static pattern")
});

static PARITY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:unchanged|no change|no difference|parity|on par|neutral)\b")
        .expect("static pattern")
});

static KEY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[0-9]+(?:\.[0-9]+)?").expect("static pattern"));

/// The byte ranges of the ranges of a line of prose.
pub fn range_spans(line: &str) -> Vec<(usize, usize)> {
    RANGE
        .find_iter(line)
        .map(|m| (m.start(), m.end()))
        .collect()
}

/// The rows a clause speaks of (`tables::rows_of` of the metrics it names).
fn rows_of<'r>(clause: &str, rows: &'r [RowChange]) -> Vec<&'r RowChange> {
    super::tables::rows_of(&metrics_of(clause, 0), rows)
}

/// Every range and parity the document states about its table rows.
pub fn check(
    text: &str,
    rows: &[RowChange],
    remarks: &[(u64, String)],
) -> (Vec<Claim>, Vec<Finding>) {
    let mut claims = Vec::new();
    let mut findings = Vec::new();
    for (n, start, line) in prose_lines(text) {
        for m in RANGE.captures_iter(line) {
            let whole = m.get(0).expect("whole match");
            let (clause, _, _) = clause(line, whole.start(), whole.end());
            let (a, b) = (m["a"].replace('−', "-"), m["b"].replace('−', "-"));
            let span = (start + whole.start(), start + whole.end());
            let words = clause.trim().trim_start_matches([':', ' ']);
            let (claim, finding) = range(n, span, &a, &b, words, &rows_of(clause, rows));
            claims.push(claim);
            findings.extend(finding);
        }
        for m in PARITY.find_iter(line) {
            let (clause, _, _) = clause(line, m.start(), m.end());
            let keys: Vec<&str> = KEY.find_iter(clause).map(|k| k.as_str()).collect();
            let scope: Option<Vec<&RowChange>> = if keys.is_empty() {
                // A parity of nothing named ("the image is unchanged") is no claim.
                (!metrics_of(clause, 0).is_empty()).then(|| rows_of(clause, rows))
            } else {
                let chosen: Vec<&RowChange> = rows
                    .iter()
                    .filter(|r| keys.contains(&r.key.as_str()))
                    .collect();
                let all = keys.iter().all(|k| chosen.iter().any(|r| r.key == *k));
                Some(if all { chosen } else { Vec::new() })
            };
            let Some(scope) = scope else { continue };
            let (claim, finding) = parity(n, m.as_str(), clause.trim(), &scope);
            claims.push(claim);
            findings.extend(finding);
        }
    }
    for (line, cell) in remarks {
        if let Some(m) = PARITY.find(cell) {
            let scope: Vec<&RowChange> = rows.iter().filter(|r| r.line == *line).take(1).collect();
            let subject = scope.first().map_or(String::new(), |r| r.key.clone());
            let (claim, finding) = parity(*line, m.as_str(), &subject, &scope);
            claims.push(claim);
            findings.extend(finding);
        }
    }
    (claims, findings)
}

fn unverifiable(line: u64, quantity: Quantity, claimed: String, subject: &str) -> Claim {
    Claim {
        line,
        source: ClaimSource::Prose,
        quantity,
        metric: None,
        subject: subject.to_owned(),
        claimed,
        recomputed: None,
        range: None,
        holds: false,
        verdict: Verdict::Unverifiable,
        inputs: Vec::new(),
        span: None,
        reason: None,
    }
}

fn range(
    line: u64,
    span: (usize, usize),
    a: &str,
    b: &str,
    words: &str,
    rows: &[&RowChange],
) -> (Claim, Option<Finding>) {
    let claimed = format!("{a}..{b}");
    let (Some(pa), Some(pb)) = (PrintedNumber::claimed(a), PrintedNumber::claimed(b)) else {
        return (unverifiable(line, Quantity::Range, claimed, words), None);
    };
    let (lo, hi) = if pa.value <= pb.value {
        (pa, pb)
    } else {
        (pb, pa)
    };
    if rows.is_empty() {
        let mut c = unverifiable(line, Quantity::Range, claimed, words);
        c.span = Some(span);
        return (c, None);
    }
    // Unsigned ends of falling values ("17–31% lower") speak of the sizes.
    let signed = a.starts_with(['+', '-']) || b.starts_with(['+', '-']);
    let sizes = !signed && rows.iter().all(|r| r.change.hi <= 0.0);
    let changes: Vec<Interval> = rows
        .iter()
        .map(|r| {
            if sizes {
                super::neg(r.change)
            } else {
                r.change
            }
        })
        .collect();
    let min = Interval::new(
        changes.iter().map(|c| c.lo).fold(f64::INFINITY, f64::min),
        changes.iter().map(|c| c.hi).fold(f64::INFINITY, f64::min),
    );
    let max = Interval::new(
        changes
            .iter()
            .map(|c| c.lo)
            .fold(f64::NEG_INFINITY, f64::max),
        changes
            .iter()
            .map(|c| c.hi)
            .fold(f64::NEG_INFINITY, f64::max),
    );
    let holds = interval::holds(&lo, min) && interval::holds(&hi, max);
    let outside: Vec<String> = rows
        .iter()
        .zip(&changes)
        .filter(|(_, c)| c.hi < lo.lo() || c.lo > hi.hi())
        .map(|(r, _)| r.key.clone())
        .collect();
    let recomputed = format!(
        "{}..{}",
        super::recomputed_text(min.mid(), &lo, signed),
        super::recomputed_text(max.mid(), &hi, signed)
    );
    let finding = (!holds && !outside.is_empty()).then(|| Finding::Mistake {
        line,
        mistake: Mistake::RangeLeavesRowsOut {
            rows: outside.clone(),
        },
        metric: rows[0].metric.unwrap_or_default().to_owned(),
        claimed: format!("{claimed}%"),
        recomputed: format!("{recomputed}%"),
    });
    let mut inputs: Vec<u64> = rows.iter().map(|r| r.line).collect();
    inputs.dedup();
    (
        Claim {
            line,
            source: ClaimSource::Prose,
            quantity: Quantity::Range,
            metric: rows[0].metric.map(str::to_owned),
            subject: keys(rows),
            claimed,
            recomputed: Some(recomputed),
            range: Some([min.lo, max.hi]),
            holds,
            verdict: Verdict::of(holds),
            inputs,
            span: Some(span),
            reason: None,
        },
        finding,
    )
}

fn keys(rows: &[&RowChange]) -> String {
    let mut keys: Vec<&str> = rows.iter().map(|r| r.key.as_str()).collect();
    keys.dedup();
    keys.join(", ")
}

fn parity(line: u64, words: &str, subject: &str, rows: &[&RowChange]) -> (Claim, Option<Finding>) {
    if rows.is_empty() {
        return (
            unverifiable(line, Quantity::Parity, words.to_owned(), subject),
            None,
        );
    }
    let moved: Vec<&&RowChange> = rows
        .iter()
        .filter(|r| r.change.lo > PARITY_PERCENT || r.change.hi < -PARITY_PERCENT)
        .collect();
    let holds = moved.is_empty();
    let largest = rows
        .iter()
        .map(|r| r.change.mid())
        .max_by(|x, y| x.abs().total_cmp(&y.abs()))
        .unwrap_or(0.0);
    let recomputed = crate::numbers::signed_fixed(largest, 2);
    let finding = (!holds && rows.len() > 1).then(|| Finding::Mistake {
        line,
        mistake: Mistake::ParityLeavesRowsOut {
            rows: moved.iter().map(|r| r.key.clone()).collect(),
        },
        metric: rows[0].metric.unwrap_or_default().to_owned(),
        claimed: words.to_owned(),
        recomputed: format!("{recomputed}%"),
    });
    (
        Claim {
            line,
            source: ClaimSource::Prose,
            quantity: Quantity::Parity,
            metric: rows[0].metric.map(str::to_owned),
            subject: if subject.is_empty() {
                keys(rows)
            } else {
                subject.to_owned()
            },
            claimed: words.to_owned(),
            recomputed: Some(recomputed),
            range: None,
            holds,
            verdict: Verdict::of(holds),
            inputs: rows.iter().map(|r| r.line).collect(),
            span: None,
            reason: None,
        },
        finding,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(key: &str, line: u64, before: f64, after: f64) -> RowChange {
        let (b, a) = (
            Interval::of(&PrintedNumber::measured(&format!("{before:.1}")).unwrap()),
            Interval::of(&PrintedNumber::measured(&format!("{after:.1}")).unwrap()),
        );
        RowChange {
            line,
            key: key.to_owned(),
            group: 0,
            metric: None,
            change: interval::percent_change(a, b).unwrap(),
            before: b,
            after: a,
        }
    }

    /// inferencex#1808's table: conc, before, after (total tok/s/gpu).
    fn rows_1808() -> Vec<RowChange> {
        [
            ("256", 782.7, 856.1),
            ("128", 598.9, 637.0),
            ("64", 365.1, 392.0),
            ("32", 295.6, 327.4),
            ("16", 203.1, 216.5),
            ("8", 127.6, 136.6),
            ("4", 80.1, 84.6),
        ]
        .iter()
        .enumerate()
        .map(|(i, (k, b, a))| row(k, 20 + i as u64, *b, *a))
        .collect()
    }

    #[test]
    fn a_range_of_the_rows_holds_and_one_that_leaves_rows_out_is_named() {
        let rows = rows_1808();
        let (c, f) = check("Uplift: +5.6..+10.8% across conc 4..256.\n", &rows, &[]);
        assert_eq!(c.len(), 1);
        assert!(c[0].holds, "{:?}", c[0].recomputed);
        assert!(f.is_empty());
        let (c, f) = check("Uplift: +6.4..+9.4% across conc 4..256.\n", &rows, &[]);
        assert!(!c[0].holds);
        let Some(Finding::Mistake {
            mistake: Mistake::RangeLeavesRowsOut { rows },
            ..
        }) = f.first()
        else {
            panic!("{f:?}");
        };
        // +10.76 (conc 32) and +5.62 (conc 4) fall outside +6.4..+9.4.
        assert_eq!(rows, &["32", "4"]);
    }

    #[test]
    fn a_range_of_another_metric_than_the_tables_is_not_judged_on_it() {
        let rows: Vec<RowChange> = rows_1808()
            .into_iter()
            .map(|r| RowChange {
                metric: Some("total_token_throughput"),
                ..r
            })
            .collect();
        let (c, _) = check("TTFT drops +5.6..+10.8% across conc.\n", &rows, &[]);
        assert_eq!(c[0].verdict, Verdict::Unverifiable);
        let (c, _) = check("Uplift: +5.6..+10.8% across conc.\n", &rows, &[]);
        assert!(c[0].holds);
    }

    #[test]
    fn parity_of_rows_not_printed_is_unverifiable_and_of_a_moved_row_wrong() {
        let rows = rows_1808();
        let (c, _) = check("conc 1–2 unchanged (latency-bound).\n", &rows, &[]);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].verdict, Verdict::Unverifiable);
        let (c, _) = check("Image is unchanged by design.\n", &rows, &[]);
        assert!(c.is_empty());
        let (c, _) = check("conc 4 unchanged.\n", &rows, &[]);
        assert_eq!(c[0].verdict, Verdict::Wrong, "+5.62% is a move");
        let (c, _) = check("x\n", &rows, &[(26, "no change (legacy path) ✓".into())]);
        assert_eq!(c[0].subject, "4");
        assert!(!c[0].holds);
    }
}
