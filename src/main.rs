//! The `perflab` binary: parse flags, run the command, map the outcome to an exit code
//! (0 ok, 1 a regression or a failed check, 2 an error).

// mimalloc: allocating the runs of a large corpus (maps of small values, one per block)
// was a fifth of ingest's time under glibc's allocator (BENCHMARKS.md, "Allocator").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    std::process::exit(perflab::cli::main());
}
