//! evalscope `perf`'s metric names and what they are, shared by its JSON files
//! (`evalscope_json.rs`) and its console tables (`evalscope_console.rs`). Read from
//! `evalscope/perf/utils/benchmark_util.py` (`MetricsAccumulator`, `BenchmarkMetrics`),
//! `perf_constants.py` and `db_util.py` (`get_percentile_results`):
//!
//! - latency is a request's whole time, sent to last chunk (`query_latency`), in seconds;
//!   TTFT the first chunk's; TPOT `(latency − ttft) / (completion_tokens − 1)` per request
//!   (vLLM's TPOT); ITL every gap between chunks of every request, pooled (vLLM's ITL);
//! - every average and percentile is over successful requests; the duration runs from the
//!   first request's start to the last completion, and the throughputs divide by it;
//! - token counts are the server's `usage` when it sends one, else the client tokenizer's;
//! - `-1` stands for "none": an unlimited `Request Rate`, and every average of a run
//!   without a success (`-1000` once a second is made milliseconds);
//! - since 1.x the keys are `Avg TTFT (ms)` and the percentiles `TTFT (ms)`; before, they
//!   were `Average time to first token (s)` and `TTFT (s)`.

use serde_json::{Map, Value as Json};

use crate::model::Run;

/// A summary key's column and the factor to its unit.
const SUMMARY: &[(&str, &str, f64)] = &[
    // 1.x
    ("Test Duration (s)", "duration", 1.0),
    ("Concurrency", "max_concurrency", 1.0),
    ("Request Rate (req/s)", "request_rate", 1.0),
    ("Total Requests", "num_prompts", 1.0),
    ("Success Requests", "completed", 1.0),
    ("Failed Requests", "failed", 1.0),
    ("Req Throughput (req/s)", "request_throughput", 1.0),
    ("Avg Latency (s)", "mean_e2el_ms", 1000.0),
    ("Avg Input Tokens", "mean_isl", 1.0),
    ("Avg Output Tokens", "mean_osl", 1.0),
    ("Output Throughput (tok/s)", "output_throughput", 1.0),
    ("Total Throughput (tok/s)", "total_token_throughput", 1.0),
    ("Avg TTFT (ms)", "mean_ttft_ms", 1.0),
    ("Avg TPOT (ms)", "mean_tpot_ms", 1.0),
    ("Avg ITL (ms)", "mean_itl_ms", 1.0),
    // 0.x and 1.0
    ("Time taken for tests (s)", "duration", 1.0),
    ("Number of concurrency", "max_concurrency", 1.0),
    ("Request rate (req/s)", "request_rate", 1.0),
    ("Total requests", "num_prompts", 1.0),
    ("Succeed requests", "completed", 1.0),
    ("Failed requests", "failed", 1.0),
    ("Request throughput (req/s)", "request_throughput", 1.0),
    ("Average latency (s)", "mean_e2el_ms", 1000.0),
    ("Average input tokens per request", "mean_isl", 1.0),
    ("Average output tokens per request", "mean_osl", 1.0),
    ("Output token throughput (tok/s)", "output_throughput", 1.0),
    (
        "Total token throughput (tok/s)",
        "total_token_throughput",
        1.0,
    ),
    ("Average time to first token (s)", "mean_ttft_ms", 1000.0),
    ("Average time per output token (s)", "mean_tpot_ms", 1000.0),
    ("Average inter-token latency (s)", "mean_itl_ms", 1000.0),
];

/// A percentile table's metric and its family and factor to ms (tokens: 1).
const PERCENTILE: &[(&str, &str, f64)] = &[
    ("TTFT (ms)", "ttft", 1.0),
    ("TTFT (s)", "ttft", 1000.0),
    ("ITL (ms)", "itl", 1.0),
    ("ITL (s)", "itl", 1000.0),
    ("TPOT (ms)", "tpot", 1.0),
    ("TPOT (s)", "tpot", 1000.0),
    ("Latency (s)", "e2el", 1000.0),
    ("Input tokens", "isl", 1.0),
    ("Output tokens", "osl", 1.0),
];

