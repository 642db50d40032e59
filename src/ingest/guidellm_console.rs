//! guidellm's console tables, read as runs whose numbers are rounded (`precision`
//! `rounded`): the numbers guidellm printed for people, each to the decimals it chose.
//! Beside `benchmarks.json` a console's run is the JSON's run (`same_run.rs`: every number
//! both hold agrees within the console's rounding), which keeps the JSON's exact numbers;
//! alone, it is the run.
//!
//! Two generations, one table grammar. Cells are separated by `|`; a header cell followed
//! by empty cells spans them (`| Request Latency ||| TTFT |||`); header rows end at a
//! `---` rule, data rows (one benchmark each, named by its strategy in the first cell) at
//! a `===` rule; a column is named by its header cells from top to bottom.
//!
//! - 0.3 (`guidellm/benchmark/output.py`, `GenerativeBenchmarksConsole`): `Benchmarks
//!   Info:` (duration; requests made, tokens per request and token totals, each
//!   `Comp`/`Inc`/`Err`) and `Benchmarks Stats:` (`print_benchmarks_stats`: every column a
//!   statistic of the successful requests: requests per second and concurrency to two
//!   decimals, token rates, request latency in seconds to two decimals, whatever its
//!   header says (`(sec)`, or `(ms)` in some versions), TTFT, ITL and TPOT in ms to
//!   one). The model is the metadata's `backend_model='…'`.
//! - 0.8 (`ℹ`-titled tables, outer `|` on every row): `Run Summary Info` (duration,
//!   `Comp`/`Inc`/`Err` request and token totals), `Request Token Statistics (Completed
//!   Requests)`, `Request Latency Statistics (Completed Requests)` (request latency in
//!   seconds, `0.1 ± 0.01`: the mean and its confidence half-width; a `*` marks a
//!   percentile without one), `Server Throughput Statistics (All Requests)`. The model is
//!   the line `✔ … backend validated with model NAME`.
//!
//! The columns are those of `benchmarks.json` (`guidellm_summary.rs`): guidellm's ITL is
//! `tpot`, its TPOT `e2el_per_token`; TTFOT and the text metrics are not mapped. The
//! throughput table of 0.8 is over all requests (`total`), the JSON's columns over the
//! successful ones: they are one only when no request errored or was cut off, so only
//! then are its rates read. A benchmark printed twice (0.8 prints its tables once per
//! output) is one run.

use std::sync::LazyLock;

use aho_corasick::AhoCorasick;

use super::guidellm_summary::{set_strategy, Strategy};
use super::reader::{Parsed, ReadResult, Reader, Source};
use super::same_run::half_unit;
use crate::model::{Format, Run};

pub struct GuidellmConsoleReader;

/// What a console's run says of its numbers (`metrics.md`, "Workload").
pub const ROUNDED: &str = "rounded";

impl Reader for GuidellmConsoleReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::GuidellmConsole]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text;
        // One pass for the four titles of either layout (four memmem scans were 6% of the
        // ingest of a large log that holds none).
        static TITLES: LazyLock<AhoCorasick> = LazyLock::new(|| {
            AhoCorasick::new([
                "Benchmarks Stats:",
                "Benchmarks Info:",
                "Request Latency Statistics (Completed Requests)",
                "Run Summary Info",
            ])
            .expect("literal patterns always build")
        });
        if !TITLES.is_match(text) {
            return Ok(None);
        }
        let mut runs: Vec<(String, Run)> = Vec::new();
        let mut all_requests: Vec<(String, Vec<(&'static str, f64)>)> = Vec::new();
        let lines: Vec<(usize, &str)> = line_offsets(text);
        let mut i = 0;
        while i < lines.len() {
            let (_, line) = lines[i];
            if !is_rule(line, '=') {
                i += 1;
                continue;
            }
            let title = title_above(&lines, i);
            let (table, next) = read_table(&lines, i);
            i = next.max(i + 1);
            let Some(kind) = title.as_deref().and_then(TableKind::of) else {
                continue;
            };
            for section in table {
                for (offset, row) in &section.rows {
                    let Some(label) = row.first().map(|c| c.trim()).filter(|c| !c.is_empty())
                    else {
                        continue;
                    };
                    let values = section.values(kind, row);
                    if values.is_empty() {
                        continue;
                    }
                    if kind == TableKind::AllRequests {
                        all_requests.push((label.to_owned(), values));
                        continue;
                    }
                    let run = match runs.iter_mut().find(|(l, _)| l == label) {
                        Some((_, run)) => run,
                        None => {
                            let run = new_run(label, source.line_of(*offset));
                            runs.push((label.to_owned(), run));
                            &mut runs.last_mut().expect("just pushed").1
                        }
                    };
                    for (col, v) in values {
                        run.set_num(col, v);
                    }
                }
            }
        }
        // Rates over all requests are the successful requests' only without others.
        for (label, values) in all_requests {
            if let Some((_, run)) = runs.iter_mut().find(|(l, _)| *l == label) {
                let clean = run.get("failed") == Some(0.0) && run.get("incomplete") == Some(0.0);
                if clean {
                    for (col, v) in values {
                        run.set_num(col, v);
                    }
                }
            }
        }
        let model = model_of(text);
        let mut out = Vec::with_capacity(runs.len());
        for (_, mut run) in runs {
            let measured = run
                .values
                .iter()
                .any(|(k, v)| v.as_f64().is_some() && is_metric(k));
            if !measured {
                continue;
            }
            if let Some(m) = &model {
                run.set_text("model_id", m.as_str());
            }
            out.push(run);
        }
        if out.is_empty() {
            return Ok(None);
        }
        Ok(Some(Parsed {
            runs: out,
            warnings: vec![],
        }))
    }
}

