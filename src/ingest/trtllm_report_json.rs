//! TensorRT-LLM's `trtllm-bench throughput|latency --report_json FILE`: the dictionary the
//! console report is printed from (`ReportUtility.get_statistics_dict` in
//! `tensorrt_llm/bench/dataclasses/reporting.py`), written whole with `json.dumps`. One
//! file is one run, format `trtllm-bench-json`; the console reader (`trtllm_bench.rs`)
//! gives the same numbers rounded to four decimals.
//!
//! ```text
//! engine          model, model_path, engine_dir, version, backend (TRT | Pytorch), dtype,
//!                 kv_cache_dtype, quantization[, max_input_length, max_sequence_length]
//! machine         name, memory.total, clocks.mem (null without a GPU)
//! world_info      tp_size, pp_size, ep_size, world_size, max_batch_size, max_num_tokens,
//!                 scheduling_policy, kv_cache_percentage, issue_rate
//! request_info    num_requests, avg_num_concurrent_requests, avg_input_length, avg_output_length
//! performance     total_latency_ms, avg_request_latency_ms, request_throughput_req_s,
//!                 system_output_throughput_tok_s, system_total_throughput_tok_s,
//!                 output_throughput_per_user_tok_s, output_throughput_per_gpu_tok_s,
//!                 request_latency_percentiles_ms {p50, p90, p95, p99, minimum, maximum, average}
//! streaming_metrics (--streaming) token_output_speed_tok_s, avg_ttft_ms, avg_tpot_ms,
//!                 tpot_percentiles, ttft_percentiles, gen_tps_percentiles
//! decoding_stats  (speculative decoding) the draft-token statistics
//! dataset         isl_stats, osl_stats, seq_len_stats, num_requests, dataset_path, avg_isl …
//! ```
//!
//! What the numbers are (`statistics.py`): the same as the console's (`trtllm_bench.rs`).
//! `request_info.num_requests` counts the requests that finished (the benchmark waits for
//! every one it sent), `dataset.num_requests` the dataset's, which trtllm-bench sends
//! whole: the first is `completed`, the second `num_prompts`. It writes no failed count,
//! nor the `--concurrency` it was given (`avg_num_concurrent_requests` is the mean in
//! flight, `concurrency`); those columns stay null. Percentiles are nearest rank.

use serde_json::{Map, Value as Json};

use super::json_lenient::{holds, line_of_key, number_of, signed_object, type_mismatch};
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use crate::model::{Format, Run};

/// `(section, key)` → column; the factor to the column's unit.
const VALUES: &[(&str, &str, &str, f64)] = &[
    ("request_info", "num_requests", "completed", 1.0),
    (
        "request_info",
        "avg_num_concurrent_requests",
        "concurrency",
        1.0,
    ),
    ("request_info", "avg_input_length", "mean_isl", 1.0),
    ("request_info", "avg_output_length", "mean_osl", 1.0),
    ("performance", "total_latency_ms", "duration", 1e-3),
    ("performance", "avg_request_latency_ms", "mean_e2el_ms", 1.0),
    (
        "performance",
        "request_throughput_req_s",
        "request_throughput",
        1.0,
    ),
    (
        "performance",
        "system_output_throughput_tok_s",
        "output_throughput",
        1.0,
    ),
    (
        "performance",
        "system_total_throughput_tok_s",
        "total_token_throughput",
        1.0,
    ),
    ("streaming_metrics", "avg_ttft_ms", "mean_ttft_ms", 1.0),
    ("streaming_metrics", "avg_tpot_ms", "mean_tpot_ms", 1.0),
    ("dataset", "num_requests", "num_prompts", 1.0),
    ("world_info", "tp_size", "tensor_parallel_size", 1.0),
    ("world_info", "pp_size", "pipeline_parallel_size", 1.0),
    ("world_info", "ep_size", "expert_parallel_size", 1.0),
    ("world_info", "world_size", "gpu_count", 1.0),
    ("world_info", "max_batch_size", "max_num_seqs", 1.0),
    (
        "world_info",
        "max_num_tokens",
        "max_num_batched_tokens",
        1.0,
    ),
];

/// `(section, key)` → text column.
const TEXTS: &[(&str, &str, &str)] = &[
    ("engine", "model", "model_id"),
    ("engine", "version", "engine_version"),
    ("engine", "dtype", "dtype"),
    ("engine", "quantization", "quantization"),
    ("engine", "kv_cache_dtype", "kv_cache_dtype"),
    ("machine", "name", "gpu_type"),
    ("dataset", "dataset_path", "dataset"),
];

