//! Which noise between runs judges each metric of a pair (`stats::noise`), and what it
//! concludes: a change tested against it, the smallest change the runs at hand can
//! detect, and the runs a side a rule's threshold needs.
//!
//! Order of precedence, per metric (docs/diff.md, "Noise between runs"):
//! 1. a **declared** noise (`[diff] noise`, `--noise`): the user's word for this benchmark;
//! 2. a **history** of the same workload and configuration (`--noise-from`), pooled with
//!    the spread of the sides' own repeats;
//! 3. the **repeats of every setup** of the diff, pooled, for a key with fewer than three
//!    runs on a side, when the other keys' repeats add degrees of freedom to its own (at
//!    least [`MIN_SETUPS_DF`] in all): one configuration's runs on a machine vary by about
//!    as much as another's, relative to their means, so 5 setups × 2 runs a side tell the
//!    noise that 2 runs alone cannot;
//! 3. the **repeats** of both sides (two or more each): Welch's t-test, as ever;
//! 4. the repeats of one side (the other has one run): that side's spread;
//! 5. nothing: one run a side. The requests inside a run vary far less than runs do, so
//!    their test may only clear a change ("within noise"), never confirm one; the
//!    threshold decides and says so, and the default policy uses its one-run thresholds
//!    (`policy::DEFAULT_ONE_RUN`).

use std::collections::BTreeMap;

use serde::Serialize;

use super::diff::{values, MetricDiff, Trend};
use super::pairing::Key;
use crate::model::Run;
use crate::stats::noise::{self as stats, Estimate, Noise, Source};
use crate::stats::welch::Summary;

/// What is known of the noise between runs besides the sides' repeats.
#[derive(Debug, Clone, Default)]
pub struct KnownNoise {
    /// A declared σ per metric (`0.12` for 12% a run).
    pub declared: BTreeMap<String, f64>,
    /// From a history store: per pair key, per metric.
    pub history: BTreeMap<Key, BTreeMap<String, Estimate>>,
    /// The store the history came from, named in the output.
    pub store: Option<String>,
}

/// The noise one diff may judge by: what is known of it, and the repeats of every key of
/// the diff pooled, per metric ([`pooled_over_setups`]).
pub struct Sources<'a> {
    pub known: &'a KnownNoise,
    pub setups: BTreeMap<String, Estimate>,
}

/// A pooled estimate of the setups' repeats needs this many degrees of freedom to judge:
/// fewer leave a t quantile so wide that nothing is detected, and one odd setup decides.
pub const MIN_SETUPS_DF: f64 = 4.0;

/// The noise of each metric pooled over the repeats of every key's two sides (σ of `ln`,
/// weighted by degrees of freedom); a metric no side repeats has none.
pub fn pooled_over_setups(
    metrics: &[String],
    sides: &[[&[&Run]; 2]],
) -> BTreeMap<String, Estimate> {
    metrics
        .iter()
        .filter_map(|m| {
            let parts: Vec<(f64, f64)> = sides
                .iter()
                .flatten()
                .filter_map(|runs| stats::of_repeats(&values(runs, m)))
                .collect();
            let (sigma, df) = stats::pooled(&parts)?;
            let runs = parts.iter().map(|(_, df)| *df as usize + 1).sum();
            Some((m.clone(), Estimate { sigma, df, runs }))
        })
        .collect()
}

/// What decided a rule's outcome on a pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// The threshold (or limit) was not passed, or a limit rule: no test needed.
    Threshold,
    /// Welch's t-test of the repeats of both sides.
    Repeats,
    /// The noise of the repeats of one side.
    RepeatsOneSide,
    /// The noise of the history store, with the sides' repeats.
    History,
    /// The repeats of every setup of the diff, pooled.
    Setups,
    /// The history window's prediction interval (`--against-history`).
    HistoryWindow,
    /// The declared noise.
    Declared,
    /// The requests of one run a side: the change is within their own spread.
    Requests,
    /// One run a side, no estimate of the noise between runs: the threshold alone.
    NoNoiseEstimate,
    /// As `NoNoiseEstimate`, judged by the default policy's one-run threshold.
    OneRunThreshold,
}

