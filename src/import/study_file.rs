//! The `study.toml` that `import` writes: serde structs that mirror the study file's wire
//! format key for key (the schema `study::spec` reads, with `deny_unknown_fields`), in
//! the order TOML needs (plain values before tables, tables before arrays of tables).

use std::collections::BTreeMap;

use serde::Serialize;

/// Text given per language: `{ en = "...", ru = "..." }`.
pub type PerLanguage<T> = BTreeMap<String, T>;

/// Text given once for every language (`label = "vLLM"`) or per language.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Text<T> {
    Same(T),
    PerLanguage(PerLanguage<T>),
}

impl<T> Text<T> {
    /// The text in `lang`, or the text given for every language.
    pub fn get(&self, lang: &str) -> Option<&T> {
        match self {
            Text::Same(t) => Some(t),
            Text::PerLanguage(m) => m.get(lang),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct StudyFile {
    pub model: String,
    pub hardware: String,
    /// `experiment-id/variant-name`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub baseline: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<Text<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub objective: Option<Text<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<Text<Vec<String>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<Text<Vec<String>>>,
    pub engines: Vec<EngineEntry>,
    pub profiles: Vec<ProfileEntry>,
    pub experiments: Vec<ExperimentEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scenarios: Vec<ScenarioEntry>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EngineEntry {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ProfileEntry {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total_requests: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<Text<String>>,
    pub dataset: toml::Table,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExperimentEntry {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<Text<String>>,
    pub variants: Vec<VariantEntry>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VariantEntry {
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<Text<String>>,
    pub engine: String,
    pub profile: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parameters: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missing: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScenarioEntry {
    pub profile: String,
    pub baseline: SideEntry,
    pub optimized: SideEntry,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideEntry {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missing: Option<String>,
}

impl StudyFile {
    /// The file's text, after a comment header (each line prefixed with `# `).
    pub fn to_toml(&self, header: &str) -> crate::Result<String> {
        let body = toml::to_string_pretty(self)
            .map_err(|e| crate::Error::Usage(format!("cannot write study.toml: {e}")))?;
        let mut out = String::new();
        for line in header.lines() {
            out.push_str("# ");
            out.push_str(line);
            out.push('\n');
        }
        out.push('\n');
        out.push_str(&body);
        Ok(out)
    }
}
