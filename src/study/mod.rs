//! The study description (`study.toml`): what was benchmarked and where each raw output
//! is. [`load`] reads and checks it, reads every result file through `ingest`, and returns
//! a [`Study`] whose variants hold their runs. The compare stage reads it next.
//!
//! Every mistake in the file is an error that names the key and its line:
//! `study.toml:42: experiments[2].variants[0].profile = "Foo": no such profile`.

pub mod infer;
mod load;
mod localized;
pub mod requests;
mod spec;
mod whole;

use std::path::PathBuf;

use serde::Serialize;

use crate::model::Run;

pub use load::{load, load_str};
pub use localized::Localized;

#[derive(Debug, Clone)]
pub struct Study {
    /// The study file, as given.
    pub path: PathBuf,
    pub title: Option<Localized<String>>,
    pub model: String,
    pub hardware: String,
    pub objective: Option<Localized<String>>,
    pub engines: Vec<Engine>,
    pub profiles: Vec<Profile>,
    pub experiments: Vec<Experiment>,
    pub baseline: VariantId,
    pub scenarios: Vec<Scenario>,
    pub metrics: MetricSettings,
    /// `[metrics] slo`: the objectives a load series' capacity is read at.
    pub slos: Vec<crate::slo::Slo>,
    pub method: Option<Localized<Vec<String>>>,
    pub notes: Option<Localized<Vec<String>>>,
    /// `[conclusion] command`: the recommended serving command as the author wrote it.
    pub recommended_command: Option<String>,
}

impl Study {
    /// The texts a page in `lang` shows in another language, because the author gave
    /// them in other languages only: each key as the study file names it (`title`,
    /// `profiles[1].title`) with the language shown instead. A study imported from an
    /// English report has every text in English only; its Russian page must say so.
    pub fn untranslated(&self, lang: &str) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut check = |key: String, shown: Option<&str>| {
            if let Some(shown) = shown {
                out.push((key, shown.to_owned()));
            }
        };
        let top = [
            ("title", self.title.as_ref().and_then(|t| t.fallback(lang))),
            (
                "objective",
                self.objective.as_ref().and_then(|t| t.fallback(lang)),
            ),
            (
                "method",
                self.method.as_ref().and_then(|t| t.fallback(lang)),
            ),
            ("notes", self.notes.as_ref().and_then(|t| t.fallback(lang))),
        ];
        for (key, shown) in top {
            check(key.to_owned(), shown);
        }
        for (i, p) in self.profiles.iter().enumerate() {
            check(
                format!("profiles[{i}].title"),
                p.title.as_ref().and_then(|t| t.fallback(lang)),
            );
        }
        for (i, e) in self.experiments.iter().enumerate() {
            check(
                format!("experiments[{i}].title"),
                e.title.as_ref().and_then(|t| t.fallback(lang)),
            );
            for (j, v) in e.variants.iter().enumerate() {
                check(
                    format!("experiments[{i}].variants[{j}].label"),
                    v.label.as_ref().and_then(|t| t.fallback(lang)),
                );
            }
        }
        out
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Engine {
    pub name: String,
    pub version: Option<String>,
    /// The command that serves a model (`vllm serve`); the model name follows it.
    pub command: String,
}

#[derive(Debug, Clone)]
pub struct Profile {
    pub name: String,
    pub title: Option<Localized<String>>,
    /// Dataset parameters, sorted by key, values as TOML prints them (strings unquoted).
    pub dataset: Vec<(String, String)>,
    /// Requests asked for, when known.
    pub total_requests: Option<f64>,
}

impl Profile {
    pub fn title(&self, lang: &str) -> String {
        self.title
            .as_ref()
            .map_or_else(|| self.name.clone(), |t| t.text_or(lang, &self.name))
    }
}

#[derive(Debug, Clone)]
pub struct Experiment {
    pub id: String,
    pub title: Option<Localized<String>>,
    pub variants: Vec<Variant>,
}

impl Experiment {
    pub fn title(&self, lang: &str) -> String {
        self.title
            .as_ref()
            .map_or_else(|| self.id.clone(), |t| t.text_or(lang, &self.id))
    }
}

#[derive(Debug, Clone)]
pub struct Variant {
    pub name: String,
    pub label: Option<Localized<String>>,
    /// Index into [`Study::engines`].
    pub engine: usize,
    /// Index into [`Study::profiles`].
    pub profile: usize,
    pub parameters: Vec<String>,
    pub outcome: Outcome,
}

impl Variant {
    pub fn label(&self, lang: &str) -> String {
        self.label
            .as_ref()
            .map_or_else(|| self.name.clone(), |t| t.text_or(lang, &self.name))
    }

    pub fn run(&self) -> Option<&Run> {
        self.outcome.run()
    }
}

/// A variant's (or scenario side's) result: a run read from its file, or why there is
/// none.
#[derive(Debug, Clone)]
pub enum Outcome {
    Result(LoadedRun),
    Missing { reason: String },
}

impl Outcome {
    pub fn run(&self) -> Option<&Run> {
        match self {
            Outcome::Result(r) => Some(&r.run),
            Outcome::Missing { .. } => None,
        }
    }

    pub fn loaded(&self) -> Option<&LoadedRun> {
        match self {
            Outcome::Result(r) => Some(r),
            Outcome::Missing { .. } => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct LoadedRun {
    pub run: Run,
    /// The path as the study wrote it (relative to the study file).
    pub file: String,
    /// 1-based run within the file.
    pub number: usize,
    /// The run's block as printed (for the report's raw-output sections).
    pub raw: String,
}

/// Which variant: indices into [`Study::experiments`] and its `variants`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct VariantId {
    pub experiment: usize,
    pub variant: usize,
}

/// Baseline and optimized configurations run on one more profile.
#[derive(Debug, Clone)]
pub struct Scenario {
    pub profile: usize,
    pub baseline: Outcome,
    pub optimized: Outcome,
}

/// How variants are ranked and compared.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MetricSettings {
    /// Column that ranks variants (`total_token_throughput`).
    pub primary: String,
    /// Column compared between the same two runs (`mean_tpot_ms`).
    pub secondary: String,
    pub style: GapStyle,
    /// What the study optimizes; agrees with the primary metric's direction.
    pub goal: Goal,
}

/// What a study optimizes: the highest throughput, or the lowest latency.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Goal {
    Throughput,
    Latency,
}

/// How a gap between two values is told: in percent (throughput studies) or as a ratio
/// of the slower over the faster (latency studies: "3.10x faster").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GapStyle {
    Percent,
    Ratio,
}

impl Study {
    pub fn variant(&self, id: VariantId) -> &Variant {
        &self.experiments[id.experiment].variants[id.variant]
    }

    /// The serving command of a variant: engine command, model, then its parameters.
    pub fn serving_command(&self, id: VariantId) -> (String, Vec<String>) {
        let v = self.variant(id);
        let engine = &self.engines[v.engine];
        (
            format!("{} {}", engine.command, self.model),
            v.parameters.clone(),
        )
    }
}
