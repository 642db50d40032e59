//! Writes one corpus of `scripts/ingest-vs-baselines.sh` (BENCHMARKS.md, "perflab ingest
//! against baselines"): `cargo run --example gen_corpus_bench -- KIND DIR FILES SIZE`
//! - `logs DIR FILES KIB`: noisy logs of KIB KiB each, result blocks ≈ 1% of the text;
//! - `dense DIR FILES KIB`: back-to-back result blocks, KIB KiB per file;
//! - `json DIR FILES REQUESTS`: result JSON files with REQUESTS per-request latencies;
//! - `tools DIR FILES KIB`: the text outputs of llama-bench, MLPerf, trtllm-bench, ollama and
//!   evalscope from their fixtures, back to back; `evalscope DIR FILES KIB`: evalscope's
//!   consoles only.
//!
//! The text comes from `benches/support`, so the criterion benches and this script read
//! the same kind of files.

#[path = "../benches/support/mod.rs"]
mod support;

use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [kind, dir, files, size] = args.as_slice() else {
        eprintln!("usage: gen_corpus_bench logs|dense|json|tools|evalscope DIR FILES SIZE");
        std::process::exit(2);
    };
    let dir = PathBuf::from(dir);
    let (files, size): (usize, usize) = match (files.parse(), size.parse()) {
        (Ok(f), Ok(s)) => (f, s),
        _ => {
            eprintln!("gen_corpus_bench: FILES and SIZE are numbers");
            std::process::exit(2);
        }
    };
    let bytes = match kind.as_str() {
        "logs" => support::write_copies(&dir, files, "log", &support::noisy_log(size << 10))?,
        "dense" => support::write_copies(&dir, files, "log", &support::dense_blocks(size << 10))?,
        "json" => support::write_json_files(&dir, files, size)?,
        "tools" => support::write_copies(
            &dir,
            files,
            "log",
            &support::tool_logs(&support::TOOL_TEXTS, size << 10),
        )?,
        "evalscope" => support::write_copies(
            &dir,
            files,
            "log",
            &support::tool_logs(&support::TOOL_TEXTS[..2], size << 10),
        )?,
        _ => {
            eprintln!("gen_corpus_bench: KIND is logs, dense, json, tools or evalscope");
            std::process::exit(2);
        }
    };
    println!("{}: {files} files, {} bytes", dir.display(), bytes);
    Ok(())
}
