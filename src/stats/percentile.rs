//! The statistics the serving benchmarks print, computed as numpy computes them, so that
//! a percentile recomputed from the requests equals the file's to floating-point noise.
//!
//! `numpy.percentile(a, p)` with the default `method="linear"` (numpy's
//! `_quantile` / `_compute_virtual_index` / `_lerp`):
//!
//! ```text
//! q = p / 100
//! i = n·q + (1 − q) − 1                  (virtual index, alpha = beta = 1)
//! lo = floor(i), g = i − lo              (clamped to 0 ..= n − 1)
//! value = a[lo] + (a[lo+1] − a[lo])·g    when g < 0.5
//!       = a[lo+1] − (a[lo+1] − a[lo])·(1 − g)   otherwise (numpy's stable lerp)
//! ```
//!
//! `numpy.std` is the population deviation (divisor n). Empty input: numpy is called on
//! `0` then (`np.mean(ttfts or 0)`), which gives 0; here `None`, and the caller decides.

/// Sorts a copy; NaN never reaches here (readers drop or refuse non-finite values).
pub fn sorted(values: &[f64]) -> Vec<f64> {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    v
}

/// The places in `n` sorted values that `numpy.percentile(values, p)` reads (`lo`, `hi`)
/// and the weight of `hi` between them; `None` for no values or `p` out of 0..=100.
pub fn ranks(n: usize, p: f64) -> Option<(usize, usize, f64)> {
    if n == 0 || !(0.0..=100.0).contains(&p) {
        return None;
    }
    let q = p / 100.0;
    let index = n as f64 * q + (1.0 - q) - 1.0;
    let last = (n - 1) as f64;
    let index = index.clamp(0.0, last);
    let lo = index.floor();
    let g = index - lo;
    let lo = lo as usize;
    Some((lo, (lo + 1).min(n - 1), g))
}

/// `numpy.percentile(values, p)` of already sorted values (only the two places
/// [`ranks`] names need to hold their sorted values).
pub fn percentile_sorted(sorted: &[f64], p: f64) -> Option<f64> {
    let (lo, hi, g) = ranks(sorted.len(), p)?;
    let (a, b) = (sorted[lo], sorted[hi]);
    let diff = b - a;
    Some(if g >= 0.5 {
        b - diff * (1.0 - g)
    } else {
        a + diff * g
    })
}

pub fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// Population standard deviation, numpy's default.
pub fn std_dev(values: &[f64]) -> Option<f64> {
    let m = mean(values)?;
    let var = values.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / values.len() as f64;
    Some(var.sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_numpy_linear() {
        // numpy.percentile([1, 2, 3, 4], [0, 25, 50, 99, 100]) = 1, 1.75, 2.5, 3.97, 4
        let a = [1.0, 2.0, 3.0, 4.0];
        let got: Vec<f64> = [0.0, 25.0, 50.0, 99.0, 100.0]
            .iter()
            .map(|p| percentile_sorted(&a, *p).unwrap())
            .collect();
        let want = [1.0, 1.75, 2.5, 3.97, 4.0];
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-12, "{g} vs {w}");
        }
        assert_eq!(percentile_sorted(&[7.0], 99.0), Some(7.0));
        assert_eq!(percentile_sorted(&[], 50.0), None);
        assert_eq!(percentile_sorted(&a, 101.0), None);
    }

    #[test]
    fn std_is_the_population_deviation() {
        // numpy.std([2, 4, 4, 4, 5, 5, 7, 9]) = 2.0
        assert_eq!(
            std_dev(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]),
            Some(2.0)
        );
    }
}
