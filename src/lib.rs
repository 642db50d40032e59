//! perflab: raw LLM serving-benchmark outputs in, trustworthy numbers out.
//!
//! The pipeline flows one way through one folder per stage:
//! `ingest` (files → [`model::Run`]s) → `model` (the runs frame) → later stages
//! (compare, render). The `perflab` binary in `main.rs` only parses flags and maps
//! errors to exit codes.

pub mod app;
pub mod check;
pub mod cli;
pub mod compare;
pub mod config;
pub mod curves;
pub mod embedded;
pub mod error;
pub mod export;
pub mod history;
pub mod import;
pub mod ingest;
pub mod keys;
pub mod l10n;
pub mod model;
pub mod numbers;
pub mod objects;
pub mod offsets;
pub mod published;
pub mod render;
pub mod requests;
pub mod slo;
pub mod stats;
pub mod study;
pub mod translate;

pub use error::{Error, Result};
