//! The comparison of a baseline with a candidate, built once by [`compare`]: matched
//! pairs with per-metric statistics, every rule's outcome on every pair, the runs found on
//! one side only, and the overall verdict. Renderers (`render::diff`) only read it.
//!
//! Verdict of a rule on a pair (see `docs/diff.md`):
//! - change rule (`METRIC<-5%`): the relative change of the means passes the threshold;
//!   with ≥2 runs on both sides it must also be significant (Welch, p < 0.05), otherwise
//!   it is "within noise" and passes; with a single run on a side the threshold alone
//!   decides. A baseline mean of 0 makes any non-zero change infinite (it passes every
//!   threshold of its sign) and no change 0%.
//! - limit rule (`failed>0`): the candidate's mean passes the limit and the baseline's
//!   did not; when the baseline's mean was already past it, the pair is "already beyond"
//!   and does not fail. No significance test: a limit is a fact about the candidate.
//! - a metric missing on a side the rule needs: the rule does not apply to that pair.
//!
//! With one run per side, no Welch test exists; when both runs kept their requests,
//! a latency column is judged from them instead (`significance.rs`: a bootstrap interval
//! for a percentile, Mann–Whitney U for a mean), and a change past the threshold that
//! the test does not find significant is "within noise".
//!
//! Beside the rules, one check needs none: a candidate whose every run completed no
//! request (`completed` 0) is a regression of its pair, whatever the rules say. Its
//! latencies are null (`ingest::settle`), so no rule on them could fire, and the zeros a
//! tool prints for them must never read as "faster".

use serde::Serialize;

pub use super::judge::{evaluate, metric_diff};
use super::noise::Sources;
pub use super::noise::{Basis, KnownNoise};
pub use super::outcome::{
    Check, CheckOutcome, Counts, MetricDiff, PairDiff, RunsNeeded, Trend, Unmatched, Verdict,
};
use super::pairing::{self, Key, KeyValue};
use super::policy::{Policy, Rule};
use crate::model::schema::compare_columns;
use crate::model::Run;
use crate::requests::{Metric, RunRequests};
use crate::stats::significance;

/// Metrics every diff shows (when present), besides those the rules name: the columns
/// people look at first, as in `perflab ingest`'s table.
pub const HEADLINE_METRICS: [&str; 12] = [
    "completed",
    "failed",
    "request_throughput",
    // Present only under per-request SLOs (`--slo ttft<=200`).
    "slo_attainment",
    "slo_goodput",
    "output_throughput",
    "total_token_throughput",
    "mean_ttft_ms",
    "p99_ttft_ms",
    "mean_tpot_ms",
    "mean_itl_ms",
    "mean_e2el_ms",
];

#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    pub key_columns: Vec<String>,
    pub rules: Vec<Rule>,
    pub policy: super::policy::PolicyOrigin,
    pub pairs: Vec<PairDiff>,
    /// Keys with candidate runs only.
    pub added: Vec<Unmatched>,
    /// Keys with baseline runs only.
    pub removed: Vec<Unmatched>,
    pub counts: Counts,
    pub verdict: Verdict,
    /// The baseline is a history window, judged by its prediction interval
    /// ([`Comparison::judge_against_history`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub against_history: bool,
    /// Per change rule: the noise between runs, the smallest change the runs detect and
    /// the runs a side its threshold needs (`compare::noise::power`).
    pub power: Vec<super::noise::RulePower>,
    /// The history store whose runs gave the noise (`--noise-from`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub noise_from: Option<String>,
}

impl Comparison {
    /// Folds the capacity comparison of two sweeps into the verdict: a series whose
    /// capacity fails a `capacity` rule is a regression like a failed metric rule, so
    /// the verdict line, the JSON `verdict` and the exit code agree.
    pub fn judge_capacity(&mut self, capacity: &super::capacity::CapacityComparison) {
        self.counts.capacity_series = capacity.rows.len();
        self.counts.capacity_regressions = capacity.rows.iter().filter(|r| r.regressed()).count();
        if self.counts.capacity_regressions > 0 {
            self.verdict = Verdict::Regression;
        }
    }

