//! guidellm's `benchmarks.json`: one report per `guidellm run` (`guidellm benchmark` before
//! 0.8) holding every benchmark of the run (a sweep holds several), each with its metrics
//! as distributions per request status (successful / errored / incomplete / total).
//!
//! Serde structs below mirror the parts of the file perflab maps; everything else,
//! including the per-request samples, is skipped. Each benchmark becomes a [`Summary`]
//! (`guidellm_summary.rs`, shared with the CSV reader), which makes the canonical run;
//! runs go back to the driver in `ingest/mod.rs`. The structs for JSON cells of the CSV
//! (backend, constraints, run arguments) live here too.
//!
//! Layout: guidellm 0.8.1 (the only real report in the corpus). guidellm 0.3 writes the
//! same metric names and distribution fields but keeps the strategy in `args`, the request
//! counts beside `metrics` and the model in `worker`; those places are read too.

use serde::de::{DeserializeOwned, Deserializer};
use serde::Deserialize;

use super::guidellm_summary::{Metric, Stats, Strategy, Summary};
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source, Warning};
use crate::model::{timestamp, Format};

pub struct GuidellmJsonReader;

impl Reader for GuidellmJsonReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::GuidellmJson]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text.trim_start_matches('\u{feff}');
        if !is_guidellm_report(text) {
            return Ok(None);
        }
        let report: Report = serde_json::from_str(text).map_err(|e| {
            ParseError::new(
                (e.line() > 0).then_some(e.line() as u64),
                crate::msg!("ingest-expect-guidellm-json", error = serde_message(&e)),
            )
        })?;
        let setup = report
            .config
            .as_ref()
            .map(RunSetup::of_config)
            .unwrap_or_default();
        let mut parsed = Parsed::default();
        if report.benchmarks.is_empty() {
            parsed.warnings.push(Warning {
                line: None,
                message: crate::msg!("ingest-guidellm-json-no-benchmark"),
            });
        }
        for benchmark in &report.benchmarks {
            let mut run = benchmark.summary(&setup).into_run(Format::GuidellmJson);
            if let Some(stamp) = benchmark.start_time.and_then(timestamp::from_unix_seconds) {
                run.set_text(timestamp::RUN_TIMESTAMP, stamp);
            }
            parsed.runs.push(run);
        }
        Ok(Some(parsed))
    }
}

/// Cheap test before parsing: a JSON object that names guidellm (0.8 writes
/// `guidellm_version` first) or its benchmark type (every version).
fn is_guidellm_report(text: &str) -> bool {
    let text = text.trim_start();
    if !text.starts_with('{') {
        return false;
    }
    let bytes = text.as_bytes();
    let head = &bytes[..bytes.len().min(512)];
    memchr::memmem::find(head, b"\"guidellm_version\"").is_some()
        || (memchr::memmem::find(head, b"\"benchmarks\"").is_some()
            && memchr::memmem::find(bytes, b"\"generative_benchmark\"").is_some())
}

/// serde's message without its trailing " at line L column C" (the line is reported
/// apart; the column is kept because a one-line report has only line 1).
fn serde_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rsplit_once(" at line ") {
        Some((msg, _)) => format!("{msg} (column {})", e.column()),
        None => text,
    }
}

/// Reads an optional part of the file that perflab does not need to trust: when it does
/// not have the expected shape it counts as absent instead of failing the whole report.
fn lenient<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: DeserializeOwned,
{
    let value = serde_json::Value::deserialize(d)?;
    Ok(T::deserialize(value).ok())
}

// ---------------------------------------------------------------------------------------
// The file, as guidellm writes it.

#[derive(Deserialize)]
struct Report {
    benchmarks: Vec<Benchmark>,
    /// 0.8: the run's arguments (datasets, backend), shared by its benchmarks.
    #[serde(default, deserialize_with = "lenient")]
    config: Option<ReportConfig>,
}

/// The run's arguments: 0.8's top-level `config`, also the CSV's `Runtime Info /
/// Arguments` cell.
#[derive(Deserialize, Default)]
pub(super) struct ReportConfig {
    #[serde(default, deserialize_with = "lenient")]
    spec: Option<RunSpec>,
}

#[derive(Deserialize)]
struct RunSpec {
    #[serde(default, deserialize_with = "lenient")]
    data: Option<Vec<DataSpec>>,
}

