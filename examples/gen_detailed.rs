//! Writes a synthetic vLLM `--save-detailed` result for the requests figures of
//! BENCHMARKS.md: `cargo run --release --example gen_detailed -- FILE [REQUESTS] [GAPS] [SEED]`
//! (defaults: 1,000,000 requests, 8 inter-token gaps each, seed 1).

#[path = "../benches/support/mod.rs"]
mod support;

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let path = std::path::PathBuf::from(args.next().unwrap_or_else(|| "/tmp/detailed.json".into()));
    let requests: usize = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let gaps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(8);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let text = support::detailed_json(requests, gaps, seed);
    std::fs::write(&path, &text)?;
    println!(
        "{}: {requests} requests, {} MiB",
        path.display(),
        text.len() >> 20
    );
    Ok(())
}
