//! Result files of the serving benchmarks: vLLM's `--save-result` JSON (one object, or
//! several separated by newlines with `--append-result`) and SGLang's `--output-file`
//! JSONL (one object per run, appended). Both use vLLM's key names, which are the
//! canonical columns, with a few spellings to map:
//! - `"request_goodput:"` (a stray colon in vLLM's key until 2025),
//! - `"request_rate": "inf"` (a string) or `Infinity` (bare, SGLang): unlimited → null,
//! - SGLang's `*_e2e_latency_ms`, `total_throughput`, `accept_length`,
//!   `random_input_len` / `random_output_len` (the requested lengths).
//!
//! The same objects also appear inline in logs (a job that prints the JSON between
//! markers), which [`InlineJsonReader`] finds line by line.

use serde_json::{Map, Value as Json};

use super::json_lenient::{self, type_name, NUMBER, NUMBER_LIST, OBJECT, STRING};
use super::json_shallow::Keep;
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source, Warning};
use crate::model::{schema, timestamp, Format, Key, Run, Value};

/// Reads a whole file of one or more JSON result objects.
pub struct ServeJsonReader;

impl Reader for ServeJsonReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::VllmServeJson, Format::SglangServeJsonl]
    }

    fn read(&self, source: &Source) -> ReadResult {
        if !source.text.trim_start().starts_with('{') {
            return Ok(None);
        }
        let (values, error) = json_lenient::parse_stream_shallow::<ResultKeys>(source.text);
        let values: Vec<(u64, Json)> = values.into_iter().map(|(l, v)| (l, v.0)).collect();
        let Some((_, first)) = values.first() else {
            // Not even one whole object: only claim it if it starts like a result.
            if looks_like_result_text(source.text) {
                let (line, msg) = error.unwrap_or((1, "empty".into()));
                return Err(ParseError::new(
                    Some(line),
                    crate::msg!("ingest-expect-json-result", error = msg),
                ));
            }
            return Ok(None);
        };
        if !is_serve_result(first) {
            return Ok(None);
        }
        let mut parsed = Parsed::default();
        let many = values.len() > 1 || error.is_some();
        for (line, value) in &values {
            let Json::Object(obj) = value else {
                return Err(ParseError::new(
                    Some(*line),
                    crate::msg!("ingest-expect-json-object-per-result"),
                ));
            };
            // One-object files have no meaningful line; appended ones are numbered.
            let run_line = many.then_some(*line);
            let run = object_to_run(obj, run_line).map_err(|bad| {
                bad.error(json_lenient::line_of_key(source.text, *line, &bad.key).or(Some(*line)))
            })?;
            parsed.runs.push(run);
        }
        if let Some((line, msg)) = error {
            parsed.warnings.push(Warning {
                line: Some(line),
                message: crate::msg!("ingest-json-last-incomplete", error = msg),
            });
        }
        // vLLM's perf CI saves the client's command line beside a one-run result file.
        if let [run] = parsed.runs.as_mut_slice() {
            if run.format == Format::VllmServeJson {
                if let Some(w) = super::vllm_commands::apply(source.path, run) {
                    parsed.warnings.push(w);
                }
            }
        }
        Ok(Some(parsed))
    }
}

/// The keys `object_to_run` and the checks before it read; the values of the others
/// (per-request lists, generated texts) are skipped while parsing.
struct ResultKeys;

impl Keep for ResultKeys {
    fn keep(key: &str) -> bool {
        matches!(
            key,
            "backend"
                | "model_id"
                | "label"
                | "tag"
                | "dataset_name"
                | "date"
                | "slo_attainment"
                | "slo_attainment_by_metric"
                | "goodput_slos_ms"
        ) || canonical_name(key).is_some()
            || crate::model::schema::CONFIGURATION.contains(&key)
    }
}

/// Finds result objects printed on their own line inside a log.
pub struct InlineJsonReader;

