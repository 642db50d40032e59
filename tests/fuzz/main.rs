//! Fuzzing every reader of text that strangers wrote: the targets of `fuzz/src/` (one
//! per reader: `check`, `import`, the pair of `diff DOC.md`, `translate` and its page,
//! the requests lists, a history store's part, `ingest`), run here by a bounded,
//! seeded mutation fuzzer on their fixtures (`drive`, `mutate`, `seeds`). The same
//! bodies are the AFL++ targets of `fuzz/fuzz_targets/` (docs/fuzzing.md).
//!
//! `cargo test` runs each target on its seeds and on every input that once broke it
//! (`tests/fuzz/regressions/TARGET/`); the campaigns are `#[ignore]`d and run by
//! `.ci/run` for a bounded time:
//! `PERFLAB_FUZZ_SECONDS=25 cargo test --test fuzz -- --ignored --test-threads 1 --nocapture`.

#[path = "../../fuzz/src/lib.rs"]
mod targets;

mod drive;
mod mutate;
mod seeds;

#[test]
fn every_target_keeps_its_promises_on_its_seeds_and_on_past_failures() {
    for target in targets::TARGETS {
        let seeds = seeds::load(target);
        let past = seeds::regressions(target);
        // A target without seeds would be fuzzed from nothing.
        assert!(seeds.len() >= 3, "{}: {} seeds", target.name, seeds.len());
        for (name, input) in past.iter().chain(&seeds) {
            if let Err(why) = drive::run_caught(target, input) {
                panic!("{} on {name}: {why}", target.name);
            }
        }
    }
}

#[test]
#[ignore = "a fuzzing campaign: .ci/run runs it for a bounded time"]
fn fuzz_check() {
    drive::campaign(targets::target("check"));
}

#[test]
#[ignore = "a fuzzing campaign: .ci/run runs it for a bounded time"]
fn fuzz_import() {
    drive::campaign(targets::target("import"));
}

#[test]
#[ignore = "a fuzzing campaign: .ci/run runs it for a bounded time"]
fn fuzz_document_pair() {
    drive::campaign(targets::target("document_pair"));
}

#[test]
#[ignore = "a fuzzing campaign: .ci/run runs it for a bounded time"]
fn fuzz_translate() {
    drive::campaign(targets::target("translate"));
}

#[test]
#[ignore = "a fuzzing campaign: .ci/run runs it for a bounded time"]
fn fuzz_requests() {
    drive::campaign(targets::target("requests"));
}

#[test]
#[ignore = "a fuzzing campaign: .ci/run runs it for a bounded time"]
fn fuzz_history() {
    drive::campaign(targets::target("history"));
}

#[test]
#[ignore = "a fuzzing campaign: .ci/run runs it for a bounded time"]
fn fuzz_ingest() {
    drive::campaign(targets::target("ingest"));
}

/// The seeds of every target as files, for AFL (`-i DIR/TARGET`):
/// `PERFLAB_FUZZ_SEEDS_OUT=DIR cargo test --test fuzz -- --ignored write_afl_seeds`.
#[test]
#[ignore = "writes the AFL seed folders where PERFLAB_FUZZ_SEEDS_OUT says"]
fn write_afl_seeds() {
    let out = std::path::PathBuf::from(
        std::env::var_os("PERFLAB_FUZZ_SEEDS_OUT").expect("PERFLAB_FUZZ_SEEDS_OUT=DIR"),
    );
    for target in targets::TARGETS {
        let dir = out.join(target.name);
        std::fs::create_dir_all(&dir).unwrap();
        let seeds = seeds::load(target);
        for (i, (_, input)) in seeds.iter().enumerate() {
            std::fs::write(dir.join(format!("seed-{i:03}")), input).unwrap();
        }
        eprintln!(
            "{}: {} seeds in {}",
            target.name,
            seeds.len(),
            dir.display()
        );
    }
}
