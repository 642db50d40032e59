//! evalscope `perf`'s result folder: one `parallel_<P>_number_<N>/` (or, with `--rate`,
//! `parallel_<P>_rate_<R>_number_<N>/`) per load point of a sweep, each holding
//! `benchmark_summary.json` (the run: one JSON object of the keys in
//! `evalscope_labels.rs`), `benchmark_percentile.json` (a list of rows, `"Percentiles":
//! "99%"` and one key per metric) and `benchmark_args.json` (the command's arguments).
//! The summary is the run, format `evalscope-perf-json`; the percentiles and arguments
//! beside it fill its distribution and workload columns. A percentile file alone holds no
//! run (`not_runs.rs` says so); one beside the summary that cannot be read is a warning.

use std::path::Path;

use serde_json::{Map, Value as Json};

use super::evalscope_labels as labels;
use super::json_lenient::{
    holds, line_of_key, number_of, parse, signed_object, type_mismatch, type_name,
};
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source, Warning};
use crate::model::{Format, Run};

const PERCENTILES: &str = "benchmark_percentile.json";
const ARGS: &str = "benchmark_args.json";

pub struct EvalscopeJsonReader;

impl Reader for EvalscopeJsonReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::EvalscopePerfJson]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text.trim_start_matches('\u{feff}');
        let signed = |t: &[u8]| {
            holds(t, "\"Test Duration (s)\"") || holds(t, "\"Time taken for tests (s)\"")
        };
        let expected = |error| crate::msg!("ingest-expect-evalscope-summary", error = error);
        // Another tool's JSON that happens to hold the key is not a summary.
        let Some(obj) = signed_object(source, signed, expected)? else {
            return Ok(None);
        };
        if !obj.keys().any(|k| labels::is_summary_key(k)) {
            return Ok(None);
        }
        let mut run = Run::new(Format::EvalscopePerfJson, None);
        let mut extra = Map::new();
        let mut streams: [Option<f64>; 2] = [None, None];
        for (key, value) in &obj {
            match number_of(value) {
                Ok(Some(v)) => {
                    match key.as_str() {
                        "Stream Requests" => streams[0] = Some(v),
                        "Non-Stream Requests" => streams[1] = Some(v),
                        _ => labels::set_summary(&mut run, &mut extra, key, v),
                    };
                }
                Ok(None) => {}
                // `Not Applicable Metrics`: the averages an API cannot measure.
                Err(_) if labels::is_summary_key(key) => {
                    let line = line_of_key(text, 1, key);
                    let found = type_name(value);
                    return Err(ParseError::new(
                        line,
                        type_mismatch(key, "input-type-number", found),
                    ));
                }
                Err(_) => {
                    extra.insert(key.clone(), value.clone());
                }
            }
        }
        let mut warnings = Vec::new();
        let dir = source.path.parent().unwrap_or(Path::new(""));
        let mut rate = obj
            .get("Request Rate (req/s)")
            .or_else(|| obj.get("Request rate (req/s)"))
            .and_then(Json::as_f64);
        if let Some(Json::Object(args)) = read_sibling(&dir.join(ARGS), &mut warnings) {
            rate = rate.or(apply_args(&args, &mut run));
        }
        labels::set_load(&mut run, rate);
        // Which requests were streamed: evalscope counts both since 1.x; before, the
        // arguments say.
        let streaming = match streams {
            [Some(s), Some(n)] if s > 0.0 && n == 0.0 => Some(true),
            [Some(s), Some(n)] if s == 0.0 && n > 0.0 => Some(false),
            [Some(_), Some(_)] => None,
            _ => run.get("streaming").map(|s| s == 1.0),
        };
        match streaming {
            Some(s) => run.set_num("streaming", f64::from(u8::from(s))),
            None => {
                run.values.remove("streaming");
            }
        }
        if let Some(rows) = read_sibling(&dir.join(PERCENTILES), &mut warnings) {
            apply_percentiles(&rows, &dir.join(PERCENTILES), &mut run, &mut warnings);
        }
        if streaming == Some(false) {
            labels::drop_unstreamed(&mut run);
        }
        labels::set_extra(&mut run, extra);
        Ok(Some(Parsed {
            runs: vec![run],
            warnings,
        }))
    }
}

