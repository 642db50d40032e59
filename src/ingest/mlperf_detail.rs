//! MLPerf LoadGen's `mlperf_log_detail.txt`: one `:::MLLOG {json}` line per logged fact
//! (`loadgen/logging.cc`, `MLPERF_LOG`), `key` and `value` in each; harnesses also print
//! these lines in their own logs, so they are found anywhere in a file. A test is the lines
//! from its `effective_scenario` to the next one's; one test with results is one run of
//! format `mlperf-detail`.
//!
//! Where each fact is kept (`loadgen/test_settings_internal.cc`, `LogEffectiveSettings`,
//! and `loadgen/results.cc`, `PerformanceSummary::LogDetail`): `effective_scenario`,
//! `effective_test_mode`, `effective_samples_per_query` and `effective_target_qps` (the
//! load: `mlperf_summary::set_load`), `result_validity` with `result_perf_constraints_met`,
//! `result_min_duration_met`, `result_min_queries_met` and `early_stopping_met` (the checks
//! the summary prints as `… satisfied : Yes/No`), `result_query_count` (queries issued;
//! times the samples per query: the samples sent, `num_prompts`), the throughputs
//! (`result_completed_samples_per_sec` Server, `result_samples_per_second` Offline,
//! `result_qps_with_loadgen_overhead` SingleStream; `result_completed_tokens_per_second`,
//! `result_tokens_per_second`), and every latency in nanoseconds: a sample's
//! (`result_{min,max,mean}_latency_ns`, `result_<p>_percentile_latency_ns`), its first token
//! (`result_first_token_…`) and its time per output token (`result_time_per_output_token_<p>
//! _percentile_ns`, `result_time_to_output_token_{min,max,mean}`), the summary's families.
//! Lines whose `metadata.is_error` / `is_warning` is true are counted as the summary counts
//! its errors and warnings. The same numbers are in `mlperf_log_summary.txt`, printed with
//! more digits for the throughputs; a summary beside a detail log is the run and takes the
//! detail's settings (`fill_from_detail`), the detail log then holds no run of its own.

use std::path::Path;

use serde::Deserialize;
use serde_json::{Map, Value as Json};

use super::mlperf_summary::{model_of, set_load, Parameters, CHECK_NAMES};
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use crate::model::{Format, Run};

const MARK: &str = ":::MLLOG ";
pub const DETAIL_FILE: &str = "mlperf_log_detail.txt";
pub const SUMMARY_FILE: &str = "mlperf_log_summary.txt";

const NS: f64 = 1e-6;

/// `result_*` keys with a column of their own; the factor to its unit.
const RESULTS: &[(&str, &str, f64)] = &[
    (
        "result_scheduled_samples_per_sec",
        "request_scheduled_throughput",
        1.0,
    ),
    (
        "result_completed_samples_per_sec",
        "request_throughput",
        1.0,
    ),
    ("result_samples_per_second", "request_throughput", 1.0),
    (
        "result_qps_with_loadgen_overhead",
        "request_throughput",
        1.0,
    ),
    (
        "result_completed_tokens_per_second",
        "output_throughput",
        1.0,
    ),
    ("result_tokens_per_second", "output_throughput", 1.0),
    ("result_min_latency_ns", "min_e2el_ms", NS),
    ("result_max_latency_ns", "max_e2el_ms", NS),
    ("result_mean_latency_ns", "mean_e2el_ms", NS),
    ("result_first_token_min_latency_ns", "min_ttft_ms", NS),
    ("result_first_token_max_latency_ns", "max_ttft_ms", NS),
    ("result_first_token_mean_latency_ns", "mean_ttft_ms", NS),
    ("result_time_to_output_token_min", "min_tpot_ms", NS),
    ("result_time_to_output_token_max", "max_tpot_ms", NS),
    ("result_time_to_output_token_mean", "mean_tpot_ms", NS),
];

/// The validity checks, in the order of [`CHECK_NAMES`].
const CHECK_KEYS: [&str; 4] = [
    "result_perf_constraints_met",
    "result_min_duration_met",
    "result_min_queries_met",
    "early_stopping_met",
];

/// Percentile keys: prefix, suffix, family.
const PERCENTILES: &[(&str, &str, &str)] = &[
    ("result_first_token_", "_percentile_latency_ns", "ttft"),
    ("result_time_per_output_token_", "_percentile_ns", "tpot"),
    ("result_", "_percentile_latency_ns", "e2el"),
];

#[derive(Deserialize)]
struct Line {
    key: String,
    value: Json,
    #[serde(default)]
    metadata: Option<Meta>,
}

#[derive(Deserialize, Default)]
struct Meta {
    #[serde(default)]
    is_error: bool,
    #[serde(default)]
    is_warning: bool,
}