    pub fn rule_text(&self, check: &Check) -> String {
        self.rules
            .get(check.rule)
            .map(Rule::to_string)
            .unwrap_or_default()
    }
}

/// Compares `candidate` with `baseline`, pairing runs by `key_columns`.
pub fn compare(
    baseline: &[Run],
    candidate: &[Run],
    key_columns: &[String],
    policy: &Policy,
) -> Comparison {
    compare_with_requests(
        baseline,
        candidate,
        key_columns,
        policy,
        &RequestSides::default(),
    )
}

/// The requests of each side's runs, keyed by (`source`, `run_index`).
#[derive(Debug, Clone, Default)]
pub struct RequestSides {
    pub baseline: std::collections::BTreeMap<(String, u32), RunRequests>,
    pub candidate: std::collections::BTreeMap<(String, u32), RunRequests>,
}

/// [`compare`], with the runs' requests to judge pairs of one run per side.
pub fn compare_with_requests(
    baseline: &[Run],
    candidate: &[Run],
    key_columns: &[String],
    policy: &Policy,
    requests: &RequestSides,
) -> Comparison {
    compare_with_noise(
        baseline,
        candidate,
        key_columns,
        policy,
        requests,
        &KnownNoise::default(),
    )
}

/// [`compare_with_requests`], with what else is known of the noise between runs (a
/// history store's, a declared one).
pub fn compare_with_noise(
    baseline: &[Run],
    candidate: &[Run],
    key_columns: &[String],
    policy: &Policy,
    requests: &RequestSides,
    known: &KnownNoise,
) -> Comparison {
    let metrics = metrics_to_show(&policy.rules);
    let mut pairs = Vec::new();
    let (mut added, mut removed) = (Vec::new(), Vec::new());
    let groups = pairing::group(baseline, candidate, key_columns);
    let setups = {
        let sides: Vec<[&[&Run]; 2]> = groups
            .values()
            .map(|g| [g.baseline.as_slice(), g.candidate.as_slice()])
            .collect();
        super::noise::pooled_over_setups(&metrics, &sides)
    };
    let sources = Sources { known, setups };
    for (key, group) in groups {
        let label = label_of(key_columns, &key);
        match (group.baseline.is_empty(), group.candidate.is_empty()) {
            (false, false) => pairs.push(compare_group(
                label,
                key,
                &group,
                &metrics,
                &policy.rules,
                requests,
                &sources,
            )),
            (true, _) => added.push(unmatched(label, key, &group.candidate)),
            (_, true) => removed.push(unmatched(label, key, &group.baseline)),
        }
    }
    let counts = count(&pairs, &added, &removed);
    let power = super::noise::power(&pairs, &policy.rules);
    let verdict = if counts.regressions > 0 {
        Verdict::Regression
    } else {
        Verdict::Pass
    };
    Comparison {
        key_columns: key_columns.to_vec(),
        rules: policy.rules.clone(),
        policy: policy.origin.clone(),
        pairs,
        added,
        removed,
        power,
        noise_from: known.store.clone(),
        counts,
        verdict,
        against_history: false,
    }
}

/// The rules' metrics and the headline metrics, in canonical column order.
fn metrics_to_show(rules: &[Rule]) -> Vec<String> {
    let mut metrics: Vec<String> = HEADLINE_METRICS.iter().map(|m| (*m).to_owned()).collect();
    for rule in rules {
        if !metrics.contains(&rule.metric) {
            metrics.push(rule.metric.clone());
        }
    }
    metrics.sort_by(|a, b| compare_columns(a, b));
    metrics
}

