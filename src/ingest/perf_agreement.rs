//! Cross-check of the three genai-perf / AIPerf readers on the same runs: the console
//! summary prints every value with two decimals, the CSV and JSON exports hold the same
//! numbers (the JSON at full precision), so each console value must match the other two
//! to within half a unit of its last printed digit. A reader that maps a label or key to
//! the wrong column, or converts a unit twice, fails here.
#![cfg(test)]

use std::path::Path;

use super::perf_console::PerfConsoleReader;
use super::perf_csv::PerfCsvReader;
use super::perf_json::PerfJsonReader;
use super::reader::{Reader, Source};
use crate::model::{Run, Value};

fn one_run(reader: &dyn Reader, text: &str) -> Run {
    let parsed = reader
        .read(&Source::new(Path::new("fixture"), text))
        .expect("reads")
        .expect("recognised");
    assert_eq!(parsed.runs.len(), 1);
    parsed.runs.into_iter().next().expect("one run")
}

/// Half a unit of the console's last digit (`{:,.2f}`), plus float slack.
const PRINTED: f64 = 0.005 + 1e-9;

fn assert_agree(console: &str, csv: &str, json: &str, at_least: usize) {
    let console = one_run(&PerfConsoleReader, console);
    let csv = one_run(&PerfCsvReader, csv);
    let json = one_run(&PerfJsonReader, json);
    let numbers: Vec<(&crate::model::Key, f64)> = console
        .values
        .iter()
        .filter_map(|(k, v)| match v {
            Value::Num(n) => Some((k, *n)),
            _ => None,
        })
        .collect();
    assert!(
        numbers.len() >= at_least,
        "only {} console values",
        numbers.len()
    );
    for (key, printed) in numbers {
        for other in [&csv, &json] {
            let Some(full) = other.get(key) else {
                panic!("{} lacks `{key}` that the console prints", other.format);
            };
            assert!(
                (full - printed).abs() <= PRINTED,
                "{key}: console {printed} vs {} {full}",
                other.format
            );
        }
    }
    // The CSV rounds the JSON's numbers the same way.
    for (key, v) in &csv.values {
        if let Value::Num(rounded) = v {
            let full = json.get(key).unwrap_or(f64::NAN);
            assert!(
                (full - rounded).abs() <= PRINTED,
                "{key}: csv {rounded} vs json {full}"
            );
        }
    }
}

#[test]
fn genai_perf_console_csv_json_agree() {
    assert_agree(
        include_str!("../../fixtures/genai-perf/0.0.16-run1-chat-c4/console.txt"),
        include_str!("../../fixtures/genai-perf/0.0.16-run1-chat-c4/profile_export_genai_perf.csv"),
        include_str!(
            "../../fixtures/genai-perf/0.0.16-run1-chat-c4/profile_export_genai_perf.json"
        ),
        6 * 6 + 3,
    );
}

#[test]
fn aiperf_console_csv_json_agree() {
    assert_agree(
        include_str!("../../fixtures/aiperf/0.13.0-run1-chat-c4/console.txt"),
        include_str!("../../fixtures/aiperf/0.13.0-run1-chat-c4/profile_export_aiperf.csv"),
        include_str!("../../fixtures/aiperf/0.13.0-run1-chat-c4/profile_export_aiperf.json"),
        6 * 7 + 6,
    );
}

#[test]
fn aiperf_with_failures_console_csv_json_agree() {
    assert_agree(
        include_str!("../../fixtures/aiperf/0.13.0-run2-completions-rate20-failures/console.txt"),
        include_str!("../../fixtures/aiperf/0.13.0-run2-completions-rate20-failures/profile_export_aiperf.csv"),
        include_str!("../../fixtures/aiperf/0.13.0-run2-completions-rate20-failures/profile_export_aiperf.json"),
        6 * 7 + 6,
    );
}

#[test]
fn aiperf_terminal_capture_console_csv_json_agree() {
    assert_agree(
        include_str!("../../fixtures/aiperf/0.13.0-run5-tty-ui-simple/console-tty.txt"),
        include_str!("../../fixtures/aiperf/0.13.0-run5-tty-ui-simple/profile_export_aiperf.csv"),
        include_str!("../../fixtures/aiperf/0.13.0-run5-tty-ui-simple/profile_export_aiperf.json"),
        6 * 7 + 6,
    );
}
