//! The fuzz targets of perflab: one per reader of text that strangers wrote, each a
//! function from arbitrary bytes to the reader's call that panics when the reader breaks
//! its promise (it panicked itself, an error names no file, an output page carries
//! script, a result cannot be written). Two drivers run the same bodies: the AFL++
//! binaries of `fuzz_targets/` (coverage-guided, `cargo afl`, outside the main build) and
//! the bounded, seeded mutation fuzzer of `tests/fuzz/` (built by `cargo test`, run by
//! `.ci/run`), which includes this file. docs/fuzzing.md says how to run both.

use std::path::Path;

mod documents;
mod history;
mod ingest;
mod promise;
mod requests;

/// A reader under fuzzing, with where its seeds come from.
pub struct Target {
    pub name: &'static str,
    /// Folders of `fixtures/` (relative to the repository) whose files seed it.
    pub seed_folders: &'static [&'static str],
    /// The endings of the seed files taken from those folders.
    pub seed_endings: &'static [&'static str],
    /// A fixture as this target's input (`None`: not a seed of it): most take the file as
    /// it is, some prefix a byte that picks an option, the history store writes it as a
    /// store part.
    pub seed_input: fn(&Path, &[u8]) -> Option<Vec<u8>>,
    /// The reader on one input; panics when a promise is broken.
    pub run: fn(&[u8]),
}

/// Published documents and excerpts in Markdown.
const DOCUMENTS: &[&str] = &["fixtures/reports", "fixtures/corpus", "fixtures/threads"];

fn as_it_is(_: &Path, bytes: &[u8]) -> Option<Vec<u8>> {
    Some(bytes.to_vec())
}

pub const TARGETS: &[Target] = &[
    Target {
        name: "check",
        seed_folders: DOCUMENTS,
        seed_endings: &["md"],
        seed_input: as_it_is,
        run: documents::check,
    },
    Target {
        name: "import",
        seed_folders: DOCUMENTS,
        seed_endings: &["md"],
        seed_input: as_it_is,
        run: documents::import,
    },
    Target {
        name: "document_pair",
        seed_folders: DOCUMENTS,
        seed_endings: &["md"],
        seed_input: as_it_is,
        run: documents::document_pair,
    },
    Target {
        name: "translate",
        seed_folders: DOCUMENTS,
        seed_endings: &["md"],
        seed_input: documents::translate_seed,
        run: documents::translate,
    },
    Target {
        name: "requests",
        seed_folders: requests::SEED_FOLDERS,
        seed_endings: &["json", "jsonl"],
        seed_input: as_it_is,
        run: requests::read,
    },
    Target {
        name: "history",
        seed_folders: history::SEED_FOLDERS,
        seed_endings: &["json", "jsonl", "txt"],
        seed_input: history::part_of,
        run: history::read_part,
    },
    Target {
        name: "ingest",
        seed_folders: &["fixtures"],
        seed_endings: &["txt", "md", "json", "jsonl", "csv", "log", "yaml"],
        seed_input: ingest::seed,
        run: ingest::read,
    },
];

/// The target named `name`.
pub fn target(name: &str) -> &'static Target {
    TARGETS
        .iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("no fuzz target {name}"))
}
