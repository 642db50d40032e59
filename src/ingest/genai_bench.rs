//! genai-bench (`sgl-project/genai-bench`): each scenario × concurrency (or batch size) of an
//! experiment is a JSON file `<scenario>_<task>_num_concurrency_<N>_time_<T>s.json` holding
//! `aggregated_metrics` (the run), `individual_request_metrics` (its requests) and
//! `_time_unit` (`s` or `ms`, `--metrics-time-unit`). One file is one run, format
//! `genai-bench-json`; `experiment_metadata.json` beside it names the model and the API.
//!
//! What the numbers are, from `genai_bench/metrics/request_metrics_collector.py` and
//! `aggregated_metrics_collector.py`: per request `ttft` = first token − start,
//! `e2e_latency` = end − start, `tpot` = (e2e − ttft) / (output tokens − 1) (vLLM's TPOT;
//! none below 1 ms of output latency), `output_latency` = e2e − ttft. The statistics are
//! over requests without an `error_code`, after the `--warmup-ratio` first and
//! `--cooldown-ratio` last are dropped: numpy `percentile` (linear) p25 … p99, mean, min,
//! max and the population standard deviation (`np.std`). `run_duration` is the run's
//! wall time; `requests_per_second` and the `mean_*_throughput_tokens_per_s` divide by it.
//! `num_requests` = completed + errors. `error_rate` is computed before `num_requests` is
//! set and is not read.

use std::path::Path;

use serde_json::{Map, Value as Json};

use super::json_lenient::{holds, line_of_key, number_of, parse, signed_object, type_mismatch};
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use crate::model::{Format, Run};

/// `stats.<key>`: family, whether it is a time (converted by `_time_unit`).
const STATS: &[(&str, &str, bool)] = &[
    ("ttft", "ttft", true),
    ("tpot", "tpot", true),
    ("e2e_latency", "e2el", true),
    ("num_input_tokens", "isl", false),
    ("num_output_tokens", "osl", false),
];

/// The run's own keys.
const COUNTERS: &[(&str, &str)] = &[
    ("run_duration", "duration"),
    ("requests_per_second", "request_throughput"),
    ("mean_output_throughput_tokens_per_s", "output_throughput"),
    ("mean_input_throughput_tokens_per_s", "input_throughput"),
    (
        "mean_total_tokens_throughput_tokens_per_s",
        "total_token_throughput",
    ),
    ("num_completed_requests", "completed"),
    ("num_error_requests", "failed"),
    ("num_requests", "num_prompts"),
    ("num_concurrency", "max_concurrency"),
];

const METADATA: &str = "experiment_metadata.json";

pub struct GenaiBenchReader;

impl Reader for GenaiBenchReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::GenaiBenchJson]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text.trim_start_matches('\u{feff}');
        let signed = |t: &[u8]| {
            holds(t, "\"aggregated_metrics\"") && holds(t, "\"individual_request_metrics\"")
        };
        let expected = |error| crate::msg!("ingest-expect-genai-bench", error = error);
        let Some(obj) = signed_object(source, signed, expected)? else {
            return Ok(None);
        };
        let Some(Json::Object(agg)) = obj.get("aggregated_metrics") else {
            return Ok(None);
        };
        // Seconds unless the file says ms (`TimeUnitConverter`).
        let to_ms = match obj.get("_time_unit").and_then(Json::as_str) {
            Some("ms") => 1.0,
            _ => 1000.0,
        };
        let number = |key: &str, value: &Json| {
            number_of(value).map_err(|found| {
                ParseError::new(
                    line_of_key(text, 1, key),
                    type_mismatch(key, "input-type-number", found),
                )
            })
        };
        let mut run = Run::new(Format::GenaiBenchJson, None);
        for (key, col) in COUNTERS {
            if let Some(v) = agg.get(*key) {
                if let Some(v) = number(key, v)? {
                    run.set_num(*col, v);
                }
            }
        }
        if let Some(Json::Object(stats)) = agg.get("stats") {
            for (key, family, time) in STATS {
                let Some(Json::Object(stat)) = stats.get(*key) else {
                    continue;
                };
                let (factor, unit) = if *time { (to_ms, "_ms") } else { (1.0, "") };
                for (name, value) in stat {
                    let stat = match name.as_str() {
                        "stddev" => "std",
                        "mean" | "min" | "max" => name.as_str(),
                        p if p.starts_with('p') => p,
                        _ => continue,
                    };
                    if let Some(v) = number(name, value)? {
                        run.set_num(format!("{stat}_{family}{unit}"), v * factor);
                    }
                }
            }
        }
        let mut extra = Map::new();
        if let Some(scenario) = agg.get("scenario").and_then(Json::as_str) {
            run.set_text("dataset", scenario);
            if let Some((input, output)) = deterministic(scenario) {
                run.set_num("input_len", input);
                run.set_num("output_len", output);
            }
        }
        if let Some(c) = run.get("max_concurrency") {
            run.set_text("load_type", "concurrent");
            run.set_num("load_value", c);
        }
        // The batch size is the load only when the experiment iterated over it (embeddings,
        // reranking); else it is 1.
        let batched = agg.get("iteration_type").and_then(Json::as_str) == Some("batch_size");
        let keys: &[&str] = if batched {
            &["batch_size", "error_codes_frequency"]
        } else {
            &["error_codes_frequency"]
        };
        for key in keys {
            match agg.get(*key) {
                None | Some(Json::Null) => {}
                Some(Json::Object(o)) if o.is_empty() => {}
                Some(v) => {
                    extra.insert((*key).to_owned(), v.clone());
                }
            }
        }
        let dir = source.path.parent().unwrap_or(Path::new(""));
        apply_metadata(&dir.join(METADATA), &mut run);
        if !extra.is_empty() {
            run.set_text("extra", Json::Object(extra).to_string());
        }
        Ok(Some(Parsed {
            runs: vec![run],
            warnings: Vec::new(),
        }))
    }
}

/// `D(100,32)`: every request 100 tokens in, 32 out.
fn deterministic(scenario: &str) -> Option<(f64, f64)> {
    let inner = scenario.strip_prefix("D(")?.strip_suffix(')')?;
    let (a, b) = inner.split_once(',')?;
    Some((a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// The model and API from `experiment_metadata.json`; a file that cannot be read leaves
/// them out (the run's numbers are whole without them, and the file itself, named on the
/// command line, is an error of its own).
fn apply_metadata(path: &Path, run: &mut Run) {
    let Ok(bytes) = std::fs::read(path) else {
        return;
    };
    let text = super::text::decode(&bytes);
    let Ok(Json::Object(meta)) = parse(&text) else {
        return;
    };
    let text_of = |k: &str| meta.get(k).and_then(Json::as_str).filter(|s| !s.is_empty());
    if let Some(model) = text_of("api_model_name") {
        run.set_text("model_id", model);
    }
    if let Some(api) = text_of("api_backend") {
        run.set_text("backend", api);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_scenarios() {
        assert_eq!(deterministic("D(100,32)"), Some((100.0, 32.0)));
        assert_eq!(deterministic("N(480,240)/(300,150)"), None);
    }
}
