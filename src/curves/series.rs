//! Runs into series: grouped by the `--by` columns, each series' runs grouped again by
//! load (`--x`) into points, repeats of one point averaged with a 95% confidence interval
//! (Student's t, `n − 1` degrees of freedom).

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::model::frame::{cell, format_number};
use crate::model::schema::{COUNTERS, DISTRIBUTIONS};
use crate::model::{Run, Value};
use crate::stats::welch::{t_critical, Summary, ALPHA};

/// One `--by` value of a series: a number, a text, or absent (the run has no such column).
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum KeyValue {
    Num(f64),
    Text(String),
    Missing,
}

impl KeyValue {
    pub fn of(run: &Run, column: &str) -> KeyValue {
        match cell(run, column) {
            Some(Value::Num(v)) => KeyValue::Num(v),
            Some(Value::Text(s)) => KeyValue::Text(*s),
            _ => KeyValue::Missing,
        }
    }

    /// The value as printed in tables and legends; `None` when absent.
    pub fn text(&self) -> Option<String> {
        match self {
            KeyValue::Num(v) => Some(format_number(*v)),
            KeyValue::Text(s) => Some(s.clone()),
            KeyValue::Missing => None,
        }
    }

    fn rank(&self) -> u8 {
        match self {
            KeyValue::Missing => 0,
            KeyValue::Num(_) => 1,
            KeyValue::Text(_) => 2,
        }
    }
}

/// Numbers in numeric order (so `max_num_seqs` 8 comes before 16), then texts.
impl Ord for KeyValue {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (KeyValue::Num(a), KeyValue::Num(b)) => a.total_cmp(b),
            (KeyValue::Text(a), KeyValue::Text(b)) => a.cmp(b),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}
impl PartialOrd for KeyValue {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl PartialEq for KeyValue {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for KeyValue {}

/// A column's value at one point: the mean of its repeats and, with two or more, the
/// half-width of the 95% confidence interval of that mean.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Stat {
    pub n: usize,
    pub mean: f64,
    pub ci: Option<f64>,
}

impl Stat {
    /// The interval's ends (the mean itself without repeats).
    pub fn low(&self) -> f64 {
        self.mean - self.ci.unwrap_or(0.0)
    }
    pub fn high(&self) -> f64 {
        self.mean + self.ci.unwrap_or(0.0)
    }
}

/// Student's t quantiles by degrees of freedom, computed once each (the benchmark's
/// 50,000 points would otherwise solve for the same few quantiles 50,000 times).
#[derive(Default)]
pub struct TQuantiles(Vec<f64>);

impl TQuantiles {
    fn get(&mut self, df: usize) -> f64 {
        while self.0.len() <= df {
            let next = self.0.len();
            self.0.push(if next == 0 {
                f64::NAN
            } else {
                t_critical(next as f64, ALPHA)
            });
        }
        self.0[df]
    }

    /// Mean and 95% CI half-width `t(0.975, n − 1) · s / √n` of the values.
    pub fn stat(&mut self, values: &[f64]) -> Option<Stat> {
        let s = Summary::of(values)?;
        let ci = s
            .std_dev
            .map(|sd| self.get(s.n - 1) * sd / (s.n as f64).sqrt());
        Some(Stat {
            n: s.n,
            mean: s.mean,
            ci,
        })
    }
}

/// One load level of a series.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Point {
    pub x: f64,
    /// Runs averaged into this point.
    pub runs: usize,
    /// Each column of interest that the runs have.
    pub values: BTreeMap<String, Stat>,
}

impl Point {
    pub fn mean(&self, column: &str) -> Option<f64> {
        self.values.get(column).map(|s| s.mean)
    }
}

/// Runs of one series, grouped by `x`, sorted by `x`; returns the points and how many
/// runs had no number in `x`.
pub fn points(
    runs: &[&Run],
    x: &str,
    columns: &BTreeSet<String>,
    t: &mut TQuantiles,
) -> (Vec<Point>, usize) {
    let mut by_x: BTreeMap<KeyValue, Vec<&Run>> = BTreeMap::new();
    let mut no_x = 0;
    for run in runs {
        match cell(run, x) {
            Some(Value::Num(v)) if v.is_finite() => {
                by_x.entry(KeyValue::Num(v)).or_default().push(run)
            }
            _ => no_x += 1,
        }
    }
    let mut out = Vec::with_capacity(by_x.len());
    let mut values = Vec::new();
    for (key, group) in by_x {
        let KeyValue::Num(xv) = key else { continue };
        let mut stats = BTreeMap::new();
        for col in columns {
            values.clear();
            values.extend(
                group
                    .iter()
                    .filter_map(|r| r.get(col))
                    .filter(|v| v.is_finite()),
            );
            if let Some(s) = t.stat(&values) {
                stats.insert(col.clone(), s);
            }
        }
        out.push(Point {
            x: xv,
            runs: group.len(),
            values: stats,
        });
    }
    (out, no_x)
}

