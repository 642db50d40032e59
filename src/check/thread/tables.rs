//! An author's own before/after table (drawn any way `grid.rs` reads): a column of the
//! change (`Δ`, `Delta`, `Improvement`, `Speedup`, `A/B`) after the values it compares,
//! once or in groups side by side (`| E2E Latency | | Improvement | TPOT | | Improvement |`
//! over `| Before | After | |`).
//!
//! - With two or more value columns before it, the change compares the two nearest
//!   (the PR's own pair and a reproduced pair side by side: the reproduced pair, next
//!   to its column). Which is before comes from their words ("before", "main",
//!   "baseline"…), else from the order (the left one).
//! - With one value column, rows compare with other rows: the rows whose change cell
//!   holds no figure (`-`) are the base rows, and each other row compares with the base
//!   row its label names (`Round2` with `base … Round2`), else with the last base row
//!   above it; the claim says which.
//!
//! Each figure of a change cell is a claim (`cell.rs`), and each compared row's change
//! is kept for the ranges and parities said about the rows (`spread.rs`).

use super::arith::{self, Kind};
use super::cell::{self, Column};
use super::convention::{by_convention, by_labels, cell_figures, in_cell, to_cell, unit_up};
use super::grid::{self, Table};
use super::interval::{self, Interval};
use super::prose::metrics_of;
use super::roles::role_of;
use super::sides::Role;
use super::{Claim, Finding, PairedBy};

/// How a group's rows are compared.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Compare {
    Columns {
        before: usize,
        after: usize,
        by: PairedBy,
    },
    BaseRows {
        value: usize,
    },
}

struct Group {
    compare: Compare,
    change: usize,
    /// The words over the group ("E2E Latency (s)", "TTFT"), or empty.
    name: String,
}

/// One compared row of a group: its change of after against before, in percent.
#[derive(Debug, Clone)]
pub struct RowChange {
    pub line: u64,
    /// The row's first cell ("256", "Qwen3-8B-AWQ").
    pub key: String,
    pub group: usize,
    pub metric: Option<&'static str>,
    pub change: Interval,
    pub before: Interval,
    pub after: Interval,
}

/// The rows a claim naming `metrics` speaks of: the rows of those metrics, else the
/// rows of the document's only group when the claim names no metric or the group none
/// (a TTFT claim is not judged on a throughput table).
pub fn rows_of<'r>(metrics: &[&str], rows: &'r [RowChange]) -> Vec<&'r RowChange> {
    let named: Vec<&RowChange> = rows
        .iter()
        .filter(|r| r.metric.is_some_and(|m| metrics.contains(&m)))
        .collect();
    if !named.is_empty() {
        return named;
    }
    let only_group = rows.first().is_some_and(|first| {
        rows.iter()
            .all(|r| r.group == first.group && (metrics.is_empty() || r.metric.is_none()))
    });
    if only_group {
        rows.iter().collect()
    } else {
        Vec::new()
    }
}

/// What the author tables of a document claim.
#[derive(Default)]
pub struct TableClaims {
    pub claims: Vec<Claim>,
    pub findings: Vec<Finding>,
    /// The first group's before and after column names and the header's line.
    pub first: Option<(String, String, u64, PairedBy)>,
    pub rows: Vec<RowChange>,
    /// The rows' cells outside the compared columns, for words about a row ("no
    /// change" in an "Expected" column): line, cell.
    pub remarks: Vec<(u64, String)>,
}

pub(super) fn is_change(header: &str) -> bool {
    let h = header.to_lowercase();
    [
        "δ", "delta", "change", "diff", "improv", "gain", "speedup", "speed-up", "uplift", "a/b",
        "ratio", "relative", "% of",
    ]
    .iter()
    .any(|w| h.contains(w))
}

