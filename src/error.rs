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
        message: Text,
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
    /// Paths read whole that hold no run perflab reads: each file found with why it holds
    /// none (boxed: the list would make every `Result` of the library larger).
    #[error("{}", .0.message)]
    NoRuns(Box<NoRuns>),
    /// A problem with what the user asked for (flags, rules, keys), not with a file.
    #[error("{0}")]
    Usage(Text),
    #[error("{0}")]
    Frame(String),
    /// A chart or page that could not be drawn (the message names which).
    #[error("{0}")]
    Render(String),
}

impl Error {
    pub fn parse(path: impl Into<PathBuf>, line: Option<u64>, message: impl Into<Text>) -> Self {
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

    /// A problem with what the user asked for.
    pub fn usage(message: impl Into<Text>) -> Self {
        Error::Usage(message.into())
    }
}

/// The words of an error: the Fluent message it was made from (its id and arguments),
/// so that whoever prints it can say it in their own language, and the text it had
/// when it was raised (in the process's message language), which `Display` prints.
/// Text made from a plain string (a parser's own words) has no id and stays as it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Text {
    pub id: Option<String>,
    pub args: Vec<(&'static str, Arg)>,
    text: String,
}

/// One argument of a message: a string, or a number (numbers choose plural forms).
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Str(String),
    Number(f64),
}

impl Text {
    /// A message with its raise-time text (made by `msg!`).
    pub fn message(id: &str, args: Vec<(&'static str, Arg)>, text: String) -> Text {
        Text {
            id: Some(id.to_owned()),
            args,
            text,
        }
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl std::fmt::Display for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::ops::Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.text
    }
}

impl From<String> for Text {
    fn from(text: String) -> Text {
        Text {
            id: None,
            args: Vec::new(),
            text,
        }
    }
}

impl From<&str> for Text {
    fn from(text: &str) -> Text {
        Text::from(text.to_owned())
    }
}

impl From<Text> for String {
    fn from(text: Text) -> String {
        text.text
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Str(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Str(s.clone())
    }
}

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Str(s.to_owned())
    }
}

impl From<std::borrow::Cow<'_, str>> for Arg {
    fn from(s: std::borrow::Cow<'_, str>) -> Arg {
        Arg::Str(s.into_owned())
    }
}

impl From<Text> for Arg {
    fn from(s: Text) -> Arg {
        Arg::Str(s.text)
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(n as f64)
            }
        }
    )*};
}
number_args!(u8, u16, u32, u64, usize, i32, i64, f32, f64);

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
    /// evalscope `perf`'s `benchmark_percentile.json` and `benchmark_args.json`: read with
    /// the `benchmark_summary.json` beside them, no run of their own.
    EvalscopePercentiles,
    /// llmperf's `*_individual_responses.json`: the requests of the run in the
    /// `*_summary.json` beside it.
    LlmperfRequests,
    /// genai-bench's `experiment_metadata.json`: read with the run files beside it.
    GenaiBenchMetadata,
    /// A serving engine's log (or any file) that names a server configuration and holds
    /// no run: the configuration is given to the runs of its folder (`server::beside`).
    ServerLog,
    /// MLPerf LoadGen's `mlperf_log_detail.txt` beside its `mlperf_log_summary.txt`, which
    /// is the run and takes the detail's settings.
    MlperfDetail,
}

impl NotARun {
    pub const ALL: [NotARun; 8] = [
        NotARun::AiperfAggregate,
        NotARun::PerfAnalyzerRecords,
        NotARun::InferencePerfReport,
        NotARun::EvalscopePercentiles,
        NotARun::LlmperfRequests,
        NotARun::GenaiBenchMetadata,
        NotARun::ServerLog,
        NotARun::MlperfDetail,
    ];

    /// The Fluent id stem: `ingest-kind-{id}` says what one file is and what to read
    /// instead; `ingest-skipped-{id}` is the summary line for `$count` files.
    pub fn message_id(self) -> &'static str {
        match self {
            NotARun::AiperfAggregate => "aiperf-aggregate",
            NotARun::PerfAnalyzerRecords => "perf-analyzer-records",
            NotARun::InferencePerfReport => "inference-perf-report",
            NotARun::EvalscopePercentiles => "evalscope-percentiles",
            NotARun::LlmperfRequests => "llmperf-requests",
            NotARun::GenaiBenchMetadata => "genai-bench-metadata",
            NotARun::ServerLog => "server-log",
            NotARun::MlperfDetail => "mlperf-detail",
        }
    }
}

/// What paths that held no run held: [`Error::NoRuns`].
#[derive(Debug, Clone, PartialEq)]
pub struct NoRuns {
    /// The paths as named.
    pub paths: Vec<PathBuf>,
    /// Files found under them.
    pub files: usize,
    /// The first [`NoRuns::LISTED`] files, each with its kind when perflab knows it
    /// (`None`: nothing perflab reads was recognised in it).
    pub skipped: Vec<(PathBuf, Option<NotARun>)>,
    /// Files found beyond those listed.
    pub more: usize,
    /// The whole message in the language of the process when it was raised
    /// (`ingest::not_runs::no_runs_text`); the CLI says it again in the user's.
    pub message: String,
}

impl NoRuns {
    /// Files named in the message; a folder of 10,000 logs is summed up after them.
    pub const LISTED: usize = 20;
}
