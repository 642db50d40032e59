//! The `perflab` binary: parse flags, run the command, map the outcome to an exit code
//! (0 ok, 1 a regression or a failed check, 2 an error).

// mimalloc: ingest allocates a map of small values per run; on the dense benchmark corpus
// (296,000 runs) it took 1.89 s under glibc's allocator, 1.21 s under mimalloc
// (BENCHMARKS.md, "Allocator").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(perflab::cli::main());
}
