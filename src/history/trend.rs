//! `history report`'s model: the store's runs grouped into series by `--key`, one series
//! per key and metric, each with its values in date order, its change points
//! (`edivisive`) and its latest value against the recent ones; the change points of all
//! series grouped by night (`nights`). Built once; the page, Markdown and `--json` only
//! read it.

use std::collections::BTreeMap;
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;

use super::edivisive::{self, Settings};
use super::group::{group, Grouped};
use super::store::Store;
use crate::{Error, Result};

/// What to read and how to judge it.
#[derive(Debug, Clone)]
pub struct TrendSpec {
    /// The metrics, each a series of its own per key, in this order.
    pub metrics: Vec<String>,
    /// The metrics were not named by the user (the diff policy's watched ones): those no
    /// run has are left out rather than refused.
    pub default_metrics: bool,
    /// Columns (runs-frame columns or labels) whose values tell series apart.
    pub key: Vec<String>,
    /// `COLUMN=VALUE`: only runs with this text value (numbers as perflab prints them).
    pub filters: Vec<(String, String)>,
    /// `YYYY-MM-DD`: runs of this date and later.
    pub since: Option<String>,
    pub settings: Settings,
    /// How many runs before the latest make its "recent distribution".
    pub recent: usize,
}

/// One run's value. A night's runs share its date and their labels (`group.rs`).
#[derive(Debug, Clone, PartialEq)]
pub struct Point {
    pub date: Arc<str>,
    pub run_id: Arc<str>,
    pub labels: Arc<BTreeMap<String, String>>,
    pub value: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    /// Index of the first run of the new segment in the series' points.
    pub index: usize,
    pub date: String,
    pub run_id: String,
    pub labels: BTreeMap<String, String>,
    pub step_pct: Option<f64>,
    pub p_value: f64,
    /// `1 / (1 + shuffles)` of the permutation test that gave `p_value`.
    pub p_resolution: f64,
    pub mean_before: f64,
    pub mean_after: f64,
    /// A step of the last nights, not yet confirmed by `min_segment` runs after it.
    pub provisional: bool,
}

/// The latest run against the recent runs of its segment: where it falls among them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Latest {
    pub date: String,
    pub value: f64,
    pub recent_runs: usize,
    pub median: f64,
    /// Nearest-rank 10th and 90th percentiles of the recent runs.
    pub p10: f64,
    pub p90: f64,
    /// Share of recent runs at or below the latest value, in percent.
    pub rank_pct: f64,
    /// `(latest − median) / |median| · 100`; `None` when the median is 0.
    pub vs_median_pct: Option<f64>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Series {
    /// `--key` column → value (`""` when a run has none).
    pub key: Vec<(String, String)>,
    /// The column whose values the points are.
    pub metric: String,
    pub points: Vec<Point>,
    pub change_points: Vec<Change>,
    pub latest: Option<Latest>,
}