/// The noise that applies to `metric` of a pair with these sides, if any is known.
pub fn resolve(
    metric: &str,
    base: &[f64],
    cand: &[f64],
    key: &Key,
    sources: &Sources,
) -> Option<Noise> {
    let known = sources.known;
    if let Some(&sigma) = known.declared.get(metric) {
        return Some(Noise {
            source: Source::Declared,
            sigma,
            df: None,
            runs: 0,
        });
    }
    let repeats: Vec<(f64, f64)> = [base, cand]
        .iter()
        .filter_map(|side| stats::of_repeats(side))
        .collect();
    let side_runs = |parts: &[(f64, f64)]| parts.iter().map(|(_, df)| *df as usize + 1).sum();
    if let Some(h) = known.history.get(key).and_then(|m| m.get(metric)) {
        let parts: Vec<(f64, f64)> = repeats.iter().copied().chain([(h.sigma, h.df)]).collect();
        let (sigma, df) = stats::pooled(&parts)?;
        return Some(Noise {
            source: Source::History,
            sigma,
            df: Some(df),
            runs: h.runs + side_runs(&repeats),
        });
    }
    let own_df: f64 = repeats.iter().map(|(_, df)| *df).sum();
    if base.len() < 3 || cand.len() < 3 {
        let setups = sources
            .setups
            .get(metric)
            .filter(|s| s.df >= MIN_SETUPS_DF && s.df > own_df);
        if let Some(s) = setups {
            return Some(Noise {
                source: Source::Setups,
                sigma: s.sigma,
                df: Some(s.df),
                runs: s.runs,
            });
        }
    }
    // One side's repeats alone must be three or more: two runs give one degree of
    // freedom, whose t quantile (12.7) leaves nothing detectable.
    if repeats.len() < 2 && repeats.iter().all(|(_, df)| *df < 2.0) {
        return None;
    }
    let (sigma, df) = stats::pooled(&repeats)?;
    Some(Noise {
        source: Source::Repeats,
        sigma,
        df: Some(df),
        runs: side_runs(&repeats),
    })
}

/// Sets a metric's noise, its test where the noise (not Welch's test of both sides'
/// repeats) judges, and the smallest change its runs detect; the trend follows the test.
pub fn apply(d: &mut MetricDiff, noise: Option<Noise>) {
    d.noise = noise;
    let (Some(b), Some(c), Some(noise)) = (d.baseline, d.candidate, noise) else {
        return;
    };
    d.detectable_percent = noise.detectable_percent(b.n, c.n);
    if !judges(&d.metric, &noise, &b, &c) {
        return;
    }
    d.noise_test = noise.test(&b, &c);
    if let Some(t) = d.noise_test {
        if d.change != Some(0.0) {
            d.trend = if !t.significant {
                Trend::Noise
            } else {
                Trend::of_move(d.higher_is_better, c.mean > b.mean)
            };
        }
    }
}

/// Whether this noise, rather than Welch's test of the sides' repeats, tests the change:
/// always when declared or from a history; from repeats only when a side has one run.
/// Counts (`completed`, `failed`) are facts of a run, not measurements with a spread.
fn judges(metric: &str, noise: &Noise, b: &Summary, c: &Summary) -> bool {
    if crate::model::schema::is_integer(metric) {
        return false;
    }
    match noise.source {
        Source::Declared | Source::History | Source::Setups => true,
        Source::Repeats => b.n < 2 || c.n < 2,
        Source::Typical => false,
    }
}

