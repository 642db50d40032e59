//! Change points of one series by E-Divisive means (Matteson & James 2014, "A
//! nonparametric approach for multiple change point analysis of multivariate data"), the
//! method of Apache Otava (formerly Hunter) and MongoDB's signal-processing-algorithms:
//!
//! 1. In a segment `Z`, every split `τ` into `X = Z[..τ]` and `Y = Z[τ..]` (each at least
//!    `min_segment` long) scores the energy divergence
//!    `q̂(τ) = τ·m/(τ+m) · (2/(τ·m)·Σ|x−y| − Σ_{i<k}|xᵢ−xₖ|/C(τ,2) − Σ_{j<l}|yⱼ−yₗ|/C(m,2))`
//!    (exponent α = 1); the best split of the segment is the `τ` of the largest `q̂`.
//! 2. Of all current segments, the best split over all is tested: the segment's values
//!    are shuffled `permutations` times and the best `q̂` of each shuffle computed; the
//!    p-value is `(1 + #{shuffles with q̂ ≥ observed}) / (1 + permutations)`. The split is
//!    a change point when `p ≤ alpha`; then both halves are searched again. The first
//!    split that is not significant ends the search.
//! 3. As Otava does after the search, change points whose step (relative difference of
//!    the means of the segments either side) is below `min_magnitude_pct` are merged
//!    away, the smallest first, the steps recomputed after each merge.
//!
//! The shuffles come from Xoshiro256++ seeded with `seed`, so the same series gives the
//! same change points and p-values on every run and machine. A full scan of a segment of
//! `n` values is `O(n log n)` instead of the textbook `O(n²)` (`energy.rs`).

use rand::seq::SliceRandom;
use rand::SeedableRng;

use super::energy::Ranked;

/// The knobs of the detector; the defaults are `history report`'s (docs/history.md).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// Fewest points on either side of a change point: a single spike or two odd nights
    /// are never a segment of their own.
    pub min_segment: usize,
    /// Smallest step, in percent of the earlier segment's mean, that is reported.
    pub min_magnitude_pct: f64,
    /// Largest p-value of a change point.
    pub alpha: f64,
    /// Shuffles of the permutation test; the smallest p-value is `1/(1+permutations)`.
    pub permutations: usize,
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            min_segment: 5,
            min_magnitude_pct: 2.0,
            alpha: 0.01,
            permutations: 199,
            seed: 0,
        }
    }
}

/// A change point: the series changes between `index − 1` and `index` (`index` is the
/// first point of the new segment).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ChangePoint {
    pub index: usize,
    pub p_value: f64,
    /// `1 / (1 + shuffles)`: the smallest difference between two p-values the shuffles
    /// run could give.
    pub p_resolution: f64,
    /// `(mean after − mean before) / |mean before| · 100` over the neighbouring
    /// segments; `None` when the mean before is 0.
    pub step_pct: Option<f64>,
    pub mean_before: f64,
    pub mean_after: f64,
    /// Found in the last nights, with fewer than `min_segment` runs after it: reported
    /// on its own night, until enough runs confirm it (`recent.rs`).
    pub provisional: bool,
}

