//! The one table that names genai-perf's and AIPerf's metrics: console and CSV labels
//! (`Time To First Token (ms)`, `Request Count (count)`) and JSON keys
//! (`time_to_first_token` with a `unit` field) map to canonical columns of `metrics.md`,
//! with the factor that turns the printed unit into the frame's unit. The console, CSV and
//! JSON readers (`perf_console.rs`, `perf_csv.rs`, `perf_json.rs`) all go through it and
//! collect values in a [`PerfRunBuilder`], which also derives `failed` the same way for
//! every format.
//!
//! The two tools share metric names because AIPerf grew out of genai-perf; their spelling
//! changed across versions (`Time to first token (ns)` in early genai-perf, `Time To First
//! Token (ms)` in 0.0.16, `Time to First Token (ms)` in AIPerf), so labels are matched
//! case-insensitively with the unit split off. AIPerf's failure-only rows
//! (`Request Latency (error-adjusted)`, `Error Input Sequence Length`) are other names and
//! so match nothing.

use crate::model::{Format, Run};

/// Which tool printed a table or wrote a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    GenaiPerf,
    Aiperf,
}

impl Tool {
    pub fn console_format(self) -> Format {
        match self {
            Tool::GenaiPerf => Format::GenaiPerfConsole,
            Tool::Aiperf => Format::AiperfConsole,
        }
    }

    pub fn csv_format(self) -> Format {
        match self {
            Tool::GenaiPerf => Format::GenaiPerfCsv,
            Tool::Aiperf => Format::AiperfCsv,
        }
    }

    pub fn json_format(self) -> Format {
        match self {
            Tool::GenaiPerf => Format::GenaiPerfJson,
            Tool::Aiperf => Format::AiperfJson,
        }
    }
}

/// What a value is, which decides the units it may be printed in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Quantity {
    /// A per-request time; the frame holds milliseconds.
    Latency,
    /// A run's duration; the frame holds seconds.
    Seconds,
    /// Token counts, without unit in the frame.
    Tokens,
    /// Request counts.
    Requests,
    /// Anything per second.
    PerSecond,
}

