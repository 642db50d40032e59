//! The conclusion table: baseline and optimized on every profile. Each row is tied to
//! the case run on its profile when the report has one, else to the study's baseline and
//! the block its optimized cell quotes; values, percentages and ratios are recomputed
//! from those blocks.

use super::super::claim::ClaimSource;
use super::super::context::Context;
use super::super::grammar::cell::{columns, quote_of, CellQuote, Column};
use super::super::names::plain;
use super::super::tie::{best_match, same_config};
use super::Rule;
use crate::published::{normalize_name, Report, Row, Table};

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
        .filter(|v| v.params.as_ref().is_some_and(|p| same_config(p, recommended)))
        .flat_map(|v| v.blocks.iter().copied())
        .collect();
    let first = *runs.first()?;
    Some(q.and_then(|q| best_match(report, &q, &runs)).unwrap_or(first))
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
