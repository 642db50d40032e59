//! `vllm bench sweep serve` experiment folders, read as `vllm/benchmarks/sweep/serve.py`
//! writes them:
//!
//! ```text
//! EXPERIMENT/
//!   summary.csv                                  every run of the experiment (pandas)
//!   SERVE--max_num_seqs=32-BENCH--max_concurrency=4/
//!     warmup.json                                 run_number -1, not a measured run
//!     run=0.json  run=1.json ...                  one result JSON per repeat
//!     run=2.failure.json                          a repeat that failed (--continue-on-error)
//!     summary.json                                the list of this combination's runs
//!   SERVE--max_num_seqs=64-failure.json            a server combination that failed
//! ```
//!
//! `vllm bench sweep serve_sla` lays out the same files one level deeper
//! (`SERVE-…-BENCH-…/request_rate=5/run=0.json`) beside `SLA--<criteria>.json` lists.
//! `vllm bench sweep serve_workload` (`serve_workload.py`) names its folders
//! `[SERVE-…-][BENCH-…-]WL--<workload_var>=<value>`: the serial setting
//! (`BENCH--max_concurrency=1-WL--…=1`), the batch one (`max_concurrency` the dataset size)
//! and the values it interpolates between them, whose folder starts with `WL-` when the
//! sweep has no serve parameters. Its workload value is a bench override merged into each
//! run file (`request_rate` or `max_concurrency`), so the load columns hold it. A sweep
//! without any parameters writes `run=N.json` straight into the experiment folder; such a
//! file is a sweep's run when its own `run_number` is its N.
//!
//! The repeats of one setting differ only in `run_number` (and their measurements): it is
//! neither a workload nor a setup column, so they pair and pool as repeats.
//!
//! Each `run=N.json` is `vllm bench serve`'s result JSON with `run_number` and the
//! combination's serve and bench overrides merged in at the top level
//! (`_update_run_data`). It is read once, as a run of its own; the summaries repeat the
//! same objects and are not read again, except a `summary.json` whose folder holds no
//! `run=N.json` (a sweep shared without its run files), whose list is then the runs.
//!
//! Overrides become columns under their own names: every top-level scalar that vLLM's
//! result JSON does not write (see [`VLLM_RESULT_KEYS`]) is an override, a `--metadata`
//! pair or the sweep's `run_number`; overrides of keys vLLM does write
//! (`max_concurrency`, `request_rate`) are already the canonical columns. A failure file is
//! not a run: it is reported as a warning with its error.

use std::path::Path;

use serde_json::{Map, Value as Json};

use super::json_lenient;
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source, Warning};
use super::serve_json::{canonical_key, object_to_run};
use crate::model::{Format, Run};

/// Top-level keys of `vllm bench serve`'s result JSON that are not canonical columns
/// (identity and setup fields, per-request lists, ramp-up settings). Anything else at the
/// top level of a sweep's run file was merged in by the sweep.
const VLLM_RESULT_KEYS: [&str; 24] = [
    "date",
    "endpoint_type",
    "backend",
    "label",
    "model_id",
    "tokenizer_id",
    "burstiness",
    "rtfx",
    "input_lens",
    "output_lens",
    "ttfts",
    "itls",
    "generated_texts",
    "errors",
    "latencies",
    "queue_times",
    "start_times",
    "ramp_up_strategy",
    "ramp_up_start_rps",
    "ramp_up_end_rps",
    "percentiles",
    "dataset_name",
    "pending",
    "num_warmups",
];

pub struct SweepReader;

impl Reader for SweepReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::VllmServeJson]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let name = source.file_name();
        // `run=N.failure.json`, `warmup.failure.json`, `SERVE-…-failure.json`.
        if name.ends_with(".failure.json") || name.ends_with("-failure.json") {
            return read_failure(source);
        }
        if let Some(n) = run_number_of(name) {
            return read_run(source, n, in_sweep_folder(source.path));
        }
        if !in_sweep_folder(source.path) {
            // A sweep without parameters: its summaries beside its run files.
            let summary = matches!(name, "summary.json" | "summary.csv" | "warmup.json");
            return Ok((summary && has_run_files(source.path)).then(Parsed::default));
        }
        match name {
            // `serve_sla` also keeps each search's runs in `SLA--<criteria>.json`.
            "warmup.json" | "summary.csv" => Ok(Some(Parsed::default())),
            _ if name.starts_with("SLA--") && name.ends_with(".json") => {
                Ok(Some(Parsed::default()))
            }
            "summary.json" if has_run_files(source.path) => Ok(Some(Parsed::default())),
            "summary.json" => read_summary(source),
            _ => Ok(None),
        }
    }
}

/// `run=3.json` → 3.
fn run_number_of(file_name: &str) -> Option<i64> {
    file_name
        .strip_prefix("run=")?
        .strip_suffix(".json")?
        .parse()
        .ok()
}

