//! perflab as installed: shell completions and man pages in a real bash, and the
//! sources' user-facing text all in the locales (`no_english_in_src.rs`), and the process
//! the binary sets up for itself (`process_setup.rs`).
//!
//! One test crate per subject (`tests/<subject>/main.rs`), so that the helpers of
//! `tests/common/` and the binary are linked once per subject, not once per file.

#[path = "../common/mod.rs"]
mod common;

mod cli_shell;
mod no_english_in_src;
mod process_setup;
