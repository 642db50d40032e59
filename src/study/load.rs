//! `study.toml` → [`Study`]: parse the wire format, check every reference (engine,
//! profile, baseline, metric), then read each result file once through `ingest` and pick
//! the run the study names. Errors name the study file, the line and the key.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use toml::Spanned;

use super::spec::{EngineSpec, ExperimentSpec, ProfileSpec, StudySpec, VariantSpec};
use super::{
    Engine, Experiment, GapStyle, Goal, MetricSettings, Outcome, Profile, Scenario, Study, Variant,
    VariantId,
};
use crate::model::{schema, Run};
use crate::{Error, Result};

mod results;

const DEFAULT_PRIMARY: &str = "total_token_throughput";
const DEFAULT_SECONDARY: &str = "mean_tpot_ms";
/// The primary metric of a latency study that names none: mean end-to-end latency.
const DEFAULT_LATENCY_PRIMARY: &str = "mean_e2el_ms";

/// Reads a study file and every result it names.
pub fn load(path: &Path) -> Result<Study> {
    let text = std::fs::read_to_string(path).map_err(|e| Error::io(path, e))?;
    load_str(path, &text)
}

/// Reads a study from its text; result paths are relative to `path`'s folder.
pub fn load_str(path: &Path, text: &str) -> Result<Study> {
    let spec: StudySpec = toml::from_str(text).map_err(|e| {
        let line = e.span().map(|s| line_of(text, s.start));
        Error::parse(path, line, e.message().trim().to_owned())
    })?;
    Loader {
        path,
        text,
        dir: path.parent().map(Path::to_path_buf).unwrap_or_default(),
        files: BTreeMap::new(),
        folders: BTreeMap::new(),
    }
    .study(spec)
}

/// A study's run knows its server as the study states it: the engine's command, the
/// model and the variant's parameters (`ingest/server/`), where the run's own files did
/// not say (a raw block copied alone); the engine's version from `[[engines]]`.
fn engine_of_study(run: &mut Run, engine: &EngineSpec, model: &str, parameters: &[String]) {
    if run.text("engine").is_some() {
        return;
    }
    let Some(command) = &engine.command else {
        return;
    };
    let line = format!("{command} {model} {}", parameters.join(" "));
    if let Some(mut config) = crate::ingest::server_of_command(&line) {
        config.version = engine.version.clone();
        config.fill(run);
    }
}

/// 1-based line of a byte offset.
fn line_of(text: &str, offset: usize) -> u64 {
    crate::offsets::line_of(text, offset)
}

struct Loader<'a> {
    path: &'a Path,
    text: &'a str,
    dir: PathBuf,
    /// Result files already read: (runs, file text). Several variants may share a file.
    files: BTreeMap<PathBuf, (Vec<Run>, String)>,
    /// Folders of result files read as `ingest` reads them (`None`: that failed), once
    /// each: the runs that make a result file's runs whole (see [`whole`]).
    folders: BTreeMap<PathBuf, Option<Vec<Run>>>,
}

