//! Significance from one run per side, from the runs' requests: with a single run there
//! is no run-to-run variance (Welch needs two runs a side, `stats.rs`), but each run holds
//! hundreds of requests, a sample of the distribution its latency numbers summarise.
//!
//! # Which test decides
//!
//! - A percentile or median column (`p99_ttft_ms`, `median_e2el_ms`): a **bootstrap**
//!   95% interval of the difference of that percentile, candidate − baseline. Each of
//!   [`RESAMPLES`] rounds draws each side's requests with replacement (same sizes), takes
//!   the percentile of each resample as numpy does (`requests/percentile.rs`) and keeps
//!   the difference; the interval is the 2.5th and 97.5th percentiles of the differences
//!   (percentile method). Significant when the interval excludes 0.
//! - A mean column (`mean_ttft_ms`): the **Mann–Whitney U** test of the two
//!   distributions (two-sided, normal approximation with the tie correction and a
//!   continuity correction of ½): whether a request of one side tends to be slower than
//!   one of the other. Significant when p < 0.05. A mean is not robust to the few slow
//!   outliers latency distributions have; the rank test asks the question a mean answers
//!   without being led by them.
//!
//! Throughput is one number per run and gets no test here.
//!
//! Determinism: the resampling uses SplitMix64 (Steele, Lea & Flood 2014; the seeding
//! generator of `java.util.SplittableRandom`) with a fixed seed per metric, so the same
//! inputs give byte-identical outputs on every platform and every build. It is written
//! here rather than taken from `rand` because `rand`'s `StdRng` does not promise the same
//! stream across versions, and a changed interval after a dependency update would be a
//! changed verdict.
//!
//! Size: a side of more than [`MAX_BOOTSTRAP_SAMPLE`] requests is bootstrapped from a
//! seeded subsample of that many (the interval of a percentile of 20,000 requests is
//! already narrow; 1,000,000 × 2,000 resamples is not affordable). Mann–Whitney always
//! uses every request.

use serde::Serialize;

use crate::stats::percentile::{mean, percentile_sorted};

/// Bootstrap rounds per percentile.
pub const RESAMPLES: usize = 2000;
/// Requests per side at most in a bootstrap.
pub const MAX_BOOTSTRAP_SAMPLE: usize = 20_000;
pub use super::ALPHA;
/// The base seed; each metric mixes its name in, so two metrics do not share a stream.
pub const SEED: u64 = 0x7065_7266_6c61_6221; // "perflab!"

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Test {
    Bootstrap,
    MannWhitney,
}

/// The outcome of the test that judged one metric of a pair from its requests.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RequestTest {
    pub test: Test,
    pub base_requests: usize,
    pub cand_requests: usize,
    /// The values per side the test drew from: the bootstrap's seeded subsample of at most
    /// [`MAX_BOOTSTRAP_SAMPLE`], every value for Mann–Whitney. What the output names.
    pub base_used: usize,
    pub cand_used: usize,
    /// Bootstrap: the 95% interval of candidate − baseline, in the metric's unit.
    pub ci: Option<(f64, f64)>,
    /// Mann–Whitney: the two-sided p-value.
    pub p: Option<f64>,
    pub significant: bool,
}

/// SplitMix64: one 64-bit state, advanced by a constant, then mixed.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (Lemire's multiply-shift; the bias is below 2⁻³² for the
    /// sizes here and the same on every platform).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// A seed for one metric: the base seed mixed with the column's name (FNV-1a).
pub fn seed_for(column: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in column.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    SEED ^ h
}

/// The statistic of a column a request test can judge: a percentile (`p99`, `median`
/// = p50) or the mean; `None` for others (`std`, counts, throughputs).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Statistic {
    Percentile(f64),
    Mean,
}

/// Splits `p99_ttft_ms` into (statistic, request metric).
pub fn parse_column(column: &str) -> Option<(Statistic, crate::slo::Metric)> {
    let body = column.strip_suffix("_ms")?;
    let (stat, family) = body.split_once('_')?;
    let metric = crate::slo::Metric::parse(family)?;
    let stat = match stat {
        "mean" => Statistic::Mean,
        "median" => Statistic::Percentile(50.0),
        p => Statistic::Percentile(
            p.strip_prefix('p')?
                .parse::<f64>()
                .ok()
                .filter(|p| (0.0..=100.0).contains(p))?,
        ),
    };
    Some((stat, metric))
}

