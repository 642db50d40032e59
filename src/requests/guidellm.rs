//! Requests of guidellm's `benchmarks.json` (0.8): each benchmark keeps its requests per
//! status, `requests.successful` / `errored` / `incomplete`, each a
//! `generative_request_stats` object (`src/guidellm/schemas/request_stats.py`):
//!
//! - `request_start_time` (epoch seconds), `request_latency` (seconds, end − start);
//! - `time_to_first_token_ms`; `inter_token_latency_ms` = (last token − first token) /
//!   (output tokens − 1), which is vLLM's TPOT (see `ingest/guidellm_summary.rs`); guidellm
//!   keeps no gaps between chunks, so ITL stays null;
//! - `prompt_tokens`, `output_tokens`; `info.error` for a failed request.
//!
//! Requests are listed in the order they started (guidellm groups them by status); a
//! benchmark is the run of the same position in the runs frame.

use std::sync::LazyLock;

use memchr::memmem::Finder;
use serde::Deserialize;

use super::{offsets_from_first, Request, Rule, RunRequests};

#[derive(Debug, Deserialize)]
struct Report {
    benchmarks: Vec<Benchmark>,
}

#[derive(Debug, Deserialize)]
struct Benchmark {
    requests: Option<ByStatus>,
    duration: Option<f64>,
}

#[derive(Debug, Deserialize)]
struct ByStatus {
    #[serde(default)]
    successful: Vec<Stats>,
    #[serde(default)]
    errored: Vec<Stats>,
    #[serde(default)]
    incomplete: Vec<Stats>,
}

#[derive(Debug, Deserialize)]
struct Stats {
    request_start_time: Option<f64>,
    request_latency: Option<f64>,
    prompt_tokens: Option<f64>,
    output_tokens: Option<f64>,
    time_to_first_token_ms: Option<f64>,
    inter_token_latency_ms: Option<f64>,
    info: Option<Info>,
}

#[derive(Debug, Deserialize)]
struct Info {
    error: Option<String>,
}

type ReadError = (Option<u64>, String);

pub fn read(text: &str) -> Result<Option<Vec<RunRequests>>, ReadError> {
    let bytes = text.as_bytes();
    static BENCHMARKS: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"\"benchmarks\""));
    static STATS: LazyLock<Finder<'static>> =
        LazyLock::new(|| Finder::new(b"generative_request_stats"));
    if BENCHMARKS.find(bytes).is_none() || STATS.find(bytes).is_none() {
        return Ok(None);
    }
    let clean = crate::ingest::sanitize_json(text);
    let report: Report = serde_json::from_str(&clean).map_err(|e| {
        (
            (e.line() > 0).then_some(e.line() as u64),
            crate::tr!("requests-error-json", reason = e.to_string()),
        )
    })?;
    let mut runs = Vec::new();
    for (run_index, b) in report.benchmarks.into_iter().enumerate() {
        let Some(by) = b.requests else { continue };
        let mut all: Vec<(bool, Stats)> = by
            .successful
            .into_iter()
            .map(|s| (true, s))
            .chain(
                by.errored
                    .into_iter()
                    .chain(by.incomplete)
                    .map(|s| (false, s)),
            )
            .collect();
        // Stable: requests without a start keep their status order, after the others.
        all.sort_by(|a, b| {
            let key = |s: &Stats| s.request_start_time.filter(|t| t.is_finite());
            match (key(&a.1), key(&b.1)) {
                (Some(x), Some(y)) => x.total_cmp(&y),
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => std::cmp::Ordering::Equal,
            }
        });
        let starts: Vec<Option<f64>> = all.iter().map(|(_, s)| s.request_start_time).collect();
        let offsets = offsets_from_first(&starts);
        let mut requests = Vec::with_capacity(all.len());
        for (i, (ok, s)) in all.into_iter().enumerate() {
            let ms = |x: Option<f64>, name: &str| match x {
                Some(x) if x < 0.0 => Err((None, bad_value(name, i, x))),
                other => Ok(other),
            };
            let error = s.info.and_then(|i| i.error).filter(|e| !e.is_empty());
            requests.push(Request {
                index: i as u32,
                ok,
                error: if ok { None } else { error },
                input_tokens: count(s.prompt_tokens),
                output_tokens: count(s.output_tokens),
                ttft_ms: ms(
                    s.time_to_first_token_ms.filter(|_| ok),
                    "time_to_first_token_ms",
                )?,
                tpot_ms: ms(
                    s.inter_token_latency_ms.filter(|_| ok),
                    "inter_token_latency_ms",
                )?,
                e2el_ms: ms(s.request_latency.filter(|_| ok), "request_latency")?
                    .map(|x| x * 1000.0),
                start_ms: offsets[i].map(|x| x * 1000.0),
                itl_ms: None,
                itl_mean_ms: None,
            });
        }
        runs.push(RunRequests {
            run_index: run_index as u32 + 1,
            rule: Rule::Guidellm,
            duration_s: b.duration.filter(|d| d.is_finite() && *d > 0.0),
            requests: requests.into(),
        });
    }
    Ok((!runs.is_empty()).then_some(runs))
}

fn count(x: Option<f64>) -> Option<u64> {
    x.filter(|x| *x >= 0.0 && x.is_finite()).map(|x| x as u64)
}

fn bad_value(list: &str, index: usize, value: f64) -> String {
    crate::tr!(
        "requests-error-value",
        list = list.to_owned(),
        index = index as i64,
        value = crate::model::frame::format_number(value)
    )
}
