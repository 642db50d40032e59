//! What a team reads first each morning: the series of a report grouped into workloads
//! (one key, its metrics side by side), each named by the key values that tell it apart,
//! and the change points of the last nights grouped by night and labels (as Apache Otava
//! groups them) and ordered by harm: regressions before improvements, larger steps first.
//! Judged here, once; `render::history::site` only prints it.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use super::trend::{Change, Series, Trends};
use crate::compare::outcome::Trend;
use crate::stats::welch::{t_critical, Summary};

/// The nights the first page looks back over when `--since` names no date.
pub const DEFAULT_NIGHTS: usize = 7;

/// The window of the first page: the last N nights that have runs, or from a date on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Window {
    Nights(usize),
    Since(String),
}

/// One workload: a key, and its series (one per metric, in the report's metric order).
#[derive(Debug, Clone, PartialEq)]
pub struct Workload {
    pub key: Vec<(String, String)>,
    /// Indices into [`Trends::series`].
    pub series: Vec<usize>,
    /// The key values that tell it apart from the other workloads, empty ones left out.
    pub name: String,
}

/// A mean of a segment with its 95% interval (Student's t; no interval with one run).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mean {
    pub mean: f64,
    pub n: usize,
    /// Half the width of the 95% interval; `None` with fewer than two runs.
    pub half_width: Option<f64>,
}

/// A change point of one series with its verdict and the segments on either side.
#[derive(Debug, Clone, PartialEq)]
pub struct Moved {
    pub workload: usize,
    pub series: usize,
    /// Index into the series' change points.
    pub change: usize,
    /// Worse, Better, or Changed (a metric with no better direction).
    pub trend: Trend,
    pub before: Mean,
    pub after: Mean,
}

/// The changes of one night and set of labels (the commit) of one kind: regressions,
/// changes of metrics with no better direction, or improvements.
#[derive(Debug, Clone, PartialEq)]
pub struct NightGroup {
    pub trend: Trend,
    pub date: String,
    pub labels: BTreeMap<String, String>,
    pub moves: Vec<Moved>,
}

/// The first page's model.
#[derive(Debug, Clone, PartialEq)]
pub struct WhatChanged {
    /// The first date of the window (`None`: the store has no run).
    pub from: Option<String>,
    pub to: Option<String>,
    pub groups: Vec<NightGroup>,
}

/// The workloads of a report, in the order of their keys. The series of one key are
/// consecutive in [`Trends::series`] (`trend::trends_by` builds them so).
pub fn workloads(trends: &Trends) -> Vec<Workload> {
    let mut out: Vec<Workload> = Vec::new();
    for (i, s) in trends.series.iter().enumerate() {
        match out.last_mut() {
            Some(w) if w.key == s.key => w.series.push(i),
            _ => out.push(Workload {
                key: s.key.clone(),
                series: vec![i],
                name: String::new(),
            }),
        }
    }
    let telling = telling_columns(&out);
    for w in &mut out {
        w.name = name_of(&w.key, &telling);
    }
    out
}

/// The key columns whose values differ between workloads; with a single workload, every
/// column with a value (nothing tells it apart, so it is named by all it has).
fn telling_columns(workloads: &[Workload]) -> BTreeSet<String> {
    let mut values: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for w in workloads {
        for (k, v) in &w.key {
            values.entry(k).or_default().insert(v);
        }
    }
    values
        .into_iter()
        .filter(|(_, vs)| workloads.len() == 1 || vs.len() > 1)
        .map(|(k, _)| k.to_owned())
        .collect()
}