impl Loader<'_> {
    /// An error at a value of the study file: `KEY = VALUE: message`.
    fn error_at<T: std::fmt::Debug>(&self, key: &str, value: &Spanned<T>, message: &str) -> Error {
        Error::parse(
            self.path,
            Some(line_of(self.text, value.span().start)),
            format!("{key} = {:?}: {message}", value.get_ref()),
        )
    }

    fn error(&self, message: impl Into<crate::error::Text>) -> Error {
        Error::parse(self.path, None, message)
    }

    fn study(mut self, spec: StudySpec) -> Result<Study> {
        let engines = self.engines(&spec)?;
        let profiles = self.profiles(&spec.profiles)?;
        let mut experiments = Vec::new();
        let mut ids = BTreeSet::new();
        for (i, e) in spec.experiments.iter().enumerate() {
            if !ids.insert(e.id.as_str()) {
                return Err(self.error(crate::msg!(
                    "study-error-used-twice",
                    key = format!("experiments[{i}].id = {:?}", e.id)
                )));
            }
            experiments.push(self.experiment(i, e, &spec, &profiles)?);
        }
        if experiments.is_empty() {
            return Err(self.error(crate::msg!("study-error-no-experiments")));
        }
        let baseline = self.baseline(&spec, &experiments)?;
        let mut scenarios = Vec::new();
        for (i, s) in spec.scenarios.iter().enumerate() {
            let profile = self.profile_index(
                &format!("scenarios[{i}].profile"),
                &s.profile,
                &spec.profiles,
            )?;
            scenarios.push(Scenario {
                profile,
                baseline: self.side(&format!("scenarios[{i}].baseline"), &s.baseline)?,
                optimized: self.side(&format!("scenarios[{i}].optimized"), &s.optimized)?,
            });
        }
        let metrics = self.metrics(&spec)?;
        let slos = self.slos(&spec)?;
        Ok(Study {
            path: self.path.to_path_buf(),
            title: spec.title,
            model: spec.model,
            hardware: spec.hardware,
            objective: spec.objective,
            engines,
            profiles,
            experiments,
            baseline,
            scenarios,
            metrics,
            slos,
            method: spec.method,
            notes: spec.notes,
            recommended_command: spec.conclusion.command,
        })
    }

    fn engines(&self, spec: &StudySpec) -> Result<Vec<Engine>> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for (i, e) in spec.engines.iter().enumerate() {
            if !seen.insert(e.name.as_str()) {
                return Err(self.error(crate::msg!(
                    "study-error-used-twice",
                    key = format!("engines[{i}].name = {:?}", e.name)
                )));
            }
            out.push(Engine {
                name: e.name.clone(),
                version: e.version.clone(),
                // `vLLM` → `vllm serve`: the common shape of today's serving CLIs.
                command: e
                    .command
                    .clone()
                    .unwrap_or_else(|| format!("{} serve", e.name.to_lowercase())),
            });
        }
        Ok(out)
    }

    fn profiles(&self, specs: &[ProfileSpec]) -> Result<Vec<Profile>> {
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for (i, p) in specs.iter().enumerate() {
            if !seen.insert(p.name.as_str()) {
                return Err(self.error(crate::msg!(
                    "study-error-used-twice",
                    key = format!("profiles[{i}].name = {:?}", p.name)
                )));
            }
            let mut entries: Vec<_> = p.dataset.iter().collect();
            entries.sort_by_key(|(k, _)| k.span().start);
            let dataset = entries
                .iter()
                .map(|(k, v)| {
                    let text = match v {
                        toml::Value::String(s) => s.clone(),
                        other => other.to_string(),
                    };
                    (k.get_ref().clone(), text)
                })
                .collect();
            let total = p
                .dataset
                .iter()
                .find(|(k, _)| k.get_ref() == "total_requests");
            let from_dataset = match total.map(|(_, v)| v) {
                Some(toml::Value::Integer(n)) => Some(*n as f64),
                Some(toml::Value::Float(x)) => Some(*x),
                _ => None,
            };
            out.push(Profile {
                name: p.name.clone(),
                title: p.title.clone(),
                dataset,
                total_requests: p.total_requests.map(|n| n as f64).or(from_dataset),
            });
        }
        Ok(out)
    }

    fn profile_index(
        &self,
        key: &str,
        name: &Spanned<String>,
        profiles: &[ProfileSpec],
    ) -> Result<usize> {
        profiles
            .iter()
            .position(|p| p.name == *name.get_ref())
            .ok_or_else(|| {
                let known: Vec<_> = profiles.iter().map(|p| p.name.as_str()).collect();
                self.error_at(
                    key,
                    name,
                    &crate::tr!("study-error-no-such-profile", known = list(&known)),
                )
            })
    }

    fn experiment(
        &mut self,
        i: usize,
        e: &ExperimentSpec,
        spec: &StudySpec,
        _profiles: &[Profile],
    ) -> Result<Experiment> {
        let slug_ok = !e.id.is_empty()
            && e.id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
        if !slug_ok {
            // The id names chart files, so it must be safe in a path.
            return Err(self.error(crate::msg!(
                "study-error-bad-id",
                key = format!("experiments[{i}].id = {:?}", e.id)
            )));
        }
        if e.variants.is_empty() {
            return Err(self.error(crate::msg!(
                "study-error-no-variants",
                key = format!("experiments[{i}] ({})", e.id)
            )));
        }
        let mut names = BTreeSet::new();
        let mut variants = Vec::new();
        for (j, v) in e.variants.iter().enumerate() {
            let key = format!("experiments[{i}].variants[{j}]");
            if !names.insert(v.name.as_str()) {
                return Err(self.error(crate::msg!(
                    "study-error-used-twice-in-experiment",
                    key = format!("{key}.name = {:?}", v.name)
                )));
            }
            variants.push(self.variant(&key, v, spec)?);
        }
        Ok(Experiment {
            id: e.id.clone(),
            title: e.title.clone(),
            variants,
        })
    }

    fn variant(&mut self, key: &str, v: &VariantSpec, spec: &StudySpec) -> Result<Variant> {
        let engine = spec
            .engines
            .iter()
            .position(|e| e.name == *v.engine.get_ref())
            .ok_or_else(|| {
                let known: Vec<_> = spec.engines.iter().map(|e| e.name.as_str()).collect();
                self.error_at(
                    &format!("{key}.engine"),
                    &v.engine,
                    &crate::tr!("study-error-no-such-engine", known = list(&known)),
                )
            })?;
        let profile = self.profile_index(&format!("{key}.profile"), &v.profile, &spec.profiles)?;
        let mut outcome =
            self.outcome(key, v.result.as_ref(), v.run.as_ref(), v.missing.as_ref())?;
        if let Outcome::Result(loaded) = &mut outcome {
            engine_of_study(
                &mut loaded.run,
                &spec.engines[engine],
                &spec.model,
                &v.parameters,
            );
        }
        Ok(Variant {
            name: v.name.clone(),
            label: v.label.clone(),
            engine,
            profile,
            parameters: v.parameters.clone(),
            outcome,
        })
    }

    fn baseline(&self, spec: &StudySpec, experiments: &[Experiment]) -> Result<VariantId> {
        let id = match &spec.baseline {
            None => VariantId {
                experiment: 0,
                variant: 0,
            },
            Some(b) => {
                let (exp, var) = b.get_ref().split_once('/').ok_or_else(|| {
                    self.error_at("baseline", b, &crate::tr!("study-error-baseline-form"))
                })?;
                let experiment = experiments
                    .iter()
                    .position(|e| e.id == exp)
                    .ok_or_else(|| {
                        self.error_at(
                            "baseline",
                            b,
                            &crate::tr!("study-error-no-such-experiment", id = exp.to_owned()),
                        )
                    })?;
                let variant = experiments[experiment]
                    .variants
                    .iter()
                    .position(|v| v.name == var)
                    .ok_or_else(|| {
                        self.error_at(
                            "baseline",
                            b,
                            &crate::tr!(
                                "study-error-no-such-variant",
                                experiment = exp.to_owned(),
                                variant = var.to_owned()
                            ),
                        )
                    })?;
                VariantId {
                    experiment,
                    variant,
                }
            }
        };
        if experiments[id.experiment].variants[id.variant]
            .run()
            .is_none()
        {
            let message = crate::tr!("study-error-baseline-without-result");
            return Err(match &spec.baseline {
                Some(b) => self.error_at("baseline", b, &message),
                None => self.error(crate::msg!(
                    "study-error-default-baseline",
                    message = message.clone()
                )),
            });
        }
        Ok(id)
    }

    /// `[metrics] slo = ["mean_e2el_ms<=3000"]`, each parsed as `--slo` is.
    fn slos(&self, spec: &StudySpec) -> Result<Vec<crate::slo::Slo>> {
        spec.metrics
            .slo
            .iter()
            .map(|s| {
                crate::slo::Slo::parse(s.get_ref()).map_err(|e| {
                    let message = match e {
                        Error::Usage(m) => m.to_string(),
                        other => other.to_string(),
                    };
                    self.error_at("metrics.slo", s, &message)
                })
            })
            .collect()
    }

    fn metrics(&self, spec: &StudySpec) -> Result<MetricSettings> {
        let m = &spec.metrics;
        let column = |key: &str, v: &Option<Spanned<String>>, default: &str| -> Result<String> {
            match v {
                None => Ok(default.to_owned()),
                Some(s) if schema::higher_is_better(s.get_ref()).is_some() => {
                    Ok(s.get_ref().clone())
                }
                Some(s) => {
                    Err(self.error_at(key, s, &crate::tr!("study-error-metric-without-direction")))
                }
            }
        };
        let goal = match &spec.goal {
            None => None,
            Some(g) => match g.get_ref().as_str() {
                "throughput" => Some(Goal::Throughput),
                "latency" => Some(Goal::Latency),
                _ => return Err(self.error_at("goal", g, &crate::tr!("study-error-goal"))),
            },
        };
        let default_primary = match goal {
            Some(Goal::Latency) => DEFAULT_LATENCY_PRIMARY,
            _ => DEFAULT_PRIMARY,
        };
        let primary = column("metrics.primary", &m.primary, default_primary)?;
        let lower_is_better = schema::higher_is_better(&primary) == Some(false);
        let derived = if lower_is_better {
            Goal::Latency
        } else {
            Goal::Throughput
        };
        // A latency study ranks by a latency: the words and the ranking must agree.
        if let (Some(g), Some(spec_goal)) = (goal, &spec.goal) {
            if g != derived {
                return Err(self.error_at(
                    "goal",
                    spec_goal,
                    &crate::tr!("study-error-goal-metric", metric = primary.clone()),
                ));
            }
        }
        let secondary = column("metrics.secondary", &m.secondary, DEFAULT_SECONDARY)?;
        let style = match &m.style {
            None if schema::higher_is_better(&primary) == Some(false) => GapStyle::Ratio,
            None => GapStyle::Percent,
            Some(s) => match s.get_ref().as_str() {
                "percent" => GapStyle::Percent,
                "ratio" => GapStyle::Ratio,
                _ => {
                    return Err(self.error_at("metrics.style", s, &crate::tr!("study-error-style")))
                }
            },
        };
        Ok(MetricSettings {
            primary,
            secondary,
            style,
            goal: derived,
        })
    }
}

