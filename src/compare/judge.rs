//! One metric of a pair judged: its statistics on both sides ([`metric_diff`]: means,
//! change, Welch's test, the trend) and one rule's outcome on them ([`evaluate`]). The
//! rules' semantics are described in `diff.rs` and `docs/diff.md`.

use super::diff::{CheckOutcome, MetricDiff, RunsNeeded, Trend};
use super::noise::{self, Basis};
use super::policy::{Limit, Rule};
use crate::model::schema::higher_is_better;
use crate::stats::welch::{self as stats, Summary};

/// The statistics of one metric; `None` when neither side has a value.
pub fn metric_diff(metric: &str, base: &[f64], cand: &[f64]) -> Option<MetricDiff> {
    let (b, c) = (Summary::of(base), Summary::of(cand));
    if b.is_none() && c.is_none() {
        return None;
    }
    let direction = higher_is_better(metric);
    let (mut change, mut change_percent, mut welch, mut ci_percent) = (None, None, None, None);
    let mut trend = Trend::Missing;
    if let (Some(b), Some(c)) = (&b, &c) {
        let d = c.mean - b.mean;
        change = Some(d);
        change_percent = Some(crate::numbers::percent_change(b.mean, c.mean));
        welch = stats::welch(b, c);
        if let Some(w) = &welch {
            // Relative to the baseline mean taken as exact: the interval of a ratio of two
            // noisy means (Fieller) would be wider; this one only rescales the interval of
            // the difference for display.
            ci_percent = crate::numbers::percent_of(w.ci_low, b.mean)
                .zip(crate::numbers::percent_of(w.ci_high, b.mean));
        }
        trend = if d == 0.0 {
            Trend::Unchanged
        } else if welch.is_some_and(|w| w.p >= stats::ALPHA) {
            Trend::Noise
        } else {
            Trend::of_move(direction, d > 0.0)
        };
    }
    Some(MetricDiff {
        metric: metric.to_owned(),
        higher_is_better: direction,
        baseline: b,
        candidate: c,
        change,
        change_percent,
        welch,
        ci_percent,
        request_test: None,
        noise: None,
        noise_test: None,
        detectable_percent: None,
        prediction: None,
        trend,
        status: None,
    })
}

/// One rule on one metric of a pair; returns the outcome and what was observed.
pub fn evaluate(rule: &Rule, d: &MetricDiff) -> (CheckOutcome, Option<f64>) {
    match rule.limit {
        Limit::ChangePercent(threshold) => {
            let Some(change) = d.change_percent else {
                return (CheckOutcome::NotApplicable, None);
            };
            if !rule.op.holds(change, threshold) {
                return (CheckOutcome::Pass, Some(change));
            }
            let outcome = match noise::significant(d) {
                Some(false) => CheckOutcome::WithinNoise,
                Some(true) => CheckOutcome::Regression,
                // No estimate of the noise between runs: the threshold decides; the
                // default policy's is the one-run threshold, past which one run of a
                // real engine rarely moves.
                None => match rule.one_run {
                    Some(limit) if !rule.op.holds(change, limit) => CheckOutcome::Inconclusive,
                    _ => CheckOutcome::Regression,
                },
            };
            (outcome, Some(change))
        }
        Limit::Value(limit) => {
            let Some(cand) = d.candidate else {
                return (CheckOutcome::NotApplicable, None);
            };
            let outcome = if !rule.op.holds(cand.mean, limit) {
                CheckOutcome::Pass
            } else if d.baseline.is_some_and(|b| rule.op.holds(b.mean, limit)) {
                CheckOutcome::AlreadyBeyond
            } else {
                CheckOutcome::Regression
            };
            (outcome, Some(cand.mean))
        }
    }
}

/// What decided `outcome` of `rule` on `d`.
pub fn basis(rule: &Rule, d: &MetricDiff, outcome: CheckOutcome) -> Basis {
    let tested = matches!(rule.limit, Limit::ChangePercent(_))
        && matches!(
            outcome,
            CheckOutcome::WithinNoise | CheckOutcome::Inconclusive | CheckOutcome::Regression
        );
    if !tested {
        return Basis::Threshold;
    }
    match noise::basis_of(d) {
        Basis::NoNoiseEstimate if rule.one_run.is_some() => Basis::OneRunThreshold,
        basis => basis,
    }
}

/// The runs a side that would detect a change rule's threshold, from the metric's noise
/// (else the typical noise of real engines).
pub fn runs_needed(rule: &Rule, d: &MetricDiff) -> Option<RunsNeeded> {
    let Limit::ChangePercent(threshold) = rule.limit else {
        return None;
    };
    let n = noise::for_power(d)?;
    Some(RunsNeeded {
        runs: n.runs_needed(threshold),
        source: n.source,
        sigma: n.sigma,
    })
}
