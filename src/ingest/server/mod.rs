//! The server a run measured (docs/metrics.md, "Configuration"), from whichever of its
//! files holds it: a `vllm serve`, `python -m sglang.launch_server`, `trtllm-serve` or
//! `lmdeploy serve api_server` command line in a console, a log or a document; vLLM's
//! server log line `non-default args: {...}` and its `vLLM API server version`; SGLang's
//! `server_args=ServerArgs(...)`; a document's fence of flags under a serving command
//! (GPUStack's "Backend Parameters"); the `server_command` of vLLM's performance CI
//! (`vllm_commands.rs`).
//!
//! A configuration applies to the runs after it in its file, up to the next one; runs
//! before the first (a log that prints its results above the server's lines) take the
//! first. What a run's own file already says (a sweep's serve overrides) is kept.

mod flags;
mod found;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value as Json;

pub use flags::Engine;
pub use found::find_all;

use crate::model::{Run, Value};

/// One server configuration found in a file.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// 0-based byte offset of the line it starts on.
    pub offset: usize,
    pub engine: Engine,
    pub version: Option<String>,
    /// Every flag by the engine's names, as given.
    pub args: BTreeMap<String, Json>,
    /// `args` holds every argument, defaults included (SGLang's `ServerArgs`, with its
    /// port and random seed): it fills the columns but is no list of flags given, so it
    /// makes no `engine_args`.
    pub every_arg: bool,
}

pub use crate::model::schema::CONFIGURATION as COLUMNS;

impl Config {
    /// Whether two configurations name the same server (where they were printed aside).
    pub fn same_server(&self, other: &Config) -> bool {
        (self.engine, &self.version, &self.args, self.every_arg)
            == (other.engine, &other.version, &other.args, other.every_arg)
    }

    /// Fills `run`'s configuration columns that it does not already hold.
    pub fn fill(&self, run: &mut Run) {
        let mut set = |column: &'static str, value: Value| {
            let known = run.values.get(column).is_some_and(|v| *v != Value::Null);
            if !known {
                run.values.insert(column.into(), value);
            }
        };
        set("engine", Value::text(self.engine.name()));
        if let Some(version) = &self.version {
            set("engine_version", Value::text(version.clone()));
        }
        for (column, value) in flags::columns(self.engine, &self.args) {
            if let Some(v) = value_of(&value) {
                set(column, v);
            }
        }
        if !self.every_arg {
            let setup = flags::setup_args(&self.args);
            if let Ok(text) = serde_json::to_string(&setup) {
                set("engine_args", Value::text(text));
            }
        }
        per_gpu(run);
    }
}

/// A flag's value as a run keeps it: booleans as 1 and 0 (as `streaming`), text as text.
fn value_of(json: &Json) -> Option<Value> {
    match json {
        Json::Number(n) => n.as_f64().map(Value::number),
        Json::Bool(b) => Some(Value::number(f64::from(u8::from(*b)))),
        Json::String(s) => Some(Value::text(s.clone())),
        Json::Null => None,
        other => Some(Value::text(other.to_string())),
    }
}

/// Numbers written as text where a configuration column wants a number (a sweep's
/// `"tensor_parallel_size": "2"`): read as the number, as the engine's parser reads it.
pub fn numbers_as_numbers(run: &mut Run) {
    let numeric = COLUMNS
        .iter()
        .filter(|c| crate::model::schema::is_integer(c));
    for column in numeric {
        if let Some(Value::Text(t)) = run.values.get(*column) {
            if let Ok(x) = t.trim().parse::<f64>() {
                if x.is_finite() {
                    run.values.insert((*column).into(), Value::number(x));
                }
            }
        }
    }
}

/// Gives each run of a file's `text` the configuration printed before it (the first one
/// for runs above every configuration and for runs of a whole-file format).
pub fn apply(text: &str, runs: &mut [Run]) {
    for run in runs.iter_mut() {
        numbers_as_numbers(run);
    }
    let configs = find_all(text);
    let starts: Vec<u64> = configs.iter().map(|c| line_of(text, c.offset)).collect();
    for run in runs {
        if configs.is_empty() {
            // A count the run's own file gave (a sweep's parameters, the CI's
            // `--metadata`); `fill` computes it for the others.
            per_gpu(run);
            continue;
        }
        let at = run.line.map_or(0, |line| {
            starts.iter().rposition(|s| *s <= line).unwrap_or(0)
        });
        configs[at].fill(run);
    }
}

/// The token throughputs per GPU (`output_throughput_per_gpu`,
/// `total_token_throughput_per_gpu`) of a run whose GPU count is known: the throughput as
/// printed divided by `gpu_count`, else by the product of the parallel sizes known (the
/// count the Pareto view of `curves` uses), as InferenceMAX compares servers of different
/// sizes. Computed again each time a configuration is given to the run (a server log read
/// after its result may bring the count), so it always follows the count the run has now;
/// no reader maps a printed per-GPU figure to these columns.
pub fn per_gpu(run: &mut Run) {
    let sizes: Vec<f64> = crate::model::schema::PARALLEL_COLUMNS
        .iter()
        .filter_map(|c| run.get(c))
        .collect();
    let gpus = run
        .get("gpu_count")
        .or_else(|| (!sizes.is_empty()).then(|| sizes.iter().product()));
    let Some(gpus) = gpus.filter(|g| *g >= 1.0 && g.is_finite()) else {
        return;
    };
    let [output, total] = crate::model::schema::PER_GPU;
    for (column, of) in [
        (output, "output_throughput"),
        (total, "total_token_throughput"),
    ] {
        if let Some(t) = run.get(of) {
            run.set_num(column, t / gpus);
        }
    }
}

/// Gives the runs of each folder the server configuration its logs name (files that hold
/// no run: `vllm serve … > server.log` beside the client's result), where the runs' own
/// files name none. A folder whose logs name two configurations gives neither: which run
/// measured which is not written anywhere.
pub fn beside(logs: &[(PathBuf, Vec<Config>)], files: &mut [crate::ingest::FileRuns]) {
    if logs.is_empty() {
        return;
    }
    let mut by_folder: BTreeMap<&Path, Vec<&Config>> = BTreeMap::new();
    for (path, configs) in logs {
        let folder = path.parent().unwrap_or(Path::new(""));
        by_folder.entry(folder).or_default().extend(configs);
    }
    for file in files {
        let folder = file.path.parent().unwrap_or(Path::new(""));
        let Some(configs) = by_folder.get(folder) else {
            continue;
        };
        let [first, rest @ ..] = configs.as_slice() else {
            continue;
        };
        if rest.iter().any(|c| !first.same_server(c)) {
            continue;
        }
        for run in file.runs.iter_mut().filter(|r| r.text("engine").is_none()) {
            first.fill(run);
        }
    }
}

/// The 1-based line of byte `offset`.
fn line_of(text: &str, offset: usize) -> u64 {
    let end = offset.min(text.len());
    memchr::memchr_iter(b'\n', &text.as_bytes()[..end]).count() as u64 + 1
}

/// The configuration of one command line (vLLM's CI keeps its server command in the
/// `.commands` file beside the result): `None` when it runs no serving engine perflab
/// knows.
pub fn of_command(command: &str) -> Option<Config> {
    found::command(command, 0)
}