/// What judged a metric whose change passed a rule's threshold.
pub fn basis_of(d: &MetricDiff) -> Basis {
    if d.prediction.is_some() {
        return Basis::HistoryWindow;
    }
    if d.noise_test.is_some() {
        return match d.noise.map(|n| n.source) {
            Some(Source::Declared) => Basis::Declared,
            Some(Source::History) => Basis::History,
            Some(Source::Setups) => Basis::Setups,
            _ => Basis::RepeatsOneSide,
        };
    }
    if d.welch.is_some() {
        return Basis::Repeats;
    }
    if d.request_test.is_some_and(|t| !t.significant) {
        return Basis::Requests;
    }
    Basis::NoNoiseEstimate
}

/// Whether the change of a metric is significant against the noise that judges it;
/// `None` when no noise between runs is known.
pub fn significant(d: &MetricDiff) -> Option<bool> {
    if let Some(p) = d.prediction {
        return Some(!p.inside);
    }
    if let Some(t) = d.noise_test {
        return Some(t.significant);
    }
    if let Some(w) = d.welch {
        return Some(w.p < crate::stats::ALPHA);
    }
    // The requests of one run can clear a change, never confirm one.
    if d.request_test.is_some_and(|t| !t.significant) {
        return Some(false);
    }
    None
}

/// The noise that sizes the runs needed: the metric's own, else the typical noise of
/// real engines for it (never used to judge).
pub fn for_power(d: &MetricDiff) -> Option<Noise> {
    d.noise.or_else(|| {
        stats::typical(&d.metric).map(|sigma| Noise {
            source: Source::Typical,
            sigma,
            df: None,
            runs: 0,
        })
    })
}

/// One change rule's power over the whole comparison: the least favourable pair (the
/// largest smallest-detectable change, the most runs needed), printed under the table
/// and in `--json` as `power`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RulePower {
    /// Index into `Comparison::rules`.
    pub rule: usize,
    /// Where the noise came from (`typical` when nothing is known of this benchmark's).
    pub source: Source,
    /// The largest σ over the pairs (of `ln`, about the coefficient of variation).
    pub sigma: f64,
    /// The smallest change these runs detect with 80% probability, in percent; `None`
    /// when no noise of this benchmark is known.
    pub detectable_percent: Option<f64>,
    /// The runs a side that detect the rule's threshold; `None`: more than
    /// `stats::noise::MAX_RUNS_NEEDED`.
    pub runs_needed: Option<usize>,
    /// The runs a side of the pair this line describes.
    pub baseline_runs: usize,
    pub candidate_runs: usize,
}

/// [`RulePower`] of every change rule that some pair could size.
pub fn power(pairs: &[super::diff::PairDiff], rules: &[super::policy::Rule]) -> Vec<RulePower> {
    let mut out: BTreeMap<usize, RulePower> = BTreeMap::new();
    for pair in pairs {
        for check in &pair.checks {
            let Some(needed) = check.runs_needed else {
                continue;
            };
            let metric = rules
                .get(check.rule)
                .and_then(|r| pair.metrics.iter().find(|d| d.metric == r.metric));
            let detectable = metric.and_then(|d| d.noise.and(d.detectable_percent));
            let line = RulePower {
                rule: check.rule,
                source: needed.source,
                sigma: needed.sigma,
                detectable_percent: detectable,
                runs_needed: needed.runs,
                baseline_runs: pair.baseline_runs,
                candidate_runs: pair.candidate_runs,
            };
            let worse = |old: &RulePower| {
                let more = |n: Option<usize>| n.unwrap_or(usize::MAX);
                more(line.runs_needed) > more(old.runs_needed)
                    || (line.runs_needed == old.runs_needed
                        && line.detectable_percent.unwrap_or(f64::INFINITY)
                            > old.detectable_percent.unwrap_or(f64::INFINITY))
            };
            match out.get(&check.rule) {
                Some(old) if !worse(old) => {}
                _ => {
                    out.insert(check.rule, line);
                }
            }
        }
    }
    out.into_values().collect()
}
