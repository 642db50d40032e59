//! `profile_export_genai_perf.csv` and `profile_export_aiperf.csv`: two tables in one file,
//! separated by a blank line. The first (`Metric,avg,min,max,p99,...`) holds per-request
//! distributions, one metric per row; the second (`Metric,Value`) single values. AIPerf
//! may append a GPU telemetry table (`Endpoint,GPU_Index,...`) whose rows match no label.
//! genai-perf quotes numbers with thousands separators (`"1,146.31"`); AIPerf leaves
//! statistics it did not compute empty.
//!
//! Both tools write the same layout, so the tool is told by content: AIPerf's first table
//! has `sum` and `std` columns and labels genai-perf never prints (`Benchmark Duration`,
//! `Request Error Rate`, ...). Labels map to columns through `perf_labels`; the run goes
//! back to the ingest driver.

use super::perf_labels::{self, PerfRunBuilder, Tool};
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use super::text::{parse_printed, Printed};
use crate::model::Format;

pub struct PerfCsvReader;

/// Label beginnings only AIPerf writes.
const AIPERF_ONLY: [&str; 8] = [
    "benchmark duration",
    "completed requests",
    "request error rate",
    "inter chunk latency",
    "time to first output token",
    "http ",
    "effective ",
    "credit-to-start",
];

