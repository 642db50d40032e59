//! The summary table of optimization options: each row is a section (by title), its
//! optimized cell quotes the section's best valid variant against the baseline, its
//! `Improvement` cell the gain of the step (over the previous step's winner, or over the
//! baseline; per GPU when the GPU counts differ; a latency speed-up in a latency study).

use super::super::claim::{Claim, ClaimSource, Quantity, Verdict};
use super::super::context::Context;
use super::super::formula::Formula;
use super::super::grammar::cell::{columns, quote_of, Column};
use super::super::grammar::{said, Said, BARE_PERCENT, IMPROVED_TO, PRIMARY};
use super::super::interval::{self, Interval};
use super::super::names::{closest, plain, title_key, without_engine, without_numbering};
use super::super::tie::{best_match, x_text};
use super::Rule;
use crate::published::{normalize_name, PrintedNumber, Table};

pub(super) struct SummaryTable;

impl Rule for SummaryTable {
    fn apply(&self, cx: &mut Context<'_>) {
        let report = cx.report;
        if let Some(t) = report.summary.as_ref().filter(|t| !is_latency_table(t)) {
            summary_table(cx, t);
        }
    }
}

/// A latency summary (`| Benchmark Case | Group | Optimized | Baseline | Comparison |`):
/// read by its own rule, `latency_table.rs`.
pub(super) fn is_latency_table(table: &Table) -> bool {
    columns(&table.header).contains(&Column::Group)
}

/// Rows are experiments: by title (typos allowed, `&&` parts in any order, the
/// engine a title names at its end ignored), else by position.
pub(super) fn experiment_of_row(cx: &Context<'_>, row: usize, label: &str) -> Option<usize> {
    if let Some(e) = section_of_title(cx, label) {
        return Some(e);
    }
    let exps = &cx.report.experiments;
    let rows = cx.report.summary.as_ref().map_or(0, |t| t.rows.len());
    (rows == exps.len()).then_some(row)
}

