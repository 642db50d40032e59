//! Statistics shared by every stage, below all of them: Welch's t-test and the t
//! distribution (`diff` of repeated runs, curve bands), numpy's percentiles (recomputing
//! what the tools print), and the seeded bootstrap and Mann–Whitney tests of one run's
//! requests; the prediction interval of a candidate against a history window. One
//! significance level for all of them: [`ALPHA`].

pub mod noise;
pub mod percentile;
pub mod prediction;
pub mod significance;
pub mod welch;

/// The significance level of every test perflab runs (two-sided, 95% intervals).
pub const ALPHA: f64 = 0.05;
