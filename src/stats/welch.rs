//! The statistics of `perflab diff`, computed once per (pair, metric) and only read by the
//! verdict logic of `compare::diff` and by the renderers.
//!
//! # What is computed and why
//!
//! A key may have several runs per side (repeated runs of the same benchmark). Each side
//! is summarised by its sample mean `m` and sample variance `s²` (divisor `n − 1`).
//!
//! The change is `d = m_cand − m_base` and, relative, `d / |m_base|`.
//!
//! Whether `d` is more than noise is decided with **Welch's t-test**, which, unlike
//! Student's test, does not assume both sides have the same spread (a loaded CI machine
//! is often noisier than the baseline's):
//!
//! ```text
//! se² = s_b²/n_b + s_c²/n_c                       (standard error of d)
//! t   = d / se
//! ν   = se⁴ / ( (s_b²/n_b)²/(n_b−1) + (s_c²/n_c)²/(n_c−1) )   (Welch–Satterthwaite)
//! p   = P(|T_ν| ≥ |t|) = I_{ν/(ν+t²)}(ν/2, 1/2)    (two-sided)
//! 95% CI of d = d ± t*_{0.975,ν} · se
//! ```
//!
//! `I_x(a, b)` is the regularized incomplete beta function ([`incomplete_beta`]), computed
//! with the continued fraction of Numerical Recipes §6.4 (modified Lentz). `t*` is found by
//! inverting the same CDF (Newton steps inside a bisection bracket). Because the interval
//! and the test use the same `ν` and the same distribution, "p < 0.05" and "the 95%
//! interval excludes 0" are the same statement; the output may show either.
//!
//! Degenerate cases, chosen so that nothing divides by zero:
//! - fewer than two runs on a side: no variance, so no test ([`welch`] returns `None`);
//!   the caller says "no noise estimate" and lets the threshold alone decide;
//! - both variances zero (identical repeats): `se = 0`; equal means give `t = 0, p = 1`,
//!   different means give `t = ±∞, p = 0` (every repeat agrees, the change is certain); the
//!   interval is `[d, d]` and `ν` is reported as `n_b + n_c − 2`, which changes nothing
//!   since the interval has no width.

use serde::Serialize;

/// Mean and spread of one side's values of one metric.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Summary {
    pub n: usize,
    pub mean: f64,
    /// Sample standard deviation (divisor `n − 1`); `None` with a single run.
    pub std_dev: Option<f64>,
}

impl Summary {
    /// `None` for an empty sample. Uses Welford's update, which stays exact-ish when the
    /// values are large and close together (token throughputs in the thousands).
    pub fn of(values: &[f64]) -> Option<Summary> {
        if values.is_empty() {
            return None;
        }
        let (mut mean, mut m2) = (0.0, 0.0);
        for (i, &x) in values.iter().enumerate() {
            let delta = x - mean;
            mean += delta / (i + 1) as f64;
            m2 += delta * (x - mean);
        }
        let n = values.len();
        let std_dev = (n >= 2).then(|| (m2 / (n - 1) as f64).max(0.0).sqrt());
        Some(Summary { n, mean, std_dev })
    }

    fn variance(&self) -> Option<f64> {
        self.std_dev.map(|s| s * s)
    }
}

/// The result of Welch's t-test of candidate against baseline.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Welch {
    /// `m_cand − m_base`.
    pub diff: f64,
    pub std_error: f64,
    pub t: f64,
    /// Welch–Satterthwaite degrees of freedom.
    pub df: f64,
    /// Two-sided p-value.
    pub p: f64,
    /// 95% confidence interval of `diff`.
    pub ci_low: f64,
    pub ci_high: f64,
}

/// Confidence level of the interval.
pub const CONFIDENCE: f64 = 1.0 - super::ALPHA;
/// Level of the test: a change is significant when `p < ALPHA` (= `1 − CONFIDENCE`, so
/// exactly when the interval excludes 0).
pub use super::ALPHA;

