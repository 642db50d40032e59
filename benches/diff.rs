//! `perflab diff` speed: 10,000 baseline runs against 10,000 candidate runs, compared
//! (pairing, statistics, verdicts) and rendered to Markdown and JUnit, as a CI job does.
//! Two shapes: one run per key (10,000 pairs, threshold alone) and five repeats per key
//! (2,000 pairs, each metric through Welch's t-test and the t quantile).
//!
//! Run: `cargo bench --bench diff` (see BENCHMARKS.md for the figures).

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use perflab::compare::{compare, Policy};
use perflab::l10n::Localizer;
use perflab::model::{Format, Run};
use perflab::render::diff::{junit, markdown, DiffView};

const METRICS: [(&str, f64); 12] = [
    ("completed", 1000.0),
    ("failed", 0.0),
    ("request_throughput", 19.1),
    ("output_throughput", 612.5),
    ("total_token_throughput", 2564.1),
    ("mean_ttft_ms", 330.8),
    ("p99_ttft_ms", 987.5),
    ("mean_tpot_ms", 8.39),
    ("p99_tpot_ms", 8.42),
    ("mean_itl_ms", 8.39),
    ("mean_e2el_ms", 8910.3),
    ("duration", 89.2),
];

/// A deterministic run: values wobble by a few percent with `seed` (no RNG crate needed).
fn run(source: String, run_index: u32, seed: u64, scale: f64) -> Run {
    let mut r = Run::new(Format::VllmServeJson, None);
    r.source = source;
    r.run_index = run_index;
    r.set_text("model_id", "bench-model");
    for (i, (name, base)) in METRICS.iter().enumerate() {
        let wobble = ((seed
            .wrapping_mul(2_654_435_761)
            .wrapping_add(i as u64 * 40_503))
            % 1000) as f64
            / 1000.0;
        r.set_num(*name, base * scale * (0.98 + 0.04 * wobble));
    }
    r
}

/// `keys × repeats` runs per side; every tenth candidate key is 8% slower.
fn sides(keys: usize, repeats: usize) -> (Vec<Run>, Vec<Run>) {
    let mut base = Vec::with_capacity(keys * repeats);
    let mut cand = Vec::with_capacity(keys * repeats);
    for k in 0..keys {
        for rep in 0..repeats {
            let seed = (k * repeats + rep) as u64;
            let source = format!("conc{}/run{k:05}.json", k % 7);
            base.push(run(source.clone(), rep as u32, seed, 1.0));
            let scale = if k % 10 == 0 { 0.92 } else { 1.0 };
            cand.push(run(source, rep as u32, seed + 17, scale));
        }
    }
    (base, cand)
}

fn bench(c: &mut Criterion) {
    let policy = Policy::default_policy();
    let l10n = Localizer::new("en").expect("English locale");
    let templates = perflab::render::templates::Templates::new(None).expect("templates");
    let single_key: Vec<String> = ["source", "run_index"].map(String::from).to_vec();
    // Repeats share the source; pairing by source alone groups them.
    let repeat_key: Vec<String> = vec!["source".into()];

    let (base, cand) = sides(10_000, 1);
    c.bench_function("diff 10k vs 10k runs, one per key: compare", |b| {
        b.iter(|| black_box(compare(&base, &cand, &single_key, &policy)))
    });
    c.bench_function(
        "diff 10k vs 10k runs, one per key: compare + markdown + junit",
        |b| {
            b.iter(|| {
                let cmp = compare(&base, &cand, &single_key, &policy);
                let view = DiffView::new(&cmp, &l10n);
                black_box((
                    markdown::render(&view, &l10n, &templates),
                    junit::render(&cmp, &l10n),
                ))
            })
        },
    );

    let (base, cand) = sides(2_000, 5);
    c.bench_function("diff 10k vs 10k runs, 5 repeats per key: compare", |b| {
        b.iter(|| black_box(compare(&base, &cand, &repeat_key, &policy)))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = bench
}
criterion_main!(benches);
