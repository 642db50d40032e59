//! The site's data, apart from its words: `data/index.js` (a row per workload for the
//! every-series page), `data/nights.js` (the dates and label sets every run points into,
//! written once rather than in each series) and `data/s/N.js` (one workload's runs and
//! change points for its page). Each is one JavaScript assignment of compact JSON, loaded
//! by `<script src>`: a page opened from the folder (`file://`) may not `fetch` files.
//! Numbers keep six significant digits; the folder grows with the series and their runs.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write as _;
use std::path::Path;

use serde_json::{json, Value as Json};

use crate::history::changes::{segments, trend_of, Workload};
use crate::history::trend::{Series, Trends};

/// Points in a sparkline: the last month of nightly runs.
pub const SPARK_POINTS: usize = 30;

/// The store's nights and label sets, each once, with the index every run refers to.
pub struct Tables<'a> {
    dates: Vec<&'a str>,
    /// By the address of a shared date (a night's runs share one).
    date_of: HashMap<usize, usize>,
    labels: Vec<&'a BTreeMap<String, String>>,
    /// By the address of a shared label set (a night's runs share one), then by content.
    by_ptr: HashMap<usize, usize>,
    by_content: BTreeMap<&'a BTreeMap<String, String>, usize>,
}

impl<'a> Tables<'a> {
    pub fn new(trends: &'a Trends) -> Tables<'a> {
        let dates = crate::history::changes::nights(trends);
        let index: BTreeMap<&str, usize> = dates.iter().enumerate().map(|(i, d)| (*d, i)).collect();
        let mut t = Tables {
            dates,
            date_of: HashMap::new(),
            labels: Vec::new(),
            by_ptr: HashMap::new(),
            by_content: BTreeMap::new(),
        };
        for s in &trends.series {
            for p in &s.points {
                t.date_of
                    .entry(p.date.as_ptr() as usize)
                    .or_insert_with(|| index[&*p.date]);
                let ptr = std::sync::Arc::as_ptr(&p.labels) as usize;
                if t.by_ptr.contains_key(&ptr) {
                    continue;
                }
                let next = t.labels.len();
                let i = *t.by_content.entry(&*p.labels).or_insert(next);
                if i == next {
                    t.labels.push(&*p.labels);
                }
                t.by_ptr.insert(ptr, i);
            }
        }
        t
    }

    fn night_of(&self, date: &std::sync::Arc<str>) -> usize {
        self.date_of[&(date.as_ptr() as usize)]
    }

    fn labels_of(&self, labels: &std::sync::Arc<BTreeMap<String, String>>) -> usize {
        self.by_ptr[&(std::sync::Arc::as_ptr(labels) as usize)]
    }

    /// `window.PERFLAB_NIGHTS`: `dates` (`YYYY-MM-DD`), `days` (days since 1970-01-01,
    /// for a time axis; `null` for a date no calendar knows) and `labels`.
    pub fn script(&self) -> String {
        let dates = &self.dates;
        let days: Vec<Option<i64>> = dates
            .iter()
            .map(|d| crate::render::charts::day_number(d))
            .collect();
        assign(
            "PERFLAB_NIGHTS",
            &json!({"dates": dates, "days": days, "labels": self.labels}),
        )
    }
}

/// `window.NAME = JSON;`.
fn assign(name: &str, value: &Json) -> String {
    format!("window.{name} = {value};\n")
}

/// `v` to six significant digits, so that JSON prints `1234.57`, not 17 digits of noise.
pub fn round6(v: f64) -> Json {
    if !v.is_finite() {
        return Json::Null;
    }
    if v == 0.0 {
        return json!(0.0);
    }
    let scale = 10f64.powi(5 - v.abs().log10().floor() as i32);
    json!((v * scale).round() / scale)
}

/// The last runs of a series as integers 0–100 between their least and greatest value
/// (all 50 when flat): a sparkline's shape, in a few bytes.
pub fn spark(s: &Series) -> Vec<u8> {
    let tail = &s.points[s.points.len().saturating_sub(SPARK_POINTS)..];
    let (lo, hi) = tail
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
            (lo.min(p.value), hi.max(p.value))
        });
    tail.iter()
        .map(|p| {
            if hi > lo {
                ((p.value - lo) / (hi - lo) * 100.0).round() as u8
            } else {
                50
            }
        })
        .collect()
}