fn list(names: &[&str]) -> String {
    if names.is_empty() {
        crate::tr!("study-none-defined")
    } else {
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::Outcome;

    fn write(dir: &Path, name: &str, text: &str) {
        std::fs::write(dir.join(name), text).unwrap();
    }

    const BLOCK: &str = "============ Serving Benchmark Result ============
Successful requests:                     10
Benchmark duration (s):                  1.00
Total Token throughput (tok/s):          100.00
Mean TPOT (ms):                          5.00
==================================================
";

    fn study_text(variant_extra: &str) -> String {
        format!(
            r#"model = "m"
hardware = "h"
[[engines]]
name = "vLLM"
[[profiles]]
name = "P"
total_requests = 10
[[experiments]]
id = "e"
[[experiments.variants]]
name = "base"
engine = "vLLM"
profile = "P"
result = "a.txt"
[[experiments.variants]]
name = "v"
engine = "vLLM"
{variant_extra}
"#
        )
    }

    fn err(dir: &Path, text: &str) -> String {
        let path = dir.join("study.toml");
        write(dir, "study.toml", text);
        load(&path).unwrap_err().to_string()
    }

    #[test]
    fn errors_name_the_key_and_line() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "a.txt", BLOCK);
        write(d, "empty.txt", "# nothing here\n");
        write(d, "two.txt", &format!("{BLOCK}\n{BLOCK}"));

        let e = err(d, &study_text("profile = \"Foo\"\nresult = \"a.txt\""));
        assert!(e.contains("study.toml:18: experiments[0].variants[1].profile = \"Foo\": no such profile (profiles: P)"), "{e}");

        let e = err(d, &study_text("profile = \"P\"\nresult = \"nope.txt\""));
        assert!(
            e.contains(":19: experiments[0].variants[1].result = \"nope.txt\": cannot read"),
            "{e}"
        );

        let e = err(d, &study_text("profile = \"P\"\nresult = \"empty.txt\""));
        assert!(
            e.contains("experiments[0].variants[1].result = \"empty.txt\": "),
            "{e}"
        );

        let e = err(d, &study_text("profile = \"P\"\nresult = \"two.txt\""));
        assert!(e.contains("holds 2 runs; choose one with `run = N`"), "{e}");

        let e = err(
            d,
            &study_text("profile = \"P\"\nresult = \"two.txt\"\nrun = 3"),
        );
        assert!(
            e.contains(":20: experiments[0].variants[1].run = 3: no such run"),
            "{e}"
        );

        let e = err(d, &study_text("profile = \"P\""));
        assert!(
            e.contains("experiments[0].variants[1]: needs `result"),
            "{e}"
        );

        let e = err(
            d,
            &study_text("profile = \"P\"\nmissing = \"crash\"\nbogus = 1"),
        );
        assert!(e.contains("study.toml:20:") && e.contains("bogus"), "{e}");

        let e = err(
            d,
            &(study_text("profile = \"P\"\nmissing = \"crash\"")
                + "[metrics]\nprimary = \"label\"\n"),
        );
        assert!(e.contains("metrics.primary = \"label\""), "{e}");
    }

    #[test]
    fn loads_runs_by_number_and_missing_variants() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        write(d, "a.txt", BLOCK);
        let second = BLOCK.replace("100.00", "200.00");
        write(
            d,
            "two.txt",
            &format!("# provenance\n{BLOCK}\n# second run\n{second}"),
        );
        let text = study_text("profile = \"P\"\nresult = \"two.txt\"\nrun = 2")
            + "[[experiments]]\nid = \"x\"\n[[experiments.variants]]\nname = \"crashed\"\nengine = \"vLLM\"\nprofile = \"P\"\nmissing = \"engine crashed\"\n";
        write(d, "study.toml", &text);
        let study = load(&d.join("study.toml")).unwrap();
        let v = &study.experiments[0].variants[1];
        assert_eq!(
            v.run().and_then(|r| r.get("total_token_throughput")),
            Some(200.0)
        );
        let loaded = v.outcome.loaded().unwrap();
        assert_eq!(loaded.number, 2);
        assert!(loaded.raw.starts_with("============ Serving") && loaded.raw.ends_with("====="));
        assert!(!loaded.raw.contains("second run"));
        assert!(
            matches!(&study.experiments[1].variants[0].outcome, Outcome::Missing { reason } if reason == "engine crashed")
        );
        assert_eq!(study.metrics.primary, "total_token_throughput");
        assert_eq!(study.metrics.style, GapStyle::Percent);
        assert_eq!(study.profiles[0].total_requests, Some(10.0));
    }
}
