//! The classic mistakes of a before/after claim, named when a claim does not hold but
//! one of them gives the figure: a gain divided by the new value (29% for a +40.7%), a
//! speed-up ratio called a reduction (33.6% for a 25.15% shorter latency: before / after
//! − 1), a time reduction called a speed-up, and a figure that holds for another metric
//! than the one named.

use serde::Serialize;

use super::interval::{self, Interval};
use super::prose::{Direction, Figure, ProseClaim};
use super::sides::Side;
use super::{bears_out, expected, higher_is_better, mean, neg};

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "mistake", rename_all = "kebab-case")]
pub enum Mistake {
    /// The change divided by the new value instead of the old.
    DividedByNew,
    /// before / after − 1 of a time (a speed-up) called a reduction.
    SpeedupCalledReduction,
    /// 1 − after / before of a time (a reduction) called a speed-up.
    ReductionCalledSpeedup,
    /// The figure is another metric's.
    OtherMetric { holds_for: String },
    /// A range of the rows' changes that these rows fall outside.
    RangeLeavesRowsOut { rows: Vec<String> },
    /// "No change" over rows of which these moved.
    ParityLeavesRowsOut { rows: Vec<String> },
    /// A cell the formula of the rest of its column (`convention`) does not give; `needs`
    /// is the formula that does, if one does (`arith.rs`).
    AgainstConvention {
        convention: String,
        needs: Option<String>,
    },
}

/// The mistake that gives the claimed figure, if one does.
pub fn name(
    claim: &ProseClaim,
    metric: &str,
    before: Interval,
    after: Interval,
    b: &Side,
    a: &Side,
) -> Option<Mistake> {
    if claim.figure == Figure::Percent {
        let up = higher_is_better(metric);
        // (after − before) / after, in the direction the words take.
        let over_new = interval::percent_change(before, after).map(neg);
        let time_speedup = interval::percent_change(before, after);
        let time_reduction = interval::percent_change(after, before).map(neg);
        let fits = |i: Option<Interval>| i.is_some_and(|i| bears_out(claim, i));
        let fits_abs = |i: Option<Interval>| i.is_some_and(|i| bears_out(claim, neg(i)));
        match claim.direction {
            Some(Direction::Down) if !up && fits(time_speedup) => {
                return Some(Mistake::SpeedupCalledReduction)
            }
            Some(Direction::Speedup) if !up && fits(time_reduction) => {
                return Some(Mistake::ReductionCalledSpeedup)
            }
            Some(Direction::Up | Direction::Better | Direction::Speedup)
                if up && fits(over_new) =>
            {
                return Some(Mistake::DividedByNew)
            }
            Some(Direction::Down | Direction::Worse) if up && fits_abs(over_new) => {
                return Some(Mistake::DividedByNew)
            }
            Some(Direction::Worse | Direction::Up) if !up && fits(over_new) => {
                return Some(Mistake::DividedByNew)
            }
            _ => {}
        }
    }
    let other = METRICS.iter().copied().filter(|m| *m != metric).find(|m| {
        match (mean(b, m), mean(a, m)) {
            (Some((bm, _, _)), Some((am, _, _))) => expected(claim, m, bm, am)
                .iter()
                .any(|i| bears_out(claim, *i)),
            _ => false,
        }
    })?;
    Some(Mistake::OtherMetric {
        holds_for: other.to_owned(),
    })
}

/// The metrics a figure may belong to, throughputs first.
const METRICS: [&str; 14] = [
    "request_throughput",
    "output_throughput",
    "total_token_throughput",
    "mean_ttft_ms",
    "median_ttft_ms",
    "p99_ttft_ms",
    "mean_tpot_ms",
    "median_tpot_ms",
    "p99_tpot_ms",
    "mean_itl_ms",
    "mean_e2el_ms",
    "median_e2el_ms",
    "p99_e2el_ms",
    "p99_itl_ms",
];