/// One test's facts, in the order logged (a later value of a key wins).
#[derive(Default)]
struct Test {
    line: u64,
    values: Map<String, Json>,
    errors: u64,
    warnings: u64,
}

impl Test {
    fn num(&self, key: &str) -> Option<f64> {
        self.values.get(key).and_then(Json::as_f64)
    }

    fn text(&self, key: &str) -> Option<&str> {
        self.values.get(key).and_then(Json::as_str)
    }

    fn has_results(&self) -> bool {
        self.values.contains_key("result_validity")
    }
}

pub struct MlperfDetailReader;

impl Reader for MlperfDetailReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::MlperfDetail]
    }

    fn read(&self, source: &Source) -> ReadResult {
        if memchr::memmem::find(source.text.as_bytes(), MARK.as_bytes()).is_none() {
            return Ok(None);
        }
        // The summary beside it is the run; this file lends it its settings.
        if source.file_name() == DETAIL_FILE && summary_beside(source.path) {
            return Ok(None);
        }
        let tests = tests_of(source)?;
        let mut parsed = Parsed::default();
        for test in tests.iter().filter(|t| t.has_results()) {
            parsed.runs.push(run_of(test, source.path));
        }
        Ok((!parsed.runs.is_empty()).then_some(parsed))
    }
}

fn summary_beside(path: &Path) -> bool {
    path.parent()
        .is_some_and(|dir| dir.join(SUMMARY_FILE).is_file())
}

/// The tests of a text: a new one at each `effective_scenario` after the first.
fn tests_of(source: &Source) -> Result<Vec<Test>, ParseError> {
    let mut tests: Vec<Test> = vec![Test::default()];
    let mut offset = 0;
    for raw in source.text.split_inclusive('\n') {
        let at = offset;
        offset += raw.len();
        let Some(mark) = raw.find(MARK) else { continue };
        let json = raw[mark + MARK.len()..].trim_end();
        // The 24,576 sample indices of `loaded_qsl_set` and the like are not read.
        if json.len() > 4096 && !json.contains("\"result_") {
            continue;
        }
        let line: Line = serde_json::from_str(json).map_err(|e| {
            ParseError::new(
                Some(source.line_of(at)),
                crate::msg!("ingest-expect-mlperf-mllog", error = e.to_string()),
            )
        })?;
        let current = tests.last_mut().expect("one test at least");
        if line.key == "effective_scenario" && current.values.contains_key("effective_scenario") {
            tests.push(Test::default());
        }
        let current = tests.last_mut().expect("one test at least");
        if current.values.is_empty() {
            current.line = source.line_of(at);
        }
        let meta = line.metadata.unwrap_or_default();
        current.errors += u64::from(meta.is_error);
        current.warnings += u64::from(meta.is_warning);
        current.values.insert(line.key, line.value);
    }
    Ok(tests)
}

fn run_of(test: &Test, path: &Path) -> Run {
    let mut run = Run::new(Format::MlperfDetail, Some(test.line));
    apply_results(test, &mut run);
    apply_settings(test, &mut run);
    let scenario = test.text("effective_scenario");
    if let Some(model) = scenario.and_then(|s| model_of(path, s)) {
        run.set_text("model_id", model);
    }
    run
}

fn apply_results(test: &Test, run: &mut Run) {
    if let Some(name) = test.text("sut_name") {
        run.set_text("label", name);
    }
    if let Some(mode) = test.text("effective_test_mode") {
        run.set_text("mlperf_mode", mode);
    }
    match test.text("result_validity") {
        Some("VALID") => run.set_num("result_valid", 1.0),
        Some("INVALID") => {
            run.set_num("result_valid", 0.0);
            let failed: Vec<&str> = CHECK_KEYS
                .iter()
                .zip(CHECK_NAMES)
                .filter(|(key, _)| test.values.get(**key) == Some(&Json::Bool(false)))
                .map(|(_, name)| name)
                .collect();
            run.set_text("invalid_constraints", failed.join(", "));
        }
        _ => {}
    }
    if let Some(t) = test.text("test_datetime") {
        run.set_text("run_timestamp", t);
    }
    for (key, column, factor) in RESULTS {
        if let Some(v) = test.num(key) {
            run.set_num(*column, v * factor);
        }
    }
    for (key, value) in &test.values {
        let Some((stat, family)) = percentile(key) else {
            continue;
        };
        if let Some(v) = value.as_f64() {
            run.set_num(format!("{stat}_{family}_ms"), v * NS);
        }
    }
}

