//! A study made from result folders (`perflab report BASE/ CANDIDATE/ [MORE/...]`): each
//! folder is one server configuration, its runs' workloads are the profiles, and each
//! configuration is a variant labelled by the flags in which it differs from the baseline
//! (`--max-num-seqs=512`), as the reference report's tables are. The study is written as
//! `study.toml` text, so that a person can save it (`--save-study`), edit it and render it
//! again; [`super::load_str`] reads it back as any study.
//!
//! A profile is one workload (the workload columns of `keys::WORKLOAD` but the model, the
//! client's backend and the load's restatements); a folder's first run of a profile is its
//! variant's result (repeats of a configuration are compared by `diff`, not by a report).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value as Json;
use toml::{Table, Value};

use crate::keys::KeyValue;
use crate::l10n::{Localizer, LANGUAGES};
use crate::model::frame::cell;
use crate::model::Run;
use crate::{Error, Result};

/// One folder: its path as given (for the study's result paths) and its runs.
pub struct Folder {
    pub path: PathBuf,
    pub runs: Vec<Run>,
}

/// The workload columns that tell profiles apart.
const PROFILE: [&str; 7] = [
    "dataset",
    "input_len",
    "output_len",
    "random_range_ratio",
    "max_concurrency",
    "request_rate",
    "num_prompts",
];

/// The study's name of each engine perflab reads, and its serving command.
fn engine_of(id: &str) -> (&'static str, &'static str) {
    match id {
        "vllm" => ("vLLM", "vllm serve"),
        "sglang" => ("SGLang", "python3 -m sglang.launch_server --model-path"),
        "trtllm" => ("TensorRT-LLM", "trtllm-serve"),
        "lmdeploy" => ("LMDeploy", "lmdeploy serve api_server"),
        _ => ("server", ""),
    }
}

/// The study's text for `folders`, `baseline` the index of the baseline folder; result
/// paths relative to `dir` (the folder the study is saved in) where they lie under it;
/// `header` its opening comment (what made it, in the user's language).
pub fn infer(folders: &[Folder], baseline: usize, dir: &Path, header: &str) -> Result<String> {
    let Some(base) = folders.get(baseline) else {
        return Err(Error::usage(crate::msg!("report-infer-no-folders")));
    };
    if let Some(empty) = folders.iter().find(|f| f.runs.is_empty()) {
        return Err(Error::usage(crate::msg!(
            "report-infer-empty-folder",
            folder = empty.path.display().to_string()
        )));
    }
    let all: Vec<&Run> = folders.iter().flat_map(|f| &f.runs).collect();
    let model = most_common(&all, "model_id").unwrap_or_else(|| "?".to_owned());
    let hardware = most_common(&all, "gpu_type").unwrap_or_else(|| "?".to_owned());
    let mut study = Table::new();
    study.insert("model".into(), Value::String(model.clone()));
    study.insert("hardware".into(), Value::String(hardware));
    study.insert("title".into(), per_language("report-infer-title", &model));
    study.insert("engines".into(), Value::Array(engines(&all)));
    // Profiles in the baseline's order of runs, then any only other folders ran.
    let mut profiles: Vec<(String, Table)> = Vec::new();
    for run in folders.iter().flat_map(|f| &f.runs) {
        let (name, dataset) = profile_of(run);
        if !profiles.iter().any(|(n, _)| *n == name) {
            profiles.push((name, dataset));
        }
    }
    let names = variant_names(folders);
    let base_args = args_of(&base.runs[0]);
    let mut experiments = Vec::new();
    let mut scenarios = Vec::new();
    for (i, (profile, _)) in profiles.iter().enumerate() {
        let id = format!("p{}", i + 1);
        let mut variants = Vec::new();
        let mut results = Vec::new();
        for (f, folder) in folders.iter().enumerate() {
            let Some(run) = folder.runs.iter().find(|r| profile_of(r).0 == *profile) else {
                continue;
            };
            let args = args_of(run);
            let label = differing_flags(&base_args, &args);
            let mut v = Table::new();
            v.insert("name".into(), Value::String(names[f].clone()));
            if f != baseline && !label.is_empty() {
                v.insert("label".into(), Value::String(label));
            }
            let engine = run.text("engine").map_or("server", |e| engine_of(e).0);
            v.insert("engine".into(), Value::String(engine.to_owned()));
            v.insert("profile".into(), Value::String(profile.clone()));
            v.insert(
                "parameters".into(),
                Value::Array(flags(&args).into_iter().map(Value::String).collect()),
            );
            let path = folder.path.join(&run.source);
            let shown = path
                .strip_prefix(dir)
                .map_or(path.clone(), Path::to_path_buf);
            v.insert("result".into(), Value::String(shown.display().to_string()));
            v.insert("run".into(), Value::Integer(i64::from(run.run_index)));
            results.push((
                f,
                shown.display().to_string(),
                run.run_index,
                run.get("total_token_throughput"),
            ));
            variants.push(Value::Table(v));
        }
        let mut e = Table::new();
        e.insert("id".into(), Value::String(id.clone()));
        e.insert("title".into(), Value::String(profile.clone()));
        e.insert("variants".into(), Value::Array(variants));
        experiments.push(Value::Table(e));
        // The scenario of a profile: the baseline's result against the best other one.
        let base_result = results.iter().find(|(f, ..)| *f == baseline);
        let best = results
            .iter()
            .filter(|(f, ..)| *f != baseline)
            .max_by(|a, b| a.3.unwrap_or(f64::MIN).total_cmp(&b.3.unwrap_or(f64::MIN)));
        if let (Some(b), Some(o)) = (base_result, best) {
            let side = |(_, path, run, _): &(usize, String, u32, Option<f64>)| {
                let mut t = Table::new();
                t.insert("result".into(), Value::String(path.clone()));
                t.insert("run".into(), Value::Integer(i64::from(*run)));
                Value::Table(t)
            };
            let mut s = Table::new();
            s.insert("profile".into(), Value::String(profile.clone()));
            s.insert("baseline".into(), side(b));
            s.insert("optimized".into(), side(o));
            scenarios.push(Value::Table(s));
        }
        if base_result.is_some() && experiments.len() == 1 {
            study.insert(
                "baseline".into(),
                Value::String(format!("{id}/{}", names[baseline])),
            );
        }
    }
    let profiles: Vec<Value> = profiles
        .into_iter()
        .map(|(name, dataset)| {
            let mut p = Table::new();
            p.insert("name".into(), Value::String(name));
            p.insert("dataset".into(), Value::Table(dataset));
            Value::Table(p)
        })
        .collect();
    study.insert("profiles".into(), Value::Array(profiles));
    study.insert("experiments".into(), Value::Array(experiments));
    if !scenarios.is_empty() {
        study.insert("scenarios".into(), Value::Array(scenarios));
    }
    let body = toml::to_string(&study).map_err(|e| Error::usage(e.to_string()))?;
    let header: String = header.lines().map(|l| format!("# {l}\n")).collect();
    Ok(format!("{header}\n{body}"))
}

