//! Requests of AIPerf's `profile_export.jsonl` (0.13): one `MetricRecordInfo` per line
//! (aiperf/common/models/record_models.py), `{"metadata": {...}, "metrics": {NAME:
//! {"value": V, "unit": U}}, "error": {...}}`:
//!
//! - `metadata.request_start_ns`: the start (ns, wall clock); `metadata.benchmark_phase`:
//!   only `profiling` records count (warm-up records are not the run's);
//! - `time_to_first_token`, `request_latency` (E2EL), `inter_token_latency` ((latency −
//!   TTFT) / (output tokens − 1), vLLM's TPOT, `ingest/perf_labels.rs`), and
//!   `inter_chunk_latency`, the list of gaps between chunks (ITL), each with its unit;
//! - `input_sequence_length`, `output_sequence_length` (tokens); a failed record has
//!   `error_isl` and `error.message`.
//!
//! The file sits beside the run's summary (`profile_export_aiperf.json` / `.csv`), which
//! is the run; its requests are that run's.

use std::sync::LazyLock;

use memchr::memmem::Finder;
use serde::Deserialize;
use std::collections::BTreeMap;

use super::{offsets_from_first, Request, Rule, RunRequests};

#[derive(Debug, Deserialize)]
struct Record {
    #[serde(default)]
    metadata: Metadata,
    #[serde(default)]
    metrics: BTreeMap<String, Metric>,
    error: Option<ErrorDetails>,
}

#[derive(Debug, Default, Deserialize)]
struct Metadata {
    request_start_ns: Option<f64>,
    benchmark_phase: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Metric {
    value: serde_json::Value,
    unit: Option<String>,
}

#[derive(Debug, Deserialize)]
struct ErrorDetails {
    message: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    code: Option<i64>,
}

type ReadError = (Option<u64>, String);

/// The name of the requests file AIPerf writes beside its summary exports.
pub use crate::ingest::aiperf_records::FILE_NAME;

/// `Ok(None)` when the text is not AIPerf's record export.
pub fn read(text: &str) -> Result<Option<Vec<RunRequests>>, ReadError> {
    let head = &text.as_bytes()[..text.len().min(4096)];
    // guidellm's report also has `metadata` and `metrics`; AIPerf's records have
    // nanosecond request timestamps and a benchmark phase.
    static START: LazyLock<Finder<'static>> =
        LazyLock::new(|| Finder::new(b"\"request_start_ns\""));
    static PHASE: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"\"benchmark_phase\""));
    if START.find(head).is_none() || PHASE.find(head).is_none() {
        return Ok(None);
    }
    let clean = crate::ingest::sanitize_json(text);
    let mut starts = Vec::new();
    let mut requests = Vec::new();
    for (i, line) in clean.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let line_no = Some(i as u64 + 1);
        let record: Record = serde_json::from_str(line).map_err(|e| {
            (
                line_no,
                crate::tr!("requests-error-json", reason = e.to_string()),
            )
        })?;
        if record
            .metadata
            .benchmark_phase
            .as_deref()
            .is_some_and(|p| p != "profiling")
        {
            continue;
        }
        let index = requests.len();
        let bad = |name: &str, v: f64| {
            (
                line_no,
                crate::tr!(
                    "requests-error-value",
                    list = name.to_owned(),
                    index = index as i64,
                    value = crate::model::frame::format_number(v)
                ),
            )
        };
        let ms = |name: &str| -> Result<Option<f64>, ReadError> {
            let Some(m) = record.metrics.get(name) else {
                return Ok(None);
            };
            match m.value.as_f64() {
                Some(v) if v < 0.0 => Err(bad(name, v)),
                Some(v) => Ok(Some(v * to_ms(m.unit.as_deref()))),
                None => Ok(None),
            }
        };
        let tokens = |name: &str| {
            record
                .metrics
                .get(name)
                .and_then(|m| m.value.as_f64())
                .filter(|v| *v >= 0.0 && v.is_finite())
                .map(|v| v as u64)
        };
        let ok = record.error.is_none();
        let itl_ms = match record.metrics.get("inter_chunk_latency") {
            Some(m) if ok => {
                let factor = to_ms(m.unit.as_deref());
                let gaps = m.value.as_array().map(Vec::as_slice).unwrap_or(&[]);
                let mut out = Vec::with_capacity(gaps.len());
                for g in gaps {
                    match g.as_f64() {
                        Some(g) if g >= 0.0 => out.push(g * factor),
                        other => return Err(bad("inter_chunk_latency", other.unwrap_or(f64::NAN))),
                    }
                }
                Some(out)
            }
            _ => None,
        };
        let error = record.error.as_ref().map(|e| {
            e.message
                .clone()
                .or_else(|| e.kind.clone())
                .or_else(|| e.code.map(|c| c.to_string()))
                .unwrap_or_default()
        });
        starts.push(record.metadata.request_start_ns);
        requests.push(Request {
            index: index as u32,
            ok,
            error,
            input_tokens: tokens("input_sequence_length").or_else(|| tokens("error_isl")),
            output_tokens: tokens("output_sequence_length"),
            ttft_ms: if ok { ms("time_to_first_token")? } else { None },
            tpot_ms: if ok { ms("inter_token_latency")? } else { None },
            e2el_ms: if ok { ms("request_latency")? } else { None },
            start_ms: None,
            itl_ms,
            itl_mean_ms: None,
        });
    }
    if requests.is_empty() {
        return Ok(None);
    }
    for (r, start) in requests.iter_mut().zip(offsets_from_first(&starts)) {
        r.start_ms = start.map(|ns| ns / 1e6);
    }
    Ok(Some(vec![RunRequests {
        run_index: 1,
        rule: Rule::Aiperf,
        duration_s: None,
        requests: requests.into(),
    }]))
}

/// Milliseconds per unit of AIPerf's time units.
fn to_ms(unit: Option<&str>) -> f64 {
    match unit {
        Some("ns") => 1e-6,
        Some("us") => 1e-3,
        Some("s" | "sec") => 1e3,
        _ => 1.0,
    }
}