/// A run's numeric columns other than its configured load.
fn is_metric(col: &str) -> bool {
    !matches!(col, "request_rate" | "max_concurrency" | "load_value")
}

fn new_run(label: &str, line: u64) -> Run {
    let mut run = Run::new(Format::GuidellmConsole, Some(line));
    run.set_text("precision", ROUNDED);
    run.set_text("label", label);
    run.set_text("strategy", label);
    if let Some(s) = Strategy::from_display(label) {
        set_strategy(&mut run, &s);
    }
    run
}

/// Half a unit of the last decimal guidellm printed `x` (a column's canonical value)
/// with: request latency is printed in seconds and kept in milliseconds.
pub fn half_unit_as_printed(col: &str, x: f64) -> f64 {
    if col.ends_with("_e2el_ms") {
        half_unit(x / 1000.0) * 1000.0
    } else {
        half_unit(x)
    }
}

/// The lines of `text` with their byte offsets.
fn line_offsets(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        out.push((start, line.trim_end_matches(['\n', '\r'])));
        start += line.len();
    }
    out
}

/// A rule of `c` (`|====|====|`, `-----|-----`), and nothing else.
fn is_rule(line: &str, c: char) -> bool {
    let t = line.trim();
    t.len() >= 3 && t.contains(c) && t.chars().all(|x| x == c || x == '|')
}

/// The title printed above the table whose first rule is line `i`: the nearest non-empty
/// line above it, without 0.8's `ℹ` and 0.3's colon.
fn title_above(lines: &[(usize, &str)], i: usize) -> Option<String> {
    let line = lines[..i]
        .iter()
        .rev()
        .map(|l| l.1.trim())
        .find(|l| !l.is_empty())?;
    Some(
        line.trim_start_matches('ℹ')
            .trim()
            .trim_end_matches(':')
            .to_owned(),
    )
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum TableKind {
    /// 0.3 `Benchmarks Info`, 0.8 `Run Summary Info`: durations and counts.
    Info,
    /// 0.3 `Benchmarks Stats`, 0.8's `(Completed Requests)` statistics.
    Successful,
    /// 0.8 `Server Throughput Statistics (All Requests)`.
    AllRequests,
}

impl TableKind {
    fn of(title: &str) -> Option<TableKind> {
        match title {
            "Benchmarks Info" | "Run Summary Info" => Some(TableKind::Info),
            "Benchmarks Stats"
            | "Request Token Statistics (Completed Requests)"
            | "Request Latency Statistics (Completed Requests)" => Some(TableKind::Successful),
            "Server Throughput Statistics (All Requests)" => Some(TableKind::AllRequests),
            _ => None,
        }
    }
}

/// One header block of a table and the rows under it.
struct Section<'a> {
    /// Each column's header cells, top to bottom, lower case.
    columns: Vec<Vec<String>>,
    rows: Vec<(usize, Vec<&'a str>)>,
}

/// The cells of a row: 0.8 wraps each row in `|`, 0.3 does not.
fn cells(line: &str) -> Vec<&str> {
    let t = line.trim_end();
    let t = match t.trim_start().strip_prefix('|') {
        Some(inner) => inner.strip_suffix('|').unwrap_or(inner),
        None => t,
    };
    t.split('|').collect()
}

/// The table whose first `=` rule is line `start`: its sections, and the line after it.
fn read_table<'a>(lines: &[(usize, &'a str)], start: usize) -> (Vec<Section<'a>>, usize) {
    let mut sections = Vec::new();
    let mut i = start + 1;
    loop {
        let mut header: Vec<Vec<&str>> = Vec::new();
        while let Some(&(_, line)) = lines.get(i) {
            if is_rule(line, '-') || is_rule(line, '=') || !line.contains('|') {
                break;
            }
            header.push(cells(line));
            i += 1;
        }
        if header.is_empty() || !lines.get(i).is_some_and(|l| is_rule(l.1, '-')) {
            return (sections, i);
        }
        i += 1;
        let mut rows = Vec::new();
        while let Some(&(offset, line)) = lines.get(i) {
            if is_rule(line, '=') || !line.contains('|') {
                break;
            }
            rows.push((offset, cells(line)));
            i += 1;
        }
        sections.push(Section {
            columns: columns_of(&header),
            rows,
        });
        if !lines.get(i).is_some_and(|l| is_rule(l.1, '=')) {
            return (sections, i);
        }
        i += 1;
    }
}

