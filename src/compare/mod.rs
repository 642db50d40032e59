//! Compare stage: a baseline's runs against a candidate's, computed once. `pairing`
//! groups runs by key, `stats` holds the statistics (Welch's t-test, confidence
//! intervals), `policy` parses the rules, and `diff` builds the [`Comparison`] with every
//! verdict. Renderers (`render::diff`) only read the comparison.

mod against_history;
pub mod capacity;
pub mod diff;
mod judge;
pub mod noise;
pub mod outcome;
pub mod pairing;
pub mod policy;

pub use diff::{compare, CheckOutcome, Comparison, Trend, Verdict};
pub use pairing::DEFAULT_KEY;
pub use policy::{Policy, PolicyOrigin, Rule, RuleError, RuleProblem};

// The comparator for studies: runs in, verdicts and derived numbers out, computed once
// (critcmp's `Comparison::new`) and only read by renderers and `--json`.
//
// - `change`: the maths of one comparison (percent versus a baseline, the gap between
//   the best and the worst of a group, success rates), each number with its printed text.
// - `study`: a whole study: each experiment ranked, its best valid variant against the
//   baseline, the recommended configuration and the baseline-versus-optimized table.
// - `pair`: two runs side by side (`perflab compare`).
// - `metric`: a metric's direction and unit.
// - `study_curves`: a study's load series (the latency reports' rates) as curves.

mod change;
mod metric;
mod pair;
mod study;
pub mod study_curves;

pub use change::{
    fixed, rank, signed_percent, Change, Direction, PrimaryGap, RunGap, SecondaryGap, SuccessRate,
    Verdict as ChangeVerdict,
};
pub use metric::{unit_of, MetricSpec};
pub use pair::{MetricRow, PairComparison};
pub use study::{
    ExperimentComparison, RunSide, ScenarioComparison, Status, StudyComparison, SummaryEntry,
    VariantComparison,
};
