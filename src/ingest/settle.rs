//! Rules every run obeys whatever reader made it, applied once after reading
//! ([`super::read_source`]), so that no reader can forget them:
//! - A run with zero successful requests has null latencies and token rates (`metrics.md`),
//!   whatever placeholder the tool printed: vLLM prints `0.00` for every latency of an
//!   all-failed run, guidellm writes `0.0` rates. `completed` stays 0 and `failed` as
//!   printed; counts, totals and the duration are facts and stay too.
//! - A run holds at least one metric value. A result whose every value is missing or
//!   `N/A` is an error at its line, never a run of nulls.

use fluent_bundle::FluentValue;
use rayon::prelude::*;

use super::reader::{ParseError, Parsed};
use crate::l10n;
use crate::model::schema::IDENTITY;
use crate::model::{Run, Value};

/// Columns that describe the setup asked for rather than a measurement: a run holding only
/// these holds no metric.
const SETUP: [&str; 3] = ["request_rate", "max_concurrency", "extra"];

/// Token rates and values derived from successful requests' timings, beside the latency
/// distributions (every `*_ms` column): undefined when no request succeeded. The request
/// throughput is not among them: 0 successful requests per second is what happened.
const FROM_SUCCESSES: [&str; 6] = [
    "input_throughput",
    "output_throughput",
    "total_token_throughput",
    "max_output_tokens_per_s",
    "max_concurrent_requests",
    // SGLang's mean concurrency: the sum of the successful requests' latencies over the
    // duration.
    "concurrency",
];

/// Whether `col` only has a value when some request succeeded.
fn needs_successes(col: &str) -> bool {
    col.ends_with("_ms")
        || FROM_SUCCESSES.contains(&col)
        // Per-request token counts of successful requests (genai-perf, AIPerf, guidellm).
        || col.ends_with("_isl")
        || col.ends_with("_osl")
        || (col.starts_with("spec_decode_") && col.contains("acceptance"))
}

/// Nulls what an all-failed run cannot have measured.
fn null_without_successes(run: &mut Run) {
    if completed(run) != Some(0.0) {
        return;
    }
    for (col, value) in run.values.iter_mut() {
        if needs_successes(col) {
            *value = Value::Null;
        }
    }
}

/// The run's `completed` count, found by reading its values from the first: they sort
/// by name and few come before it. A binary search read cache lines all over the values
/// of a run no longer in the cache (`perf`: a tenth of a large log's ingest).
fn completed(run: &Run) -> Option<f64> {
    for (col, value) in run.values.iter() {
        match col.as_ref().cmp("completed") {
            std::cmp::Ordering::Less => continue,
            std::cmp::Ordering::Equal => return value.as_f64(),
            std::cmp::Ordering::Greater => return None,
        }
    }
    None
}

/// Whether the run holds a number in a column that measures something.
fn has_metric(run: &Run) -> bool {
    run.values.iter().any(|(col, value)| {
        matches!(value, Value::Num(_) | Value::List(_))
            && !IDENTITY.contains(&col.as_ref())
            && !SETUP.contains(&col.as_ref())
    })
}

/// Applies the rules to one file's runs; the first run without a metric is an error.
/// A log of many blocks is settled on every core: one file's runs otherwise waited on
/// one thread after its parallel read.
pub fn settle(parsed: &mut Parsed) -> Result<(), ParseError> {
    let bad = parsed
        .runs
        .par_iter_mut()
        .with_min_len(1024)
        .position_first(|run| {
            run.values.shrink_to_fit();
            null_without_successes(run);
            !has_metric(run)
        });
    let Some(run) = bad.map(|i| &parsed.runs[i]) else {
        return Ok(());
    };
    // A whole-file result has no line of its own: it starts on the first.
    Err(ParseError::new(
        Some(run.line.unwrap_or(1)),
        l10n::ui_tr(
            "input-no-metric",
            &[("format", FluentValue::from(run.format.as_str()))],
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Format;

    fn run(values: &[(&str, f64)]) -> Run {
        let mut r = Run::new(Format::VllmServeText, Some(3));
        for (k, v) in values {
            r.set_num(k.to_string(), *v);
        }
        r
    }

    #[test]
    fn an_all_failed_run_keeps_counts_and_loses_placeholders() {
        let mut parsed = Parsed::default();
        parsed.runs.push(run(&[
            ("completed", 0.0),
            ("failed", 10.0),
            ("duration", 1.5),
            ("total_output_tokens", 0.0),
            ("request_throughput", 0.0),
            ("output_throughput", 0.0),
            ("mean_ttft_ms", 0.0),
            ("p99.9_e2el_ms", 0.0),
            ("mean_osl", 0.0),
        ]));
        settle(&mut parsed).unwrap();
        let r = &parsed.runs[0];
        assert_eq!(r.get("completed"), Some(0.0));
        assert_eq!(r.get("failed"), Some(10.0));
        assert_eq!(r.get("duration"), Some(1.5));
        assert_eq!(r.get("total_output_tokens"), Some(0.0));
        assert_eq!(r.get("request_throughput"), Some(0.0));
        for col in [
            "output_throughput",
            "mean_ttft_ms",
            "p99.9_e2el_ms",
            "mean_osl",
        ] {
            assert_eq!(r.values.get(col), Some(&Value::Null), "{col}");
        }
    }

    #[test]
    fn a_successful_run_keeps_its_zeros() {
        let mut parsed = Parsed::default();
        parsed
            .runs
            .push(run(&[("completed", 4.0), ("p99_itl_ms", 0.0)]));
        settle(&mut parsed).unwrap();
        assert_eq!(parsed.runs[0].get("p99_itl_ms"), Some(0.0));
    }

    #[test]
    fn a_run_of_nulls_is_an_error_at_its_line() {
        let mut parsed = Parsed::default();
        let mut r = run(&[("request_rate", 20.0)]);
        r.set_opt("mean_ttft_ms", None);
        r.set_text("backend", "vllm");
        parsed.runs.push(r);
        let e = settle(&mut parsed).unwrap_err();
        assert_eq!(e.line, Some(3));
        assert!(e.message.contains("vllm-serve-text"), "{}", e.message);
    }
}
