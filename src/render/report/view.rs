//! The report's view model (criterion style): everything the Markdown templates print,
//! already worded in the report's language. Numbers and verdicts come from the
//! [`StudyComparison`]; words come from Fluent; user text (titles, labels, notes) is either
//! passed raw for the template's `| md` filter or, inside sentences built here, escaped
//! with [`crate::render::escape::markdown`] before it is placed in the sentence.

use std::collections::BTreeMap;

use fluent_bundle::FluentValue;
use serde::Serialize;

mod conclusion;

use super::figures::Figures;
use crate::compare::{
    fixed, Change, ChangeVerdict as Verdict, Direction, ExperimentComparison, MetricSpec, RunGap,
    RunSide, Status, StudyComparison, SummaryEntry,
};
use crate::l10n::{message_ids, Localizer};
use crate::render::escape::markdown as md;
use crate::study::{GapStyle, Outcome, Study, VariantId};

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

    /// `Total TPS (tok/s): 11768.22 <span class="perflab-better">(+2.09%)</span><br>Mean TPOT (ms): 15.85`
    fn cell(
        &self,
        primary: Option<f64>,
        remark: Option<(&str, String)>,
        secondary: Option<f64>,
    ) -> String {
        let value = |v: Option<f64>| v.map_or_else(|| "—".to_owned(), fixed);
        let mut s = format!(
            "{}: {}",
            self.metric_with_unit(&self.cmp.primary),
            value(primary)
        );
        if let Some((class, words)) = remark {
            s.push_str(&format!(
                " <span class=\"perflab-{class}\">({words})</span>"
            ));
        }
        s.push_str(&format!(
            "<br>{}: {}",
            self.metric_with_unit(&self.cmp.secondary),
            value(secondary)
        ));
        s
    }

    fn change_remark(&self, change: &Change) -> (&'static str, String) {
        let class = match change.verdict {
            Verdict::Better => "better",
            Verdict::Worse => "worse",
            Verdict::Same => "same",
        };
        let words = match self.cmp.style {
            GapStyle::Percent => change.percent_text.clone(),
            GapStyle::Ratio => self.tr(
                "change-ratio",
                &[
                    ("verdict", text(class)),
                    ("ratio", text(change.ratio_text.clone())),
                ],
            ),
        };
        (class, words)
    }

    fn skipped_remark(&self, rate: Option<&str>) -> (&'static str, String) {
        let rate = rate.unwrap_or("n/a").to_owned();
        ("skipped", self.tr("cell-skipped", &[("rate", text(rate))]))
    }

    /// A conclusion cell; `latency`: a latency study's (`conclusion.rs`).
    fn side_cell(&self, side: &RunSide, change: Option<&Change>, latency: bool) -> String {
        if let Some(reason) = &side.missing {
            return self.tr("scenario-missing", &[("reason", text(md(reason)))]);
        }
        let remark = if !side.complete {
            Some(self.skipped_remark(side.success.as_ref().map(|s| s.percent_text.as_str())))
        } else {
            change.map(|c| self.change_remark(c))
        };
        if latency {
            return self.latency_cell(side, remark);
        }
        self.cell(side.primary, remark, side.secondary)
    }

    fn setup(&self) -> SetupView {
        let lang = self.lang();
        let study = self.study;
        SetupView {
            model: study.model.clone(),
            hardware: study.hardware.clone(),
            engines: study
                .engines
                .iter()
                .map(|e| EngineView {
                    name: e.name.clone(),
                    version: e.version.clone(),
                })
                .collect(),
            method: study
                .method
                .as_ref()
                .and_then(|m| m.get(lang).cloned())
                .unwrap_or_default(),
            profiles: study
                .profiles
                .iter()
                .map(|p| ProfileView {
                    title: p.title(lang),
                    dataset: (!p.dataset.is_empty()).then(|| {
                        let yaml: Vec<String> =
                            p.dataset.iter().map(|(k, v)| format!("{k}: {v}")).collect();
                        CodeBlock::new("yaml", &yaml.join("\n"))
                    }),
                })
                .collect(),
        }
    }

    fn experiments(&self) -> Vec<ExperimentView> {
        let lang = self.lang();
        self.study
            .experiments
            .iter()
            .zip(&self.cmp.experiments)
            .enumerate()
            .map(|(ei, (e, ec))| ExperimentView {
                id: e.id.clone(),
                title: e.title(lang),
                chart: self.figures.experiments.get(&ei).map(|f| f.reference(lang)),
                single: e.variants.len() == 1,
                variants: (0..e.variants.len())
                    .map(|vi| {
                        self.variant(VariantId {
                            experiment: ei,
                            variant: vi,
                        })
                    })
                    .collect(),
                summary: self.group_summary(ei, ec),
            })
            .collect()
    }

    fn parameters_block(&self, params: &[String]) -> Option<CodeBlock> {
        (!params.is_empty()).then(|| CodeBlock::new("bash", &params.join("\n")))
    }

    fn variant(&self, id: VariantId) -> VariantView {
        let lang = self.lang();
        let v = self.study.variant(id);
        let vc = self.cmp.variant(id);
        let mut remarks = Vec::new();
        if vc.is_baseline {
            remarks.push(self.loc.tr("variant-is-baseline"));
        }
        match &vc.status {
            Status::Valid => {}
            Status::Missing { reason } => {
                remarks.push(self.tr("variant-missing", &[("reason", text(md(reason)))]));
            }
            Status::NoPrimary => {
                remarks.push(self.tr(
                    "variant-no-primary",
                    &[("metric", text(self.metric_name(&self.cmp.primary.key)))],
                ));
            }
            Status::Skipped => {
                if let Some(s) = &vc.success {
                    remarks.push(self.tr(
                        "variant-skipped",
                        &[
                            ("rate", text(s.percent_text.clone())),
                            ("completed", num(s.completed)),
                            ("requested", num(s.requested)),
                        ],
                    ));
                }
            }
        }
        VariantView {
            label: v.label(lang),
            profile_line: self.tr(
                "variant-profile",
                &[(
                    "profile",
                    text(md(&self.study.profiles[v.profile].title(lang))),
                )],
            ),
            parameters: self.parameters_block(&v.parameters),
            result: v.outcome.loaded().map(|r| CodeBlock::new("text", &r.raw)),
            remarks,
        }
    }

    /// "**vLLM** Total TPS = 11527.14, **SGLang** Total TPS = 6499.41. **vLLM** is faster
    /// by 5027.72 tok/s (77.36%); Mean TPOT = 15.12 ms vs 138.86 ms, reduced by 123.74 ms
    /// (89.11%)."
    fn group_summary(&self, ei: usize, ec: &ExperimentComparison) -> Option<String> {
        let lang = self.lang();
        let label = |vi: usize| md(&self.study.experiments[ei].variants[vi].label(lang));
        let Some(gap) = &ec.gap else {
            // Several results but a single valid one: say why there is no ranking.
            let with_results = ec.ranking.len();
            return match ec.best {
                Some(b) if with_results > 1 => {
                    Some(self.tr("group-single-valid", &[("label", text(label(b)))]))
                }
                _ => None,
            };
        };
        Some(gap_sentence(
            self.loc,
            self.cmp.style,
            &self.cmp.primary,
            &self.cmp.secondary,
            gap,
            &label(gap.best),
            &label(gap.worst),
        ))
    }

    fn summary_rows(&self) -> Vec<SummaryRowView> {
        let lang = self.lang();
        let base = self.cmp.variant(self.cmp.baseline);
        let baseline_cell = self.cell(base.primary, None, base.secondary);
        self.study
            .experiments
            .iter()
            .zip(&self.cmp.experiments)
            .map(|(e, ec)| {
                let optimized = match &ec.summary {
                    SummaryEntry::Best { variant, change } => {
                        let v = &ec.variants[*variant];
                        let remark = match change {
                            Some(c) => Some(self.change_remark(c)),
                            None => Some(("other", self.loc.tr("cell-other-profile"))),
                        };
                        self.cell(v.primary, remark, v.secondary)
                    }
                    SummaryEntry::Skipped { variant, success } => {
                        let v = &ec.variants[*variant];
                        let remark =
                            self.skipped_remark(success.as_ref().map(|s| s.percent_text.as_str()));
                        self.cell(v.primary, Some(remark), v.secondary)
                    }
                    SummaryEntry::NoResult => {
                        let reasons: Vec<String> = ec
                            .variants
                            .iter()
                            .filter_map(|v| match &v.status {
                                Status::Missing { reason } => Some(md(reason)),
                                _ => None,
                            })
                            .collect();
                        let mut s = self.loc.tr("cell-no-result");
                        if !reasons.is_empty() {
                            s.push_str(&format!(" ({})", reasons.join("; ")));
                        }
                        s
                    }
                };
                SummaryRowView {
                    name: e.title(lang),
                    optimized,
                    baseline: baseline_cell.clone(),
                }
            })
            .collect()
    }

    fn scenarios(&self) -> Vec<ScenarioView> {
        let lang = self.lang();
        let base_params = &self.study.variant(self.cmp.baseline).parameters;
        let opt_params = &self.study.variant(self.cmp.recommended).parameters;
        self.study
            .scenarios
            .iter()
            .map(|s| {
                let side = |o: &Outcome, params: &[String]| ScenarioSideView {
                    parameters: self.parameters_block(params),
                    result: o.loaded().map(|r| CodeBlock::new("text", &r.raw)),
                    missing: match o {
                        Outcome::Missing { reason } => {
                            Some(self.tr("scenario-missing", &[("reason", text(md(reason)))]))
                        }
                        Outcome::Result(_) => None,
                    },
                };
                ScenarioView {
                    title: self.study.profiles[s.profile].title(lang),
                    baseline: side(&s.baseline, base_params),
                    optimized: side(&s.optimized, opt_params),
                }
            })
            .collect()
    }
}