#[derive(Deserialize)]
struct DataSpec {
    kind: Option<String>,
    prompt_tokens: Option<f64>,
    output_tokens: Option<f64>,
}

#[derive(Deserialize)]
struct Benchmark {
    /// 0.8: strategy, backend and constraints of this benchmark.
    #[serde(default, deserialize_with = "lenient")]
    config: Option<BenchmarkConfig>,
    /// 0.3: the same facts under other names.
    #[serde(default, deserialize_with = "lenient")]
    args: Option<LegacyArgs>,
    #[serde(default, deserialize_with = "lenient")]
    worker: Option<LegacyWorker>,
    #[serde(default, deserialize_with = "lenient")]
    request_loader: Option<LegacyRequestLoader>,
    /// 0.3 keeps the counts here, 0.8 inside `metrics`.
    #[serde(default)]
    request_totals: Option<StatusCounts>,
    metrics: Metrics,
    #[serde(default)]
    duration: Option<f64>,
    /// Unix seconds when the benchmark started (`run_timestamp`).
    #[serde(default, deserialize_with = "lenient")]
    start_time: Option<f64>,
}

#[derive(Deserialize)]
struct BenchmarkConfig {
    #[serde(default, deserialize_with = "lenient")]
    strategy: Option<Strategy>,
    #[serde(default, deserialize_with = "lenient")]
    backend: Option<BackendConfig>,
    #[serde(default, deserialize_with = "lenient")]
    constraints: Option<Constraints>,
}

/// The backend arguments (0.8's `config.backend`, the CSV's `Run Info / Backend` cell).
#[derive(Deserialize)]
pub(super) struct BackendConfig {
    kind: Option<String>,
    model: Option<String>,
}

/// The benchmark's constraints (0.8's `config.constraints`, the CSV's `Benchmark /
/// Constraints` cell); only a request-count limit says how many requests were asked for.
#[derive(Deserialize)]
pub(super) struct Constraints {
    #[serde(default, deserialize_with = "lenient")]
    max_requests: Option<MaxRequests>,
}

#[derive(Deserialize)]
struct MaxRequests {
    #[serde(default, deserialize_with = "lenient")]
    args: Option<MaxRequestsArgs>,
}

#[derive(Deserialize)]
struct MaxRequestsArgs {
    count: Option<f64>,
}

#[derive(Deserialize)]
struct LegacyArgs {
    #[serde(default, deserialize_with = "lenient")]
    strategy: Option<Strategy>,
    max_number: Option<f64>,
}

#[derive(Deserialize)]
struct LegacyWorker {
    backend_type: Option<String>,
    backend_model: Option<String>,
}

/// 0.3's `request_loader.data` is the `--data` argument, e.g.
/// `prompt_tokens=512,output_tokens=256`.
#[derive(Deserialize)]
struct LegacyRequestLoader {
    data: Option<String>,
}

#[derive(Deserialize, Clone, Copy)]
struct StatusCounts {
    successful: Option<f64>,
    errored: Option<f64>,
    incomplete: Option<f64>,
}

/// The metrics perflab maps; guidellm writes many more (per modality, scheduler delays).
#[derive(Deserialize, Default)]
#[serde(default)]
struct Metrics {
    request_totals: Option<StatusCounts>,
    requests_per_second: Option<ByStatus>,
    request_concurrency: Option<ByStatus>,
    request_latency: Option<ByStatus>,
    prompt_token_count: Option<ByStatus>,
    output_token_count: Option<ByStatus>,
    time_to_first_token_ms: Option<ByStatus>,
    time_per_output_token_ms: Option<ByStatus>,
    inter_token_latency_ms: Option<ByStatus>,
    prompt_tokens_per_second: Option<ByStatus>,
    output_tokens_per_second: Option<ByStatus>,
    tokens_per_second: Option<ByStatus>,
}

impl Metrics {
    fn get(&self, metric: Metric) -> Option<&ByStatus> {
        match metric {
            Metric::RequestLatency => self.request_latency.as_ref(),
            Metric::Ttft => self.time_to_first_token_ms.as_ref(),
            Metric::Tpot => self.time_per_output_token_ms.as_ref(),
            Metric::Itl => self.inter_token_latency_ms.as_ref(),
            Metric::PromptTokens => self.prompt_token_count.as_ref(),
            Metric::OutputTokens => self.output_token_count.as_ref(),
            Metric::RequestsPerSecond => self.requests_per_second.as_ref(),
            Metric::Concurrency => self.request_concurrency.as_ref(),
            Metric::PromptTokensPerSecond => self.prompt_tokens_per_second.as_ref(),
            Metric::OutputTokensPerSecond => self.output_tokens_per_second.as_ref(),
            Metric::TokensPerSecond => self.tokens_per_second.as_ref(),
        }
    }
}

