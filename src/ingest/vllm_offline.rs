//! The offline benchmarks, which need no server: `vllm bench throughput`
//! (`Throughput: X requests/s, Y total tokens/s, Z output tokens/s` followed by
//! `Total num prompt tokens:` / `Total num output tokens:`) and `vllm bench latency`
//! (`Avg latency: X seconds`, then `N% percentile latency: X seconds`), as text found
//! anywhere in a file and as their `--output-json` files. Latencies are printed and saved
//! in seconds; the runs frame holds milliseconds.

use serde_json::Value as Json;

use super::json_lenient;
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use super::text::{parse_printed, Printed};
use crate::model::{Format, Run};

pub struct OfflineTextReader;

impl Reader for OfflineTextReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::VllmThroughputText, Format::VllmLatencyText]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let mut runs = Vec::new();
        for (start, line) in anchored_lines(source.text, "Throughput:") {
            if let Some(run) = throughput_block(source, start, line)? {
                runs.push(run);
            }
        }
        for (start, _) in anchored_lines(source.text, "Avg latency:") {
            runs.extend(latency_block(source, start)?);
        }
        if runs.is_empty() {
            return Ok(None);
        }
        runs.sort_by_key(|r| r.line);
        Ok(Some(Parsed {
            runs,
            warnings: vec![],
        }))
    }
}

/// Byte offset of each line's start and its text from `anchor` on, for lines containing it.
fn anchored_lines<'t>(text: &'t str, anchor: &str) -> Vec<(usize, &'t str)> {
    let mut out: Vec<(usize, &str)> = Vec::new();
    for pos in memchr::memmem::find_iter(text.as_bytes(), anchor.as_bytes()) {
        let start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
        let end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
        if out.last().map(|l| l.0) != Some(start) {
            out.push((start, text[pos..end].trim_end()));
        }
    }
    out
}

/// The lines after the one starting at `start`, stripped, until one that is not
/// `label: value`.
fn following_lines(text: &str, start: usize) -> impl Iterator<Item = &str> {
    text[start..]
        .lines()
        .skip(1)
        .map(|l| l.trim().trim_start_matches('#').trim())
        .take_while(|l| l.contains(':'))
}

fn number(source: &Source, offset: usize, what: &str, raw: &str) -> Result<f64, ParseError> {
    match parse_printed(raw) {
        Printed::Num(v) => Ok(v),
        _ => Err(ParseError::new(
            Some(source.line_of(offset)),
            crate::msg!("ingest-expect-number-for", label = what, found = raw.trim()),
        )),
    }
}

/// `Throughput: 7.15 requests/s, 4656.00 total tokens/s, 1072.15 output tokens/s`; older
/// versions print only `X requests/s, Y tokens/s` (total tokens).
fn throughput_block(source: &Source, start: usize, line: &str) -> Result<Option<Run>, ParseError> {
    let body = line.trim_start_matches("Throughput:").trim();
    let first = body.split_whitespace().next().unwrap_or("");
    let before = &source.text[start..];
    let at_line_start = before
        .trim_start_matches([' ', '\t', '#', '>'])
        .starts_with("Throughput:");
    if !at_line_start || !body.contains("requests/s") {
        return Ok(None); // some other "Throughput:" in a log
    }
    // Prose that describes the format (`Throughput: X requests/s`) is not a result; a
    // bracketed placeholder in a real block is an error.
    if !matches!(parse_printed(first), Printed::Num(_)) && !first.starts_with('[') {
        return Ok(None);
    }
    let mut run = Run::new(Format::VllmThroughputText, Some(source.line_of(start)));
    for part in body.split(',') {
        let part = part.trim();
        let (value, unit) = part.split_once(' ').unwrap_or((part, ""));
        let key = match unit.trim() {
            "requests/s" => "request_throughput",
            "total tokens/s" | "tokens/s" => "total_token_throughput",
            "output tokens/s" => "output_throughput",
            _ => continue,
        };
        run.set_num(key, number(source, start, unit, value)?);
    }
    for l in following_lines(source.text, start) {
        let (label, value) = l.split_once(':').unwrap_or((l, ""));
        let key = match label.trim() {
            "Total num prompt tokens" => "total_input_tokens",
            "Total num output tokens" => "total_output_tokens",
            _ => continue,
        };
        run.set_num(key, number(source, start, label, value)?);
    }
    Ok(Some(run))
}

/// `None` when the anchor sits in other text (`Max Avg latency:` in a table) and no value
/// of the block is read.
fn latency_block(source: &Source, start: usize) -> Result<Option<Run>, ParseError> {
    let mut run = Run::new(Format::VllmLatencyText, Some(source.line_of(start)));
    let first = source.text[start..].lines().next().unwrap_or("");
    let lines = std::iter::once(first.trim()).chain(following_lines(source.text, start));
    for l in lines {
        let (label, value) = l.split_once(':').unwrap_or((l, ""));
        let label = label.trim();
        let seconds = || {
            number(
                source,
                start,
                label,
                value.trim().trim_end_matches("seconds"),
            )
        };
        if label.ends_with("Avg latency") {
            run.set_num("mean_e2el_ms", seconds()? * 1000.0);
        } else if let Some(p) = label.strip_suffix("% percentile latency") {
            if p.parse::<f64>().is_ok() {
                run.set_num(format!("p{p}_e2el_ms"), seconds()? * 1000.0);
            }
        }
    }
    Ok((!run.values.is_empty()).then_some(run))
}

