//! The domain model: one [`Run`] per benchmark result found, whatever tool printed it,
//! and the runs frame (a polars DataFrame with the canonical columns of `metrics.md`).
//! Ingest fills it; compare and render only read it.

mod format;
pub mod frame;
pub mod ndjson;
mod run;
pub mod schema;
pub mod timestamp;
pub mod unbroken;
mod unsorted;
mod values;

pub use format::Format;
pub use frame::{read_frame, runs_to_frame, write_frame, FrameFormat};
pub use run::{Key, Run, Value};
pub use unsorted::{SortMemo, UnsortedValues};
pub use values::Values;
