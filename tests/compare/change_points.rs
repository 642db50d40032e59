//! The change-point detector of `perflab history report` on generated histories whose
//! truth is known: steps found at the right run (within one), pure noise of several
//! distributions giving no change point in at least 98 of 100 seeds, a single spike that
//! is not a change, a slow drift that is, and a step of the last nights found on its
//! night as provisional.

use perflab::history::{change_points, Settings};
use rand::rngs::Xoshiro256PlusPlus;
use rand::SeedableRng;
use rand_distr::{Distribution, Exp, LogNormal, Normal, StudentT, Uniform};

const BASE: f64 = 1000.0;

/// Noise around `BASE` with about 1.5% spread, by distribution name.
fn noise(kind: &str, n: usize, seed: u64) -> Vec<f64> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut out = Vec::with_capacity(n);
    for _ in 0..n {
        let x = match kind {
            "normal" => Normal::new(BASE, 15.0).unwrap().sample(&mut rng),
            "uniform" => Uniform::new(BASE - 25.0, BASE + 25.0)
                .unwrap()
                .sample(&mut rng),
            "lognormal" => BASE * LogNormal::new(0.0, 0.015).unwrap().sample(&mut rng),
            // Skewed: the slow tail of a server that sometimes stalls.
            "exponential" => BASE - 15.0 + Exp::new(1.0 / 15.0).unwrap().sample(&mut rng),
            // Heavy tails: Student's t with 3 degrees of freedom.
            "student_t" => BASE + 10.0 * StudentT::new(3.0).unwrap().sample(&mut rng),
            other => panic!("unknown distribution {other}"),
        };
        out.push(x);
    }
    out
}

#[test]
fn steps_are_found_at_the_right_run() {
    let settings = Settings::default();
    for seed in 0..20u64 {
        let n = 60;
        let at = 15 + (seed as usize * 7) % 30;
        let step = if seed % 2 == 0 { -0.08 } else { 0.10 };
        let mut values = noise("normal", n, seed);
        for v in &mut values[at..] {
            *v *= 1.0 + step;
        }
        let cps = change_points(&values, &settings);
        assert_eq!(cps.len(), 1, "seed {seed}, step at {at}: {cps:?}");
        let cp = cps[0];
        assert!(
            cp.index.abs_diff(at) <= 1,
            "seed {seed}: found {} for {at}",
            cp.index
        );
        let pct = cp.step_pct.unwrap();
        assert!((pct - step * 100.0).abs() < 2.0, "seed {seed}: step {pct}");
        assert!(cp.p_value <= settings.alpha);
    }
}

#[test]
fn two_steps_are_both_found() {
    let mut values = noise("normal", 90, 42);
    for v in &mut values[30..60] {
        *v *= 0.9;
    }
    for v in &mut values[60..] {
        *v *= 1.05;
    }
    let cps = change_points(&values, &Settings::default());
    let at: Vec<usize> = cps.iter().map(|c| c.index).collect();
    assert_eq!(at.len(), 2, "{cps:?}");
    assert!(at[0].abs_diff(30) <= 1 && at[1].abs_diff(60) <= 1, "{at:?}");
}

#[test]
fn pure_noise_has_no_change_point_in_95_of_100_seeds() {
    let settings = Settings::default();
    for kind in ["normal", "uniform", "lognormal", "exponential", "student_t"] {
        let quiet = (0..100u64)
            .filter(|seed| change_points(&noise(kind, 60, 1000 + seed), &settings).is_empty())
            .count();
        assert!(
            quiet >= 95,
            "{kind}: only {quiet} of 100 seeds without a change point"
        );
    }
}

#[test]
fn a_single_spike_is_not_a_change() {
    for seed in 0..20u64 {
        let mut values = noise("normal", 60, 500 + seed);
        let at = 20 + seed as usize;
        values[at] *= if seed % 2 == 0 { 1.6 } else { 0.4 };
        let cps = change_points(&values, &Settings::default());
        assert!(cps.is_empty(), "seed {seed}, spike at {at}: {cps:?}");
    }
}

#[test]
fn a_slow_drift_is_reported_in_its_direction() {
    // 0.1% lower every run: 10% over 100 runs, never a visible step from one night to
    // the next.
    let mut values = noise("normal", 100, 7);
    for (i, v) in values.iter_mut().enumerate() {
        *v *= 1.0 - 0.001 * i as f64;
    }
    let cps = change_points(&values, &Settings::default());
    assert!(!cps.is_empty(), "a 10% drift went unnoticed");
    assert!(cps.iter().all(|c| c.step_pct.unwrap() < 0.0), "{cps:?}");
}

