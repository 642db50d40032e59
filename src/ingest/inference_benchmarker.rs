//! Hugging Face `inference-benchmarker` (`huggingface/inference-benchmarker`): its JSON
//! report (`BenchmarkReportWriter::json` in `src/writers.rs`: the run's `config`, then
//! `results`, one per benchmark step, `start_time`, `end_time`, `system`). Each result but
//! the `warmup` is a run of format `inference-benchmarker-json`.
//!
//! What the numbers are, from the source (`src/results.rs`, `src/requests.rs`): every
//! statistic is over the successful requests; `total_requests` counts every request sent
//! (`num_prompts`), `failed_requests` the failed; `total_tokens` the generated tokens and
//! `total_tokens_sent` the prompt tokens, both the client's tokenizer's; `duration_ms` is
//! the first request's start to the last one's end; `token_throughput_secs` and
//! `request_rate` divide the output tokens and the successful requests by it (a measured
//! rate, not the configured one). Per request, `time_to_first_token` is the first chunk's
//! time and `inter_token_latency` the later chunks' times over the tokens after the first:
//! vLLM's TPOT. Percentiles interpolate linearly (`quantile_duration`); `avg` is the mean.
//! Every request is streamed. The load is the step's executor: `ConstantVUs` keeps
//! `max_vus` requests in flight (`concurrent`), `ConstantArrivalRate` starts `rate` a
//! second at a constant pace (`constant`), at most `max_vus` at once. The model, the
//! tokenizer and the requested lengths (`prompt_options`/`decode_options.num_tokens`)
//! are the report's `config`.

use serde_json::{Map, Value as Json};

use super::json_lenient::{holds, line_of_key, number_of, signed_object, type_mismatch};
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use crate::model::{Format, Run};

/// A result's own keys: column and factor.
const COUNTERS: &[(&str, &str, f64)] = &[
    ("total_requests", "num_prompts", 1.0),
    ("successful_requests", "completed", 1.0),
    ("failed_requests", "failed", 1.0),
    ("total_tokens", "total_output_tokens", 1.0),
    ("total_tokens_sent", "total_input_tokens", 1.0),
    ("token_throughput_secs", "output_throughput", 1.0),
    ("request_rate", "request_throughput", 1.0),
    ("duration_ms", "duration", 1e-3),
];

/// Percentile objects (ms) and their families.
const FAMILIES: &[(&str, &str)] = &[
    ("time_to_first_token_ms", "ttft"),
    ("inter_token_latency_ms", "tpot"),
    ("e2e_latency_ms", "e2el"),
];

pub struct InferenceBenchmarkerReader;

impl Reader for InferenceBenchmarkerReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::InferenceBenchmarkerJson]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text.trim_start_matches('\u{feff}');
        let signed =
            |t: &[u8]| holds(t, "\"token_throughput_secs\"") && holds(t, "\"executor_type\"");
        let expected = |error| crate::msg!("ingest-expect-inference-benchmarker", error = error);
        let Some(obj) = signed_object(source, signed, expected)? else {
            return Ok(None);
        };
        let Some(Json::Array(results)) = obj.get("results") else {
            return Ok(None);
        };
        let config = obj.get("config").and_then(Json::as_object);
        let mut parsed = Parsed::default();
        for result in results.iter().filter_map(Json::as_object) {
            if result.get("id").and_then(Json::as_str) == Some("warmup") {
                continue;
            }
            let mut run = result_run(text, result)?;
            if let Some(config) = config {
                apply_config(config, &mut run);
            }
            if let Some(t) = obj.get("start_time").and_then(Json::as_str) {
                run.set_text("run_timestamp", t);
            }
            parsed.runs.push(run);
        }
        Ok(Some(parsed))
    }
}

fn result_run(text: &str, result: &Map<String, Json>) -> Result<Run, ParseError> {
    let number = |key: &str, value: &Json| {
        number_of(value).map_err(|found| {
            ParseError::new(
                line_of_key(text, 1, key),
                type_mismatch(key, "input-type-number", found),
            )
        })
    };
    let mut run = Run::new(Format::InferenceBenchmarkerJson, None);
    run.set_num("streaming", 1.0);
    for (key, column, factor) in COUNTERS {
        if let Some(value) = result.get(*key) {
            if let Some(v) = number(key, value)? {
                run.set_num(*column, v * factor);
            }
        }
    }
    for (key, family) in FAMILIES {
        let Some(stats) = result.get(*key).and_then(Json::as_object) else {
            continue;
        };
        for (stat, value) in stats {
            let stat = if stat == "avg" { "mean" } else { stat.as_str() };
            if let Some(v) = number(stat, value)? {
                run.set_num(format!("{stat}_{family}_ms"), v);
            }
        }
    }
    if let Some(id) = result.get("id").and_then(Json::as_str) {
        run.set_text("label", id);
    }
    let step = result.get("config").and_then(Json::as_object);
    let max_vus = step.and_then(|c| c.get("max_vus")).and_then(Json::as_f64);
    let rate = step.and_then(|c| c.get("rate")).and_then(Json::as_f64);
    match result.get("executor_type").and_then(Json::as_str) {
        Some("ConstantVUs") => {
            run.set_text("load_type", "concurrent");
            run.set_opt("load_value", max_vus);
            run.set_opt("max_concurrency", max_vus);
        }
        Some("ConstantArrivalRate") => {
            run.set_text("load_type", "constant");
            run.set_opt("load_value", rate);
            run.set_opt("request_rate", rate);
            // The cap on requests in flight at that rate.
            if let Some(v) = max_vus {
                let extra = serde_json::json!({ "max_vus": v });
                run.set_text("extra", extra.to_string());
            }
        }
        _ => {}
    }
    Ok(run)
}

fn apply_config(config: &Map<String, Json>, run: &mut Run) {
    if let Some(m) = config.get("model_name").and_then(Json::as_str) {
        run.set_text("model_id", m);
    }
    let tokens = |key: &str| {
        config
            .get(key)
            .and_then(|o| o.get("num_tokens"))
            .and_then(Json::as_f64)
    };
    run.set_opt("input_len", tokens("prompt_options"));
    run.set_opt("output_len", tokens("decode_options"));
}