/// Where a tool's metric goes in the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A per-request distribution: its statistics become `{stat}_{family}_ms` (times) or
    /// `{stat}_{family}` (token counts).
    Distribution(&'static str),
    /// A single value per run (the `avg` column, or `Value` in CSV), in this column.
    Column(&'static str),
    /// AIPerf's `Completed Requests (Success + Error)`: successes plus failures, from which
    /// `failed` follows when the file has no error count of its own.
    CompletedWithErrors,
}

struct Entry {
    /// Lower-case label without its unit, as the console and CSV print it.
    label: &'static str,
    /// Key in the JSON export.
    key: &'static str,
    target: Target,
    quantity: Quantity,
}

const fn entry(label: &'static str, key: &'static str, target: Target, q: Quantity) -> Entry {
    Entry {
        label,
        key,
        target,
        quantity: q,
    }
}

use Quantity::*;
use Target::*;

/// Metrics that have a canonical column. Everything else the tools print (per-user
/// throughputs, HTTP timings, AIPerf's "Effective"/"Active"/"Usage" tables, error-only
/// and error-adjusted metrics) is left out on purpose.
#[rustfmt::skip] // one metric per line reads as a table
const ENTRIES: [Entry; 18] = [
    entry("time to first token", "time_to_first_token", Distribution("ttft"), Latency),
    entry("time to second token", "time_to_second_token", Distribution("ttst"), Latency),
    // Both tools' "Inter Token Latency" is (request latency − TTFT) / (output tokens − 1)
    // per request: vLLM's TPOT. AIPerf's "Inter Chunk Latency", the gaps between
    // consecutive chunks of all requests, is vLLM's ITL (docs/metrics.md).
    entry("inter token latency", "inter_token_latency", Distribution("tpot"), Latency),
    entry("inter chunk latency", "inter_chunk_latency", Distribution("itl"), Latency),
    entry("request latency", "request_latency", Distribution("e2el"), Latency),
    entry("input sequence length", "input_sequence_length", Distribution("isl"), Tokens),
    entry("output sequence length", "output_sequence_length", Distribution("osl"), Tokens),
    entry("request throughput", "request_throughput", Column("request_throughput"), PerSecond),
    entry("request goodput", "request_goodput", Column("request_goodput"), PerSecond),
    entry("output token throughput", "output_token_throughput", Column("output_throughput"), PerSecond),
    entry("input token throughput", "input_token_throughput", Column("input_throughput"), PerSecond),
    entry("total token throughput", "total_token_throughput", Column("total_token_throughput"), PerSecond),
    // Both tools' "Request Count" counts successful requests only.
    entry("request count", "request_count", Column("completed"), Requests),
    entry("error request count", "error_request_count", Column("failed"), Requests),
    entry("completed requests (success + error)", "completed_request_count", CompletedWithErrors, Requests),
    entry("benchmark duration", "benchmark_duration", Column("duration"), Seconds),
    entry("total input sequence length", "total_isl", Column("total_input_tokens"), Tokens),
    entry("total output sequence length", "total_osl", Column("total_output_tokens"), Tokens),
];

/// The factor from `unit` to the frame's unit for this quantity, or `None` when the unit
/// does not fit (which also keeps `Request Latency (error-adjusted)` out: its "unit" is
/// not a time).
fn unit_factor(quantity: Quantity, unit: &str) -> Option<f64> {
    let unit = unit.trim().to_ascii_lowercase();
    let unit = unit.as_str();
    match quantity {
        Latency => match unit {
            "ms" => Some(1.0),
            "ns" => Some(1e-6),
            "us" | "µs" | "μs" => Some(1e-3),
            "s" | "sec" => Some(1e3),
            _ => None,
        },
        Seconds => match unit {
            "s" | "sec" => Some(1.0),
            "ms" => Some(1e-3),
            "ns" => Some(1e-9),
            _ => None,
        },
        Tokens => matches!(unit, "" | "tokens").then_some(1.0),
        Requests => matches!(unit, "" | "count" | "requests").then_some(1.0),
        PerSecond => {
            let per_second = unit == "per sec" || unit.ends_with("/sec") || unit.ends_with("/s");
            (per_second && !unit.contains("/user")).then_some(1.0)
        }
    }
}

/// A metric found by label or key, with the factor to apply to its values.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Found {
    pub target: Target,
    pub factor: f64,
}

/// Looks up a console or CSV label such as `Time To First Token (ms)`, `Request Count`
/// or `Completed Requests (Success + Error) (requests)`. Whitespace runs (a label wrapped
/// onto two table rows and joined) count as one space.
pub fn by_label(label: &str) -> Option<Found> {
    let normal = label
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    let find = |name: &str, unit: &str| {
        let e = ENTRIES.iter().find(|e| e.label == name)?;
        Some(Found {
            target: e.target,
            factor: unit_factor(e.quantity, unit)?,
        })
    };
    // A label whose own name ends in parentheses, printed without a unit.
    if let Some(found) = find(&normal, "") {
        return Some(found);
    }
    let (name, unit) = split_unit(&normal)?;
    find(name, unit)
}

/// Looks up a JSON export key with its `unit` field.
pub fn by_key(key: &str, unit: &str) -> Option<Found> {
    let e = ENTRIES.iter().find(|e| e.key == key)?;
    Some(Found {
        target: e.target,
        factor: unit_factor(e.quantity, unit)?,
    })
}

/// Whether `key` names a metric of the JSON export (whatever its unit): its value must then
/// be a metric object.
pub fn knows_key(key: &str) -> bool {
    ENTRIES.iter().any(|e| e.key == key)
}

