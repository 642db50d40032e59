//! The real `vllm bench sweep serve` folder of the fixtures, and sweeps cut from it.

use std::path::Path;

/// The sweep of the mock server's `itl_ms` values (fixtures/vllm-sweep/README.md).
pub const SWEEP: &str = "fixtures/vllm-sweep/mock-sweep";

/// The fixture's `itl_ms=N` runs (repeats `0..runs`) alone, as a sweep folder of their
/// own (same layout).
pub fn sweep_of(itl: u32, runs: u32) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(SWEEP);
    for c in [1, 4, 16, 64] {
        let comb = format!("BENCH--max_concurrency={c}");
        std::fs::create_dir(dir.path().join(&comb)).unwrap();
        for run in 0..runs {
            let name = format!("run={run}.json");
            let from = root.join(format!("SERVE--itl_ms={itl}-{comb}")).join(&name);
            std::fs::copy(from, dir.path().join(&comb).join(&name)).unwrap();
        }
    }
    dir
}
