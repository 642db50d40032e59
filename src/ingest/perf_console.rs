//! The console summary of genai-perf and AIPerf: a `rich` table titled
//! `NVIDIA GenAI-Perf | LLM Metrics` or `NVIDIA AIPerf | LLM Metrics`, found anywhere in a
//! log or a Markdown page. Rows are metrics (`│ Time To First Token (ms) │ 20.92 │ ...`),
//! columns the statistics named in the header row (`avg`, `min`, `max`, `p99`, ...).
//!
//! What makes it hard:
//! - AIPerf prints several tables (`LLM Metrics: Effective`, `: Active`, `: Usage`, and an
//!   `Error Summary` on failures); only the one titled exactly `LLM Metrics` is the run.
//! - `rich` wraps labels longer than 30 characters onto a second row that holds only
//!   `(unit)` and empty cells; that row is joined to the one above.
//! - Numbers carry thousands separators (`1,422.76`); single values print `N/A` in the
//!   statistic columns; terminal captures carry ANSI colour codes and CR line ends.
//! - AIPerf prints `Benchmark Duration: 0.95 sec` below its tables; early genai-perf titled
//!   its table `LLM Metrics` alone and printed single values as `Label: value` lines below
//!   it; a narrow terminal cuts numbers to `123…`.
//!
//! Labels map to columns through `perf_labels`; the runs go back to the ingest driver.

use super::perf_labels::{self, PerfRunBuilder, Tool};
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source, Warning};
use super::rich_table::{read_table, Table};
use super::text::{parse_printed, strip_ansi, Printed};
use crate::model::{Format, Run};

/// The end of every title this reader reads; AIPerf's other tables continue after it
/// (`LLM Metrics: Effective`), which the title check rejects.
const ANCHOR: &str = "Metrics";

/// What the tools put before ` | <kind> Metrics` in a title.
const TITLES: [(&str, Tool); 2] = [
    ("NVIDIA GenAI-Perf", Tool::GenaiPerf),
    ("NVIDIA AIPerf", Tool::Aiperf),
];

/// The tables that are runs, by the end of their title, with the `endpoint_type` they
/// give the run (LLM tables leave it unset). genai-perf titles its one table by
/// `--endpoint-type` (`ConsoleExporter._get_title` in
/// `genai-perf/genai_perf/export_data/console_exporter.py`); AIPerf by the endpoint's
/// `metrics_title` (`src/aiperf/plugin/plugins.yaml`). Every such table holds the same
/// metric rows (request latency and throughput at least), which `perf_labels` maps.
const RUN_TABLES: [(&str, Option<&str>); 11] = [
    ("LLM Metrics", None),
    ("Embeddings Metrics", Some("embeddings")),
    ("NIM Embeddings Metrics", Some("nim_embeddings")),
    ("Rankings Metrics", Some("rankings")),
    ("Ranking Metrics", Some("rankings")),
    ("Image Retrieval Metrics", Some("image_retrieval")),
    ("Multi-Modal Metrics", Some("multimodal")),
    ("Image Generation Metrics", Some("image_generation")),
    ("Image Edit Metrics", Some("image_edit")),
    ("Video Generation Metrics", Some("video_generation")),
    ("Audio Transcription Metrics", Some("audio_transcription")),
];

pub struct PerfConsoleReader;

