//! `perflab history` speed on a store of a year of nights: 365 nights of 2,740 runs
//! (1,000,100 runs, one part per night, as `history add` writes them) in a folder store.
//! Measured: adding one more night of 3,000 runs (dedup against the night's partition
//! and the Parquet write), and a trend report of 100 series (365 runs each: reading the
//! projected columns of every part, E-Divisive means with 199 shuffles per test, and the
//! English page with 100 SVG charts).
//!
//! Run: `cargo bench --bench history` (see BENCHMARKS.md for the figures). The store is
//! built once under the system's temp folder before the measurements (about a minute).

use std::cell::Cell;
use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use perflab::history::{self, Labels, Settings, Store, TrendSpec};
use perflab::render::templates::Templates;

#[path = "support/history.rs"]
mod support;
use support::{date, night, NIGHTS, RUNS_PER_NIGHT};

fn bench_history(c: &mut Criterion) {
    let dir = std::env::temp_dir().join("perflab-bench-history");
    let _ = std::fs::remove_dir_all(&dir);
    let store = Store::open(dir.to_str().unwrap(), true).unwrap();
    let labels: Labels = [("machine".to_owned(), "h100-1".to_owned())].into();
    for n in 0..NIGHTS {
        history::add(&store, &night(n, RUNS_PER_NIGHT), &labels, &date(n)).unwrap();
    }
    let mut group = c.benchmark_group("history");
    group.sample_size(10);
    let next_day = Cell::new(NIGHTS);
    let tonight = night(NIGHTS, 3_000);
    group.bench_function("add_one_night_of_3000_runs_to_1m", |b| {
        b.iter(|| {
            // A new night each time, so that every iteration really writes.
            let day = next_day.get();
            next_day.set(day + 1);
            black_box(history::add(&store, &tonight, &labels, &date(day)).unwrap())
        })
    });
    let spec = TrendSpec {
        metrics: vec!["output_throughput".into()],
        default_metrics: false,
        key: vec!["model_id".into(), "max_concurrency".into()],
        filters: vec![("model_id".into(), "model-03".into())],
        since: Some(date(0)),
        settings: Settings::default(),
        recent: 30,
    };
    let templates = Templates::new(None).unwrap();
    group.bench_function("report_100_series_of_365_runs", |b| {
        b.iter(|| {
            let trends = history::trends(&store, &spec).unwrap();
            assert_eq!(trends.series.len(), 100);
            black_box(perflab::render::history::render(&trends, "store", "en", &templates).unwrap())
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench_history);
criterion_main!(benches);