/// Only the successful requests' distribution is mapped (see [`Summary::into_run`]).
#[derive(Deserialize)]
struct ByStatus {
    successful: Option<Distribution>,
}

/// Pydantic writes NaN as `null`, hence every field optional.
#[derive(Deserialize)]
struct Distribution {
    mean: Option<f64>,
    median: Option<f64>,
    std_dev: Option<f64>,
    min: Option<f64>,
    max: Option<f64>,
    count: Option<f64>,
    total_sum: Option<f64>,
    percentiles: Option<Percentiles>,
}

#[derive(Deserialize)]
struct Percentiles {
    p001: Option<f64>,
    p01: Option<f64>,
    p05: Option<f64>,
    p10: Option<f64>,
    p25: Option<f64>,
    p50: Option<f64>,
    p75: Option<f64>,
    p90: Option<f64>,
    p95: Option<f64>,
    p99: Option<f64>,
    p999: Option<f64>,
}

/// guidellm's percentile names and their canonical numbers (`p001` is p0.1, `p999` is
/// p99.9).
pub(super) const JSON_PERCENTILES: [&str; 11] = [
    "0.1", "1", "5", "10", "25", "50", "75", "90", "95", "99", "99.9",
];

impl Distribution {
    fn stats(&self) -> Stats {
        let p = self.percentiles.as_ref();
        let values = [
            p.and_then(|p| p.p001),
            p.and_then(|p| p.p01),
            p.and_then(|p| p.p05),
            p.and_then(|p| p.p10),
            p.and_then(|p| p.p25),
            p.and_then(|p| p.p50),
            p.and_then(|p| p.p75),
            p.and_then(|p| p.p90),
            p.and_then(|p| p.p95),
            p.and_then(|p| p.p99),
            p.and_then(|p| p.p999),
        ];
        Stats {
            mean: self.mean,
            median: self.median,
            std: self.std_dev,
            min: self.min,
            max: self.max,
            percentiles: JSON_PERCENTILES.iter().copied().zip(values).collect(),
            empty: self.count == Some(0.0),
            total: self.total_sum,
        }
    }
}

impl Benchmark {
    fn summary(&self, setup: &RunSetup) -> Summary {
        let counts = self.metrics.request_totals.or(self.request_totals);
        let config = self.config.as_ref();
        let backend = config.and_then(|c| c.backend.as_ref());
        let legacy_loader = self.request_loader.as_ref().and_then(|l| l.data.as_deref());
        let (input_len, output_len) = match legacy_loader {
            Some(data) => RunSetup::of_legacy_data(data),
            None => (setup.input_len, setup.output_len),
        };
        Summary {
            completed: counts.and_then(|c| c.successful),
            failed: counts.and_then(|c| c.errored),
            incomplete: counts.and_then(|c| c.incomplete),
            duration: self.duration,
            strategy: config
                .and_then(|c| c.strategy.clone())
                .or_else(|| self.args.as_ref().and_then(|a| a.strategy.clone())),
            backend: backend
                .and_then(|b| b.kind.clone())
                .or_else(|| self.worker.as_ref().and_then(|w| w.backend_type.clone())),
            model_id: backend
                .and_then(|b| b.model.clone())
                .or_else(|| self.worker.as_ref().and_then(|w| w.backend_model.clone())),
            num_prompts: config
                .and_then(|c| c.constraints.as_ref())
                .and_then(Constraints::max_requests)
                .or_else(|| self.args.as_ref().and_then(|a| a.max_number)),
            input_len,
            output_len,
            // A metric this version does not write (0.3 has no prompt_tokens_per_second)
            // stays absent; a present one without a successful distribution has no samples.
            stats: Metric::ALL
                .iter()
                .filter_map(|&m| {
                    let by_status = self.metrics.get(m)?;
                    Some((m, by_status.successful.as_ref().map(Distribution::stats)))
                })
                .collect(),
            percentile_names: &JSON_PERCENTILES,
        }
    }
}

impl BackendConfig {
    pub(super) fn parse(json: &str) -> Option<(Option<String>, Option<String>)> {
        let b: BackendConfig = serde_json::from_str(json).ok()?;
        Some((b.kind, b.model))
    }
}

