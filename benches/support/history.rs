//! A year of synthetic nightly runs for the history benchmark (benches/history.rs) and
//! the store generator of BENCHMARKS.md (examples/gen_history.rs).
#![allow(dead_code)]

use perflab::model::{Format, Run};

pub const NIGHTS: usize = 365;
/// 365 nights of 2,740 runs: 1,000,100 runs.
pub const RUNS_PER_NIGHT: usize = 2_740;
pub const SERIES_PER_MODEL: usize = 100;

/// Night `night`'s runs: model `m`, concurrency `c` (100 per model); throughput with ±1%
/// noise and a 6% drop at night 200 for every third series.
pub fn night(night: usize, runs: usize) -> Vec<Run> {
    (0..runs)
        .map(|i| {
            let (model, conc) = (i / SERIES_PER_MODEL, i % SERIES_PER_MODEL + 1);
            let mut r = Run::new(Format::VllmServeJson, None);
            r.source = "result.json".into();
            r.set_text("model_id", format!("model-{model:02}"));
            r.set_num("max_concurrency", conc as f64);
            let noise = ((night * 7919 + i * 104_729) % 201) as f64 / 10_000.0 - 0.01;
            let step = if night >= 200 && conc % 3 == 0 {
                0.94
            } else {
                1.0
            };
            r.set_num(
                "output_throughput",
                30.0 * conc as f64 * step * (1.0 + noise),
            );
            r.set_num("mean_ttft_ms", 20.0 + conc as f64 * (1.0 - noise));
            r.set_num("completed", 1000.0);
            r.set_num("failed", 0.0);
            r
        })
        .collect()
}

/// `2026-01-01` plus `day` days.
pub fn date(day: usize) -> String {
    let start = chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap_or_default();
    (start + chrono::Days::new(day as u64))
        .format("%Y-%m-%d")
        .to_string()
}
