//! Hand-computed sweeps through the whole stage: grouping, repeats, capacity, interval.

use super::*;
use crate::model::Format;

fn run(seqs: f64, conc: f64, ttft: f64, tput: f64) -> Run {
    let mut r = Run::new(Format::VllmServeJson, None);
    r.set_num("max_num_seqs", seqs);
    r.set_num("max_concurrency", conc);
    r.set_num("p99_ttft_ms", ttft);
    r.set_num("output_throughput", tput);
    r
}

fn spec(slos: &[&str]) -> Spec {
    Spec {
        x: "max_concurrency".into(),
        ys: vec!["output_throughput".into()],
        by: None,
        slos: slos.iter().map(|s| Slo::parse(s).unwrap()).collect(),
        gpus: Gpus::Parallelism,
    }
}

#[test]
fn two_series_crossing_none_and_all() {
    let mut runs = Vec::new();
    // max_num_seqs 8: TTFT 100, 200, 400, 800 → crosses 500 at 5; throughput 37.5 there.
    for (c, ttft, tput) in [
        (1.0, 100.0, 10.0),
        (2.0, 200.0, 20.0),
        (4.0, 400.0, 35.0),
        (8.0, 800.0, 45.0),
    ] {
        runs.push(run(8.0, c, ttft, tput));
    }
    // max_num_seqs 16: TTFT 90, 180, 300, 450 → every point holds.
    for (c, ttft, tput) in [
        (1.0, 90.0, 11.0),
        (2.0, 180.0, 22.0),
        (4.0, 300.0, 40.0),
        (8.0, 450.0, 70.0),
    ] {
        runs.push(run(16.0, c, ttft, tput));
    }
    // max_num_seqs 2: the first point already fails.
    runs.push(run(2.0, 1.0, 600.0, 5.0));
    runs.push(run(2.0, 2.0, 900.0, 6.0));
    let curves = Curves::new(&runs, &spec(&["p99_ttft_ms<=500"])).unwrap();
    assert_eq!(curves.by, ["max_num_seqs"]);
    let caps: Vec<(Option<f64>, Bound)> = curves
        .series
        .iter()
        .map(|s| {
            let c = s.capacity.as_ref().unwrap();
            (c.value, c.bound)
        })
        .collect();
    // Series sort numerically by max_num_seqs: 2, 8, 16.
    assert_eq!(
        caps,
        [
            (None, Bound::BelowFirst),
            (Some(5.0), Bound::Interpolated),
            (Some(8.0), Bound::AboveLast)
        ]
    );
    let eight = curves.series[1].capacity.as_ref().unwrap();
    assert_eq!(eight.at["output_throughput"], Some(37.5));
    assert_eq!(eight.limiting.as_deref(), Some("p99_ttft_ms<=500"));
    assert_eq!(eight.interval, None);
    assert_eq!(
        curves.series[2].capacity.as_ref().unwrap().at["output_throughput"],
        Some(70.0)
    );
    assert_eq!(
        curves.series[1].name(&curves.by).as_deref(),
        Some("max_num_seqs=8")
    );
}

#[test]
fn repeats_give_a_capacity_interval() {
    // Three repeats per point, TTFT mean 100·x ± 5 (sd 5): half-width
    // t(0.975, 2)·5/√3 = 4.302653·2.886751 = 12.420692.
    // Mean curve crosses 500 on (4, 8) at 5; the pessimistic curve (+12.420692) at
    // 4 + (500 − 412.420692)·4/400 = 4.875793, the optimistic one at 5.124207.
    let mut runs = Vec::new();
    for c in [1.0, 2.0, 4.0, 8.0] {
        for d in [-5.0, 0.0, 5.0] {
            runs.push(run(8.0, c, 100.0 * c + d, 10.0 * c));
        }
    }
    let curves = Curves::new(&runs, &spec(&["p99_ttft_ms<=500"])).unwrap();
    assert_eq!(curves.series.len(), 1);
    assert!(curves.by.is_empty());
    let s = &curves.series[0];
    assert_eq!(s.points.len(), 4);
    assert!(s.points.iter().all(|p| p.runs == 3));
    let c = s.capacity.as_ref().unwrap();
    assert!((c.value.unwrap() - 5.0).abs() < 1e-9);
    let (lo, hi) = c.interval.unwrap();
    assert!((lo.value.unwrap() - 4.875793).abs() < 1e-6, "{lo:?}");
    assert!((hi.value.unwrap() - 5.124207).abs() < 1e-6, "{hi:?}");
    assert_eq!(
        (lo.bound, hi.bound),
        (Bound::Interpolated, Bound::Interpolated)
    );
}

#[test]
fn two_slos_and_an_explicit_by() {
    let mut runs = Vec::new();
    for (c, ttft, tpot) in [
        (1.0, 100.0, 10.0),
        (2.0, 200.0, 20.0),
        (4.0, 400.0, 30.0),
        (8.0, 800.0, 90.0),
    ] {
        let mut r = run(8.0, c, ttft, 1.0);
        r.set_num("mean_tpot_ms", tpot);
        runs.push(r);
    }
    let mut s = spec(&["p99_ttft_ms<=500", "mean_tpot_ms<=40"]);
    s.by = Some(vec!["max_num_seqs".into()]);
    let curves = Curves::new(&runs, &s).unwrap();
    let c = curves.series[0].capacity.as_ref().unwrap();
    assert!((c.value.unwrap() - 14.0 / 3.0).abs() < 1e-12);
    assert_eq!(c.limiting.as_deref(), Some("mean_tpot_ms<=40"));
}

#[test]
fn no_load_numbers_is_an_error() {
    let mut r = Run::new(Format::VllmServeJson, None);
    r.set_num("output_throughput", 1.0);
    let err = Curves::new(&[r], &spec(&[])).unwrap_err();
    assert!(err.to_string().contains("max_concurrency"), "{err}");
    assert!(Curves::new(&[], &spec(&[])).is_err());
}