/// `w` (a regression), `b` (an improvement) or `c` (a metric with no better direction).
pub fn trend_code(t: crate::compare::Trend) -> &'static str {
    match t {
        crate::compare::Trend::Worse => "w",
        crate::compare::Trend::Better => "b",
        _ => "c",
    }
}

/// The labels every run of the workload has with one value (a machine, a GPU), not the
/// ones that change night by night (the commit): they describe the series.
pub fn constant_labels(trends: &Trends, w: &Workload) -> BTreeMap<String, String> {
    let first = &trends.series[w.series[0]];
    let Some(last) = first.points.last() else {
        return BTreeMap::new();
    };
    let mut out = (*last.labels).clone();
    for p in &first.points {
        if std::sync::Arc::ptr_eq(&p.labels, &last.labels) {
            continue;
        }
        out.retain(|k, v| p.labels.get(k) == Some(v));
    }
    out
}

/// `window.PERFLAB_INDEX`: `columns` (key columns with a value somewhere, then labels
/// as `label:NAME`), `metrics`, and per workload `n` (name), `v` (a value per column)
/// and `m` (per metric `null` or `[latest, vs median %, spark, last change date, its
/// step %, provisional 0/1, its trend code]`).
pub fn index_script(trends: &Trends, workloads: &[Workload]) -> String {
    let key_columns: Vec<usize> = (0..trends.key.len())
        .filter(|&i| workloads.iter().any(|w| !w.key[i].1.is_empty()))
        .collect();
    let labels: Vec<BTreeMap<String, String>> = workloads
        .iter()
        .map(|w| constant_labels(trends, w))
        .collect();
    let label_names: std::collections::BTreeSet<&String> =
        labels.iter().flat_map(|l| l.keys()).collect();
    let mut columns: Vec<String> = key_columns.iter().map(|&i| trends.key[i].clone()).collect();
    columns.extend(label_names.iter().map(|l| format!("label:{l}")));
    let rows: Vec<Json> = workloads
        .iter()
        .zip(&labels)
        .map(|(w, l)| {
            let mut values: Vec<&str> = key_columns.iter().map(|&i| w.key[i].1.as_str()).collect();
            values.extend(
                label_names
                    .iter()
                    .map(|n| l.get(*n).map_or("", String::as_str)),
            );
            let metrics: Vec<Json> = trends
                .metrics
                .iter()
                .map(|m| {
                    let Some(s) = w
                        .series
                        .iter()
                        .map(|&i| &trends.series[i])
                        .find(|s| &s.metric == m)
                    else {
                        return Json::Null;
                    };
                    let last = s.points.last().map(|p| p.value).unwrap_or(f64::NAN);
                    let vs = s.latest.as_ref().and_then(|l| l.vs_median_pct);
                    let mut cell =
                        vec![round6(last), vs.map_or(Json::Null, round6), json!(spark(s))];
                    if let Some(c) = s.change_points.last() {
                        cell.extend([
                            json!(c.date),
                            c.step_pct.map_or(Json::Null, round6),
                            json!(u8::from(c.provisional)),
                            json!(trend_code(trend_of(&s.metric, c))),
                        ]);
                    }
                    Json::Array(cell)
                })
                .collect();
            json!({"n": w.name, "v": values, "m": metrics})
        })
        .collect();
    assign(
        "PERFLAB_INDEX",
        &json!({"columns": columns, "metrics": trends.metrics, "series": rows}),
    )
}