/// Each column's header path: a header cell spans the empty cells after it.
fn columns_of(header: &[Vec<&str>]) -> Vec<Vec<String>> {
    let width = header.iter().map(Vec::len).max().unwrap_or(0);
    let mut columns = vec![Vec::new(); width];
    for row in header {
        let mut last = String::new();
        for (c, column) in columns.iter_mut().enumerate() {
            let cell = row.get(c).map(|s| s.trim()).unwrap_or("");
            if !cell.is_empty() || c == 0 {
                last = cell.to_lowercase();
            }
            if !last.is_empty() {
                column.push(last.clone());
            }
        }
    }
    columns
}

impl Section<'_> {
    /// The canonical columns of one data row.
    fn values(&self, kind: TableKind, row: &[&str]) -> Vec<(&'static str, f64)> {
        let mut out = Vec::new();
        for (c, path) in self.columns.iter().enumerate().skip(1) {
            let Some(raw) = row.get(c) else { continue };
            let Some(v) = number(raw) else { continue };
            let path: Vec<&str> = path.iter().map(String::as_str).collect();
            if let Some((col, scale)) = column(kind, &path) {
                out.push((col, v * scale));
            }
        }
        out
    }
}

/// The number a cell starts with: `0.1 ± 0.01` → 0.1, `38.3*` → 38.3.
fn number(cell: &str) -> Option<f64> {
    let first = cell.split_whitespace().next()?;
    first
        .trim_end_matches('*')
        .parse::<f64>()
        .ok()
        .filter(|v| v.is_finite())
}

/// A statistic's canonical name.
fn stat(s: &str) -> Option<&'static str> {
    Some(match s {
        "mean" => "mean",
        "mdn" | "median" => "median",
        "p50" => "p50",
        "p90" => "p90",
        "p95" => "p95",
        "p99" => "p99",
        "p99.9" => "p99.9",
        _ => return None,
    })
}

/// The canonical column of a header path, and the factor to its unit.
fn column(kind: TableKind, path: &[&str]) -> Option<(&'static str, f64)> {
    let last = *path.last()?;
    let group = path.first().copied().unwrap_or("");
    let counts = |s: &str| -> Option<&'static str> {
        match s {
            "comp" => Some("completed"),
            "inc" => Some("incomplete"),
            "err" => Some("failed"),
            _ => None,
        }
    };
    match kind {
        TableKind::Info => match path {
            // 0.3
            ["metadata", "duration (s)"] => Some(("duration", 1.0)),
            ["requests made", s] => counts(s).map(|c| (c, 1.0)),
            ["prompt tok/req", "comp"] => Some(("mean_isl", 1.0)),
            ["output tok/req", "comp"] => Some(("mean_osl", 1.0)),
            ["prompt tok total", "comp"] => Some(("total_input_tokens", 1.0)),
            ["output tok total", "comp"] => Some(("total_output_tokens", 1.0)),
            // 0.8
            ["timings", "dur", "sec"] => Some(("duration", 1.0)),
            ["requests", s, "tot"] => counts(s).map(|c| (c, 1.0)),
            ["input tokens", "comp", "tot"] => Some(("total_input_tokens", 1.0)),
            ["output tokens", "comp", "tot"] => Some(("total_output_tokens", 1.0)),
            _ => None,
        },
        TableKind::Successful => {
            let family = |g: &str| -> Option<(&'static str, f64)> {
                // guidellm prints `request_latency` (seconds) under `Sec`, `(sec)` and,
                // in some 0.3 releases, `(ms)`.
                if g.starts_with("req latency") || g == "request latency" {
                    return Some(("e2el", 1000.0));
                }
                Some(match g {
                    "ttft (ms)" | "ttft" => ("ttft", 1.0),
                    "itl (ms)" | "itl" => ("tpot", 1.0),
                    "tpot (ms)" | "tpot" => ("e2el_per_token", 1.0),
                    "input tok" => ("isl", 1.0),
                    "output tok" => ("osl", 1.0),
                    _ => return None,
                })
            };
            match path {
                ["request stats", "per second"] => Some(("request_throughput", 1.0)),
                ["request stats", "concurrency"] => Some(("concurrency", 1.0)),
                ["out tok/sec", "mean"] => Some(("output_throughput", 1.0)),
                ["tot tok/sec", "mean"] => Some(("total_token_throughput", 1.0)),
                // 0.8's token table: only the per-request counts of `Per Req`.
                ["input tok" | "output tok", unit, _] if *unit != "per req" => None,
                _ => {
                    let (family, scale) = family(group)?;
                    let stat = stat(last)?;
                    distribution_column(stat, family).map(|c| (c, scale))
                }
            }
        }
        TableKind::AllRequests => match path {
            ["requests", "concurrency", "mean"] => Some(("concurrency", 1.0)),
            ["requests", "per sec", "mean"] => Some(("request_throughput", 1.0)),
            ["input tokens", "per sec", "mean"] => Some(("input_throughput", 1.0)),
            ["output tokens", "per sec", "mean"] => Some(("output_throughput", 1.0)),
            ["total tokens", "per sec", "mean"] => Some(("total_token_throughput", 1.0)),
            _ => None,
        },
    }
}

