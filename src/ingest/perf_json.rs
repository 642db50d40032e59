//! `profile_export_genai_perf.json` and `profile_export_aiperf.json`: one object whose keys
//! are metrics (`"time_to_first_token": {"unit": "ms", "avg": ..., "p99": ...}`) beside the
//! run's configuration (`input_config`). Every metric carries its `unit`, which is read
//! rather than assumed: early genai-perf wrote nanoseconds, AIPerf writes `sec` for the
//! benchmark duration. AIPerf's failure-only metrics (`error_request_count`, `error_isl`,
//! `adj_request_latency`) sit beside the others; only `error_request_count` has a column.
//!
//! The tool is told by content: AIPerf writes `aiperf_version` / `schema_version` (and
//! `error_summary`, `was_cancelled`); genai-perf neither. From `input_config` come the
//! model (`model_id`), the concurrency asked for (`max_concurrency`), the request count
//! asked for (`num_prompts`), the request rate asked for (`request_rate`) and the synthetic prompt and output lengths (`input_len`,
//! `output_len`), in both tools' layouts. Metrics map to columns through `perf_labels`.

use serde_json::{Map, Value as Json};

use super::json_lenient::{self, type_name};
use super::perf_labels::{self, PerfRunBuilder, Tool};
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use crate::model::{Format, Run};

pub struct PerfJsonReader;

/// Keys only AIPerf writes at the top level.
const AIPERF_KEYS: [&str; 4] = [
    "aiperf_version",
    "schema_version",
    "error_summary",
    "was_cancelled",
];

impl Reader for PerfJsonReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::GenaiPerfJson, Format::AiperfJson]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text.trim_start_matches('\u{feff}');
        let bytes = text.as_bytes();
        let has = |needle: &str| memchr::memmem::find(bytes, needle.as_bytes()).is_some();
        // Cheap refusal of every other JSON file before parsing it.
        if !text.trim_start().starts_with('{') || !has("\"unit\"") {
            return Ok(None);
        }
        if !(has("\"time_to_first_token\"")
            || has("\"request_latency\"")
            || has("\"request_throughput\""))
        {
            return Ok(None);
        }
        let obj = match json_lenient::parse(text) {
            Ok(Json::Object(obj)) => obj,
            Ok(_) => return Ok(None),
            // Broken JSON that names a genai-perf / AIPerf configuration is theirs, cut short.
            Err((line, msg)) if has("\"input_config\"") || has("\"aiperf_version\"") => {
                return Err(ParseError::new(
                    Some(line),
                    crate::msg!("ingest-expect-json-export", error = msg),
                ))
            }
            Err(_) => return Ok(None),
        };
        let tool = if AIPERF_KEYS.iter().any(|k| obj.contains_key(*k)) {
            Tool::Aiperf
        } else {
            Tool::GenaiPerf
        };
        // AIPerf before its flat layout kept the metrics under `records`.
        let metrics = match obj.get("records") {
            Some(Json::Object(records)) => records,
            _ => &obj,
        };
        let mut builder = PerfRunBuilder::new(tool.json_format(), None);
        for (key, value) in metrics {
            let known = perf_labels::knows_key(key);
            // A metric the table maps must be a metric object with a unit and numbers: a
            // wrong type is an error, not a metric left out.
            let mismatch = |key: &str, expected, found| {
                let message = json_lenient::type_mismatch(key, expected, found);
                let first = key.split('.').next().unwrap_or(key);
                ParseError::new(
                    json_lenient::line_of_key(text, 1, first).or(Some(1)),
                    message,
                )
            };
            let Json::Object(stats) = value else {
                if known {
                    return Err(mismatch(key, json_lenient::OBJECT, type_name(value)));
                }
                continue;
            };
            let unit = match stats.get("unit") {
                Some(Json::String(unit)) => unit.as_str(),
                Some(other) if known => {
                    let at = format!("{key}.unit");
                    return Err(mismatch(&at, json_lenient::STRING, type_name(other)));
                }
                _ => continue,
            };
            let Some(found) = perf_labels::by_key(key, unit) else {
                continue;
            };
            for (stat, v) in stats.iter().filter(|(stat, _)| is_statistic(stat)) {
                // Null is what AIPerf writes for a non-finite statistic.
                match json_lenient::number_of(v) {
                    Ok(v) => builder.put(found.target, stat, v.map(|v| v * found.factor)),
                    Err(got) => {
                        let at = format!("{key}.{stat}");
                        return Err(mismatch(&at, json_lenient::NUMBER, got));
                    }
                }
            }
        }
        if builder.is_empty() {
            return Ok(None);
        }
        let streaming = match obj.get("input_config") {
            Some(Json::Object(config)) => read_config(&mut builder, config),
            _ => None,
        };
        let mut run = builder.finish();
        if streaming == Some(false) {
            drop_unmeasured_without_streaming(&mut run);
        }
        Ok(Some(Parsed {
            runs: vec![run],
            warnings: vec![],
        }))
    }
}

