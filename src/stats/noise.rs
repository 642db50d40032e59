//! Noise between runs: how much one run of a benchmark moves when nothing changed, and
//! what a comparison can conclude from it.
//!
//! Runs of one configuration differ by 10–30% on real GPUs (docs/diff.md, "Noise between
//! runs"), far more than the requests inside one run differ from each other, so a change
//! is judged against the spread of whole runs. That spread is known from:
//!
//! - **repeats** on the sides of the diff (their sample variance);
//! - a **history** store: past runs of the same workload and configuration
//!   ([`successive`]: the successive differences, so that a step in the history does not
//!   count as noise);
//! - a **declared** value per metric (`[diff] noise`, `--noise`): known, no estimate.
//!
//! Everything is on a log scale: `σ` is the standard deviation of `ln(value)` of one run,
//! about the coefficient of variation for small spreads, and a change is the log ratio
//! `r = ln(m_c / m_b)` of the sides' means. Throughputs and latencies are positive and
//! their noise is multiplicative (a run 20% slower is 20% slower everywhere), so one `σ`
//! serves a fast and a slow configuration alike, and a change and its interval convert
//! back to percentages exactly (`e^r − 1`).
//!
//! With `σ` estimated on `ν` degrees of freedom (ν = ∞ when declared):
//!
//! ```text
//! se = σ · √(1/n_b + 1/n_c)                 (of r, with n_b and n_c runs a side)
//! t  = r / se,  p = P(|T_ν| ≥ |t|)           (two-sided, significant when p < ALPHA)
//! 95% interval of the change: e^(r ± t*_{ν} · se) − 1
//! ```
//!
//! **Power.** The smallest change the runs at hand detect with probability `POWER` at
//! level `ALPHA` (two-sided) is `e^((t*_{ν,α/2} + t*_{ν,β}) · se) − 1`, with `β = 1 −
//! POWER`; the runs a side needed to detect a threshold `T` are the smallest `n` with
//! `(t*_{ν,α/2} + t*_{ν,β}) · σ · √(2/n) ≤ |ln(1 + T)|`, where `ν` grows with `n` when
//! the noise comes from the repeats themselves (`2n − 2`) and stays the history's
//! otherwise.

use serde::Serialize;

use super::welch::{t_critical, t_two_sided_p, Summary};
use super::ALPHA;

/// The probability of detecting a change of the size asked about.
pub const POWER: f64 = 0.8;

/// No more runs a side than this are suggested: past it the answer is "more than".
pub const MAX_RUNS_NEEDED: usize = 1000;

/// Where a metric's noise between runs was learned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The repeats of the diff's own sides.
    Repeats,
    /// Past runs of the same workload and configuration in a history store.
    History,
    /// Declared per metric in `[diff] noise` or `--noise`.
    Declared,
    /// The repeats of every setup of the diff, pooled: a key with too few runs of its own
    /// borrows the spread the other keys' repeats show (relative noise on the log scale).
    Setups,
    /// Nothing known about this benchmark: the typical noise measured on real engines
    /// (docs/diff.md), used only to say how many runs would be needed, never to judge.
    Typical,
}

/// The noise between runs of one metric.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Noise {
    pub source: Source,
    /// Standard deviation of `ln(value)` of one run.
    pub sigma: f64,
    /// Degrees of freedom of the estimate; `None` when known (declared, typical).
    pub df: Option<f64>,
    /// Runs the estimate was made from (0 when declared or typical).
    pub runs: usize,
}

/// A noise estimated from a series of runs (a history): `σ`, its degrees of freedom and
/// the runs it came from.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Estimate {
    pub sigma: f64,
    pub df: f64,
    pub runs: usize,
}

/// The typical noise between back-to-back runs of one configuration of a real engine,
/// per metric (σ of `ln`): the upper 95% confidence bound of the σ pooled over the four
/// sets of real GPU runs in `fixtures/gpu/h100-tfserve-c16` (11 degrees of freedom:
/// `σ · √(11 / χ²_{0.05, 11})`, χ² = 4.57481), so that a noisier machine than the one
/// measured is still covered (docs/diff.md, "One run a side"; a test recomputes it).
/// Used to size the runs a side a threshold needs when nothing is known of a
/// benchmark's own noise, and for the default policy's one-run thresholds
/// ([`one_run_limit`]); never to test a change.
pub fn typical(metric: &str) -> Option<f64> {
    TYPICAL
        .iter()
        .find(|(m, _)| *m == metric)
        .map(|(_, sigma)| *sigma)
}

pub const TYPICAL: [(&str, f64); 8] = [
    ("request_throughput", 0.1839),
    ("output_throughput", 0.1839),
    ("total_token_throughput", 0.1839),
    ("mean_ttft_ms", 0.1367),
    ("p99_ttft_ms", 0.1443),
    ("mean_tpot_ms", 0.1877),
    ("mean_itl_ms", 0.1877),
    ("mean_e2el_ms", 0.1839),
];

/// `z` of the one-run thresholds: one run against one run of the same configuration
/// passes it in 1 comparison of 100 (one-sided), when its noise is the typical one.
pub const ONE_RUN_Z: f64 = 2.326348;