/// `{stat}_{family}[_ms]` as a static name (the columns a console can print).
fn distribution_column(stat: &str, family: &str) -> Option<&'static str> {
    const COLUMNS: [&str; 35] = [
        "mean_e2el_ms",
        "median_e2el_ms",
        "p50_e2el_ms",
        "p90_e2el_ms",
        "p95_e2el_ms",
        "p99_e2el_ms",
        "p99.9_e2el_ms",
        "mean_ttft_ms",
        "median_ttft_ms",
        "p50_ttft_ms",
        "p90_ttft_ms",
        "p95_ttft_ms",
        "p99_ttft_ms",
        "p99.9_ttft_ms",
        "mean_tpot_ms",
        "median_tpot_ms",
        "p50_tpot_ms",
        "p90_tpot_ms",
        "p95_tpot_ms",
        "p99_tpot_ms",
        "p99.9_tpot_ms",
        "mean_e2el_per_token_ms",
        "median_e2el_per_token_ms",
        "p50_e2el_per_token_ms",
        "p90_e2el_per_token_ms",
        "p95_e2el_per_token_ms",
        "p99_e2el_per_token_ms",
        "p99.9_e2el_per_token_ms",
        "mean_isl",
        "median_isl",
        "p95_isl",
        "p99_isl",
        "mean_osl",
        "median_osl",
        "p95_osl",
    ];
    let unit = if matches!(family, "isl" | "osl") {
        ""
    } else {
        "_ms"
    };
    let name = format!("{stat}_{family}{unit}");
    COLUMNS.iter().copied().find(|c| *c == name)
}

