//! Capacity at the SLO, baseline sweep against candidate sweep: each series of the two
//! [`Curves`] matched by its `--by` values, its capacities compared, and the policy's
//! `capacity` rules (`capacity<-5%`, `capacity<32`) judged on them, like every other rule
//! on a metric.
//!
//! - A series without capacity (`below_first`: not even the lowest load held) counts as
//!   capacity 0 for the change, so losing all capacity is −100%; `above_last` counts its
//!   last load (capacity is at least that much, so a change is a lower bound).
//! - change = (candidate − baseline) / baseline · 100; none when both are 0.
//! - A rule that holds is a regression, except when both sides have capacity intervals
//!   (repeats) and they overlap: within noise, as a change whose t-test is not
//!   significant is for a metric.
//! - A limit rule (`capacity<32`) that also held for the baseline is "already beyond", as
//!   for a metric's limit rule: the candidate did not change what was already so, and a
//!   pull request that leaves capacity where it was must not fail for it.

use serde::Serialize;

use super::diff::CheckOutcome;
use super::policy::{Limit, Rule};
use crate::curves::{Bound, Capacity, Curves};
use crate::slo::{Op, Slo};

/// The metric name of capacity rules.
pub const CAPACITY: &str = "capacity";

/// The share of a load's requests that must meet every per-request objective for the
/// load to hold them: an objective a service states on each request (`ttft<=200`) is
/// met as a p99 target is, by 99 requests in 100 (failed ones count as missed).
pub const REQUESTS_MEETING_SLO: f64 = 0.99;

/// The SLOs a capacity comparison holds each load to, from `--slo`: each run column's
/// objective as written, and the per-request objectives (`ttft<=200`, `e2el<=900`)
/// together as one on `slo_attainment`, which `requests::attach` computed from each
/// run's requests under those same objectives. Without it a sweep under per-request
/// objectives alone had no SLO, hence no capacity, and every capacity rule passed.
pub fn sweep_slos(texts: &[String]) -> crate::Result<Vec<Slo>> {
    let (per_request, mut slos) = Slo::parse_all(texts)?;
    if !per_request.is_empty() {
        slos.push(Slo {
            column: "slo_attainment".to_owned(),
            op: Op::Ge,
            limit: REQUESTS_MEETING_SLO,
        });
    }
    Ok(slos)
}

/// The first of `slos` that no run of `runs` has a value for: a typo, or per-request
/// objectives on runs that kept no requests. Every point would leave it out, so no
/// series would have a capacity and every capacity rule would pass unseen.
pub fn unjudged<'a>(runs: &[crate::model::Run], slos: &'a [Slo]) -> Option<&'a Slo> {
    slos.iter()
        .find(|s| !runs.iter().any(|r| r.get(&s.column).is_some()))
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CapacityChange {
    /// `itl_ms=2`, or empty for the only series.
    pub series: String,
    pub baseline: Option<f64>,
    pub baseline_bound: Option<Bound>,
    pub candidate: Option<f64>,
    pub candidate_bound: Option<Bound>,
    pub change_percent: Option<f64>,
    /// Each capacity rule with its outcome on this series.
    pub checks: Vec<(String, CheckOutcome)>,
}

impl CapacityChange {
    pub fn regressed(&self) -> bool {
        self.checks
            .iter()
            .any(|(_, o)| *o == CheckOutcome::Regression)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CapacityComparison {
    pub x: String,
    pub slos: Vec<String>,
    /// Series of both sweeps, in series order (baseline's first, then new ones).
    pub rows: Vec<CapacityChange>,
}

impl CapacityComparison {
    pub fn new(base: &Curves, cand: &Curves, rules: &[Rule]) -> CapacityComparison {
        let rules: Vec<&Rule> = rules.iter().filter(|r| r.metric == CAPACITY).collect();
        let name = |c: &Curves, i: usize| c.series[i].name(&c.by).unwrap_or_default();
        let mut names: Vec<String> = (0..base.series.len()).map(|i| name(base, i)).collect();
        for i in 0..cand.series.len() {
            let n = name(cand, i);
            if !names.contains(&n) {
                names.push(n);
            }
        }
        fn find<'a>(c: &'a Curves, n: &str) -> Option<&'a Capacity> {
            c.series
                .iter()
                .find(|s| s.name(&c.by).unwrap_or_default() == n)
                .and_then(|s| s.capacity.as_ref())
        }
        let rows = names
            .into_iter()
            .map(|n| {
                let (b, c) = (find(base, &n), find(cand, &n));
                change(n, b, c, &rules)
            })
            .collect();
        CapacityComparison {
            x: base.x.clone(),
            slos: base.slos.iter().map(|s| s.text()).collect(),
            rows,
        }
    }

