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
//!
//! The reports name neither the model nor how the load was set; the `config.yaml` beside
//! them does (`generate_config_report`, the run's `Config` as `yaml.dump` writes it). For
//! stage N of `load.stages` ([`apply_config`]): `server.model_name` is the model (null
//! when inference-perf asked the server for it); `load.type` (`constant`, `poisson`,
//! `concurrent`, `trace_replay`, `trace_session_replay`) is `load_type`; a `constant` or
//! `poisson` stage's `rate` is its `request_rate` and `load_value`; a `concurrent` stage's
//! `concurrency_level` is its `max_concurrency` and `load_value`, and its `num_requests`
//! its `num_prompts`. The saved config of a concurrent run also has a `rate` per stage:
//! `main.py` fills in `rate = num_requests`, `duration = 1` before the run (to enqueue
//! every request at once), so that rate was never asked for and is not read. A `sweep`
//! makes its stages at run time (`load_generator.py`: rates up to the measured saturation),
//! so its config's `stages` are not the reports' and only the model and the load type
//! are read. `api.streaming` is `streaming`; a `random` or `synthetic` dataset's
//! `data.type` is `dataset` and its `input_distribution.mean` / `output_distribution.mean`
//! are `input_len` / `output_len`.
//!
//! `per_request_lifecycle_metrics.json` (`report.request_lifecycle.per_request`) is not
//! read into the requests frame: its entries carry no stage (only monotonic-clock start
//! and end times, in completion order, successes and failures together), so a request
//! cannot be tied to the stage report whose run it belongs to without guessing from
//! times or counts.

use serde_json::{Map, Value as Json};

use super::json_lenient;
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source, Warning};
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
                    crate::msg!("ingest-expect-inference-perf-object"),
                ))
            }
            Err((line, msg)) => {
                return Err(ParseError::new(
                    Some(line),
                    crate::msg!("ingest-expect-inference-perf", error = msg),
                ))
            }
        };
        let mut run = report_run(text, &obj)?;
        if let Some(n) = stage {
            run.set_num("stage", n as f64);
        }
        let mut warnings = vec![];
        if let Some(config) = source.path.parent().map(|d| d.join(CONFIG)) {
            match read_config(&config) {
                Ok(Some(config)) => apply_config(&config, stage, &mut run),
                Ok(None) => {}
                Err(w) => warnings.push(w),
            }
        }
        Ok(Some(Parsed {
            runs: vec![run],
            warnings,
        }))
    }
}

/// The run's configuration as inference-perf saves it beside its reports.
const CONFIG: &str = "config.yaml";

/// `config.yaml` as JSON; `Ok(None)` when there is none. A config that cannot be read is a
/// warning naming it and its line: the stage's numbers stand without it.
fn read_config(path: &std::path::Path) -> Result<Option<Map<String, Json>>, Warning> {
    let Ok(bytes) = std::fs::read(path) else {
        return Ok(None);
    };
    let text = super::text::decode(&bytes);
    let unread = |line: u64, error: String| Warning {
        line: None,
        message: crate::msg!(
            "ingest-inference-perf-config-unread",
            file = path.display().to_string(),
            line = line,
            error = error
        ),
    };
    match yaml_serde::from_str::<Json>(text.trim_start_matches('\u{feff}')) {
        Ok(Json::Object(config)) => Ok(Some(config)),
        Ok(_) => Err(unread(1, crate::tr!("ingest-yaml-not-mapping"))),
        Err(e) => {
            let line = e.location().map_or(1, |l| l.line() as u64);
            Err(unread(line, e.to_string()))
        }
    }
}

