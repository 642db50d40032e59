//! openshift-psap/llm-load-test: `output-<concurrency>.json` (`utils.py`, `write_output`), one
//! per concurrency of `load_options.concurrency`, holding `results` (the requests),
//! `config` (the run's configuration) and `summary`: one run, format `llm-load-test-json`.
//!
//! What the numbers are, from `result.py` (`calculate_results`), every time in ms:
//! `response_time` = end − start; `ttft` = first token − start (streaming only);
//! `itl` = (end − first token) / (output tokens − 1), which is vLLM's **TPOT**; `tpot` =
//! response_time / output tokens, TTFT included, which is **e2el_per_token**; `tt_ack` =
//! the first response − start (no column). `ttft`, `itl`, `tpot` and `tt_ack` are over the
//! requests whose every token came within the test's duration, the others over every
//! request with a value (failed requests have none); each statistic is pandas' (`median`,
//! `quantile` linear). `throughput_full_duration` is all output tokens over the first
//! start to the last end (`full_duration`, s); `throughput` counts only the tokens before
//! the deadline over the configured duration. Token counts are the server's `usage` (the
//! client counts streamed tokens and checks them against it).

use std::path::Path;

use serde_json::{Map, Value as Json};

use super::json_lenient::{holds, line_of_key, number_of, signed_object, type_mismatch};
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use crate::model::{Format, Run};

/// `summary.<key>`: family and unit suffix.
const FAMILIES: &[(&str, &str, &str)] = &[
    ("ttft", "ttft", "_ms"),
    ("itl", "tpot", "_ms"),
    ("tpot", "e2el_per_token", "_ms"),
    ("response_time", "e2el", "_ms"),
    ("input_tokens", "isl", ""),
    ("output_tokens", "osl", ""),
];

const COUNTERS: &[(&str, &str)] = &[
    ("throughput_full_duration", "output_throughput"),
    ("full_duration", "duration"),
    ("total_requests", "num_prompts"),
    ("total_failures", "failed"),
];

pub struct LlmLoadTestReader;

impl Reader for LlmLoadTestReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::LlmLoadTestJson]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text.trim_start_matches('\u{feff}');
        let signed = |t: &[u8]| {
            holds(t, "\"throughput_full_duration\"")
                && holds(t, "\"req_completed_within_test_duration\"")
        };
        let expected = |error| crate::msg!("ingest-expect-llm-load-test", error = error);
        let Some(obj) = signed_object(source, signed, expected)? else {
            return Ok(None);
        };
        let Some(Json::Object(summary)) = obj.get("summary") else {
            return Ok(None);
        };
        let number = |key: &str, value: &Json| {
            number_of(value).map_err(|found| {
                ParseError::new(
                    line_of_key(text, 1, key),
                    type_mismatch(key, "input-type-number", found),
                )
            })
        };
        let mut run = Run::new(Format::LlmLoadTestJson, None);
        for (key, col) in COUNTERS {
            if let Some(v) = summary.get(*key) {
                if let Some(v) = number(key, v)? {
                    run.set_num(*col, v);
                }
            }
        }
        if let (Some(total), Some(failed)) = (run.get("num_prompts"), run.get("failed")) {
            run.set_num("completed", total - failed);
        }
        for (key, family, unit) in FAMILIES {
            let Some(Json::Object(stats)) = summary.get(*key) else {
                continue;
            };
            for (name, value) in stats {
                let stat = match name.as_str() {
                    "min" | "max" | "mean" | "median" => name.clone(),
                    p => match p.strip_prefix("percentile_") {
                        Some(n) => format!("p{n}"),
                        None => continue,
                    },
                };
                if let Some(v) = number(name, value)? {
                    run.set_num(format!("{stat}_{family}{unit}"), v);
                }
            }
        }
        let mut extra = Map::new();
        for key in ["throughput", "req_completed_within_test_duration"] {
            if let Some(v) = summary.get(key).filter(|v| !v.is_null()) {
                extra.insert(key.to_owned(), v.clone());
            }
        }
        if let Some(Json::Object(config)) = obj.get("config") {
            apply_config(config, &mut run, &mut extra);
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

/// The model, API and load from the `config` the file carries (`config.yaml` with this
/// run's `load_options.concurrency`).
fn apply_config(config: &Map<String, Json>, run: &mut Run, extra: &mut Map<String, Json>) {
    let section = |k: &str| config.get(k).and_then(Json::as_object);
    if let Some(plugin) = config.get("plugin").and_then(Json::as_str) {
        run.set_text("backend", plugin);
    }
    if let Some(options) = section("plugin_options") {
        let text = |k: &str| {
            options
                .get(k)
                .and_then(Json::as_str)
                .filter(|s| !s.is_empty())
        };
        if let Some(model) = text("model_name") {
            run.set_text("model_id", model);
        }
        if let Some(endpoint) = text("endpoint") {
            run.set_text("endpoint", endpoint);
        }
        if let Some(Json::Bool(s)) = options.get("streaming") {
            run.set_num("streaming", f64::from(u8::from(*s)));
        }
    }
    if let Some(load) = section("load_options") {
        if let Some(c) = load.get("concurrency").and_then(Json::as_f64) {
            run.set_num("max_concurrency", c);
            run.set_text("load_type", "concurrent");
            run.set_num("load_value", c);
        }
        if let Some(d) = load.get("duration").filter(|d| d.is_number()) {
            extra.insert("load_options.duration".to_owned(), d.clone());
        }
    }
    if let Some(file) = section("dataset")
        .and_then(|d| d.get("file"))
        .and_then(Json::as_str)
        .and_then(|f| Path::new(f).file_name())
        .and_then(|n| n.to_str())
    {
        run.set_text("dataset", file);
    }
}
