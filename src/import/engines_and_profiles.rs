//! The study's engines and profiles, which a report describes only in part: an engine's
//! serving command is taken from the report where it shows one and assumed otherwise, a
//! variant's engine is found by its name or command, and a profile's dataset comes from
//! the report's parameter table. Every assumption is listed as lost. Apart from `mod.rs`
//! because this is what import infers, not what it copies.

use super::{EngineEntry, Importer, LostKind, OrderedTable, ProfileEntry};
use crate::published::{engine_of_command, normalize_name, served_model, Report};

/// Usual serving commands of engines whose command a report may not show, by the start of
/// the engine's name (lower case).
const KNOWN_COMMANDS: [(&str, &str); 3] = [
    ("vllm", "vllm serve"),
    ("sglang", "python3 -m sglang.launch_server --model-path"),
    ("mindie", "mindie serve"),
];

/// The programs of serving commands and the start of their engine's name (lower case).
const ENGINE_PROGRAMS: [(&str, &str); 5] = [
    ("trtllm-serve", "tensorrt"),
    ("sglang", "sglang"),
    ("vllm", "vllm"),
    ("mindie", "mindie"),
    ("lmdeploy", "lmdeploy"),
];

/// The words of a serving command before its model: `vllm serve`, `mindie serve`.
fn command_prefix(command: &str) -> Option<String> {
    let model = served_model(command)?;
    let at = command.find(&model)?;
    let prefix = command[..at].trim();
    (!prefix.is_empty()).then(|| prefix.to_owned())
}

/// A YAML scalar as TOML: integers and numbers stay numbers.
fn toml_value(v: &str) -> toml::Value {
    let v = v.trim().trim_matches('"');
    if let Ok(i) = v.parse::<i64>() {
        return toml::Value::Integer(i);
    }
    if let Ok(f) = v.parse::<f64>() {
        if f.is_finite() {
            return toml::Value::Float(f);
        }
    }
    match v {
        "true" => toml::Value::Boolean(true),
        "false" => toml::Value::Boolean(false),
        _ => toml::Value::String(v.to_owned()),
    }
}

