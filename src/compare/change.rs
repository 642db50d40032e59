//! The derived numbers of a comparison and their maths, in one place (hyperfine's
//! `relative_speed` style). Each value is computed from the full-precision parsed numbers
//! and carries its printed text, so every renderer prints the same digits; the verdict
//! ("better", "worse", "skipped") is decided here, never in a template.
//!
//! Zero cases: a percentage over a zero base follows `numbers::percent_change` (0% when
//! nothing changed, ±∞% otherwise); a ratio with a zero side is `None` and prints `n/a`.

use serde::Serialize;

use crate::numbers;

use super::MetricSpec;
use crate::model::Run;

/// Which way a change goes for the user.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Better,
    Worse,
    /// Equal to two decimals.
    Same,
}

/// A candidate against a baseline on one metric.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Change {
    pub baseline: f64,
    pub candidate: f64,
    /// `numbers::percent_change(baseline, candidate)`: always `Some` (±∞ over a zero
    /// baseline); optional for the serialized shape.
    pub percent: Option<f64>,
    /// Two decimals with an explicit sign: `+2.09%`, `-2.62%`, `+0.00%`.
    pub percent_text: String,
    /// The slower value over the faster one (≥ 1): `3.10x`. `None` when either is zero.
    pub ratio: Option<f64>,
    pub ratio_text: String,
    pub verdict: Verdict,
}

impl Change {
    pub fn new(metric: &MetricSpec, baseline: f64, candidate: f64) -> Self {
        let percent = Some(numbers::percent_change(baseline, candidate));
        let ratio = slower_over_faster(baseline, candidate);
        // Same when the printed percentage is zero, so the words never contradict the
        // number shown beside them.
        let same = match percent {
            Some(p) => p.abs() < 0.005,
            None => candidate == baseline,
        };
        let verdict = if same {
            Verdict::Same
        } else if (candidate > baseline) == metric.higher_is_better {
            Verdict::Better
        } else {
            Verdict::Worse
        };
        Change {
            baseline,
            candidate,
            percent,
            percent_text: percent.map_or_else(|| "n/a".to_owned(), signed_percent),
            ratio,
            ratio_text: ratio.map_or_else(|| "n/a".to_owned(), ratio_text),
            verdict,
        }
    }
}

/// The larger over the smaller of two positive values: how many times faster the faster
/// run is, whether the metric is a throughput or a latency.
fn slower_over_faster(a: f64, b: f64) -> Option<f64> {
    let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
    (lo > 0.0).then(|| hi / lo)
}

pub use crate::numbers::{fixed, percent_text, ratio_text, signed_percent};

/// The gap on the primary metric between the best and the worst run of a group.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PrimaryGap {
    pub best: f64,
    pub worst: f64,
    /// `|best - worst|`, printed `5027.72`.
    pub diff: f64,
    pub diff_text: String,
    /// `diff / worst * 100`: how much better the best is, relative to the worst run
    /// (`77.36%`); `∞` over a zero worst run.
    pub percent: Option<f64>,
    pub percent_text: String,
    /// Slower over faster, for latency studies (`3.10x`).
    pub ratio: Option<f64>,
    pub ratio_text: String,
}

