//! A step in the last nights. E-Divisive needs `min_segment` runs on each side of a
//! change, so a regression three nights old waits two more nights to be seen, and is
//! then placed early (the old segment's end absorbs the first new runs). After the
//! search, the last segment is tested once more for a split that leaves at least two and
//! fewer than `min_segment` runs after it: the same energy statistic, the same
//! permutation test (the shuffles scored over the same tail splits) and the same
//! smallest step. Such a change point is *provisional*: reported on its own night, and
//! replaced by a confirmed one when `min_segment` runs follow it.
//!
//! A single odd night is never a change: a tail of two holding one spike scores about
//! nothing (its spike is as far from its other run as from the rest).

use super::edivisive::{mean, permutation_p_value_of, ChangePoint, Settings};

/// The change points with the last nights looked at again: a step of the last nights
/// is added as provisional, and a last change point that sits exactly `min_segment` runs
/// before the end (as far right as the search may put it) is moved to the night the
/// tail test puts it on, when that is later: a step three nights old is otherwise placed
/// two nights early, its first runs averaged into the old segment.
pub fn last_nights(
    values: &[f64],
    mut points: Vec<ChangePoint>,
    settings: &Settings,
    rng: &mut rand::rngs::Xoshiro256PlusPlus,
) -> Vec<ChangePoint> {
    let min = settings.min_segment.max(2);
    if min <= 2 {
        return points;
    }
    let n = values.len();
    match points.last() {
        Some(last) if n - last.index < 2 * min => {
            let start = points.len().checked_sub(2).map_or(0, |i| points[i].index);
            let longest = (2 * min - 1).min(n - start - min);
            if let Some(moved) = tail_step(values, start, 2..=longest, settings, rng) {
                if moved.index != last.index {
                    points.pop();
                    points.push(moved);
                }
            }
        }
        _ => {
            let start = points.last().map_or(0, |c| c.index);
            points.extend(tail_step(values, start, 2..=min - 1, settings, rng));
        }
    }
    points
}

/// The best split of `values[start..]` leaving `tail` runs after it, when it is
/// significant and large enough; provisional when fewer than `min_segment` runs follow.
fn tail_step(
    values: &[f64],
    start: usize,
    tail: std::ops::RangeInclusive<usize>,
    settings: &Settings,
    rng: &mut rand::rngs::Xoshiro256PlusPlus,
) -> Option<ChangePoint> {
    let min = settings.min_segment.max(2);
    let z = &values[start..];
    let score = |z: &[f64]| mean_shift(z, min, tail.clone());
    let (tau, q) = score(z)?;
    let before = mean(&z[..tau]);
    let after = mean(&z[tau..]);
    let step = crate::numbers::percent_change(before, after);
    if step.abs() < settings.min_magnitude_pct {
        return None;
    }
    let p = permutation_p_value_of(z, q, score, settings, rng);
    (p.p <= settings.alpha).then_some(ChangePoint {
        index: start + tau,
        p_value: p.p,
        p_resolution: p.resolution,
        step_pct: Some(step),
        mean_before: before,
        mean_after: after,
        provisional: z.len() - tau < min,
    })
}

/// The split leaving `tail` runs after it (and at least `left_min` before) of the
/// largest mean shift in units of its standard error (Welch's t with the pooled
/// variance): with two to a few runs after a step, the energy statistic cannot tell the
/// step's night from its neighbours; the shift of the means can.
fn mean_shift(
    z: &[f64],
    left_min: usize,
    tail: std::ops::RangeInclusive<usize>,
) -> Option<(usize, f64)> {
    let n = z.len();
    let mut best: Option<(usize, f64)> = None;
    for m in tail {
        if m < 2 || n < left_min + m {
            continue;
        }
        let tau = n - m;
        let (x, y) = (&z[..tau], &z[tau..]);
        let (mx, my) = (mean(x), mean(y));
        let ss_x = x.iter().map(|v| (v - mx).powi(2)).sum::<f64>();
        let ss_y = y.iter().map(|v| (v - my).powi(2)).sum::<f64>();
        let var = (ss_x + ss_y) / (n - 2) as f64;
        let se = (var * (1.0 / tau as f64 + 1.0 / m as f64)).sqrt();
        if se <= 0.0 {
            continue;
        }
        let t = (my - mx).abs() / se;
        // Every run after the step moved its way by more than the old runs' spread, and
        // they agree with each other as the old ones do: a spike among them is not a
        // step.
        let sd = (ss_x / (tau - 1).max(1) as f64).sqrt();
        let dir = (my - mx).signum();
        let (lo, hi) = y
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
                (a.min(*v), b.max(*v))
            });
        if y.iter().any(|v| dir * (v - mx) <= sd) || hi - lo > 4.0 * sd {
            continue;
        }
        if best.is_none_or(|(_, b)| t > b) {
            best = Some((tau, t));
        }
    }
    best
}
