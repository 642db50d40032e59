//! An author's own before/after table: a column before, a column after and a column of
//! the change (`Δ`, `Delta`, `Improvement`, `Speedup`), once or in groups side by side
//! (`| E2E Latency | | Improvement | TPOT | | Improvement |` over `| Before | After | |`).
//! Which column is before comes from its words ("before", "main", "baseline"…), else
//! from the order (the left one). Each change cell is a claim recomputed from its row's
//! two values; its sign convention is the author's (a signed Δ, or an improvement that
//! is positive when a time drops), so either reading may hold, never a third.

use std::sync::LazyLock;

use regex::Regex;

use super::interval::{self, Interval};
use super::mistakes::Mistake;
use super::prose::metrics_of;
use super::roles::role_of;
use super::sides::Role;
use super::{higher_is_better, neg, Finding, PairedBy};
use super::{Claim, ClaimSource, Quantity, Verdict};
use crate::published::PrintedNumber;

/// One group of columns: before, after, change, and the words over them.
struct Group {
    before: usize,
    after: usize,
    change: usize,
    /// The metric words over the group ("E2E Latency (s)"), or empty.
    name: String,
    by: PairedBy,
}

/// A table of the document: its header line and cells, and its rows.
struct Table {
    line: u64,
    header: Vec<String>,
    rows: Vec<(u64, Vec<String>)>,
}

/// What the author tables of a document claim.
#[derive(Default)]
pub struct TableClaims {
    pub claims: Vec<Claim>,
    pub findings: Vec<Finding>,
    /// The first group's before and after column names and the header's line.
    pub first: Option<(String, String, u64, PairedBy)>,
}

fn cells(line: &str) -> Vec<String> {
    let t = line.trim().trim_start_matches('|').trim_end_matches('|');
    t.split('|')
        .map(|c| c.replace(['*', '`'], "").trim().to_owned())
        .collect()
}

fn is_rule(cells: &[String]) -> bool {
    !cells.is_empty()
        && cells
            .iter()
            .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
}

fn tables(text: &str) -> Vec<Table> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i + 1 < lines.len() {
        let (head, rule) = (lines[i].trim(), lines[i + 1].trim());
        if head.starts_with('|') && rule.starts_with('|') && is_rule(&cells(rule)) {
            let mut table = Table {
                line: i as u64 + 1,
                header: cells(head),
                rows: Vec::new(),
            };
            let mut j = i + 2;
            while j < lines.len() && lines[j].trim().starts_with('|') {
                table.rows.push((j as u64 + 1, cells(lines[j])));
                j += 1;
            }
            out.push(table);
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

fn is_change(header: &str) -> bool {
    let h = header.to_lowercase();
    [
        "δ", "delta", "change", "diff", "improv", "gain", "speedup", "speed-up", "uplift",
    ]
    .iter()
    .any(|w| h.contains(w))
}

/// A header row of role words under a header of groups (`| | Before | After | |`) is
/// folded into it; empty group cells take the name on their left.
fn fold_header(table: &mut Table) {
    let roles_in = |row: &[String]| row.iter().filter(|c| role_of(c).is_some()).count();
    let no_digits = |row: &[String]| !row.iter().any(|c| c.chars().any(|ch| ch.is_ascii_digit()));
    if roles_in(&table.header) == 0 {
        if let Some((_, first)) = table.rows.first() {
            if roles_in(first) >= 2 && no_digits(first) {
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
        }
    }
}

fn groups(header: &[String]) -> Vec<Group> {
    let mut out = Vec::new();
    let role = |i: usize| role_of(&header[i]).filter(|_| !is_change(&header[i]));
    let mut i = 1;
    while i < header.len() {
        let Some(change) = (i..header.len()).find(|&c| is_change(&header[c])) else {
            break;
        };
        let cols: Vec<usize> = (i..change).collect();
        let before = cols
            .iter()
            .copied()
            .find(|&c| role(c) == Some(Role::Before));
        let after = cols.iter().copied().find(|&c| role(c) == Some(Role::After));
        let (before, after, by) = match (before, after) {
            (Some(b), Some(a)) => (b, a, PairedBy::Words),
            _ if cols.len() >= 2 => (cols[cols.len() - 2], cols[cols.len() - 1], PairedBy::Order),
            _ => {
                i = change + 1;
                continue;
            }
        };
        // Columns told apart by their order are named after the sides ("vLLM
        // 0.26.0"), not after a metric.
        let name = match by {
            PairedBy::Order => String::new(),
            PairedBy::Words => header[before]
                .split_whitespace()
                .filter(|w| role_of(w).is_none())
                .collect::<Vec<_>>()
                .join(" "),
        };
        out.push(Group {
            before,
            after,
            change,
            name,
            by,
        });
        i = change + 1;
    }
    out
}

static NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?P<num>[+\-−]?[0-9][0-9,]*(?:\.[0-9]+)?)\s*(?P<unit>%|[x×]|pp)?")
        .expect("static pattern")
});

