//! Two tables, one per side: the same header printed twice (a sweep with the PR, then
//! the same sweep on main), the words above each saying whose it is. The rows are
//! matched by the cells both tables share (`PP`, `TG`, `N_KV`), and each column whose
//! numbers differ is a change of that row, kept for what the prose says about the rows
//! (`on_rows.rs`, `sign.rs`). Only the words tell the sides here (no change column to
//! do the arithmetic on): words for neither table, or the same role for both, pair
//! nothing.

use super::cell;
use super::convention::unit_up;
use super::grid::{self, Table};
use super::interval;
use super::prose::{metrics_of, prose_lines};
use super::roles::role_of;
use super::sides::Role;
use super::tables::RowChange;
use super::PairedBy;

/// The rows compared across a pair of tables, and the first pair's sides: before's
/// words, after's words, the after table's line.
#[derive(Default)]
pub struct PerSide {
    pub rows: Vec<RowChange>,
    pub first: Option<(String, String, u64, PairedBy)>,
}

/// Every pair of consecutive tables of `text` with one header, one per side; their
/// groups are numbered from `first_group`.
pub fn check(text: &str, first_group: usize) -> PerSide {
    let tables = grid::tables(text);
    let prose = prose_lines(text);
    let mut out = PerSide::default();
    let mut group = first_group;
    let mut previous_end = 0;
    let mut words_above = Vec::new();
    for t in &tables {
        // The prose between the previous table and this one names this one.
        let words: Vec<&str> = prose
            .iter()
            .filter(|(n, ..)| *n > previous_end && *n < t.line)
            .map(|(_, _, l)| l.trim())
            .filter(|l| !l.is_empty())
            .collect();
        words_above.push(words.last().map(|l| l.to_string()).unwrap_or_default());
        previous_end = t.rows.last().map_or(t.line, |(l, _)| *l);
    }
    for i in 1..tables.len() {
        let (x, y) = (&tables[i - 1], &tables[i]);
        let (wx, wy) = (&words_above[i - 1], &words_above[i]);
        let Some((before, after, swapped)) = sides(x, y, wx, wy) else {
            continue;
        };
        let (bw, aw) = if swapped { (wy, wx) } else { (wx, wy) };
        let rows = compare(before, after, &mut group);
        if rows.is_empty() {
            continue;
        }
        if out.first.is_none() {
            out.first = Some((label(bw), label(aw), after.line, PairedBy::Words));
        }
        out.rows.extend(rows);
    }
    out
}

/// The words of a side as its label: up to 60 characters of them, from a little before
/// the word that gives its role, else the last (the words nearest the table).
fn label(words: &str) -> String {
    const WIDTH: usize = 60;
    let w = words.trim_start_matches(['#', ' ']).trim_end_matches(':');
    let chars: Vec<(usize, char)> = w.char_indices().collect();
    if chars.len() <= WIDTH {
        return w.to_owned();
    }
    let role_at = w
        .split_inclusive(' ')
        .scan(0, |at, word| {
            let start = *at;
            *at += word.len();
            Some((start, word))
        })
        .find(|(_, word)| role_of(word).is_some())
        .map(|(start, _)| chars.iter().take_while(|(i, _)| *i < start).count());
    let first = match role_at {
        Some(k) => k.saturating_sub(20).min(chars.len() - WIDTH),
        None => chars.len() - WIDTH,
    };
    let from = chars[first].0;
    let to = chars.get(first + WIDTH).map_or(w.len(), |c| c.0);
    let mut out = String::new();
    if first > 0 {
        out.push('…');
    }
    out.push_str(&w[from..to]);
    if to < w.len() {
        out.push('…');
    }
    out
}

