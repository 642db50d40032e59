//! The report's sections other than the conclusion (`conclusion.rs`): the setup, each
//! experiment with its variants and best-against-worst summary, the summary table and
//! the other scenarios. Apart from `view.rs`, which holds the view's types and assembles
//! them, because each section is its own wording of the comparison.

use super::{
    gap_sentence, md, num, text, CodeBlock, EngineView, ExperimentView, ProfileView,
    ScenarioSideView, ScenarioView, SetupView, SummaryRowView, VariantView, ViewBuilder,
};
use crate::compare::{ExperimentComparison, Status, SummaryEntry};
use crate::keys::ConfigDiff;
use crate::study::{Outcome, VariantId};

impl ViewBuilder<'_> {
    pub(super) fn setup(&self) -> SetupView {
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

    pub(super) fn experiments(&self) -> Vec<ExperimentView> {
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
        remarks.extend(self.workload_note(&vc.workload_differs));
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

    pub(super) fn summary_rows(&self) -> Vec<SummaryRowView> {
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

    pub(super) fn scenarios(&self) -> Vec<ScenarioView> {
        let lang = self.lang();
        let base_params = &self.study.variant(self.cmp.baseline).parameters;
        let opt_params = &self.study.variant(self.cmp.recommended).parameters;
        self.study
            .scenarios
            .iter()
            .zip(&self.cmp.conclusion)
            .map(|(s, row)| {
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
                    workload_note: self.workload_note(&row.workload_differs),
                }
            })
            .collect()
    }

    /// "The workload differs from the baseline's (input_len 100 → 200): …", Markdown-safe;
    /// `None` when it does not.
    fn workload_note(&self, differs: &[ConfigDiff]) -> Option<String> {
        (!differs.is_empty()).then(|| {
            let columns = crate::render::compare::differences(differs);
            self.tr(
                "report-workload-differs",
                &[("columns", text(md(&columns)))],
            )
        })
    }
}