/// A header row of role words under a header of groups (`| | Before | After | |`) is
/// folded into it; empty group cells take the name on their left.
fn fold_header(table: &mut Table) {
    let roles_in = |row: &[String]| row.iter().filter(|c| role_of(c).is_some()).count();
    let no_digits = |row: &[String]| !row.iter().any(|c| c.chars().any(|ch| ch.is_ascii_digit()));
    if roles_in(&table.header) != 0 {
        return;
    }
    let Some((_, first)) = table.rows.first() else {
        return;
    };
    if roles_in(first) < 2 || !no_digits(first) {
        return;
    }
    let sub = table.rows.remove(0).1;
    let mut group = String::new();
    for (i, h) in table.header.iter_mut().enumerate() {
        if !h.is_empty() {
            group = h.clone();
        }
        let s = sub.get(i).cloned().unwrap_or_default();
        *h = if h.is_empty() && !s.is_empty() {
            format!("{group} {s}")
        } else if s.is_empty() {
            h.clone()
        } else {
            format!("{h} {s}")
        };
    }
}

/// Whether column `c` holds numbers in at least half of the rows.
fn numeric(table: &Table, c: usize) -> bool {
    let n = table
        .rows
        .iter()
        .filter(|(_, r)| r.get(c).and_then(|x| cell::value(x)).is_some())
        .count();
    n > 0 && 2 * n >= table.rows.len()
}

/// The groups of the header; the first column names the rows and is never a value.
fn groups(table: &Table) -> Vec<Group> {
    let header = &table.header;
    let mut out = Vec::new();
    let mut start = 1;
    for change in (1..header.len()).filter(|&c| is_change(&header[c]) || in_cell(table, c)) {
        let inside = !is_change(&header[change]);
        // A value cell with its change compares with the value column on its left.
        let end = if inside { change + 1 } else { change };
        let values: Vec<usize> = (start..end).filter(|&c| numeric(table, c)).collect();
        start = change + 1;
        let (compare, named) = match values[..] {
            [.., x, y] => {
                let (x, y) = best_pair(table, &values, change).unwrap_or((x, y));
                let role = |c: usize| role_of(&header[c]);
                let (before, after, by) = match (role(x), role(y)) {
                    (Some(Role::After), _) | (_, Some(Role::Before)) => (y, x, PairedBy::Words),
                    (Some(Role::Before), _) | (_, Some(Role::After)) => (x, y, PairedBy::Words),
                    _ => (x, y, PairedBy::Order),
                };
                (Compare::Columns { before, after, by }, before)
            }
            [value] => (Compare::BaseRows { value }, value),
            [] => continue,
        };
        // Columns told apart by their order are named after the sides ("vLLM
        // 0.26.0"), not after a metric; the others by their words less the role's.
        let name = match compare {
            Compare::Columns {
                by: PairedBy::Order,
                ..
            } => String::new(),
            _ => header[named]
                .split_whitespace()
                .filter(|w| role_of(w).is_none())
                .collect::<Vec<_>>()
                .join(" "),
        };
        out.push(Group {
            compare,
            change,
            name,
        });
    }
    out
}

/// Among three or more value columns, the pair whose arithmetic gives more of the
/// change cells than the two nearest do (`trtllm_mean  trtllm_std  baseline_mean
/// baseline_std  speedup_%`: the means, not a mean and a spread); `None` keeps the
/// nearest.
fn best_pair(table: &Table, values: &[usize], change: usize) -> Option<(usize, usize)> {
    if values.len() < 3 || values.contains(&change) {
        return None;
    }
    let score = |x: usize, y: usize| {
        let g = Group {
            compare: Compare::Columns {
                before: x,
                after: y,
                by: PairedBy::Order,
            },
            change,
            name: String::new(),
        };
        let cells: Vec<arith::Cell> = table
            .rows
            .iter()
            .flat_map(|(_, row)| cells_of(table, &g, values[0], row, None))
            .collect();
        let (kept, swapped) = arith::standard_counts(&cells);
        kept.max(swapped)
    };
    let nearest = score(values[values.len() - 2], values[values.len() - 1]);
    let mut best: Option<((usize, usize), usize)> = None;
    for (i, &x) in values.iter().enumerate() {
        for &y in &values[i + 1..] {
            let s = score(x, y);
            if s > nearest && best.is_none_or(|(_, b)| s > b) {
                best = Some(((x, y), s));
            }
        }
    }
    best.map(|(pair, _)| pair)
}