impl Reader for InlineJsonReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::VllmServeJson, Format::SglangServeJsonl]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text;
        let finder = memchr::memmem::Finder::new(b"\"completed\"");
        let mut parsed = Parsed::default();
        let mut last_line_start = usize::MAX;
        for pos in finder.find_iter(text.as_bytes()) {
            let start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
            if start == last_line_start {
                continue;
            }
            last_line_start = start;
            let end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
            let line = text[start..end].trim();
            if !line.starts_with('{') {
                continue;
            }
            match json_lenient::parse(line) {
                Ok(Json::Object(obj)) if is_serve_object(&obj) => {
                    let at = Some(source.line_of(start));
                    parsed
                        .runs
                        .push(object_to_run(&obj, at).map_err(|bad| bad.error(at))?);
                }
                Ok(_) => {}
                Err(_) => parsed.warnings.push(Warning {
                    line: Some(source.line_of(start)),
                    message: crate::msg!("ingest-json-line-skipped"),
                }),
            }
        }
        Ok((!parsed.runs.is_empty()).then_some(parsed))
    }
}

fn looks_like_result_text(text: &str) -> bool {
    // The first 4 KiB, cut at a character boundary: a result whose generated texts are
    // Chinese has a multibyte character across byte 4096.
    let head = crate::offsets::head(text, 4096);
    head.contains("\"completed\"") && head.contains("throughput")
}

fn is_serve_result(v: &Json) -> bool {
    matches!(v, Json::Object(obj) if is_serve_object(obj))
}

/// A serving result has a completed count and at least one throughput or latency.
fn is_serve_object(obj: &Map<String, Json>) -> bool {
    obj.contains_key("completed")
        && (obj.contains_key("request_throughput")
            || obj.contains_key("output_throughput")
            || obj.contains_key("mean_ttft_ms")
            || obj.contains_key("median_ttft_ms"))
}

/// SGLang writes keys vLLM never does.
fn is_sglang(obj: &Map<String, Json>) -> bool {
    obj.keys().any(|k| {
        k.ends_with("_e2e_latency_ms")
            || matches!(
                k.as_str(),
                "total_output_tokens_retokenized"
                    | "server_info"
                    | "accept_length"
                    | "total_throughput"
            )
    }) || obj
        .get("backend")
        .and_then(Json::as_str)
        .is_some_and(|b| b.starts_with("sglang"))
}

/// The canonical column for a result key, or `None` for keys that are not run metrics
/// (per-request lists, dataset options, server info).
pub(super) fn canonical_key(key: &str) -> Option<Key> {
    // The static name of a common column: no allocation per key of every result file.
    canonical_name(key).map(|name| schema::key(&name))
}

/// [`canonical_key`]'s name, borrowed from `key` unless it is spelled differently: what
/// the parser asks of every key of every file, so it neither allocates nor looks up.
fn canonical_name(key: &str) -> Option<std::borrow::Cow<'_, str>> {
    let key = key.trim_end_matches(':');
    let mapped = match key {
        "total_throughput" => "total_token_throughput",
        "accept_length" => "spec_decode_acceptance_length",
        "random_input_len" => "input_len",
        "random_output_len" => "output_len",
        "random_range_ratio" => "random_range_ratio",
        "request_goodput"
        | "completed"
        | "failed"
        | "num_prompts"
        | "request_rate"
        | "max_concurrency"
        | "duration"
        | "total_input_tokens"
        | "total_output_tokens"
        | "total_output_tokens_retokenized"
        | "request_throughput"
        | "input_throughput"
        | "output_throughput"
        | "total_token_throughput"
        | "max_output_tokens_per_s"
        | "max_concurrent_requests"
        | "concurrency"
        | "total_input_text_tokens"
        | "total_input_vision_tokens"
        | "input_len"
        | "output_len" => key,
        _ if key.starts_with("spec_decode_") => key,
        _ => return distribution_key(key),
    };
    Some(mapped.into())
}

/// `p99.9_ttft_ms`, `mean_e2e_latency_ms` → `mean_e2el_ms`.
fn distribution_key(key: &str) -> Option<std::borrow::Cow<'_, str>> {
    let body = key.strip_suffix("_ms")?;
    let (stat, family) = body.split_once('_')?;
    let stat_ok = matches!(stat, "mean" | "median" | "std" | "min" | "max")
        || (stat.starts_with('p') && stat[1..].parse::<f64>().is_ok());
    match family {
        // SGLang's spelling: the one name that changes.
        "e2e_latency" if stat_ok => Some(format!("{stat}_e2el_ms").into()),
        // `{stat}_{family}_ms` is the key itself.
        "ttft" | "tpot" | "itl" | "e2el" | "ttst" | "client_queue_time" if stat_ok => {
            Some(key.into())
        }
        _ => None,
    }
}

