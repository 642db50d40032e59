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
    /// `latency` when the report's conclusion compares a latency; else absent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub goal: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<Text<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub objective: Option<Text<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<Text<Vec<String>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<Text<Vec<String>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metrics: Option<MetricsEntry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conclusion: Option<ConclusionEntry>,
    pub engines: Vec<EngineEntry>,
    pub profiles: Vec<ProfileEntry>,
    pub experiments: Vec<ExperimentEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scenarios: Vec<ScenarioEntry>,
}

/// `[metrics]`: the metric the report's conclusion ranks by.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MetricsEntry {
    pub primary: String,
}

/// `[conclusion]`: the recommended serving command as the report prints it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConclusionEntry {
    pub command: String,
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
    pub dataset: OrderedTable,
}

/// A TOML table written in the order its keys were given (the report's order), which a
/// `toml::Table` would sort.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrderedTable(pub Vec<(String, toml::Value)>);

impl OrderedTable {
    pub fn get(&self, key: &str) -> Option<&toml::Value> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub fn insert(&mut self, key: impl Into<String>, value: toml::Value) {
        let key = key.into();
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some(entry) => entry.1 = value,
            None => self.0.push((key, value)),
        }
    }
}

impl Serialize for OrderedTable {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            map.serialize_entry(k, v)?;
        }
        map.end()
    }
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
        let body = toml::to_string_pretty(self).map_err(|e| {
            crate::Error::usage(crate::msg!(
                "import-error-study-toml",
                reason = e.to_string()
            ))
        })?;
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
