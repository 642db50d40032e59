//! TensorRT-LLM's `trtllm-bench throughput|latency` console report
//! (`tensorrt_llm/bench/dataclasses/reporting.py`, `report_statistics`), found anywhere in a
//! log: sections titled `= ENGINE DETAILS` / `= PyTorch backend`, `= MACHINE DETAILS`,
//! `= REQUEST DETAILS`, `= WORLD + RUNTIME INFORMATION`, `= PERFORMANCE OVERVIEW` (with its
//! `[TPOT]`, `[TTFT]`, `[Latency]` breakdowns) and `= DATASET DETAILS`, each line
//! `Label:   value`. A report is a run of format `trtllm-bench-console`, `precision`
//! `rounded` (four decimals).
//!
//! What the numbers are, from `statistics.py` (`RequestRecord`, `BenchmarkStatistics`):
//! per request, TTFT = first token − start, TPOT = (end − first token) / (output tokens − 1)
//! (vLLM's TPOT; older versions call it ITL), request latency = end − start; `Total Latency`
//! is the last end − the first start (`duration`); the throughputs divide the totals by it;
//! percentiles are nearest rank (`sorted[int(n * p)]`); `Number of concurrent requests` is
//! the mean number in flight (`concurrency`). Version 0.17 printed the request counts and
//! `Token Throughput` (output tokens) inside the performance section.

use serde_json::{Map, Value as Json};

use super::reader::{ParseError, Parsed, ReadResult, Reader, Source, Warning};
use super::text::{parse_printed, Printed};
use crate::model::{Format, Run};

const ANCHOR: &str = "= PERFORMANCE OVERVIEW";

pub struct TrtllmBenchReader;

impl Reader for TrtllmBenchReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::TrtllmBenchConsole]
    }

    fn read(&self, source: &Source) -> ReadResult {
        if memchr::memmem::find(source.text.as_bytes(), ANCHOR.as_bytes()).is_none() {
            return Ok(None);
        }
        let lines: Vec<(usize, &str)> = {
            let mut offset = 0;
            source
                .text
                .split_inclusive('\n')
                .map(|l| {
                    let start = offset;
                    offset += l.len();
                    (start, l.trim_end())
                })
                .collect()
        };
        let anchors: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].1.trim() == ANCHOR)
            .collect();
        let mut parsed = Parsed::default();
        let mut floor = 0;
        for (k, &anchor) in anchors.iter().enumerate() {
            let start = report_start(&lines, anchor, floor);
            let ceiling = anchors
                .get(k + 1)
                .map_or(lines.len(), |&next| report_start(&lines, next, anchor));
            let (run, end) = read_report(source, &lines[start..ceiling], &mut parsed.warnings)?;
            parsed.runs.push(run);
            floor = start + end;
        }
        Ok(Some(parsed))
    }
}

/// The first line of the report whose performance section starts at `anchor`: back over
/// the sections before it, to a line that is none of theirs (a log line, prose).
fn report_start(lines: &[(usize, &str)], anchor: usize, floor: usize) -> usize {
    let mut start = anchor;
    while start > floor {
        let line = lines[start - 1].1.trim();
        let ours =
            line.is_empty() || is_rule(line) || line.starts_with("= ") || is_label_line(line);
        if !ours {
            break;
        }
        start -= 1;
    }
    // Not the blank lines before the report.
    while start < anchor && lines[start].1.trim().is_empty() {
        start += 1;
    }
    start
}

fn is_rule(line: &str) -> bool {
    line.len() >= 10 && line.chars().all(|c| c == '=')
}

/// `Label:   value` (a log line starts with `[`, a timestamp or the tool's name).
fn is_label_line(line: &str) -> bool {
    !line.starts_with('[')
        && line
            .split_once(':')
            .is_some_and(|(l, v)| !l.is_empty() && !v.trim().is_empty())
}

/// Where a label's number goes, and the factor from the printed unit.
const LABELS: &[(&str, &str, f64)] = &[
    ("Number of requests", "completed", 1.0),
    ("Number of concurrent requests", "concurrency", 1.0),
    ("Average Input Length (tokens)", "mean_isl", 1.0),
    ("Average Output Length (tokens)", "mean_osl", 1.0),
    ("Request Throughput (req/sec)", "request_throughput", 1.0),
    (
        "Total Output Throughput (tokens/sec)",
        "output_throughput",
        1.0,
    ),
    ("Token Throughput (tokens/sec)", "output_throughput", 1.0),
    (
        "Total Token Throughput (tokens/sec)",
        "total_token_throughput",
        1.0,
    ),
    ("Total Latency (ms)", "duration", 1e-3),
    ("Average request latency (ms)", "mean_e2el_ms", 1.0),
    (
        "Average time-to-first-token [TTFT] (ms)",
        "mean_ttft_ms",
        1.0,
    ),
    (
        "Average time-per-output-token [TPOT] (ms)",
        "mean_tpot_ms",
        1.0,
    ),
    ("Number of Sequences", "num_prompts", 1.0),
];

/// Labels kept as text in their own column.
const TEXTS: &[(&str, &str)] = &[
    ("Model", "model_id"),
    ("Model Name", "model_id"),
    ("Dataset Path", "dataset"),
];

/// The breakdown tags and the families they are statistics of.
const BREAKDOWNS: &[(&str, &str)] = &[
    ("[TPOT]", "tpot"),
    ("[TTFT]", "ttft"),
    ("[Latency]", "e2el"),
];