/// Splits `name (unit)` at its last parenthesis.
fn split_unit(label: &str) -> Option<(&str, &str)> {
    let body = label.strip_suffix(')')?;
    let open = body.rfind('(')?;
    Some((body[..open].trim_end(), &body[open + 1..]))
}

/// The canonical statistic of a column header or JSON stat key: `avg` is the mean,
/// `p99` and `p99.9` stay; `sum`, `count` and AIPerf's `adj_p99` have no column.
fn stat_name(stat: &str) -> Option<String> {
    let stat = stat.trim().to_ascii_lowercase();
    match stat.as_str() {
        "avg" | "mean" | "value" => Some("mean".into()),
        known @ ("median" | "min" | "max" | "std") => Some(known.to_owned()),
        p => {
            let n = p.strip_prefix('p')?;
            let ok = !n.is_empty() && n.parse::<f64>().is_ok_and(|v| (0.0..=100.0).contains(&v));
            ok.then(|| p.to_owned())
        }
    }
}

/// Collects one run's values from any of the three formats, then derives what the file
/// does not state directly.
pub struct PerfRunBuilder {
    run: Run,
    completed_with_errors: Option<f64>,
}

impl PerfRunBuilder {
    pub fn new(format: Format, line: Option<u64>) -> Self {
        PerfRunBuilder {
            run: Run::new(format, line),
            completed_with_errors: None,
        }
    }

    /// Records one statistic of a metric; `value` is already in the frame's unit, `None`
    /// for a printed `N/A` (or null / non-finite in JSON). Statistics without a column
    /// are ignored and so are all but the mean of single-value metrics.
    pub fn put(&mut self, target: Target, stat: &str, value: Option<f64>) {
        let Some(stat) = stat_name(stat) else {
            return;
        };
        let value = value.filter(|v| v.is_finite());
        match target {
            Distribution(family) => {
                let suffix = if matches!(family, "isl" | "osl") {
                    ""
                } else {
                    "_ms"
                };
                self.run.set_opt(format!("{stat}_{family}{suffix}"), value);
            }
            _ if stat != "mean" => {}
            Column(col) => self.run.set_opt(col, value),
            CompletedWithErrors => self.completed_with_errors = value,
        }
    }

    pub fn set_num(&mut self, key: &str, value: f64) {
        self.run.set_num(key.to_owned(), value);
    }

    pub fn set_text(&mut self, key: &str, value: &str) {
        self.run.set_text(key.to_owned(), value);
    }

    pub fn is_empty(&self) -> bool {
        self.run.values.is_empty() && self.completed_with_errors.is_none()
    }

