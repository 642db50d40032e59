//! The conclusion table: baseline and optimized on every profile. Each row is tied to
//! the case run on its profile when the report has one, else to the study's baseline and
//! the block its optimized cell quotes; values, percentages and ratios are recomputed
//! from those blocks.

use super::super::claim::ClaimSource;
use super::super::context::Context;
use super::super::grammar::cell::{columns, quote_of, CellQuote, Column};
use super::super::tie::{best_match, same_config};
use super::Rule;
use crate::published::{conclusion_rows, Row, RowBlocks, Table};

pub(super) struct ConclusionTable;

impl Rule for ConclusionTable {
    fn apply(&self, cx: &mut Context<'_>) {
        let report = cx.report;
        if let Some(t) = &report.conclusion {
            conclusion_table(cx, t);
        }
    }
}

fn conclusion_table(cx: &mut Context<'_>, table: &Table) {
    let src = ClaimSource::ConclusionTable;
    let cols = columns(&table.header);
    let tied = conclusion_rows(cx.report);
    for (row, blocks) in table.rows.iter().zip(tied) {
        let label = blocks.label.clone();
        // The study's baseline stands for a row only when the row is about its profile
        // (or names none); a case the report never ran has nothing to compare with.
        let baseline_tied = baseline_stands_for(cx, &blocks);
        let baseline = blocks.baseline.filter(|_| baseline_tied);
        let case_side = |optimized: bool| {
            let c = &cx.report.cases[blocks.case?];
            let side = if optimized { &c.optimized } else { &c.baseline };
            side.as_ref()?.block
        };
        // The optimized run is the case's, else the run of the recommended serving
        // command on the row's profile: a conclusion quoting another run is wrong. Only
        // a report whose recommended command ran nowhere is tied by the values quoted.
        let optimized = case_side(true)
            .or_else(|| recommended_block(cx, &label, row_optimized_quote(&cols, row)))
            .or(blocks.optimized);
        // The baseline first: the optimized cell's percentage is over it.
        let mut order: Vec<usize> = (0..row.cells.len()).collect();
        order.sort_by_key(|&i| cols.get(i) != Some(&Column::Baseline));
        for ci in order {
            let cell = &row.cells[ci];
            let base = cx.loc.line_offset(row.line).map(|o| o + cell.offset);
            let q = quote_of(&cell.text, base);
            if q.values.is_empty() {
                continue;
            }
            let (block, versus) = match cols.get(ci).copied().unwrap_or(Column::Other) {
                Column::Baseline => (baseline, None),
                Column::Optimized => (optimized, baseline),
                _ => continue,
            };
            match block {
                Some(b) => cx.quoted(row.line, src, &label, &q, b, versus),
                // No block is this run, or none prints what the cell quotes (vLLM prints
                // no E2E latency): each figure quoted is unverifiable, with its metric.
                None => cx.unverifiable_quote(row.line, src, &label, &q),
            }
        }
    }
}

/// Whether the study's baseline block is the baseline of a conclusion row: the row
/// has a case with a baseline, or its label names the baseline's profile (or the
/// report describes no profile).
fn baseline_stands_for(cx: &Context<'_>, row: &RowBlocks) -> bool {
    if row.case.is_some_and(|c| {
        cx.report.cases[c]
            .baseline
            .as_ref()
            .is_some_and(|s| s.block.is_some())
    }) {
        return true;
    }
    let Some(p) = cx.report.profile_of_label(&row.label) else {
        // A case no profile describes (`Ultra Long Prompt`): not the baseline's.
        return cx.report.profiles.is_empty();
    };
    let Some((e, v)) = cx.report.baseline() else {
        return false;
    };
    // A variant that names no profile runs the first one (as import assumes).
    cx.report.experiments[e].variants[v].profile.unwrap_or(0) == p
}

/// The optimized cell's quote of a row, without positions.
fn row_optimized_quote(cols: &[Column], row: &Row) -> Option<CellQuote> {
    let ci = cols.iter().position(|c| *c == Column::Optimized)?;
    Some(quote_of(&row.cells.get(ci)?.text, None))
}

/// The block of the recommended serving command run on the row's profile (any profile
/// when the row names none): among several, the one the quoted values fit, else the
/// first.
fn recommended_block(cx: &Context<'_>, label: &str, q: Option<CellQuote>) -> Option<usize> {
    let report = cx.report;
    let recommended = report.recommended.as_ref()?;
    let profile = report.profile_of_label(label);
    let default_profile = (!report.profiles.is_empty()).then_some(0);
    let runs: Vec<usize> = report
        .experiments
        .iter()
        .flat_map(|e| &e.variants)
        .filter(|v| profile.is_none() || v.profile.or(default_profile) == profile)
        .filter(|v| {
            v.params
                .as_ref()
                .is_some_and(|p| same_config(p, recommended))
        })
        .flat_map(|v| v.blocks.iter().copied())
        .collect();
    let first = *runs.first()?;
    Some(
        q.and_then(|q| best_match(report, &q, &runs))
            .unwrap_or(first),
    )
}
