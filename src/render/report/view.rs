//! The report's view model (criterion style): everything the Markdown templates print,
//! already worded in the report's language. Numbers and verdicts come from the
//! [`StudyComparison`]; words come from Fluent; user text (titles, labels, notes) is either
//! passed raw for the template's `| md` filter or, inside sentences built here, escaped
//! with [`crate::render::escape::markdown`] before it is placed in the sentence.

use std::collections::BTreeMap;

use fluent_bundle::FluentValue;
use serde::Serialize;

mod cells;
mod conclusion;
mod sections;
mod shared_words;

pub use shared_words::{gap_sentence, metric_name, serving_command_text, with_unit};

use super::figures::Figures;
use crate::compare::{MetricSpec, StudyComparison};
use crate::l10n::{message_ids, Localizer};
use crate::render::escape::markdown as md;
use crate::study::{Study, VariantId};

#[derive(Debug, Serialize)]
pub struct ReportView {
    pub lang: String,
    /// Every message of the language that takes no argument, by id.
    pub t: BTreeMap<String, String>,
    /// Raw (template escapes).
    pub title: String,
    pub objective: Option<String>,
    pub conclusion: ConclusionView,
    /// Raw items.
    pub notes: Vec<String>,
    pub setup: SetupView,
    pub experiments: Vec<ExperimentView>,
    pub summary_rows: Vec<SummaryRowView>,
    pub scenarios: Vec<ScenarioView>,
    pub latency_charts: Vec<ChartRef>,
    /// Load series drawn as curves (filled by `curve.rs`).
    pub load_curves: Vec<super::curve::LoadCurveView>,
    /// The section of the variants' requests (filled by `requests.rs`).
    pub requests_intro: Option<String>,
    pub requests: Vec<super::requests::RequestsView>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ChartRef {
    /// Relative to the Markdown file: `charts/conclusion.en.svg`.
    pub path: String,
    /// Markdown-safe.
    pub alt: String,
}

/// A fenced code block; the fence is longer than any backtick run in the text, so no
/// text can close it early.
#[derive(Debug, Clone, Serialize)]
pub struct CodeBlock {
    pub fence: String,
    pub info: String,
    pub text: String,
}

impl CodeBlock {
    pub fn new(info: &str, text: &str) -> Self {
        let mut longest = 0;
        let mut run = 0;
        for c in text.chars() {
            run = if c == '`' { run + 1 } else { 0 };
            longest = longest.max(run);
        }
        CodeBlock {
            fence: "`".repeat((longest + 1).max(3)),
            info: info.to_owned(),
            text: text.trim_end_matches('\n').to_owned(),
        }
    }
}

#[derive(Debug, Serialize)]
pub struct ConclusionView {
    pub chart: Option<ChartRef>,
    /// Markdown-safe sentence.
    pub intro: String,
    pub command: CodeBlock,
    pub baseline_kept: bool,
    /// Markdown-safe column header.
    pub baseline_header: String,
    pub rows: Vec<TableRow>,
}

/// A row of a two-column comparison table: Markdown-safe cells.
#[derive(Debug, Serialize)]
pub struct TableRow {
    /// Raw (template escapes).
    pub name: String,
    pub baseline: String,
    pub optimized: String,
}

#[derive(Debug, Serialize)]
pub struct SetupView {
    pub model: String,
    pub hardware: String,
    pub engines: Vec<EngineView>,
    pub method: Vec<String>,
    pub profiles: Vec<ProfileView>,
}

#[derive(Debug, Serialize)]
pub struct EngineView {
    pub name: String,
    pub version: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct ProfileView {
    pub title: String,
    pub dataset: Option<CodeBlock>,
}

#[derive(Debug, Serialize)]
pub struct ExperimentView {
    pub id: String,
    pub title: String,
    pub chart: Option<ChartRef>,
    /// One variant: no sub-heading per variant.
    pub single: bool,
    pub variants: Vec<VariantView>,
    /// Markdown-safe sentence: best against worst.
    pub summary: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct VariantView {
    pub label: String,
    /// Markdown-safe line.
    pub profile_line: String,
    pub parameters: Option<CodeBlock>,
    pub result: Option<CodeBlock>,
    /// Markdown-safe remarks: missing result, skipped, baseline.
    pub remarks: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct SummaryRowView {
    pub name: String,
    pub optimized: String,
    pub baseline: String,
}

#[derive(Debug, Serialize)]
pub struct ScenarioView {
    pub title: String,
    pub baseline: ScenarioSideView,
    pub optimized: ScenarioSideView,
    /// Markdown-safe: the workload columns in which the two runs differ.
    pub workload_note: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct ScenarioSideView {
    pub parameters: Option<CodeBlock>,
    pub result: Option<CodeBlock>,
    /// Markdown-safe.
    pub missing: Option<String>,
}

/// Builds the view of one language.
pub struct ViewBuilder<'a> {
    pub study: &'a Study,
    pub cmp: &'a StudyComparison,
    pub loc: &'a Localizer,
    pub figures: &'a Figures,
}

fn num(v: f64) -> FluentValue<'static> {
    FluentValue::from(v)
}

fn text(s: impl Into<String>) -> FluentValue<'static> {
    FluentValue::from(s.into())
}

fn yes_no(b: bool) -> FluentValue<'static> {
    text(if b { "yes" } else { "no" })
}

impl ViewBuilder<'_> {
    fn lang(&self) -> &'static str {
        self.loc.lang()
    }

    fn tr(&self, id: &str, args: &[(&str, FluentValue<'_>)]) -> String {
        self.loc.tr_args(id, args)
    }

    /// The localized name of a metric column, or the column itself when the locale has
    /// no name for it.
    pub fn metric_name(&self, key: &str) -> String {
        metric_name(self.loc, key)
    }

    /// `Total TPS (tok/s)`.
    fn metric_with_unit(&self, m: &MetricSpec) -> String {
        with_unit(&self.metric_name(&m.key), m.unit)
    }

    fn label(&self, id: VariantId) -> String {
        self.study.variant(id).label(self.lang())
    }

    pub fn build(&self) -> ReportView {
        let lang = self.lang();
        let t = message_ids(lang)
            .into_iter()
            .map(|id| {
                let v = self.loc.tr(&id);
                (id, v)
            })
            .collect();
        let study = self.study;
        ReportView {
            lang: lang.to_owned(),
            t,
            title: match &study.title {
                Some(t) => t.text_or(lang, &study.model),
                // Raw here: the template escapes the title once (`{{ title | md }}`).
                None => self.tr(
                    "report-title-default",
                    &[("model", text(study.model.clone()))],
                ),
            },
            objective: study.objective.as_ref().and_then(|o| o.get(lang).cloned()),
            conclusion: self.conclusion(),
            notes: study
                .notes
                .as_ref()
                .and_then(|n| n.get(lang).cloned())
                .unwrap_or_default(),
            setup: self.setup(),
            experiments: self.experiments(),
            summary_rows: self.summary_rows(),
            scenarios: self.scenarios(),
            latency_charts: self
                .figures
                .latency
                .iter()
                .map(|f| f.reference(lang))
                .collect(),
            load_curves: Vec::new(),
            requests_intro: None,
            requests: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_outgrow_backticks_in_the_text() {
        assert_eq!(CodeBlock::new("", "a").fence, "```");
        assert_eq!(CodeBlock::new("", "a ```` b").fence, "`````");
    }
}
