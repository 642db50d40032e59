//! Requests of genai-perf's `profile_export.json`, the per-request export perf_analyzer
//! writes into the run's artifact folder beside `profile_export_genai_perf.json` / `.csv`
//! (the summary, which is the run):
//!
//! ```text
//! {"experiments": [{"experiment": {"mode": "concurrency", "value": 4},
//!                   "requests": [{"timestamp": NS, "request_inputs": {...},
//!                                 "response_timestamps": [NS, ...],
//!                                 "response_outputs": [{"response": "data: {...}\n\n"}, ...]}],
//!                   "window_boundaries": [NS, NS]}],
//!  "version": "", "service_kind": "openai", "endpoint": "v1/chat/completions"}
//! ```
//!
//! Times are integer nanoseconds since the Unix epoch (beyond f64's exact integers, so
//! they are subtracted as integers). genai-perf 0.0.16 derives its metrics from this file
//! (`genai_perf/profile_data_parser/llm_profile_data_parser.py`, `_parse_requests`):
//!
//! - every response whose text is empty (the chat role chunk, `data: [DONE]`) is dropped
//!   with its timestamp (`_preprocess_response`); a request left with no response is
//!   skipped, as genai-perf skips it;
//! - `time_to_first_token` = first response − start, `request_latency` = last response −
//!   start (so it ends at the last content chunk);
//! - the run's duration = last response of any request − first start.
//!
//! What perflab cannot recompute: genai-perf counts output and input tokens by running
//! the model's tokenizer over the texts, and no count is stored in the file; its
//! `inter_token_latency` ((latency − TTFT) / (output tokens − 1), the `tpot` column)
//! needs that count. Tokens and TPOT stay null; the gaps between content chunks are the
//! request's ITL list. perf_analyzer has no failed requests: it stops at the first error.

use std::sync::LazyLock;

use memchr::memmem::Finder;
use serde::Deserialize;

use super::{Request, Rule, RunRequests};

type ReadError = (Option<u64>, String);

/// The name of perf_analyzer's per-request export in genai-perf's artifact folder.
pub const FILE_NAME: &str = "profile_export.json";

#[derive(Debug, Deserialize)]
struct Export {
    experiments: Vec<Experiment>,
    #[serde(default)]
    endpoint: String,
}

#[derive(Debug, Deserialize)]
struct Experiment {
    #[serde(default)]
    requests: Vec<Record>,
}

#[derive(Debug, Deserialize)]
struct Record {
    timestamp: u64,
    #[serde(default)]
    response_timestamps: Vec<u64>,
    #[serde(default)]
    response_outputs: Vec<Output>,
}

#[derive(Debug, Deserialize)]
struct Output {
    #[serde(default)]
    response: String,
}

/// `Ok(None)` when the text is not perf_analyzer's export of an LLM endpoint.
pub fn read(text: &str) -> Result<Option<Vec<RunRequests>>, ReadError> {
    let head = &text.as_bytes()[..text.len().min(4096)];
    static EXPERIMENTS: LazyLock<Finder<'static>> =
        LazyLock::new(|| Finder::new(b"\"experiments\""));
    static TIMESTAMPS: LazyLock<Finder<'static>> =
        LazyLock::new(|| Finder::new(b"\"response_timestamps\""));
    if EXPERIMENTS.find(head).is_none() || TIMESTAMPS.find(text.as_bytes()).is_none() {
        return Ok(None);
    }
    let export: Export = serde_json::from_str(text).map_err(|e| {
        (
            Some(e.line() as u64),
            crate::tr!("requests-error-json", reason = e.to_string()),
        )
    })?;
    // Embeddings, rankings and the like have no tokens streamed: no latency to read.
    if !(export.endpoint.ends_with("chat/completions") || export.endpoint.ends_with("completions"))
    {
        return Ok(None);
    }
    let chat = export.endpoint.ends_with("chat/completions");
    let mut runs = Vec::new();
    let mut before = 0;
    for (run_index, experiment) in export.experiments.iter().enumerate() {
        // An error about a request names its line (found only then: files are large).
        let line_of = |i: usize| line_of_request(text, before + i);
        runs.push(read_experiment(
            run_index as u32 + 1,
            experiment,
            chat,
            &line_of,
        )?);
        before += experiment.requests.len();
    }
    Ok((!runs.is_empty()).then_some(runs))
}

