//! inference-perf's request-lifecycle reports, read as `inference_perf/reportgen/base.py`
//! writes them into the run's storage folder:
//!
//! ```text
//! REPORTS/
//!   config.yaml                         the run's configuration
//!   stage_0_lifecycle_metrics.json      one report per load stage (`report.request_lifecycle.per_stage`)
//!   stage_1_lifecycle_metrics.json
//!   summary_lifecycle_metrics.json      every stage's requests together
//!   per_request_lifecycle_metrics.json  one record per request (a list; not a run)
//!   adapter_<name>[_stage_N]_lifecycle_metrics.json   a LoRA adapter's share (not a run)
//! ```
//!
//! Each stage report is a run of its own: one load level of the sweep, with its `stage`
//! number as a column. The summary mixes the stages' load levels, so it is no run when
//! its stage reports lie beside it; without them (a one-stage run written with
//! `per_stage: false`) it is the run.
//!
//! A report is `{"load_summary": …, "successes": …, "failures": …}`: what was sent (the
//! request count, for rate stages `requested_rate` and `achieved_rate`, for concurrent
//! stages `concurrency`), then the latencies of the requests that succeeded in seconds
//! (`successes.latency.time_to_first_token.{mean,median,p99,…}`) and their throughputs.
//! A concurrent stage's `requested_rate` is computed by inference-perf after the fact
//! (requests over duration), not asked for, so such a stage has `max_concurrency` and no
//! `request_rate`.

use serde_json::{Map, Value as Json};

use super::json_lenient;
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use crate::model::{Format, Run};

pub struct InferencePerfReader;

/// inference-perf's latency names and the canonical families; its values are seconds.
const LATENCIES: [(&str, &str); 5] = [
    ("time_to_first_token", "ttft"),
    ("time_per_output_token", "tpot"),
    ("inter_token_latency", "itl"),
    ("request_latency", "e2el"),
    // Request latency over the output tokens, TTFT included.
    ("normalized_time_per_output_token", "e2el_per_token"),
];

/// `successes.throughput` keys and their columns.
const THROUGHPUTS: [(&str, &str); 4] = [
    ("requests_per_sec", "request_throughput"),
    ("input_tokens_per_sec", "input_throughput"),
    ("output_tokens_per_sec", "output_throughput"),
    ("total_tokens_per_sec", "total_token_throughput"),
];

impl Reader for InferencePerfReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::InferencePerfJson]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let name = source.file_name();
        let Some(stem) = name.strip_suffix("lifecycle_metrics.json") else {
            return Ok(None);
        };
        let text = source.text.trim_start_matches('\u{feff}');
        let has = |needle: &str| memchr::memmem::find(text.as_bytes(), needle.as_bytes()).is_some();
        if !text.trim_start().starts_with('{') || !has("\"load_summary\"") {
            return Ok(None);
        }
        let stage = stage_of(stem);
        let is_summary = stem == "summary_";
        if stage.is_none() && !is_summary {
            // An adapter's share of the requests: part of a run, not one.
            return Ok(Some(Parsed::default()));
        }
        if is_summary && has_stage_reports(source.path) {
            return Ok(Some(Parsed::default()));
        }
        let obj = match json_lenient::parse(text) {
            Ok(Json::Object(obj)) => obj,
            Ok(_) => {
                return Err(ParseError::new(
                    Some(1),
                    crate::tr!("ingest-expect-inference-perf-object"),
                ))
            }
            Err((line, msg)) => {
                return Err(ParseError::new(
                    Some(line),
                    crate::tr!("ingest-expect-inference-perf", error = msg),
                ))
            }
        };
        let mut run = report_run(text, &obj)?;
        if let Some(n) = stage {
            run.set_num("stage", n as f64);
        }
        Ok(Some(Parsed {
            runs: vec![run],
            warnings: vec![],
        }))
    }
}

/// `stage_3_` → 3.
fn stage_of(stem: &str) -> Option<u32> {
    stem.strip_prefix("stage_")?.strip_suffix('_')?.parse().ok()
}

fn has_stage_reports(summary: &std::path::Path) -> bool {
    let Some(dir) = summary.parent() else {
        return false;
    };
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let n = e.file_name();
            let n = n.to_string_lossy();
            n.strip_suffix("lifecycle_metrics.json")
                .and_then(stage_of)
                .is_some()
        })
    })
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