impl Reader for PerfConsoleReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::GenaiPerfConsole, Format::AiperfConsole]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text;
        let finder = memchr::memmem::Finder::new(ANCHOR.as_bytes());
        let mut parsed = Parsed::default();
        let mut next_allowed = 0;
        for pos in finder.find_iter(text.as_bytes()) {
            if pos < next_allowed {
                continue;
            }
            let start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
            let end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
            let Some((tool, endpoint_type)) = title_tool(&strip_ansi(&text[start..end])) else {
                continue;
            };
            let title_line = source.line_of(start);
            let Some(table) = read_table(text, end, title_line) else {
                continue; // the title in prose, not above a table
            };
            next_allowed = table.end;
            let (mut run, warnings) = table_run(&table, tool, title_line)?;
            parsed.warnings.extend(warnings);
            if let (Some(kind), false) = (endpoint_type, run.values.is_empty()) {
                run.set_text("endpoint_type", kind);
            }
            if tool == Tool::Aiperf {
                if let Some(seconds) = aiperf_duration(text, table.end) {
                    run.set_num("duration", seconds);
                }
                if let Some(export) = aiperf_export_path(text, table.end) {
                    aiperf_variation(&mut run, export);
                }
            }
            if !table.closed {
                parsed.warnings.push(Warning {
                    line: Some(title_line),
                    message: crate::msg!(
                        "ingest-console-table-truncated",
                        format = run.format.to_string()
                    ),
                });
            }
            if run.values.is_empty() {
                parsed.warnings.push(Warning {
                    line: Some(title_line),
                    message: crate::msg!("ingest-console-table-unknown"),
                });
            } else {
                parsed.runs.push(run);
            }
        }
        if parsed.runs.is_empty() {
            parsed.runs.extend(all_failed_run(source));
        }
        Ok((!parsed.runs.is_empty() || !parsed.warnings.is_empty()).then_some(parsed))
    }
}

/// AIPerf's count of a run's records, logged after every run (`records_manager.py`:
/// `f"Processed {success_records} valid requests and {error_records} errors
/// ({total_records} total)."`).
const AIPERF_PROCESSED: &str = "Processed 0 valid requests and ";

/// genai-perf's end when perf_analyzer failed: perf_analyzer stops at the first failed
/// request of a thread (`Thread [0] had error: ...`) and exits 99, and genai-perf writes no
/// export (`subprocess.CalledProcessError: ... returned non-zero exit status 99.`).
const PERF_ANALYZER_FAILED: &str = "returned non-zero exit status 99";
const PERF_ANALYZER_THREAD_ERROR: &str = "had error:";

/// The run of a console whose every request failed, where the tool printed no table for
/// it: AIPerf's processed count with no valid request (its failed count as logged), or
/// genai-perf's perf_analyzer that stopped on failed requests (no count: it reports none).
fn all_failed_run(source: &Source) -> Option<Run> {
    let text = source.text;
    // AIPerf's own log (`<artifact dir>/logs/aiperf.log`) repeats the console's log
    // lines: the run is the console's, not a second one.
    if source.file_name() == "aiperf.log" {
        return None;
    }
    // memchr's searcher rather than `str::find`: on a 400 MB log with no table these two
    // scans of the whole text were a tenth of its ingest.
    let find = |needle: &str| memchr::memmem::find(text.as_bytes(), needle.as_bytes());
    if let Some(pos) = find(AIPERF_PROCESSED) {
        let rest = &text[pos + AIPERF_PROCESSED.len()..];
        let errors = rest.split_whitespace().next()?.parse::<u64>().ok()?;
        let mut run = Run::new(Format::AiperfConsole, Some(source.line_of(pos)));
        run.set_num("completed", 0.0);
        run.set_num("failed", errors as f64);
        return Some(run);
    }
    let failed = find(PERF_ANALYZER_FAILED)?;
    let first_error = find(PERF_ANALYZER_THREAD_ERROR).filter(|&e| e < failed)?;
    let mut run = Run::new(Format::GenaiPerfConsole, Some(source.line_of(first_error)));
    run.set_num("completed", 0.0);
    // The error repeats perf_analyzer's command as a Python list on one line:
    // `['perf_analyzer', '-m', 'mock-model', ..., '--concurrency-range', '2', ...]`.
    let line_start = text[..failed].rfind('\n').map_or(0, |i| i + 1);
    let args: Vec<&str> = text[line_start..failed]
        .split(", ")
        .map(|a| a.trim_matches(|c| matches!(c, '[' | ']' | '\'' | '"')))
        .collect();
    let after = |flag: &str| {
        args.iter()
            .position(|a| *a == flag)
            .and_then(|i| args.get(i + 1))
            .copied()
    };
    if let Some(model) = after("-m") {
        run.set_text("model_id", model);
    }
    let number = |flag: &str| after(flag).and_then(|v| v.parse::<f64>().ok());
    if let Some(c) = number("--concurrency-range") {
        run.set_num("max_concurrency", c);
    }
    if let Some(r) = number("--request-rate-range") {
        run.set_num("request_rate", r);
    }
    if let Some(n) = number("--request-count") {
        run.set_num("num_prompts", n);
    }
    Some(run)
}