impl PrimaryGap {
    fn new(best: f64, worst: f64) -> Self {
        let diff = (best - worst).abs();
        let percent = Some(numbers::percent_change(worst, best).abs());
        let ratio = slower_over_faster(best, worst);
        PrimaryGap {
            best,
            worst,
            diff,
            diff_text: fixed(diff),
            percent,
            percent_text: percent.map_or_else(|| "n/a".to_owned(), percent_text),
            ratio,
            ratio_text: ratio.map_or_else(|| "n/a".to_owned(), ratio_text),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Reduced,
    Increased,
    Unchanged,
}

/// The secondary metric compared between the same two runs as the primary gap.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SecondaryGap {
    /// The secondary value of the run that is best on the primary metric.
    pub best_run: f64,
    /// The secondary value of the run that is worst on the primary metric.
    pub worst_run: f64,
    /// From the worst run's value to the best run's.
    pub direction: Direction,
    /// `|best_run - worst_run|`, printed `123.74`.
    pub diff: f64,
    pub diff_text: String,
    /// `diff / worst_run * 100` (`89.11%`); `∞` over a zero worst run.
    pub percent: Option<f64>,
    pub percent_text: String,
    /// The best run is worse on this metric (a higher TPOT: "4.43% slower").
    pub worse: bool,
}

impl SecondaryGap {
    fn new(metric: &MetricSpec, best_run: f64, worst_run: f64) -> Self {
        let diff = (best_run - worst_run).abs();
        let percent = Some(numbers::percent_change(worst_run, best_run).abs());
        let direction = if fixed(diff) == "0.00" {
            Direction::Unchanged
        } else if best_run < worst_run {
            Direction::Reduced
        } else {
            Direction::Increased
        };
        let worse = match direction {
            Direction::Unchanged => false,
            Direction::Increased => !metric.higher_is_better,
            Direction::Reduced => metric.higher_is_better,
        };
        SecondaryGap {
            best_run,
            worst_run,
            direction,
            diff,
            diff_text: fixed(diff),
            percent,
            percent_text: percent.map_or_else(|| "n/a".to_owned(), percent_text),
            worse,
        }
    }
}

/// The best and the worst of a group of runs on the primary metric, and how far apart
/// they are on both metrics. `best`/`worst` index the group as given.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunGap {
    pub best: usize,
    pub worst: usize,
    pub primary: PrimaryGap,
    /// `None` when either run lacks the secondary metric.
    pub secondary: Option<SecondaryGap>,
}

impl RunGap {
    /// Ranks `runs` by the primary metric; runs without it are left out. `None` with fewer
    /// than two rankable runs. Ties keep the earlier run as the better one.
    pub fn of(
        primary: &MetricSpec,
        secondary: &MetricSpec,
        runs: &[(usize, &Run)],
    ) -> Option<RunGap> {
        let order = rank(primary, runs);
        let (&best, &worst) = (order.first()?, order.last()?);
        if best == worst {
            return None;
        }
        let run = |i: usize| runs.iter().find(|(j, _)| *j == i).map(|(_, r)| *r);
        let (best_run, worst_run) = (run(best)?, run(worst)?);
        let p = PrimaryGap::new(best_run.get(&primary.key)?, worst_run.get(&primary.key)?);
        let secondary = match (best_run.get(&secondary.key), worst_run.get(&secondary.key)) {
            (Some(b), Some(w)) => Some(SecondaryGap::new(secondary, b, w)),
            _ => None,
        };
        Some(RunGap {
            best,
            worst,
            primary: p,
            secondary,
        })
    }
}

/// The ids of `runs` that have the primary metric, best first; a stable sort, so ties
/// keep the study's order.
pub fn rank(primary: &MetricSpec, runs: &[(usize, &Run)]) -> Vec<usize> {
    let mut scored: Vec<(usize, f64)> = runs
        .iter()
        .filter_map(|(i, r)| r.get(&primary.key).map(|v| (*i, v)))
        .collect();
    scored.sort_by(|a, b| {
        let ord = a.1.total_cmp(&b.1);
        if primary.higher_is_better {
            ord.reverse()
        } else {
            ord
        }
    });
    scored.into_iter().map(|(i, _)| i).collect()
}

/// A run's success rate, with its parts for "514 of 1000".
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SuccessRate {
    pub completed: f64,
    /// The denominator: completed + failed, else the prompts asked for, else the
    /// profile's requested total (`metrics.md`).
    pub requested: f64,
    pub percent: f64,
    /// One decimal: `51.4%`.
    pub percent_text: String,
}

impl SuccessRate {
    /// `None` when no denominator is known or it is zero.
    pub fn of(run: &Run, requested_total: Option<f64>) -> Option<Self> {
        let completed = run.get("completed")?;
        let requested = match run.get("failed") {
            Some(failed) => completed + failed,
            None => run.get("num_prompts").or(requested_total)?,
        };
        if requested <= 0.0 {
            return None;
        }
        let percent = completed / requested * 100.0;
        Some(SuccessRate {
            completed,
            requested,
            percent,
            percent_text: format!("{percent:.1}%"),
        })
    }