/// The best-against-worst sentence of a group, ending with a full stop. `best` and
/// `worst` are Markdown-safe labels.
pub fn gap_sentence(
    loc: &Localizer,
    style: GapStyle,
    primary: &MetricSpec,
    secondary: &MetricSpec,
    gap: &RunGap,
    best: &str,
    worst: &str,
) -> String {
    let p = &gap.primary;
    let args = [
        ("best", text(best)),
        ("worst", text(worst)),
        ("metric", text(metric_name(loc, &primary.key))),
        ("best_value", text(fixed(p.best))),
        ("worst_value", text(fixed(p.worst))),
        ("diff", text(p.diff_text.clone())),
        ("unit", text(primary.unit)),
        ("pct", text(p.percent_text.clone())),
        ("ratio", text(p.ratio_text.clone())),
    ];
    let id = match style {
        GapStyle::Percent => "group-gap-percent",
        GapStyle::Ratio => "group-gap-ratio",
    };
    let gap_words = loc.tr_args(id, &args);
    let Some(s) = &gap.secondary else {
        return loc.tr_args("group-summary-primary-only", &[("gap", text(gap_words))]);
    };
    let direction = match s.direction {
        Direction::Reduced => "reduced",
        Direction::Increased => "increased",
        Direction::Unchanged => "unchanged",
    };
    let secondary_words = loc.tr_args(
        "group-secondary",
        &[
            ("metric", text(metric_name(loc, &secondary.key))),
            ("best_value", text(fixed(s.best_run))),
            ("worst_value", text(fixed(s.worst_run))),
            ("unit", text(secondary.unit)),
            ("direction", text(direction)),
            ("diff", text(s.diff_text.clone())),
            ("pct", text(s.percent_text.clone())),
            ("worse", yes_no(s.worse)),
            ("lower_is_better", yes_no(!secondary.higher_is_better)),
        ],
    );
    loc.tr_args(
        "group-summary",
        &[
            ("gap", text(gap_words)),
            ("secondary", text(secondary_words)),
        ],
    )
}