/// Welch's t-test; `None` unless both sides have at least two runs.
pub fn welch(base: &Summary, cand: &Summary) -> Option<Welch> {
    let (vb, vc) = (base.variance()?, cand.variance()?);
    let (nb, nc) = (base.n as f64, cand.n as f64);
    let diff = cand.mean - base.mean;
    let (qb, qc) = (vb / nb, vc / nc);
    let se2 = qb + qc;
    if se2 <= 0.0 {
        let (t, p) = if diff == 0.0 {
            (0.0, 1.0)
        } else {
            (diff.signum() * f64::INFINITY, 0.0)
        };
        return Some(Welch {
            diff,
            std_error: 0.0,
            t,
            df: nb + nc - 2.0,
            p,
            ci_low: diff,
            ci_high: diff,
        });
    }
    let se = se2.sqrt();
    let df = se2 * se2 / (qb * qb / (nb - 1.0) + qc * qc / (nc - 1.0));
    let t = diff / se;
    let p = t_two_sided_p(t, df);
    let half = t_critical(df, ALPHA) * se;
    Some(Welch {
        diff,
        std_error: se,
        t,
        df,
        p,
        ci_low: diff - half,
        ci_high: diff + half,
    })
}

/// `P(|T_ν| ≥ |t|)` for Student's t with `ν` degrees of freedom.
pub fn t_two_sided_p(t: f64, df: f64) -> f64 {
    if t.is_infinite() {
        return 0.0;
    }
    incomplete_beta(df / 2.0, 0.5, df / (df + t * t)).clamp(0.0, 1.0)
}

/// The `t*` with `P(|T_ν| ≥ t*) = alpha` (e.g. `alpha = 0.05` gives the 97.5% quantile).
pub fn t_critical(df: f64, alpha: f64) -> f64 {
    // The two-sided p falls monotonically from 1 at t = 0; bracket the root, then take
    // Newton steps (dp/dt = −2·density) and fall back to bisection when a step leaves the
    // bracket. ν = 1 (Cauchy) has t*(0.05) ≈ 12.7, so the bracket grows until it holds.
    let (mut lo, mut hi) = (0.0_f64, 16.0_f64);
    while t_two_sided_p(hi, df) > alpha && hi < 1e12 {
        lo = hi;
        hi *= 4.0;
    }
    let mut t = 1.96_f64.clamp(lo, hi);
    for _ in 0..200 {
        let f = t_two_sided_p(t, df) - alpha;
        if f.abs() < 1e-15 {
            break;
        }
        if f > 0.0 {
            lo = t;
        } else {
            hi = t;
        }
        let slope = -2.0 * t_density(t, df);
        let newton = t - f / slope;
        t = if slope < 0.0 && newton > lo && newton < hi {
            newton
        } else {
            0.5 * (lo + hi)
        };
        if hi - lo < 1e-14 * hi.max(1.0) {
            break;
        }
    }
    t
}

/// Density of Student's t with `ν` degrees of freedom.
fn t_density(t: f64, df: f64) -> f64 {
    let ln_norm =
        ln_gamma((df + 1.0) / 2.0) - ln_gamma(df / 2.0) - 0.5 * (df * std::f64::consts::PI).ln();
    (ln_norm - (df + 1.0) / 2.0 * (1.0 + t * t / df).ln()).exp()
}

/// `ln Γ(x)` for `x > 0`, Lanczos approximation (g = 7, 9 terms; relative error below
/// 1e-15 on the positive axis), with the reflection formula below 0.5.
pub fn ln_gamma(x: f64) -> f64 {
    const G: f64 = 7.0;
    const COEF: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut sum = COEF[0];
    for (i, c) in COEF.iter().enumerate().skip(1) {
        sum += c / (x + i as f64);
    }
    let t = x + G + 0.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + sum.ln()
}

/// The regularized incomplete beta function `I_x(a, b)` for `a, b > 0`, `0 ≤ x ≤ 1`.
///
/// The continued fraction converges fast for `x < (a+1)/(a+b+2)`; above that the symmetry
/// `I_x(a, b) = 1 − I_{1−x}(b, a)` is used (Numerical Recipes §6.4).
pub fn incomplete_beta(a: f64, b: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let ln_front = ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln();
    let front = ln_front.exp();
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_continued_fraction(a, b, x) / a
    } else {
        1.0 - front * beta_continued_fraction(b, a, 1.0 - x) / b
    }
}

