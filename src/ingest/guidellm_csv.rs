//! guidellm's `benchmarks.csv` (0.8 layout): three header rows — group (`Request
//! Latency`), field with the request status in front (`Successful Sec`), statistic
//! (`Mean`, `Median`, `Std Dev`, `Percentiles`) — over one row per benchmark of the run.
//! The cells are read into the same [`Summary`] as the JSON report's
//! (`guidellm_summary.rs`), which maps them to canonical columns, so both files of a run
//! give the same run (tested below). Runs go back to the driver in `ingest/mod.rs`.
//!
//! What the CSV writer (guidellm `benchmark/outputs/csv.py`) does that matters here:
//! - `Percentiles` is one cell, `[min, p001, p01, p05, p10, p25, p75, p90, p95, p99,
//!   max]`: min and max at the ends, no p50 (the median is its own cell) and no p999, so
//!   a CSV run has no p50 / p99.9 columns.
//! - The columns of a status whose values sum to 0 are left out: an all-failed benchmark
//!   has no `Successful ...` columns, and in a sweep those cells are empty because rows
//!   share the union of headers. Missing latencies are null; missing rates are 0, which
//!   is what a sum of 0 means for them.
//! - No token totals: they are the mean tokens per request times the successful count,
//!   rounded (both are exact for whole-token sums).
//! - The strategy is only its name (`constant@2.50`): a rate read back is rounded to two
//!   decimals.
//!
//! guidellm 0.3's CSV (one header row, `Successful Requests` etc.) is not this format and
//! is not claimed; its JSON report is read by `guidellm_json.rs`.

use std::collections::HashMap;

use super::guidellm_json::{BackendConfig, Constraints, RunSetup};
use super::guidellm_summary::{Metric, Stats, Strategy, Summary};
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source, Warning};
use crate::model::Format;

pub struct GuidellmCsvReader;

/// The percentiles inside the `Percentiles` cell, between its min and max.
const CSV_PERCENTILES: [&str; 9] = ["0.1", "1", "5", "10", "25", "75", "90", "95", "99"];

/// Cells in the `Percentiles` list: min, the nine percentiles, max.
const PERCENTILE_CELLS: usize = CSV_PERCENTILES.len() + 2;

impl Reader for GuidellmCsvReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::GuidellmCsv]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text.trim_start_matches('\u{feff}');
        if !first_row_has_groups(text) {
            return Ok(None);
        }
        // A record's position is where the reader stopped before it, i.e. before the
        // previous row's line end (so csv's own line number is one short): the row starts
        // after those line-end bytes (csv skips empty lines too).
        let bom = source.text.len() - text.len();
        let line_of = |p: &csv::Position| {
            let at = (p.byte() as usize).min(text.len());
            let skip = text.as_bytes()[at..]
                .iter()
                .take_while(|b| matches!(b, b'\r' | b'\n'));
            source.line_of(bom + at + skip.count())
        };
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(text.as_bytes());
        let mut rows = Vec::new();
        for record in reader.records() {
            let record = record.map_err(|e| {
                let line = e.position().map(line_of);
                ParseError::new(
                    line,
                    crate::msg!("ingest-expect-guidellm-csv-rows", error = e.to_string()),
                )
            })?;
            rows.push(record);
        }
        if rows.len() < 3 {
            return Err(ParseError::new(
                Some(rows.len() as u64),
                crate::msg!("ingest-expect-guidellm-header-rows", found = rows.len()),
            ));
        }
        let width = rows[0].len();
        if let Some(short) = rows[..3].iter().find(|r| r.len() != width) {
            return Err(ParseError::new(
                short.position().map(line_of),
                crate::msg!(
                    "ingest-expect-guidellm-header-width",
                    width = width,
                    found = short.len()
                ),
            ));
        }
        let columns = Columns::new(&rows[..3]);
        if !columns.has("Request Counts", "Successful", "") {
            return Ok(None);
        }
        let mut parsed = Parsed::default();
        if rows.len() == 3 {
            parsed.warnings.push(Warning {
                line: None,
                message: crate::msg!("ingest-guidellm-csv-no-row"),
            });
        }
        for record in &rows[3..] {
            let line = record.position().map_or(0, line_of);
            if record.len() != columns.width {
                return Err(ParseError::new(
                    Some(line),
                    crate::msg!(
                        "ingest-expect-guidellm-row-width",
                        width = columns.width,
                        found = record.len()
                    ),
                ));
            }
            let row = Row {
                record,
                columns: &columns,
                line,
            };
            parsed
                .runs
                .push(row.summary()?.into_run(Format::GuidellmCsv));
        }
        Ok(Some(parsed))
    }
}