/// The model, the load and the workload of stage `stage` (the only stage, for a summary
/// read as the run) from the run's config; what the report said stays.
fn apply_config(config: &Map<String, Json>, stage: Option<u32>, run: &mut Run) {
    let text_at = |path: &[&str]| {
        at(config, path)
            .and_then(Json::as_str)
            .filter(|s| !s.is_empty())
    };
    let num_at = |obj: &Map<String, Json>, key: &str| obj.get(key).and_then(Json::as_f64);
    let set_text = |run: &mut Run, col: &'static str, v: Option<&str>| {
        if let Some(v) = v {
            if run.text(col).is_none() {
                run.set_text(col, v);
            }
        }
    };
    set_text(run, "model_id", text_at(&["server", "model_name"]));
    if let Some(Json::Bool(streaming)) = at(config, &["api", "streaming"]) {
        run.set_num("streaming", f64::from(u8::from(*streaming)));
    }
    if let Some(data) = text_at(&["data", "type"]).filter(|t| matches!(*t, "random" | "synthetic"))
    {
        set_text(run, "dataset", Some(data));
        for (key, col) in [
            ("input_distribution", "input_len"),
            ("output_distribution", "output_len"),
        ] {
            if let Some(Json::Object(d)) = at(config, &["data", key]) {
                if let Some(mean) = num_at(d, "mean") {
                    run.set_num(col, mean);
                }
            }
        }
    }
    let load_type = text_at(&["load", "type"]);
    set_text(run, "load_type", load_type);
    let swept = at(config, &["load", "sweep"]).is_some_and(|s| !s.is_null());
    let stages = match at(config, &["load", "stages"]) {
        Some(Json::Array(stages)) if !swept => stages.as_slice(),
        _ => &[],
    };
    let stage_config = match stage {
        Some(n) => stages.get(n as usize),
        None if stages.len() == 1 => stages.first(),
        None => None,
    };
    let rate = run.get("request_rate");
    match (load_type, stage_config.and_then(Json::as_object)) {
        (Some("constant" | "poisson"), Some(s)) => {
            if let Some(rate) = rate.or(num_at(s, "rate")) {
                run.set_num("request_rate", rate);
                run.set_num("load_value", rate);
            }
        }
        (Some("concurrent"), Some(s)) => {
            // Never the filled-in `rate` (num_requests per 1 s).
            run.values.remove("request_rate");
            if let Some(c) = num_at(s, "concurrency_level") {
                run.set_num("max_concurrency", c);
                run.set_num("load_value", c);
            }
            if let Some(n) = num_at(s, "num_requests") {
                run.set_num("num_prompts", n);
            }
        }
        (Some("constant" | "poisson"), None) => {
            if let Some(rate) = rate {
                run.set_num("load_value", rate);
            }
        }
        _ => {}
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
            crate::msg!("ingest-expect-inference-perf-count"),
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

    fn stage_of_fixture(dir: &str, n: u32) -> Parsed {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(dir)
            .join(format!("stage_{n}_lifecycle_metrics.json"));
        let text = std::fs::read_to_string(&path).unwrap();
        InferencePerfReader
            .read(&Source::new(&path, &text))
            .unwrap()
            .unwrap()
    }

    #[test]
    fn a_rate_stage_has_its_model_and_load_from_the_config_beside_it() {
        for (n, rate) in [(0, 2.0), (1, 5.0), (2, 10.0)] {
            let parsed = stage_of_fixture(DIR, n);
            assert!(parsed.warnings.is_empty(), "{:?}", parsed.warnings);
            let r = &parsed.runs[0];
            assert_eq!(r.text("model_id"), Some("mock-model"));
            assert_eq!(r.text("load_type"), Some("constant"));
            assert_eq!(r.get("load_value"), Some(rate));
            assert_eq!(r.get("request_rate"), Some(rate));
            assert!(r.get("max_concurrency").is_none());
            assert_eq!(r.get("streaming"), Some(1.0));
            assert_eq!(r.text("dataset"), Some("random"));
            assert_eq!(r.get("input_len"), Some(64.0));
            assert_eq!(r.get("output_len"), Some(16.0));
        }
    }

    #[test]
    fn a_concurrent_stage_has_its_configured_concurrency_and_count_never_the_filled_in_rate() {
        // The saved config says `rate: 12.0` / `16.0` (num_requests over 1 s, filled in by
        // main.py), the reports' `requested_rate` the same; neither was asked for.
        for (dir, stages) in [
            (
                "fixtures/inference-perf/0.7.0-run5-concurrent-3stages-failures",
                &[(12.0, 1.0), (24.0, 4.0), (32.0, 8.0)][..],
            ),
            (
                "fixtures/inference-perf/0.7.0-per-request-2stages-failures/run-per-request",
                &[(12.0, 2.0), (16.0, 4.0)][..],
            ),
            (
                "fixtures/inference-perf/0.7.0-all-failed/run-all-failed",
                &[(10.0, 2.0)][..],
            ),
        ] {
            for (n, &(asked, conc)) in stages.iter().enumerate() {
                let r = stage_of_fixture(dir, n as u32).runs.remove(0);
                assert_eq!(r.text("model_id"), Some("mock-model"), "{dir} {n}");
                assert_eq!(r.text("load_type"), Some("concurrent"), "{dir} {n}");
                assert_eq!(r.get("load_value"), Some(conc), "{dir} {n}");
                assert_eq!(r.get("max_concurrency"), Some(conc), "{dir} {n}");
                assert_eq!(r.get("num_prompts"), Some(asked), "{dir} {n}");
                assert!(r.get("request_rate").is_none(), "{dir} {n}");
            }
        }
    }

    #[test]
    fn a_config_that_cannot_be_read_is_a_warning_naming_it_and_its_line() {
        let dir = tempfile::tempdir().unwrap();
        let from = Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR);
        let to = dir.path().join("stage_0_lifecycle_metrics.json");
        std::fs::copy(from.join("stage_0_lifecycle_metrics.json"), &to).unwrap();
        let config = std::fs::read_to_string(from.join(CONFIG)).unwrap();
        let broken = config.replacen(
            "  type: constant\n",
            "  type: constant\n      stray: 1\n",
            1,
        );
        assert_ne!(broken, config);
        std::fs::write(dir.path().join(CONFIG), broken).unwrap();
        let text = std::fs::read_to_string(&to).unwrap();
        let parsed = InferencePerfReader
            .read(&Source::new(&to, &text))
            .unwrap()
            .unwrap();
        let r = &parsed.runs[0];
        assert_eq!(r.get("request_rate"), Some(2.0));
        assert!(r.text("model_id").is_none());
        assert_eq!(parsed.warnings.len(), 1);
        let line = config
            .lines()
            .position(|l| l == "  type: constant")
            .unwrap()
            + 2;
        let msg = &parsed.warnings[0].message;
        assert!(msg.contains(&format!("config.yaml:{line}:")), "{msg}");
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
