//! Comparing runs: `diff`, load curves and series, the history store and its change
//! points, the application layer every command shares, and the golden files of every
//! command's output (`goldens.rs`; `PERFLAB_BLESS=1` rewrites `tests/golden/`).
//!
//! One test crate per subject (`tests/<subject>/main.rs`), so that the helpers of
//! `tests/common/` and the binary are linked once per subject, not once per file.

#[path = "../common/mod.rs"]
mod common;

mod app_layer;
mod change_points;
mod curves;
mod diff;
mod goldens;
mod gpu_noise;
mod history;
mod load_series;
mod server_setups;