/// The section a row's label names, by title only.
pub(super) fn section_of_title(cx: &Context<'_>, label: &str) -> Option<usize> {
    let exps = &cx.report.experiments;
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
    // `Max CUDA graph batch size` is `Maximum batch size for cuda graph in SGLang`:
    // every word of the label is a word of one title only, or abbreviates one.
    let words = |t: &str| -> Vec<String> {
        normalize_name(t)
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let label_words = words(label);
    if label_words.len() >= 2 {
        let named: Vec<usize> = exps
            .iter()
            .enumerate()
            .filter(|(_, e)| {
                let title = words(without_numbering(&e.title));
                label_words
                    .iter()
                    .all(|w| title.iter().any(|t| t.starts_with(w.as_str())))
            })
            .map(|(i, _)| i)
            .collect();
        if let [only] = named[..] {
            return Some(only);
        }
    }
    // `Engine Selection` is the section choosing the inference engine.
    if wanted.split_whitespace().any(|w| w == "engine") {
        return exps
            .iter()
            .position(|e| normalize_name(&e.title).contains("engine"));
    }
    None
}

fn summary_table(cx: &mut Context<'_>, table: &Table) {
    let src = ClaimSource::SummaryTable;
    let cols = columns(&table.header);
    let baseline = cx.report.baseline_block();
    // The winner so far: each adopted step is measured against it (newer reports).
    let mut winner = baseline;
    for (ri, row) in table.rows.iter().enumerate() {
        let label = row.cells.first().map_or(String::new(), |c| plain(&c.text));
        if is_total_row(&label) {
            total_row(cx, table, row, &label, winner);
            continue;
        }
        let mapped = experiment_of_row(cx, ri, &label);
        let blocks: Vec<usize> = mapped.map_or(Vec::new(), |e| {
            cx.report.experiments[e]
                .variants
                .iter()
                .flat_map(|v| v.blocks.iter().copied())
                .collect()
        });
        if blocks.is_empty() {
            // A row whose section has no run (`Attention Backend`, a `//TODO`): each
            // figure it quotes cannot be checked, with its metric, and it says nothing
            // about the other rows.
            for (ci, cell) in row.cells.iter().enumerate() {
                let base = cx.loc.line_offset(row.line).map(|o| o + cell.offset);
                match cols.get(ci) {
                    Some(Column::Optimized) => {
                        let q = quote_of(&cell.text, base);
                        cx.unverifiable_quote(row.line, src, &label, &q);
                    }
                    Some(Column::Improvement) => {
                        let Some(s) = improvement_said(&cell.text, base) else {
                            continue;
                        };
                        let metric = improvement_metric(cx, table, ci);
                        cx.unverifiable_said(
                            row.line,
                            src,
                            Quantity::PercentChange,
                            &label,
                            metric,
                            &s,
                        );
                    }
                    _ => {}
                }
            }
            continue;
        }
        let Some(e) = mapped else { continue };
        for (ci, cell) in row.cells.iter().enumerate() {
            let base = cx.loc.line_offset(row.line).map(|o| o + cell.offset);
            let col = cols.get(ci).copied().unwrap_or(Column::Other);
            match col {
                Column::Optimized => {
                    let q = quote_of(&cell.text, base);
                    let Some(b) = best_match(cx.report, &q, &blocks) else {
                        if !q.values.is_empty() {
                            cx.missing(row.line, src, &label, q.values[0].1.span);
                        }
                        continue;
                    };
                    cx.quoted(row.line, src, &label, &q, b, baseline);
                    if q.success.is_none() {
                        best_claim(cx, row.line, &label, b, &blocks);
                    }
                }
                Column::Baseline => {
                    let q = quote_of(&cell.text, base);
                    match baseline {
                        Some(b) => cx.quoted(row.line, src, &label, &q, b, None),
                        None if !q.values.is_empty() => {
                            cx.missing(row.line, src, &label, q.values[0].1.span)
                        }
                        None => {}
                    }
                }
                Column::Improvement => {
                    let Some(m) = BARE_PERCENT
                        .captures(&cell.text)
                        .and_then(|c| c.name("num"))
                    else {
                        // `-`: the option was not adopted, i.e. it gained nothing.
                        let dash = cell
                            .text
                            .find('-')
                            .and_then(|i| base.map(|b| (b + i, b + i + 1)));
                        if cell.text.trim() == "-" || plain(&cell.text) == "-" {
                            let metric = improvement_metric(cx, table, ci);
                            no_gain_claim(cx, row.line, &label, dash, metric, &blocks, winner);
                        }
                        continue;
                    };
                    let Some(s) = said(m, base) else { continue };
                    let metric = improvement_metric(cx, table, ci);
                    let chosen =
                        improvement_claim(cx, row.line, &label, &s, metric, e, &blocks, winner);
                    if chosen.is_some() {
                        winner = chosen;
                    }
                }
                Column::Label | Column::Group | Column::Comparison | Column::Other => {}
            }
        }
    }
}

/// The row of the whole gain (`Total(vs Baseline)`, `Overall`): not a section.
fn is_total_row(label: &str) -> bool {
    let key = normalize_name(label);
    key.starts_with("total") || key.starts_with("overall") || key.contains("vs baseline")
}

/// The whole gain (`Total(vs Baseline) +56.97%`): the best run over the baseline,
/// the best being the last step's winner, or else the best valid run of the
/// experiments on the baseline's profile. Holds under either reading; when neither
/// holds, the first is reported.
fn total_row(
    cx: &mut Context<'_>,
    table: &Table,
    row: &crate::published::Row,
    label: &str,
    winner: Option<usize>,
) {
    let src = ClaimSource::SummaryTable;
    let cols = columns(&table.header);
    let Some(ci) = cols.iter().position(|c| *c == Column::Improvement) else {
        return;
    };
    let Some(cell) = row.cells.get(ci) else {
        return;
    };
    let base = cx.loc.line_offset(row.line).map(|o| o + cell.offset);
    let Some(s) = improvement_said(&cell.text, base) else {
        return;
    };
    let metric = improvement_metric(cx, table, ci);
    let latency = metric.ends_with("_ms");
    let report = cx.report;
    let Some(baseline) = report.baseline_block() else {
        cx.unverifiable_said(row.line, src, Quantity::PercentChange, label, metric, &s);
        return;
    };
    let profile_of = |v: &crate::published::Variant| v.profile.unwrap_or(0);
    let baseline_profile = report
        .baseline()
        .map_or(0, |(e, v)| profile_of(&report.experiments[e].variants[v]));
    let runs: Vec<usize> = report
        .experiments
        .iter()
        .flat_map(|e| &e.variants)
        .filter(|v| profile_of(v) == baseline_profile)
        .flat_map(|v| v.blocks.iter().copied())
        .collect();
    let mut bests: Vec<usize> = winner.filter(|w| *w != baseline).into_iter().collect();
    bests.extend(
        cx.best_valid_by(&runs, metric, latency)
            .filter(|b| !bests.contains(b) && *b != baseline),
    );
    let readings: Vec<(usize, usize)> = bests
        .iter()
        .map(|&w| {
            if latency {
                (baseline, w)
            } else {
                (w, baseline)
            }
        })
        .collect();
    let Some(&first) = readings.first() else {
        cx.unverifiable_said(row.line, src, Quantity::PercentChange, label, metric, &s);
        return;
    };
    let (a, b) = readings
        .iter()
        .copied()
        .find(|&(a, b)| {
            let (Some(x), Some(y)) = (cx.block(a).number(metric), cx.block(b).number(metric))
            else {
                return false;
            };
            let (range, _) = Formula::PercentChange.eval(&x, &y);
            range.is_some_and(|range| interval::holds(&s.number, range))
        })
        .unwrap_or(first);
    cx.formula_claim(
        row.line,
        src,
        Quantity::PercentChange,
        label,
        metric,
        &s,
        Formula::PercentChange,
        a,
        b,
    );
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
    cx: &mut Context<'_>,
    line: u64,
    label: &str,
    s: &Said,
    metric: &str,
    e: usize,
    blocks: &[usize],
    previous: Option<usize>,
) -> Option<usize> {
    let src = ClaimSource::SummaryTable;
    let baseline = cx.report.baseline_block();
    let mut refs: Vec<usize> = previous.into_iter().collect();
    refs.extend(baseline.filter(|b| Some(*b) != previous));
    let latency = metric.ends_with("_ms");
    let mut winners: Vec<usize> = Vec::new();
    if latency {
        winners.extend(cx.best_valid_by(blocks, metric, true));
    } else {
        winners.extend(cx.best_valid(blocks, PRIMARY));
        winners.extend(named_winner(cx, e, blocks).filter(|b| !winners.contains(b)));
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
        if let Some((b, f)) = cx.best_per_gpu(blocks, r) {
            if f != 1.0 {
                readings.push((b, r, f));
            }
        }
    }
    let Some(&first) = readings.first() else {
        cx.unverifiable_said(line, src, Quantity::PercentChange, label, metric, s);
        return None;
    };
    let holding = readings.iter().copied().find(|&(a, b, f)| {
        let (Some(x), Some(y)) = (cx.block(a).number(metric), cx.block(b).number(metric)) else {
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
    cx.formula_claim(
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

/// The metric an improvement column is about: the one its header names (`Throughput
/// Improvement` is a throughput gain even in a latency study), else the study's.
fn improvement_metric(cx: &Context<'_>, table: &Table, ci: usize) -> &'static str {
    let header = table
        .header
        .cells
        .get(ci)
        .map_or(String::new(), |c| plain(&c.text).to_ascii_lowercase());
    if header.contains("throughput") {
        PRIMARY
    } else {
        study_metric(cx)
    }
}

/// The metric a study optimizes: the first one its conclusion table quotes (a mean
/// latency in a latency study), else the total token throughput.
pub(super) fn study_metric(cx: &Context<'_>) -> &'static str {
    let Some(t) = &cx.report.conclusion else {
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
fn named_winner(cx: &Context<'_>, e: usize, blocks: &[usize]) -> Option<usize> {
    cx.report.experiments[e]
        .sentences
        .iter()
        .find_map(|sentence| {
            let c = IMPROVED_TO.captures(&sentence.text)?;
            let to = PrintedNumber::claimed(c.name("to")?.as_str())?;
            blocks.iter().copied().find(|&b| {
                cx.block(b)
                    .number(PRIMARY)
                    .is_some_and(|n| interval::holds(&to, Interval::of(&n)))
            })
        })
}

/// The quoted block is the experiment's best valid variant by the primary metric.
fn best_claim(cx: &mut Context<'_>, line: u64, subject: &str, chosen: usize, blocks: &[usize]) {
    let Some(c) = cx.block(chosen).number(PRIMARY) else {
        return;
    };
    let better = blocks.iter().copied().find(|&b| {
        b != chosen
            && cx.is_valid(b)
            && cx.block(b).number(PRIMARY).is_some_and(|n| n.lo() > c.hi())
    });
    let text = |b: usize| x_text(cx.block(b), PRIMARY);
    let claim = Claim {
        line,
        source: ClaimSource::SummaryTable,
        quantity: Quantity::Best,
        metric: Some(PRIMARY.to_owned()),
        subject: subject.to_owned(),
        claimed: text(chosen),
        recomputed: Some(text(better.unwrap_or(chosen))),
        range: None,
        holds: better.is_none() && cx.is_valid(chosen),
        verdict: Verdict::of(better.is_none() && cx.is_valid(chosen)),
        inputs: vec![cx.block(chosen).line_of(PRIMARY)],
        span: None,
        reason: None,
    };
    cx.push(claim);
}

/// A `-` improvement: the section's best valid run gains nothing over the run it is
/// measured against (the previous step's winner, or the baseline), beyond the printed
/// rounding; per GPU when the two ran on different numbers of GPUs (as the improvement
/// rows are). Wrong only when it gains over both; the gain over the first is what is
/// reported (`+0.27%`). A section whose runs do not print the study's metric says
/// nothing checkable, and makes no claim.
fn no_gain_claim(
    cx: &mut Context<'_>,
    line: u64,
    label: &str,
    span: Option<(usize, usize)>,
    metric: &str,
    blocks: &[usize],
    previous: Option<usize>,
) {
    let latency = metric.ends_with("_ms");
    let Some(best) = cx.best_valid_by(blocks, metric, latency) else {
        return;
    };
    let Some(x) = cx.block(best).number(metric) else {
        return;
    };
    let mut refs: Vec<usize> = previous.into_iter().collect();
    refs.extend(cx.report.baseline_block().filter(|b| Some(*b) != previous));
    // (reference, its value, the best run's value scaled to the reference's GPUs)
    let against: Vec<(usize, PrintedNumber, PrintedNumber)> = refs
        .into_iter()
        .filter(|&r| r != best)
        .filter_map(|r| {
            let y = cx.block(r).number(metric)?;
            let scale = match (latency, cx.gpus_of(r), cx.gpus_of(best)) {
                (false, Some(gr), Some(gb)) if gb > 0.0 => gr / gb,
                _ => 1.0,
            };
            Some((r, y, x.scaled(scale)))
        })
        .collect();
    let Some(&(first, y, x)) = against.first() else {
        return;
    };
    let gains = |y: &PrintedNumber, x: &PrintedNumber| {
        if latency {
            x.hi() < y.lo()
        } else {
            x.lo() > y.hi()
        }
    };
    let holds = !against.iter().all(|(_, y, x)| gains(y, x));
    // The gain in percent: of the throughput, or of the speed (the latency before over
    // the latency after).
    let gain = if latency {
        (y.value / x.value - 1.0) * 100.0
    } else {
        (x.value / y.value - 1.0) * 100.0
    };
    cx.push(Claim {
        line,
        source: ClaimSource::SummaryTable,
        quantity: Quantity::NoGain,
        metric: Some(metric.to_owned()),
        subject: label.to_owned(),
        claimed: "-".to_owned(),
        recomputed: Some(format!("{gain:+.2}")),
        range: None,
        holds,
        verdict: Verdict::of(holds),
        inputs: vec![
            cx.block(best).line_of(metric),
            cx.block(first).line_of(metric),
        ],
        span,
        reason: None,
    });
}

/// The percentage of an improvement cell (`+284.0%`), `base` the cell's offset.
fn improvement_said(text: &str, base: Option<usize>) -> Option<Said> {
    BARE_PERCENT
        .captures(text)
        .and_then(|c| c.name("num"))
        .and_then(|m| said(m, base))
}
