//! ray-project/llmperf's `token_benchmark_ray.py`: `<model>_<in>_<out>_summary.json`, one
//! flat JSON object (`LLMPerfResults.to_dict`: the metadata, then `metrics_summary`'s
//! nested statistics flattened with `_`, e.g. `results_ttft_s_quantiles_p50`) is a run,
//! format `llmperf-json`. Its `_individual_responses.json` (a list of per-request records)
//! holds no run of its own (`not_runs.rs` names it).
//!
//! What the numbers are, from the source: per request (`openai_chat_completions_client.py`)
//! `ttft_s` is the first content chunk − sent, `end_to_end_latency_s` the whole request,
//! and `inter_token_latency_s` the sum of the gaps between content chunks *counting the
//! first one from the send*, divided by the output tokens: (last token − sent) / n,
//! TTFT included, so `e2el_per_token`, not TPOT. Token counts are the client's (the
//! `hf-internal-testing/llama-tokenizer` re-tokenizes prompt and reply). Statistics are
//! over requests without an `error_code`: pandas' `quantile` (linear interpolation),
//! mean, min, max and the sample standard deviation. `mean_output_throughput_token_per_s`
//! is their output tokens over the whole test's wall time; `num_completed_requests_per_min`
//! is completions per minute; `num_requests_started` counts every record, errors too.
//! The requests are always streamed, `num_concurrent_requests` at a time.

use serde_json::{Map, Value as Json};

use super::json_lenient::{holds, line_of_key, number_of, signed_object, type_mismatch};
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use crate::model::{Format, Run};

/// The statistics `metrics_summary` writes per metric: key prefix, family, factor to the
/// column's unit.
const FAMILIES: &[(&str, &str, f64)] = &[
    ("results_ttft_s_", "ttft", 1000.0),
    ("results_end_to_end_latency_s_", "e2el", 1000.0),
    ("results_inter_token_latency_s_", "e2el_per_token", 1000.0),
    ("results_number_input_tokens_", "isl", 1.0),
    ("results_number_output_tokens_", "osl", 1.0),
];

/// The run's own keys: column and factor.
const COUNTERS: &[(&str, &str, f64)] = &[
    ("results_num_requests_started", "num_prompts", 1.0),
    ("results_num_completed_requests", "completed", 1.0),
    ("results_number_errors", "failed", 1.0),
    (
        "results_mean_output_throughput_token_per_s",
        "output_throughput",
        1.0,
    ),
    (
        "results_num_completed_requests_per_min",
        "request_throughput",
        1.0 / 60.0,
    ),
    ("mean_input_tokens", "input_len", 1.0),
    ("mean_output_tokens", "output_len", 1.0),
    ("num_concurrent_requests", "max_concurrency", 1.0),
];

/// Keys kept as printed in `extra`: the workload's spread, the errors by code.
const EXTRA: &[&str] = &[
    "stddev_input_tokens",
    "stddev_output_tokens",
    "results_error_code_frequency",
];

pub struct LlmperfReader;

impl Reader for LlmperfReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::LlmperfJson]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text.trim_start_matches('\u{feff}');
        let signed = |t: &[u8]| holds(t, "\"results_ttft_s_");
        let expected = |error| crate::msg!("ingest-expect-llmperf-summary", error = error);
        let Some(obj) = signed_object(source, signed, expected)? else {
            return Ok(None);
        };
        let mut run = Run::new(Format::LlmperfJson, None);
        run.set_num("streaming", 1.0);
        let mut extra = Map::new();
        for (key, value) in &obj {
            if let Some(col) = text_column(key) {
                if let Some(s) = value.as_str().filter(|s| !s.is_empty()) {
                    run.set_text(col, s);
                }
                continue;
            }
            if EXTRA.contains(&key.as_str()) || key.starts_with("additional_sampling_params_") {
                if !matches!(value.as_str(), Some("{}")) && !value.is_null() {
                    extra.insert(key.clone(), value.clone());
                }
                continue;
            }
            let Some((col, factor)) = column(key) else {
                continue;
            };
            let v = number_of(value).map_err(|found| {
                ParseError::new(
                    line_of_key(text, 1, key),
                    type_mismatch(key, "input-type-number", found),
                )
            })?;
            // NaN (a statistic of no successful request) is none.
            if let Some(v) = v {
                run.set_num(col, v * factor);
            }
        }
        if let Some(t) = obj.get("timestamp").and_then(Json::as_f64) {
            if let Some(ts) = crate::model::timestamp::from_unix_seconds(t) {
                run.set_text("run_timestamp", ts);
            }
        }
        if let Some(c) = run.get("max_concurrency") {
            run.set_text("load_type", "concurrent");
            run.set_num("load_value", c);
        }
        if !extra.is_empty() {
            run.set_text("extra", Json::Object(extra).to_string());
        }
        Ok(Some(Parsed {
            runs: vec![run],
            warnings: Vec::new(),
        }))
    }
}

fn text_column(key: &str) -> Option<&'static str> {
    match key {
        "model" => Some("model_id"),
        _ => None,
    }
}

/// A numeric key's column: a counter, or a family's `quantiles_p50`, `mean`, `min`, `max`,
/// `stddev`.
fn column(key: &str) -> Option<(String, f64)> {
    if let Some((_, col, factor)) = COUNTERS.iter().find(|(k, _, _)| *k == key) {
        return Some(((*col).to_owned(), *factor));
    }
    let (prefix, family, factor) = FAMILIES.iter().find(|(p, _, _)| key.starts_with(p))?;
    let stat = match &key[prefix.len()..] {
        "mean" => "mean".to_owned(),
        "min" => "min".to_owned(),
        "max" => "max".to_owned(),
        "stddev" => "std".to_owned(),
        q => q.strip_prefix("quantiles_")?.to_owned(),
    };
    let unit = if *factor == 1.0 { "" } else { "_ms" };
    Some((format!("{stat}_{family}{unit}"), *factor))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_of_keys() {
        assert_eq!(
            column("results_ttft_s_quantiles_p99"),
            Some(("p99_ttft_ms".into(), 1000.0))
        );
        assert_eq!(
            column("results_inter_token_latency_s_stddev"),
            Some(("std_e2el_per_token_ms".into(), 1000.0))
        );
        assert_eq!(
            column("results_number_output_tokens_mean"),
            Some(("mean_osl".into(), 1.0))
        );
        assert_eq!(
            column("results_request_output_throughput_token_per_s_mean"),
            None
        );
        assert_eq!(column("results_ttft_s_something"), None);
    }
}
