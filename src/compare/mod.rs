//! Compare stage: a baseline's runs against a candidate's, computed once. `pairing`
//! groups runs by key, `stats` holds the statistics (Welch's t-test, confidence
//! intervals), `policy` parses the rules, and `diff` builds the [`Comparison`] with every
//! verdict. Renderers (`render::diff`) only read the comparison.

pub mod diff;
pub mod pairing;
pub mod policy;
pub mod stats;

pub use diff::{compare, CheckOutcome, Comparison, Trend, Verdict};
pub use pairing::DEFAULT_KEY;
pub use policy::{Policy, PolicyOrigin, Rule, RuleError, RuleProblem};
