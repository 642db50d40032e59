//! The summary of a latency study: `| Benchmark Case | Group | Optimized | Baseline |
//! Comparison |`, one row per section (the `Group`), each quoting the section's best
//! valid run and the study's baseline in the study's metric (`2.39s`, a mean latency) and
//! their ratio (`(1.09x faster)`: the baseline's latency over the optimized one;
//! `slower`: the other way).

use super::super::claim::{ClaimSource, Quantity};
use super::super::context::Context;
use super::super::formula::Formula;
use super::super::grammar::cell::{columns, Column};
use super::super::grammar::{said, said_in, BARE_NUMBER, CELL_TIMES};
use super::super::names::plain;
use super::summary_table::{is_latency_table, section_of_title, study_metric};
use super::Rule;
use crate::published::Table;

pub(super) struct LatencyTable;

impl Rule for LatencyTable {
    fn apply(&self, cx: &mut Context<'_>) {
        let report = cx.report;
        if let Some(t) = report.summary.as_ref().filter(|t| is_latency_table(t)) {
            latency_table(cx, t);
        }
    }
}

fn latency_table(cx: &mut Context<'_>, table: &Table) {
    let src = ClaimSource::SummaryTable;
    let cols = columns(&table.header);
    let metric = study_metric(cx);
    let lower_is_better = metric.ends_with("_ms");
    let baseline = cx.report.baseline_block();
    for row in &table.rows {
        let cell_of = |col: Column| {
            let i = cols.iter().position(|c| *c == col)?;
            let cell = row.cells.get(i)?;
            let base = cx.loc.line_offset(row.line).map(|o| o + cell.offset);
            Some((cell.text.as_str(), base))
        };
        let (group, optimized, base_cell, comparison) = (
            cell_of(Column::Group),
            cell_of(Column::Optimized),
            cell_of(Column::Baseline),
            cell_of(Column::Comparison),
        );
        let Some((group, _)) = group else {
            continue;
        };
        let label = plain(group);
        let blocks: Vec<usize> = section_of_title(cx, &label).map_or(Vec::new(), |e| {
            cx.report.experiments[e]
                .variants
                .iter()
                .flat_map(|v| v.blocks.iter().copied())
                .collect()
        });
        let best = cx.best_valid_by(&blocks, metric, lower_is_better);
        for (cell, block) in [(optimized, best), (base_cell, baseline)] {
            let Some((text, base)) = cell else { continue };
            let Some(s) = BARE_NUMBER
                .find(text)
                .and_then(|num| said_in(text, num, base, metric))
            else {
                continue;
            };
            match block {
                Some(b) => cx.value_claim(row.line, src, &label, metric, &s, b),
                None => cx.unverifiable_said(row.line, src, Quantity::Value, &label, metric, &s),
            }
        }
        let Some((text, base)) = comparison else {
            continue;
        };
        let Some(c) = CELL_TIMES.captures(text) else {
            continue;
        };
        let (Some(num), Some(dir)) = (c.name("num"), c.name("dir")) else {
            continue;
        };
        let Some(s) = said(num, base) else {
            continue;
        };
        // Faster: the baseline's latency over the optimized one; slower: the other way
        // (for a throughput, the other way round).
        let faster = dir.as_str() == "faster";
        match (best, baseline) {
            (Some(o), Some(b)) => {
                let (x, y) = if faster == lower_is_better {
                    (b, o)
                } else {
                    (o, b)
                };
                cx.formula_claim(
                    row.line,
                    src,
                    Quantity::Ratio,
                    &label,
                    metric,
                    &s,
                    Formula::Ratio,
                    x,
                    y,
                );
            }
            _ => cx.unverifiable_said(row.line, src, Quantity::Ratio, &label, metric, &s),
        }
    }
}
