//! What a comparison concludes, pair by pair: each metric's statistics ([`MetricDiff`]),
//! each rule's outcome ([`Check`]), a pair's verdict ([`PairDiff`]), the keys of one side
//! only and the counts. Built by `compare::diff`, read by every renderer.

use serde::Serialize;

use super::noise::Basis;
use super::pairing::Key;
use crate::stats::noise::{Noise, NoiseTest};
use crate::stats::prediction::Prediction;
use crate::stats::significance::RequestTest;
use crate::stats::welch::{Summary, Welch};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    Pass,
    Regression,
}

/// Which way a metric moved, judged by the metric's direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Trend {
    Better,
    Worse,
    /// The means are equal.
    Unchanged,
    /// Repeated runs show the change is not significant.
    Noise,
    /// The metric has no better direction (e.g. `request_rate`).
    Changed,
    /// A side has no value.
    Missing,
}

impl Trend {
    /// A change that counts, judged by the metric's direction: `rose` is whether the
    /// candidate's mean is above the baseline's.
    pub fn of_move(higher_is_better: Option<bool>, rose: bool) -> Trend {
        match higher_is_better {
            Some(up) if rose == up => Trend::Better,
            Some(_) => Trend::Worse,
            None => Trend::Changed,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CheckOutcome {
    /// The metric is missing on a side the rule needs.
    NotApplicable,
    Pass,
    /// Limit rule: the baseline was already past the limit.
    AlreadyBeyond,
    /// Past the threshold, but not significant.
    WithinNoise,
    /// Past the threshold with one run a side and no estimate of the noise between
    /// runs, but short of the default policy's one-run threshold: real engines move this
    /// much between runs of one configuration, so the change can be neither confirmed
    /// nor cleared. Passes; the output says how many runs would tell.
    Inconclusive,
    Regression,
}

/// One rule evaluated on one matched pair.
#[derive(Debug, Clone, Serialize)]
pub struct Check {
    /// Index into [`Comparison::rules`].
    pub rule: usize,
    pub outcome: CheckOutcome,
    /// What the rule looked at: the change in percent (change rules; ±∞ when the baseline
    /// is 0) or the candidate's mean (limit rules).
    pub observed: Option<f64>,
    /// What decided the outcome (`compare::noise::Basis`).
    pub basis: Basis,
    /// Change rules: the runs a side that would detect the rule's threshold with 80%
    /// probability, from the noise known (else the typical noise of real engines).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runs_needed: Option<RunsNeeded>,
}

/// The runs a side a threshold needs (`stats::noise::Noise::runs_needed`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RunsNeeded {
    /// `None`: more than `stats::noise::MAX_RUNS_NEEDED`.
    pub runs: Option<usize>,
    /// The noise it was computed from.
    pub source: crate::stats::noise::Source,
    /// σ of that noise (of `ln`, about the coefficient of variation of one run).
    pub sigma: f64,
}

/// One metric of one matched pair.
#[derive(Debug, Clone, Serialize)]
pub struct MetricDiff {
    pub metric: String,
    pub higher_is_better: Option<bool>,
    pub baseline: Option<Summary>,
    pub candidate: Option<Summary>,
    /// `m_cand − m_base`.
    pub change: Option<f64>,
    /// `(m_cand − m_base) / |m_base| · 100`; ±∞ when the baseline mean is 0 and the
    /// candidate's is not (serialized as null).
    pub change_percent: Option<f64>,
    /// Present when both sides have ≥2 values.
    pub welch: Option<Welch>,
    /// The 95% interval of the change in percent of the baseline mean.
    pub ci_percent: Option<(f64, f64)>,
    /// One run per side with requests on both: the test of this column from them.
    pub request_test: Option<RequestTest>,
    /// The noise between runs known for this metric, and where from (`compare::noise`).
    pub noise: Option<Noise>,
    /// The change tested against `noise` where it judges (declared, history, or the
    /// repeats of one side); Welch's test judges repeats on both sides.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub noise_test: Option<NoiseTest>,
    /// The smallest change (in percent, either way) these runs detect with 80%
    /// probability, given `noise`.
    pub detectable_percent: Option<f64>,
    /// Against a history window (`diff --against-history`): the interval the window's
    /// spread predicts for the candidate; a change inside it is within noise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prediction: Option<Prediction>,
    pub trend: Trend,
    /// The worst outcome of the rules on this metric; `None` when no rule names it.
    pub status: Option<CheckOutcome>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PairDiff {
    /// Human-readable key (`run.json#0`, `model_id=x, max_concurrency=4`).
    pub label: String,
    pub key: Key,
    pub baseline_runs: usize,
    pub candidate_runs: usize,
    /// Some metric has an estimate of the noise between runs (repeats, a history or a
    /// declared noise), so its changes are tested against it.
    pub noise_estimate: bool,
    /// One run per side, both with requests: latency columns were tested from them.
    pub requests_tested: bool,
    /// With `requests_tested`: the (`source`, `run_index`) of the baseline's run, then
    /// the candidate's, where their requests are found.
    pub sources: Vec<(String, u32)>,
    pub metrics: Vec<MetricDiff>,
    pub checks: Vec<Check>,
    /// Every candidate run completed no request: the pair regressed without any rule.
    pub candidate_failed: bool,
    /// Workload columns whose values differ between the paired runs (a key that leaves
    /// them out pairs different benchmarks): said beside the table, listed in the JSON.
    pub config_differs: Vec<crate::keys::ConfigDiff>,
    /// Setup columns in which the runs of one side differ: the key merged different
    /// setups as repeats (each side's values; said beside the table).
    pub setups_merged: Vec<crate::keys::ConfigDiff>,
    pub verdict: Verdict,
}

/// A key found on one side only.
#[derive(Debug, Clone, Serialize)]
pub struct Unmatched {
    pub label: String,
    pub key: Key,
    pub runs: usize,
    /// The files its runs came from, sorted, without repeats.
    pub sources: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub matched: usize,
    pub regressed_pairs: usize,
    /// Failed rule checks, plus one per pair whose candidate completed no request.
    pub regressions: usize,
    /// Matched pairs whose candidate runs all completed no request.
    pub failed_candidates: usize,
    pub within_noise: usize,
    pub already_beyond: usize,
    pub not_applicable: usize,
    /// Checks past a threshold that one run a side can neither confirm nor clear.
    pub inconclusive: usize,
    /// Matched pairs with no estimate of the noise between runs: the threshold alone
    /// decided.
    pub without_noise_estimate: usize,
    pub added: usize,
    pub removed: usize,
    /// Series of two sweeps whose capacity at the SLO failed a `capacity` rule
    /// (`Comparison::judge_capacity`); 0 without `--curve-x`.
    pub capacity_regressions: usize,
    /// Series the capacity comparison holds (both sweeps' series).
    pub capacity_series: usize,
}