/// The tool whose run table this title line names, and the table's endpoint type. Text
/// before the title (a log prefix, the tail of a progress bar) is allowed; text after it
/// is not.
fn title_tool(line: &str) -> Option<(Tool, Option<&'static str>)> {
    // Early genai-perf (mid-2024) titled its table `LLM Metrics` alone.
    if line.trim() == "LLM Metrics" {
        return Some((Tool::GenaiPerf, None));
    }
    RUN_TABLES.iter().find_map(|(kind, endpoint_type)| {
        let before = line
            .trim_end()
            .strip_suffix(kind)?
            .trim_end()
            .strip_suffix('|')?
            .trim_end();
        TITLES
            .iter()
            .find(|(name, _)| before.ends_with(name))
            .map(|(_, tool)| (*tool, *endpoint_type))
    })
}

fn table_run(
    table: &Table,
    tool: Tool,
    title_line: u64,
) -> Result<(Run, Vec<Warning>), ParseError> {
    let mut builder = PerfRunBuilder::new(tool.console_format(), Some(title_line));
    let mut warnings = Vec::new();
    let single = ["avg".to_owned()];
    let rows = table.rows.iter().map(|r| (r, &table.stats[..]));
    for (row, stats) in rows.chain(table.below.iter().map(|r| (r, &single[..]))) {
        let Some(found) = perf_labels::by_label(&row.label) else {
            continue;
        };
        for (stat, cell) in stats.iter().zip(&row.cells) {
            // `rich` cuts a number that does not fit a narrow terminal to `123…`.
            if cell.ends_with('…') {
                warnings.push(Warning {
                    line: Some(row.line),
                    message: crate::msg!(
                        "ingest-console-cell-cut",
                        cell = cell.as_str(),
                        stat = stat.to_string(),
                        label = row.label.as_str()
                    ),
                });
                builder.put(found.target, stat, None);
                continue;
            }
            let value = match parse_printed(cell) {
                Printed::Num(v) => Some(v * found.factor),
                Printed::Missing | Printed::Infinite => None,
                Printed::Word(w) => {
                    return Err(ParseError::new(
                        Some(row.line),
                        crate::msg!(
                            "ingest-expect-number-or-na",
                            stat = stat.to_string(),
                            label = row.label.as_str(),
                            found = w.to_string()
                        ),
                    ))
                }
            };
            builder.put(found.target, stat, value);
        }
    }
    Ok((builder.finish(), warnings))
}

/// `Benchmark Duration: 0.95 sec`, which AIPerf prints after its tables and before the
/// next run's (a sweep prints one set per run), in seconds. On a terminal the label and the
/// number are coloured apart: `\x1b[1;32mBenchmark Duration\x1b[0m: \x1b[1;36m4.22\x1b[0m sec`.
fn aiperf_duration(text: &str, from: usize) -> Option<f64> {
    const LABEL: &str = "Benchmark Duration";
    let rest = crate::offsets::tail(text, from);
    let pos = memchr::memmem::find(rest.as_bytes(), LABEL.as_bytes())?;
    if memchr::memmem::find(&rest.as_bytes()[..pos], b"NVIDIA AIPerf |").is_some() {
        return None; // the next run's tables come first
    }
    let after = rest[pos + LABEL.len()..].lines().next().unwrap_or("");
    let after = strip_ansi(after);
    let mut words = after.trim_start().strip_prefix(':')?.split_whitespace();
    let Printed::Num(v) = parse_printed(words.next().unwrap_or("")) else {
        return None;
    };
    match words.next().unwrap_or("sec") {
        "sec" | "s" | "seconds" => Some(v),
        "ms" => Some(v / 1000.0),
        _ => None,
    }
}

