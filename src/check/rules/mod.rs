//! One rule per kind of claim. Each rule finds where a report states its kind of claim
//! (a sentence shape, a table) and recomputes it through the shared [`Context`]; a new
//! phrasing or a new table is a new rule in [`RULES`], not a new branch elsewhere.

mod conclusion_table;
mod latency_table;
mod result_line;
mod summary_sentence;
mod summary_table;

use super::claim::Claim;
use super::context::Context;
use crate::published::Report;

/// Finds one kind of claim in a report and recomputes each.
trait Rule {
    fn apply(&self, cx: &mut Context<'_>);
}

/// Every rule, in the order they run (claims are sorted by line afterwards).
const RULES: &[&dyn Rule] = &[
    &summary_sentence::SummarySentences,
    &result_line::ResultLines,
    &summary_table::SummaryTable,
    &latency_table::LatencyTable,
    &conclusion_table::ConclusionTable,
];

/// Finds and recomputes every claim of `report` (read from `text`), in line order;
/// `totals` is each block's requested total, when known.
pub fn claims(report: &Report, text: &str, totals: Vec<Option<f64>>) -> Vec<Claim> {
    let mut cx = Context::new(report, text, totals);
    for rule in RULES {
        rule.apply(&mut cx);
    }
    cx.into_claims()
}