/// A text in every shipped language, from its message.
fn per_language(id: &str, model: &str) -> Value {
    let mut t = Table::new();
    for lang in LANGUAGES {
        if let Ok(l10n) = Localizer::new(lang) {
            t.insert(
                lang.into(),
                Value::String(l10n.tr_args(id, &[("model", model.to_owned().into())])),
            );
        }
    }
    Value::Table(t)
}

/// The value most runs have in `column` (ties: the first in sorted order).
fn most_common(runs: &[&Run], column: &str) -> Option<String> {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for r in runs {
        if let Some(v) = r.text(column) {
            *counts.entry(v.to_owned()).or_default() += 1;
        }
    }
    let top = counts.values().copied().max()?;
    counts.into_iter().find(|(_, n)| *n == top).map(|(v, _)| v)
}

/// The engines the runs name, each once, with the version their logs print.
fn engines(runs: &[&Run]) -> Vec<Value> {
    let mut seen: BTreeMap<&'static str, Table> = BTreeMap::new();
    for r in runs {
        let (name, command) = engine_of(r.text("engine").unwrap_or(""));
        let e = seen.entry(name).or_insert_with(|| {
            let mut t = Table::new();
            t.insert("name".into(), Value::String(name.to_owned()));
            if !command.is_empty() {
                t.insert("command".into(), Value::String(command.to_owned()));
            }
            t
        });
        if let Some(v) = r.text("engine_version") {
            e.entry("version")
                .or_insert_with(|| Value::String(v.to_owned()));
        }
    }
    seen.into_values().map(Value::Table).collect()
}

/// A run's profile: its name (the workload's `column=value` pairs) and the dataset table.
fn profile_of(run: &Run) -> (String, Table) {
    let mut name = Vec::new();
    let mut dataset = Table::new();
    for column in PROFILE {
        let value = KeyValue::of(cell(run, column));
        let toml = match &value {
            KeyValue::Null => continue,
            KeyValue::Num(x) if x.fract() == 0.0 => Value::Integer(*x as i64),
            KeyValue::Num(x) => Value::Float(*x),
            KeyValue::Text(s) => Value::String(s.clone()),
        };
        name.push(format!("{column}={value}"));
        dataset.insert(column.into(), toml);
    }
    if name.is_empty() {
        name.push("workload".to_owned());
    }
    (name.join(", "), dataset)
}

/// Each folder's variant name: its last path component, made unique.
fn variant_names(folders: &[Folder]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for (i, f) in folders.iter().enumerate() {
        let base = f.path.file_name().map_or_else(
            || format!("config{}", i + 1),
            |n| n.to_string_lossy().into_owned(),
        );
        let name = if names.contains(&base) {
            format!("{base}-{}", i + 1)
        } else {
            base
        };
        names.push(name);
    }
    names
}

/// A run's server flags (`engine_args`), by name.
fn args_of(run: &Run) -> BTreeMap<String, Json> {
    run.text("engine_args")
        .and_then(|t| serde_json::from_str(t).ok())
        .unwrap_or_default()
}

/// Flags as a command line takes them: `--max-num-seqs=512`, `--enforce-eager`.
fn flags(args: &BTreeMap<String, Json>) -> Vec<String> {
    args.iter().filter_map(|(k, v)| flag(k, v)).collect()
}

fn flag(name: &str, value: &Json) -> Option<String> {
    let name = name.replace('_', "-");
    match value {
        Json::Bool(true) => Some(format!("--{name}")),
        Json::Bool(false) => Some(format!("--no-{name}")),
        Json::Null => None,
        Json::String(s) => Some(format!("--{name}={s}")),
        other => Some(format!("--{name}={other}")),
    }
}

/// The flags of `args` that the baseline's `base` does not have with the same value (a
/// flag only the baseline gives is left out: the label names what this one sets).
fn differing_flags(base: &BTreeMap<String, Json>, args: &BTreeMap<String, Json>) -> String {
    let out: Vec<String> = args
        .iter()
        .filter(|(k, v)| base.get(*k) != Some(*v))
        .filter_map(|(k, v)| flag(k, v))
        .collect();
    out.join(" ")
}