/// guidellm's first row holds the groups; `Timings` and `Request Counts` are always there.
fn first_row_has_groups(text: &str) -> bool {
    let first = text.lines().next().unwrap_or("");
    let cells: Vec<&str> = first.split(',').map(str::trim).collect();
    cells.contains(&"Timings") && cells.contains(&"Request Counts")
}

/// The three header rows as one key per column: (group, field, statistic).
struct Columns {
    index: HashMap<(String, String, String), usize>,
    width: usize,
}

impl Columns {
    /// `header`: the three rows, of equal length.
    fn new(header: &[csv::StringRecord]) -> Columns {
        let width = header[0].len();
        let mut index = HashMap::new();
        for i in 0..width {
            let part = |r: usize| header[r].get(i).unwrap_or("").trim().to_owned();
            // The first of two equal headers wins; guidellm writes each once.
            index.entry((part(0), part(1), part(2))).or_insert(i);
        }
        Columns { index, width }
    }

    fn has(&self, group: &str, field: &str, stat: &str) -> bool {
        self.index
            .contains_key(&(group.to_owned(), field.to_owned(), stat.to_owned()))
    }

    fn get(&self, group: &str, field: &str, stat: &str) -> Option<usize> {
        self.index
            .get(&(group.to_owned(), field.to_owned(), stat.to_owned()))
            .copied()
    }
}

/// One benchmark row.
struct Row<'a> {
    record: &'a csv::StringRecord,
    columns: &'a Columns,
    line: u64,
}