/// A combination folder is named `SERVE-…`, `BENCH-…`, `SERVE-…-BENCH-…` or (`serve_workload`)
/// `WL-…`; the
/// experiment folder above it holds `summary.csv` (only `SERVE-…`/`BENCH-…` files and
/// folders otherwise). The file itself may also sit directly in the experiment folder
/// (`summary.csv`).
fn in_sweep_folder(path: &Path) -> bool {
    let is_comb = |p: &Path| {
        p.file_name()
            .and_then(|n| n.to_str())
            .is_some_and(is_comb_name)
    };
    // `serve_sla` nests one more level: `SERVE-…-BENCH-…/request_rate=5/run=0.json`.
    let grandparent = path.parent().and_then(Path::parent);
    match path.parent() {
        Some(dir) if is_comb(dir) || grandparent.is_some_and(is_comb) => true,
        Some(dir) => path.file_name().is_some_and(|n| n == "summary.csv") && has_comb_dirs(dir),
        None => false,
    }
}

fn is_comb_name(name: &str) -> bool {
    ["SERVE-", "BENCH-", "WL-"]
        .iter()
        .any(|prefix| name.starts_with(prefix))
}

fn has_comb_dirs(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let n = e.file_name();
            let n = n.to_string_lossy();
            is_comb_name(&n) && e.file_type().is_ok_and(|t| t.is_dir())
        })
    })
}

fn has_run_files(summary: &Path) -> bool {
    let Some(dir) = summary.parent() else {
        return false;
    };
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| run_number_of(&e.file_name().to_string_lossy()).is_some())
    })
}

/// `expected`: the message id of what the file should have held.
fn parse_json(source: &Source, expected: &str) -> Result<Json, ParseError> {
    json_lenient::parse(source.text)
        .map_err(|(line, msg)| ParseError::new(Some(line), crate::msg!(expected, error = msg)))
}

/// `run=N.json`. `in_sweep`: its folder is a combination's; else it is claimed only when
/// it says it is run `number` of a sweep.
fn read_run(source: &Source, number: i64, in_sweep: bool) -> ReadResult {
    if !in_sweep {
        let names_itself = match json_lenient::parse(source.text) {
            Ok(Json::Object(obj)) => obj.get("run_number").and_then(Json::as_i64) == Some(number),
            _ => false,
        };
        if !names_itself {
            return Ok(None);
        }
    }
    let Json::Object(obj) = parse_json(source, "ingest-expect-sweep-run")? else {
        return Err(ParseError::new(
            Some(1),
            crate::msg!("ingest-expect-sweep-run-object"),
        ));
    };
    let mut parsed = Parsed::default();
    parsed.runs.push(sweep_run(&obj)?);
    Ok(Some(parsed))
}

fn read_summary(source: &Source) -> ReadResult {
    let Json::Array(items) = parse_json(source, "ingest-expect-sweep-summary")? else {
        return Err(ParseError::new(
            Some(1),
            crate::msg!("ingest-expect-sweep-summary-list"),
        ));
    };
    let mut parsed = Parsed::default();
    for (i, item) in items.iter().enumerate() {
        let Json::Object(obj) = item else {
            return Err(ParseError::new(
                None,
                crate::msg!("ingest-expect-sweep-summary-item", index = i + 1),
            ));
        };
        parsed.runs.push(sweep_run(obj)?);
    }
    Ok(Some(parsed))
}

/// One run of the sweep: the result JSON's columns plus the sweep's overrides.
/// A mapped key of the wrong type is an error, as in any result JSON.
fn sweep_run(obj: &Map<String, Json>) -> Result<Run, ParseError> {
    let mut run = object_to_run(obj, None).map_err(|bad| bad.error(None))?;
    for (key, value) in obj {
        if canonical_key(key).is_some() || VLLM_RESULT_KEYS.contains(&key.as_str()) {
            continue;
        }
        match value {
            Json::Number(n) => {
                if let Some(v) = n.as_f64() {
                    run.set_num(key.clone(), v);
                }
            }
            Json::Bool(b) => run.set_text(key.clone(), b.to_string()),
            Json::String(s) => run.set_text(key.clone(), s.as_str()),
            // Dict overrides (`--compilation-config`) are passed as JSON text.
            Json::Object(_) => run.set_text(key.clone(), value.to_string()),
            Json::Array(_) | Json::Null => {}
        }
    }
    Ok(run)
}

/// `run=N.failure.json` / `SERVE-…-failure.json`: not a run; its error becomes a warning.
fn read_failure(source: &Source) -> ReadResult {
    let Ok(Json::Object(obj)) = json_lenient::parse(source.text) else {
        return Ok(None);
    };
    let Some(error) = obj.get("error").and_then(Json::as_str) else {
        return Ok(None);
    };
    let kind = obj
        .get("error_type")
        .and_then(Json::as_str)
        .unwrap_or("error");
    let overrides = ["serve_overrides", "bench_overrides"]
        .iter()
        .filter_map(|k| obj.get(*k).and_then(Json::as_object))
        .flat_map(|m| m.iter().map(|(k, v)| format!("{k}={v}")))
        .collect::<Vec<_>>()
        .join(", ");
    let run = obj.get("run_number").and_then(Json::as_i64);
    let message = match run {
        Some(-1) => crate::msg!(
            "ingest-sweep-warmup-failed",
            overrides = overrides,
            kind = kind,
            error = error
        ),
        Some(n) => crate::msg!(
            "ingest-sweep-run-failed",
            run = n,
            overrides = overrides,
            kind = kind,
            error = error
        ),
        None => crate::msg!(
            "ingest-sweep-server-failed",
            overrides = overrides,
            kind = kind,
            error = error
        ),
    };
    let mut parsed = Parsed::default();
    parsed.warnings.push(Warning {
        line: None,
        message,
    });
    Ok(Some(parsed))
}
