//! Capacity at the SLO: the largest load at which every SLO still holds, by linear
//! interpolation between measured points (docs/curves.md).
//!
//! Points are sorted by load `x`. Let `f` be the first point where some SLO fails and
//! `p = f − 1` the last point before it, where all hold. For each SLO that fails at `f`,
//! with metric values `m_p` (holds) and `m_f` (fails) and limit `L`, the straight line
//! between the two points crosses the limit at
//!
//! ```text
//! x* = x_p + (L − m_p) · (x_f − x_p) / (m_f − m_p)
//! ```
//!
//! (`m_f ≠ m_p`, since one holds and the other does not). Capacity is the smallest such
//! `x*`: SLOs that hold at both ends hold on the whole segment, because a straight line
//! between two values that satisfy a one-sided limit satisfies it too. Bounds:
//! - `below_first`: the first point already fails; no capacity (`None`).
//! - `above_last`: every point holds; capacity is at least the last load (its value).
//! - `interpolated`: the crossing above.
//!
//! A point that does not hold the SLOs is never "recovered" by a later point that holds
//! again: capacity is the load up to which the SLOs held without a break.
//!
//! vLLM's `bench sweep serve_sla` searches the load instead of reading it off a sweep:
//! it fits a monotone cubic (PCHIP) spline through the SLO margins it measured, benchmarks
//! at the spline's root, and reports the largest passing load it tested.

use serde::Serialize;

use crate::slo::Slo;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Bound {
    Interpolated,
    BelowFirst,
    AboveLast,
}

impl Bound {
    pub fn as_str(self) -> &'static str {
        match self {
            Bound::Interpolated => "interpolated",
            Bound::BelowFirst => "below_first",
            Bound::AboveLast => "above_last",
        }
    }
}

/// Where the SLOs stop holding along one curve.
#[derive(Debug, Clone, PartialEq)]
pub struct Crossing {
    /// `None` when the first point already fails.
    pub capacity: Option<f64>,
    pub bound: Bound,
    /// Indices (into the given points) of the segment `(p, f)` the capacity lies on; for
    /// `above_last` both are the last point.
    pub segment: Option<(usize, usize)>,
    /// Index of the SLO that limits the capacity (the first to cross), when interpolated.
    pub limiting: Option<usize>,
}

/// Capacity along `xs` (sorted ascending, distinct) for `slos`, where `metrics[s][i]` is
/// SLO `s`'s metric at point `i`. `None` when there are no points.
pub fn crossing(xs: &[f64], slos: &[Slo], metrics: &[Vec<f64>]) -> Option<Crossing> {
    let last = xs.len().checked_sub(1)?;
    let holds_at = |i: usize| slos.iter().zip(metrics).all(|(slo, m)| slo.holds(m[i]));
    let Some(f) = (0..xs.len()).find(|&i| !holds_at(i)) else {
        return Some(Crossing {
            capacity: Some(xs[last]),
            bound: Bound::AboveLast,
            segment: Some((last, last)),
            limiting: None,
        });
    };
    if f == 0 {
        return Some(Crossing {
            capacity: None,
            bound: Bound::BelowFirst,
            segment: None,
            limiting: None,
        });
    }
    let p = f - 1;
    let mut best: Option<(f64, usize)> = None;
    for (s, (slo, m)) in slos.iter().zip(metrics).enumerate() {
        if slo.holds(m[f]) {
            continue;
        }
        let x = xs[p] + (slo.limit - m[p]) * (xs[f] - xs[p]) / (m[f] - m[p]);
        // Rounding can put x* a hair outside the segment; it lies on it by construction.
        let x = x.clamp(xs[p], xs[f]);
        if best.is_none_or(|(bx, _)| x < bx) {
            best = Some((x, s));
        }
    }
    let (x, s) = best?;
    Some(Crossing {
        capacity: Some(x),
        bound: Bound::Interpolated,
        segment: Some((p, f)),
        limiting: Some(s),
    })
}

