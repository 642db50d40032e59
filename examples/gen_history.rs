//! Writes the history store of BENCHMARKS.md: a year of nights (365 × 2,740 runs,
//! 1,000,100 runs in all) in a folder store, and one more night of 3,000 runs as a runs
//! frame (NDJSON) to add with the CLI:
//! `cargo run --release --example gen_history -- STORE NIGHT.ndjson`.

#[path = "../benches/support/history.rs"]
mod support;

use perflab::history::{self, Labels, Store};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "/tmp/perflab-history".into());
    let tonight = args
        .next()
        .unwrap_or_else(|| "/tmp/perflab-tonight.ndjson".into());
    let store = Store::open(&dir, true)?;
    let labels: Labels = [("machine".to_owned(), "h100-1".to_owned())].into();
    for n in 0..support::NIGHTS {
        history::add(
            &store,
            &support::night(n, support::RUNS_PER_NIGHT),
            &labels,
            &support::date(n),
        )?;
    }
    let runs = support::night(support::NIGHTS, 3_000);
    perflab::model::write_frame(
        &runs,
        std::path::Path::new(&tonight),
        perflab::model::FrameFormat::NdJson,
    )?;
    println!(
        "{dir}: {} runs over {} nights; {tonight}: 3000 runs of {}",
        support::NIGHTS * support::RUNS_PER_NIGHT,
        support::NIGHTS,
        support::date(support::NIGHTS)
    );
    Ok(())
}