#[test]
fn the_same_seed_gives_the_same_result_and_a_minimum_segment_holds() {
    let mut values = noise("normal", 40, 3);
    for v in &mut values[3..] {
        *v *= 0.85;
    }
    let s = Settings::default();
    let a = change_points(&values, &s);
    assert_eq!(a, change_points(&values, &s));
    // The step sits 3 runs from the start: shorter than the minimum segment of 5, so the
    // split is at 5 at the earliest; with a minimum of 3 it is found exactly.
    assert!(a.iter().all(|c| c.index >= s.min_segment), "{a:?}");
    let exact = change_points(
        &values,
        &Settings {
            min_segment: 3,
            ..s
        },
    );
    assert_eq!(exact.first().map(|c| c.index), Some(3), "{exact:?}");
}

/// Noise around `BASE`: `normal` with σ = `spread`, or `uniform` within ± `spread`.
fn noise_of(kind: &str, spread: f64, n: usize, seed: u64) -> Vec<f64> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..n)
        .map(|_| match kind {
            "normal" => Normal::new(BASE, spread).unwrap().sample(&mut rng),
            _ => Uniform::new(BASE - spread, BASE + spread)
                .unwrap()
                .sample(&mut rng),
        })
        .collect()
}

/// Of 100 seeded series of 30 nights with a −6% step three nights before the last, how
/// many have a change point on the step's night, and whether each such is provisional.
fn found_on_its_night(kind: &str, spread: f64) -> usize {
    let settings = Settings::default();
    let n = 30;
    let mut on_its_night = 0;
    for seed in 0..100u64 {
        let mut values = noise_of(kind, spread, n, 9000 + seed);
        for v in &mut values[n - 3..] {
            *v *= 0.94;
        }
        let cps = change_points(&values, &settings);
        if let Some(c) = cps.iter().find(|c| c.index == n - 3) {
            assert!(c.provisional, "seed {seed}: {c:?}");
            assert!(c.step_pct.unwrap() < -3.0, "seed {seed}: {c:?}");
            on_its_night += 1;
        } else if std::env::var("DIAG").is_ok() {
            eprintln!("seed {seed}: {cps:?}");
        }
    }
    on_its_night
}

#[test]
fn a_step_three_nights_old_is_found_on_its_night_as_provisional() {
    // Issue 25: a −6% step three nights before today, default settings; before the
    // provisional step it was found in 22 of 100, always two nights early. Measured
    // (docs/history.md): ±2% uniform noise 99, σ = 1.5% 93, σ = 2% 73 of 100. With σ =
    // 2% a step of 3σ leaves each run beside it on the wrong side of the midpoint 6.7%
    // of the time, so no estimator reaches 90 on the exact night there.
    for (kind, spread, at_least) in [
        ("uniform", 20.0, 90),
        ("normal", 15.0, 90),
        ("normal", 20.0, 70),
    ] {
        let found = found_on_its_night(kind, spread);
        assert!(
            found >= at_least,
            "{kind} noise of {spread}: {found} of 100 on its night"
        );
    }
}

#[test]
fn noise_and_last_night_spikes_give_no_change_point_in_98_of_100() {
    let settings = Settings::default();
    for kind in ["normal", "uniform", "lognormal", "exponential", "student_t"] {
        let noisy = (0..100u64)
            .filter(|seed| !change_points(&noise(kind, 60, 1000 + seed), &settings).is_empty())
            .count();
        assert!(
            noisy <= 2,
            "{kind}: {noisy} of 100 noise series with a change point"
        );
    }
    for seed in 0..20u64 {
        let mut values = noise("normal", 40, 700 + seed);
        let at = 38 + (seed as usize % 2);
        values[at] *= if seed % 4 < 2 { 1.6 } else { 0.4 };
        let cps = change_points(&values, &settings);
        assert!(cps.is_empty(), "seed {seed}, spike at {at}: {cps:?}");
    }
}

#[test]
fn p_values_at_the_floor_are_resolved_and_carry_their_resolution() {
    // A clear 10% step: no shuffle of 199 reaches it (p = 0.005, the old floor, within
    // two standard errors of alpha = 0.01); a second round of 200 settles it below.
    let mut values = noise("normal", 60, 3);
    for v in &mut values[30..] {
        *v *= 0.9;
    }
    let cps = change_points(&values, &Settings::default());
    assert_eq!(cps.len(), 1, "{cps:?}");
    assert_eq!(cps[0].p_resolution, 1.0 / 400.0);
    assert!(cps[0].p_value < 0.005, "{cps:?}");
    // A setting of no shuffles cannot resolve anything, and ends.
    let none = Settings {
        permutations: 0,
        ..Settings::default()
    };
    for c in change_points(&values, &none) {
        assert_eq!(c.p_resolution, 1.0);
    }
}
