//! The `perflab` binary: parse flags, run the command, map the outcome to an exit code
//! (0 ok, 1 a regression or a failed check, 2 an error).

// mimalloc: ingest allocates a map of small values per run; on the dense benchmark corpus
// (296,000 runs) it took 1.89 s under glibc's allocator, 1.21 s under mimalloc
// (BENCHMARKS.md, "Allocator").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    no_transparent_huge_pages();
    std::process::exit(perflab::cli::main());
}

/// The kernel's transparent huge pages off for this process. On a system that gives them
/// to every allocation (`/sys/kernel/mm/transparent_hugepage/enabled` = always), each
/// first write to fresh memory had the kernel zero 2 MiB; for the 1,000,000-request
/// ingest that was a quarter of its time (1.1–1.5 s of kernel time against 0.3 s with
/// 4 KiB pages, BENCHMARKS.md "Issue 26: the requests frame of 1,000,000 requests").
/// mimalloc does the same under `MIMALLOC_ALLOW_THP=0`.
#[cfg(target_os = "linux")]
fn no_transparent_huge_pages() {
    // SAFETY: prctl(PR_SET_THP_DISABLE) takes integers and reads or writes no memory of
    // the process; its failure (an old kernel) only leaves huge pages on. Tested from
    // outside (tests/shell/process_setup.rs): the kernel shows the flag set for the
    // binary's process, which then runs its command to the end.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

#[cfg(not(target_os = "linux"))]
fn no_transparent_huge_pages() {}