fn read_report(
    source: &Source,
    lines: &[(usize, &str)],
    warnings: &mut Vec<Warning>,
) -> Result<(Run, usize), ParseError> {
    let first = lines.first().map_or(0, |l| l.0);
    let mut run = Run::new(Format::TrtllmBenchConsole, Some(source.line_of(first)));
    run.set_text("precision", "rounded");
    let mut extra = Map::new();
    let mut section = String::new();
    let mut end = lines.len();
    let mut seen_performance = false;
    for (i, &(offset, raw)) in lines.iter().enumerate() {
        let line = raw.trim();
        if let Some(title) = line.strip_prefix("= ") {
            section = title.trim().to_owned();
            seen_performance |= section == "PERFORMANCE OVERVIEW";
            match section.as_str() {
                "ENGINE DETAILS" => run.set_text("backend", "tensorrt"),
                t if t.eq_ignore_ascii_case("pytorch backend") => {
                    run.set_text("backend", "pytorch")
                }
                _ => {}
            }
            continue;
        }
        if line.is_empty() || is_rule(line) || line.starts_with("--") || line.starts_with("```") {
            if line.starts_with("```") && seen_performance {
                end = i;
                break;
            }
            continue;
        }
        let at = || source.line_of(offset);
        if let Some((tag, family)) = BREAKDOWNS.iter().find(|(t, _)| line.starts_with(t)) {
            let (stat, value) = line[tag.len()..].split_once(':').unwrap_or(("", ""));
            let stat = match stat.trim() {
                "MINIMUM" => "min".to_owned(),
                "MAXIMUM" => "max".to_owned(),
                "AVERAGE" => "mean".to_owned(),
                p if p.starts_with('P') => p.to_ascii_lowercase(),
                other => return Err(expected(at(), line, other)),
            };
            run.set_num(format!("{stat}_{family}_ms"), number(at(), tag, value)?);
            continue;
        }
        if line.starts_with('[') && !line.starts_with("[GTPS]") && !is_stat_tag(line) {
            // A log line after the report: it ends here.
            if seen_performance {
                end = i;
                break;
            }
            continue;
        }
        if section == "DATASET DETAILS" {
            // The dataset's lengths, `AVG:   411.6000   128.7000   540.3000` (input, output,
            // sequence): the means of the workload; the other rows are its percentiles.
            let row = line.split_once(':').map(|(l, v)| (l.trim(), v));
            if let Some(("AVG", values)) = row {
                let cols: Vec<&str> = values.split_whitespace().collect();
                if let [input, output, ..] = cols[..] {
                    run.set_num("input_len", number(at(), "AVG", input)?);
                    run.set_num("output_len", number(at(), "AVG", output)?);
                }
                continue;
            }
            if row.is_some_and(|(l, _)| l == "MIN" || l == "MAX" || l.starts_with('P')) {
                continue;
            }
        }
        let Some((label, value)) = line.split_once(':') else {
            if section == "MACHINE DETAILS" && line != "No GPU info available" {
                run.set_text("gpu_info", line);
            }
            continue;
        };
        let (label, value) = (label.trim(), value.trim());
        if let Some((_, column, factor)) = LABELS.iter().find(|(l, _, _)| *l == label) {
            run.set_num(*column, number(at(), label, value)? * factor);
        } else if let Some((_, column)) = TEXTS.iter().find(|(l, _)| *l == label) {
            run.set_text(*column, value);
        } else {
            if !KNOWN_EXTRA.contains(&label) && !is_stat_tag(line) {
                warnings.push(Warning {
                    line: Some(at()),
                    message: crate::msg!("input-unknown-label", label = label, value = value),
                });
            }
            extra.insert(label.to_owned(), Json::from(value));
        }
    }
    if !extra.is_empty() {
        run.set_text("extra", Json::Object(extra).to_string());
    }
    Ok((run, end))
}

/// Lines the report prints that have no column: the engine, the parallelism, the
/// runtime's limits, per-user and per-GPU rates, the generation-rate and speculative
/// decoding breakdowns, the dataset's table.
const KNOWN_EXTRA: &[&str] = &[
    "Model Path",
    "Engine Directory",
    "Workspace Directory",
    "TensorRT-LLM Version",
    "TensorRT LLM Version",
    "Dtype",
    "KV Cache Dtype",
    "Quantization",
    "Max Input Length",
    "Max Sequence Length",
    "TP Size",
    "PP Size",
    "EP Size",
    "Max Runtime Batch Size",
    "Max Runtime Tokens",
    "Scheduling Policy",
    "KV Memory Percentage",
    "Issue Rate (req/sec)",
    "Per User Output Throughput (tokens/sec/user)",
    "Per User Output Throughput [w/ ctx] (tps/user)",
    "Per GPU Output Throughput (tokens/sec/gpu)",
    "Per GPU Output Throughput (tps/gpu)",
    "Per User Output Speed [1/TPOT] (tokens/sec/user)",
    "Per User Output Speed (tps/user)",
];

/// `[GTPS] P50 : …`, `[DT]`, `[ADT]`, `[DAR]`, `[AL]`: breakdowns without a column.
fn is_stat_tag(line: &str) -> bool {
    ["[GTPS]", "[DT]", "[ADT]", "[DAR]", "[AL]"]
        .iter()
        .any(|t| line.starts_with(t))
}

fn number(line: u64, label: &str, value: &str) -> Result<f64, ParseError> {
    match parse_printed(value) {
        Printed::Num(v) => Ok(v),
        _ => Err(ParseError::new(
            Some(line),
            crate::msg!(
                "ingest-expect-number-for",
                label = label,
                found = value.trim()
            ),
        )),
    }
}

fn expected(line: u64, label: &str, found: &str) -> ParseError {
    ParseError::new(
        Some(line),
        crate::msg!("ingest-expect-number-for", label = label, found = found),
    )
}