/// The `JSON Export: PATH` line AIPerf prints below a run's tables (before the next run's).
fn aiperf_export_path(text: &str, from: usize) -> Option<&str> {
    const LABEL: &str = "JSON Export: ";
    let rest = crate::offsets::tail(text, from);
    let pos = memchr::memmem::find(rest.as_bytes(), LABEL.as_bytes())?;
    if memchr::memmem::find(&rest.as_bytes()[..pos], b"NVIDIA AIPerf |").is_some() {
        return None;
    }
    let path = rest[pos + LABEL.len()..].lines().next()?.trim();
    (!path.is_empty()).then_some(path)
}

/// What a sweep's or trial's export path says about the run: AIPerf names a variation's
/// folder `{parameter}_{value}` (`concurrency_4`, `request_rate_5.0`; several joined with
/// `__`, `config/sweep/config.py`), and a trial's `profile_runs/trial_NNNN`
/// (`aiperf_layout.rs`). The console prints neither otherwise.
fn aiperf_variation(run: &mut crate::model::Run, export: &str) {
    let path = std::path::Path::new(export);
    if let Some(n) = super::aiperf_layout::run_number(path) {
        run.set_num("run_number", f64::from(n));
    }
    let Some(dir) = path
        .parent()
        .and_then(|d| d.file_name())
        .and_then(|d| d.to_str())
    else {
        return;
    };
    for part in dir.split("__") {
        for (name, column) in [
            ("concurrency_", "max_concurrency"),
            ("request_rate_", "request_rate"),
        ] {
            let value = part.strip_prefix(name).and_then(|v| v.parse::<f64>().ok());
            if let (Some(v), None) = (value.filter(|v| v.is_finite()), run.get(column)) {
                run.set_num(column, v);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn read(text: &str) -> Parsed {
        PerfConsoleReader
            .read(&Source::new(Path::new("x"), text))
            .expect("no error")
            .expect("a table")
    }

    const DYNAMO_DOC: &str = include_str!("../../fixtures/genai-perf/console-dynamo-doc.md");
    const GENAI_PERF_RUN: &str =
        include_str!("../../fixtures/genai-perf/0.0.16-run1-chat-c4/console.txt");
    const AIPERF_RUN: &str = include_str!("../../fixtures/aiperf/0.13.0-run1-chat-c4/console.txt");
    const AIPERF_FAILURES: &str =
        include_str!("../../fixtures/aiperf/0.13.0-run2-completions-rate20-failures/console.txt");
    const AIPERF_SWEEP: &str =
        include_str!("../../fixtures/aiperf/0.13.0-run3-sweep-c1-c4-failures/console.txt");
    const AIPERF_TTY: &str =
        include_str!("../../fixtures/aiperf/0.13.0-run5-tty-ui-simple/console-tty.txt");
    const AIPERF_ALL_FAILED: &str =
        include_str!("../../fixtures/aiperf/0.13.0-run4-all-failed/console.txt");

    #[test]
    fn genai_perf_doc_two_tables_with_separators_na_and_wrapped_label() {
        let parsed = read(DYNAMO_DOC);
        assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        assert_eq!(parsed.runs.len(), 2);
        let r = &parsed.runs[0];
        assert_eq!(r.format, Format::GenaiPerfConsole);
        assert_eq!(r.line, Some(22));
        assert_eq!(r.get("mean_ttft_ms"), Some(39.13));
        assert_eq!(r.get("p75_ttft_ms"), Some(41.29));
        assert_eq!(r.get("mean_ttst_ms"), Some(14.50));
        // Thousands separators.
        assert_eq!(r.get("mean_e2el_ms"), Some(1799.53));
        assert_eq!(r.get("min_e2el_ms"), Some(1783.41));
        assert_eq!(r.get("max_tpot_ms"), Some(17.98));
        assert_eq!(r.get("p99_osl"), Some(99.0));
        assert_eq!(r.get("mean_isl"), Some(128.0));
        // Single values: avg is the value, the N/A beside it is no statistic.
        assert_eq!(r.get("output_throughput"), Some(54.52));
        assert_eq!(r.get("request_throughput"), Some(0.55));
        assert_eq!(r.get("completed"), Some(10.0));
        assert!(
            !r.values.contains_key("failed"),
            "genai-perf prints no error count"
        );
        // The wrapped `Output Token Throughput Per User (tokens/sec/user)` row has no
        // column and its unit row must not become a row of its own.
        assert!(!r.values.keys().any(|k| k.contains("user")));
        assert_eq!(r.values.len(), 6 * 6 + 3);

        let r = &parsed.runs[1];
        assert_eq!(r.line, Some(74));
        assert_eq!(r.get("mean_ttft_ms"), Some(140.18));
        assert_eq!(r.get("p90_e2el_ms"), Some(547.32));
        assert_eq!(r.get("request_throughput"), Some(1.88));
    }

    #[test]
    fn genai_perf_run_in_a_rich_log() {
        let parsed = read(GENAI_PERF_RUN);
        assert_eq!(parsed.runs.len(), 1);
        let r = &parsed.runs[0];
        assert_eq!(r.line, Some(10));
        assert_eq!(r.get("mean_ttft_ms"), Some(20.92));
        assert_eq!(r.get("p90_ttst_ms"), Some(2.41));
        assert_eq!(r.get("p99_e2el_ms"), Some(90.71));
        assert_eq!(r.get("min_tpot_ms"), Some(2.21));
        assert_eq!(r.get("max_isl"), Some(130.0));
        assert_eq!(r.get("output_throughput"), Some(1422.76));
        assert_eq!(r.get("request_throughput"), Some(44.46));
        assert_eq!(r.get("completed"), Some(40.0));
    }

    #[test]
    fn aiperf_only_the_llm_metrics_table_is_the_run() {
        let parsed = read(AIPERF_RUN);
        assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        assert_eq!(parsed.runs.len(), 1);
        let r = &parsed.runs[0];
        assert_eq!(r.format, Format::AiperfConsole);
        assert_eq!(r.line, Some(124));
        assert_eq!(r.get("mean_ttft_ms"), Some(22.01));
        assert_eq!(r.get("std_ttft_ms"), Some(1.30));
        assert_eq!(r.get("p50_ttst_ms"), Some(2.18));
        assert_eq!(r.get("max_e2el_ms"), Some(96.06));
        assert_eq!(r.get("p99_tpot_ms"), Some(2.38));
        assert_eq!(r.get("mean_isl"), Some(126.0));
        assert_eq!(r.get("std_osl"), Some(0.0));
        assert_eq!(r.get("output_throughput"), Some(1346.65));
        assert_eq!(r.get("input_throughput"), Some(5302.44));
        assert_eq!(r.get("request_throughput"), Some(42.08));
        assert_eq!(r.get("completed"), Some(40.0));
        // `Completed Requests (Success + Error)` wraps `(requests)` onto the next row.
        assert_eq!(r.get("failed"), Some(0.0));
        assert_eq!(r.get("duration"), Some(0.95));
        // Nothing from the Effective / Active / Usage tables.
        assert!(r.get("total_token_throughput").is_none());
        assert!(!r.values.keys().any(|k| k.contains("concurrency")));
    }

    #[test]
    fn aiperf_failures_error_summary_and_error_adjusted_rows_are_not_the_run() {
        let parsed = read(AIPERF_FAILURES);
        assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        assert_eq!(parsed.runs.len(), 1, "the Error Summary table is no run");
        let r = &parsed.runs[0];
        assert_eq!(r.line, Some(137));
        // `Request Latency (error-adjusted)` / `(ms)` below the real row prints p50 232.22
        // and N/A for avg; the run keeps the real row's values.
        assert_eq!(r.get("mean_e2el_ms"), Some(356.38));
        assert_eq!(r.get("p50_e2el_ms"), Some(225.68));
        assert_eq!(r.get("p90_e2el_ms"), Some(801.96));
        assert_eq!(r.get("max_e2el_ms"), Some(1150.58));
        assert_eq!(r.get("p50_ttft_ms"), Some(23.58));
        assert_eq!(r.get("p50_tpot_ms"), Some(3.15));
        assert_eq!(r.get("mean_tpot_ms"), Some(5.20));
        assert_eq!(r.get("p99_isl"), Some(294.76));
        assert_eq!(r.get("input_throughput"), Some(2695.96));
        // 50 completed with errors, 40 successful: 10 failed (the Error Summary's Count).
        assert_eq!(r.get("completed"), Some(40.0));
        assert_eq!(r.get("failed"), Some(10.0));
        assert_eq!(r.get("duration"), Some(3.61));
    }

    #[test]
    fn aiperf_sweep_log_two_runs_each_with_its_duration() {
        let parsed = read(AIPERF_SWEEP);
        assert_eq!(parsed.runs.len(), 2);
        let (a, b) = (&parsed.runs[0], &parsed.runs[1]);
        assert_eq!((a.line, b.line), (Some(148), Some(327)));
        // Non-streaming: no TTFT or ITL rows.
        assert!(a.get("mean_ttft_ms").is_none());
        assert_eq!(a.get("mean_e2el_ms"), Some(82.63));
        assert_eq!(a.get("std_e2el_ms"), Some(20.27));
        assert_eq!(
            (a.get("completed"), a.get("failed")),
            (Some(18.0), Some(2.0))
        );
        assert_eq!(a.get("duration"), Some(2.09));
        assert_eq!(b.get("p99_e2el_ms"), Some(239.66));
        assert_eq!(b.get("input_throughput"), Some(1606.78));
        assert_eq!(
            (b.get("completed"), b.get("failed")),
            (Some(17.0), Some(3.0))
        );
        assert_eq!(b.get("duration"), Some(0.61));
        // The sweep's variation folders in the export paths below each run's tables.
        assert_eq!(a.get("max_concurrency"), Some(1.0));
        assert_eq!(b.get("max_concurrency"), Some(4.0));
        assert!(a.get("run_number").is_none());
    }

    #[test]
    fn aiperf_variation_folders_and_trials_of_export_paths() {
        let mut run = crate::model::Run::new(Format::AiperfConsole, None);
        aiperf_variation(
            &mut run,
            "/w/out/profile_runs/trial_0002/concurrency_8__request_rate_2.5/profile_export_aiperf.json",
        );
        assert_eq!(run.get("max_concurrency"), Some(8.0));
        assert_eq!(run.get("request_rate"), Some(2.5));
        assert_eq!(run.get("run_number"), Some(2.0));
        let mut run = crate::model::Run::new(Format::AiperfConsole, None);
        aiperf_variation(&mut run, "/w/out/run1-chat-c4/profile_export_aiperf.json");
        assert!(run.values.is_empty());
    }

    #[test]
    fn aiperf_all_failed_prints_no_table_but_its_count() {
        // No table; the log's `Processed 0 valid requests and 10 errors (10 total).`
        let r = read(AIPERF_ALL_FAILED);
        assert_eq!(r.runs.len(), 1);
        let r = &r.runs[0];
        assert_eq!(r.format, Format::AiperfConsole);
        assert_eq!(r.line, Some(76));
        assert_eq!(
            (r.get("completed"), r.get("failed")),
            (Some(0.0), Some(10.0))
        );
    }

    #[test]
    fn aiperf_terminal_capture_with_ansi_colours_and_crlf() {
        assert!(AIPERF_TTY.contains("\x1b[36m") && AIPERF_TTY.contains("\r\n"));
        let parsed = read(AIPERF_TTY);
        assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        assert_eq!(parsed.runs.len(), 1);
        let r = &parsed.runs[0];
        assert_eq!(r.line, Some(146));
        assert_eq!(r.get("mean_ttft_ms"), Some(51.50));
        assert_eq!(r.get("mean_e2el_ms"), Some(474.59));
        assert_eq!(r.get("min_tpot_ms"), Some(10.97));
        assert_eq!(r.get("output_throughput"), Some(233.82));
        assert_eq!(
            (r.get("completed"), r.get("failed")),
            (Some(31.0), Some(9.0))
        );
        assert_eq!(r.get("duration"), Some(4.22));
    }

    #[test]
    fn ansi_colours_and_crlf_of_a_terminal_capture() {
        let t = "\x1b[3m                 NVIDIA AIPerf | LLM Metrics                 \x1b[0m\r\n\
┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━┳━━━━━━━━┓\r\n\
┃\x1b[1m                               Metric \x1b[0m┃\x1b[1m      avg \x1b[0m┃\x1b[1m    p99 \x1b[0m┃\r\n\
┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━╇━━━━━━━━┩\r\n\
│\x1b[36m             Time to First Token (ms) \x1b[0m│\x1b[32m    22.01 \x1b[0m│\x1b[32m  24.95 \x1b[0m│\r\n\
│\x1b[36m    Request Throughput (requests/sec) \x1b[0m│\x1b[32m 1,042.08 \x1b[0m│\x1b[2m    N/A \x1b[0m│\r\n\
└──────────────────────────────────────┴──────────┴────────┘\r\n";
        let parsed = read(t);
        let r = &parsed.runs[0];
        assert_eq!(r.line, Some(1));
        assert_eq!(r.get("mean_ttft_ms"), Some(22.01));
        assert_eq!(r.get("p99_ttft_ms"), Some(24.95));
        assert_eq!(r.get("request_throughput"), Some(1042.08));
        assert!(parsed.warnings.is_empty());
    }

    #[test]
    fn early_genai_perf_bare_title_and_values_below_the_table() {
        let parsed = read(include_str!(
            "../../fixtures/genai-perf/console-goodput-tutorial-2024.md"
        ));
        assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        let r = &parsed.runs[0];
        assert_eq!(r.format, Format::GenaiPerfConsole);
        assert_eq!(r.line, Some(4));
        assert_eq!(r.get("mean_ttft_ms"), Some(5.60));
        assert_eq!(r.get("p75_ttft_ms"), Some(5.04));
        assert_eq!(r.get("p99_e2el_ms"), Some(237.75));
        assert_eq!(r.get("max_osl"), Some(126.0));
        assert_eq!(r.get("min_isl"), Some(200.0));
        assert_eq!(r.get("output_throughput"), Some(1205.26));
        assert_eq!(r.get("request_goodput"), Some(7.21));
        assert_eq!(r.get("request_throughput"), Some(10.82));
        assert_eq!(r.values.len(), 5 * 6 + 3);
    }

    #[test]
    fn number_cut_by_a_narrow_terminal_is_na_with_a_warning() {
        let t = GENAI_PERF_RUN.replace("│ 1,422.76 │", "│   1,42… │");
        let parsed = read(&t);
        let r = &parsed.runs[0];
        assert_eq!(
            r.values.get("output_throughput"),
            Some(&crate::model::Value::Null)
        );
        assert_eq!(r.get("request_throughput"), Some(44.46));
        assert_eq!(parsed.warnings.len(), 1);
        assert_eq!(parsed.warnings[0].line, Some(22));
    }

    #[test]
    fn title_checks() {
        assert_eq!(
            title_tool("   NVIDIA AIPerf | LLM Metrics   "),
            Some((Tool::Aiperf, None))
        );
        assert_eq!(
            title_tool("Progress: 100%|███| 40/40 NVIDIA GenAI-Perf | LLM Metrics"),
            Some((Tool::GenaiPerf, None))
        );
        assert_eq!(
            title_tool("   NVIDIA AIPerf | LLM Metrics: Effective   "),
            None
        );
        assert_eq!(title_tool("NVIDIA AIPerf | Error Summary"), None);
        assert_eq!(
            title_tool("          LLM Metrics          "),
            Some((Tool::GenaiPerf, None))
        );
        assert_eq!(title_tool("Our LLM Metrics"), None);
        assert_eq!(title_tool("the NVIDIA AIPerf LLM Metrics table"), None);
    }

    #[test]
    fn genai_perf_embeddings_table_is_a_run() {
        let parsed = read(include_str!(
            "../../fixtures/genai-perf/console-embeddings-goodput-tutorial.md"
        ));
        assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
        assert_eq!(parsed.runs.len(), 1);
        let r = &parsed.runs[0];
        assert_eq!(r.format, Format::GenaiPerfConsole);
        assert_eq!(r.line, Some(4));
        assert_eq!(r.text("endpoint_type"), Some("embeddings"));
        assert_eq!(r.get("mean_e2el_ms"), Some(23.23));
        assert_eq!(r.get("max_e2el_ms"), Some(147.53));
        assert_eq!(r.get("p75_e2el_ms"), Some(22.52));
        assert_eq!(r.get("request_throughput"), Some(42.95));
        assert_eq!(r.get("request_goodput"), Some(30.40));
        // An embeddings run has no token timings.
        assert!(!r
            .values
            .keys()
            .any(|k| k.contains("ttft") || k.contains("tpot")));
    }

    #[test]
    fn titles_of_every_run_table_kind() {
        // AIPerf's `metrics_title` of each endpoint (src/aiperf/plugin/plugins.yaml).
        for (title, kind) in [
            ("NVIDIA AIPerf | Embeddings Metrics", Some("embeddings")),
            (
                "NVIDIA AIPerf | NIM Embeddings Metrics",
                Some("nim_embeddings"),
            ),
            ("NVIDIA AIPerf | Ranking Metrics", Some("rankings")),
            (
                "NVIDIA AIPerf | Image Generation Metrics",
                Some("image_generation"),
            ),
            (
                "NVIDIA AIPerf | Audio Transcription Metrics",
                Some("audio_transcription"),
            ),
            ("NVIDIA GenAI-Perf | Rankings Metrics", Some("rankings")),
            (
                "NVIDIA GenAI-Perf | Multi-Modal Metrics",
                Some("multimodal"),
            ),
            ("NVIDIA AIPerf | LLM Metrics", None),
        ] {
            assert_eq!(title_tool(title).map(|(_, k)| k), Some(kind), "{title}");
        }
        // Tables that describe a run without being one.
        for title in [
            "NVIDIA AIPerf | LLM Metrics: Usage",
            "NVIDIA AIPerf | GPU Telemetry Metrics",
            "NVIDIA AIPerf | Server Metrics",
        ] {
            assert_eq!(title_tool(title), None, "{title}");
        }
    }

    #[test]
    fn prose_naming_the_title_is_not_a_table() {
        let t = "Look for `NVIDIA AIPerf | LLM Metrics`\nin the output.\n";
        let r = PerfConsoleReader
            .read(&Source::new(Path::new("x"), t))
            .unwrap();
        assert!(r.is_none());
    }

    #[test]
    fn truncated_table_warns_and_keeps_rows_read() {
        let cut: String = GENAI_PERF_RUN
            .lines()
            .take(14)
            .map(|l| format!("{l}\n"))
            .collect();
        let parsed = read(&cut);
        assert_eq!(parsed.runs[0].get("mean_ttft_ms"), Some(20.92));
        assert_eq!(parsed.runs[0].get("mean_e2el_ms"), None);
        assert_eq!(parsed.warnings.len(), 1);
        assert_eq!(parsed.warnings[0].line, Some(10));
    }

    #[test]
    fn a_word_in_a_metric_cell_is_an_error_with_its_line() {
        let t = GENAI_PERF_RUN.replace("│    89.84 │", "│    oops! │");
        let e = PerfConsoleReader
            .read(&Source::new(Path::new("x"), &t))
            .unwrap_err();
        assert_eq!(e.line, Some(16));
        assert!(e.message.contains("Request Latency (ms)"), "{}", e.message);
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let alphabet: Vec<char> = "│┃┏┡└ +|-\nLLM Metrics NVIDIA AIPerf GenAI-Perf 1,2.5N/A\r\x1b["
            .chars()
            .collect();
        for _ in 0..300 {
            let s: String = (0..200)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    alphabet[(seed % alphabet.len() as u64) as usize]
                })
                .collect();
            let _ = PerfConsoleReader.read(&Source::new(Path::new("x"), &s));
        }
        let _ = PerfConsoleReader.read(&Source::new(Path::new("x"), "NVIDIA AIPerf | LLM Metrics"));
        let _ = PerfConsoleReader.read(&Source::new(
            Path::new("x"),
            "NVIDIA AIPerf | LLM Metrics\n┏",
        ));
    }
}
