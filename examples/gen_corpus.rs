//! Writes a large synthetic corpus for the ingest throughput figures of BENCHMARKS.md:
//! `cargo run --release --example gen_corpus -- DIR [LOG_MIB] [JSON_FILES]`
//! (defaults: 1024 MiB of noisy logs in 16 files, 100,000 result JSON files).

#[path = "../benches/support/mod.rs"]
mod support;

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let dir = std::path::PathBuf::from(args.next().unwrap_or_else(|| "/tmp/perflab-corpus".into()));
    let log_mib: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1024);
    let json_files: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let logs = support::write_log_tree(&dir.join("logs"), 16, (log_mib << 20) / 16)?;
    let json = support::write_json_tree(&dir.join("json"), json_files)?;
    println!(
        "{}: {} MiB of logs, {} JSON files ({} MiB)",
        dir.display(),
        logs >> 20,
        json_files,
        json >> 20
    );
    Ok(())
}