/// A value of another column at the capacity: linear between the segment's points
/// (`ys[p]`, `ys[f]`), the last point's value for `above_last`, `None` without capacity.
pub fn value_at(c: &Crossing, xs: &[f64], ys: &[Option<f64>]) -> Option<f64> {
    let (p, f) = c.segment?;
    let x = c.capacity?;
    let (yp, yf) = (ys[p]?, ys[f]?);
    if p == f {
        return Some(yp);
    }
    Some(yp + (yf - yp) * (x - xs[p]) / (xs[f] - xs[p]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slo(s: &str) -> Slo {
        Slo::parse(s).unwrap()
    }

    #[test]
    fn crossing_between_two_points() {
        // p99 TTFT 100, 200, 400, 800 ms at concurrency 1, 2, 4, 8; limit 500 ms.
        // Between (4, 400) and (8, 800): x* = 4 + (500 − 400)·(8 − 4)/(800 − 400) = 5.
        let xs = [1.0, 2.0, 4.0, 8.0];
        let m = vec![vec![100.0, 200.0, 400.0, 800.0]];
        let c = crossing(&xs, &[slo("p99_ttft_ms<=500")], &m).unwrap();
        assert_eq!(c.capacity, Some(5.0));
        assert_eq!(c.bound, Bound::Interpolated);
        assert_eq!(c.segment, Some((2, 3)));
        // Throughput 10, 20, 35, 45 → at x = 5: 35 + (45 − 35)·(5 − 4)/(8 − 4) = 37.5.
        let tput = [Some(10.0), Some(20.0), Some(35.0), Some(45.0)];
        assert_eq!(value_at(&c, &xs, &tput), Some(37.5));
    }

    #[test]
    fn none_hold_and_all_hold() {
        let xs = [1.0, 2.0];
        let c = crossing(&xs, &[slo("a<=5")], &[vec![6.0, 7.0]]).unwrap();
        assert_eq!((c.capacity, c.bound), (None, Bound::BelowFirst));
        assert_eq!(value_at(&c, &xs, &[Some(1.0), Some(2.0)]), None);
        let c = crossing(&xs, &[slo("a<=5")], &[vec![1.0, 5.0]]).unwrap();
        assert_eq!((c.capacity, c.bound), (Some(2.0), Bound::AboveLast));
        assert_eq!(value_at(&c, &xs, &[Some(1.0), Some(2.0)]), Some(2.0));
        assert!(crossing(&[], &[slo("a<=5")], &[vec![]]).is_none());
    }

    #[test]
    fn two_slos_the_first_to_cross_limits() {
        // TTFT crosses 500 at x = 5 (as above); TPOT 10, 20, 30, 90 with limit 50 crosses
        // between (4, 30) and (8, 90) at 4 + 20·4/60 = 5.333…: TTFT limits, at 5.
        let xs = [1.0, 2.0, 4.0, 8.0];
        let slos = [slo("p99_ttft_ms<=500"), slo("mean_tpot_ms<=50")];
        let m = vec![
            vec![100.0, 200.0, 400.0, 800.0],
            vec![10.0, 20.0, 30.0, 90.0],
        ];
        let c = crossing(&xs, &slos, &m).unwrap();
        assert_eq!((c.capacity, c.limiting), (Some(5.0), Some(0)));
        // Tighten TPOT to 40: 4 + 10·4/60 = 4.666…, TPOT limits.
        let slos = [slo("p99_ttft_ms<=500"), slo("mean_tpot_ms<=40")];
        let c = crossing(&xs, &slos, &m).unwrap();
        assert!((c.capacity.unwrap() - 14.0 / 3.0).abs() < 1e-12);
        assert_eq!(c.limiting, Some(1));
        // A TPOT that fails earlier, at x = 2 (25 > 20): crossing on (1, 2).
        let slos = [slo("p99_ttft_ms<=500"), slo("mean_tpot_ms<=15")];
        let c = crossing(&xs, &slos, &m).unwrap();
        assert_eq!((c.capacity, c.segment), (Some(1.5), Some((0, 1))));
    }

    #[test]
    fn lower_limits_cross_downwards() {
        // Per-user throughput 50, 40, 20 must stay ≥ 30: between (2, 40) and (4, 20),
        // x* = 2 + (30 − 40)·(4 − 2)/(20 − 40) = 3.
        let c = crossing(
            &[1.0, 2.0, 4.0],
            &[slo("tps>=30")],
            &[vec![50.0, 40.0, 20.0]],
        )
        .unwrap();
        assert_eq!(c.capacity, Some(3.0));
    }

    #[test]
    fn a_recovery_after_a_failure_does_not_count() {
        let c = crossing(&[1.0, 2.0, 3.0], &[slo("a<=5")], &[vec![4.0, 6.0, 4.0]]).unwrap();
        assert_eq!(c.capacity, Some(1.5));
    }
}