/// Every change cell of every author table, checked.
pub fn check(text: &str) -> TableClaims {
    let mut out = TableClaims::default();
    let mut group_index = 0;
    for mut table in grid::tables(text) {
        fold_header(&mut table);
        let mut groups = groups(&table);
        let used: Vec<usize> = groups
            .iter()
            .flat_map(|g| match g.compare {
                Compare::Columns { before, after, .. } => vec![before, after, g.change],
                Compare::BaseRows { value } => vec![value, g.change],
            })
            .collect();
        // The row's own words: the cells left of the first compared column.
        let label_end = used.iter().copied().min().unwrap_or(1);
        for g in &mut groups {
            settle_sides(&table, g, label_end);
        }
        for g in &groups {
            let before = out.claims.len();
            let rows = compared_rows(&table, g, label_end);
            let cells: Vec<arith::Cell> = rows
                .iter()
                .flat_map(|&(_, row, base)| cells_of(&table, g, label_end, row, base))
                .collect();
            let conventions = [
                arith::convention(&cells, Kind::Percent),
                arith::convention(&cells, Kind::Ratio),
            ];
            for &(line, row, base) in &rows {
                check_row(
                    &mut out,
                    &table,
                    (g, conventions),
                    (group_index, label_end),
                    line,
                    row,
                    base,
                );
            }
            group_index += 1;
            // A group is a comparison only when its rows compare numbers.
            if out.first.is_none() && out.claims.len() > before {
                out.first = Some(match g.compare {
                    Compare::Columns { before, after, by } => (
                        table.header[before].clone(),
                        table.header[after].clone(),
                        table.line,
                        by,
                    ),
                    // Rows against base rows: the first pair of rows compared.
                    Compare::BaseRows { .. } => {
                        let (line, row, base) = rows[0];
                        (
                            label(base.unwrap_or(row), label_end),
                            label(row, label_end),
                            line,
                            PairedBy::Words,
                        )
                    }
                });
            }
        }
        if groups.is_empty() {
            continue;
        }
        for (line, row) in &table.rows {
            for (c, cell) in row.iter().enumerate().skip(1) {
                if !used.contains(&c) && !cell.is_empty() {
                    out.remarks.push((*line, cell.clone()));
                }
            }
        }
    }
    out
}

/// A row to compare: its line, its cells and, against base rows, the base row's cells.
type Compared<'t> = (u64, &'t [String], Option<&'t [String]>);

