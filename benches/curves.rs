//! `perflab curves` speed: 1,000 series of 50 load points each (50,000 runs), grouped into
//! curves, capacity at two SLOs per series and the Pareto frontier over all points; and
//! the same with 3 repeats per point (150,000 runs, every point with its t interval and
//! every series with its capacity interval).
//!
//! Run: `cargo bench --bench curves` (see BENCHMARKS.md for the figures).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use perflab::curves::{Curves, Gpus, Slo, Spec};
use perflab::model::{Format, Run};

/// A deterministic sweep: series `s` is `max_num_seqs = s`, points are concurrency
/// 1..=50; TTFT climbs with the load (faster for small `s`), so the SLO crosses mid-curve
/// for most series; repeats wobble by ±2%.
fn sweep(series: usize, points: usize, repeats: usize) -> Vec<Run> {
    let mut runs = Vec::with_capacity(series * points * repeats);
    for s in 0..series {
        for p in 1..=points {
            for rep in 0..repeats {
                let wobble = 1.0 + 0.02 * ((s * 31 + p * 7 + rep * 13) % 5) as f64 / 2.0 - 0.02;
                let slope = 4.0 + (s % 97) as f64 / 10.0;
                let mut r = Run::new(Format::VllmServeJson, None);
                r.source =
                    format!("SERVE--max_num_seqs={s}-BENCH--max_concurrency={p}/run={rep}.json");
                r.set_num("max_num_seqs", s as f64);
                r.set_num("max_concurrency", p as f64);
                r.set_num("run_number", rep as f64);
                r.set_num(
                    "p99_ttft_ms",
                    (20.0 + slope * p as f64 * p as f64 / 10.0) * wobble,
                );
                r.set_num("mean_tpot_ms", (5.0 + 0.3 * p as f64) * wobble);
                r.set_num(
                    "output_throughput",
                    300.0 * p as f64 / (1.0 + p as f64 / 40.0) * wobble,
                );
                runs.push(r);
            }
        }
    }
    runs
}

fn spec() -> Spec {
    Spec {
        x: "max_concurrency".into(),
        ys: vec!["p99_ttft_ms".into(), "output_throughput".into()],
        by: None,
        slos: ["p99_ttft_ms<=500", "mean_tpot_ms<=15"]
            .iter()
            .map(|s| Slo::parse(s).expect("SLO"))
            .collect(),
        gpus: Gpus::Parallelism,
    }
}

fn bench(c: &mut Criterion) {
    let spec = spec();
    let runs = sweep(1_000, 50, 1);
    c.bench_function(
        "curves 1,000 series x 50 points: curves, capacities, frontier",
        |b| b.iter(|| black_box(Curves::new(&runs, &spec).expect("curves"))),
    );
    let runs = sweep(1_000, 50, 3);
    c.bench_function(
        "curves 1,000 series x 50 points x 3 repeats: with intervals",
        |b| b.iter(|| black_box(Curves::new(&runs, &spec).expect("curves"))),
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