/// The change points of `values` in order, the last one provisional when it is a step
/// of the last nights (`recent.rs`).
pub fn change_points(values: &[f64], settings: &Settings) -> Vec<ChangePoint> {
    let min = settings.min_segment.max(2);
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(settings.seed);
    // Accepted splits with their p-values.
    let mut found: Vec<(usize, PValue)> = Vec::new();
    let mut segments = vec![Segment {
        start: 0,
        end: values.len(),
        best: None,
    }];
    loop {
        for seg in segments.iter_mut() {
            if seg.best.is_none() {
                seg.best =
                    best_split(&values[seg.start..seg.end], min).map(|(t, q)| (seg.start + t, q));
            }
        }
        let best = segments
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.best.map(|(t, q)| (i, t, q)))
            // Ties go to the earliest segment, so the order is fixed.
            .fold(None, |acc: Option<(usize, usize, f64)>, cur| match acc {
                Some(a) if a.2 >= cur.2 => Some(a),
                _ => Some(cur),
            });
        let Some((i, tau, q)) = best else { break };
        let Segment { start, end, .. } = segments[i];
        let p = permutation_p_value(&values[start..end], q, min, settings, &mut rng);
        if p.p > settings.alpha {
            break;
        }
        found.push((tau, p));
        let halves = [
            Segment {
                start,
                end: tau,
                best: None,
            },
            Segment {
                start: tau,
                end,
                best: None,
            },
        ];
        segments.splice(i..=i, halves);
    }
    found.sort_by_key(|f| f.0);
    let points = merge_small_steps(values, found, settings.min_magnitude_pct);
    super::recent::last_nights(values, points, settings, &mut rng)
}

/// A stretch `[start, end)` of the series still to search, with its best split (index in
/// the series, `q̂`) once computed.
#[derive(Clone, Copy)]
struct Segment {
    start: usize,
    end: usize,
    best: Option<(usize, f64)>,
}

/// Drops the change point of the smallest step while any step is below `min_pct`.
fn merge_small_steps(
    values: &[f64],
    mut found: Vec<(usize, PValue)>,
    min_pct: f64,
) -> Vec<ChangePoint> {
    loop {
        let points = with_steps(values, &found);
        let smallest = points
            .iter()
            .enumerate()
            .filter(|(_, c)| c.step_pct.is_some_and(|s| s.abs() < min_pct))
            .min_by(|a, b| {
                let (x, y) = (
                    a.1.step_pct.unwrap_or(0.0).abs(),
                    b.1.step_pct.unwrap_or(0.0).abs(),
                );
                x.total_cmp(&y)
            })
            .map(|(i, _)| i);
        match smallest {
            Some(i) => {
                found.remove(i);
            }
            None => return points,
        }
    }
}

pub(super) fn mean(xs: &[f64]) -> f64 {
    xs.iter().sum::<f64>() / xs.len() as f64
}

fn with_steps(values: &[f64], found: &[(usize, PValue)]) -> Vec<ChangePoint> {
    let bounds: Vec<usize> = std::iter::once(0)
        .chain(found.iter().map(|f| f.0))
        .chain(std::iter::once(values.len()))
        .collect();
    found
        .iter()
        .enumerate()
        .map(|(k, &(index, p))| {
            let before = mean(&values[bounds[k]..bounds[k + 1]]);
            let after = mean(&values[bounds[k + 1]..bounds[k + 2]]);
            ChangePoint {
                index,
                p_value: p.p,
                p_resolution: p.resolution,
                step_pct: Some(crate::numbers::percent_change(before, after)),
                mean_before: before,
                mean_after: after,
                provisional: false,
            }
        })
        .collect()
}

/// `(1 + #{shuffles whose best q̂ ≥ observed}) / (1 + permutations)`. The shuffles stop
/// as soon as the p-value can no longer reach `alpha`: that split ends the search and its
/// p-value is never reported, so the answer is the same and a history without change
/// points costs a few shuffles per series instead of all of them. A reported p-value
/// always comes from every shuffle.
fn permutation_p_value(
    segment: &[f64],
    observed: f64,
    min: usize,
    settings: &Settings,
    rng: &mut rand::rngs::Xoshiro256PlusPlus,
) -> PValue {
    let ranked = Ranked::new(segment);
    permutation_p_value_of(
        &ranked.ranks,
        observed,
        |ranks| ranked.best_split(ranks, min),
        settings,
        rng,
    )
}

/// A permutation p-value and its resolution.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PValue {
    pub p: f64,
    /// `1 / (1 + shuffles)`.
    pub resolution: f64,
}

