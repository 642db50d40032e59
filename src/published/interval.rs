//! Interval arithmetic for claims computed from rounded numbers.
//!
//! A printed input stands for every value that rounds to it (`1.34` is [1.335, 1.345]).
//! A claim holds when some choice of the inputs inside their intervals gives a value
//! that rounds to the claim as printed, i.e. when the interval of the formula over its
//! inputs meets the claim's own rounding interval. Each formula here is monotone in each
//! input on the domain it is used on, so its exact range is reached at the corners:
//!
//! - difference `a - b`: increasing in `a`, decreasing in `b` → [a.lo - b.hi, a.hi - b.lo];
//! - ratio `a / b` with `b` not containing 0: extremes among the four corner quotients;
//!   `None` when `b` may be 0 (no finite range);
//! - percent change `(new - base) / base * 100 = (new / base - 1) * 100`: the ratio's range
//!   shifted and scaled (written through the ratio so that `base`, which appears twice,
//!   is not counted as two independent inputs);
//! - percent of `part / whole * 100`: the ratio's range scaled.

use crate::published::PrintedNumber;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    pub lo: f64,
    pub hi: f64,
}

impl Interval {
    pub fn new(lo: f64, hi: f64) -> Self {
        Interval {
            lo: lo.min(hi),
            hi: lo.max(hi),
        }
    }

    pub fn exact(v: f64) -> Self {
        Interval { lo: v, hi: v }
    }

    /// Every value a printed number may stand for.
    pub fn of(n: &PrintedNumber) -> Self {
        Interval::new(n.lo(), n.hi())
    }

    pub fn mid(&self) -> f64 {
        (self.lo + self.hi) / 2.0
    }

    fn map(self, f: impl Fn(f64) -> f64) -> Self {
        Interval::new(f(self.lo), f(self.hi))
    }

    /// Whether the two intervals share a point. Bounds computed in floating point may
    /// miss a shared endpoint by an ulp or two, hence the relative slack.
    pub fn meets(&self, other: &Interval) -> bool {
        let scale = 1.0 + self.lo.abs().max(self.hi.abs()).max(other.hi.abs());
        let slack = 1e-9 * scale;
        self.lo <= other.hi + slack && other.lo <= self.hi + slack
    }
}

pub fn difference(a: Interval, b: Interval) -> Interval {
    Interval::new(a.lo - b.hi, a.hi - b.lo)
}

pub fn ratio(a: Interval, b: Interval) -> Option<Interval> {
    if b.lo <= 0.0 && b.hi >= 0.0 {
        return None;
    }
    let corners = [a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi];
    let lo = corners.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = corners.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    Some(Interval::new(lo, hi))
}

pub fn percent_change(new: Interval, base: Interval) -> Option<Interval> {
    Some(ratio(new, base)?.map(|r| (r - 1.0) * 100.0))
}

pub fn percent_of(part: Interval, whole: Interval) -> Option<Interval> {
    Some(ratio(part, whole)?.map(|r| r * 100.0))
}

/// Whether a claim printed as `claimed` can come from inputs whose formula spans
/// `computed`.
pub fn holds(claimed: &PrintedNumber, computed: Interval) -> bool {
    Interval::of(claimed).meets(&computed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Interval {
        Interval::of(&PrintedNumber::claimed(s).unwrap())
    }

    fn c(s: &str) -> PrintedNumber {
        PrintedNumber::claimed(s).unwrap()
    }

    fn m(s: &str) -> Interval {
        Interval::of(&PrintedNumber::measured(s).unwrap())
    }

    #[test]
    fn a_rounded_copy_of_a_value_holds() {
        // The corpus report quotes the block's 277.51 as 277.5.
        assert!(holds(&c("277.5"), m("277.51")));
        assert!(!holds(&c("277.6"), m("277.51")));
    }

    #[test]
    fn ratio_spans_the_corners() {
        // 28.88 / 1.34 = 21.55 from the printed values, yet 21.62x is reachable:
        // 28.885 / 1.336 = 21.62.
        let r = ratio(p("28.88"), p("1.34")).unwrap();
        assert!((r.lo - 28.875 / 1.345).abs() < 1e-12);
        assert!((r.hi - 28.885 / 1.335).abs() < 1e-12);
        assert!(holds(&c("21.62"), r));
        assert!(!holds(&c("21.70"), r));
        assert!(ratio(p("1"), p("0.00")).is_none());
    }

    #[test]
    fn difference_of_two_rounded_values() {
        // 11527.14 - 6499.41 = 5027.73; the reference prints 5027.72, inside [5027.72, 5027.74].
        let d = difference(m("11527.14"), m("6499.41"));
        assert!((d.lo - 5027.72).abs() < 1e-6 && (d.hi - 5027.74).abs() < 1e-6);
        assert!(holds(&c("5027.72"), d));
        assert!(!holds(&c("5027.70"), d));
    }

    #[test]
    fn percent_change_is_monotone_in_both_inputs() {
        let up = percent_change(m("11768.22"), m("11527.14")).unwrap();
        assert!(holds(&c("+2.09"), up));
        assert!(!holds(&c("+2.10"), up));
        let down = percent_change(m("11224.70"), m("11527.14")).unwrap();
        assert!(holds(&c("-2.62"), down));
        assert!(!holds(&c("+2.62"), down));
        let same = percent_change(m("11527.14"), m("11527.14")).unwrap();
        assert!(holds(&c("+0.00"), same));
        // TPOT reduced from 16.91 to 16.87: 0.04 / 16.91 = 0.24% at the printed values, and
        // 0.25% is reachable within their rounding.
        let change = percent_change(m("16.87"), m("16.91")).unwrap();
        let reduced = Interval::new(-change.hi, -change.lo);
        assert!(reduced.lo > 0.17 && reduced.hi < 0.30);
        assert!(holds(&c("0.25"), reduced));
        assert!(!holds(&c("0.35"), reduced));
    }

    #[test]
    fn exact_counts_leave_no_room() {
        // 514 of 1000 requests is 51.4%, and 51.5% is not reachable: counts are exact.
        let rate = percent_of(m("514"), Interval::exact(1000.0)).unwrap();
        assert_eq!(rate, Interval::exact(51.4));
        assert!(!holds(&c("51.5"), rate));
        assert!(holds(&c("51.4"), rate));
    }
}
