//! The requests frame at scale: a vLLM `--save-detailed` result of 1,000,000 requests
//! (8 gaps each, ~230 MB of JSON, `support::detailed_json`) read into requests, its
//! percentiles recomputed, written as Parquet, and its CDF charts drawn.
//!
//! Run: `cargo bench --bench requests` (see BENCHMARKS.md; memory is measured with the
//! documented `/usr/bin/time -v perflab ingest` command there, since criterion reports
//! time only).

mod support;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use perflab::l10n::Localizer;
use perflab::model::FrameFormat;
use perflab::render::requests::{charts, Side};
use perflab::requests::{read_text, RequestsWriter};

fn million(c: &mut Criterion) {
    let text = support::detailed_json(1_000_000, 8, 1);
    let runs = read_text(&text).expect("reads").expect("has requests");
    let l10n = Localizer::new("en").expect("en");
    let mut group = c.benchmark_group("requests_1M");
    group.sample_size(10);
    group.bench_function("read", |b| {
        b.iter(|| black_box(read_text(&text).expect("reads")))
    });
    group.bench_function("write_parquet", |b| {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("requests.parquet");
        b.iter(|| {
            let mut w = RequestsWriter::create(&path, FrameFormat::Parquet).expect("create");
            w.write("big.json", &runs[0]).expect("write");
            w.finish().expect("finish")
        })
    });
    group.bench_function("cdf_and_time_charts", |b| {
        let sides = [Side {
            name: "big",
            requests: &runs[0],
            dashed: false,
        }];
        b.iter(|| black_box(charts(&sides, &l10n).expect("draws")))
    });
    group.finish();
}

criterion_group!(benches, million);
criterion_main!(benches);
