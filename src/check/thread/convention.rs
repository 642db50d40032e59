//! How an author's change cells are read for the arithmetic (`arith.rs`): the figures
//! of a cell (a bare number by its column's header), a value cell that carries its own
//! change, a row's way (a rate or a time), and a claim judged by its column's convention
//! or, where the cells settle none, by the labels.

use super::arith::{self, Kind};
use super::cell;
use super::grid::Table;
use super::interval::Interval;
use super::mistakes::Mistake;
use super::{Claim, Finding};
use crate::check::Unjudged;

/// What a bare number of a change column is (`0.97` under `Speedup`, `97.3` under
/// `% of baseline`): a ratio or a percent; `None` where the column writes its units.
fn bare_kind(header: &str) -> Option<&'static str> {
    let h = header.to_lowercase();
    if h.contains('%') {
        Some("%")
    } else if ["speedup", "speed-up", "ratio", "a/b", "relative"]
        .iter()
        .any(|w| h.contains(w))
    {
        Some("x")
    } else {
        None
    }
}

/// The figures of a change cell, a bare number read by its column's header.
pub(super) fn cell_figures(header: &str, cell: &str) -> Vec<(String, String)> {
    let printed = cell::figures(cell);
    if !printed.is_empty() {
        return printed;
    }
    match (bare_kind(header), cell::value(cell)) {
        (Some(unit), Some(_)) => {
            let num = cell.split_whitespace().next().unwrap_or_default();
            vec![(num.replace('−', "-"), unit.to_owned())]
        }
        _ => Vec::new(),
    }
}

/// A value cell that carries its own change (`2.48 (+11.6%)`): a change column whose
/// before is the nearest value column on its left.
pub(super) fn in_cell(table: &Table, c: usize) -> bool {
    let n = table
        .rows
        .iter()
        .filter(|(_, r)| {
            r.get(c).is_some_and(|x| {
                cell::value(x).is_some()
                    && x.contains('(')
                    && !cell::figures(&x[x.find('(').unwrap_or(0)..]).is_empty()
            })
        })
        .count();
    n > 0 && 2 * n >= table.rows.len()
}

/// A figure of a change cell beside its row's values, for the arithmetic.
pub(super) fn to_cell(
    before: Interval,
    after: Interval,
    (num, unit): &(String, String),
    up: Option<bool>,
) -> Option<arith::Cell> {
    let claimed = crate::published::PrintedNumber::claimed(&num.replace(',', ""))?;
    (unit != "pp").then_some(arith::Cell {
        before,
        after,
        claimed,
        signed: num.starts_with(['+', '-']),
        kind: if unit == "%" {
            Kind::Percent
        } else {
            Kind::Ratio
        },
        up,
        bare: false,
    })
}

/// The convention the labels settle for one cell when its column's cells do not: a
/// signed percent of a Δ column between named sides is the change; a ratio of a
/// metric whose way is known, the speed-up.
pub(super) fn by_labels(c: &arith::Cell, named: bool, improvement: bool) -> Option<arith::Formula> {
    match c.kind {
        _ if !named => None,
        Kind::Percent if c.signed && !improvement => Some(arith::Formula::Change),
        Kind::Ratio if c.up.is_some() => Some(arith::Formula::Gain),
        _ => None,
    }
}

/// The claim judged by its column's settled convention (words refine, never
/// override): it holds when the convention explains it, else it is wrong and named by
/// the convention and the formula it would need.
pub(super) fn by_convention(
    claim: &mut Claim,
    c: &arith::Cell,
    convention: arith::Formula,
    (num, unit): &(String, String),
) -> Option<Finding> {
    let range = c.range(convention)?;
    let shown = if !c.signed && range.mid() < 0.0 {
        super::neg(range)
    } else {
        range
    };
    let recomputed = super::recomputed_text(shown.mid(), &c.claimed, c.signed);
    claim.recomputed = Some(recomputed.clone());
    claim.range = Some([shown.lo, shown.hi]);
    let verdict = arith::judge(c, convention);
    claim.holds = verdict.is_ok();
    claim.verdict = super::Verdict::of(claim.holds);
    let needs = verdict.err()?;
    // One unit of the last digit off, and no other formula that gives it: the
    // author's inputs, not their arithmetic, differ from the page's.
    if needs.is_none() && c.near(convention) {
        claim.verdict = super::Verdict::Unverifiable;
        claim.reason = Some(Unjudged::NearMiss);
        return None;
    }
    Some(Finding::Mistake {
        line: claim.line,
        mistake: Mistake::AgainstConvention {
            convention: convention.id().to_owned(),
            needs: needs.map(|f| f.id().to_owned()),
        },
        metric: claim.metric.clone().unwrap_or_default(),
        claimed: format!("{num}{unit}"),
        recomputed,
    })
}

/// Whether more is better by the units and words of `words` (lower case): a rate
/// (`tok/s`, `t/s`, "throughput") or a time (`ms`, `s`, "latency").
pub(super) fn unit_up(words: &str) -> Option<bool> {
    let has = |w: &str| {
        words
            .split(|c: char| !(c.is_alphanumeric() || c == '/'))
            .any(|t| t == w)
    };
    if words.contains("/s") || words.contains("/sec") || has("throughput") {
        Some(true)
    } else if [
        "ms", "s", "us", "µs", "sec", "latency", "time", "ttft", "tpot", "itl",
    ]
    .iter()
    .any(|w| has(w))
    {
        Some(false)
    } else {
        None
    }
}