    pub fn regressed(&self) -> bool {
        self.rows.iter().any(CapacityChange::regressed)
    }
}

/// The load a capacity stands for in a change: 0 when none held.
fn load(c: &Capacity) -> f64 {
    c.value.unwrap_or(0.0)
}

fn change(
    series: String,
    b: Option<&Capacity>,
    c: Option<&Capacity>,
    rules: &[&Rule],
) -> CapacityChange {
    let change_percent = match (b.map(load), c.map(load)) {
        (Some(b), Some(c)) => Some(crate::numbers::percent_change(b, c)),
        _ => None,
    };
    let overlap = match (b.and_then(|b| b.interval), c.and_then(|c| c.interval)) {
        (Some((bl, bh)), Some((cl, ch))) => {
            let v = |e: crate::curves::CapacityEnd| e.value.unwrap_or(0.0);
            v(bl) <= v(ch) && v(cl) <= v(bh)
        }
        _ => false,
    };
    let checks = rules
        .iter()
        .map(|r| {
            let observed = match r.limit {
                Limit::ChangePercent(_) => change_percent,
                Limit::Value(_) => c.map(load),
            };
            let limit = match r.limit {
                Limit::ChangePercent(p) => p,
                Limit::Value(v) => v,
            };
            let baseline_beyond =
                matches!(r.limit, Limit::Value(_)) && b.is_some_and(|b| r.op.holds(load(b), limit));
            let outcome = match observed {
                None => CheckOutcome::NotApplicable,
                Some(v) if !r.op.holds(v, limit) => CheckOutcome::Pass,
                Some(_) if baseline_beyond => CheckOutcome::AlreadyBeyond,
                Some(_) if overlap => CheckOutcome::WithinNoise,
                Some(_) => CheckOutcome::Regression,
            };
            (r.to_string(), outcome)
        })
        .collect();
    CapacityChange {
        series,
        baseline: b.and_then(|b| b.value),
        baseline_bound: b.map(|b| b.bound),
        candidate: c.and_then(|c| c.value),
        candidate_bound: c.map(|c| c.bound),
        change_percent,
        checks,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::{Gpus, Slo, Spec};
    use crate::model::{Format, Run};

    /// One series per `seqs`; TTFT 100·x·k, so the 500 ms limit crosses at 5/k.
    fn sweep(k: &[(f64, f64)]) -> Curves {
        let mut runs = Vec::new();
        for &(seqs, slope) in k {
            for x in [1.0, 2.0, 4.0, 8.0] {
                let mut r = Run::new(Format::VllmServeJson, None);
                r.set_num("max_num_seqs", seqs);
                r.set_num("max_concurrency", x);
                r.set_num("p99_ttft_ms", 100.0 * x * slope);
                runs.push(r);
            }
        }
        let spec = Spec {
            x: "max_concurrency".into(),
            ys: vec!["p99_ttft_ms".into()],
            by: Some(vec!["max_num_seqs".into()]),
            slos: vec![Slo::parse("p99_ttft_ms<=500").unwrap()],
            gpus: Gpus::Parallelism,
        };
        Curves::new(&runs, &spec).unwrap()
    }

    #[test]
    fn a_capacity_drop_past_the_rule_fails_only_that_series() {
        // Baseline: both series cross at 5. Candidate: seqs 8 at 5/1.25 = 4 (−20%),
        // seqs 16 at 5/1.02 = 4.90 (−1.96%).
        let base = sweep(&[(8.0, 1.0), (16.0, 1.0)]);
        let cand = sweep(&[(8.0, 1.25), (16.0, 1.02)]);
        let rules = vec![
            "capacity<-5%".parse().unwrap(),
            "p99_ttft_ms>+10%".parse().unwrap(),
        ];
        let cmp = CapacityComparison::new(&base, &cand, &rules);
        assert_eq!(cmp.rows.len(), 2);
        let r8 = &cmp.rows[0];
        assert_eq!(r8.series, "max_num_seqs=8");
        assert_eq!((r8.baseline, r8.candidate), (Some(5.0), Some(4.0)));
        assert!((r8.change_percent.unwrap() + 20.0).abs() < 1e-9);
        assert_eq!(
            r8.checks,
            [("capacity<-5%".to_owned(), CheckOutcome::Regression)]
        );
        let r16 = &cmp.rows[1];
        assert!((r16.change_percent.unwrap() + 1.960784).abs() < 1e-5);
        assert_eq!(r16.checks[0].1, CheckOutcome::Pass);
        assert!(cmp.regressed());
    }

    #[test]
    fn a_capacity_limit_the_baseline_already_missed_does_not_fail() {
        // Both sides cross at 5 (below the limit 32): unchanged, already beyond. A series
        // whose baseline met the limit and whose candidate does not is a regression.
        let base = sweep(&[(8.0, 1.0), (16.0, 0.1)]);
        let cand = sweep(&[(8.0, 1.0), (16.0, 1.0)]);
        let rules = vec![
            "capacity<32".parse().unwrap(),
            "capacity<5".parse().unwrap(),
        ];
        let cmp = CapacityComparison::new(&base, &cand, &rules);
        assert_eq!(cmp.rows[0].baseline, Some(5.0));
        assert_eq!(cmp.rows[0].candidate, Some(5.0));
        assert_eq!(
            cmp.rows[0].checks,
            [
                ("capacity<32".to_owned(), CheckOutcome::AlreadyBeyond),
                ("capacity<5".to_owned(), CheckOutcome::Pass),
            ]
        );
        assert!(!cmp.rows[0].regressed());
        // seqs 16: baseline capacity ≥ 8 (every load held), candidate 5.
        assert_eq!(cmp.rows[1].baseline_bound, Some(Bound::AboveLast));
        assert_eq!(cmp.rows[1].checks[0].1, CheckOutcome::AlreadyBeyond);
        let rules = vec!["capacity<6".parse().unwrap()];
        let cmp = CapacityComparison::new(&base, &cand, &rules);
        assert_eq!(cmp.rows[0].checks[0].1, CheckOutcome::AlreadyBeyond);
        assert_eq!(cmp.rows[1].checks[0].1, CheckOutcome::Regression);
        assert!(cmp.regressed());
    }

    #[test]
    fn losing_all_capacity_is_minus_100_and_new_series_have_no_change() {
        // Candidate seqs 8 fails at the first load (TTFT 600 > 500).
        let base = sweep(&[(8.0, 1.0)]);
        let cand = sweep(&[(8.0, 6.0), (32.0, 1.0)]);
        let rules = vec!["capacity<-5%".parse().unwrap()];
        let cmp = CapacityComparison::new(&base, &cand, &rules);
        assert_eq!(cmp.rows[0].candidate, None);
        assert_eq!(cmp.rows[0].candidate_bound, Some(Bound::BelowFirst));
        assert_eq!(cmp.rows[0].change_percent, Some(-100.0));
        assert_eq!(cmp.rows[1].series, "max_num_seqs=32");
        assert_eq!(cmp.rows[1].baseline_bound, None);
        assert_eq!(cmp.rows[1].checks[0].1, CheckOutcome::NotApplicable);
    }
}