/// How many times `permutations + 1` the shuffles may reach while a significant
/// p-value is resolved: 199 shuffles become at most 1999 (resolution 1/2000).
const RESOLVE_FACTOR: usize = 10;
/// Standard errors of the Monte Carlo estimate of a p-value that must separate it from
/// `alpha` before its verdict is taken as settled.
const SETTLED_BY_SE: f64 = 2.0;
/// Relative difference below which two statistics are equal.
const TIE_TOLERANCE: f64 = 1e-9;

/// Whether `p` (from `shuffles`) lies far enough from `alpha` that more shuffles would
/// not move it across: its Monte Carlo standard error is `√(p(1−p)/(1+shuffles))`.
fn settled(p: f64, shuffles: usize, alpha: f64) -> bool {
    let se = (p * (1.0 - p) / (1 + shuffles) as f64).sqrt();
    (p - alpha).abs() > SETTLED_BY_SE * se
}

/// The permutation p-value of `observed` against the best `score` of each shuffle of
/// `segment` (its values, or their ranks).
///
/// A p-value that is significant after `permutations` shuffles but near `alpha` (at 199
/// shuffles, 0.005 and 0.01 are both within two standard errors of 0.01) is resolved:
/// rounds of `permutations + 1` more shuffles run until it is settled
/// ([`settled`]) or `RESOLVE_FACTOR` times as many have run. A clear step settles
/// after one round (p = 1/400 with 399 shuffles); one near the threshold gets them all.
/// The added shuffles come from a generator of their own (seeded from the seed and the
/// observed score), so that resolving one p-value changes no other test's shuffles.
pub(super) fn permutation_p_value_of<T: Copy>(
    segment: &[T],
    observed: f64,
    score: impl Fn(&[T]) -> Option<(usize, f64)>,
    settings: &Settings,
    rng: &mut rand::rngs::Xoshiro256PlusPlus,
) -> PValue {
    let mut shuffled = segment.to_vec();
    let mut run = 0usize;
    let mut at_least = 0usize;
    let round = settings.permutations;
    let most = (round + 1) * RESOLVE_FACTOR - 1;
    let mut budget = round;
    let mut own: Option<rand::rngs::Xoshiro256PlusPlus> = None;
    let p = |hits: usize, shuffles: usize| (1 + hits) as f64 / (1 + shuffles) as f64;
    // A shuffle whose statistic equals the observed one counts, though its sums were
    // added in another order: a tie must not hang on the last bits of a rounding.
    let at_least_as_extreme = observed - TIE_TOLERANCE * observed.abs();
    'shuffles: loop {
        while run < budget {
            run += 1;
            match own.as_mut() {
                Some(r) => shuffled.shuffle(r),
                None => shuffled.shuffle(rng),
            }
            if score(&shuffled).is_some_and(|(_, q)| q >= at_least_as_extreme) {
                at_least += 1;
                // Past alpha even if every shuffle left were below: not significant.
                // The first round's verdict of "not significant" is final; while
                // resolving, only the most shuffles decide it.
                let limit = if own.is_some() { most } else { round };
                if p(at_least, limit) > settings.alpha {
                    break 'shuffles;
                }
            }
        }
        let now = p(at_least, run);
        if round == 0 || run >= most || settled(now, run, settings.alpha) {
            break;
        }
        own.get_or_insert_with(|| {
            rand::rngs::Xoshiro256PlusPlus::seed_from_u64(settings.seed ^ observed.to_bits())
        });
        budget = (budget + round + 1).min(most);
    }
    PValue {
        p: p(at_least, run),
        resolution: 1.0 / (1 + run) as f64,
    }
}