/// The model the console names: 0.8 `✔ … backend validated with model NAME`, 0.3
/// `backend_model='NAME'`.
fn model_of(text: &str) -> Option<String> {
    const VALIDATED: &str = "backend validated with model ";
    if let Some(pos) = text.find(VALIDATED) {
        let rest = &text[pos + VALIDATED.len()..];
        let name = rest.lines().next().unwrap_or("").trim();
        if !name.is_empty() {
            return Some(name.to_owned());
        }
    }
    const OLD: &str = "backend_model='";
    let pos = text.find(OLD)?;
    let rest = &text[pos + OLD.len()..];
    let end = rest.find('\'')?;
    Some(rest[..end].to_owned()).filter(|m| !m.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn read(rel: &str) -> Vec<Run> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
        let text = std::fs::read_to_string(&path).unwrap();
        GuidellmConsoleReader
            .read(&Source::new(&path, &text))
            .unwrap()
            .unwrap()
            .runs
    }

    #[test]
    fn a_0_8_console_is_a_rounded_run_per_benchmark() {
        let runs = read("fixtures/guidellm/0.8.1-poisson-rate10/console.txt");
        assert_eq!(runs.len(), 1);
        let r = &runs[0];
        assert_eq!(r.format, Format::GuidellmConsole);
        assert_eq!(r.text("precision"), Some(ROUNDED));
        assert_eq!(r.text("label"), Some("poisson@10.00"));
        assert_eq!(r.text("model_id"), Some("mock-model"));
        assert_eq!(r.get("request_rate"), Some(10.0));
        assert_eq!(r.get("completed"), Some(40.0));
        assert_eq!(r.get("failed"), Some(0.0));
        assert_eq!(r.get("duration"), Some(1.7));
        assert_eq!(r.get("mean_e2el_ms"), Some(100.0));
        assert_eq!(r.get("p95_e2el_ms"), Some(200.0));
        assert_eq!(r.get("mean_ttft_ms"), Some(27.8));
        assert_eq!(r.get("p95_ttft_ms"), Some(38.3));
        assert_eq!(r.get("mean_tpot_ms"), Some(3.8));
        assert_eq!(r.get("mean_e2el_per_token_ms"), Some(4.5));
        assert_eq!(r.get("median_isl"), Some(108.0));
        assert_eq!(r.get("p95_osl"), Some(32.0));
        assert_eq!(r.get("request_throughput"), Some(24.1));
        assert_eq!(r.get("total_token_throughput"), Some(3366.8));
        assert_eq!(r.get("total_input_tokens"), Some(4306.0));
        // TTFOT and the text metrics have no column.
        assert!(r.get("mean_ttfot_ms").is_none());
    }

    #[test]
    fn tables_printed_twice_are_one_run_and_a_sweep_is_a_run_per_strategy() {
        let runs = read("fixtures/guidellm/0.8.1-run1/console.txt");
        assert_eq!(runs.len(), 1);
        let runs = read("fixtures/guidellm/0.8.1-sweep-size3/console.txt");
        let labels: Vec<_> = runs.iter().map(|r| r.text("label").unwrap()).collect();
        assert_eq!(labels, ["synchronous", "throughput@512", "constant@61.39"]);
        assert_eq!(runs[0].get("max_concurrency"), Some(1.0));
        assert!(runs[1].get("max_concurrency").is_none());
    }

    #[test]
    fn throughput_over_all_requests_is_left_out_when_some_failed() {
        let runs = read("fixtures/guidellm/0.8.1-run5-all-failed/console.txt");
        let r = &runs[0];
        assert_eq!(r.get("completed"), Some(0.0));
        assert_eq!(r.get("failed"), Some(10.0));
        assert!(r.get("request_throughput").is_none());
        assert!(r.get("concurrency").is_none());
    }

    #[test]
    fn a_0_3_console_reads_both_tables() {
        let runs = read("fixtures/corpus/guidellm-0.3.0-console-llamastack-vllm-1-1.txt");
        assert_eq!(runs.len(), 10);
        let r = &runs[2];
        assert_eq!(r.text("label"), Some("constant@2.20"));
        assert_eq!(r.text("model_id"), Some("meta-llama/Llama-3.2-3B-Instruct"));
        assert_eq!(r.get("request_rate"), Some(2.2));
        assert_eq!(r.get("completed"), Some(125.0));
        assert_eq!(r.get("incomplete"), Some(8.0));
        assert_eq!(r.get("failed"), Some(0.0));
        assert_eq!(r.get("duration"), Some(60.0));
        assert_eq!(r.get("mean_isl"), Some(546.5));
        assert_eq!(r.get("total_output_tokens"), Some(32000.0));
        assert_eq!(r.get("request_throughput"), Some(2.10));
        assert_eq!(r.get("concurrency"), Some(7.49));
        assert_eq!(r.get("output_throughput"), Some(537.2));
        assert_eq!(r.get("mean_e2el_ms"), Some(3570.0));
        assert_eq!(r.get("p99_ttft_ms"), Some(45.0));
        assert_eq!(r.get("median_tpot_ms"), Some(13.9));
        assert_eq!(r.get("p99_e2el_per_token_ms"), Some(13.9));
        assert_eq!(runs[1].text("load_type"), Some("throughput"));
    }

    #[test]
    fn seconds_are_compared_at_their_printed_decimals() {
        // `0.1` s printed: 50 ms either way.
        assert_eq!(half_unit_as_printed("mean_e2el_ms", 100.0), 50.0);
        assert_eq!(half_unit_as_printed("mean_ttft_ms", 27.8), 0.05);
    }

    #[test]
    fn other_text_is_not_mine() {
        let src = |t: &str| {
            GuidellmConsoleReader
                .read(&Source::new(Path::new("x.txt"), t))
                .unwrap()
        };
        assert!(src("# Notes\n\nWe ran guidellm.\n").is_none());
        assert!(src("Benchmarks Stats:\n====\nno table\n").is_none());
    }
}
