//! Curves stage: load sweeps as latency–throughput curves. Runs (from `ingest`) are
//! grouped into series (`series`), each a curve of points by load with repeats averaged;
//! per series the capacity at the SLOs (`capacity`), over all points the Pareto frontier
//! of tokens/s per GPU against tokens/s per user (`pareto`). [`Curves`] is computed once
//! here; `render::curves` and `perflab curves --json` only read it. docs/curves.md has
//! the maths.

pub mod capacity;
pub mod pareto;
pub mod series;

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

pub use crate::slo::Slo;
pub use capacity::Bound;
pub use pareto::{Gpus, ParetoPoint};
pub use series::{KeyValue, Point, Stat};

use crate::model::Run;
use crate::{Error, Result};

/// What `perflab curves` was asked for.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The load column (`max_concurrency`, `request_rate`).
    pub x: String,
    /// Columns drawn against the load and read off at capacity; at least one.
    pub ys: Vec<String>,
    /// Series columns; `None` picks them (`series::default_by`).
    pub by: Option<Vec<String>>,
    pub slos: Vec<Slo>,
    pub gpus: Gpus,
}

/// Capacity of one series at the SLOs (only computed when there are SLOs).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Capacity {
    pub value: Option<f64>,
    pub bound: Bound,
    /// The SLO that stops the curve (`p99_ttft_ms<=500`), when interpolated.
    pub limiting: Option<String>,
    /// Each `--y` at the capacity (linear between the same two points).
    pub at: BTreeMap<String, Option<f64>>,
    /// With repeats: the capacity on the pessimistic and on the optimistic ends of the
    /// SLO metrics' 95% intervals (each bound as `value`, `bound`).
    pub interval: Option<(CapacityEnd, CapacityEnd)>,
    /// Points left out because they lack an SLO column.
    pub points_without_slo_columns: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CapacityEnd {
    pub value: Option<f64>,
    pub bound: Bound,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Series {
    /// The `--by` values, in `--by` order.
    pub key: Vec<KeyValue>,
    pub points: Vec<Point>,
    /// Runs of this series without a number in `--x` (left out).
    pub runs_without_x: usize,
    pub capacity: Option<Capacity>,
}

impl Series {
    /// `max_num_seqs=32, max_num_batched_tokens=2048`, or `None` for the only series.
    pub fn name(&self, by: &[String]) -> Option<String> {
        if by.is_empty() {
            return None;
        }
        Some(
            by.iter()
                .zip(&self.key)
                .map(|(c, v)| format!("{c}={}", v.text().unwrap_or_else(|| "—".into())))
                .collect::<Vec<_>>()
                .join(", "),
        )
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Curves {
    pub x: String,
    pub ys: Vec<String>,
    pub by: Vec<String>,
    pub slos: Vec<Slo>,
    pub gpus: Gpus,
    pub series: Vec<Series>,
    pub pareto: Vec<ParetoPoint>,
    /// Points without a throughput, user count or GPU count, left off the frontier.
    pub pareto_left_out: usize,
}

impl Curves {
    /// Builds every series, capacity and the frontier. Errors: no runs, or no run with
    /// a number in `--x`.
    pub fn new(runs: &[Run], spec: &Spec) -> Result<Curves> {
        if runs.is_empty() {
            return Err(Error::usage(crate::msg!("curves-error-no-runs")));
        }
        let by = match &spec.by {
            Some(by) => by.clone(),
            None => series::default_by(runs, &spec.x),
        };
        let mut columns: BTreeSet<String> = spec.ys.iter().cloned().collect();
        columns.extend(spec.slos.iter().map(|s| s.column.clone()));
        columns.insert(pareto::THROUGHPUT.to_owned());
        columns.extend(pareto::USER_COLUMNS.iter().map(|c| c.to_string()));
        columns.extend(spec.gpus.columns());

        let mut groups: BTreeMap<Vec<KeyValue>, Vec<&Run>> = BTreeMap::new();
        for run in runs {
            let key = by.iter().map(|c| KeyValue::of(run, c)).collect();
            groups.entry(key).or_default().push(run);
        }
        let mut t = series::TQuantiles::default();
        let mut out = Vec::with_capacity(groups.len());
        for (key, group) in groups {
            let (points, runs_without_x) = series::points(&group, &spec.x, &columns, &mut t);
            let capacity = (!spec.slos.is_empty()).then(|| capacity_of(&points, spec));
            out.push(Series {
                key,
                points,
                runs_without_x,
                capacity,
            });
        }
        if out.iter().all(|s| s.points.is_empty()) {
            return Err(Error::usage(crate::msg!(
                "curves-error-no-x",
                column = spec.x.clone()
            )));
        }
        let curves: Vec<Vec<Point>> = out.iter().map(|s| s.points.clone()).collect();
        let (pareto, pareto_left_out) = pareto::frontier(&curves, &spec.x, &spec.gpus);
        Ok(Curves {
            x: spec.x.clone(),
            ys: spec.ys.clone(),
            by,
            slos: spec.slos.clone(),
            gpus: spec.gpus.clone(),
            series: out,
            pareto,
            pareto_left_out,
        })
    }
}

/// Capacity of one series: on the points that have every SLO column, on their means,
/// then (with repeats) on the pessimistic and optimistic ends of their intervals.
fn capacity_of(points: &[Point], spec: &Spec) -> Capacity {
    let usable: Vec<&Point> = points
        .iter()
        .filter(|p| spec.slos.iter().all(|s| p.values.contains_key(&s.column)))
        .collect();
    let xs: Vec<f64> = usable.iter().map(|p| p.x).collect();
    let metric = |pick: &dyn Fn(&Slo, &Stat) -> f64| -> Vec<Vec<f64>> {
        spec.slos
            .iter()
            .map(|s| {
                usable
                    .iter()
                    .map(|p| pick(s, &p.values[&s.column]))
                    .collect()
            })
            .collect()
    };
    let means = metric(&|_, st| st.mean);
    let crossing = capacity::crossing(&xs, &spec.slos, &means);
    let (value, bound, limiting, at) = match &crossing {
        Some(c) => {
            let at = spec
                .ys
                .iter()
                .map(|y| {
                    let ys: Vec<Option<f64>> = usable.iter().map(|p| p.mean(y)).collect();
                    (y.clone(), capacity::value_at(c, &xs, &ys))
                })
                .collect();
            (
                c.capacity,
                c.bound,
                c.limiting.map(|i| spec.slos[i].text()),
                at,
            )
        }
        // No point has every SLO column: nothing holds that we know of.
        None => (
            None,
            Bound::BelowFirst,
            None,
            spec.ys.iter().map(|y| (y.clone(), None)).collect(),
        ),
    };
    let repeated = usable
        .iter()
        .any(|p| spec.slos.iter().any(|s| p.values[&s.column].ci.is_some()));
    let interval = repeated.then(|| {
        let end = |worse: bool| {
            let m = metric(&|s, st| {
                // The pessimistic end of an upper limit is the high end of the interval.
                if s.op.is_upper_limit() == worse {
                    st.high()
                } else {
                    st.low()
                }
            });
            let c = capacity::crossing(&xs, &spec.slos, &m);
            CapacityEnd {
                value: c.as_ref().and_then(|c| c.capacity),
                bound: c.map_or(Bound::BelowFirst, |c| c.bound),
            }
        };
        (end(true), end(false))
    });
    Capacity {
        value,
        bound,
        limiting,
        at,
        interval,
        points_without_slo_columns: points.len() - usable.len(),
    }
}

#[cfg(test)]
mod tests;