/// Judges one column from the two sides' request values (finite, any order); `None`
/// when a side has fewer than two values.
pub fn judge(column: &str, stat: Statistic, base: &[f64], cand: &[f64]) -> Option<RequestTest> {
    if base.len() < 2 || cand.len() < 2 {
        return None;
    }
    Some(match stat {
        Statistic::Percentile(p) => {
            let (lo, hi) = bootstrap_ci(base, cand, p, seed_for(column));
            RequestTest {
                test: Test::Bootstrap,
                base_requests: base.len(),
                cand_requests: cand.len(),
                base_used: base.len().min(MAX_BOOTSTRAP_SAMPLE),
                cand_used: cand.len().min(MAX_BOOTSTRAP_SAMPLE),
                ci: Some((lo, hi)),
                p: None,
                significant: lo > 0.0 || hi < 0.0,
            }
        }
        Statistic::Mean => {
            let p = mann_whitney_p(base, cand);
            RequestTest {
                test: Test::MannWhitney,
                base_requests: base.len(),
                cand_requests: cand.len(),
                base_used: base.len(),
                cand_used: cand.len(),
                ci: None,
                p: Some(p),
                significant: p < ALPHA,
            }
        }
    })
}

fn subsample(values: &[f64], rng: &mut SplitMix64) -> Vec<f64> {
    if values.len() <= MAX_BOOTSTRAP_SAMPLE {
        return values.to_vec();
    }
    (0..MAX_BOOTSTRAP_SAMPLE)
        .map(|_| values[rng.below(values.len())])
        .collect()
}

/// The 95% percentile-bootstrap interval of `percentile(cand) − percentile(base)`.
pub fn bootstrap_ci(base: &[f64], cand: &[f64], p: f64, seed: u64) -> (f64, f64) {
    let mut rng = SplitMix64::new(seed);
    let base = subsample(base, &mut rng);
    let cand = subsample(cand, &mut rng);
    let mut scratch_b = vec![0.0; base.len()];
    let mut scratch_c = vec![0.0; cand.len()];
    let mut diffs = Vec::with_capacity(RESAMPLES);
    for _ in 0..RESAMPLES {
        let pb = resampled_percentile(&base, &mut scratch_b, p, &mut rng);
        let pc = resampled_percentile(&cand, &mut scratch_c, p, &mut rng);
        diffs.push(pc - pb);
    }
    diffs.sort_by(f64::total_cmp);
    let lo = percentile_sorted(&diffs, 2.5).unwrap_or(f64::NAN);
    let hi = percentile_sorted(&diffs, 97.5).unwrap_or(f64::NAN);
    (lo, hi)
}

fn resampled_percentile(values: &[f64], scratch: &mut [f64], p: f64, rng: &mut SplitMix64) -> f64 {
    for slot in scratch.iter_mut() {
        *slot = values[rng.below(values.len())];
    }
    scratch.sort_unstable_by(f64::total_cmp);
    percentile_sorted(scratch, p).unwrap_or(f64::NAN)
}

/// Two-sided p-value of the Mann–Whitney U test (normal approximation, tie-corrected
/// variance, continuity correction ½). Equal samples of constant values give p = 1.
pub fn mann_whitney_p(base: &[f64], cand: &[f64]) -> f64 {
    let (n1, n2) = (base.len() as f64, cand.len() as f64);
    let mut all: Vec<(f64, bool)> = base
        .iter()
        .map(|x| (*x, false))
        .chain(cand.iter().map(|x| (*x, true)))
        .collect();
    all.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = all.len();
    let (mut rank_sum_base, mut tie_term) = (0.0, 0.0);
    let mut i = 0;
    while i < n {
        let mut j = i + 1;
        while j < n && all[j].0 == all[i].0 {
            j += 1;
        }
        // Ranks i+1 ..= j share their mean.
        let rank = (i + 1 + j) as f64 / 2.0;
        let t = (j - i) as f64;
        tie_term += t * t * t - t;
        rank_sum_base += rank * all[i..j].iter().filter(|(_, c)| !c).count() as f64;
        i = j;
    }
    let u = rank_sum_base - n1 * (n1 + 1.0) / 2.0;
    let mu = n1 * n2 / 2.0;
    let nn = n1 + n2;
    let var = n1 * n2 / 12.0 * ((nn + 1.0) - tie_term / (nn * (nn - 1.0)));
    if var <= 0.0 {
        return 1.0;
    }
    let z = ((u - mu).abs() - 0.5).max(0.0) / var.sqrt();
    (2.0 * normal_upper_tail(z)).min(1.0)
}