    /// The run, with `failed` derived where the tool gives no error count of its own:
    /// AIPerf's console leaves its `Error Request Count` out (an error-only metric), but
    /// prints successes (`Request Count`) and `Completed Requests (Success + Error)`, so
    /// failed = completed-with-errors − successes. (When every request fails, AIPerf 0.13
    /// prints no table and writes no export at all, so there is nothing to derive.)
    pub fn finish(mut self) -> Run {
        let known = (
            self.run.get("failed"),
            self.run.get("completed"),
            self.completed_with_errors,
        );
        if let (None, Some(ok), Some(total)) = known {
            if total >= ok {
                self.run.set_num("failed", total - ok);
            }
        }
        self.run
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(label: &str) -> Option<Target> {
        by_label(label).map(|f| f.target)
    }

    #[test]
    fn labels_of_both_tools_and_their_versions() {
        assert_eq!(
            target("Time To First Token (ms)"),
            Some(Distribution("ttft"))
        );
        assert_eq!(
            target("Time to First Token (ms)"),
            Some(Distribution("ttft"))
        );
        assert_eq!(
            target("Time to first token (ns)"),
            Some(Distribution("ttft"))
        );
        assert_eq!(by_label("Time to first token (ns)").unwrap().factor, 1e-6);
        // By definition, not by name: their ITL is vLLM's TPOT.
        assert_eq!(
            target("Inter Token Latency (ms)"),
            Some(Distribution("tpot"))
        );
        assert_eq!(
            target("Inter Chunk Latency (ms)"),
            Some(Distribution("itl"))
        );
        assert_eq!(target("Request Latency (ms)"), Some(Distribution("e2el")));
        assert_eq!(target("Output sequence length"), Some(Distribution("osl")));
        assert_eq!(
            target("Input Sequence Length (tokens)"),
            Some(Distribution("isl"))
        );
        assert_eq!(
            target("Request Throughput (per sec)"),
            Some(Column("request_throughput"))
        );
        assert_eq!(
            target("Request Throughput (requests/sec)"),
            Some(Column("request_throughput"))
        );
        assert_eq!(
            target("Output Token Throughput (tokens/sec)"),
            Some(Column("output_throughput"))
        );
        assert_eq!(target("Request Count (count)"), Some(Column("completed")));
        assert_eq!(target("Request Count"), Some(Column("completed")));
        assert_eq!(target("Benchmark Duration (sec)"), Some(Column("duration")));
    }

    #[test]
    fn wrapped_label_joined_with_its_unit_row() {
        assert_eq!(
            target("Completed Requests (Success + Error)  (requests)"),
            Some(CompletedWithErrors)
        );
        // CSV prints it without the unit `requests`.
        assert_eq!(
            target("Completed Requests (Success + Error)"),
            Some(CompletedWithErrors)
        );
    }

    #[test]
    fn error_adjusted_and_per_user_metrics_have_no_column() {
        assert_eq!(target("Request Latency (error-adjusted) (ms)"), None);
        assert_eq!(target("Request Latency (error-adjusted)"), None);
        assert_eq!(target("Time to First Token (error-adjusted)"), None);
        assert_eq!(target("Error Input Sequence Length (tokens)"), None);
        assert_eq!(
            target("Output Token Throughput Per User (tokens/sec/user)"),
            None
        );
        assert_eq!(target("Output Token Throughput (tokens/sec/user)"), None);
        assert_eq!(target("Code"), None);
    }

    #[test]
    fn json_keys_with_units() {
        assert_eq!(by_key("request_latency", "ms").map(|f| f.factor), Some(1.0));
        assert_eq!(
            by_key("request_latency", "ns").map(|f| f.factor),
            Some(1e-6)
        );
        assert_eq!(
            by_key("benchmark_duration", "sec").map(|f| f.factor),
            Some(1.0)
        );
        assert_eq!(by_key("adj_request_latency", "ms"), None);
        assert_eq!(by_key("request_latency", "tokens"), None);
    }

    #[test]
    fn statistics() {
        assert_eq!(stat_name("avg").as_deref(), Some("mean"));
        assert_eq!(stat_name("p99.9").as_deref(), Some("p99.9"));
        assert_eq!(stat_name("P5").as_deref(), Some("p5"));
        assert_eq!(stat_name("adj_p99"), None);
        assert_eq!(stat_name("sum"), None);
        assert_eq!(stat_name("count"), None);
    }

    #[test]
    fn failed_from_completed_with_errors() {
        let mut b = PerfRunBuilder::new(Format::AiperfConsole, None);
        b.put(Column("completed"), "avg", Some(38.0));
        b.put(CompletedWithErrors, "avg", Some(50.0));
        b.put(Column("completed"), "min", None); // N/A beside a single value: ignored
        let run = b.finish();
        assert_eq!(run.get("completed"), Some(38.0));
        assert_eq!(run.get("failed"), Some(12.0));

        // An explicit error count wins.
        let mut b = PerfRunBuilder::new(Format::AiperfJson, None);
        b.put(Column("completed"), "avg", Some(38.0));
        b.put(Column("failed"), "avg", Some(2.0));
        b.put(CompletedWithErrors, "avg", Some(50.0));
        assert_eq!(b.finish().get("failed"), Some(2.0));
    }
}