/// A file beside the summary as JSON; `None` when there is none. One that cannot be read
/// is a warning naming it and its line: the summary's numbers stand without it.
fn read_sibling(path: &Path, warnings: &mut Vec<Warning>) -> Option<Json> {
    let bytes = std::fs::read(path).ok()?;
    let text = super::text::decode(&bytes);
    match parse(text.trim_start_matches('\u{feff}')) {
        Ok(json) => Some(json),
        Err((line, error)) => {
            warnings.push(unread(path, line, error));
            None
        }
    }
}

fn unread(path: &Path, line: u64, error: String) -> Warning {
    Warning {
        line: None,
        message: crate::msg!(
            "ingest-evalscope-sibling-unread",
            file = path.display().to_string(),
            line = line,
            error = error
        ),
    }
}

/// `benchmark_percentile.json`: a row per percentile (`min`, `1%` … `99%`, `max`; before
/// 1.x `10%` … `99%`), a key per metric.
fn apply_percentiles(rows: &Json, path: &Path, run: &mut Run, warnings: &mut Vec<Warning>) {
    let Json::Array(rows) = rows else {
        let error = crate::tr!("ingest-evalscope-percentiles-not-list");
        warnings.push(unread(path, 1, error));
        return;
    };
    for row in rows {
        let Some(row) = row.as_object() else { continue };
        let Some(at) = row.get("Percentiles").and_then(Json::as_str) else {
            continue;
        };
        for (metric, value) in row {
            // NaN (no sample: ITL of unstreamed replies) is null, and null is left out.
            let Ok(Some(v)) = number_of(value) else {
                continue;
            };
            if let Some((col, v)) = labels::percentile_column(metric, at, v) {
                run.set_num(col, v);
            }
        }
    }
}

/// The workload and load from `benchmark_args.json` (`evalscope/perf/arguments.py`):
/// `model`, `name`, `dataset`, the URL's path, `stream`, `number`, `parallel`, `rate`
/// (−1: unlimited) and the random dataset's lengths when fixed (`min_prompt_length` =
/// `max_prompt_length`, `min_tokens` = `max_tokens`).
/// Returns the `rate` asked for (−1: none), for [`labels::set_load`].
fn apply_args(args: &Map<String, Json>, run: &mut Run) -> Option<f64> {
    let text = |k: &str| args.get(k).and_then(Json::as_str).filter(|s| !s.is_empty());
    let num = |k: &str| args.get(k).and_then(Json::as_f64);
    if let Some(model) = text("model") {
        run.set_text("model_id", model);
    }
    if let Some(name) = text("name") {
        run.set_text("label", name);
    }
    if let Some(dataset) = text("dataset") {
        run.set_text("dataset", dataset);
    }
    if let Some(path) = text("url").and_then(url_path) {
        run.set_text("endpoint", path);
    }
    if let Some(api) = text("api") {
        run.set_text("backend", api);
    }
    if let Some(Json::Bool(stream)) = args.get("stream") {
        run.set_num("streaming", f64::from(u8::from(*stream)));
    }
    let fixed = |lo: &str, hi: &str| match (num(lo), num(hi)) {
        (Some(a), Some(b)) if a == b => Some(b),
        _ => None,
    };
    if text("dataset") == Some("random") {
        if let Some(n) = fixed("min_prompt_length", "max_prompt_length") {
            run.set_num("input_len", n);
        }
    }
    if let Some(n) = fixed("min_tokens", "max_tokens") {
        run.set_num("output_len", n);
    }
    if run.get("num_prompts").is_none() {
        if let Some(n) = num("number") {
            run.set_num("num_prompts", n);
        }
    }
    if run.get("max_concurrency").is_none() {
        if let Some(p) = num("parallel") {
            run.set_num("max_concurrency", p);
        }
    }
    if let Some(r) = num("rate").filter(|r| *r > 0.0) {
        run.set_num("request_rate", r);
    }
    num("rate")
}

/// `http://127.0.0.1:8000/v1/chat/completions` → `/v1/chat/completions`.
fn url_path(url: &str) -> Option<&str> {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let path = &rest[rest.find('/')?..];
    Some(path.split(['?', '#']).next().unwrap_or(path)).filter(|p| p.len() > 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn url_paths() {
        assert_eq!(
            url_path("http://127.0.0.1:8000/v1/chat/completions"),
            Some("/v1/chat/completions")
        );
        assert_eq!(url_path("http://host:8000"), None);
        assert_eq!(
            url_path("http://h/v1/completions?x=1"),
            Some("/v1/completions")
        );
    }
}
