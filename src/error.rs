//! The one error type of the library. Every variant that comes from input names the file
//! and, where known, the line, so the binary can print `FILE:LINE: what was expected`.

use std::path::PathBuf;

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Malformed input: the file, the 1-based line (when the format has lines) and what
    /// was expected there.
    #[error("{}{}: {message}", path.display(), line.map(|l| format!(":{l}")).unwrap_or_default())]
    Parse {
        path: PathBuf,
        line: Option<u64>,
        message: String,
    },
    /// The OS reason is part of the message, not a `source`, so that `{:#}` chains do
    /// not print it twice.
    #[error("{}: {reason}", path.display())]
    Io {
        path: PathBuf,
        reason: std::io::Error,
    },
    /// A file named on the command line that perflab knows but that holds no run (a
    /// console summary beside its result file, an aggregate over runs); the message says
    /// what it is and what to read instead, in the user's language.
    #[error("{}: {message}", path.display())]
    NotARun {
        path: PathBuf,
        kind: NotARun,
        /// What the file is and what to read instead, in the user's language.
        message: String,
    },
    /// A problem with what the user asked for (flags, rules, keys), not with a file.
    #[error("{0}")]
    Usage(String),
    #[error("{0}")]
    Frame(String),
    /// A chart or page that could not be drawn (the message names which).
    #[error("{0}")]
    Render(String),
}

impl Error {
    pub fn parse(path: impl Into<PathBuf>, line: Option<u64>, message: impl Into<String>) -> Self {
        Error::Parse {
            path: path.into(),
            line,
            message: message.into(),
        }
    }

    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io {
            path: path.into(),
            reason: source,
        }
    }
}

impl From<polars::error::PolarsError> for Error {
    fn from(e: polars::error::PolarsError) -> Self {
        Error::Frame(e.to_string())
    }
}

/// A kind of file that holds no run perflab reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NotARun {
    /// AIPerf's `profile_export_aiperf_sweep.{json,csv}` / `_aggregate.{json,csv}`:
    /// statistics across runs (`aggregation_type`), not one run.
    AiperfAggregate,
    /// perf_analyzer's per-request export (`experiments[].requests[].response_timestamps`)
    /// that genai-perf turns into `profile_export_genai_perf.json`.
    PerfAnalyzerRecords,
    /// inference-perf's `summary_lifecycle_metrics.json` beside its stage reports, and its
    /// `adapter_*_lifecycle_metrics.json` (`load_summary`, `successes`, `failures`).
    InferencePerfReport,
}

impl NotARun {
    pub const ALL: [NotARun; 3] = [
        NotARun::AiperfAggregate,
        NotARun::PerfAnalyzerRecords,
        NotARun::InferencePerfReport,
    ];

    /// The Fluent id stem: `ingest-kind-{id}` says what one file is and what to read
    /// instead; `ingest-skipped-{id}` is the summary line for `$count` files.
    pub fn message_id(self) -> &'static str {
        match self {
            NotARun::AiperfAggregate => "aiperf-aggregate",
            NotARun::PerfAnalyzerRecords => "perf-analyzer-records",
            NotARun::InferencePerfReport => "inference-perf-report",
        }
    }
}
