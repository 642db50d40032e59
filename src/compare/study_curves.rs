//! A study's load series as curves. GPUStack's latency reports run one configuration at
//! several loads ("Rate 1, 4, 8, 16": profiles `ShareGPT 1RPS` … `ShareGPT 16RPS` that
//! differ only in `request_rate`); such a series is a curve, not four unrelated rows.
//!
//! - A set of profiles is a load series when each states a load in its dataset
//!   (`request_rate`, else `max_concurrency`), there are at least two different loads,
//!   and every other dataset parameter is the same.
//! - The scenarios on such profiles give two curves, baseline and optimized; an
//!   experiment whose variants run on such profiles gives one. The load of each point is
//!   the one its profile states (what was asked for), so a run that prints no rate, or an
//!   achieved one, is still placed where the study put it.
//! - The curves are built by [`crate::curves::Curves`] (repeats averaged, capacity by
//!   linear interpolation), with the study's `[metrics] slo` as the SLOs; without SLOs
//!   there is no capacity. The metric drawn is the first SLO's column, else the primary
//!   metric.

use std::collections::BTreeSet;

use serde::Serialize;

use crate::curves::{Curves, Gpus, Spec};
use crate::model::Run;
use crate::study::{Outcome, Profile, Scenario, Study};

/// Read off at capacity beside the study's metrics: what the configuration delivers there.
pub const THROUGHPUT: &str = "output_throughput";

/// Load columns a profile may state, in order of preference.
pub const LOAD_COLUMNS: [&str; 2] = ["request_rate", "max_concurrency"];

/// Which runs a curve is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Baseline,
    Optimized,
    /// The variants of one experiment.
    Variants,
}

#[derive(Debug, Clone, Serialize)]
pub struct LoadCurve {
    /// `None`: the scenarios; `Some(e)`: the variants of experiment `e`.
    pub experiment: Option<usize>,
    /// The load column (`request_rate`).
    pub x: String,
    /// The metric drawn against the load.
    pub y: String,
    /// One curve per side, each a single series.
    pub sides: Vec<(Side, Curves)>,
}

/// The load a profile states: its column and value.
pub fn profile_load(p: &Profile) -> Option<(&'static str, f64)> {
    LOAD_COLUMNS.iter().find_map(|c| {
        let (_, v) = p.dataset.iter().find(|(k, _)| k == c)?;
        let v: f64 = v
            .trim()
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite() && *v > 0.0)?;
        Some((*c, v))
    })
}

/// Whether `profiles` (indices into the study's) form a load series; its column if so.
fn load_series(study: &Study, profiles: &[usize]) -> Option<&'static str> {
    let loads: Vec<(&str, f64)> = profiles
        .iter()
        .map(|&p| profile_load(&study.profiles[p]))
        .collect::<Option<_>>()?;
    let column = loads.first()?.0;
    if loads.iter().any(|(c, _)| *c != column) {
        return None;
    }
    let distinct: BTreeSet<u64> = loads.iter().map(|(_, v)| v.to_bits()).collect();
    if distinct.len() < 2 {
        return None;
    }
    let rest = |p: usize| -> Vec<&(String, String)> {
        study.profiles[p]
            .dataset
            .iter()
            .filter(|(k, _)| k != column)
            .collect()
    };
    let first = rest(profiles[0]);
    profiles.iter().all(|&p| rest(p) == first).then_some(column)
}

/// Every load series of the study, scenarios first, then experiments in order.
pub fn load_curves(study: &Study) -> Vec<LoadCurve> {
    let ys = ys(study);
    let mut out = Vec::new();
    let scenario_profiles: Vec<usize> = study.scenarios.iter().map(|s| s.profile).collect();
    if let Some(x) = load_series(study, &scenario_profiles) {
        let sides = [
            (Side::Baseline, scenario_runs(study, |s| &s.baseline)),
            (Side::Optimized, scenario_runs(study, |s| &s.optimized)),
        ]
        .into_iter()
        .filter_map(|(kind, runs)| curve(study, x, &ys, &runs).map(|c| (kind, c)))
        .collect::<Vec<_>>();
        if !sides.is_empty() {
            out.push(LoadCurve {
                experiment: None,
                x: x.to_owned(),
                y: ys[0].clone(),
                sides,
            });
        }
    }
    for (ei, e) in study.experiments.iter().enumerate() {
        let profiles: Vec<usize> = e.variants.iter().map(|v| v.profile).collect();
        let Some(x) = load_series(study, &profiles) else {
            continue;
        };
        let runs: Vec<(usize, &Run)> = e
            .variants
            .iter()
            .filter_map(|v| v.run().map(|r| (v.profile, r)))
            .collect();
        if let Some(c) = curve(study, x, &ys, &runs) {
            out.push(LoadCurve {
                experiment: Some(ei),
                x: x.to_owned(),
                y: ys[0].clone(),
                sides: vec![(Side::Variants, c)],
            });
        }
    }
    out
}