/// Columns never used to tell series apart by default: where a run came from, the
/// repeat number, and what the benchmark measured (they differ at every point).
fn is_measured_or_identity(col: &str) -> bool {
    matches!(
        col,
        "source" | "line" | "run_index" | "format" | "date" | "run_number" | "incomplete" | "rtfx"
    ) || (COUNTERS.contains(&col) && !matches!(col, "request_rate" | "max_concurrency"))
        || is_distribution(col)
        || col.starts_with("spec_decode_")
}

/// `p99_ttft_ms`, `mean_isl`: a statistic of a measured distribution. A sweep override
/// such as `itl_ms` (a setting of the mock server) ends in `_ms` too, but has no
/// statistic in front.
fn is_distribution(col: &str) -> bool {
    let body = col.strip_suffix("_ms").unwrap_or(col);
    let Some((stat, family)) = body.split_once('_') else {
        return false;
    };
    let stat_ok = matches!(stat, "mean" | "median" | "std" | "min" | "max")
        || stat
            .strip_prefix('p')
            .is_some_and(|n| !n.is_empty() && n.parse::<f64>().is_ok());
    // `max_num_seqs` starts like a statistic but names no distribution.
    stat_ok && DISTRIBUTIONS.contains(&family)
}

/// The default `--by`: every column that varies across the runs other than the load,
/// leaving out measured and identity columns and columns that only rename the load (each
/// of their values comes with one load only, like guidellm's `constant@2.50` label or a
/// `num_prompts` linked to the concurrency).
pub fn default_by(runs: &[Run], x: &str) -> Vec<String> {
    let mut columns: BTreeSet<&str> = BTreeSet::new();
    for run in runs {
        columns.extend(run.values.keys().map(|k| k.as_ref()));
    }
    columns
        .into_iter()
        .filter(|c| *c != x && !is_measured_or_identity(c))
        .filter(|c| {
            let mut loads: BTreeMap<KeyValue, BTreeSet<KeyValue>> = BTreeMap::new();
            for run in runs {
                loads
                    .entry(KeyValue::of(run, c))
                    .or_default()
                    .insert(KeyValue::of(run, x));
            }
            let varies = loads.len() > 1;
            let renames_load = loads.values().all(|xs| xs.len() <= 1);
            varies && !renames_load
        })
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Format;

    fn run(pairs: &[(&str, f64)]) -> Run {
        let mut r = Run::new(Format::VllmServeJson, None);
        for (k, v) in pairs {
            r.set_num(k.to_string(), *v);
        }
        r
    }

    #[test]
    fn repeats_average_with_a_t_interval() {
        // Three repeats 10, 12, 14: mean 12, s = 2, t(0.975, 2) = 4.302653,
        // half-width 4.302653 · 2 / √3 = 4.968275.
        let runs = [
            run(&[("c", 4.0), ("y", 10.0)]),
            run(&[("c", 4.0), ("y", 12.0)]),
            run(&[("c", 4.0), ("y", 14.0)]),
            run(&[("c", 1.0), ("y", 5.0)]),
            run(&[("y", 1.0)]),
        ];
        let refs: Vec<&Run> = runs.iter().collect();
        let cols = BTreeSet::from(["y".to_owned()]);
        let (pts, no_x) = points(&refs, "c", &cols, &mut TQuantiles::default());
        assert_eq!(no_x, 1);
        assert_eq!(pts.iter().map(|p| p.x).collect::<Vec<_>>(), [1.0, 4.0]);
        let s = pts[1].values["y"];
        assert_eq!((s.n, s.mean), (3, 12.0));
        assert!((s.ci.unwrap() - 4.968275).abs() < 1e-5, "{s:?}");
        assert_eq!(pts[0].values["y"].ci, None);
    }

    #[test]
    fn default_by_skips_the_load_its_renamings_and_metrics() {
        let mut runs = Vec::new();
        for (seqs, conc) in [(8.0, 1.0), (8.0, 2.0), (16.0, 1.0), (16.0, 2.0)] {
            let mut r = run(&[
                ("max_num_seqs", seqs),
                ("itl_ms", 2.0),
                ("max_concurrency", conc),
                ("num_prompts", conc * 10.0),
                ("output_throughput", seqs * conc),
                ("p99_ttft_ms", seqs + conc),
                ("run_number", 0.0),
            ]);
            r.set_text("label", format!("c{conc}-s{seqs}"));
            r.set_text("backend", "vllm");
            runs.push(r);
        }
        assert_eq!(default_by(&runs, "max_concurrency"), ["max_num_seqs"]);
    }
}