/// The `endpoint_type` of a run that is not an LLM's, named as the console's table title
/// names it (`perf_console.rs`, `RUN_TABLES`): AIPerf's endpoint plugins and genai-perf's
/// `--endpoint-type` values whose table is not `LLM Metrics`.
fn non_llm_endpoint(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "embeddings" | "chat_embeddings" => "embeddings",
        "nim_embeddings" => "nim_embeddings",
        "rankings" | "cohere_rankings" | "hf_tei_rankings" | "nim_rankings" => "rankings",
        "image_retrieval" => "image_retrieval",
        "multimodal" => "multimodal",
        "image_generation" => "image_generation",
        "image_edit" => "image_edit",
        "video_generation" => "video_generation",
        "audio_transcription" => "audio_transcription",
        _ => return None,
    })
}

/// Whether a key of a metric object names a statistic (`avg`, `p99`, `std`, ...), whose
/// value must be a number; other keys (`unit`, a description) are not read as values.
fn is_statistic(stat: &str) -> bool {
    matches!(
        stat,
        "avg" | "mean" | "value" | "median" | "min" | "max" | "std" | "count" | "sum"
    ) || stat
        .strip_prefix('p')
        .is_some_and(|n| !n.is_empty() && n.parse::<f64>().is_ok())
}

/// A path of keys into nested objects.
fn at<'a>(obj: &'a Map<String, Json>, path: &[&str]) -> Option<&'a Json> {
    let (first, rest) = path.split_first()?;
    let mut v = obj.get(*first)?;
    for key in rest {
        v = v.as_object()?.get(*key)?;
    }
    Some(v)
}

/// The first path that holds a positive number.
fn positive(obj: &Map<String, Json>, paths: &[&[&str]]) -> Option<f64> {
    paths
        .iter()
        .filter_map(|p| at(obj, p).and_then(Json::as_f64))
        .find(|v| *v > 0.0)
}

/// Model names: a string, a list of strings, or AIPerf's `{"items": [{"name": ...}]}`.
fn model_names(v: &Json) -> Vec<String> {
    match v {
        Json::String(s) => vec![s.clone()],
        Json::Array(items) => items.iter().flat_map(model_names).collect(),
        Json::Object(o) => {
            if let Some(items) = o.get("items") {
                model_names(items)
            } else {
                o.get("name").map(model_names).unwrap_or_default()
            }
        }
        _ => Vec::new(),
    }
}

/// The run's settings from `input_config`, in the layouts of genai-perf 0.0.16
/// (`perf_analyzer.stimulus.concurrency`, `input.synthetic_tokens.mean`), earlier genai-perf
/// (flat `concurrency`, `model`), AIPerf 0.13 (`models.items`, `phases`, `datasets`) and
/// earlier AIPerf (`endpoint.model_names`, `loadgen`).
/// Whether the responses were streamed: genai-perf writes `endpoint.streaming` always;
/// AIPerf 0.13 (the layout with `phases`) only when it is true, its default being false.
fn streaming_of(config: &Map<String, Json>) -> Option<bool> {
    match at(config, &["endpoint", "streaming"]) {
        Some(Json::Bool(b)) => Some(*b),
        None if config.contains_key("phases") && config.get("endpoint").is_some() => Some(false),
        _ => None,
    }
}

