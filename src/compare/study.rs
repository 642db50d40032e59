//! A whole study compared: [`StudyComparison::new`] ranks every experiment, decides which
//! variants are valid, picks each experiment's best valid variant and the recommended
//! configuration, and builds the baseline-versus-optimized rows of the conclusion. The
//! Markdown/HTML/JSON renderers read it and decide nothing.

use serde::Serialize;

use super::change::{rank, Change, RunGap, SuccessRate};
use super::MetricSpec;
use crate::keys::{workload_differs, ConfigDiff};
use crate::model::Run;
use crate::study::{GapStyle, Outcome, Study, VariantId};
use crate::{Error, Result};

#[derive(Debug, Clone, Serialize)]
pub struct StudyComparison {
    pub primary: MetricSpec,
    pub secondary: MetricSpec,
    pub style: GapStyle,
    pub baseline: VariantId,
    pub experiments: Vec<ExperimentComparison>,
    /// The best valid variant on the baseline's profile (the baseline itself when nothing
    /// beats it): its parameters become the recommended serving command.
    pub recommended: VariantId,
    /// The recommended variant against the baseline on the primary metric.
    pub recommended_change: Option<Change>,
    /// Baseline against optimized on every profile: the study's scenarios, or the
    /// baseline and recommended variants when it gives none.
    pub conclusion: Vec<ScenarioComparison>,
    /// The study's load series as curves, with capacity at its SLOs (`study_curves`).
    pub load_curves: Vec<super::study_curves::LoadCurve>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ExperimentComparison {
    pub id: String,
    pub variants: Vec<VariantComparison>,
    /// Variants with the primary metric, best first (valid and skipped alike).
    pub ranking: Vec<usize>,
    /// Best against worst valid variant; `None` with fewer than two.
    pub gap: Option<RunGap>,
    /// The best valid variant.
    pub best: Option<usize>,
    /// The experiment's row in the summary of optimizations.
    pub summary: SummaryEntry,
}

#[derive(Debug, Clone, Serialize)]
pub struct VariantComparison {
    pub name: String,
    pub profile: usize,
    pub status: Status,
    pub primary: Option<f64>,
    pub secondary: Option<f64>,
    pub success: Option<SuccessRate>,
    /// Primary metric against the baseline; only on the baseline's profile.
    pub vs_baseline: Option<Change>,
    pub is_baseline: bool,
    /// Workload columns in which its run differs from the baseline's, on the baseline's
    /// profile (`keys::workload_differs`): the change is then not the configuration's alone.
    pub workload_differs: Vec<ConfigDiff>,
}

/// Whether a variant can be an optimization.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Status {
    Valid,
    /// Some requests failed: shown with its success rate, never best or recommended.
    Skipped,
    /// The study gives no result, with the reason.
    Missing {
        reason: String,
    },
    /// The run does not print the primary metric.
    NoPrimary,
}

/// An experiment's row in the summary of optimizations.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SummaryEntry {
    /// Its best valid variant, against the baseline when on the same profile.
    Best {
        variant: usize,
        change: Option<Change>,
    },
    /// No valid variant: the best of the skipped ones, with its success rate.
    Skipped {
        variant: usize,
        success: Option<SuccessRate>,
    },
    /// No variant has a result.
    NoResult,
}

/// One row of the conclusion table.
#[derive(Debug, Clone, Serialize)]
pub struct ScenarioComparison {
    pub profile: usize,
    pub baseline: RunSide,
    pub optimized: RunSide,
    /// Optimized against baseline on the primary metric, when both have it.
    pub change: Option<Change>,
    /// Workload columns in which the optimized run differs from the baseline's.
    pub workload_differs: Vec<ConfigDiff>,
}

#[derive(Debug, Clone, Serialize)]
pub struct RunSide {
    pub primary: Option<f64>,
    pub secondary: Option<f64>,
    pub success: Option<SuccessRate>,
    /// Why there is no result.
    pub missing: Option<String>,
    pub complete: bool,
}