impl Importer<'_> {
    pub(super) fn engines(&mut self) -> Vec<EngineEntry> {
        let report = self.report;
        let commands: Vec<(u64, String)> = report
            .served
            .iter()
            .filter_map(|s| {
                let cmd = report_command_at(report, s.line)?;
                Some((s.line, command_prefix(&cmd)?))
            })
            .collect();
        let mut out: Vec<EngineEntry> = Vec::new();
        for e in &report.engines {
            let key = normalize_name(&e.name);
            let first = key.split(['-', ' ']).next().unwrap_or("").to_owned();
            let shown = commands
                .iter()
                .find(|(_, c)| {
                    let program = c.split_whitespace().next();
                    program.is_some_and(|w| w.eq_ignore_ascii_case(&first))
                        || engine_of_command(c).is_some_and(|n| normalize_name(n) == key)
                })
                .map(|(_, c)| c.clone());
            let command = shown.or_else(|| {
                let known = KNOWN_COMMANDS
                    .iter()
                    .find(|(k, _)| key.starts_with(k))
                    .map(|(_, c)| (*c).to_owned());
                if let Some(c) = &known {
                    self.lose(
                        e.line,
                        LostKind::AssumedCommand,
                        e.name.clone(),
                        Some(c.clone()),
                    );
                }
                known
            });
            out.push(EngineEntry {
                name: e.name.clone(),
                version: (!e.version.is_empty()).then(|| e.version.clone()),
                command,
            });
        }
        if out.is_empty() {
            // No engine list: one engine per serving command seen.
            for (line, c) in commands {
                let name = c.split_whitespace().next().unwrap_or("engine").to_owned();
                if out.iter().all(|e| e.name != name) {
                    self.lose(
                        line,
                        LostKind::AssumedCommand,
                        name.clone(),
                        Some(c.clone()),
                    );
                    out.push(EngineEntry {
                        name,
                        version: None,
                        command: Some(c),
                    });
                }
            }
        }
        out
    }

    /// The engine a variant runs on: the one its name names, else its serving command's,
    /// else the recommended configuration's, else the first.
    pub(super) fn engine_of(
        &self,
        engines: &[EngineEntry],
        variant: &crate::published::Variant,
    ) -> String {
        // A document without an engine list names each variant's engine by its commands.
        if let Some(e) = &variant.engine {
            return e.clone();
        }
        let name = variant.name.as_str();
        let command = variant
            .params
            .as_ref()
            .and_then(|p| p.command.as_ref())
            .map(|c| c.text.as_str());
        let by_name = engines.iter().find(|e| {
            let (a, b) = (normalize_name(&e.name), normalize_name(name));
            a == b || a.starts_with(&format!("{b}-"))
        });
        if let Some(e) = by_name {
            return e.name.clone();
        }
        let first_word = |c: &str| c.split_whitespace().next().unwrap_or("").to_lowercase();
        let by_command = |c: &str| {
            let w = first_word(c);
            engines
                .iter()
                .find(|e| normalize_name(&e.name).starts_with(&w) && !w.is_empty())
                .map(|e| e.name.clone())
        };
        if let Some(e) = command.and_then(by_command) {
            return e;
        }
        // `trtllm-serve M`, `python3 -m sglang.launch_server`: the engine the command's
        // program names, wherever it stands in the command.
        let by_program = |c: &str| {
            let lower = c.to_lowercase();
            let (_, key) = ENGINE_PROGRAMS.iter().find(|(p, _)| lower.contains(p))?;
            engines
                .iter()
                .find(|e| normalize_name(&e.name).starts_with(key))
                .map(|e| e.name.clone())
        };
        if let Some(e) = command.and_then(by_program) {
            return e;
        }
        let recommended = self
            .report
            .recommended
            .as_ref()
            .and_then(|p| p.command.as_ref())
            .and_then(|c| by_command(&c.text));
        recommended
            .or_else(|| engines.first().map(|e| e.name.clone()))
            .unwrap_or_default()
    }

    pub(super) fn profiles(&mut self) -> Vec<ProfileEntry> {
        self.report
            .profiles
            .iter()
            .map(|p| {
                let mut dataset = OrderedTable::default();
                for (k, v) in &p.params {
                    dataset.insert(k.clone(), toml_value(v));
                }
                if p.params.is_empty() {
                    if let Some(n) = p.input_len {
                        dataset.insert("input_tokens", toml_value(&n.to_string()));
                    }
                    if let Some(n) = p.output_len {
                        dataset.insert("output_tokens", toml_value(&n.to_string()));
                    }
                }
                // A benchmark command's `--num-prompts`: the success rate's denominator.
                let total_requests = p
                    .total_requests
                    .filter(|_| dataset.get("total_requests").is_none())
                    .map(|n| n as u64);
                ProfileEntry {
                    name: p.name.clone(),
                    total_requests,
                    title: None,
                    dataset,
                }
            })
            .collect()
    }
}

/// The full serving command printed on `line`, from the report's parameter fences.
fn report_command_at(report: &Report, line: u64) -> Option<String> {
    let all = report
        .experiments
        .iter()
        .flat_map(|e| e.variants.iter().filter_map(|v| v.params.as_ref()))
        .chain(report.cases.iter().flat_map(|c| {
            [&c.baseline, &c.optimized]
                .into_iter()
                .flatten()
                .filter_map(|s| s.params.as_ref())
        }))
        .chain(report.recommended.as_ref());
    for p in all {
        if let Some(c) = &p.command {
            if c.line == line {
                return Some(c.text.clone());
            }
        }
    }
    None
}

/// The profile of a report that describes none.
pub(super) const DEFAULT_PROFILE: &str = "default";

/// A profile for a case the report never describes (`ShareGPT batch size 4`).
pub(super) fn new_profile(
    im: &mut Importer,
    profiles: &mut Vec<ProfileEntry>,
    label: &str,
    line: u64,
) -> String {
    let name = label.trim_matches('*').trim().to_owned();
    if !profiles.iter().any(|p| p.name == name) {
        im.lose(line, LostKind::UnknownProfile, name.clone(), None);
        profiles.push(ProfileEntry {
            name: name.clone(),
            total_requests: None,
            title: None,
            dataset: OrderedTable::default(),
        });
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_scalars_keep_their_types() {
        assert_eq!(toml_value("1000"), toml::Value::Integer(1000));
        assert_eq!(
            toml_value("ShareGPT"),
            toml::Value::String("ShareGPT".into())
        );
    }

    #[test]
    fn command_prefixes() {
        assert_eq!(
            command_prefix("mindie serve Qwen3-30B-A3B").as_deref(),
            Some("mindie serve")
        );
        assert_eq!(
            command_prefix("vllm serve Qwen/Qwen3-30B-A3B -tp 2").as_deref(),
            Some("vllm serve")
        );
    }
}