    /// Every request asked for completed. A run with fewer is no valid optimization: its
    /// throughput counts only the requests that survived.
    pub fn is_complete(&self) -> bool {
        self.completed >= self.requested
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Format;

    fn tps() -> MetricSpec {
        MetricSpec::new("total_token_throughput").unwrap()
    }

    fn run(tps: f64, tpot: f64) -> Run {
        let mut r = Run::new(Format::VllmServeText, Some(1));
        r.set_num("total_token_throughput", tps);
        r.set_num("mean_tpot_ms", tpot);
        r
    }

    #[test]
    fn percent_against_baseline_has_an_explicit_sign() {
        let c = Change::new(&tps(), 11527.14, 11768.22);
        assert_eq!(c.percent_text, "+2.09%");
        assert_eq!(c.verdict, Verdict::Better);
        let c = Change::new(&tps(), 11527.14, 11224.70);
        assert_eq!(c.percent_text, "-2.62%");
        assert_eq!(c.verdict, Verdict::Worse);
        let c = Change::new(&tps(), 11527.14, 11527.14);
        assert_eq!(c.percent_text, "+0.00%");
        assert_eq!(c.verdict, Verdict::Same);
        // A tiny loss prints +0.00%, not -0.00%, and is no verdict either way.
        let c = Change::new(&tps(), 10000.0, 9999.9999);
        assert_eq!(c.percent_text, "+0.00%");
        assert_eq!(c.verdict, Verdict::Same);
        let c = Change::new(&tps(), 0.0, 5.0);
        assert_eq!(c.percent_text, "+∞%");
        assert_eq!(c.ratio, None);
    }

    #[test]
    fn latency_changes_read_as_ratios() {
        let e2el = MetricSpec::new("mean_e2el_ms").unwrap();
        let c = Change::new(&e2el, 3100.0, 1000.0);
        assert_eq!(c.ratio_text, "3.10x");
        assert_eq!(c.verdict, Verdict::Better);
        let c = Change::new(&e2el, 1000.0, 3100.0);
        assert_eq!(c.ratio_text, "3.10x");
        assert_eq!(c.verdict, Verdict::Worse);
    }

    #[test]
    fn group_gap_as_the_reference_words_it() {
        let tpot = MetricSpec::new("mean_tpot_ms").unwrap();
        let (a, b) = (run(11527.14, 15.12), run(6499.41, 138.86));
        let g = RunGap::of(&tps(), &tpot, &[(0, &b), (1, &a)]).unwrap();
        assert_eq!((g.best, g.worst), (1, 0));
        assert_eq!(g.primary.diff_text, "5027.73"); // the reference prints 5027.72 from unrounded inputs
        assert_eq!(g.primary.percent_text, "77.36%");
        let s = g.secondary.unwrap();
        assert_eq!(
            (
                s.direction,
                s.diff_text.as_str(),
                s.percent_text.as_str(),
                s.worse
            ),
            (Direction::Reduced, "123.74", "89.11%", false)
        );
        let (c, d) = (run(11672.72, 16.53), run(11512.90, 15.83));
        let s = RunGap::of(&tps(), &tpot, &[(0, &d), (1, &c)])
            .unwrap()
            .secondary
            .unwrap();
        assert_eq!(
            (s.direction, s.diff_text.as_str(), s.worse),
            (Direction::Increased, "0.70", true)
        );
        assert_eq!(s.percent_text, "4.42%"); // the reference: 4.43% (±1 in the last digit)
        assert!(RunGap::of(&tps(), &tpot, &[(0, &d)]).is_none());
    }

    #[test]
    fn success_rate_falls_back_to_the_profile_total() {
        let mut r = run(1.0, 1.0);
        r.set_num("completed", 514.0);
        let s = SuccessRate::of(&r, Some(1000.0)).unwrap();
        assert_eq!(s.percent_text, "51.4%");
        assert!(!s.is_complete());
        r.set_num("failed", 0.0);
        assert!(SuccessRate::of(&r, Some(1000.0)).unwrap().is_complete());
        let mut r = run(1.0, 1.0);
        r.set_num("completed", 10.0);
        assert!(SuccessRate::of(&r, None).is_none());
    }
}
