//! How a claimed figure follows from two quoted values, evaluated both on the printed
//! values and over every value their rounding allows (`interval.rs`).

use super::interval::{self, Interval};
use crate::published::PrintedNumber;

/// How a figure follows from two values `a` and `b`.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Formula {
    /// `a - b`.
    Difference,
    /// `(a - b) / b * 100`.
    PercentChange,
    /// `(a - b) / a * 100`: a reduction in percent of the first (larger) value.
    ShareOfFirst,
    /// `a / b`.
    Ratio,
}

impl Formula {
    pub(crate) fn eval(
        self,
        a: &PrintedNumber,
        b: &PrintedNumber,
    ) -> (Option<Interval>, Option<f64>) {
        let (ia, ib) = (Interval::of(a), Interval::of(b));
        match self {
            Formula::Difference => (Some(interval::difference(ia, ib)), Some(a.value - b.value)),
            Formula::PercentChange => (
                interval::percent_change(ia, ib),
                (b.value != 0.0).then(|| (a.value - b.value) / b.value * 100.0),
            ),
            Formula::Ratio => (
                interval::ratio(ia, ib),
                (b.value != 0.0).then(|| a.value / b.value),
            ),
            Formula::ShareOfFirst => (
                interval::percent_change(ib, ia).map(|r| Interval::new(-r.hi, -r.lo)),
                (a.value != 0.0).then(|| (a.value - b.value) / a.value * 100.0),
            ),
        }
    }
}