fn number(cell: &str) -> Option<(String, Option<String>)> {
    let c = NUMBER.captures(cell.trim())?;
    let num = c["num"].replace('−', "-");
    Some((num, c.name("unit").map(|u| u.as_str().to_owned())))
}

/// Every change cell of every author table, checked.
pub fn check(text: &str) -> TableClaims {
    let mut out = TableClaims::default();
    for mut table in tables(text) {
        fold_header(&mut table);
        for g in groups(&table.header) {
            let before = out.claims.len();
            for (line, row) in &table.rows {
                if let Some((claim, finding)) = cell_claim(&table, &g, *line, row) {
                    out.claims.push(claim);
                    out.findings.extend(finding);
                }
            }
            // A group is a comparison only when its rows compare numbers.
            if out.first.is_none() && out.claims.len() > before {
                out.first = Some((
                    table.header[g.before].clone(),
                    table.header[g.after].clone(),
                    table.line,
                    g.by,
                ));
            }
        }
    }
    out
}

fn cell_claim(
    table: &Table,
    g: &Group,
    line: u64,
    row: &[String],
) -> Option<(Claim, Option<Finding>)> {
    let (b, _) = number(row.get(g.before)?)?;
    let (a, _) = number(row.get(g.after)?)?;
    let (c, unit) = number(row.get(g.change)?)?;
    let unit = unit?;
    if unit == "pp" {
        return None;
    }
    let before = Interval::of(&PrintedNumber::measured(&b.replace(',', ""))?);
    let after = Interval::of(&PrintedNumber::measured(&a.replace(',', ""))?);
    let claimed = PrintedNumber::claimed(&c.replace(',', ""))?;
    let label = row.first().cloned().unwrap_or_default();
    let words = format!("{} {label}", g.name);
    let metric = metrics_of(&words, 0).first().copied();
    let signed = c.starts_with(['+', '-']);
    let ratio = unit != "%";
    let change = interval::percent_change(after, before)?;
    let options: Vec<Interval> = if ratio {
        let up = interval::ratio(after, before)?;
        let down = interval::ratio(before, after)?;
        match metric {
            Some(m) if higher_is_better(m) => vec![up],
            Some(_) => vec![down],
            None => vec![up, down],
        }
    } else if signed && !table.header[g.change].to_lowercase().contains("improv") {
        vec![change]
    } else {
        // An improvement column, or an unsigned figure: the author's sign convention.
        vec![change, neg(change)]
    };
    let claimed_abs = if signed || ratio {
        claimed
    } else {
        PrintedNumber {
            value: claimed.value.abs(),
            ..claimed
        }
    };
    let hit = options.iter().find(|i| interval::holds(&claimed_abs, **i));
    let holds = hit.is_some();
    let shown = hit.copied().unwrap_or_else(|| {
        // The reading nearest the claim, to show beside it.
        *options
            .iter()
            .min_by(|x, y| {
                (x.mid() - claimed.value)
                    .abs()
                    .total_cmp(&(y.mid() - claimed.value).abs())
            })
            .expect("at least one reading")
    });
    let recomputed = super::recomputed_text(shown.mid(), &claimed, signed);
    // (after − before) / after: the change over the new value.
    let over_new = interval::percent_change(before, after).map(neg);
    let finding = (!holds && !ratio)
        .then_some(over_new)
        .flatten()
        .filter(|i| interval::holds(&claimed_abs, *i) || interval::holds(&claimed_abs, neg(*i)))
        .map(|_| Finding::Mistake {
            line,
            mistake: Mistake::DividedByNew,
            metric: metric.unwrap_or_default().to_owned(),
            claimed: format!("{c}{unit}"),
            recomputed: recomputed.clone(),
        });
    let subject = if g.name.is_empty() {
        label
    } else {
        format!("{label} ({})", g.name)
    };
    Some((
        Claim {
            line,
            source: ClaimSource::AuthorTable,
            quantity: if ratio {
                Quantity::Ratio
            } else {
                Quantity::PercentChange
            },
            metric: metric.map(str::to_owned),
            subject,
            claimed: c,
            recomputed: Some(recomputed),
            range: Some([shown.lo, shown.hi]),
            holds,
            verdict: Verdict::of(holds),
            inputs: vec![line],
            span: None,
        },
        finding,
    ))
}