/// P(Z > z) for a standard normal, through the regularized incomplete gamma function:
/// P(Z > z) = ½·Q(½, z²/2), with the series and continued fraction of Numerical Recipes
/// §6.2 (the same book as `stats.rs`'s incomplete beta).
pub fn normal_upper_tail(z: f64) -> f64 {
    if z < 0.0 {
        return 1.0 - normal_upper_tail(-z);
    }
    if z == 0.0 {
        return 0.5;
    }
    0.5 * gamma_q(0.5, z * z / 2.0)
}

fn gamma_q(a: f64, x: f64) -> f64 {
    let ln_ga = super::welch::ln_gamma(a);
    if x < a + 1.0 {
        // Series for P, then Q = 1 − P.
        let (mut sum, mut del, mut ap) = (1.0 / a, 1.0 / a, a);
        for _ in 0..500 {
            ap += 1.0;
            del *= x / ap;
            sum += del;
            if del.abs() < sum.abs() * 1e-15 {
                break;
            }
        }
        1.0 - sum * (-x + a * x.ln() - ln_ga).exp()
    } else {
        // Continued fraction for Q (modified Lentz).
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..500 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let del = d * c;
            h *= del;
            if (del - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (-x + a * x.ln() - ln_ga).exp() * h
    }
}

/// The mean of a side's values, for display beside a test.
pub fn side_mean(values: &[f64]) -> Option<f64> {
    mean(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Log-normal-ish latencies from the generator itself: deterministic test data.
    fn latencies(n: usize, seed: u64, scale: f64) -> Vec<f64> {
        let mut rng = SplitMix64::new(seed);
        (0..n)
            .map(|_| {
                // Sum of 12 uniforms − 6: an approximately standard normal.
                let z: f64 = (0..12)
                    .map(|_| (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64)
                    .sum::<f64>()
                    - 6.0;
                scale * (3.0 + 0.25 * z).exp()
            })
            .collect()
    }

    fn resample(values: &[f64], seed: u64) -> Vec<f64> {
        let mut rng = SplitMix64::new(seed);
        (0..values.len())
            .map(|_| values[rng.below(values.len())])
            .collect()
    }

    #[test]
    fn the_test_names_the_sizes_it_drew_from() {
        let big = latencies(MAX_BOOTSTRAP_SAMPLE + 5, 1, 1.0);
        let small = latencies(300, 2, 1.0);
        let t = judge("p99_ttft_ms", Statistic::Percentile(99.0), &big, &small).unwrap();
        assert_eq!(
            (t.base_requests, t.base_used, t.cand_requests, t.cand_used),
            (MAX_BOOTSTRAP_SAMPLE + 5, MAX_BOOTSTRAP_SAMPLE, 300, 300)
        );
        let t = judge("mean_ttft_ms", Statistic::Mean, &big, &small).unwrap();
        assert_eq!((t.base_used, t.cand_used), (MAX_BOOTSTRAP_SAMPLE + 5, 300));
    }

    #[test]
    fn normal_tail_matches_known_values() {
        assert!((normal_upper_tail(1.959963984540054) - 0.025).abs() < 1e-9);
        assert!((normal_upper_tail(0.0) - 0.5).abs() < 1e-12);
        assert!((normal_upper_tail(-1.0) - 0.841344746068543).abs() < 1e-9);
        assert!(normal_upper_tail(10.0) < 1e-20);
    }

    #[test]
    fn mann_whitney_matches_scipy() {
        // scipy.stats.mannwhitneyu(x, y, method="asymptotic", use_continuity=True).pvalue
        // is 0.012185780355344818 for [1..5] against [6..10], and 0.17203370892182296
        // with ties, [1,2,2,3] against [2,3,3,4].
        let p = mann_whitney_p(&[1.0, 2.0, 3.0, 4.0, 5.0], &[6.0, 7.0, 8.0, 9.0, 10.0]);
        assert!((p - 0.012_185_780_355_344_818).abs() < 1e-9, "{p}");
        let p = mann_whitney_p(&[1.0, 2.0, 2.0, 3.0], &[2.0, 3.0, 3.0, 4.0]);
        assert!((p - 0.172_033_708_921_822_96).abs() < 1e-9, "{p}");
        assert_eq!(mann_whitney_p(&[5.0, 5.0], &[5.0, 5.0]), 1.0);
    }

    #[test]
    fn ttfts_shifted_by_ten_percent_are_significant_from_one_run_each() {
        let base = latencies(500, 1, 1.0);
        let cand: Vec<f64> = base.iter().map(|x| x * 1.1).collect();
        for column in ["median_ttft_ms", "p90_ttft_ms", "mean_ttft_ms"] {
            let (stat, _) = parse_column(column).unwrap();
            let t = judge(column, stat, &base, &cand).unwrap();
            assert!(t.significant, "{column}: {t:?}");
        }
        // p99 rests on the few slowest requests: from 500 a side its interval is too wide
        // to tell 10% (se of the p99 of this distribution ≈ 1.5 ms for a shift of 3.6 ms);
        // from 2,000 a side it is not.
        let (stat, _) = parse_column("p99_ttft_ms").unwrap();
        let t = judge("p99_ttft_ms", stat, &base, &cand).unwrap();
        assert!(!t.significant, "{t:?}");
        let base = latencies(2000, 1, 1.0);
        let cand: Vec<f64> = base.iter().map(|x| x * 1.1).collect();
        let t = judge("p99_ttft_ms", stat, &base, &cand).unwrap();
        assert!(t.significant, "{t:?}");
    }

    #[test]
    fn a_resample_of_the_baseline_is_rarely_significant() {
        let base = latencies(500, 2, 1.0);
        let (mut boot, mut mwu) = (0, 0);
        for seed in 0..100 {
            let cand = resample(&base, 1000 + seed);
            let median =
                judge("median_ttft_ms", Statistic::Percentile(50.0), &base, &cand).unwrap();
            let mean = judge("mean_ttft_ms", Statistic::Mean, &base, &cand).unwrap();
            boot += usize::from(median.significant);
            mwu += usize::from(mean.significant);
        }
        eprintln!("resamples called significant: bootstrap {boot}/100, Mann–Whitney {mwu}/100");
        assert!(
            boot <= 6,
            "bootstrap called {boot} of 100 resamples significant"
        );
        assert!(
            mwu <= 6,
            "Mann–Whitney called {mwu} of 100 resamples significant"
        );
    }

    /// Calibration: a second run drawn independently from the same distribution is
    /// called significant about 5% of the time (at most 12 of 100: the 99.9% bound of a
    /// binomial(100, 0.05)).
    #[test]
    fn an_independent_draw_of_the_same_distribution_is_significant_about_5_percent() {
        let base = latencies(500, 7, 1.0);
        let (mut boot, mut mwu) = (0, 0);
        for seed in 0..100 {
            let cand = latencies(500, 5000 + seed, 1.0);
            let median =
                judge("median_ttft_ms", Statistic::Percentile(50.0), &base, &cand).unwrap();
            let mean = judge("mean_ttft_ms", Statistic::Mean, &base, &cand).unwrap();
            boot += usize::from(median.significant);
            mwu += usize::from(mean.significant);
        }
        eprintln!(
            "independent draws called significant: bootstrap {boot}/100, Mann–Whitney {mwu}/100"
        );
        assert!(
            boot <= 12 && mwu <= 12,
            "bootstrap {boot}, Mann–Whitney {mwu} of 100"
        );
    }

    #[test]
    fn the_same_inputs_give_the_same_interval() {
        let base = latencies(300, 3, 1.0);
        let cand = latencies(300, 4, 1.05);
        let a = bootstrap_ci(&base, &cand, 99.0, seed_for("p99_ttft_ms"));
        let b = bootstrap_ci(&base, &cand, 99.0, seed_for("p99_ttft_ms"));
        assert_eq!(a, b);
    }

    #[test]
    fn columns_name_their_statistic() {
        assert_eq!(
            parse_column("p99.9_e2el_ms"),
            Some((Statistic::Percentile(99.9), crate::slo::Metric::E2el))
        );
        assert_eq!(parse_column("std_ttft_ms"), None);
        assert_eq!(parse_column("total_token_throughput"), None);
        assert_eq!(parse_column("mean_isl"), None);
    }
}