impl Series {
    /// `model_id=Qwen, max_concurrency=8`: the series' name on the page.
    pub fn name(&self) -> String {
        self.key
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Trends {
    /// The metrics reported, in the order asked (those no run has left out).
    pub metrics: Vec<String>,
    pub key: Vec<String>,
    pub series: Vec<Series>,
    pub settings: Settings,
    pub recent: usize,
}

/// Reads the store and builds every series with its analysis. Without a key, a series is
/// a workload on one server setup (`keys::WORKLOAD` and `keys::setup_columns`, the
/// columns the store has: a TP 2 night is never a step of the TP 1 series; the engine's
/// version is not a setup, so each night's build stays on its series): nightly files named by
/// timestamp are one series; a store without workload columns falls back to the file and
/// the run's place in it.
pub fn trends(store: &Store, spec: &TrendSpec) -> Result<Trends> {
    if !spec.key.is_empty() {
        return trends_by(store, spec, false);
    }
    let mut workload = spec.clone();
    workload.key = crate::keys::WORKLOAD
        .into_iter()
        .chain(crate::keys::setup_columns())
        .map(str::to_owned)
        .collect();
    let trends = trends_by(store, &workload, true)?;
    if !trends.key.is_empty() || trends.series.is_empty() {
        return Ok(trends);
    }
    let mut by_file = spec.clone();
    by_file.key = crate::keys::BY_FILE
        .iter()
        .map(|c| (*c).to_owned())
        .collect();
    trends_by(store, &by_file, false)
}

/// [`trends`] by `spec.key`; with `drop_unknown`, key columns no run has are left out of
/// the key rather than refused.
fn trends_by(store: &Store, spec: &TrendSpec, drop_unknown: bool) -> Result<Trends> {
    let Grouped {
        mut groups,
        present,
    } = group(store, spec)?;
    // A metric named by the user that no run has is a mistake; of the default ones, only
    // when none is there.
    let missing: Vec<&String> = spec
        .metrics
        .iter()
        .filter(|m| !present.contains(*m))
        .collect();
    if !present.is_empty() && !missing.is_empty() {
        if !spec.default_metrics {
            return Err(Error::usage(crate::msg!(
                "history-error-no-metric",
                metric = missing[0].clone()
            )));
        }
        if missing.len() == spec.metrics.len() {
            return Err(Error::usage(crate::msg!(
                "history-error-no-metrics",
                metrics = spec.metrics.join(", ")
            )));
        }
    }
    // Key columns without a value anywhere: out of the key (each group has "" there, so
    // leaving it out merges no two groups).
    let mut key_columns = spec.key.clone();
    if drop_unknown {
        let known: Vec<bool> = (0..key_columns.len())
            .map(|i| groups.keys().any(|k| !k[i].is_empty()))
            .collect();
        let keep = |values: Vec<String>| -> Vec<String> {
            values
                .into_iter()
                .zip(&known)
                .filter_map(|(v, k)| k.then_some(v))
                .collect()
        };
        key_columns = keep(key_columns);
        groups = std::mem::take(&mut groups)
            .into_iter()
            .map(|(k, points)| (keep(k), points))
            .collect();
    }
    let checked: Vec<&String> = if drop_unknown {
        Vec::new()
    } else {
        spec.key.iter().collect()
    };
    for k in checked.into_iter().chain(spec.filters.iter().map(|f| &f.0)) {
        if !present.contains(k) && !present.is_empty() {
            return Err(Error::usage(crate::msg!(
                "history-error-no-column",
                column = k.clone()
            )));
        }
    }
    // Key first, then the metrics in the order asked: a workload's metrics side by side.
    let mut series: Vec<Series> = groups
        .into_iter()
        .flat_map(|(key, per_metric)| {
            let key: Vec<(String, String)> = key_columns.iter().cloned().zip(key).collect();
            per_metric
                .into_iter()
                .zip(&spec.metrics)
                .filter(|(points, _)| !points.is_empty())
                .map(move |(points, metric)| Series {
                    key: key.clone(),
                    metric: metric.clone(),
                    points,
                    change_points: Vec::new(),
                    latest: None,
                })
        })
        .collect();
    series.par_iter_mut().for_each(|s| analyse(s, spec));
    Ok(Trends {
        metrics: spec
            .metrics
            .iter()
            .filter(|m| present.contains(*m))
            .cloned()
            .collect(),
        key: key_columns,
        series,
        settings: spec.settings,
        recent: spec.recent,
    })
}

/// Change points and the latest value of one series (its points already in date order).
pub fn analyse(series: &mut Series, spec: &TrendSpec) {
    let values: Vec<f64> = series.points.iter().map(|p| p.value).collect();
    series.change_points = edivisive::change_points(&values, &spec.settings)
        .into_iter()
        .map(|c| {
            let p = &series.points[c.index];
            Change {
                index: c.index,
                date: p.date.to_string(),
                run_id: p.run_id.to_string(),
                labels: (*p.labels).clone(),
                step_pct: c.step_pct,
                p_value: c.p_value,
                p_resolution: c.p_resolution,
                mean_before: c.mean_before,
                mean_after: c.mean_after,
                provisional: c.provisional,
            }
        })
        .collect();
    // The latest run is placed among the runs since the last confirmed change: a
    // provisional one leaves too few runs after it to be a distribution.
    let segment_start = series
        .change_points
        .iter()
        .rfind(|c| !c.provisional)
        .map_or(0, |c| c.index);
    series.latest = latest(&series.points, segment_start, spec.recent);
}

/// The latest run against the runs before it in its own segment (since the last change
/// point: a distribution from before a step would make every run after it look odd), at
/// most `recent` of them.
fn latest(points: &[Point], segment_start: usize, recent: usize) -> Option<Latest> {
    let (last, before) = points.split_last()?;
    let from = before
        .len()
        .saturating_sub(recent)
        .max(segment_start.min(before.len()));
    let window = &before[from..];
    if window.len() < 2 {
        return None;
    }
    let mut sorted: Vec<f64> = window.iter().map(|p| p.value).collect();
    sorted.sort_by(f64::total_cmp);
    let nearest_rank =
        |q: f64| sorted[((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1];
    let median = nearest_rank(0.5);
    let at_or_below = sorted.iter().filter(|v| **v <= last.value).count();
    Some(Latest {
        date: last.date.to_string(),
        value: last.value,
        recent_runs: sorted.len(),
        median,
        p10: nearest_rank(0.1),
        p90: nearest_rank(0.9),
        rank_pct: at_or_below as f64 / sorted.len() as f64 * 100.0,
        vs_median_pct: Some(crate::numbers::percent_change(median, last.value)),
    })
}
