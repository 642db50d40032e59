//! The wire format of `study.toml`, mirrored exactly by serde structs (critcmp style):
//! nothing here is validated beyond TOML types and unknown keys. `load.rs` turns it into
//! the checked [`super::Study`].

use serde::Deserialize;
use toml::Spanned;

use super::Localized;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StudySpec {
    pub title: Option<Localized<String>>,
    pub model: String,
    pub hardware: String,
    /// What the study tries to achieve, one paragraph.
    pub objective: Option<Localized<String>>,
    #[serde(default)]
    pub engines: Vec<EngineSpec>,
    #[serde(default)]
    pub profiles: Vec<ProfileSpec>,
    #[serde(default)]
    pub experiments: Vec<ExperimentSpec>,
    /// `experiment-id/variant-name`; the first variant of the first experiment when absent.
    pub baseline: Option<Spanned<String>>,
    #[serde(default)]
    pub scenarios: Vec<ScenarioSpec>,
    #[serde(default)]
    pub metrics: MetricsSpec,
    /// `throughput` or `latency`: what the study optimizes; by default what the primary
    /// metric measures (`mean_e2el_ms` is the primary metric of a latency study by default).
    pub goal: Option<Spanned<String>>,
    /// What the report concludes as its author wrote it.
    #[serde(default)]
    pub conclusion: ConclusionSpec,
    /// How the benchmarks were run: paragraphs.
    pub method: Option<Localized<Vec<String>>>,
    /// Caveats printed under the conclusion: one item each.
    pub notes: Option<Localized<Vec<String>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineSpec {
    pub name: String,
    pub version: Option<String>,
    /// The command that serves a model, e.g. `vllm serve`; the model follows it.
    pub command: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileSpec {
    pub name: String,
    pub title: Option<Localized<String>>,
    /// Dataset parameters as the benchmark tool takes them, printed as YAML.
    /// Keys carry their position so the report keeps the author's order.
    #[serde(default)]
    pub dataset: std::collections::BTreeMap<Spanned<String>, toml::Value>,
    /// Requests asked for: the success-rate denominator when a run prints neither failed
    /// requests nor the prompt count. Falls back to `dataset.total_requests`.
    pub total_requests: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExperimentSpec {
    pub id: String,
    pub title: Option<Localized<String>>,
    #[serde(default)]
    pub variants: Vec<VariantSpec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantSpec {
    pub name: String,
    pub label: Option<Localized<String>>,
    pub engine: Spanned<String>,
    pub profile: Spanned<String>,
    #[serde(default)]
    pub parameters: Vec<String>,
    /// Path of the raw output, relative to the study file.
    pub result: Option<Spanned<String>>,
    /// 1-based run within the file; required when the file holds several.
    pub run: Option<Spanned<i64>>,
    /// Why there is no result (the engine crashed, the option is unsupported).
    pub missing: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSpec {
    pub profile: Spanned<String>,
    pub baseline: SideSpec,
    pub optimized: SideSpec,
}

/// One side of a scenario: a result (same keys as a variant's) or why there is none.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideSpec {
    pub result: Option<Spanned<String>>,
    pub run: Option<Spanned<i64>>,
    pub missing: Option<Spanned<String>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MetricsSpec {
    /// Column that ranks variants; `total_token_throughput` by default.
    pub primary: Option<Spanned<String>>,
    /// Column compared between the same two runs; `mean_tpot_ms` by default.
    pub secondary: Option<Spanned<String>>,
    /// `percent` or `ratio`; by default percent when higher is better, ratio otherwise.
    pub style: Option<Spanned<String>>,
    /// Service-level objectives as `perflab curves --slo` takes them
    /// (`mean_e2el_ms<=3000`): a load series of the study is drawn with its capacity.
    #[serde(default)]
    pub slo: Vec<Spanned<String>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConclusionSpec {
    /// The recommended serving command, printed byte for byte instead of the one built
    /// from the recommended variant.
    pub command: Option<String>,
}