/// The number at `path`: absent and null are no value; another type is an error naming
/// the key and its line.
fn number(text: &str, obj: &Map<String, Json>, path: &[&str]) -> Result<Option<f64>, ParseError> {
    let Some(v) = at(obj, path) else {
        return Ok(None);
    };
    json_lenient::number_of(v).map_err(|found| {
        let key = path.join(".");
        let last = path.last().copied().unwrap_or_default();
        ParseError::new(
            json_lenient::line_of_key(text, 1, last).or(Some(1)),
            json_lenient::type_mismatch(&key, json_lenient::NUMBER, found),
        )
    })
}

/// A statistic's canonical name: `median`, `mean`, `min`, `max`, `p99`, `p99.9`.
fn statistic(stat: &str) -> Option<&str> {
    match stat {
        "mean" | "median" | "min" | "max" => Some(stat),
        _ => stat
            .strip_prefix('p')
            .filter(|n| !n.is_empty() && n.parse::<f64>().is_ok())
            .map(|_| stat),
    }
}

fn report_run(text: &str, obj: &Map<String, Json>) -> Result<Run, ParseError> {
    let mut run = Run::new(Format::InferencePerfJson, None);
    let num = |path: &[&str]| number(text, obj, path);
    let put = |run: &mut Run, column: &str, v: Option<f64>| {
        if let Some(v) = v {
            run.set_num(column.to_owned(), v);
        }
    };
    put(&mut run, "num_prompts", num(&["load_summary", "count"])?);
    put(&mut run, "completed", num(&["successes", "count"])?);
    // A report without failures has `failures.count` 0; absent means not said.
    put(&mut run, "failed", num(&["failures", "count"])?);
    put(&mut run, "duration", num(&["benchmark_time_seconds"])?);
    let concurrency = num(&["load_summary", "concurrency"])?;
    put(&mut run, "max_concurrency", concurrency);
    if concurrency.is_none() {
        put(
            &mut run,
            "request_rate",
            num(&["load_summary", "requested_rate"])?,
        );
    }
    put(
        &mut run,
        "achieved_rate",
        num(&["load_summary", "achieved_rate"])?,
    );
    for (key, column) in THROUGHPUTS {
        put(&mut run, column, num(&["successes", "throughput", key])?);
    }
    put(
        &mut run,
        "total_input_tokens",
        num(&["successes", "prompt_tokens", "total"])?,
    );
    put(
        &mut run,
        "total_output_tokens",
        num(&["successes", "output_tokens", "total"])?,
    );
    for (key, family) in LATENCIES {
        let Some(Json::Object(stats)) = at(obj, &["successes", "latency", key]) else {
            continue;
        };
        for stat in stats.keys() {
            let Some(stat) = statistic(stat) else {
                continue;
            };
            let v = num(&["successes", "latency", key, stat])?;
            put(
                &mut run,
                &format!("{stat}_{family}_ms"),
                v.map(|s| s * 1000.0),
            );
        }
    }
    // Token counts per request: prompt tokens are the input, output tokens the output.
    for (key, family) in [("prompt_tokens", "isl"), ("output_tokens", "osl")] {
        for stat in ["mean", "median"] {
            let v = num(&["successes", key, stat])?;
            put(&mut run, &format!("{stat}_{family}"), v);
        }
    }
    if run.get("completed").is_none() && run.get("num_prompts").is_none() {
        return Err(ParseError::new(
            Some(1),
            crate::tr!("ingest-expect-inference-perf-count"),
        ));
    }
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    const DIR: &str = "fixtures/inference-perf/0.7.0-run4-constant-3stages";

    fn read(name: &str) -> Option<Parsed> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR).join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        InferencePerfReader
            .read(&Source::new(&path, &text))
            .unwrap()
    }

    fn raw(name: &str) -> Json {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR).join(name);
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    #[test]
    fn each_stage_is_a_run_with_its_rate_in_milliseconds() {
        for (n, rate) in [(0, 2.0), (1, 5.0), (2, 10.0)] {
            let name = format!("stage_{n}_lifecycle_metrics.json");
            let parsed = read(&name).unwrap();
            assert_eq!(parsed.runs.len(), 1);
            let r = &parsed.runs[0];
            let j = raw(&name);
            assert_eq!(r.format, Format::InferencePerfJson);
            assert_eq!(r.get("stage"), Some(n as f64));
            assert_eq!(r.get("request_rate"), Some(rate));
            assert!(r.get("max_concurrency").is_none());
            let s = &j["successes"];
            assert_eq!(r.get("completed"), s["count"].as_f64());
            assert_eq!(r.get("failed"), j["failures"]["count"].as_f64());
            assert_eq!(
                r.get("p99_ttft_ms"),
                Some(s["latency"]["time_to_first_token"]["p99"].as_f64().unwrap() * 1000.0)
            );
            assert_eq!(
                r.get("median_e2el_ms"),
                Some(s["latency"]["request_latency"]["median"].as_f64().unwrap() * 1000.0)
            );
            assert!(r.get("p99.9_itl_ms").is_some());
            assert_eq!(
                r.get("output_throughput"),
                s["throughput"]["output_tokens_per_sec"].as_f64()
            );
            assert_eq!(r.get("duration"), j["benchmark_time_seconds"].as_f64());
        }
    }

    #[test]
    fn the_summary_beside_its_stages_is_not_a_run() {
        let parsed = read("summary_lifecycle_metrics.json").unwrap();
        assert!(parsed.runs.is_empty());
    }

    #[test]
    fn a_summary_alone_is_the_run() {
        let dir = tempfile::tempdir().unwrap();
        let to = dir.path().join("summary_lifecycle_metrics.json");
        let from = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(DIR)
            .join("summary_lifecycle_metrics.json");
        std::fs::copy(from, &to).unwrap();
        let text = std::fs::read_to_string(&to).unwrap();
        let parsed = InferencePerfReader
            .read(&Source::new(&to, &text))
            .unwrap()
            .unwrap();
        assert_eq!(parsed.runs.len(), 1);
        let r = &parsed.runs[0];
        assert!(r.get("stage").is_none());
        assert_eq!(
            r.get("num_prompts"),
            raw("summary_lifecycle_metrics.json")["load_summary"]["count"].as_f64()
        );
    }

    #[test]
    fn a_concurrent_stage_has_its_concurrency_and_no_asked_rate() {
        let dir = "fixtures/inference-perf/0.7.0-run5-concurrent-3stages-failures";
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(dir)
            .join("stage_1_lifecycle_metrics.json");
        let text = std::fs::read_to_string(&path).unwrap();
        let r = InferencePerfReader
            .read(&Source::new(&path, &text))
            .unwrap()
            .unwrap()
            .runs
            .remove(0);
        assert_eq!(r.get("max_concurrency"), Some(4.0));
        assert!(r.get("request_rate").is_none());
        assert!(r.get("failed").unwrap() > 0.0);
    }

    #[test]
    fn a_wrong_type_and_a_cut_report_are_errors_with_their_line() {
        let path = Path::new("stage_0_lifecycle_metrics.json");
        let good = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(DIR)
                .join("stage_0_lifecycle_metrics.json"),
        )
        .unwrap();
        let cut = &good[..good.len() / 2];
        let e = InferencePerfReader
            .read(&Source::new(path, cut))
            .unwrap_err();
        assert!(e.line.is_some_and(|l| l > 10), "{e:?}");
        let bad = good.replacen(
            "\"benchmark_time_seconds\": ",
            "\"benchmark_time_seconds\": \"x\", \"was\": ",
            1,
        );
        let e = InferencePerfReader
            .read(&Source::new(path, &bad))
            .unwrap_err();
        assert_eq!(e.line, Some(2), "{e:?}");
        assert!(e.message.contains("benchmark_time_seconds"), "{e:?}");
    }

    #[test]
    fn other_files_are_not_mine() {
        let src = |name: &str, t: &str| {
            InferencePerfReader
                .read(&Source::new(Path::new(name), t))
                .unwrap()
        };
        assert!(src("result.json", r#"{"load_summary": {}}"#).is_none());
        assert!(src("stage_0_lifecycle_metrics.json", r#"{"completed": 1}"#).is_none());
        assert!(src("per_request_lifecycle_metrics.json", "[]").is_none());
    }
}