/// Each scenario's run on one side, with its profile.
fn scenario_runs(study: &Study, pick: fn(&Scenario) -> &Outcome) -> Vec<(usize, &Run)> {
    study
        .scenarios
        .iter()
        .filter_map(|s| pick(s).run().map(|r| (s.profile, r)))
        .collect()
}

/// The SLO columns, the primary metric, then the output throughput: the first is drawn,
/// all are read off at capacity.
fn ys(study: &Study) -> Vec<String> {
    let mut ys: Vec<String> = Vec::new();
    for c in study
        .slos
        .iter()
        .map(|s| s.column.clone())
        .chain([study.metrics.primary.clone(), THROUGHPUT.to_owned()])
    {
        if !ys.contains(&c) {
            ys.push(c);
        }
    }
    ys
}

/// One curve of runs placed at their profiles' loads; `None` without two points.
fn curve(study: &Study, x: &str, ys: &[String], runs: &[(usize, &Run)]) -> Option<Curves> {
    let placed: Vec<Run> = runs
        .iter()
        .filter_map(|&(p, r)| {
            let (_, load) = profile_load(&study.profiles[p])?;
            let mut r = r.clone();
            r.set_num(x.to_owned(), load);
            Some(r)
        })
        .collect();
    let spec = Spec {
        x: x.to_owned(),
        ys: ys.to_vec(),
        by: Some(Vec::new()),
        slos: study.slos.clone(),
        gpus: Gpus::Parallelism,
    };
    let curves = Curves::new(&placed, &spec).ok()?;
    (curves.series.iter().map(|s| s.points.len()).sum::<usize>() >= 2).then_some(curves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::Bound;
    use std::path::Path;

    const STUDY: &str = "fixtures/studies/qwen3.5-9b-h100-latency/study.toml";

    fn study() -> Study {
        crate::study::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join(STUDY)).unwrap()
    }

    #[test]
    fn the_latency_rates_are_two_curves_with_their_capacity() {
        let s = study();
        let curves = load_curves(&s);
        let scen = curves.iter().find(|c| c.experiment.is_none()).unwrap();
        assert_eq!(scen.x, "request_rate");
        assert_eq!(scen.y, "mean_e2el_ms");
        assert_eq!(scen.sides.len(), 2);
        for (side, c) in &scen.sides {
            let series = &c.series[0];
            let xs: Vec<f64> = series.points.iter().map(|p| p.x).collect();
            assert_eq!(xs, [1.0, 4.0, 8.0, 16.0], "{side:?}");
            // Each point's mean latency is its scenario run's own number.
            for (p, sc) in series.points.iter().zip(&s.scenarios) {
                let run = match side {
                    Side::Baseline => sc.baseline.run(),
                    _ => sc.optimized.run(),
                }
                .unwrap();
                assert_eq!(
                    p.values["mean_e2el_ms"].mean,
                    run.get("mean_e2el_ms").unwrap()
                );
            }
            let cap = series.capacity.as_ref().unwrap();
            // The SLO (mean latency ≤ 3 s) holds at rate 8 and fails at 16: linear
            // between the two points' means.
            let at = |x: f64| {
                series.points.iter().find(|p| p.x == x).unwrap().values["mean_e2el_ms"].mean
            };
            let (l8, l16) = (at(8.0), at(16.0));
            assert!(l8 <= 3000.0 && l16 > 3000.0, "{l8} {l16}");
            let want = 8.0 + (3000.0 - l8) / (l16 - l8) * 8.0;
            assert_eq!(cap.bound, Bound::Interpolated);
            assert!((cap.value.unwrap() - want).abs() < 1e-9, "{cap:?} {want}");
        }
    }

    #[test]
    fn profiles_that_differ_in_more_than_the_load_are_no_series() {
        let s = crate::study::load(
            &Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("fixtures/studies/qwen3.5-9b-h100/study.toml"),
        )
        .unwrap();
        assert!(load_curves(&s).is_empty());
    }
}