/// The rows of a group to compare, each with the base row it compares with (itself for
/// a group of two columns).
fn compared_rows<'t>(table: &'t Table, g: &Group, label_end: usize) -> Vec<Compared<'t>> {
    let Compare::BaseRows { value } = g.compare else {
        return table
            .rows
            .iter()
            .map(|(l, r)| (*l, r.as_slice(), None))
            .collect();
    };
    let has_figure = |r: &[String]| {
        r.get(g.change)
            .is_some_and(|c| !cell::figures(c).is_empty())
    };
    let has_value = |r: &[String]| r.get(value).and_then(|c| cell::value(c)).is_some();
    let bases: Vec<usize> = (0..table.rows.len())
        .filter(|&i| has_value(&table.rows[i].1) && !has_figure(&table.rows[i].1))
        .collect();
    let label_words = |r: &[String]| -> Vec<String> {
        r[..label_end.min(r.len())]
            .iter()
            .flat_map(|c| c.split_whitespace().map(str::to_lowercase))
            .collect()
    };
    // The words that tell each base row from the others ("Round1"), found once.
    let base_words: Vec<Vec<String>> = bases
        .iter()
        .map(|&b| label_words(&table.rows[b].1))
        .collect();
    let telling: Vec<Vec<&String>> = base_words
        .iter()
        .map(|own| {
            own.iter()
                .filter(|w| !base_words.iter().all(|other| other.contains(w)))
                .collect()
        })
        .collect();
    let mut out = Vec::new();
    for (i, (line, row)) in table.rows.iter().enumerate() {
        if bases.contains(&i) || !has_figure(row) || !has_value(row) {
            continue;
        }
        let words = label_words(row);
        let named: Vec<usize> = bases
            .iter()
            .zip(&telling)
            .filter(|(_, t)| !t.is_empty() && t.iter().all(|w| words.contains(w)))
            .map(|(&b, _)| b)
            .collect();
        let base = match named[..] {
            [b] => Some(b),
            _ => bases.iter().copied().rfind(|&b| b < i),
        };
        if let Some(b) = base {
            out.push((*line, row.as_slice(), Some(table.rows[b].1.as_slice())));
        }
    }
    out
}

fn label(row: &[String], upto: usize) -> String {
    row[..upto.min(row.len())]
        .iter()
        .rev()
        .find(|c| !c.is_empty())
        .cloned()
        .unwrap_or_default()
}

/// The row's before and after values, if it prints both.
fn values(g: &Group, row: &[String], base: Option<&[String]>) -> Option<(Interval, Interval)> {
    let at = |r: &[String], c: usize| r.get(c).and_then(|x| cell::value(x));
    match (g.compare, base) {
        (Compare::Columns { before, after, .. }, _) => Some((at(row, before)?, at(row, after)?)),
        (Compare::BaseRows { value }, Some(base)) => Some((at(base, value)?, at(row, value)?)),
        (Compare::BaseRows { .. }, None) => None,
    }
}

/// The metric of a row: the group's words and the row's label.
fn row_metric(g: &Group, row: &[String], label_end: usize) -> Option<&'static str> {
    let name = label(row, label_end);
    metrics_of(&format!("{} {name}", g.name), 0)
        .first()
        .copied()
}

/// Whether more of a row's values is better: its metric's way, else its unit's (a
/// rate `tok/s`, `t/s`; a time `ms`, `s`) in its value cells or their headers.
fn row_up(table: &Table, g: &Group, row: &[String], label_end: usize) -> Option<bool> {
    if let Some(m) = row_metric(g, row, label_end) {
        return Some(super::higher_is_better(m));
    }
    let col = match g.compare {
        Compare::Columns { before, .. } => before,
        Compare::BaseRows { value } => value,
    };
    let words = format!(
        "{} {} {}",
        row.get(col).map_or("", String::as_str),
        table.header.get(col).map_or("", String::as_str),
        label(row, label_end)
    )
    .to_lowercase();
    unit_up(&words)
}

/// The figures of a row's change cell, each with its row, for the arithmetic.
fn cells_of(
    table: &Table,
    g: &Group,
    label_end: usize,
    row: &[String],
    base: Option<&[String]>,
) -> Vec<arith::Cell> {
    let Some((before, after)) = values(g, row, base) else {
        return Vec::new();
    };
    let up = row_up(table, g, row, label_end);
    let header = &table.header[g.change];
    let cell = row.get(g.change).map_or("", String::as_str);
    let bare = cell::figures(change_part(g, cell)).is_empty();
    cell_figures(header, change_part(g, cell))
        .iter()
        .filter_map(|f| to_cell(before, after, f, up).map(|c| arith::Cell { bare, ..c }))
        .collect()
}