/// Whether a key is a summary key evalscope writes (its signature in a file).
pub(super) fn is_summary_key(key: &str) -> bool {
    SUMMARY.iter().any(|(k, _, _)| *k == key)
}

/// Sets a summary value: its column when it has one, else `extra`. A negative value is
/// evalscope's "none" (an unlimited rate, an average without a success) and is left
/// out. `Input Throughput (tok/s)` is the prompt tokens over the sum of TTFTs, written
/// as 0 for generation APIs: kept in `extra` only when it is not 0.
pub(super) fn set_summary(run: &mut Run, extra: &mut Map<String, Json>, key: &str, value: f64) {
    match SUMMARY.iter().find(|(k, _, _)| *k == key) {
        Some((_, col, factor)) if value >= 0.0 => run.set_num(*col, value * factor),
        Some(_) => {}
        None if value == 0.0 && key == "Input Throughput (tok/s)" => {}
        None => {
            extra.insert(key.to_owned(), Json::from(value));
        }
    }
}

/// The column of a percentile cell: metric `TTFT (ms)` at `99%` → `p99_ttft_ms`, at `min`
/// → `min_ttft_ms`, and the value in the column's unit. `None` for a metric with no
/// column (a request's own tokens per second, `Decode (tok/s)`, ...).
pub(super) fn percentile_column(metric: &str, at: &str, value: f64) -> Option<(String, f64)> {
    let (_, family, factor) = PERCENTILE.iter().find(|(m, _, _)| *m == metric.trim())?;
    let at = at.trim();
    let stat = match at {
        "min" | "max" => at.to_owned(),
        _ => {
            let p: f64 = at.strip_suffix('%')?.trim().parse().ok()?;
            format!("p{p}")
        }
    };
    let unit = if matches!(*family, "isl" | "osl") {
        ""
    } else {
        "_ms"
    };
    Some((format!("{stat}_{family}{unit}"), value * factor))
}

/// A non-streamed request's "first token" is its whole response: evalscope then prints
/// its latency as TTFT and 0 for TPOT and ITL. Those columns say nothing of tokens and
/// are dropped when the run was not streamed.
pub(super) fn drop_unstreamed(run: &mut Run) {
    run.values.retain(|k, _| {
        !["_ttft_ms", "_tpot_ms", "_itl_ms"]
            .iter()
            .any(|family| k.ends_with(family))
    });
}

/// The load, when the rate asked for is known (`-1`: none): `--rate R` sends requests at
/// exponential gaps (`core/strategies/*.py`), at most `--parallel` in flight (`poisson`,
/// R); without it `--parallel` requests are kept in flight (`concurrent`, P).
pub(super) fn set_load(run: &mut Run, rate: Option<f64>) {
    match rate {
        Some(r) if r > 0.0 => {
            run.set_text("load_type", "poisson");
            run.set_num("load_value", r);
        }
        Some(_) => {
            if let Some(p) = run.get("max_concurrency") {
                run.set_text("load_type", "concurrent");
                run.set_num("load_value", p);
            }
        }
        None => {}
    }
}

/// `extra` into its column when not empty.
pub(super) fn set_extra(run: &mut Run, extra: Map<String, Json>) {
    if !extra.is_empty() {
        run.set_text("extra", Json::Object(extra).to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentile_columns_in_their_units() {
        let (col, v) = percentile_column("TTFT (s)", "99%", 0.5283).unwrap();
        assert_eq!(col, "p99_ttft_ms");
        assert!((v - 528.3).abs() < 1e-9);
        assert_eq!(
            percentile_column("TTFT (ms)", "min", 22.7426),
            Some(("min_ttft_ms".into(), 22.7426))
        );
        assert_eq!(
            percentile_column("Input tokens", "50%", 94.0),
            Some(("p50_isl".into(), 94.0))
        );
        assert_eq!(percentile_column("Decode (tok/s)", "50%", 1.0), None);
        assert_eq!(percentile_column("TTFT (ms)", "median", 1.0), None);
    }
}