/// SGLang's own SLO attainment (a share, 0 to 1, of the requests sent), apart from
/// perflab's `slo_attainment` under `--slo`.
pub(super) const GOODPUT_SLO_ATTAINMENT: &str = "goodput_slo_attainment";

/// `ttft` → `goodput_slo_attainment_ttft`: the share of the requests sent that met that SLO.
pub(super) fn goodput_attainment_column(metric: &str) -> String {
    format!("{GOODPUT_SLO_ATTAINMENT}_{}", metric.to_ascii_lowercase())
}

/// `ttft` → `goodput_slo_ttft_ms`: the `--goodput` objective the run was measured against.
pub(super) fn goodput_slo_column(metric: &str) -> String {
    format!("goodput_slo_{}_ms", metric.to_ascii_lowercase())
}

/// A mapped key whose value has the wrong JSON type.
#[derive(Debug)]
pub(super) struct BadType {
    key: String,
    expected: &'static str,
    found: &'static str,
}

impl BadType {
    pub(super) fn error(&self, line: Option<u64>) -> ParseError {
        ParseError::new(
            line,
            json_lenient::type_mismatch(&self.key, self.expected, self.found),
        )
    }
}

/// The run of one result object. A mapped key holding the wrong type is an error: a
/// result whose `mean_ttft_ms` is an object is not a run with that metric missing.
pub(super) fn object_to_run(obj: &Map<String, Json>, line: Option<u64>) -> Result<Run, BadType> {
    let format = if is_sglang(obj) {
        Format::SglangServeJsonl
    } else {
        Format::VllmServeJson
    };
    let mut run = Run::new(format, line);
    let random_dataset = obj
        .get("dataset_name")
        .and_then(Json::as_str)
        .is_none_or(|d| d.starts_with("random"));
    for (key, value) in obj {
        let bad = |expected, found| BadType {
            key: key.clone(),
            expected,
            found,
        };
        if let Some(text_key @ ("backend" | "model_id" | "label")) = Some(key.as_str()) {
            match value {
                Json::String(s) => run.set_text(text_key.to_owned(), s),
                Json::Null => {}
                other => return Err(bad(STRING, type_name(other))),
            }
            continue;
        }
        // A server setting the client recorded (`--metadata tensor_parallel_size=2`, as
        // vLLM's performance CI passes it): its configuration column, as written (text
        // that is a number becomes the number in `server::apply`).
        if crate::model::schema::CONFIGURATION.contains(&key.as_str()) {
            match value {
                Json::String(s) if !s.trim().is_empty() => run.set_text(key.clone(), s.trim()),
                Json::Number(n) => run.set_opt(key.clone(), n.as_f64()),
                Json::Bool(b) => run.set_num(key.clone(), f64::from(u8::from(*b))),
                _ => {}
            }
            continue;
        }
        match key.as_str() {
            // SGLang's `--tag` is the run's label, as vLLM's `--label` (vLLM's wins).
            "tag" | "dataset_name" => {
                let col = if key == "tag" { "label" } else { "dataset" };
                match value {
                    Json::String(s) if !s.is_empty() => {
                        if !(col == "label" && obj.contains_key("label")) {
                            run.set_text(col, s);
                        }
                    }
                    Json::String(_) | Json::Null => {}
                    other => return Err(bad(STRING, type_name(other))),
                }
                continue;
            }
            // SGLang's goodput (`sglang/benchmark/goodput.py`): the share of the requests
            // sent that met every `--goodput` SLO, that share per SLO, and the SLOs.
            "slo_attainment" => {
                let v = json_lenient::number_of(value).map_err(|found| bad(NUMBER, found))?;
                run.set_opt(GOODPUT_SLO_ATTAINMENT, v);
                continue;
            }
            "slo_attainment_by_metric" | "goodput_slos_ms" => {
                let per_metric = match value {
                    Json::Object(m) => m,
                    Json::Null => continue,
                    other => return Err(bad(OBJECT, type_name(other))),
                };
                for (metric, v) in per_metric {
                    let v = json_lenient::number_of(v).map_err(|found| BadType {
                        key: format!("{key}.{metric}"),
                        expected: NUMBER,
                        found,
                    })?;
                    let col = if key == "goodput_slos_ms" {
                        goodput_slo_column(metric)
                    } else {
                        goodput_attainment_column(metric)
                    };
                    run.set_opt(col, v);
                }
                continue;
            }
            _ => {}
        }
        if key == "date" {
            // vLLM's save time; a date of another shape is not a run's stamp.
            match value {
                Json::String(s) => {
                    if let Some(stamp) = timestamp::from_vllm(s) {
                        run.set_text(timestamp::RUN_TIMESTAMP, stamp);
                    }
                }
                Json::Null => {}
                other => return Err(bad(STRING, type_name(other))),
            }
            continue;
        }
        let Some(col) = canonical_key(key) else {
            continue;
        };
        // SGLang saves the random dataset's lengths whatever the dataset; they are the
        // requested lengths only for a random run.
        if key.starts_with("random_") && !random_dataset {
            continue;
        }
        if col == "spec_decode_per_position_acceptance_rates" {
            let Json::Array(items) = value else {
                return Err(bad(NUMBER_LIST, type_name(value)));
            };
            let list = items
                .iter()
                .map(|item| item.as_f64().ok_or_else(|| type_name(item)))
                .collect::<Result<Vec<f64>, _>>()
                .map_err(|found| bad(NUMBER_LIST, found))?;
            run.values.insert(col, Value::list(list));
            continue;
        }
        let v = json_lenient::number_of(value).map_err(|found| bad(NUMBER, found))?;
        run.set_opt(col, v);
    }
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn read(r: &dyn Reader, text: &str) -> ReadResult {
        r.read(&Source::new(Path::new("r.json"), text))
    }

    #[test]
    fn legacy_goodput_key_and_inf_rate() {
        let t = r#"{"backend": "vllm", "completed": 4, "request_throughput": 1.5, "request_goodput:": 1.25, "request_rate": "inf", "p99.9_ttft_ms": 3.5, "latencies": [1, 2]}"#;
        let p = read(&ServeJsonReader, t).unwrap().unwrap();
        let r = &p.runs[0];
        assert_eq!(r.format, Format::VllmServeJson);
        assert_eq!(r.line, None);
        assert_eq!(r.get("request_goodput"), Some(1.25));
        assert_eq!(r.values.get("request_rate"), Some(&Value::Null));
        assert_eq!(r.get("p99.9_ttft_ms"), Some(3.5));
        assert!(!r.values.contains_key("latencies"));
    }

    #[test]
    fn sglang_jsonl_with_bare_infinity() {
        let t = "{\"backend\": \"sglang-oai\", \"request_rate\": Infinity, \"completed\": 3, \"output_throughput\": 2.0, \"mean_e2e_latency_ms\": 7.5, \"total_throughput\": 9.0}\n{\"backend\": \"sglang\", \"completed\": 5, \"output_throughput\": 1.0}\n";
        let p = read(&ServeJsonReader, t).unwrap().unwrap();
        assert_eq!(p.runs.len(), 2);
        assert_eq!(p.runs[0].format, Format::SglangServeJsonl);
        assert_eq!(p.runs[0].get("mean_e2el_ms"), Some(7.5));
        assert_eq!(p.runs[0].get("total_token_throughput"), Some(9.0));
        assert_eq!(p.runs[1].line, Some(2));
    }

    #[test]
    fn truncated_append_file_keeps_whole_objects() {
        let t = "{\"completed\": 1, \"request_throughput\": 1.0}\n{\"completed\": 2, \"request_thr";
        let p = read(&ServeJsonReader, t).unwrap().unwrap();
        assert_eq!(p.runs.len(), 1);
        assert_eq!(p.warnings[0].line, Some(2));
    }

    #[test]
    fn other_json_is_not_mine() {
        assert!(read(&ServeJsonReader, r#"{"elapsed_time": 1.0}"#)
            .unwrap()
            .is_none());
        assert!(read(&ServeJsonReader, "[1, 2]").unwrap().is_none());
    }

    #[test]
    fn inline_json_in_a_log() {
        let t = "INFO start\n<<<RESULT_START>>>\n{\"completed\": 7, \"request_throughput\": 2.0}\n<<<RESULT_END>>>\n";
        let p = read(&InlineJsonReader, t).unwrap().unwrap();
        assert_eq!(p.runs[0].line, Some(3));
        assert_eq!(p.runs[0].get("completed"), Some(7.0));
    }
}
