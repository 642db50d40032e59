//! Writes the history store of BENCHMARKS.md: a year of nights (365 × 2,740 runs,
//! 1,000,100 runs in all) in a folder store, and one more night of 3,000 runs as a runs
//! frame (NDJSON) to add with the CLI:
//! `cargo run --release --example gen_history -- STORE NIGHT.ndjson [RUNS_PER_NIGHT]`.
//! With RUNS_PER_NIGHT (default 2,740) the store has that many series (100 concurrencies
//! of RUNS_PER_NIGHT / 100 models), and the night to add as many runs: 10,000 gives the
//! 10,000 series × 365 nights of the report benchmark, 27,400 a store of 10,001,000 runs.

#[path = "../benches/support/history.rs"]
mod support;

use perflab::history::{self, Labels, Store};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "/tmp/perflab-history".into());
    let tonight = args
        .next()
        .unwrap_or_else(|| "/tmp/perflab-tonight.ndjson".into());
    let per_night: usize = match args.next() {
        Some(n) => n.parse()?,
        None => support::RUNS_PER_NIGHT,
    };
    let tonight_runs = if per_night == support::RUNS_PER_NIGHT {
        3_000
    } else {
        per_night
    };
    let store = Store::open(&dir, true)?;
    let labels: Labels = [("machine".to_owned(), "h100-1".to_owned())].into();
    for n in 0..support::NIGHTS {
        history::add(
            &store,
            &support::night(n, per_night),
            &labels,
            &support::date(n),
        )?;
    }
    let runs = support::night(support::NIGHTS, tonight_runs);
    perflab::model::write_frame(
        &runs,
        std::path::Path::new(&tonight),
        perflab::model::FrameFormat::NdJson,
    )?;
    println!(
        "{dir}: {} runs over {} nights; {tonight}: {tonight_runs} runs of {}",
        support::NIGHTS * per_night,
        support::NIGHTS,
        support::date(support::NIGHTS)
    );
    Ok(())
}
