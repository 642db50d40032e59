//! The prediction interval of `diff --against-history`: where the next runs of a
//! benchmark fall when nothing changed, judged from the spread its history has shown.
//!
//! The window holds `n` runs with mean `m` and sample standard deviation `s` (divisor
//! `n − 1`). The mean of `k` new runs of the same distribution then falls, with
//! probability `1 − α`, within
//!
//! ```text
//! m ± t_{n−1, 1−α/2} · s · √(1/k + 1/n)
//! ```
//!
//! (with one candidate run, `k = 1`: `m ± t·s·√(1 + 1/n)`, the textbook interval for a
//! single new observation of a normal sample). Unlike Welch's test of two means, it asks
//! whether the candidate is a plausible night of the history, so a long window does not
//! make every small wobble "significant", and one candidate run is enough.
//!
//! Degenerate cases: fewer than two runs in the window give no `s`, so no interval
//! (`None`: the threshold alone decides); identical runs (`s = 0`) give an interval of
//! width 0, so any other candidate value is outside it.

use serde::Serialize;

use super::welch::{t_critical, Summary};
use super::ALPHA;

/// The window's interval for the candidate's mean, and whether the candidate is in it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Prediction {
    /// Runs in the window (`n`).
    pub window_runs: usize,
    pub low: f64,
    pub high: f64,
    /// The candidate's mean lies within `[low, high]`.
    pub inside: bool,
}

/// The `1 − ALPHA` interval from the window `base` for the mean of `cand`'s runs.
pub fn interval(base: &Summary, cand: &Summary) -> Option<Prediction> {
    let s = base.std_dev?;
    if base.n < 2 || cand.n == 0 {
        return None;
    }
    let (n, k) = (base.n as f64, cand.n as f64);
    let half = t_critical(n - 1.0, ALPHA) * s * (1.0 / k + 1.0 / n).sqrt();
    let (low, high) = (base.mean - half, base.mean + half);
    Some(Prediction {
        window_runs: base.n,
        low,
        high,
        inside: cand.mean >= low && cand.mean <= high,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_new_run_against_ten_nights() {
        // Ten nights: mean 100, s = 2 (values 97..103 placed symmetrically).
        let nights = [
            97.0, 98.0, 99.0, 100.0, 101.0, 99.0, 100.0, 102.0, 101.0, 103.0,
        ];
        let base = Summary::of(&nights).unwrap();
        let s = base.std_dev.unwrap();
        // t_{9, 0.975} = 2.262157 (tables).
        let half = 2.262157 * s * (1.0 + 0.1_f64).sqrt();
        let at = |x: f64| interval(&base, &Summary::of(&[x]).unwrap()).unwrap();
        let p = at(100.0);
        assert!((p.high - base.mean - half).abs() < 1e-5, "{p:?}");
        assert!((base.mean - p.low - half).abs() < 1e-5, "{p:?}");
        assert!(p.inside);
        assert!(at(base.mean + half * 0.99).inside);
        assert!(!at(base.mean - half * 1.01).inside);
        // Three candidate runs: a narrower interval for their mean.
        let three = interval(&base, &Summary::of(&[100.0, 100.0, 100.0]).unwrap()).unwrap();
        assert!(three.high - three.low < p.high - p.low);
    }

    #[test]
    fn no_interval_without_a_spread_and_none_wide_for_identical_nights() {
        let one = Summary::of(&[100.0]).unwrap();
        assert_eq!(interval(&one, &one), None);
        let same = Summary::of(&[100.0; 5]).unwrap();
        let p = interval(&same, &Summary::of(&[100.0]).unwrap()).unwrap();
        assert!(p.inside && p.low == p.high);
        assert!(
            !interval(&same, &Summary::of(&[100.1]).unwrap())
                .unwrap()
                .inside
        );
    }
}
