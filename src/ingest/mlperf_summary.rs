//! MLPerf LoadGen's `mlperf_log_summary.txt` (`loadgen/results.cc`,
//! `PerformanceSummary::LogSummary`), found anywhere in a file: submissions keep it as a
//! file, harnesses print it, READMEs paste it. A block runs from `MLPerf Results Summary` to
//! LoadGen's closing `… encountered …` line; one block is one run of format `mlperf-summary`.
//!
//! What the numbers are, from the source: every latency is in nanoseconds (kept in ms);
//! percentiles are LoadGen's nearest rank (`latencies[count * p]`); "latency" is a sample's
//! (a request's) from its query's issue to its completion, except in MultiStream, which
//! prints its queries' latencies; "first token latency" is TTFT and "time to output token"
//! the per-sample time per output token after the first (vLLM's TPOT); `Samples per
//! second` (Offline) is samples over the run's duration, `Completed samples per second`
//! (Server) completed samples over the time to the last completion, both
//! `request_throughput`; `Scheduled samples per second` is the rate LoadGen issued them
//! (`request_scheduled_throughput`); `Tokens per second` and `Completed tokens per second` count the
//! output tokens the SUT reported (`output_throughput`). `Result is : VALID` is
//! `result_valid` 1, `INVALID` 0 with the checks that said `NO` in `invalid_constraints`.
//! The model is not in the file; a submission's folders name it
//! (`<model>/<Scenario>/performance/run_1/`). The samples sent are not either: the
//! `mlperf_log_detail.txt` beside it gives them (`mlperf_detail.rs`).

use std::path::Path;

use serde_json::{Map, Value as Json};

use super::reader::{ParseError, Parsed, ReadResult, Reader, Source, Warning};
use super::text::{parse_printed, Printed};
use crate::model::{Format, Run};

const TITLE: &str = "MLPerf Results Summary";

pub struct MlperfSummaryReader;

impl Reader for MlperfSummaryReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::MlperfSummary]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let starts: Vec<usize> =
            memchr::memmem::find_iter(source.text.as_bytes(), TITLE.as_bytes())
                .filter(|&at| {
                    at == 0
                        || source.text.as_bytes()[at - 1] == b'\n'
                        || is_title_line(source.text, at)
                })
                .collect();
        if starts.is_empty() {
            return Ok(None);
        }
        let mut parsed = Parsed::default();
        for (i, &start) in starts.iter().enumerate() {
            let end = starts.get(i + 1).copied().unwrap_or(source.text.len());
            let block = Block::read(source, start, end, &mut parsed.warnings)?;
            parsed.runs.extend(block);
        }
        Ok((!parsed.runs.is_empty()).then_some(parsed))
    }
}

/// Whether the title at `at` is a line of its own (in a fence or quoted, maybe indented).
fn is_title_line(text: &str, at: usize) -> bool {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    text[line_start..at]
        .trim_start_matches(['>', ' ', '\t', '#'])
        .is_empty()
}

