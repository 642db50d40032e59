//! Ingest throughput. Run: `cargo bench --bench ingest` (results in BENCHMARKS.md).
//! Single-file groups measure one core; `directory` measures the parallel walk over all
//! cores. The 1 GiB / 100,000-file figures use `examples/gen_corpus.rs` (see
//! BENCHMARKS.md), since criterion repeats each measurement many times.

mod support;

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use perflab::ingest::{self, read_source, Options, Source};

fn single_file(c: &mut Criterion) {
    let mut group = c.benchmark_group("single_file");
    group.sample_size(10);
    let cases = [
        ("noisy_log_64MiB", support::noisy_log(64 << 20)),
        ("dense_blocks_16MiB", support::dense_blocks(16 << 20)),
        ("result_json_40req", support::result_json(1, 40)),
        ("result_json_4000req", support::result_json(1, 4000)),
    ];
    for (name, text) in &cases {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(*name, |b| {
            b.iter(|| {
                let src = Source::new(Path::new("bench.log"), text);
                let parsed = read_source(&src, None).expect("parses").expect("has runs");
                assert!(!parsed.runs.is_empty());
                parsed.runs.len()
            })
        });
    }
    group.finish();
}

fn directory(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("temp dir");
    let bytes = support::write_json_tree(dir.path(), 10_000).expect("write corpus");
    let mut group = c.benchmark_group("directory");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(bytes));
    group.bench_function("json_10000_files", |b| {
        b.iter(|| {
            let got =
                ingest::ingest(&[dir.path().to_path_buf()], &Options::default()).expect("ingest");
            assert_eq!(got.files.len(), 10_000);
        })
    });
    group.finish();
}

criterion_group!(benches, single_file, directory);
criterion_main!(benches);