/// The localized name of a metric column, or the column when the locale lacks it.
/// A metric's name in the reader's language: its own message (`metric-mean_ttft_ms`),
/// else, for a distribution column (`STAT_FAMILY_ms`), the statistic and the family
/// composed (`P90 ITL`), else the column name as it is.
pub fn metric_name(loc: &Localizer, key: &str) -> String {
    let known = |id: String| {
        let text = loc.tr(&id);
        (text != id).then_some(text)
    };
    if let Some(name) = known(format!("metric-{key}")) {
        return name;
    }
    let base = key.strip_suffix("_ms").unwrap_or(key);
    let mut families = crate::model::schema::DISTRIBUTIONS;
    // `client_queue_time` before `time`-like shorter suffixes.
    families.sort_by_key(|f| std::cmp::Reverse(f.len()));
    for family in families {
        let Some(stat) = base.strip_suffix(&format!("_{family}")) else {
            continue;
        };
        let stat_name = match stat.strip_prefix('p') {
            Some(p) if !p.is_empty() && p.chars().all(|c| c.is_ascii_digit() || c == '.') => {
                Some(loc.tr_args("stat-percentile", &[("p", FluentValue::from(p.to_owned()))]))
            }
            _ => known(format!("stat-{stat}")),
        };
        if let (Some(stat), Some(family)) = (stat_name, known(format!("family-{family}"))) {
            return loc.tr_args(
                "metric-stat-family",
                &[
                    ("stat", FluentValue::from(stat)),
                    ("family", FluentValue::from(family)),
                ],
            );
        }
    }
    key.to_owned()
}

/// `Mean TPOT (ms)`; counts have no unit.
pub fn with_unit(name: &str, unit: &str) -> String {
    if unit.is_empty() {
        name.to_owned()
    } else {
        format!("{name} ({unit})")
    }
}

/// `vllm serve MODEL \` then one parameter per line, indented, continued with `\`.
pub fn serving_command_text(head: &str, params: &[String]) -> String {
    let mut lines = vec![head.to_owned()];
    lines.extend(params.iter().map(|p| format!("    {p}")));
    lines.join(" \\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fences_outgrow_backticks_in_the_text() {
        assert_eq!(CodeBlock::new("", "a").fence, "```");
        assert_eq!(CodeBlock::new("", "a ```` b").fence, "`````");
    }

    #[test]
    fn serving_command_one_parameter_per_line() {
        let s = serving_command_text("vllm serve M", &["--a=1".into(), "--b".into()]);
        assert_eq!(s, "vllm serve M \\\n    --a=1 \\\n    --b");
        assert_eq!(serving_command_text("vllm serve M", &[]), "vllm serve M");
    }
}