/// The part of a change cell that holds its figures: all of it, or the parentheses of
/// a value cell that carries its change.
fn change_part<'c>(g: &Group, cell: &'c str) -> &'c str {
    match g.compare {
        Compare::Columns { after, .. } if after == g.change => {
            cell.find('(').map_or("", |i| &cell[i..])
        }
        Compare::BaseRows { value } if value == g.change => {
            cell.find('(').map_or("", |i| &cell[i..])
        }
        _ => cell,
    }
}

/// Which value column of a two-column group is before: the order under which the
/// change cells' arithmetic is a standard formula; the words or the order only where
/// the arithmetic fits both.
fn settle_sides(table: &Table, g: &mut Group, label_end: usize) {
    let Compare::Columns { before, after, by } = g.compare else {
        return;
    };
    // A value cell that carries its change is the after.
    if before == g.change || after == g.change {
        let other = before + after - g.change;
        g.compare = Compare::Columns {
            before: other,
            after: g.change,
            by,
        };
        return;
    }
    let cells: Vec<arith::Cell> = table
        .rows
        .iter()
        .flat_map(|(_, row)| cells_of(table, g, label_end, row, None))
        .collect();
    g.compare = match arith::order(&cells) {
        Some(false) => Compare::Columns {
            before: after,
            after: before,
            by: PairedBy::Arithmetic,
        },
        Some(true) if by == PairedBy::Order => Compare::Columns {
            before,
            after,
            by: PairedBy::Arithmetic,
        },
        _ => g.compare,
    };
}

fn check_row(
    out: &mut TableClaims,
    table: &Table,
    (g, conventions): (&Group, [Option<arith::Formula>; 2]),
    (group_index, label_end): (usize, usize),
    line: u64,
    row: &[String],
    base: Option<&[String]>,
) {
    let Some((before, after)) = values(g, row, base) else {
        return;
    };
    let Some(cell_text) = row.get(g.change) else {
        return;
    };
    let figures = cell_figures(&table.header[g.change], change_part(g, cell_text));
    let name = label(row, label_end);
    let metric = row_metric(g, row, label_end);
    let mut subject = if g.name.is_empty() {
        name.clone()
    } else {
        format!("{name} ({})", g.name)
    };
    if let Some(base) = base {
        subject = format!("{subject} ↔ {}", label(base, label_end));
    }
    let column = Column {
        improvement: table.header[g.change].to_lowercase().contains("improv"),
        metric,
        subject: &subject,
    };
    // Sides told by words (or settled by the arithmetic) let the labels settle a
    // convention that the column's cells do not.
    let named = !matches!(
        g.compare,
        Compare::Columns {
            by: PairedBy::Order,
            ..
        }
    );
    let mut any = false;
    for figure in &figures {
        if let Some((mut claim, mut finding)) = cell::judge(before, after, figure, &column, line) {
            let bare = cell::figures(change_part(g, cell_text)).is_empty();
            let cell = to_cell(before, after, figure, row_up(table, g, row, label_end))
                .map(|c| arith::Cell { bare, ..c });
            if let Some(c) = cell {
                let settled = conventions[usize::from(c.kind == Kind::Ratio)]
                    .or_else(|| by_labels(&c, named, column.improvement));
                match settled {
                    Some(f) => finding = by_convention(&mut claim, &c, f, figure),
                    // Neither the other cells nor the words settle how the author
                    // computed: a figure no reading gives is not called wrong.
                    None if !claim.holds => {
                        claim.verdict = super::Verdict::Unverifiable;
                        claim.reason = Some(crate::check::Unjudged::Unsettled);
                        finding = None;
                    }
                    None => {}
                }
            }
            out.claims.push(claim);
            out.findings.extend(finding);
            any = true;
        }
    }
    if let (true, Some(change)) = (any, interval::percent_change(after, before)) {
        out.rows.push(RowChange {
            line,
            key: row.first().cloned().unwrap_or_default(),
            group: group_index,
            metric,
            change,
            before,
            after,
        });
    }
}