/// The default policy's one-run threshold of a metric, in percent: how far one run of a
/// real engine's configuration moves from another of the same one in at most 1
/// comparison of 100, upwards (`increase`) or downwards: `e^(±z·√2·σ) − 1`.
pub fn one_run_limit(metric: &str, increase: bool) -> Option<f64> {
    let sigma = typical(metric)?;
    let r = ONE_RUN_Z * std::f64::consts::SQRT_2 * sigma;
    Some(percent(if increase { r } else { -r }))
}

/// A change tested against the noise between runs.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct NoiseTest {
    /// `ln(m_c / m_b)`.
    pub log_ratio: f64,
    pub std_error: f64,
    /// Two-sided p-value.
    pub p: f64,
    pub significant: bool,
    /// The 95% interval of the change, in percent of the baseline's mean.
    pub ci_percent: (f64, f64),
}

impl Noise {
    /// `t*` for a two-sided level `alpha` at this estimate's degrees of freedom (the
    /// normal quantile when the noise is known).
    fn critical(df: Option<f64>, alpha: f64) -> f64 {
        t_critical(df.unwrap_or(1e9), alpha)
    }

    /// Tests the change from `base` to `cand` (means of `n_b` and `n_c` runs); `None`
    /// when a mean is not positive (no log ratio) or a side is empty.
    pub fn test(&self, base: &Summary, cand: &Summary) -> Option<NoiseTest> {
        if base.mean <= 0.0 || cand.mean <= 0.0 || base.n == 0 || cand.n == 0 {
            return None;
        }
        let r = (cand.mean / base.mean).ln();
        let se = self.sigma * (1.0 / base.n as f64 + 1.0 / cand.n as f64).sqrt();
        let p = if se > 0.0 {
            t_two_sided_p(r / se, self.df.unwrap_or(1e9))
        } else if r == 0.0 {
            1.0
        } else {
            0.0
        };
        let half = Self::critical(self.df, ALPHA) * se;
        Some(NoiseTest {
            log_ratio: r,
            std_error: se,
            p,
            significant: p < ALPHA,
            ci_percent: (percent(r - half), percent(r + half)),
        })
    }

    /// The smallest change, in percent (its magnitude, upwards), that `n_b` and `n_c`
    /// runs detect with probability [`POWER`].
    pub fn detectable_percent(&self, n_b: usize, n_c: usize) -> Option<f64> {
        if n_b == 0 || n_c == 0 {
            return None;
        }
        let df = match self.source {
            Source::Repeats => Some((n_b + n_c).saturating_sub(2).max(1) as f64),
            _ => self.df,
        };
        let se = self.sigma * (1.0 / n_b as f64 + 1.0 / n_c as f64).sqrt();
        Some(percent(multiplier(df) * se))
    }

    /// The runs a side needed to detect a change of `threshold` percent with probability
    /// [`POWER`]; `None` when more than [`MAX_RUNS_NEEDED`] (or the threshold is 0).
    pub fn runs_needed(&self, threshold: f64) -> Option<usize> {
        let target = (1.0 + threshold / 100.0).ln().abs();
        if !target.is_finite() || target == 0.0 {
            return None;
        }
        if self.sigma == 0.0 {
            return Some(if self.source == Source::Repeats { 2 } else { 1 });
        }
        let first = if self.source == Source::Repeats { 2 } else { 1 };
        (first..=MAX_RUNS_NEEDED).find(|&n| {
            let df = match self.source {
                Source::Repeats => Some((2 * n - 2) as f64),
                _ => self.df,
            };
            multiplier(df) * self.sigma * (2.0 / n as f64).sqrt() <= target
        })
    }
}

/// `t*_{α/2} + t*_{β}`: how many standard errors a change must span to be detected with
/// probability [`POWER`] at level [`ALPHA`].
fn multiplier(df: Option<f64>) -> f64 {
    Noise::critical(df, ALPHA) + Noise::critical(df, 2.0 * (1.0 - POWER))
}

/// A log ratio as a change in percent.
pub fn percent(log_ratio: f64) -> f64 {
    log_ratio.exp_m1() * 100.0
}

/// The standard deviation of `ln(x)` over repeats, and its degrees of freedom; `None`
/// with fewer than two positive values.
pub fn of_repeats(values: &[f64]) -> Option<(f64, f64)> {
    let logs: Vec<f64> = values
        .iter()
        .filter(|v| **v > 0.0)
        .map(|v| v.ln())
        .collect();
    let s = Summary::of(&logs)?;
    Some((s.std_dev?, (s.n - 1) as f64))
}