/// `FILE#N` as `perflab compare` takes it (`run_index` counts from 1).
fn label_of(columns: &[String], key: &[KeyValue]) -> String {
    let number = |index: &KeyValue| index.to_string();
    match (columns, key) {
        ([s, i], [source, index]) if s == "source" && i == "run_index" => {
            format!("{source}#{}", number(index))
        }
        ([i], [index]) if i == "run_index" => format!("#{}", number(index)),
        _ => columns
            .iter()
            .zip(key)
            .map(|(c, v)| format!("{c}={v}"))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

fn unmatched(label: String, key: Key, runs: &[&Run]) -> Unmatched {
    let mut sources: Vec<String> = runs.iter().map(|r| r.source.clone()).collect();
    sources.sort();
    sources.dedup();
    Unmatched {
        label,
        key,
        runs: runs.len(),
        sources,
    }
}

/// The finite values of `metric` in `runs`.
pub(super) fn values(runs: &[&Run], metric: &str) -> Vec<f64> {
    runs.iter()
        .filter_map(|r| r.get(metric))
        .filter(|x| x.is_finite())
        .collect()
}

fn compare_group(
    label: String,
    key: Key,
    group: &pairing::Group<'_>,
    metrics: &[String],
    rules: &[Rule],
    requests: &RequestSides,
    sources: &Sources,
) -> PairDiff {
    let mut diffs: Vec<MetricDiff> = metrics
        .iter()
        .filter_map(|m| {
            let (b, c) = (values(&group.baseline, m), values(&group.candidate, m));
            let mut d = metric_diff(m, &b, &c)?;
            super::noise::apply(&mut d, super::noise::resolve(m, &b, &c, &key, sources));
            Some(d)
        })
        .collect();
    let mut sources = Vec::new();
    let sides = match (group.baseline.as_slice(), group.candidate.as_slice()) {
        ([b], [c]) => {
            let keys = (
                (b.source.clone(), b.run_index),
                (c.source.clone(), c.run_index),
            );
            let found = requests
                .baseline
                .get(&keys.0)
                .zip(requests.candidate.get(&keys.1));
            if found.is_some() {
                sources = vec![keys.0, keys.1];
            }
            found
        }
        _ => None,
    };
    if let Some((b, c)) = sides {
        for d in &mut diffs {
            test_from_requests(d, b, c);
        }
    }
    let mut pair = PairDiff {
        label,
        key,
        baseline_runs: group.baseline.len(),
        candidate_runs: group.candidate.len(),
        noise_estimate: false,
        requests_tested: sides.is_some(),
        sources,
        metrics: diffs,
        checks: Vec::new(),
        candidate_failed: completed_nothing(&group.candidate),
        config_differs: crate::keys::config_differs(&group.baseline, &group.candidate),
        setups_merged: crate::keys::setups_merged(&group.baseline, &group.candidate),
        verdict: Verdict::Pass,
    };
    pair.noise_estimate = pair.metrics.iter().any(|d| d.noise.is_some());
    judge_pair(&mut pair, rules);
    pair
}

/// Every rule on a pair's metrics: its checks, each metric's worst outcome, and the
/// pair's verdict (a candidate that completed nothing regressed whatever the rules say).
pub(super) fn judge_pair(pair: &mut PairDiff, rules: &[Rule]) {
    pair.checks = rules
        .iter()
        .enumerate()
        .map(|(i, rule)| {
            let md = pair.metrics.iter().find(|d| d.metric == rule.metric);
            let (outcome, observed) =
                md.map_or((CheckOutcome::NotApplicable, None), |d| evaluate(rule, d));
            Check {
                rule: i,
                outcome,
                observed,
                basis: md.map_or(Basis::Threshold, |d| super::judge::basis(rule, d, outcome)),
                runs_needed: md.and_then(|d| super::judge::runs_needed(rule, d)),
            }
        })
        .collect();
    for d in &mut pair.metrics {
        d.status = pair
            .checks
            .iter()
            .filter(|c| rules[c.rule].metric == d.metric)
            .map(|c| c.outcome)
            .max();
        if pair.candidate_failed && d.metric == "completed" {
            d.status = Some(CheckOutcome::Regression);
        }
    }
    let regressed = pair.candidate_failed
        || pair
            .checks
            .iter()
            .any(|c| c.outcome == CheckOutcome::Regression);
    pair.verdict = if regressed {
        Verdict::Regression
    } else {
        Verdict::Pass
    };
}

/// The values of one request metric a test compares: per successful request, except
/// ITL of a tool that pools every gap (vLLM, SGLang), whose gaps are the sample.
fn request_values(rr: &RunRequests, metric: Metric) -> Vec<f64> {
    let rs = &rr.requests;
    if metric == Metric::Itl && rr.rule != crate::requests::Rule::Guidellm {
        rs.successful_gaps().filter(|v| v.is_finite()).collect()
    } else {
        rs.successful(metric)
    }
}

/// Judges a latency column of a one-run-per-side pair from the runs' requests and
/// updates its trend: a change the test does not find significant is noise.
fn test_from_requests(d: &mut MetricDiff, base: &RunRequests, cand: &RunRequests) {
    let Some((stat, metric)) = significance::parse_column(&d.metric) else {
        return;
    };
    let t = significance::judge(
        &d.metric,
        stat,
        &request_values(base, metric),
        &request_values(cand, metric),
    );
    d.request_test = t;
    if t.is_some_and(|t| !t.significant) && d.change.is_some_and(|c| c != 0.0) {
        d.trend = Trend::Noise;
    }
}

/// Whether every run of a side completed no request (and says so: a run without a
/// `completed` value is not judged).
fn completed_nothing(runs: &[&Run]) -> bool {
    !runs.is_empty() && runs.iter().all(|r| r.get("completed") == Some(0.0))
}

pub(super) fn count(pairs: &[PairDiff], added: &[Unmatched], removed: &[Unmatched]) -> Counts {
    let mut counts = Counts {
        matched: pairs.len(),
        added: added.len(),
        removed: removed.len(),
        ..Counts::default()
    };
    for pair in pairs {
        if pair.verdict == Verdict::Regression {
            counts.regressed_pairs += 1;
        }
        if !pair.noise_estimate {
            counts.without_noise_estimate += 1;
        }
        if pair.candidate_failed {
            counts.failed_candidates += 1;
            counts.regressions += 1;
        }
        for check in &pair.checks {
            match check.outcome {
                CheckOutcome::Regression => counts.regressions += 1,
                CheckOutcome::WithinNoise => counts.within_noise += 1,
                CheckOutcome::Inconclusive => counts.inconclusive += 1,
                CheckOutcome::AlreadyBeyond => counts.already_beyond += 1,
                CheckOutcome::NotApplicable => counts.not_applicable += 1,
                CheckOutcome::Pass => {}
            }
        }
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(s: &str) -> Rule {
        s.parse().unwrap()
    }

    fn outcome(r: &str, base: &[f64], cand: &[f64]) -> CheckOutcome {
        let r = rule(r);
        evaluate(&r, &metric_diff(&r.metric, base, cand).unwrap()).0
    }

    #[test]
    fn single_runs_threshold_alone() {
        let r = "total_token_throughput<-5%";
        assert_eq!(outcome(r, &[1000.0], &[900.0]), CheckOutcome::Regression);
        assert_eq!(outcome(r, &[1000.0], &[960.0]), CheckOutcome::Pass);
        // Exactly −5% is not "less than −5%".
        assert_eq!(outcome(r, &[1000.0], &[950.0]), CheckOutcome::Pass);
        assert_eq!(outcome(r, &[1000.0], &[1200.0]), CheckOutcome::Pass);
    }

    #[test]
    fn repeated_runs_need_significance() {
        let r = "total_token_throughput<-5%";
        // Means 1000 and 940 (−6%) in both cases; only the spread differs.
        // Noisy: sd ≈ 50 per side, se ≈ 40.8, t ≈ −1.47, p ≈ 0.22 → within noise.
        assert_eq!(
            outcome(r, &[950.0, 1000.0, 1050.0], &[890.0, 940.0, 990.0]),
            CheckOutcome::WithinNoise
        );
        // Tight: sd = 5 per side, t ≈ −14.7 → regression.
        assert_eq!(
            outcome(r, &[995.0, 1000.0, 1005.0], &[935.0, 940.0, 945.0]),
            CheckOutcome::Regression
        );
    }

    #[test]
    fn limit_rules_fire_on_new_failures_only() {
        assert_eq!(
            outcome("failed>0", &[0.0], &[3.0]),
            CheckOutcome::Regression
        );
        assert_eq!(
            outcome("failed>0", &[2.0], &[3.0]),
            CheckOutcome::AlreadyBeyond
        );
        assert_eq!(outcome("failed>0", &[0.0], &[0.0]), CheckOutcome::Pass);
        // No baseline value: the candidate alone is judged.
        assert_eq!(outcome("failed>0", &[], &[1.0]), CheckOutcome::Regression);
        assert_eq!(
            outcome("failed>0", &[1.0], &[]),
            CheckOutcome::NotApplicable
        );
    }

    #[test]
    fn zero_baseline_changes_are_infinite() {
        assert_eq!(
            outcome("failed>+10%", &[0.0], &[1.0]),
            CheckOutcome::Regression
        );
        assert_eq!(outcome("failed>+10%", &[0.0], &[0.0]), CheckOutcome::Pass);
        let d = metric_diff("failed", &[0.0], &[2.0]).unwrap();
        assert_eq!(d.change_percent, Some(f64::INFINITY));
    }

    fn served(completed: f64, ttft: Option<f64>) -> Run {
        let mut r = Run::new(crate::model::Format::VllmServeText, Some(1));
        r.set_num("completed", completed);
        r.set_opt("mean_ttft_ms", ttft);
        r
    }

    #[test]
    fn a_candidate_that_completed_nothing_regresses_whatever_the_rules() {
        let policy = Policy {
            rules: vec![rule("mean_ttft_ms>+10%")],
            origin: crate::compare::PolicyOrigin::Flags,
        };
        let key = ["run_index".to_owned()];
        let base = [served(40.0, Some(21.9))];
        let cmp = compare(&base, &[served(0.0, None)], &key, &policy);
        assert_eq!(cmp.verdict, Verdict::Regression);
        assert!(cmp.pairs[0].candidate_failed);
        assert_eq!(
            (cmp.counts.failed_candidates, cmp.counts.regressions),
            (1, 1)
        );
        let completed = cmp.pairs[0]
            .metrics
            .iter()
            .find(|m| m.metric == "completed");
        assert_eq!(completed.unwrap().status, Some(CheckOutcome::Regression));
        // The rule on the latency cannot apply: the candidate has none.
        assert_eq!(cmp.pairs[0].checks[0].outcome, CheckOutcome::NotApplicable);

        // A baseline that failed and a candidate that did not: no regression.
        let cmp = compare(&[served(0.0, None)], &base, &key, &policy);
        assert_eq!(cmp.verdict, Verdict::Pass);
        assert!(!cmp.pairs[0].candidate_failed);
    }

    #[test]
    fn trends_follow_the_metric_direction() {
        let trend = |m: &str, b: f64, c: f64| metric_diff(m, &[b], &[c]).unwrap().trend;
        assert_eq!(trend("output_throughput", 100.0, 110.0), Trend::Better);
        assert_eq!(trend("p99_ttft_ms", 100.0, 110.0), Trend::Worse);
        assert_eq!(trend("request_rate", 1.0, 2.0), Trend::Changed);
        assert_eq!(trend("p99_ttft_ms", 100.0, 100.0), Trend::Unchanged);
        assert_eq!(metric_diff("x", &[1.0], &[]).unwrap().trend, Trend::Missing);
        assert!(metric_diff("x", &[], &[]).is_none());
    }
}
