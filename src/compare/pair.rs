//! Two runs compared (`perflab compare A B`): the same gap sentence numbers as a study's
//! experiment, the candidate against the baseline, and every shared metric side by side.

use serde::Serialize;

use super::change::{Change, RunGap, SuccessRate};
use super::MetricSpec;
use crate::model::{schema, Run};

#[derive(Debug, Clone, Serialize)]
pub struct PairComparison {
    pub primary: MetricSpec,
    pub secondary: MetricSpec,
    /// Indices 0 (baseline) and 1 (candidate); `None` when either lacks the primary metric.
    pub gap: Option<RunGap>,
    /// The candidate against the baseline on the primary metric.
    pub change: Option<Change>,
    pub baseline_success: Option<SuccessRate>,
    pub candidate_success: Option<SuccessRate>,
    /// Every metric with a better direction that both runs print, in schema order.
    pub rows: Vec<MetricRow>,
    /// The workload and server columns in which the two runs differ (`keys::
    /// config_differs`), the mean lengths their totals imply among them: a gap between
    /// two workloads is no effect of a setting.
    pub differs: Vec<crate::keys::ConfigDiff>,
}

#[derive(Debug, Clone, Serialize)]
pub struct MetricRow {
    pub key: String,
    pub baseline: f64,
    pub candidate: f64,
    pub change: Change,
}

impl PairComparison {
    pub fn new(
        primary: MetricSpec,
        secondary: MetricSpec,
        baseline: &Run,
        candidate: &Run,
    ) -> Self {
        let gap = RunGap::of(&primary, &secondary, &[(0, baseline), (1, candidate)]);
        let change = match (baseline.get(&primary.key), candidate.get(&primary.key)) {
            (Some(b), Some(c)) => Some(Change::new(&primary, b, c)),
            _ => None,
        };
        let mut keys: Vec<&crate::model::Key> = baseline
            .values
            .keys()
            .filter(|k| candidate.values.contains_key(*k))
            .collect();
        keys.sort_by(|a, b| schema::compare_columns(a, b));
        let rows = keys
            .into_iter()
            .filter_map(|k| {
                let metric = MetricSpec::new(k)?;
                let (b, c) = (baseline.get(k)?, candidate.get(k)?);
                Some(MetricRow {
                    key: k.to_string(),
                    baseline: b,
                    candidate: c,
                    change: Change::new(&metric, b, c),
                })
            })
            .collect();
        let mut sides = [vec![baseline.clone()], vec![candidate.clone()]];
        let [b, c] = &mut sides;
        crate::keys::imply_lengths(&mut [b, c]);
        let differs = crate::keys::config_differs(&[&sides[0][0]], &[&sides[1][0]]);
        PairComparison {
            differs,
            gap,
            change,
            baseline_success: SuccessRate::of(baseline, None),
            candidate_success: SuccessRate::of(candidate, None),
            rows,
            primary,
            secondary,
        }
    }
}