/// The noise of a series of runs in date order, from its successive differences (von
/// Neumann's estimator, `σ² = Σ (x_{i+1} − x_i)² / 2(n − 1)` of `ln x`): a step or a slow
/// drift in the history adds one large difference, not a shifted mean to every run, so
/// it barely widens the noise. Its degrees of freedom are about two thirds of `n − 1`
/// (the differences share their runs). `None` with fewer than three positive values.
pub fn successive(values: &[f64]) -> Option<(f64, f64)> {
    let logs: Vec<f64> = values
        .iter()
        .filter(|v| **v > 0.0)
        .map(|v| v.ln())
        .collect();
    if logs.len() < 3 {
        return None;
    }
    let n = logs.len() as f64;
    let sum: f64 = logs.windows(2).map(|w| (w[1] - w[0]).powi(2)).sum();
    let sigma = (sum / (2.0 * (n - 1.0))).sqrt();
    Some((sigma, (2.0 * (n - 1.0) / 3.0).max(1.0)))
}

/// Pools estimates of one variance, each weighted by its degrees of freedom.
pub fn pooled(parts: &[(f64, f64)]) -> Option<(f64, f64)> {
    let df: f64 = parts.iter().map(|(_, df)| df).sum();
    if df <= 0.0 {
        return None;
    }
    let var: f64 = parts.iter().map(|(s, df)| s * s * df).sum::<f64>() / df;
    Some((var.sqrt(), df))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(values: &[f64]) -> Summary {
        Summary::of(values).unwrap()
    }

    fn known(sigma: f64) -> Noise {
        Noise {
            source: Source::Declared,
            sigma,
            df: None,
            runs: 0,
        }
    }

    #[test]
    fn a_change_is_judged_against_the_noise_of_whole_runs() {
        // 10% noise a run, one run a side: a 20% drop is 1.58 standard errors of the log
        // ratio (ln 0.8 / (0.1·√2) = −1.578): not significant at 5%.
        let t = known(0.10)
            .test(&summary(&[100.0]), &summary(&[80.0]))
            .unwrap();
        assert!((t.log_ratio - 0.8f64.ln()).abs() < 1e-12);
        assert!((t.p - 0.1146).abs() < 1e-3, "{t:?}");
        assert!(!t.significant);
        // Three runs a side: se = 0.1·√(2/3); the same drop is 2.73 se, significant.
        let t = known(0.10)
            .test(&summary(&[100.0; 3]), &summary(&[80.0; 3]))
            .unwrap();
        assert!(t.significant && t.p < 0.01, "{t:?}");
        // The interval holds the change and converts back to percent exactly.
        assert!(t.ci_percent.0 < -20.0 && t.ci_percent.1 > -20.0);
        // No log ratio without positive means.
        assert!(known(0.1)
            .test(&summary(&[0.0]), &summary(&[1.0]))
            .is_none());
    }

    #[test]
    fn the_smallest_detectable_change_and_the_runs_needed() {
        // Known noise of 10%: z_{0.975} + z_{0.8} = 1.95996 + 0.84162 = 2.80158.
        let n = known(0.10);
        let one = n.detectable_percent(1, 1).unwrap();
        assert!(
            (one - percent(2.80158 * 0.1 * 2f64.sqrt())).abs() < 1e-3,
            "{one}"
        );
        assert!(n.detectable_percent(3, 3).unwrap() < one);
        // To detect −5%: n ≥ 2·(2.80158·0.1 / ln 0.95)² = 59.67: 60 runs a side; +5% is
        // a smaller log ratio (ln 1.05): 2·(2.80158·0.1 / ln 1.05)² = 65.94: 66.
        assert_eq!(n.runs_needed(-5.0), Some(60));
        assert_eq!(n.runs_needed(5.0), Some(66));
        // A 100% rise needs few; nothing detects a 0% change.
        assert_eq!(n.runs_needed(100.0), Some(1));
        assert_eq!(n.runs_needed(0.0), None);
        // Enormous noise: more than can be suggested.
        assert_eq!(known(5.0).runs_needed(1.0), None);
        // From repeats, the degrees of freedom grow with the runs: never fewer than 2.
        let repeats = Noise {
            source: Source::Repeats,
            sigma: 0.01,
            df: Some(2.0),
            runs: 4,
        };
        assert_eq!(repeats.runs_needed(-50.0), Some(2));
    }

    #[test]
    fn a_step_in_the_history_barely_widens_its_noise() {
        // ±1% around 100 for 20 nights, then ±1% around 80: the plain deviation is ~10%,
        // the successive differences still see about 1%.
        let wiggle = [1.0, -1.0, 0.5, -0.5];
        let values: Vec<f64> = (0..40)
            .map(|i| (if i < 20 { 100.0 } else { 80.0 }) + wiggle[i % 4])
            .collect();
        let (plain, _) = of_repeats(&values).unwrap();
        let (sigma, df) = successive(&values).unwrap();
        assert!(plain > 0.1, "{plain}");
        assert!(sigma < 0.04, "{sigma}");
        assert!((df - 26.0).abs() < 1e-9);
        assert_eq!(successive(&[1.0, 2.0]), None);
    }

    #[test]
    fn pooling_weighs_by_degrees_of_freedom() {
        let (s, df) = pooled(&[(0.1, 2.0), (0.2, 8.0)]).unwrap();
        assert!((s - ((0.01 * 2.0 + 0.04 * 8.0) / 10.0f64).sqrt()).abs() < 1e-12);
        assert_eq!(df, 10.0);
        assert_eq!(pooled(&[]), None);
    }
}
