//! The comparator: runs in, verdicts and derived numbers out, computed once
//! (critcmp's `Comparison::new`) and only read by renderers and `--json`.
//!
//! - `change`: the maths of one comparison (percent versus a baseline, the gap between
//!   the best and the worst of a group, success rates), each number with its printed text.
//! - `study`: a whole study: each experiment ranked, its best valid variant against the
//!   baseline, the recommended configuration and the baseline-versus-optimized table.
//! - `pair`: two runs side by side (`perflab compare`).
//! - `metric`: a metric's direction and unit.

mod change;
mod metric;
mod pair;
mod study;

pub use change::{
    fixed, rank, signed_percent, Change, Direction, PrimaryGap, RunGap, SecondaryGap, SuccessRate,
    Verdict,
};
pub use metric::{unit_of, MetricSpec};
pub use pair::{MetricRow, PairComparison};
pub use study::{
    ExperimentComparison, RunSide, ScenarioComparison, Status, StudyComparison, SummaryEntry,
    VariantComparison,
};