impl Constraints {
    pub(super) fn parse(json: &str) -> Option<Constraints> {
        serde_json::from_str(json).ok()
    }

    pub(super) fn max_requests(&self) -> Option<f64> {
        self.max_requests.as_ref()?.args.as_ref()?.count
    }
}

/// The requested dataset lengths of a run, when it used one synthetic dataset.
#[derive(Default, Debug, Clone, Copy, PartialEq)]
pub(super) struct RunSetup {
    pub input_len: Option<f64>,
    pub output_len: Option<f64>,
}

impl RunSetup {
    pub(super) fn of_config(config: &ReportConfig) -> RunSetup {
        let data = config
            .spec
            .as_ref()
            .and_then(|s| s.data.as_deref())
            .unwrap_or(&[]);
        // Several datasets (or a file) have no single requested length.
        match data {
            [one] if one.kind.as_deref() == Some("synthetic_text") => RunSetup {
                input_len: one.prompt_tokens,
                output_len: one.output_tokens,
            },
            _ => RunSetup::default(),
        }
    }

    /// Parses the CSV's `Runtime Info / Arguments` cell (the same object as 0.8's
    /// top-level `config`).
    pub(super) fn of_config_json(json: &str) -> RunSetup {
        serde_json::from_str::<ReportConfig>(json)
            .map(|c| RunSetup::of_config(&c))
            .unwrap_or_default()
    }

    /// 0.3's synthetic `--data` string: `prompt_tokens=512,output_tokens=256`.
    fn of_legacy_data(data: &str) -> (Option<f64>, Option<f64>) {
        let value = |key: &str| {
            data.split(',')
                .filter_map(|kv| kv.split_once('='))
                .find(|(k, _)| k.trim() == key)
                .and_then(|(_, v)| v.trim().parse::<f64>().ok())
        };
        (value("prompt_tokens"), value("output_tokens"))
    }
}