/// Which of two tables of one header is before: the one its words make before, or the
/// other of the one they make after. `None` when they are not one table twice, or the
/// words do not tell.
fn sides<'t>(
    x: &'t Table,
    y: &'t Table,
    wx: &str,
    wy: &str,
) -> Option<(&'t Table, &'t Table, bool)> {
    let same = x.header.len() >= 2
        && x.header == y.header
        && x.rows.len() == y.rows.len()
        && !x.rows.is_empty()
        && !x.header.iter().any(|h| super::tables::is_change(h));
    if !same {
        return None;
    }
    match (role_of(wx), role_of(wy)) {
        (Some(Role::Before), None | Some(Role::After)) | (None, Some(Role::After)) => {
            Some((x, y, false))
        }
        (Some(Role::After), None | Some(Role::Before)) | (None, Some(Role::Before)) => {
            Some((y, x, true))
        }
        _ => None,
    }
}

/// The rows of `before` and `after` matched by the columns they share, each numeric
/// column that differs a group of its own.
fn compare(before: &Table, after: &Table, group: &mut usize) -> Vec<RowChange> {
    let width = before.header.len();
    let same = |c: usize| {
        before
            .rows
            .iter()
            .zip(&after.rows)
            .all(|((_, b), (_, a))| b.get(c) == a.get(c))
    };
    let keys: Vec<usize> = (0..width).filter(|&c| same(c)).collect();
    let values: Vec<usize> = (0..width)
        .filter(|&c| !keys.contains(&c))
        .filter(|&c| {
            before
                .rows
                .iter()
                .chain(&after.rows)
                .all(|(_, r)| r.get(c).and_then(|x| cell::value(x)).is_some())
        })
        .collect();
    if keys.is_empty() || values.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for &c in &values {
        let header = &before.header[c];
        let metric = column_metric(header);
        for ((_, b), (line, a)) in before.rows.iter().zip(&after.rows) {
            let (Some(bv), Some(av)) = (cell::value(&b[c]), cell::value(&a[c])) else {
                continue;
            };
            let Some(change) = interval::percent_change(av, bv) else {
                continue;
            };
            let key: Vec<&str> = keys.iter().map(|&k| a[k].as_str()).collect();
            out.push(RowChange {
                line: *line,
                key: format!("{} ({header})", key.join(" ")),
                group: *group,
                metric,
                change,
                before: bv,
                after: av,
            });
        }
        *group += 1;
    }
    out
}

/// The metric a column's header names, when its unit agrees (`S_PP t/s` is the prompt
/// throughput; `T_PP s`, a time, names no throughput).
fn column_metric(header: &str) -> Option<&'static str> {
    let m = *metrics_of(header, 0).first()?;
    match unit_up(&header.to_lowercase()) {
        Some(up) if up != super::higher_is_better(m) => None,
        _ => Some(m),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sweep_printed_once_per_side() {
        // ik_llama.cpp#518, two rows of each: S_PP t/s 28.04 → 295.36 (+953.4%) under
        // "with this PR" and "mainline" (no role word: the other side).
        let text = "with this PR\n\n| PP | N_KV | T_PP s | S_PP t/s |\n|---|---|---|---|\n| 512 | 0 | 1.733 | 295.36 |\n| 512 | 512 | 1.805 | 283.62 |\n\nmainline `llama.cpp`\n\n| PP | N_KV | T_PP s | S_PP t/s |\n|---|---|---|---|\n| 512 | 0 | 18.261 | 28.04 |\n| 512 | 512 | 18.708 | 27.37 |\n";
        let p = check(text, 0);
        assert_eq!(p.rows.len(), 4);
        let pp: Vec<&RowChange> = p.rows.iter().filter(|r| r.metric.is_some()).collect();
        assert_eq!(pp.len(), 2);
        assert_eq!(pp[0].metric, Some("input_throughput"));
        assert_eq!(pp[0].line, 5);
        assert!(
            (pp[0].change.mid() - 953.4).abs() < 0.1,
            "{:?}",
            pp[0].change
        );
        assert_eq!(pp[0].key, "512 0 (S_PP t/s)");
        let first = p.first.unwrap();
        assert_eq!(first.0, "mainline `llama.cpp`");
        // No words for either: nothing is paired.
        let unnamed = text
            .replace("with this PR", "one")
            .replace("mainline", "two");
        assert!(check(&unnamed, 0).rows.is_empty());
    }
}