/// The line of the file's `n`th request (from 0, over every experiment): the line of its
/// `"timestamp"` key, which each request has once and nothing else has as a key (a
/// request's payload is a string, whose quotes are escaped). The first line when the
/// text holds fewer, which a file serde_json read cannot.
fn line_of_request(text: &str, n: usize) -> u64 {
    memchr::memmem::find_iter(text.as_bytes(), b"\"timestamp\"")
        .nth(n)
        .map_or(1, |at| crate::offsets::line_of(text, at))
}

fn read_experiment(
    run_index: u32,
    experiment: &Experiment,
    chat: bool,
    line_of: &dyn Fn(usize) -> u64,
) -> Result<RunRequests, ReadError> {
    let first_start = experiment.requests.iter().map(|r| r.timestamp).min();
    let mut last_response = None::<u64>;
    let mut requests = Vec::with_capacity(experiment.requests.len());
    for (i, record) in experiment.requests.iter().enumerate() {
        if record.response_timestamps.len() != record.response_outputs.len() {
            return Err((
                Some(line_of(i)),
                crate::tr!(
                    "requests-error-responses",
                    index = i as i64,
                    times = record.response_timestamps.len() as i64,
                    outputs = record.response_outputs.len() as i64
                ),
            ));
        }
        let times: Vec<u64> = record
            .response_timestamps
            .iter()
            .zip(&record.response_outputs)
            .filter(|(_, out)| has_text(&out.response, chat))
            .map(|(t, _)| *t)
            .collect();
        let (Some(&first), Some(&last)) = (times.first(), times.last()) else {
            continue;
        };
        let since_start = |t: u64, name: &str| -> Result<f64, ReadError> {
            match t.checked_sub(record.timestamp) {
                Some(d) => Ok(d as f64 / 1e6),
                None => Err((
                    Some(line_of(i)),
                    crate::tr!(
                        "requests-error-value",
                        list = name.to_owned(),
                        index = i as i64,
                        value = format!("-{}", (record.timestamp - t) as f64 / 1e6)
                    ),
                )),
            }
        };
        if times.windows(2).any(|w| w[1] < w[0]) {
            return Err((
                Some(line_of(i)),
                crate::tr!("requests-error-backwards", index = i as i64),
            ));
        }
        let gaps: Vec<f64> = times
            .windows(2)
            .map(|w| (w[1] - w[0]) as f64 / 1e6)
            .collect();
        last_response = last_response.max(Some(last));
        requests.push(Request {
            index: requests.len() as u32,
            ok: true,
            ttft_ms: Some(since_start(first, "response_timestamps")?),
            e2el_ms: Some(since_start(last, "response_timestamps")?),
            start_ms: first_start.map(|s| (record.timestamp - s) as f64 / 1e6),
            itl_ms: Some(gaps),
            ..Request::default()
        });
    }
    let duration_s = match (first_start, last_response) {
        (Some(s), Some(e)) if e > s => Some((e - s) as f64 / 1e9),
        _ => None,
    };
    Ok(RunRequests {
        run_index,
        rule: Rule::GenaiPerf,
        duration_s,
        requests: requests.into(),
    })
}

/// Whether a response carries generated text, as genai-perf decides which responses to
/// keep: the content of every `data:` event of the chunk (a chunk may hold several), or
/// of the whole body when the response was not streamed. `[DONE]` and the chat role
/// chunk carry none.
fn has_text(response: &str, chat: bool) -> bool {
    let body = response.trim();
    if !body.starts_with("data:") {
        return text_of(body, chat);
    }
    body.lines()
        .filter_map(|line| line.trim().strip_prefix("data:"))
        .map(str::trim)
        .filter(|event| *event != "[DONE]")
        .any(|event| text_of(event, chat))
}

fn text_of(json: &str, chat: bool) -> bool {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(json) else {
        return false;
    };
    let choice = &value["choices"][0];
    let text = if chat {
        choice["delta"]["content"]
            .as_str()
            .or_else(|| choice["message"]["content"].as_str())
    } else {
        choice["text"].as_str()
    };
    text.is_some_and(|t| !t.is_empty())
}
