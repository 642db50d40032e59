//! Prose beside an author's table and no pasted results: "up to 1.23x", "TTFT improves
//! by 12%". The claim is judged on the rows of its metric (or of the document's only
//! table group) with the formula its words give (`super::expected`):
//!
//! - `up to N`: the best row is the figure (an "up to" above every row overclaims);
//! - `at least N`, `already N`: some row reaches it;
//! - a plain figure quotes a row: some row gives it, and the claim names which.

use super::prose::{Bound, ProseClaim};
use super::tables::RowChange;
use super::{bare, bears_out, expected, format_like, quantity_of, unverifiable};
use super::{interval, Claim, ClaimSource, Verdict};

/// Each claim judged on the rows it speaks of, or unverifiable when none does.
pub fn check(claims: &[ProseClaim], rows: &[RowChange]) -> Vec<Claim> {
    claims.iter().map(|c| judge(c, rows)).collect()
}

fn judge(claim: &ProseClaim, rows: &[RowChange]) -> Claim {
    let scope = super::tables::rows_of(&claim.metrics, rows);
    if scope.is_empty() {
        return unverifiable(claim);
    }
    let Some(metric) = scope[0].metric.or(claim.metrics.first().copied()) else {
        return unverifiable(claim);
    };
    // Each row's reading of the claim's formula, the first the words allow.
    let readings: Vec<(&RowChange, interval::Interval)> = scope
        .iter()
        .filter_map(|r| Some((*r, *expected(claim, metric, r.before, r.after).first()?)))
        .collect();
    let size = |i: &interval::Interval| i.mid().abs();
    let best = readings
        .iter()
        .max_by(|a, b| size(&a.1).total_cmp(&size(&b.1)));
    let exact = |i: interval::Interval| {
        let mut c = claim.clone();
        c.bound = Bound::Exact;
        bears_out(&c, i)
    };
    let hit = match claim.bound {
        Bound::AtMost => best.filter(|(_, i)| exact(*i)),
        Bound::AtLeast => readings.iter().find(|(_, i)| bears_out(claim, *i)),
        Bound::Exact => readings.iter().find(|(_, i)| exact(*i)),
    };
    let Some(&(row, shown)) = hit.or(best) else {
        return unverifiable(claim);
    };
    let holds = hit.is_some();
    let mut inputs: Vec<u64> = readings.iter().map(|(r, _)| r.line).collect();
    inputs.dedup();
    Claim {
        line: claim.line,
        source: ClaimSource::Prose,
        quantity: quantity_of(claim.figure),
        metric: Some(metric.to_owned()),
        subject: row.key.clone(),
        claimed: bare(&claim.text),
        recomputed: Some(format_like(claim, shown.mid())),
        range: Some([shown.lo, shown.hi]),
        holds,
        verdict: Verdict::of(holds),
        inputs,
        span: Some(claim.span),
        reason: None,
    }
}