/// The scenario, the load and the samples sent: what the summary of the same test lacks
/// or prints only in its parameters; every other `effective_*` setting goes to `extra`.
fn apply_settings(test: &Test, run: &mut Run) {
    let scenario = test.text("effective_scenario");
    if let Some(s) = scenario {
        run.set_text("mlperf_scenario", s);
    }
    let params = Parameters {
        samples_per_query: test.num("effective_samples_per_query"),
        target_qps: test.num("effective_target_qps"),
    };
    set_load(run, scenario, &params);
    if let (Some(queries), Some(per_query)) =
        (test.num("result_query_count"), params.samples_per_query)
    {
        run.set_num("num_prompts", queries * per_query);
    }
    let mut extra: Map<String, Json> = run
        .text("extra")
        .and_then(|e| serde_json::from_str(e).ok())
        .unwrap_or_default();
    for (key, value) in &test.values {
        let Some(name) = key.strip_prefix("effective_") else {
            continue;
        };
        if !value.is_object() && !value.is_array() && !extra.contains_key(name) {
            extra.insert(name.to_owned(), value.clone());
        }
    }
    extra.insert("errors".into(), Json::from(test.errors));
    extra.insert("warnings".into(), Json::from(test.warnings));
    run.set_text("extra", Json::Object(extra).to_string());
}

/// `result_99.90_percentile_latency_ns` → (`p99.9`, `e2el`).
fn percentile(key: &str) -> Option<(String, &'static str)> {
    PERCENTILES.iter().find_map(|(prefix, suffix, family)| {
        let p: f64 = key
            .strip_prefix(prefix)?
            .strip_suffix(suffix)?
            .parse()
            .ok()?;
        Some((
            format!("p{}", crate::model::frame::format_number(p)),
            *family,
        ))
    })
}

/// The summary `run` read from `summary`, completed by the detail log beside it: the
/// samples sent and the settings the summary does not print. A detail log that cannot be
/// read leaves the summary as it is.
pub fn fill_from_detail(summary: &Path, run: &mut Run) {
    let Some(dir) = summary.parent() else { return };
    let path = dir.join(DETAIL_FILE);
    let Ok(bytes) = std::fs::read(&path) else {
        return;
    };
    let text = super::text::decode(&bytes);
    let Ok(tests) = tests_of(&Source::new(&path, &text)) else {
        return;
    };
    let Some(test) = tests.iter().rev().find(|t| t.has_results()) else {
        return;
    };
    if run.get("num_prompts").is_none() {
        let per_query = test.num("effective_samples_per_query");
        if let (Some(q), Some(s)) = (test.num("result_query_count"), per_query) {
            run.set_num("num_prompts", q * s);
        }
    }
    if run.get("request_rate").is_none() && test.text("effective_scenario") == Some("Server") {
        if let Some(qps) = test.num("effective_target_qps") {
            run.set_num("request_rate", qps);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentile_keys_of_every_family() {
        assert_eq!(
            percentile("result_99.90_percentile_latency_ns"),
            Some(("p99.9".into(), "e2el"))
        );
        assert_eq!(
            percentile("result_first_token_50.00_percentile_latency_ns"),
            Some(("p50".into(), "ttft"))
        );
        assert_eq!(
            percentile("result_time_per_output_token_97.00_percentile_ns"),
            Some(("p97".into(), "tpot"))
        );
        assert_eq!(
            percentile("result_99.00_percentile_per_query_latency_ns"),
            None
        );
        assert_eq!(percentile("result_min_latency_ns"), None);
    }

    #[test]
    fn tests_split_at_each_scenario() {
        let line = |k: &str, v: &str| format!(":::MLLOG {{\"key\": \"{k}\", \"value\": {v}}}\n");
        let text = [
            line("effective_scenario", "\"Offline\""),
            line("result_validity", "\"VALID\""),
            line("result_samples_per_second", "12.5"),
            "INFO other log line\n".to_owned(),
            line("effective_scenario", "\"Offline\""),
            line("result_validity", "\"INVALID\""),
            line("result_min_duration_met", "false"),
            line("result_samples_per_second", "11"),
        ]
        .concat();
        let parsed = MlperfDetailReader
            .read(&Source::new(Path::new("log.txt"), &text))
            .unwrap()
            .unwrap();
        assert_eq!(parsed.runs.len(), 2);
        assert_eq!(parsed.runs[0].get("request_throughput"), Some(12.5));
        assert_eq!(parsed.runs[1].line, Some(5));
        assert_eq!(
            parsed.runs[1].text("invalid_constraints"),
            Some("Min duration")
        );
    }

    #[test]
    fn a_broken_line_names_its_line() {
        let text = ":::MLLOG {\"key\": \"effective_scenario\", \"value\": \"Server\"}\n:::MLLOG {\"key\": \n";
        let err = MlperfDetailReader
            .read(&Source::new(Path::new("d.txt"), text))
            .unwrap_err();
        assert_eq!(err.line, Some(2));
    }
}