/// A run without streaming has one response per request: no first token apart from the
/// last, no gaps between tokens. genai-perf hides TTFT and ITL on its console and CSV but
/// its JSON copies the request latency into `time_to_first_token`
/// (`llm_profile_data_parser.py`, one response timestamp per request); AIPerf writes none.
/// Those columns are not measurements.
fn drop_unmeasured_without_streaming(run: &mut Run) {
    run.values.retain(|col, _| {
        let body = col.strip_suffix("_ms").unwrap_or(col);
        let family = body.split_once('_').map_or("", |(_, f)| f);
        !matches!(family, "ttft" | "ttst" | "itl" | "tpot")
    });
}

/// The run's settings; returns whether it streamed, when the configuration says.
fn read_config(builder: &mut PerfRunBuilder, config: &Map<String, Json>) -> Option<bool> {
    let streaming = streaming_of(config);
    if let Some(s) = streaming {
        builder.set_num("streaming", f64::from(u8::from(s)));
    }
    let endpoint = at(config, &["endpoint", "type"])
        .or_else(|| config.get("endpoint_type"))
        .and_then(Json::as_str)
        .and_then(non_llm_endpoint);
    if let Some(kind) = endpoint {
        builder.set_text("endpoint_type", kind);
    }
    let models = ["model_names", "model", "models"]
        .iter()
        .find_map(|k| config.get(*k))
        .or_else(|| at(config, &["endpoint", "model_names"]))
        .map(model_names)
        .unwrap_or_default();
    if !models.is_empty() {
        builder.set_text("model_id", &models.join(","));
    }
    // AIPerf 0.13 lists phases; the profiling one holds what was asked for.
    let phase = config
        .get("phases")
        .and_then(Json::as_array)
        .and_then(|phases| {
            phases
                .iter()
                .filter_map(Json::as_object)
                .find(|p| p.get("kind").and_then(Json::as_str) == Some("profiling"))
        });
    let phase_value = |key: &str| {
        phase
            .and_then(|p| p.get(key))
            .and_then(Json::as_f64)
            .filter(|v| *v > 0.0)
    };
    let concurrency = phase_value("concurrency").or_else(|| {
        positive(
            config,
            &[
                &["perf_analyzer", "stimulus", "concurrency"],
                &["concurrency"],
                &["loadgen", "concurrency"],
            ],
        )
    });
    if let Some(c) = concurrency {
        builder.set_num("max_concurrency", c);
    }
    // AIPerf's `poisson` / `constant` phases and genai-perf's `--request-rate`.
    let rate = phase_value("rate").or_else(|| {
        positive(
            config,
            &[
                &["perf_analyzer", "stimulus", "request_rate"],
                &["request_rate"],
            ],
        )
    });
    if let Some(r) = rate {
        builder.set_num("request_rate", r);
    }
    let measured_by_count = at(config, &["perf_analyzer", "measurement", "mode"])
        .and_then(Json::as_str)
        == Some("request_count");
    let requests = phase_value("requests")
        .or_else(|| {
            measured_by_count
                .then(|| positive(config, &[&["perf_analyzer", "measurement", "num"]]))
                .flatten()
        })
        .or_else(|| positive(config, &[&["request_count"], &["loadgen", "request_count"]]));
    if let Some(n) = requests {
        builder.set_num("num_prompts", n);
    }
    // Requested lengths exist only for synthetic prompts.
    let dataset = config
        .get("datasets")
        .and_then(Json::as_array)
        .and_then(|d| match d.as_slice() {
            [one] => one.as_object(),
            _ => None,
        });
    let synthetic_genai_perf =
        at(config, &["input", "prompt_source"]).and_then(Json::as_str) == Some("synthetic");
    let input_len = dataset
        .filter(|d| d.get("type").and_then(Json::as_str) == Some("synthetic"))
        .and_then(|d| positive(d, &[&["prompts", "isl", "mean"]]))
        .or_else(|| {
            synthetic_genai_perf
                .then(|| positive(config, &[&["input", "synthetic_tokens", "mean"]]))
                .flatten()
        });
    let output_len = dataset
        .and_then(|d| positive(d, &[&["prompts", "osl", "mean"]]))
        .or_else(|| positive(config, &[&["input", "output_tokens", "mean"]]));
    if let Some(n) = input_len {
        builder.set_num("input_len", n);
    }
    if let Some(n) = output_len {
        builder.set_num("output_len", n);
    }
    streaming
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Run;
    use std::path::Path;

    fn read(text: &str) -> Run {
        let parsed = PerfJsonReader
            .read(&Source::new(Path::new("x.json"), text))
            .unwrap()
            .unwrap();
        assert_eq!(parsed.runs.len(), 1);
        parsed.runs.into_iter().next().unwrap()
    }

    const GENAI_PERF: &str = include_str!(
        "../../fixtures/genai-perf/0.0.16-run1-chat-c4/profile_export_genai_perf.json"
    );
    const AIPERF: &str =
        include_str!("../../fixtures/aiperf/0.13.0-run1-chat-c4/profile_export_aiperf.json");

    #[test]
    fn genai_perf_export_and_its_config() {
        let r = read(GENAI_PERF);
        assert_eq!(r.format, Format::GenaiPerfJson);
        assert_eq!(r.line, None);
        assert_eq!(r.get("mean_e2el_ms"), Some(89.83885712499999));
        assert_eq!(r.get("p1_e2el_ms"), Some(88.99793626));
        assert_eq!(r.get("std_ttft_ms"), Some(0.2823057710675507));
        assert_eq!(r.get("max_ttst_ms"), Some(3.013988));
        assert_eq!(r.get("p50_tpot_ms"), Some(2.220471));
        assert_eq!(r.get("p90_isl"), Some(128.1));
        assert_eq!(r.get("mean_osl"), Some(32.0));
        assert_eq!(r.get("request_throughput"), Some(44.46135309702724));
        assert_eq!(r.get("output_throughput"), Some(1422.7632991048717));
        assert_eq!(r.get("completed"), Some(40.0));
        assert!(!r.values.contains_key("failed"));
        assert_eq!(r.text("model_id"), Some("mock-model"));
        assert_eq!(r.get("max_concurrency"), Some(4.0));
        assert_eq!(r.get("num_prompts"), Some(40.0));
        assert_eq!(r.get("input_len"), Some(128.0));
        assert_eq!(r.get("output_len"), Some(32.0));
    }

    #[test]
    fn aiperf_export_units_and_config() {
        let r = read(AIPERF);
        assert_eq!(r.format, Format::AiperfJson);
        assert_eq!(r.get("mean_ttft_ms"), Some(22.011214499999998));
        assert_eq!(r.get("p50_ttft_ms"), Some(21.510704999999998));
        assert_eq!(r.get("mean_tpot_ms"), Some(2.2453676338709676));
        assert_eq!(r.get("p10_e2el_ms"), Some(89.37398429999999));
        assert_eq!(r.get("p99_osl"), Some(32.0));
        assert_eq!(r.get("request_throughput"), Some(42.08287205771235));
        assert_eq!(r.get("total_token_throughput"), Some(6649.093785118551));
        assert_eq!(r.get("input_throughput"), Some(5302.441879271756));
        // `benchmark_duration` is in `sec`: the frame's unit already.
        assert_eq!(r.get("duration"), Some(0.9479756800000001));
        assert_eq!(r.get("total_input_tokens"), Some(5040.0));
        assert_eq!(r.get("total_output_tokens"), Some(1280.0));
        assert_eq!(r.get("completed"), Some(40.0));
        assert_eq!(r.get("failed"), Some(0.0));
        // `count` and `sum` of a distribution have no column.
        assert!(!r
            .values
            .keys()
            .any(|k| k.starts_with("count") || k.starts_with("sum")));
        assert_eq!(r.text("model_id"), Some("mock-model"));
        assert_eq!(r.get("max_concurrency"), Some(4.0));
        assert_eq!(r.get("num_prompts"), Some(40.0));
        assert_eq!(r.get("input_len"), Some(128.0));
        assert_eq!(r.get("output_len"), Some(32.0));
    }

    #[test]
    fn aiperf_failures_error_count_and_adjusted_metrics() {
        let r = read(include_str!(
            "../../fixtures/aiperf/0.13.0-run2-completions-rate20-failures/profile_export_aiperf.json"
        ));
        assert_eq!(r.format, Format::AiperfJson);
        // `adj_request_latency` (p50 232.22...) beside `request_latency` is not e2el.
        assert_eq!(r.get("p50_e2el_ms"), Some(225.6816465));
        assert_eq!(r.get("mean_ttft_ms"), Some(29.504617324999998));
        assert_eq!(r.get("completed"), Some(40.0));
        assert_eq!(r.get("failed"), Some(10.0));
        assert_eq!(r.get("duration"), Some(3.6130990080000003));
        assert_eq!(r.get("request_rate"), Some(20.0));
        assert_eq!(r.get("num_prompts"), Some(50.0));
        assert!(r.get("max_concurrency").is_none());
        assert_eq!(r.get("input_len"), Some(256.0));
        assert_eq!(r.get("output_len"), Some(64.0));
    }

    #[test]
    fn an_embeddings_export_is_a_run_with_its_endpoint_type() {
        // The chat run's export with AIPerf's embeddings endpoint type: the same metrics
        // layout (`request_latency`, `request_throughput`), read as a run.
        let t = AIPERF.replacen("\"type\": \"chat\"", "\"type\": \"embeddings\"", 1);
        assert_ne!(t, AIPERF);
        let r = read(&t);
        assert_eq!(r.text("endpoint_type"), Some("embeddings"));
        assert_eq!(r.get("p10_e2el_ms"), Some(89.37398429999999));
        assert_eq!(read(AIPERF).text("endpoint_type"), None);
    }

    #[test]
    fn aiperf_sweep_aggregate_is_not_a_run() {
        let t = include_str!("../../fixtures/aiperf/0.13.0-run3-sweep-c1-c4-failures/profile_export_aiperf_sweep.json");
        assert!(PerfJsonReader
            .read(&Source::new(Path::new("x.json"), t))
            .unwrap()
            .is_none());
    }

    #[test]
    fn nanoseconds_are_read_from_the_unit_field() {
        let t = r#"{"time_to_first_token": {"unit": "ns", "avg": 16260000.0, "p99": 17090000.0},
                    "request_throughput": {"unit": "requests/sec", "avg": 1.99},
                    "input_config": {"model": ["gpt2"], "concurrency": 1}}"#;
        let r = read(t);
        assert_eq!(r.format, Format::GenaiPerfJson);
        assert!((r.get("mean_ttft_ms").unwrap() - 16.26).abs() < 1e-9);
        assert!((r.get("p99_ttft_ms").unwrap() - 17.09).abs() < 1e-9);
        assert_eq!(r.text("model_id"), Some("gpt2"));
        assert_eq!(r.get("max_concurrency"), Some(1.0));
    }

    #[test]
    fn other_json_files_are_not_mine() {
        let src = |t: &str| {
            PerfJsonReader
                .read(&Source::new(Path::new("x.json"), t))
                .unwrap()
        };
        // vLLM's --save-result
        assert!(
            src(r#"{"completed": 10, "request_throughput": 1.0, "mean_ttft_ms": 2.0}"#).is_none()
        );
        // a metric key with a unit that does not fit
        assert!(src(r#"{"request_latency": {"unit": "tokens", "avg": 1}}"#).is_none());
        assert!(src(r#"[{"unit": "ms"}]"#).is_none());
        assert!(src("{\"unit\": \"ms\", \"request_latency\": ").is_none());
        assert!(src("").is_none());
    }

    #[test]
    fn a_truncated_export_is_an_error_with_its_line() {
        let cut = &AIPERF[..AIPERF.len() / 2];
        let e = PerfJsonReader
            .read(&Source::new(Path::new("x.json"), cut))
            .unwrap_err();
        assert!(e.line.is_some_and(|l| l > 100), "{e:?}");
    }

    #[test]
    fn random_bytes_never_panic() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        let alphabet: Vec<char> = "{}[]\":, 1.5e3 unit ms avg request_latency null NaN"
            .chars()
            .collect();
        for _ in 0..300 {
            let body: String = (0..120)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    alphabet[(seed % alphabet.len() as u64) as usize]
                })
                .collect();
            let _ = PerfJsonReader.read(&Source::new(
                Path::new("x.json"),
                &format!("{{\"unit\" {body}"),
            ));
        }
    }
}