/// The continued fraction of `I_x(a, b)`, evaluated with the modified Lentz method.
fn beta_continued_fraction(a: f64, b: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    const EPS: f64 = 1e-16;
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..=10_000 {
        let m = m as f64;
        let m2 = 2.0 * m;
        // Even step.
        let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = 1.0 + aa / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        h *= d * c;
        // Odd step.
        let aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = 1.0 + aa / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let delta = d * c;
        h *= delta;
        if (delta - 1.0).abs() < EPS {
            break;
        }
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn ln_gamma_at_known_points() {
        // Γ(1) = Γ(2) = 1, Γ(5) = 24, Γ(1/2) = √π.
        assert!(close(ln_gamma(1.0), 0.0, 1e-14));
        assert!(close(ln_gamma(2.0), 0.0, 1e-14));
        assert!(close(ln_gamma(5.0), 24f64.ln(), 1e-13));
        assert!(close(
            ln_gamma(0.5),
            std::f64::consts::PI.sqrt().ln(),
            1e-14
        ));
    }

    #[test]
    fn incomplete_beta_closed_forms() {
        // I_x(1, 1) = x; I_x(a, 1) = x^a; I_x(1, b) = 1 − (1−x)^b.
        assert!(close(incomplete_beta(1.0, 1.0, 0.3), 0.3, 1e-14));
        assert!(close(
            incomplete_beta(2.5, 1.0, 0.4),
            0.4f64.powf(2.5),
            1e-14
        ));
        assert!(close(
            incomplete_beta(1.0, 3.0, 0.2),
            1.0 - 0.8f64.powi(3),
            1e-14
        ));
        assert_eq!(incomplete_beta(2.0, 2.0, 0.0), 0.0);
        assert_eq!(incomplete_beta(2.0, 2.0, 1.0), 1.0);
    }

    #[test]
    fn t_critical_values_match_printed_tables() {
        // Two-sided 5% critical values from any t table (e.g. NIST/SEMATECH e-Handbook
        // 1.3.6.7.2): ν = 1, 2, 5, 10, 30.
        for (df, want) in [
            (1.0, 12.706),
            (2.0, 4.303),
            (5.0, 2.571),
            (10.0, 2.228),
            (30.0, 2.042),
        ] {
            let got = t_critical(df, 0.05);
            assert!(close(got, want, 6e-4), "df {df}: {got} vs {want}");
            assert!(close(t_two_sided_p(got, df), 0.05, 1e-12));
        }
        // ν = 1 is the Cauchy distribution: P(|T| ≥ t) = 1 − 2·atan(t)/π exactly.
        let t: f64 = 3.0;
        let cauchy = 1.0 - 2.0 * t.atan() / std::f64::consts::PI;
        assert!(close(t_two_sided_p(t, 1.0), cauchy, 1e-13));
        // ν = 2 has a closed form too: P(|T| ≥ t) = 1 − t/√(t² + 2).
        assert!(close(
            t_two_sided_p(t, 2.0),
            1.0 - t / (t * t + 2.0).sqrt(),
            1e-13
        ));
    }

    #[test]
    fn welch_matches_the_textbook_example() {
        // Wikipedia, "Welch's t-test", example 1 (two samples of 15). Expected values
        // computed independently in Python without scipy (Simpson integration of the t
        // density): d = 2.16667, t = 2.45536, ν = 24.9885, p = 0.021378, t* = 2.05959,
        // 95% CI [0.34924, 3.98410] (Wikipedia rounds to t = −2.46, ν = 24.9, p = 0.021; our
        // sign is positive because d = candidate − baseline).
        let a1 = [
            27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7,
            21.4,
        ];
        let a2 = [
            27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5,
            24.4,
        ];
        let w = welch(&Summary::of(&a1).unwrap(), &Summary::of(&a2).unwrap()).unwrap();
        assert!(close(w.diff, 2.16667, 1e-5), "d {}", w.diff);
        assert!(close(w.t, 2.45536, 1e-5), "t {}", w.t);
        assert!(close(w.df, 24.9885, 1e-4), "df {}", w.df);
        assert!(close(w.p, 0.021378, 1e-6), "p {}", w.p);
        assert!(close(w.ci_low, 0.34924, 1e-5), "ci low {}", w.ci_low);
        assert!(close(w.ci_high, 3.98410, 1e-5), "ci high {}", w.ci_high);
    }

    #[test]
    fn no_test_with_a_single_run() {
        let one = Summary::of(&[100.0]).unwrap();
        let two = Summary::of(&[100.0, 101.0]).unwrap();
        assert_eq!(one.std_dev, None);
        assert!(welch(&one, &two).is_none());
        assert!(welch(&two, &one).is_none());
        assert!(Summary::of(&[]).is_none());
    }

    #[test]
    fn identical_repeats_are_certain() {
        let b = Summary::of(&[10.0, 10.0, 10.0]).unwrap();
        let c = Summary::of(&[9.0, 9.0]).unwrap();
        let w = welch(&b, &c).unwrap();
        assert_eq!((w.p, w.ci_low, w.ci_high), (0.0, -1.0, -1.0));
        let same = welch(&b, &b).unwrap();
        assert_eq!((same.t, same.p), (0.0, 1.0));
    }
}