/// `--output-json` of `vllm bench throughput` and `vllm bench latency`.
pub struct OfflineJsonReader;

impl Reader for OfflineJsonReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::VllmThroughputJson, Format::VllmLatencyJson]
    }

    fn read(&self, source: &Source) -> ReadResult {
        if !source.text.trim_start().starts_with('{') {
            return Ok(None);
        }
        let Ok(Json::Object(obj)) = json_lenient::parse(source.text) else {
            return Ok(None);
        };
        // A key this reader maps must hold a number (or a spelling of "none"): a wrong type
        // is an error naming the key's line, not a metric left out.
        let mismatch = |key: &str, expected, found| {
            // `percentiles.99` is found on the line of `"percentiles"`.
            let top = if key.starts_with("percentiles.") {
                "percentiles"
            } else {
                key
            };
            ParseError::new(
                json_lenient::line_of_key(source.text, 1, top).or(Some(1)),
                json_lenient::type_mismatch(key, expected, found),
            )
        };
        let number = |k: &str, v: &Json| {
            json_lenient::number_of(v).map_err(|found| mismatch(k, json_lenient::NUMBER, found))
        };
        let num = |k: &str| match obj.get(k) {
            Some(v) => number(k, v),
            None => Ok(None),
        };
        let run = if obj.contains_key("requests_per_second") && obj.contains_key("elapsed_time") {
            let mut run = Run::new(Format::VllmThroughputJson, None);
            run.set_opt("duration", num("elapsed_time")?);
            run.set_opt("num_prompts", num("num_requests")?);
            run.set_opt("request_throughput", num("requests_per_second")?);
            run.set_opt("total_token_throughput", num("tokens_per_second")?);
            if let Some(t) = num("total_num_tokens")? {
                run.set_num("total_num_tokens", t);
            }
            run
        } else if obj.contains_key("avg_latency") && obj.contains_key("latencies") {
            let mut run = Run::new(Format::VllmLatencyJson, None);
            run.set_opt("mean_e2el_ms", num("avg_latency")?.map(|s| s * 1000.0));
            run.set_opt("std_e2el_ms", num("std_latency")?.map(|s| s * 1000.0));
            match obj.get("percentiles") {
                Some(Json::Object(ps)) => {
                    for (p, v) in ps {
                        if p.parse::<f64>().is_ok() {
                            let seconds = number(&format!("percentiles.{p}"), v)?;
                            run.set_opt(format!("p{p}_e2el_ms"), seconds.map(|s| s * 1000.0));
                        }
                    }
                }
                Some(other) => {
                    let found = json_lenient::type_name(other);
                    return Err(mismatch("percentiles", json_lenient::OBJECT, found));
                }
                None => {}
            }
            run
        } else {
            return Ok(None);
        };
        Ok(Some(Parsed {
            runs: vec![run],
            warnings: vec![],
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn read(r: &dyn Reader, text: &str) -> Parsed {
        r.read(&Source::new(Path::new("x"), text)).unwrap().unwrap()
    }

    #[test]
    fn throughput_text_in_markdown() {
        let t = "If ok:\n```\nThroughput: 7.15 requests/s, 4656.00 total tokens/s, 1072.15 output tokens/s\nTotal num prompt tokens:  5014\nTotal num output tokens:  1500\n```\n";
        let r = &read(&OfflineTextReader, t).runs[0];
        assert_eq!(r.line, Some(3));
        assert_eq!(r.get("request_throughput"), Some(7.15));
        assert_eq!(r.get("total_token_throughput"), Some(4656.0));
        assert_eq!(r.get("output_throughput"), Some(1072.15));
        assert_eq!(r.get("total_input_tokens"), Some(5014.0));
        assert_eq!(r.get("total_output_tokens"), Some(1500.0));
    }

    #[test]
    fn latency_text_in_seconds() {
        let t = "Avg latency: 1.2345 seconds\n10% percentile latency: 1.1 seconds\n99% percentile latency: 1.5 seconds\n";
        let r = &read(&OfflineTextReader, t).runs[0];
        assert_eq!(r.format, Format::VllmLatencyText);
        assert!((r.get("mean_e2el_ms").unwrap() - 1234.5).abs() < 1e-9);
        assert!((r.get("p99_e2el_ms").unwrap() - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn output_json_files() {
        let t = r#"{"elapsed_time": 2.0, "num_requests": 10, "total_num_tokens": 300, "requests_per_second": 5.0, "tokens_per_second": 150.0}"#;
        let r = &read(&OfflineJsonReader, t).runs[0];
        assert_eq!(r.format, Format::VllmThroughputJson);
        assert_eq!(r.get("request_throughput"), Some(5.0));
        let t = r#"{"avg_latency": 0.5, "std_latency": 0.01, "latencies": [0.5], "percentiles": {"10": 0.4, "99": 0.6}}"#;
        let r = &read(&OfflineJsonReader, t).runs[0];
        assert_eq!(r.format, Format::VllmLatencyJson);
        assert_eq!(r.get("p99_e2el_ms"), Some(600.0));
        assert_eq!(r.get("mean_e2el_ms"), Some(500.0));
    }
}
