//! Requests of inference-perf's `per_request_lifecycle_metrics.json` (written with
//! `report.request_lifecycle.per_request: true`), for the run of each stage report beside
//! it (`stage_N_lifecycle_metrics.json`).
//!
//! The records name no stage: each is `{start_time, end_time, request, response, info,
//! computed_metrics, error}`, times on the client's monotonic clock, listed in completion
//! order. inference-perf sends its stages one after the other, so in order of
//! `start_time` the first `load_summary.count` records are stage 0's, the next stage 1's,
//! and so on. When the counts of the stage reports do not add up to the records, no
//! stage gets requests (a wrong assignment would be worse than none).
//!
//! Per record, in seconds in the file: `computed_metrics.time_to_first_token`,
//! `time_per_output_token`, `request_latency`, `inter_token_latencies` (the gaps),
//! `input_tokens` and `output_tokens`; a failed request has `error` and no
//! `computed_metrics`.

use std::path::Path;

use serde::Deserialize;

use super::{offsets_from_first, Request, Rule, RunRequests};
use crate::{Error, Result};

/// The per-request export's name.
pub const FILE_NAME: &str = "per_request_lifecycle_metrics.json";

#[derive(Deserialize)]
struct Record {
    start_time: Option<f64>,
    #[serde(default)]
    computed_metrics: Option<Computed>,
    #[serde(default)]
    error: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct Computed {
    request_latency: Option<f64>,
    time_to_first_token: Option<f64>,
    time_per_output_token: Option<f64>,
    #[serde(default)]
    inter_token_latencies: Option<Vec<f64>>,
    input_tokens: Option<u64>,
    output_tokens: Option<u64>,
}

#[derive(Deserialize)]
struct StageReport {
    load_summary: Option<LoadSummary>,
    benchmark_time_seconds: Option<f64>,
}

#[derive(Deserialize)]
struct LoadSummary {
    count: Option<u64>,
}

/// The stage number of a stage report's file name (`stage_2_lifecycle_metrics.json`).
fn stage_of(path: &Path) -> Option<usize> {
    let name = path.file_name()?.to_str()?;
    name.strip_prefix("stage_")?
        .strip_suffix("_lifecycle_metrics.json")?
        .parse()
        .ok()
}

/// The requests of the stage report at `path`, when the per-request export is beside it;
/// `Ok(None)` when `path` is not a stage report or has no export beside it.
pub fn for_stage(path: &Path) -> Result<Option<Vec<RunRequests>>> {
    let Some(stage) = stage_of(path) else {
        return Ok(None);
    };
    let records_path = path.with_file_name(FILE_NAME);
    if !records_path.is_file() {
        return Ok(None);
    }
    // Each stage's count of requests sent, in stage order, from the reports beside it.
    let mut counts = Vec::new();
    let mut duration = None;
    for n in 0.. {
        let report = path.with_file_name(format!("stage_{n}_lifecycle_metrics.json"));
        if !report.is_file() {
            break;
        }
        let text = std::fs::read_to_string(&report).map_err(|e| Error::io(&report, e))?;
        let parsed: StageReport = serde_json::from_str(&text)
            .map_err(|e| Error::parse(&report, Some(e.line() as u64), e.to_string()))?;
        let Some(count) = parsed.load_summary.and_then(|l| l.count) else {
            return Ok(None);
        };
        if n == stage {
            duration = parsed.benchmark_time_seconds;
        }
        counts.push(count as usize);
    }
    if stage >= counts.len() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&records_path).map_err(|e| Error::io(&records_path, e))?;
    let mut records: Vec<Record> = serde_json::from_str(&text)
        .map_err(|e| Error::parse(&records_path, Some(e.line() as u64), e.to_string()))?;
    if records.len() != counts.iter().sum::<usize>()
        || records.iter().any(|r| r.start_time.is_none())
    {
        return Ok(None);
    }
    records.sort_by(|a, b| {
        a.start_time
            .unwrap_or(0.0)
            .total_cmp(&b.start_time.unwrap_or(0.0))
    });
    let first: usize = counts[..stage].iter().sum();
    let mine = &records[first..first + counts[stage]];
    let starts = offsets_from_first(&mine.iter().map(|r| r.start_time).collect::<Vec<_>>());
    let ms = |s: Option<f64>| s.filter(|s| s.is_finite()).map(|s| s * 1000.0);
    let requests = mine
        .iter()
        .zip(starts)
        .enumerate()
        .map(|(i, (r, start))| {
            let ok = r.error.as_ref().is_none_or(serde_json::Value::is_null);
            let c = r.computed_metrics.as_ref();
            Request {
                index: i as u32,
                ok,
                error: (!ok).then(|| error_text(r.error.as_ref())),
                input_tokens: c.and_then(|c| c.input_tokens),
                output_tokens: c.and_then(|c| c.output_tokens),
                ttft_ms: c.and_then(|c| ms(c.time_to_first_token)),
                tpot_ms: c.and_then(|c| ms(c.time_per_output_token)),
                e2el_ms: c.and_then(|c| ms(c.request_latency)),
                start_ms: ms(start),
                itl_ms: c
                    .and_then(|c| c.inter_token_latencies.as_ref())
                    .map(|g| g.iter().map(|s| s * 1000.0).collect()),
                itl_mean_ms: None,
            }
        })
        .collect();
    Ok(Some(vec![RunRequests {
        run_index: 1,
        rule: Rule::Numpy,
        duration_s: duration,
        requests,
    }]))
}

/// The error's message, else the error as JSON.
fn error_text(error: Option<&serde_json::Value>) -> String {
    match error {
        Some(serde_json::Value::Object(o)) => {
            o.get("message").and_then(|m| m.as_str()).map_or_else(
                || serde_json::Value::Object(o.clone()).to_string(),
                str::to_owned,
            )
        }
        Some(other) => other.to_string(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIR: &str = "fixtures/inference-perf/0.7.0-per-request-2stages-failures/run-per-request";

    /// Each stage's requests, assigned by send order, give back the stage report's own
    /// counts and latency statistics (inference-perf computes them with numpy).
    #[test]
    fn each_stage_gets_its_own_requests() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR);
        for (stage, sent, failed) in [(0, 12, 3), (1, 16, 2)] {
            let path = root.join(format!("stage_{stage}_lifecycle_metrics.json"));
            let runs = for_stage(&path).unwrap().unwrap();
            let rr = &runs[0];
            assert_eq!(rr.requests.len(), sent, "stage {stage}");
            assert_eq!(
                rr.requests.iter().filter(|r| !r.ok).count(),
                failed,
                "stage {stage}"
            );
            let report: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let latency = &report["successes"]["latency"];
            let ok: Vec<Request> = rr.requests.iter().filter(|r| r.ok).collect();
            let mean = |f: fn(&Request) -> Option<f64>| {
                ok.iter().filter_map(f).sum::<f64>() / ok.len() as f64
            };
            let want = |k: &str| latency[k]["mean"].as_f64().unwrap() * 1000.0;
            assert!((mean(|r| r.ttft_ms) - want("time_to_first_token")).abs() < 1e-9);
            assert!((mean(|r| r.e2el_ms) - want("request_latency")).abs() < 1e-9);
            assert!((mean(|r| r.tpot_ms) - want("time_per_output_token")).abs() < 1e-9);
        }
    }

    #[test]
    fn a_file_that_is_not_a_stage_report_has_no_requests_here() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR);
        assert!(for_stage(&root.join("summary_lifecycle_metrics.json"))
            .unwrap()
            .is_none());
    }
}