/// Percentile objects (ms) and the family they are statistics of.
const PERCENTILES: &[(&str, &str, &str)] = &[
    ("performance", "request_latency_percentiles_ms", "e2el"),
    ("streaming_metrics", "tpot_percentiles", "tpot"),
    ("streaming_metrics", "ttft_percentiles", "ttft"),
];

/// Values kept as written in `extra`: per-user and per-GPU rates, the scheduler, the
/// speculative decoding statistics.
const EXTRA: &[(&str, &str)] = &[
    ("performance", "output_throughput_per_user_tok_s"),
    ("performance", "output_throughput_per_gpu_tok_s"),
    ("streaming_metrics", "token_output_speed_tok_s"),
    ("world_info", "scheduling_policy"),
    ("world_info", "kv_cache_percentage"),
    ("world_info", "issue_rate"),
    ("engine", "max_input_length"),
    ("engine", "max_sequence_length"),
];

pub struct TrtllmReportJsonReader;

impl Reader for TrtllmReportJsonReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::TrtllmBenchJson]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text.trim_start_matches('\u{feff}');
        let signed = |t: &[u8]| {
            holds(t, "\"request_info\"")
                && holds(t, "\"world_info\"")
                && holds(t, "\"request_throughput_req_s\"")
        };
        let expected = |error| crate::msg!("ingest-expect-trtllm-report", error = error);
        let Some(obj) = signed_object(source, signed, expected)? else {
            return Ok(None);
        };
        let section = |name: &str| obj.get(name).and_then(Json::as_object);
        let number = |key: &str, value: &Json| {
            number_of(value).map_err(|found| {
                ParseError::new(
                    line_of_key(text, 1, key),
                    type_mismatch(key, "input-type-number", found),
                )
            })
        };
        let mut run = Run::new(Format::TrtllmBenchJson, None);
        for (sec, key, column, factor) in VALUES {
            if let Some(value) = section(sec).and_then(|s| s.get(*key)) {
                if let Some(v) = number(key, value)? {
                    run.set_num(*column, v * factor);
                }
            }
        }
        for (sec, key, column) in TEXTS {
            let value = section(sec).and_then(|s| s.get(*key));
            if let Some(s) = value.and_then(Json::as_str).filter(|s| !s.is_empty()) {
                run.set_text(*column, s);
            }
        }
        for (sec, key, family) in PERCENTILES {
            let Some(stats) = section(sec)
                .and_then(|s| s.get(*key))
                .and_then(Json::as_object)
            else {
                continue;
            };
            for (stat, value) in stats {
                let Some(stat) = statistic(stat) else {
                    continue;
                };
                if let Some(v) = number(stat, value)? {
                    run.set_num(format!("{stat}_{family}_ms"), v);
                }
            }
        }
        if let Some(dataset) = section("dataset") {
            // The dataset's mean lengths are the workload trtllm-bench was given.
            for (key, column) in [("isl_stats", "input_len"), ("osl_stats", "output_len")] {
                let mean = dataset.get(key).and_then(|s| s.get("average"));
                if let Some(v) = mean.map(|m| number(key, m)).transpose()?.flatten() {
                    run.set_num(column, v);
                }
            }
        }
        match section("engine")
            .and_then(|e| e.get("backend"))
            .and_then(Json::as_str)
        {
            Some("TRT") => run.set_text("backend", "tensorrt"),
            Some(b) if b.eq_ignore_ascii_case("pytorch") => run.set_text("backend", "pytorch"),
            Some(other) => run.set_text("backend", other.to_ascii_lowercase()),
            None => {}
        }
        run.set_text("engine", "trtllm");
        // `streaming_metrics` is written only under `--streaming`.
        run.set_num(
            "streaming",
            f64::from(u8::from(section("streaming_metrics").is_some())),
        );
        let mut extra = Map::new();
        for (sec, key) in EXTRA {
            if let Some(v) = section(sec)
                .and_then(|s| s.get(*key))
                .filter(|v| !v.is_null())
            {
                extra.insert((*key).to_owned(), v.clone());
            }
        }
        if let Some(decoding) = obj.get("decoding_stats").filter(|v| !v.is_null()) {
            extra.insert("decoding_stats".to_owned(), decoding.clone());
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

/// `PercentileStats`' keys as the statistic prefixes of the columns.
fn statistic(key: &str) -> Option<&str> {
    match key {
        "minimum" => Some("min"),
        "maximum" => Some("max"),
        "average" => Some("mean"),
        p if p.starts_with('p') && p[1..].parse::<f64>().is_ok() => Some(p),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::statistic;

    #[test]
    fn statistics_of_percentile_keys() {
        assert_eq!(statistic("average"), Some("mean"));
        assert_eq!(statistic("p90"), Some("p90"));
        assert_eq!(statistic("maximum"), Some("max"));
        assert_eq!(statistic("pending"), None);
    }
}