/// `window.PERFLAB_SERIES` of one workload: `n`, `key`, `metrics`, `runs` (each
/// `[night, label set, value per metric or null]`, by date), `cps` (each `[metric, last
/// good run, first bad run, step %, mean before, ± before, mean after, ± after,
/// provisional 0/1, p, trend code]`) and `latest` (per metric `null` or `[value, median,
/// p10, p90, runs]`). The runs, nearly all of the bytes, are written as text directly:
/// a JSON value per number would cost more than the analysis at 10,000 series.
pub fn series_script(trends: &Trends, tables: &Tables<'_>, w: &Workload) -> String {
    let series: Vec<&Series> = w.series.iter().map(|&i| &trends.series[i]).collect();
    // The runs of every metric merged by run id (NaN: the run has no value of that
    // metric); each metric's point → its row. One metric: the points are the rows.
    let mut row_of: HashMap<&str, usize> = HashMap::new();
    let mut rows: Vec<(usize, usize, Vec<f64>)> = Vec::new();
    let mut point_rows: Vec<Vec<usize>> = Vec::new();
    for (m, s) in series.iter().enumerate() {
        let mut these = Vec::with_capacity(s.points.len());
        for p in &s.points {
            let mut new_row = || {
                rows.push((
                    tables.night_of(&p.date),
                    tables.labels_of(&p.labels),
                    vec![f64::NAN; series.len()],
                ));
                rows.len() - 1
            };
            let r = if series.len() == 1 {
                new_row()
            } else {
                *row_of.entry(&*p.run_id).or_insert_with(new_row)
            };
            rows[r].2[m] = p.value;
            these.push(r);
        }
        point_rows.push(these);
    }
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by(|&a, &b| rows[a].0.cmp(&rows[b].0).then(a.cmp(&b)));
    let mut place = vec![0; rows.len()];
    for (at, &r) in order.iter().enumerate() {
        place[r] = at;
    }
    let mut runs = String::with_capacity(rows.len() * (12 + 10 * series.len()));
    runs.push('[');
    for (k, &r) in order.iter().enumerate() {
        let (night, labels, values) = &rows[r];
        if k > 0 {
            runs.push(',');
        }
        let _ = write!(runs, "[{night},{labels}");
        for v in values {
            runs.push(',');
            push_number(&mut runs, *v);
        }
        runs.push(']');
    }
    runs.push(']');
    let mut cps = Vec::new();
    for (m, s) in series.iter().enumerate() {
        for (ci, c) in s.change_points.iter().enumerate() {
            let good = c.index.checked_sub(1).map(|i| place[point_rows[m][i]]);
            let bad = place[point_rows[m][c.index]];
            let (before, after) = segments(s, ci);
            cps.push(json!([
                m,
                good,
                bad,
                c.step_pct.map_or(Json::Null, round6),
                round6(before.mean),
                before.half_width.map_or(Json::Null, round6),
                round6(after.mean),
                after.half_width.map_or(Json::Null, round6),
                u8::from(c.provisional),
                round6(c.p_value),
                trend_code(trend_of(&s.metric, c)),
            ]));
        }
    }
    let latest: Vec<Json> = series
        .iter()
        .map(|s| match &s.latest {
            Some(l) => json!([
                round6(l.value),
                round6(l.median),
                round6(l.p10),
                round6(l.p90),
                l.recent_runs
            ]),
            None => Json::Null,
        })
        .collect();
    let metrics: Vec<&str> = series.iter().map(|s| s.metric.as_str()).collect();
    format!(
        "window.PERFLAB_SERIES = {{\"n\":{},\"key\":{},\"metrics\":{},\"runs\":{runs},\"cps\":{},\"latest\":{}}};\n",
        json!(w.name),
        json!(w.key),
        json!(metrics),
        Json::Array(cps),
        Json::Array(latest),
    )
}

/// `v` to six significant digits as JSON text; `null` for no value.
fn push_number(out: &mut String, v: f64) {
    match round6(v) {
        Json::Number(n) => {
            let _ = write!(out, "{n}");
        }
        _ => out.push_str("null"),
    }
}

/// The folder of the series' files; workload `i` (from 0) is `data/s/{i + 1}.js`.
pub fn series_path(out: &Path, i: usize) -> std::path::PathBuf {
    out.join("data").join("s").join(format!("{}.js", i + 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_keep_six_digits() {
        assert_eq!(round6(1234.567891).to_string(), "1234.57");
        assert_eq!(round6(0.000123456789).to_string(), "0.000123457");
        assert_eq!(round6(-98765432.1).to_string(), "-98765400.0");
        assert_eq!(round6(f64::NAN), Json::Null);
    }
}