#[cfg(test)]
mod tests {
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
        GuidellmJsonReader.read(&Source::new(Path::new("benchmarks.json"), text))
    }

    fn runs(rel: &str) -> Vec<Run> {
        read(&fixture(rel))
            .expect("reads")
            .expect("is guidellm")
            .runs
    }

    /// Equal to 12 significant digits: the ms values are seconds × 1000 in floating point.
    #[track_caller]
    fn close(run: &Run, key: &str, want: f64) {
        let got = run
            .get(key)
            .unwrap_or_else(|| panic!("{key} missing: {:?}", run.values.get(key)));
        assert!(
            (got - want).abs() <= want.abs() * 1e-12,
            "{key}: got {got}, want {want}"
        );
    }

    #[test]
    fn real_report_maps_to_canonical_columns() {
        let runs = runs("0.8.1-run1/benchmarks.json");
        assert_eq!(runs.len(), 1);
        let r = &runs[0];
        assert_eq!(r.format, Format::GuidellmJson);
        assert_eq!(r.line, None);
        // Identity and setup.
        assert_eq!(r.text("model_id"), Some("mock-model"));
        assert_eq!(r.text("backend"), Some("openai_http"));
        assert_eq!(r.text("label"), Some("concurrent@4"));
        assert_eq!(r.get("num_prompts"), Some(40.0));
        assert_eq!(r.get("input_len"), Some(128.0));
        assert_eq!(r.get("output_len"), Some(32.0));
        assert_eq!(r.values.get("request_rate"), Some(&Value::Null));
        assert_eq!(r.get("max_concurrency"), Some(4.0));
        // Counts: metrics.request_totals.
        assert_eq!(r.get("completed"), Some(40.0));
        assert_eq!(r.get("failed"), Some(0.0));
        assert_eq!(r.get("incomplete"), Some(0.0));
        assert_eq!(r.get("duration"), Some(1.1635262966156006));
        assert_eq!(r.get("total_input_tokens"), Some(4306.0));
        assert_eq!(r.get("total_output_tokens"), Some(1280.0));
        // Rates: means of the successful distributions.
        assert_eq!(r.get("request_throughput"), Some(34.37825179916409));
        assert_eq!(r.get("input_throughput"), Some(3700.8188061800133));
        assert_eq!(r.get("output_throughput"), Some(1100.1040575732509));
        assert_eq!(r.get("total_token_throughput"), Some(4800.922863753265));
        assert_eq!(r.get("concurrency"), Some(3.8054509431306163));
        // request_latency is in seconds.
        close(r, "mean_e2el_ms", 110.69505810737611);
        close(r, "median_e2el_ms", 109.5888614654541);
        close(r, "std_e2el_ms", 8.34152864003584);
        close(r, "min_e2el_ms", 99.02834892272949);
        close(r, "p95_e2el_ms", 133.42690467834473);
        close(r, "p99.9_e2el_ms", 136.07549667358398);
        // The *_ms metrics are already in ms.
        assert_eq!(r.get("mean_ttft_ms"), Some(22.74901270866394));
        assert_eq!(r.get("median_ttft_ms"), Some(22.048234939575195));
        assert_eq!(r.get("std_ttft_ms"), Some(2.2572093472472115));
        assert_eq!(r.get("max_ttft_ms"), Some(32.9442024230957));
        assert_eq!(r.get("p0.1_ttft_ms"), Some(20.609378814697266));
        assert_eq!(r.get("p5_ttft_ms"), Some(20.627260208129883));
        assert_eq!(r.get("p50_ttft_ms"), Some(22.048234939575195));
        assert_eq!(r.get("p99_ttft_ms"), Some(32.9442024230957));
        assert_eq!(r.get("mean_e2el_per_token_ms"), Some(3.433286026120186));
        assert_eq!(r.get("p99_e2el_per_token_ms"), Some(4.243843257427216));
        assert_eq!(r.get("mean_tpot_ms"), Some(2.8101980686187744));
        assert_eq!(r.get("median_tpot_ms"), Some(2.760464145291236));
        assert_eq!(r.get("p99_tpot_ms"), Some(3.6355680035006617));
        // Token counts carry no unit.
        assert_eq!(r.get("mean_isl"), Some(107.64999999999999));
        assert_eq!(r.get("median_isl"), Some(108.0));
        assert_eq!(r.get("p99_isl"), Some(110.0));
        assert_eq!(r.get("mean_osl"), Some(32.0));
        assert!(!r.values.contains_key("mean_isl_ms"));
        // 5 statistics + 11 percentiles for each of the six distributions.
        let dist_cols = r.values.keys().filter(|k| {
            ["ttft", "tpot", "e2el_per_token", "e2el", "isl", "osl"]
                .iter()
                .any(|f| k.contains(&format!("_{f}")))
        });
        assert_eq!(dist_cols.count(), 6 * 16);
    }

    /// console.txt printed the same run; its tables round to one decimal (the log line
    /// to two). Values copied by hand from the console.
    #[test]
    fn console_summary_agrees_with_the_report() {
        let r = &runs("0.8.1-run1/benchmarks.json")[0];
        #[track_caller]
        fn printed(r: &Run, key: &str, scale: f64, value: f64, decimals: i32) {
            let got = r.get(key).unwrap_or_else(|| panic!("{key} missing")) * scale;
            let half_ulp = 0.5 * 10f64.powi(-decimals) + 1e-9;
            assert!(
                (got - value).abs() <= half_ulp,
                "{key}: {got} prints as {value}?"
            );
        }
        // Run Summary Info: Dur, Comp / Inc / Err, token totals.
        printed(r, "duration", 1.0, 1.2, 1);
        printed(r, "completed", 1.0, 40.0, 0);
        printed(r, "incomplete", 1.0, 0.0, 0);
        printed(r, "failed", 1.0, 0.0, 0);
        printed(r, "total_input_tokens", 1.0, 4306.0, 1);
        printed(r, "total_output_tokens", 1.0, 1280.0, 1);
        // Request Token Statistics: Mdn / p95 per request.
        printed(r, "median_isl", 1.0, 108.0, 1);
        printed(r, "p95_isl", 1.0, 109.0, 1);
        printed(r, "median_osl", 1.0, 32.0, 1);
        printed(r, "p95_osl", 1.0, 32.0, 1);
        // Request Latency Statistics: latency in Sec, the others in ms.
        printed(r, "mean_e2el_ms", 0.001, 0.1, 1);
        printed(r, "median_e2el_ms", 0.001, 0.1, 1);
        printed(r, "p95_e2el_ms", 0.001, 0.1, 1);
        printed(r, "mean_ttft_ms", 1.0, 22.7, 1);
        printed(r, "median_ttft_ms", 1.0, 22.0, 1);
        printed(r, "p95_ttft_ms", 1.0, 26.5, 1);
        printed(r, "mean_tpot_ms", 1.0, 2.8, 1);
        printed(r, "median_tpot_ms", 1.0, 2.8, 1);
        printed(r, "p95_tpot_ms", 1.0, 3.1, 1);
        printed(r, "mean_e2el_per_token_ms", 1.0, 3.4, 1);
        printed(r, "median_e2el_per_token_ms", 1.0, 3.4, 1);
        printed(r, "p95_e2el_per_token_ms", 1.0, 3.9, 1);
        // Server Throughput Statistics.
        printed(r, "concurrency", 1.0, 3.8, 1);
        printed(r, "request_throughput", 1.0, 34.4, 1);
        printed(r, "input_throughput", 1.0, 3700.8, 1);
        printed(r, "output_throughput", 1.0, 1100.1, 1);
        printed(r, "total_token_throughput", 1.0, 4800.9, 1);
        // The progress log line: `requests/s=34.38 output_tokens/s=1100.10`.
        printed(r, "request_throughput", 1.0, 34.38, 2);
        printed(r, "output_throughput", 1.0, 1100.10, 2);
    }

    #[test]
    fn all_errored_run_has_null_latencies_and_zero_rates() {
        let runs = runs("edited/all-errored.benchmarks.json");
        let r = &runs[0];
        assert_eq!(r.get("completed"), Some(0.0));
        assert_eq!(r.get("failed"), Some(40.0));
        assert_eq!(r.success_rate(None), Some(0.0));
        // guidellm wrote 0.0 for every statistic of the empty successful distributions.
        for key in [
            "mean_ttft_ms",
            "p99.9_ttft_ms",
            "median_e2el_ms",
            "max_tpot_ms",
            "p50_e2el_per_token_ms",
            "mean_isl",
            "p0.1_osl",
        ] {
            assert_eq!(r.values.get(key), Some(&Value::Null), "{key}");
        }
        for key in [
            "request_throughput",
            "output_throughput",
            "total_token_throughput",
            "concurrency",
            "total_input_tokens",
            "total_output_tokens",
        ] {
            assert_eq!(r.get(key), Some(0.0), "{key}");
        }
        assert_eq!(r.get("duration"), Some(1.1635262966156006));
    }

    #[test]
    fn sweep_gives_one_run_per_benchmark() {
        let runs = runs("edited/sweep.benchmarks.json");
        assert_eq!(runs.len(), 2);
        assert_eq!(runs[0].text("label"), Some("concurrent@4"));
        assert_eq!(runs[0].get("completed"), Some(40.0));
        assert_eq!(runs[0].get("mean_ttft_ms"), Some(22.74901270866394));
        let rate = &runs[1];
        assert_eq!(rate.text("label"), Some("constant@2.50"));
        assert_eq!(runs[0].text("strategy"), Some("concurrent@4"));
        assert_eq!(rate.text("strategy"), Some("constant@2.50"));
        assert_eq!(rate.get("request_rate"), Some(2.5));
        assert_eq!(rate.values.get("max_concurrency"), Some(&Value::Null));
        assert_eq!(rate.get("failed"), Some(40.0));
        assert_eq!(rate.values.get("mean_ttft_ms"), Some(&Value::Null));
        // The run's dataset is shared by its benchmarks.
        assert_eq!(rate.get("input_len"), Some(128.0));
    }

    #[test]
    fn truncated_report_is_an_error_at_serdes_line() {
        // The real file is one line; with a line break after each `, "` (whitespace to
        // JSON, key order kept) its line 120 ends inside the report.
        let lines = fixture("0.8.1-run1/benchmarks.json").replace(", \"", ",\n\"");
        let cut: Vec<&str> = lines.lines().take(120).collect();
        let err = read(&cut.join("\n")).expect_err("truncated");
        assert_eq!(err.line, Some(120));
        assert!(
            err.message
                .starts_with("expected a complete guidellm benchmarks.json: EOF"),
            "{}",
            err.message
        );
        assert!(read(&lines).expect("whole file reads").is_some());

        let one_line = fixture("0.8.1-run1/benchmarks.json");
        let half = (0..one_line.len() / 2)
            .rev()
            .find(|&i| one_line.is_char_boundary(i))
            .unwrap_or(0);
        let err = read(&one_line[..half]).expect_err("truncated");
        assert_eq!(err.line, Some(1));
    }

    #[test]
    fn other_files_are_not_mine() {
        let vllm = r#"{"date": "20261129-223511", "backend": "openai", "completed": 40, "request_throughput": 19.8, "mean_ttft_ms": 21.2}"#;
        let genai_perf = r#"{"request_throughput": {"unit": "requests/sec", "avg": 157.9}, "input_config": {"model": ["mock-model"]}}"#;
        for text in [
            vllm,
            genai_perf,
            "[1, 2]",
            "",
            "not json",
            "{\"benchmarks\": []}",
        ] {
            assert!(read(text).expect("no error").is_none(), "{text}");
        }
    }

    #[test]
    fn a_guidellm_report_of_the_wrong_shape_is_an_error() {
        let err =
            read(r#"{"metadata": {"guidellm_version": "0.8.1"}, "benchmarks": [{"metrics": 3}]}"#)
                .expect_err("bad metrics");
        assert_eq!(err.line, Some(1));
        assert!(err.message.contains("invalid type"), "{}", err.message);
    }

    #[test]
    fn legacy_03_layout_is_read_from_its_own_places() {
        // guidellm 0.3's shape (strategy in args, counts beside metrics, model in worker);
        // distributions trimmed to the fields read.
        let text = r#"{"benchmarks": [{"type_": "generative_benchmark",
            "args": {"strategy": {"type_": "constant", "rate": 2.2012}, "max_number": null},
            "worker": {"type_": "generative_requests_worker", "backend_type": "openai_http",
                       "backend_model": "meta-llama/Llama-3.2-3B-Instruct"},
            "request_loader": {"data": "prompt_tokens=512,output_tokens=256"},
            "duration": 60.0, "request_totals": {"successful": 125, "errored": 0, "incomplete": 8, "total": 133},
            "metrics": {"request_latency": {"successful": {"mean": 3.57, "median": 3.57, "count": 125}},
                        "requests_per_second": {"successful": {"mean": 2.10, "count": 125}}}}]}"#;
        let r = &read(text).expect("reads").expect("mine").runs[0];
        assert_eq!(r.text("label"), Some("constant@2.20"));
        assert_eq!(r.get("request_rate"), Some(2.2012));
        assert_eq!(r.text("model_id"), Some("meta-llama/Llama-3.2-3B-Instruct"));
        assert_eq!(r.get("completed"), Some(125.0));
        assert_eq!(r.get("incomplete"), Some(8.0));
        assert_eq!(r.get("input_len"), Some(512.0));
        assert_eq!(r.get("output_len"), Some(256.0));
        close(r, "mean_e2el_ms", 3570.0);
        assert_eq!(r.get("request_throughput"), Some(2.10));
        assert!(!r.values.contains_key("num_prompts"));
    }

    /// Detection among all readers: the driver gives both files of the run to these
    /// readers, and a truncated report gets this reader's error.
    #[test]
    fn the_driver_picks_the_guidellm_readers() {
        for (rel, format) in [
            ("0.8.1-run1/benchmarks.json", Format::GuidellmJson),
            ("0.8.1-run1/benchmarks.csv", Format::GuidellmCsv),
            ("edited/sweep.benchmarks.csv", Format::GuidellmCsv),
        ] {
            let text = fixture(rel);
            let parsed = crate::ingest::read_source(&Source::new(Path::new(rel), &text), None)
                .expect("reads")
                .expect("claimed");
            assert!(parsed.runs.iter().all(|r| r.format == format), "{rel}");
        }
        let text = fixture("0.8.1-run1/benchmarks.json");
        let cut = &text[..text.len() - 10];
        let err = crate::ingest::read_source(&Source::new(Path::new("b.json"), cut), None)
            .expect_err("truncated");
        assert!(err.message.contains("guidellm"), "{}", err.message);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

        #[test]
        fn never_panics_on_bytes(bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..400)) {
            let mut text = String::from("{\"metadata\": {\"guidellm_version\": \"0.8.1\"}, ");
            text.push_str(&String::from_utf8_lossy(&bytes));
            let _ = read(&text);
            let _ = read(&String::from_utf8_lossy(&bytes));
        }

        #[test]
        fn never_panics_on_a_cut_report(cut in 0usize..98_244) {
            let text = fixture("edited/all-errored.benchmarks.json");
            let cut = (0..=cut.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
            let result = read(&text[..cut]);
            proptest::prop_assert!(result.is_err() || result.as_ref().is_ok_and(|p| p.is_none()));
        }
    }
}