impl RunSide {
    fn of(
        outcome: &Outcome,
        primary: &MetricSpec,
        secondary: &MetricSpec,
        requested: Option<f64>,
    ) -> Self {
        match outcome {
            Outcome::Missing { reason } => RunSide {
                primary: None,
                secondary: None,
                success: None,
                missing: Some(reason.clone()),
                complete: false,
            },
            Outcome::Result(r) => {
                let success = SuccessRate::of(&r.run, requested);
                RunSide {
                    primary: r.run.get(&primary.key),
                    secondary: r.run.get(&secondary.key),
                    complete: success.as_ref().is_none_or(SuccessRate::is_complete),
                    success,
                    missing: None,
                }
            }
        }
    }
}

impl StudyComparison {
    /// Errors only when the metrics are unknown or the baseline lacks the primary metric.
    pub fn new(study: &Study) -> Result<Self> {
        let metric = |key: &str| {
            MetricSpec::new(key).ok_or_else(|| {
                Error::usage(crate::msg!(
                    "error-not-a-directed-metric",
                    key = key.to_owned()
                ))
            })
        };
        let primary = metric(&study.metrics.primary)?;
        let secondary = metric(&study.metrics.secondary)?;
        let baseline_variant = study.variant(study.baseline);
        let baseline_value = baseline_variant
            .run()
            .and_then(|r| r.get(&primary.key))
            .ok_or_else(|| {
                Error::parse(
                    &study.path,
                    None,
                    crate::msg!(
                        "study-error-baseline-without-metric",
                        variant = format!(
                            "{}/{}",
                            study.experiments[study.baseline.experiment].id, baseline_variant.name
                        ),
                        metric = primary.key.clone()
                    ),
                )
            })?;
        let baseline_profile = baseline_variant.profile;

        let mut experiments = Vec::new();
        for (ei, e) in study.experiments.iter().enumerate() {
            let variants: Vec<VariantComparison> = e
                .variants
                .iter()
                .enumerate()
                .map(|(vi, v)| {
                    let requested = study.profiles[v.profile].total_requests;
                    let run = v.run();
                    let success = run.and_then(|r| SuccessRate::of(r, requested));
                    let value = run.and_then(|r| r.get(&primary.key));
                    let status = match (&v.outcome, value) {
                        (Outcome::Missing { reason }, _) => Status::Missing {
                            reason: reason.clone(),
                        },
                        (_, None) => Status::NoPrimary,
                        _ if success.as_ref().is_some_and(|s| !s.is_complete()) => Status::Skipped,
                        _ => Status::Valid,
                    };
                    let is_baseline = VariantId {
                        experiment: ei,
                        variant: vi,
                    } == study.baseline;
                    let workload_differs = match (run, baseline_variant.run()) {
                        (Some(r), Some(b)) if v.profile == baseline_profile && !is_baseline => {
                            workload_differs(b, r)
                        }
                        _ => Vec::new(),
                    };
                    VariantComparison {
                        name: v.name.clone(),
                        profile: v.profile,
                        status,
                        primary: value,
                        secondary: run.and_then(|r| r.get(&secondary.key)),
                        success,
                        vs_baseline: value
                            .filter(|_| v.profile == baseline_profile)
                            .map(|c| Change::new(&primary, baseline_value, c)),
                        is_baseline,
                        workload_differs,
                    }
                })
                .collect();
            let with_runs: Vec<(usize, &Run)> = e
                .variants
                .iter()
                .enumerate()
                .filter_map(|(i, v)| v.run().map(|r| (i, r)))
                .collect();
            let ranking = rank(&primary, &with_runs);
            let valid: Vec<(usize, &Run)> = with_runs
                .iter()
                .copied()
                .filter(|(i, _)| variants[*i].status == Status::Valid)
                .collect();
            let gap = RunGap::of(&primary, &secondary, &valid);
            let best = ranking
                .iter()
                .copied()
                .find(|i| variants[*i].status == Status::Valid);
            let summary = match (best, ranking.first()) {
                (Some(b), _) => SummaryEntry::Best {
                    variant: b,
                    change: variants[b].vs_baseline.clone(),
                },
                (None, Some(&first)) => SummaryEntry::Skipped {
                    variant: first,
                    success: variants[first].success.clone(),
                },
                (None, None) => SummaryEntry::NoResult,
            };
            experiments.push(ExperimentComparison {
                id: e.id.clone(),
                variants,
                ranking,
                gap,
                best,
                summary,
            });
        }

        let recommended = recommend(&experiments, study.baseline, baseline_profile, &primary);
        let recommended_value =
            experiments[recommended.experiment].variants[recommended.variant].primary;
        let recommended_change =
            recommended_value.map(|v| Change::new(&primary, baseline_value, v));

        let conclusion = if study.scenarios.is_empty() {
            let requested = study.profiles[baseline_profile].total_requests;
            let side = |id: VariantId| {
                RunSide::of(&study.variant(id).outcome, &primary, &secondary, requested)
            };
            vec![scenario_row(
                baseline_profile,
                [side(study.baseline), side(recommended)],
                [
                    study.variant(study.baseline).run(),
                    study.variant(recommended).run(),
                ],
                &primary,
            )]
        } else {
            study
                .scenarios
                .iter()
                .map(|s| {
                    let requested = study.profiles[s.profile].total_requests;
                    let b = RunSide::of(&s.baseline, &primary, &secondary, requested);
                    let o = RunSide::of(&s.optimized, &primary, &secondary, requested);
                    scenario_row(
                        s.profile,
                        [b, o],
                        [s.baseline.run(), s.optimized.run()],
                        &primary,
                    )
                })
                .collect()
        };

        Ok(StudyComparison {
            style: study.metrics.style,
            primary,
            secondary,
            baseline: study.baseline,
            experiments,
            recommended,
            recommended_change,
            conclusion,
            load_curves: super::study_curves::load_curves(study),
        })
    }