impl Row<'_> {
    /// A cell's text; `None` when the column is missing or the cell empty.
    fn text(&self, group: &str, field: &str, stat: &str) -> Option<&str> {
        let i = self.columns.get(group, field, stat)?;
        Some(self.record.get(i)?.trim()).filter(|t| !t.is_empty())
    }

    /// A numeric cell: `Ok(None)` when missing or empty, or when Python wrote `nan`/`inf`.
    fn number(&self, group: &str, field: &str, stat: &str) -> Result<Option<f64>, ParseError> {
        let Some(text) = self.text(group, field, stat) else {
            return Ok(None);
        };
        self.parse(text, &[group, field, stat])
    }

    fn parse(&self, text: &str, header: &[&str]) -> Result<Option<f64>, ParseError> {
        match text.trim().parse::<f64>() {
            Ok(v) => Ok(v.is_finite().then_some(v)),
            Err(_) => {
                let column: Vec<&str> = header.iter().copied().filter(|h| !h.is_empty()).collect();
                Err(ParseError::new(
                    Some(self.line),
                    crate::msg!(
                        "ingest-expect-number-in-column",
                        column = column.join(" / "),
                        found = text
                    ),
                ))
            }
        }
    }

    /// The successful requests' statistics of a metric, or `None` when guidellm left its
    /// columns out (no samples) or empty (another row of a sweep has them).
    fn stats(&self, metric: Metric, completed: Option<f64>) -> Result<Option<Stats>, ParseError> {
        let (group, units) = metric.csv_header();
        let field = format!("Successful {units}");
        if self.text(group, &field, "Mean").is_none() {
            return Ok(None);
        }
        let mean = self.number(group, &field, "Mean")?;
        let list = match self.text(group, &field, "Percentiles") {
            Some(cell) => self.percentile_list(cell, &[group, &field, "Percentiles"])?,
            None => vec![None; PERCENTILE_CELLS],
        };
        let total = match metric {
            Metric::PromptTokens | Metric::OutputTokens => {
                mean.zip(completed).map(|(m, n)| (m * n).round())
            }
            _ => None,
        };
        Ok(Some(Stats {
            mean,
            median: self.number(group, &field, "Median")?,
            std: self.number(group, &field, "Std Dev")?,
            min: list[0],
            max: list[PERCENTILE_CELLS - 1],
            percentiles: CSV_PERCENTILES
                .iter()
                .copied()
                .zip(list[1..PERCENTILE_CELLS - 1].iter().copied())
                .collect(),
            empty: false,
            total,
        }))
    }

    /// `[0.099, 0.099, ...]`: Python's repr of a list of eleven floats.
    fn percentile_list(&self, cell: &str, header: &[&str]) -> Result<Vec<Option<f64>>, ParseError> {
        let inner = cell
            .trim()
            .strip_prefix('[')
            .and_then(|c| c.strip_suffix(']'));
        let values: Vec<&str> = inner.map(|c| c.split(',').collect()).unwrap_or_default();
        if values.len() != PERCENTILE_CELLS {
            return Err(ParseError::new(
                Some(self.line),
                crate::msg!(
                    "ingest-expect-percentile-list",
                    column = header.join(" / "),
                    found = cell
                ),
            ));
        }
        values.iter().map(|v| self.parse(v, header)).collect()
    }

    fn summary(&self) -> Result<Summary, ParseError> {
        let completed = self.number("Request Counts", "Successful", "")?;
        let backend = self
            .text("Run Info", "Backend", "")
            .and_then(BackendConfig::parse);
        let setup = self
            .text("Runtime Info", "Arguments", "")
            .map(RunSetup::of_config_json)
            .unwrap_or_default();
        let mut stats = Vec::new();
        for metric in Metric::ALL {
            stats.push((metric, self.stats(metric, completed)?));
        }
        Ok(Summary {
            completed,
            failed: self.number("Request Counts", "Errored", "")?,
            incomplete: self.number("Request Counts", "Incomplete", "")?,
            duration: self.number("Timings", "Duration", "Sec")?,
            strategy: self
                .text("Benchmark", "Strategy", "")
                .and_then(Strategy::from_display),
            backend: backend.as_ref().and_then(|b| b.0.clone()),
            model_id: backend.and_then(|b| b.1),
            num_prompts: self
                .text("Benchmark", "Constraints", "")
                .and_then(Constraints::parse)
                .and_then(|c| c.max_requests()),
            input_len: setup.input_len,
            output_len: setup.output_len,
            stats,
            percentile_names: &CSV_PERCENTILES,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::guidellm_json::GuidellmJsonReader;
    use super::*;
    use crate::model::{Run, Value};
    use std::path::Path;

    fn fixture(rel: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("fixtures/guidellm")
            .join(rel);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    fn read(text: &str) -> ReadResult {
        GuidellmCsvReader.read(&Source::new(Path::new("benchmarks.csv"), text))
    }

    fn runs(rel: &str) -> Vec<Run> {
        read(&fixture(rel))
            .expect("reads")
            .expect("is guidellm")
            .runs
    }

    #[test]
    fn real_csv_maps_to_canonical_columns() {
        let runs = runs("0.8.1-run1/benchmarks.csv");
        assert_eq!(runs.len(), 1);
        let r = &runs[0];
        assert_eq!(r.format, Format::GuidellmCsv);
        assert_eq!(r.line, None);
        assert_eq!(r.text("label"), Some("concurrent@4"));
        assert_eq!(r.text("model_id"), Some("mock-model"));
        assert_eq!(r.text("backend"), Some("openai_http"));
        assert_eq!(r.get("num_prompts"), Some(40.0));
        assert_eq!(r.get("input_len"), Some(128.0));
        assert_eq!(r.get("output_len"), Some(32.0));
        assert_eq!(r.values.get("request_rate"), Some(&Value::Null));
        assert_eq!(r.get("max_concurrency"), Some(4.0));
        assert_eq!(r.get("completed"), Some(40.0));
        assert_eq!(r.get("failed"), Some(0.0));
        assert_eq!(r.get("incomplete"), Some(0.0));
        assert_eq!(r.get("duration"), Some(1.1635262966156006));
        // 107.64999999999999 tokens × 40 requests, 32.0 × 40.
        assert_eq!(r.get("total_input_tokens"), Some(4306.0));
        assert_eq!(r.get("total_output_tokens"), Some(1280.0));
        assert_eq!(r.get("request_throughput"), Some(34.37825179916409));
        assert_eq!(r.get("concurrency"), Some(3.8054509431306163));
        assert_eq!(r.get("output_throughput"), Some(1100.1040575732509));
        // Percentiles cell: [min, p001, p01, p05, p10, p25, p75, p90, p95, p99, max].
        assert_eq!(r.get("mean_ttft_ms"), Some(22.74901270866394));
        assert_eq!(r.get("median_ttft_ms"), Some(22.048234939575195));
        assert_eq!(r.get("min_ttft_ms"), Some(20.609378814697266));
        assert_eq!(r.get("p5_ttft_ms"), Some(20.627260208129883));
        assert_eq!(r.get("p25_ttft_ms"), Some(21.47674560546875));
        assert_eq!(r.get("p75_ttft_ms"), Some(23.363351821899414));
        assert_eq!(r.get("max_ttft_ms"), Some(32.9442024230957));
        assert_eq!(r.get("p99_tpot_ms"), Some(3.6355680035006617));
        assert_eq!(r.get("p95_isl"), Some(109.0));
        assert!((r.get("p90_e2el_ms").unwrap_or(0.0) - 117.13600158691406).abs() < 1e-9);
        // Not in the CSV: p50 (the median is its own cell) and p99.9.
        assert!(!r.values.contains_key("p50_ttft_ms"));
        assert!(!r.values.contains_key("p99.9_ttft_ms"));
    }

    /// Every column the CSV gives equals the JSON report's; the JSON has only p50 and
    /// p99.9 in addition.
    #[test]
    fn csv_and_json_of_a_run_agree() {
        for (csv_file, json_file) in [
            ("0.8.1-run1/benchmarks.csv", "0.8.1-run1/benchmarks.json"),
            (
                "edited/all-errored.benchmarks.csv",
                "edited/all-errored.benchmarks.json",
            ),
            (
                "edited/sweep.benchmarks.csv",
                "edited/sweep.benchmarks.json",
            ),
        ] {
            let csv_runs = runs(csv_file);
            let json = fixture(json_file);
            let json_runs = GuidellmJsonReader
                .read(&Source::new(Path::new(json_file), &json))
                .expect("reads")
                .expect("mine")
                .runs;
            assert_eq!(csv_runs.len(), json_runs.len(), "{csv_file}");
            for (c, j) in csv_runs.iter().zip(&json_runs) {
                let json_only: Vec<&crate::model::Key> = j
                    .values
                    .keys()
                    .filter(|k| !c.values.contains_key(*k))
                    .collect();
                assert!(
                    // The CSV's "Timings Start Time" is not read yet: the stamp is the JSON's.
                    json_only.iter().all(|k| {
                        k.starts_with("p50_") || k.starts_with("p99.9_") || *k == "run_timestamp"
                    }),
                    "{csv_file}: only in JSON: {json_only:?}"
                );
                for (key, cv) in &c.values {
                    let jv = j.values.get(key);
                    let same = match (cv, jv) {
                        (Value::Num(a), Some(Value::Num(b))) => (a - b).abs() <= b.abs() * 1e-12,
                        (a, Some(b)) => a == b,
                        _ => false,
                    };
                    assert!(same, "{csv_file} {key}: csv {cv:?}, json {jv:?}");
                }
            }
        }
    }

    #[test]
    fn all_errored_csv_has_null_latencies_and_zero_rates() {
        let r = &runs("edited/all-errored.benchmarks.csv")[0];
        assert_eq!(r.get("completed"), Some(0.0));
        assert_eq!(r.get("failed"), Some(40.0));
        for key in [
            "mean_ttft_ms",
            "min_e2el_ms",
            "p99_tpot_ms",
            "p0.1_e2el_per_token_ms",
            "median_osl",
        ] {
            assert_eq!(r.values.get(key), Some(&Value::Null), "{key}");
        }
        for key in [
            "request_throughput",
            "input_throughput",
            "concurrency",
            "total_output_tokens",
        ] {
            assert_eq!(r.get(key), Some(0.0), "{key}");
        }
    }

    #[test]
    fn sweep_rows_with_empty_cells() {
        let runs = runs("edited/sweep.benchmarks.csv");
        assert_eq!(runs.len(), 2);
        assert_eq!(
            runs[0].get("mean_e2el_per_token_ms"),
            Some(3.433286026120186)
        );
        assert_eq!(runs[1].text("label"), Some("constant@2.50"));
        assert_eq!(runs[1].get("request_rate"), Some(2.5));
        assert_eq!(
            runs[1].values.get("mean_e2el_per_token_ms"),
            Some(&Value::Null)
        );
        assert_eq!(runs[1].get("failed"), Some(40.0));
    }

    #[test]
    fn crlf_line_ends_read_the_same() {
        let lf = runs("0.8.1-run1/benchmarks.csv");
        let crlf = read(&fixture("0.8.1-run1/benchmarks.csv").replace('\n', "\r\n"))
            .expect("reads")
            .expect("mine")
            .runs;
        assert_eq!(lf, crlf);
    }

    #[test]
    fn truncated_csv_is_an_error_naming_the_row() {
        let text = fixture("0.8.1-run1/benchmarks.csv");
        let row4 = text.match_indices('\n').nth(2).map_or(0, |(i, _)| i + 1);
        let err = read(&text[..row4 + 500]).expect_err("truncated row");
        assert_eq!(err.line, Some(4));
        // 500 bytes in: run id, index, profile, requests, and part of the backend cell.
        assert!(
            err.message
                .ends_with("169 cells as in guidellm's header rows, found 5 (truncated?)"),
            "{}",
            err.message
        );
        // Cut inside the header rows.
        let err = read(&text[..row4 - 200]).expect_err("truncated header");
        assert_eq!(err.line, Some(3));
    }

    #[test]
    fn a_bad_cell_names_its_line_and_column() {
        let text = fixture("0.8.1-run1/benchmarks.csv").replace(",0.11069505810737611,", ",n/a,");
        let err = read(&text).expect_err("bad number");
        assert_eq!(err.line, Some(4));
        assert_eq!(
            err.message.as_str(),
            "expected a number in column `Request Latency / Successful Sec / Mean`, found `n/a`"
        );
    }

    #[test]
    fn other_csv_files_are_not_mine() {
        let genai_perf = "Metric,avg,min,max,p99,p95,p90,p75,p50,p25,p10,p5,p1\nTime To First Token (ms),20.92,20.61,21.86,21.8,21.7,21.6,21.0,20.9,20.8,20.7,20.7,20.6\n";
        let aiperf = "Metric,avg,min,max,sum,p1,p5,p10,p25,p50,p75,p90,p95,p99,std\nRequest Latency (ms),1,1,1,,1,1,1,1,1,1,1,1,1,0\n";
        let frame = "source,line,run_index,format,completed\nbenchmarks.csv,,0,guidellm-csv,40\n";
        for text in [genai_perf, aiperf, frame, "", "\u{0}\u{1}garbage"] {
            assert!(read(text).expect("no error").is_none(), "{text}");
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        #[test]
        fn never_panics_on_bytes_after_the_header(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..300)) {
            let text = fixture("0.8.1-run1/benchmarks.csv");
            let header_end = text.match_indices('\n').nth(2).map_or(0, |(i, _)| i + 1);
            let mut cut = text[..header_end].to_owned();
            cut.push_str(&String::from_utf8_lossy(&bytes));
            let _ = read(&cut);
            let _ = read(&String::from_utf8_lossy(&bytes));
        }

        #[test]
        fn never_panics_on_a_cut_file(cut in 0usize..20_237) {
            let text = fixture("0.8.1-run1/benchmarks.csv");
            let cut = (0..=cut.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
            let _ = read(&text[..cut]);
        }
    }
}