/// The values of the telling columns, empty ones left out; a bare number (a
/// concurrency, a length) with its column's name, since `8` alone says nothing.
fn name_of(key: &[(String, String)], telling: &BTreeSet<String>) -> String {
    key.iter()
        .filter(|(k, v)| telling.contains(k) && !v.is_empty())
        .map(|(k, v)| {
            if v.parse::<f64>().is_ok() {
                format!("{k}={v}")
            } else {
                v.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// How many runs the report holds: distinct run ids over every series (a run gives one
/// point to each metric's series; counting points would count runs × metrics). A run has
/// one value per key column, so it is in one workload: ids are told apart within each,
/// and a workload of one metric has as many runs as points.
pub fn run_count(trends: &Trends, workloads: &[Workload]) -> usize {
    workloads
        .iter()
        .map(|w| match w.series[..] {
            [one] => trends.series[one].points.len(),
            _ => {
                let ids: HashSet<&str> = w
                    .series
                    .iter()
                    .flat_map(|&i| trends.series[i].points.iter().map(|p| &*p.run_id))
                    .collect();
                ids.len()
            }
        })
        .sum()
}

/// The dates with runs, oldest first. A night's runs share one date (`group.rs`), so
/// dates are told apart by their address first: millions of points, hundreds of dates.
pub fn nights(trends: &Trends) -> Vec<&str> {
    let mut seen: HashSet<usize> = HashSet::new();
    let mut dates: BTreeSet<&str> = BTreeSet::new();
    for p in trends.series.iter().flat_map(|s| &s.points) {
        if seen.insert(p.date.as_ptr() as usize) {
            dates.insert(&p.date);
        }
    }
    dates.into_iter().collect()
}

/// The change points of the window, grouped by night and labels, ordered by harm.
pub fn what_changed(trends: &Trends, workloads: &[Workload], window: &Window) -> WhatChanged {
    let dates = nights(trends);
    let from = match window {
        Window::Since(d) => Some(d.clone()),
        Window::Nights(n) => dates
            .len()
            .checked_sub((*n).max(1))
            .map_or_else(|| dates.first(), |i| dates.get(i))
            .map(|d| (*d).to_owned()),
    };
    let to = dates.last().map(|d| (*d).to_owned());
    type NightKey = (u8, String, BTreeMap<String, String>);
    let mut by_night: BTreeMap<NightKey, Vec<Moved>> = BTreeMap::new();
    for (wi, w) in workloads.iter().enumerate() {
        for &si in &w.series {
            let s = &trends.series[si];
            for (ci, c) in s.change_points.iter().enumerate() {
                if from.as_deref().is_some_and(|f| c.date.as_str() < f) {
                    continue;
                }
                let (before, after) = segments(s, ci);
                let trend = trend_of(&s.metric, c);
                by_night
                    .entry((rank(trend), c.date.clone(), c.labels.clone()))
                    .or_default()
                    .push(Moved {
                        workload: wi,
                        series: si,
                        change: ci,
                        trend,
                        before,
                        after,
                    });
            }
        }
    }
    let mut groups: Vec<NightGroup> = by_night
        .into_iter()
        .map(|((_, date, labels), mut moves)| {
            moves.sort_by(|a, b| harm(trends, b).total_cmp(&harm(trends, a)));
            NightGroup {
                trend: moves[0].trend,
                date,
                labels,
                moves,
            }
        })
        .collect();
    // Regressions, then changes of no direction, then improvements: a night's regressions
    // are not pushed down by its improvements, nor a lesser regression below another
    // night's improvement. Within a kind, the largest step first; of equal steps, the newer.
    let worst = |g: &NightGroup| g.moves.first().map_or(0.0, |m| harm(trends, m));
    groups.sort_by(|a, b| {
        rank(a.trend)
            .cmp(&rank(b.trend))
            .then_with(|| worst(b).total_cmp(&worst(a)))
            .then_with(|| b.date.cmp(&a.date))
    });
    WhatChanged { from, to, groups }
}

/// A rise or fall judged by the metric's direction.
pub fn trend_of(metric: &str, c: &Change) -> Trend {
    Trend::of_move(
        crate::model::schema::higher_is_better(metric),
        c.mean_after > c.mean_before,
    )
}

/// The order of the kinds of change on the page.
fn rank(t: Trend) -> u8 {
    match t {
        Trend::Worse => 0,
        Trend::Better => 2,
        _ => 1,
    }
}

/// An order of harm: a regression's size above any change of unknown direction above
/// any improvement (each larger step first). Steps are percentages, under 10⁶ in practice.
fn harm(trends: &Trends, m: &Moved) -> f64 {
    let c = &trends.series[m.series].change_points[m.change];
    let size = c.step_pct.map_or(0.0, f64::abs).min(1e6);
    match m.trend {
        Trend::Worse => 2e6 + size,
        Trend::Better => size,
        _ => 1e6 + size,
    }
}

/// The runs of the segments on either side of change point `ci`: from the change before
/// it (or the first run) to it, and from it to the next (or the last run).
pub fn segments(s: &Series, ci: usize) -> (Mean, Mean) {
    let at = s.change_points[ci].index;
    let start = ci.checked_sub(1).map_or(0, |p| s.change_points[p].index);
    let end = s
        .change_points
        .get(ci + 1)
        .map_or(s.points.len(), |c| c.index);
    let values =
        |a: usize, b: usize| -> Vec<f64> { s.points[a..b].iter().map(|p| p.value).collect() };
    (mean_of(&values(start, at)), mean_of(&values(at, end)))
}

fn mean_of(values: &[f64]) -> Mean {
    match Summary::of(values) {
        Some(sum) => Mean {
            mean: sum.mean,
            n: sum.n,
            half_width: sum
                .std_dev
                .map(|sd| t_critical((sum.n - 1) as f64, 0.05) * sd / (sum.n as f64).sqrt()),
        },
        None => Mean {
            mean: f64::NAN,
            n: 0,
            half_width: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::trend::{analyse, Point, TrendSpec};
    use crate::history::Settings;

    /// A workload's series of `metric`: 30 nights, a step of `step` (a factor) at night 20.
    fn series(key: &[(&str, &str)], metric: &str, step: f64) -> Series {
        let points = (1..=30)
            .map(|d| Point {
                date: format!("2026-01-{d:02}").into(),
                run_id: format!("{}-{d}", key[0].1).into(),
                labels: std::sync::Arc::new([("commit".to_owned(), format!("c{d:02}"))].into()),
                value: if d < 20 { 100.0 } else { 100.0 * step } + (d % 3) as f64 * 0.1,
            })
            .collect();
        let mut s = Series {
            key: key
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
            metric: metric.into(),
            points,
            change_points: Vec::new(),
            latest: None,
        };
        let spec = TrendSpec {
            metrics: vec![metric.into()],
            default_metrics: false,
            key: vec![],
            filters: Vec::new(),
            since: None,
            settings: Settings::default(),
            recent: 30,
        };
        analyse(&mut s, &spec);
        s
    }

    fn trends(series: Vec<Series>) -> Trends {
        Trends {
            metrics: vec!["output_throughput".into(), "p99_ttft_ms".into()],
            key: vec!["model_id".into(), "backend".into()],
            series,
            settings: Settings::default(),
            recent: 30,
        }
    }

    #[test]
    fn names_keep_the_values_that_differ_and_counts_are_runs() {
        let t = trends(vec![
            series(
                &[("model_id", "a"), ("backend", "")],
                "output_throughput",
                1.0,
            ),
            series(&[("model_id", "a"), ("backend", "")], "p99_ttft_ms", 1.0),
            series(
                &[("model_id", "b"), ("backend", "")],
                "output_throughput",
                1.0,
            ),
        ]);
        let w = workloads(&t);
        assert_eq!(w.len(), 2);
        assert_eq!(w[0].series, [0, 1]);
        assert_eq!((w[0].name.as_str(), w[1].name.as_str()), ("a", "b"));
        // 30 runs of a (two metrics each) and 30 of b.
        assert_eq!(run_count(&t, &w), 60);
    }

    #[test]
    fn regressions_come_first_and_larger_steps_first() {
        let t = trends(vec![
            // Throughput up 10%: an improvement.
            series(&[("model_id", "a")], "output_throughput", 1.1),
            // Throughput down 5%: a regression.
            series(&[("model_id", "b")], "output_throughput", 0.95),
            // TTFT up 30%: a larger regression.
            series(&[("model_id", "c")], "p99_ttft_ms", 1.3),
        ]);
        let w = workloads(&t);
        let all = what_changed(&t, &w, &Window::Nights(30));
        // One night and commit, in two groups: its regressions and its improvement.
        assert_eq!(all.groups.len(), 2, "{all:?}");
        assert_eq!(
            (all.groups[0].trend, all.groups[1].trend),
            (Trend::Worse, Trend::Better)
        );
        let order: Vec<(usize, Trend)> = all
            .groups
            .iter()
            .flat_map(|g| g.moves.iter().map(|m| (m.workload, m.trend)))
            .collect();
        assert_eq!(
            order,
            [(2, Trend::Worse), (1, Trend::Worse), (0, Trend::Better)]
        );
        let m = &all.groups[0].moves[0];
        assert!((m.before.mean - 100.1).abs() < 0.2 && m.before.n == 19);
        assert!(m.after.half_width.unwrap() > 0.0 && m.after.n == 11);
        // Night 20 is 11 nights before the last: outside a window of 7, inside one from a date.
        assert!(what_changed(&t, &w, &Window::Nights(7)).groups.is_empty());
        let since = what_changed(&t, &w, &Window::Since("2026-01-20".into()));
        assert_eq!(since.groups.len(), 2);
        assert_eq!(since.from.as_deref(), Some("2026-01-20"));
        assert_eq!(
            what_changed(&t, &w, &Window::Nights(7)).from.as_deref(),
            Some("2026-01-24")
        );
    }
}