impl Reader for PerfCsvReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::GenaiPerfCsv, Format::AiperfCsv]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text.trim_start_matches('\u{feff}');
        // Cheap refusal of every other file: both tools start with this header.
        if !text.trim_start().starts_with("Metric,") {
            return Ok(None);
        }
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(text.as_bytes());
        let mut stats: Vec<String> = Vec::new();
        let mut aiperf = false;
        // (metric, its (statistic, cell) pairs, line)
        #[allow(clippy::type_complexity)]
        let mut rows: Vec<(String, Vec<(String, String)>, u64)> = Vec::new();
        for record in reader.records() {
            let record = record.map_err(|e| {
                let line = e.position().map(|p| p.line());
                ParseError::new(
                    line,
                    crate::msg!("ingest-expect-csv-row", error = e.to_string()),
                )
            })?;
            let line = record.position().map_or(0, |p| p.line());
            let mut cells = record.iter().map(str::trim);
            let Some(label) = cells.next() else { continue };
            if label == "Metric" {
                // The header of a table: the statistic of each column.
                stats = cells.map(str::to_ascii_lowercase).collect();
                aiperf |= stats.iter().any(|s| s == "std" || s == "sum");
                continue;
            }
            let lower = label.to_ascii_lowercase();
            aiperf |= AIPERF_ONLY.iter().any(|p| lower.starts_with(p));
            let values = stats
                .iter()
                .cloned()
                .zip(cells.map(str::to_owned))
                .collect();
            rows.push((label.to_owned(), values, line));
        }
        let tool = if aiperf {
            Tool::Aiperf
        } else {
            Tool::GenaiPerf
        };
        let mut builder = PerfRunBuilder::new(tool.csv_format(), None);
        for (label, values, line) in &rows {
            let Some(found) = perf_labels::by_label(label) else {
                continue;
            };
            for (stat, cell) in values {
                if cell.is_empty() {
                    continue; // a statistic the tool did not compute
                }
                let value = match parse_printed(cell) {
                    Printed::Num(v) => Some(v * found.factor),
                    Printed::Missing | Printed::Infinite => None,
                    Printed::Word(w) => {
                        return Err(ParseError::new(
                            Some(*line),
                            crate::msg!(
                                "ingest-expect-number-or-na",
                                stat = stat.as_str(),
                                label = label.as_str(),
                                found = w.to_string()
                            ),
                        ))
                    }
                };
                builder.put(found.target, stat, value);
            }
        }
        if builder.is_empty() {
            return Ok(None); // a `Metric,...` CSV of some other tool
        }
        Ok(Some(Parsed {
            runs: vec![builder.finish()],
            warnings: vec![],
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Run;
    use std::path::Path;

    fn read(text: &str) -> Run {
        let parsed = PerfCsvReader
            .read(&Source::new(Path::new("x.csv"), text))
            .unwrap()
            .unwrap();
        assert_eq!(parsed.runs.len(), 1);
        parsed.runs.into_iter().next().unwrap()
    }

    #[test]
    fn genai_perf_two_tables_quoted_thousands() {
        let r = read(include_str!(
            "../../fixtures/genai-perf/profile_export_genai_perf-cloudai-doc.csv"
        ));
        assert_eq!(r.format, Format::GenaiPerfCsv);
        assert_eq!(r.line, None);
        assert_eq!(r.get("mean_ttft_ms"), Some(1146.31));
        assert_eq!(r.get("max_ttft_ms"), Some(3485.23));
        assert_eq!(r.get("p25_ttft_ms"), Some(286.52));
        assert_eq!(r.get("min_ttst_ms"), Some(0.0));
        assert_eq!(r.get("p50_e2el_ms"), Some(5690.23));
        assert_eq!(r.get("p95_tpot_ms"), Some(33.88));
        assert_eq!(r.get("mean_osl"), Some(174.45));
        assert_eq!(r.get("mean_isl"), Some(3000.05));
        // The second table, after the blank line.
        assert_eq!(r.get("output_throughput"), Some(261.25));
        assert_eq!(r.get("request_throughput"), Some(1.50));
        assert_eq!(r.get("completed"), Some(40.0));
        assert_eq!(r.values.len(), 6 * 9 + 3);
    }

    #[test]
    fn genai_perf_generated_run() {
        let r = read(include_str!(
            "../../fixtures/genai-perf/0.0.16-run1-chat-c4/profile_export_genai_perf.csv"
        ));
        assert_eq!(r.format, Format::GenaiPerfCsv);
        assert_eq!(r.get("p1_ttft_ms"), Some(20.61));
        assert_eq!(r.get("p5_ttst_ms"), Some(2.17));
        assert_eq!(r.get("p10_e2el_ms"), Some(89.24));
        assert_eq!(r.get("output_throughput"), Some(1422.76));
        assert_eq!(r.get("request_throughput"), Some(44.46));
        assert_eq!(r.get("completed"), Some(40.0));
    }

    #[test]
    fn aiperf_generated_run() {
        let r = read(include_str!(
            "../../fixtures/aiperf/0.13.0-run1-chat-c4/profile_export_aiperf.csv"
        ));
        assert_eq!(r.format, Format::AiperfCsv);
        assert_eq!(r.get("mean_ttft_ms"), Some(22.01));
        assert_eq!(r.get("p95_ttft_ms"), Some(24.61));
        assert_eq!(r.get("std_tpot_ms"), Some(0.06));
        assert_eq!(r.get("p75_e2el_ms"), Some(92.59));
        assert_eq!(r.get("p1_ttst_ms"), Some(1.13));
        assert_eq!(r.get("max_osl"), Some(32.0));
        // `sum` has no column.
        assert!(!r.values.keys().any(|k| k.starts_with("sum")));
        assert_eq!(r.get("duration"), Some(0.95));
        assert_eq!(r.get("completed"), Some(40.0));
        assert_eq!(r.get("failed"), Some(0.0));
        assert_eq!(r.get("request_throughput"), Some(42.08));
        assert_eq!(r.get("output_throughput"), Some(1346.65));
        assert_eq!(r.get("input_throughput"), Some(5302.44));
        assert_eq!(r.get("total_token_throughput"), Some(6649.09));
        assert_eq!(r.get("total_input_tokens"), Some(5040.0));
        assert_eq!(r.get("total_output_tokens"), Some(1280.0));
    }

    #[test]
    fn aiperf_failures_error_adjusted_rows_and_error_count() {
        let r = read(include_str!(
            "../../fixtures/aiperf/0.13.0-run2-completions-rate20-failures/profile_export_aiperf.csv"
        ));
        assert_eq!(r.format, Format::AiperfCsv);
        // `Request Latency (error-adjusted) (ms)` (line 9, p50 232.22) comes before the
        // real `Request Latency (ms)` row (line 46) and must not be taken for it.
        assert_eq!(r.get("mean_e2el_ms"), Some(356.38));
        assert_eq!(r.get("p50_e2el_ms"), Some(225.68));
        assert_eq!(r.get("p1_e2el_ms"), Some(154.31));
        assert_eq!(r.get("p50_ttft_ms"), Some(23.58));
        assert_eq!(r.get("p50_tpot_ms"), Some(3.15));
        // `Error Input Sequence Length` is not the ISL.
        assert_eq!(r.get("mean_isl"), Some(257.95));
        assert_eq!(r.get("completed"), Some(40.0));
        assert_eq!(r.get("failed"), Some(10.0));
        assert_eq!(r.get("total_input_tokens"), Some(10318.0));
        assert_eq!(r.get("duration"), Some(3.61));
    }

    #[test]
    fn other_csv_files_are_not_mine() {
        let src = |t: &'static str| {
            PerfCsvReader
                .read(&Source::new(Path::new("x.csv"), t))
                .unwrap()
        };
        assert!(src("Run Info,Run Info,Benchmark\nname,id,x\n").is_none());
        assert!(src("source,line,run_index,format\nx,1,0,vllm-serve-text\n").is_none());
        assert!(src("Metric,Value\nGPU Power (W),300\n").is_none());
        assert!(src("").is_none());
    }

    #[test]
    fn a_word_in_a_cell_names_the_line() {
        let t = "Metric,avg,min\nTime To First Token (ms),12.0,x1\n";
        let e = PerfCsvReader
            .read(&Source::new(Path::new("x.csv"), t))
            .unwrap_err();
        assert_eq!(e.line, Some(2));
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let alphabet: Vec<char> = "Metric,avg\"\n 1,2.5N/ARequest Count(ms)\r"
            .chars()
            .collect();
        for _ in 0..300 {
            let body: String = (0..150)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    alphabet[(seed % alphabet.len() as u64) as usize]
                })
                .collect();
            let _ = PerfCsvReader.read(&Source::new(Path::new("x.csv"), &format!("Metric,{body}")));
        }
    }
}