/// The split `τ` (both sides ≥ `min`) of the largest `q̂`, and that `q̂`; `None` when the
/// segment is too short to split.
fn best_split(z: &[f64], min: usize) -> Option<(usize, f64)> {
    let ranked = Ranked::new(z);
    ranked.best_split(&ranked.ranks, min)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The textbook O(n²) q̂, to check the Fenwick version against.
    fn q_naive(z: &[f64], tau: usize) -> f64 {
        let (x, y) = z.split_at(tau);
        let (t, m) = (x.len() as f64, y.len() as f64);
        let mut between = 0.0;
        for a in x {
            for b in y {
                between += (a - b).abs();
            }
        }
        let within = |s: &[f64]| {
            let mut w = 0.0;
            for i in 0..s.len() {
                for k in i + 1..s.len() {
                    w += (s[i] - s[k]).abs();
                }
            }
            w
        };
        let e = 2.0 * between / (t * m)
            - within(x) / (t * (t - 1.0) / 2.0)
            - within(y) / (m * (m - 1.0) / 2.0);
        t * m / (t + m) * e
    }

    #[test]
    fn fast_scan_matches_the_definition() {
        let z = [
            3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0, 5.0, 3.0, 5.0, 8.0, 9.0, 7.0,
        ];
        let (tau, q) = best_split(&z, 3).unwrap();
        let (best_tau, best_q) = (3..=z.len() - 3)
            .map(|t| (t, q_naive(&z, t)))
            .fold((0, f64::NEG_INFINITY), |a, c| if c.1 > a.1 { c } else { a });
        assert_eq!(tau, best_tau);
        assert!((q - best_q).abs() < 1e-9, "{q} vs {best_q}");
    }

    #[test]
    fn a_clean_step_is_found_where_it_is() {
        let mut z = vec![100.0; 20];
        z.extend(vec![90.0; 20]);
        for (i, v) in z.iter_mut().enumerate() {
            *v += (i % 3) as f64 * 0.5;
        }
        let cps = change_points(&z, &Settings::default());
        assert_eq!(cps.len(), 1, "{cps:?}");
        assert_eq!(cps[0].index, 20);
        assert!(cps[0].p_value <= 0.01);
        assert!((cps[0].step_pct.unwrap() + 10.0).abs() < 0.5);
        assert_eq!(cps, change_points(&z, &Settings::default()), "seeded");
    }

    /// A score that is the first of the shuffled values: `observed` is reached by a
    /// shuffle with probability `#{v ≥ observed} / len`.
    fn first_value(values: &[u32]) -> Option<(usize, f64)> {
        Some((0, values[0] as f64))
    }

    #[test]
    fn a_p_value_is_resolved_until_its_verdict_is_settled() {
        let values: Vec<u32> = (0..1000).collect();
        let settings = Settings::default();
        let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(7);
        // Never reached: settled after one more round.
        let clear = permutation_p_value_of(&values, 5000.0, first_value, &settings, &mut rng);
        assert_eq!(clear.resolution, 1.0 / 400.0, "{clear:?}");
        assert_eq!(clear.p, 1.0 / 400.0);
        // Reached with probability 0.01, alpha itself: a p-value significant after the
        // first round is resolved until settled or with the most shuffles, and on
        // average with far more than the clear one.
        let mut shuffles = Vec::new();
        for seed in 0..40 {
            let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
            let near = permutation_p_value_of(&values, 990.0, first_value, &settings, &mut rng);
            if near.p <= settings.alpha {
                let run = (1.0 / near.resolution).round() as usize - 1;
                assert!(run > 199, "seed {seed}: {near:?}");
                assert!(
                    run == 1999 || settled(near.p, run, settings.alpha),
                    "{near:?}"
                );
                shuffles.push(run);
            }
        }
        let mean_run = shuffles.iter().sum::<usize>() / shuffles.len().max(1);
        assert!(mean_run >= 800, "{shuffles:?}");
        // Plainly not significant: stops after the first shuffles that say so.
        let noise = permutation_p_value_of(&values, 500.0, first_value, &settings, &mut rng);
        assert!(
            noise.p > settings.alpha && noise.resolution > 1.0 / 20.0,
            "{noise:?}"
        );
    }

    #[test]
    fn short_series_have_no_change_point() {
        assert!(change_points(&[1.0, 2.0, 3.0], &Settings::default()).is_empty());
        assert!(change_points(&[], &Settings::default()).is_empty());
    }
}