/// Where a label's number goes.
#[derive(Clone, Copy)]
enum Target {
    /// A column, the value multiplied by the factor (ns → ms: 1e-6).
    Column(&'static str, f64),
    /// A statistic of a latency family: `min`, `max`, `mean`.
    Stat(&'static str, &'static str),
}

const NS: f64 = 1e-6;

/// The labels LoadGen prints (trimmed, case as printed) and where their numbers go.
const LABELS: &[(&str, Target)] = &[
    (
        "Samples per second",
        Target::Column("request_throughput", 1.0),
    ),
    (
        "Completed samples per second",
        Target::Column("request_throughput", 1.0),
    ),
    (
        "QPS w/ loadgen overhead",
        Target::Column("request_throughput", 1.0),
    ),
    (
        "Scheduled samples per second",
        Target::Column("request_scheduled_throughput", 1.0),
    ),
    (
        "Tokens per second",
        Target::Column("output_throughput", 1.0),
    ),
    (
        "Completed tokens per second",
        Target::Column("output_throughput", 1.0),
    ),
    (
        "TPS w/ loadgen overhead",
        Target::Column("output_throughput", 1.0),
    ),
    ("Min latency (ns)", Target::Stat("min", "e2el")),
    ("Max latency (ns)", Target::Stat("max", "e2el")),
    ("Mean latency (ns)", Target::Stat("mean", "e2el")),
    ("Min First Token latency (ns)", Target::Stat("min", "ttft")),
    ("Max First Token latency (ns)", Target::Stat("max", "ttft")),
    (
        "Mean First Token latency (ns)",
        Target::Stat("mean", "ttft"),
    ),
    ("Min Time to Output Token (ns)", Target::Stat("min", "tpot")),
    ("Max Time to Output Token (ns)", Target::Stat("max", "tpot")),
    (
        "Mean Time to Output Token (ns)",
        Target::Stat("mean", "tpot"),
    ),
];

/// Percentile labels: `99.90 percentile latency (ns)`, `90th percentile latency (ns)`,
/// `90th first token percentile latency (ns)`, `50.00 percentile first token latency
/// (ns)`, `99.00 percentile time to output token (ns)`: the family by its words.
fn percentile(label: &str) -> Option<(String, &'static str)> {
    let (number, rest) = label.split_once(' ')?;
    let number = number.strip_suffix("th").unwrap_or(number);
    let p: f64 = number.parse().ok()?;
    let rest = rest.to_ascii_lowercase();
    if !rest.contains("percentile") || !rest.ends_with("(ns)") {
        return None;
    }
    let family = if rest.contains("first token") {
        "ttft"
    } else if rest.contains("output token") {
        "tpot"
    } else if rest.starts_with("percentile latency") {
        "e2el"
    } else {
        return None;
    };
    Some((
        format!("p{}", crate::model::frame::format_number(p)),
        family,
    ))
}

/// The checks LoadGen prints under `Result is :`.
const CHECKS: [&str; 4] = [
    "Performance constraints satisfied",
    "Min duration satisfied",
    "Min queries satisfied",
    "Early stopping satisfied",
];

/// What `invalid_constraints` names each failed check (its label less ` satisfied`).
pub(super) const CHECK_NAMES: [&str; 4] = [
    "Performance constraints",
    "Min duration",
    "Min queries",
    "Early stopping",
];

/// Test parameters that set the load or the workload; the others go to `extra`.
pub(super) struct Parameters {
    pub(super) samples_per_query: Option<f64>,
    pub(super) target_qps: Option<f64>,
}

struct Block;

impl Block {
    /// The run of the block from `start` (its title) to `end`; `None` for a summary
    /// without performance numbers (LoadGen's accuracy mode).
    fn read(
        source: &Source,
        start: usize,
        end: usize,
        warnings: &mut Vec<Warning>,
    ) -> Result<Option<Run>, ParseError> {
        let title_line = source.line_of(start);
        let mut run = Run::new(Format::MlperfSummary, Some(title_line));
        let mut extra = Map::new();
        let mut failed_checks = Vec::new();
        let mut params = Parameters {
            samples_per_query: None,
            target_qps: None,
        };
        let mut in_parameters = false;
        let mut closed = false;
        let mut scenario = None;
        let mut offset = start;
        for raw in source.text[start..end].split_inclusive('\n') {
            let at = offset;
            offset += raw.len();
            let line = raw.trim().trim_start_matches('>').trim();
            if line == "Test Parameters Used" {
                in_parameters = true;
                continue;
            }
            // LoadGen closes the summary with its counts of warnings, then of errors:
            // `No warnings encountered during test.`, `1 ERROR encountered. See detailed log.`
            if line.contains(" encountered") {
                let count = match line.split_whitespace().next() {
                    Some("No") | None => "0",
                    Some(n) => n,
                };
                let errors = line.to_ascii_lowercase().contains("error");
                let key = if errors { "errors" } else { "warnings" };
                extra.insert(key.into(), Json::from(count));
                if errors {
                    closed = true;
                    break;
                }
                continue;
            }
            if line.starts_with("```") {
                break;
            }
            let Some((label, value)) = line.split_once(':') else {
                continue;
            };
            let (label, value) = (label.trim(), value.trim());
            if value.is_empty() || label.starts_with('*') {
                continue;
            }
            let line_no = || source.line_of(at);
            let number = |v: &str| -> Result<f64, ParseError> {
                match parse_printed(v) {
                    Printed::Num(n) => Ok(n),
                    _ => Err(ParseError::new(
                        Some(line_no()),
                        crate::msg!("ingest-expect-number-for", label = label, found = v),
                    )),
                }
            };
            if in_parameters {
                match label {
                    "samples_per_query" => params.samples_per_query = Some(number(value)?),
                    "target_qps" => params.target_qps = Some(number(value)?),
                    _ => {}
                }
                extra.insert(label.to_owned(), Json::from(value));
                continue;
            }
            match label {
                "SUT name" => run.set_text("label", value),
                "Scenario" => {
                    let name: String = value.split_whitespace().collect();
                    run.set_text("mlperf_scenario", name.as_str());
                    scenario = Some(name);
                }
                "Mode" => run.set_text("mlperf_mode", value),
                "Result is" => match value {
                    "VALID" => run.set_num("result_valid", 1.0),
                    "INVALID" => run.set_num("result_valid", 0.0),
                    _ => {
                        return Err(ParseError::new(
                            Some(line_no()),
                            crate::msg!("ingest-expect-mlperf-validity", found = value),
                        ))
                    }
                },
                _ if CHECKS.contains(&label) => {
                    if value.eq_ignore_ascii_case("no") {
                        failed_checks.push(label.trim_end_matches(" satisfied").to_owned());
                    }
                }
                _ => {
                    if let Some((_, target)) =
                        LABELS.iter().find(|(l, _)| l.eq_ignore_ascii_case(label))
                    {
                        match *target {
                            Target::Column(column, factor) => {
                                run.set_num(column, number(value)? * factor)
                            }
                            Target::Stat(stat, family) => {
                                run.set_num(format!("{stat}_{family}_ms"), number(value)? * NS)
                            }
                        }
                    } else if let Some((stat, family)) = percentile(label) {
                        run.set_num(format!("{stat}_{family}_ms"), number(value)? * NS);
                    } else {
                        warnings.push(Warning {
                            line: Some(line_no()),
                            message: crate::msg!(
                                "input-unknown-label",
                                label = label,
                                value = value
                            ),
                        });
                        extra.insert(label.to_owned(), Json::from(value));
                    }
                }
            }
        }
        if !closed {
            warnings.push(Warning {
                line: Some(title_line),
                message: crate::msg!("ingest-mlperf-truncated"),
            });
        }
        if run
            .text("mlperf_mode")
            .is_some_and(|m| m.starts_with("Accuracy"))
            && run.get("request_throughput").is_none()
        {
            return Ok(None);
        }
        if run.get("result_valid") == Some(0.0) {
            run.set_text("invalid_constraints", failed_checks.join(", "));
        }
        set_load(&mut run, scenario.as_deref(), &params);
        if let Some(model) = scenario.as_deref().and_then(|s| model_of(source.path, s)) {
            run.set_text("model_id", model);
        }
        if !extra.is_empty() {
            run.set_text("extra", Json::Object(extra).to_string());
        }
        // LoadGen writes the detail log beside the summary: the samples it sent.
        if source.file_name() == super::mlperf_detail::SUMMARY_FILE {
            super::mlperf_detail::fill_from_detail(source.path, &mut run);
        }
        Ok(Some(run))
    }
}

/// How each scenario loads the SUT (`loadgen/loadgen.cc`): Server issues single-sample
/// queries at Poisson arrival times at `target_qps`; Offline issues every sample in one
/// query; SingleStream issues one sample when the last completed; MultiStream one query of
/// `samples_per_query` samples when the last completed.
pub(super) fn set_load(run: &mut Run, scenario: Option<&str>, params: &Parameters) {
    match scenario {
        Some("Server") => {
            run.set_text("load_type", "poisson");
            run.set_opt("load_value", params.target_qps);
            run.set_opt("request_rate", params.target_qps);
        }
        Some("Offline") => {
            run.set_text("load_type", "offline");
            run.set_opt("num_prompts", params.samples_per_query);
        }
        Some("SingleStream") => {
            run.set_text("load_type", "concurrent");
            run.set_num("load_value", 1.0);
            run.set_num("max_concurrency", 1.0);
        }
        Some("MultiStream") => {
            run.set_text("load_type", "multistream");
            run.set_opt("load_value", params.samples_per_query);
        }
        _ => {}
    }
}

/// The model of a submission's layout, `<model>/<Scenario>/performance/run_N/`: the folder
/// above the one named as the block's scenario.
pub(super) fn model_of(path: &Path, scenario: &str) -> Option<String> {
    let parts: Vec<&str> = path
        .components()
        .filter_map(|c| c.as_os_str().to_str())
        .collect();
    let at = parts.iter().rposition(|p| *p == scenario)?;
    (at > 0).then(|| parts[at - 1].to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentile_labels_of_every_family() {
        assert_eq!(
            percentile("99.90 percentile latency (ns)"),
            Some(("p99.9".into(), "e2el"))
        );
        assert_eq!(
            percentile("90th percentile latency (ns)"),
            Some(("p90".into(), "e2el"))
        );
        assert_eq!(
            percentile("50.00 percentile first token latency (ns)"),
            Some(("p50".into(), "ttft"))
        );
        assert_eq!(
            percentile("90th first token percentile latency (ns)"),
            Some(("p90".into(), "ttft"))
        );
        assert_eq!(
            percentile("97.00 percentile time to output token (ns)"),
            Some(("p97".into(), "tpot"))
        );
        assert_eq!(percentile("Min latency (ns)"), None);
    }

    #[test]
    fn the_model_is_the_folder_above_the_scenario() {
        let path = Path::new("r/llama2-70b-99/Server/performance/run_1/mlperf_log_summary.txt");
        assert_eq!(model_of(path, "Server").as_deref(), Some("llama2-70b-99"));
        assert_eq!(
            model_of(Path::new("mlperf_log_summary.txt"), "Server"),
            None
        );
    }
}
