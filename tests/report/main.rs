//! Reports: the study report against its reference, and published reports read back —
//! `check` of their claims, `import` into a study, round trips through `report`, and
//! `translate`.
//!
//! One test crate per subject (`tests/<subject>/main.rs`), so that the helpers of
//! `tests/common/` and the binary are linked once per subject, not once per file.

#[path = "../common/mod.rs"]
mod common;

mod app_library;
mod check_arith;
mod check_cli;
mod check_findings;
mod check_gpustack_misses;
mod check_published;
mod check_reports;
mod check_shapes;
mod check_tables;
mod check_threads;
mod from_folders;
mod hostile_documents;
mod import_foreign;
mod import_goal;
mod import_published;
mod import_reports;
mod report;
mod roundtrip_reports;
mod translate;
mod translate_untranslated;