    pub fn variant(&self, id: VariantId) -> &VariantComparison {
        &self.experiments[id.experiment].variants[id.variant]
    }
}

fn scenario_row(
    profile: usize,
    [baseline, optimized]: [RunSide; 2],
    runs: [Option<&Run>; 2],
    primary: &MetricSpec,
) -> ScenarioComparison {
    let workload_differs = match runs {
        [Some(b), Some(o)] => workload_differs(b, o),
        _ => Vec::new(),
    };
    let change = match (baseline.primary, optimized.primary) {
        (Some(b), Some(o)) => Some(Change::new(primary, b, o)),
        _ => None,
    };
    ScenarioComparison {
        profile,
        baseline,
        optimized,
        change,
        workload_differs,
    }
}

/// The best valid variant of the whole study on the baseline's profile; variants on other
/// profiles ran another workload and cannot be ranked against it. Ties keep the earlier
/// variant, and the baseline wins when nothing beats it.
fn recommend(
    experiments: &[ExperimentComparison],
    baseline: VariantId,
    profile: usize,
    primary: &MetricSpec,
) -> VariantId {
    let mut best = baseline;
    let mut best_value = experiments[baseline.experiment].variants[baseline.variant].primary;
    for (ei, e) in experiments.iter().enumerate() {
        for (vi, v) in e.variants.iter().enumerate() {
            if v.status != Status::Valid || v.profile != profile {
                continue;
            }
            let (Some(value), Some(current)) = (v.primary, best_value) else {
                continue;
            };
            let better = if primary.higher_is_better {
                value > current
            } else {
                value < current
            };
            if better {
                best = VariantId {
                    experiment: ei,
                    variant: vi,
                };
                best_value = Some(value);
            }
        }
    }
    best
}
