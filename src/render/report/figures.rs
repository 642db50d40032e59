//! The report's charts as data: which bars, which values, which labels, in the report's
//! language. Drawing is `render::charts`' job; the file names are decided here and used
//! by both the Markdown (image paths) and the writer.

use std::collections::BTreeMap;

use fluent_bundle::FluentValue;

use super::view::{metric_name, with_unit, ChartRef};
use crate::compare::{fixed, MetricSpec, Status, StudyComparison};
use crate::l10n::Localizer;
use crate::model::Run;
use crate::render::charts::{BarChart, BarSeries};
use crate::render::escape::markdown as md;
use crate::study::{GapStyle, Study};

/// One chart and the stem of its file (`conclusion` → `charts/conclusion.en.svg`).
#[derive(Debug, Clone)]
pub struct Figure {
    pub name: String,
    pub chart: BarChart,
}

impl Figure {
    /// Charts carry words, so each language has its own file.
    pub fn path(&self, lang: &str) -> String {
        format!("charts/{}.{lang}.svg", self.name)
    }

    pub fn reference(&self, lang: &str) -> ChartRef {
        ChartRef {
            path: self.path(lang),
            alt: md(&self.chart.title),
        }
    }
}

#[derive(Debug, Default)]
pub struct Figures {
    pub conclusion: Option<Figure>,
    /// By experiment index.
    pub experiments: BTreeMap<usize, Figure>,
    /// TTFT, TPOT, ITL: baseline against the recommended configuration.
    pub latency: Vec<Figure>,
}

impl Figures {
    pub fn all(&self) -> impl Iterator<Item = &Figure> {
        self.conclusion
            .iter()
            .chain(self.experiments.values())
            .chain(self.latency.iter())
    }

    pub fn new(study: &Study, cmp: &StudyComparison, loc: &Localizer) -> Self {
        let lang = loc.lang();
        let primary_name = metric_name(loc, &cmp.primary.key);
        let y_label = with_unit(&primary_name, cmp.primary.unit);
        let baseline_series = loc.tr("series-baseline");
        let optimized_series = loc.tr("series-optimized");

        let conclusion = (!cmp.conclusion.is_empty()).then(|| {
            let categories = cmp
                .conclusion
                .iter()
                .map(|row| study.profiles[row.profile].title(lang))
                .collect();
            let baseline = BarSeries {
                name: baseline_series.clone(),
                values: cmp.conclusion.iter().map(|r| r.baseline.primary).collect(),
                labels: cmp
                    .conclusion
                    .iter()
                    .map(|r| r.baseline.primary.map(fixed))
                    .collect(),
            };
            let optimized = BarSeries {
                name: optimized_series.clone(),
                values: cmp.conclusion.iter().map(|r| r.optimized.primary).collect(),
                labels: cmp
                    .conclusion
                    .iter()
                    .map(|r| {
                        r.change.as_ref().map(|c| match cmp.style {
                            GapStyle::Percent => c.percent_text.clone(),
                            GapStyle::Ratio => c.ratio_text.clone(),
                        })
                    })
                    .collect(),
            };
            Figure {
                name: "conclusion".to_owned(),
                chart: BarChart {
                    title: loc.tr_args(
                        "chart-conclusion-title",
                        &[("metric", FluentValue::from(primary_name.clone()))],
                    ),
                    categories,
                    series: vec![baseline, optimized],
                    y_label: y_label.clone(),
                },
            }
        });

        let mut experiments = BTreeMap::new();
        for (ei, (e, ec)) in study.experiments.iter().zip(&cmp.experiments).enumerate() {
            if ec.ranking.is_empty() {
                continue;
            }
            let mut categories = Vec::new();
            let mut values = Vec::new();
            let mut labels = Vec::new();
            // The baseline is the yardstick of every experiment that does not hold it.
            if cmp.baseline.experiment != ei {
                let b = cmp.variant(cmp.baseline);
                categories.push(format!(
                    "{} ({})",
                    study.variant(cmp.baseline).label(lang),
                    baseline_series
                ));
                values.push(b.primary);
                labels.push(b.primary.map(fixed));
            }
            for (v, vc) in e.variants.iter().zip(&ec.variants) {
                categories.push(v.label(lang));
                values.push(vc.primary);
                labels.push(match &vc.status {
                    Status::Skipped => Some(format!(
                        "{} ({})",
                        vc.primary.map(fixed).unwrap_or_default(),
                        loc.tr("chart-skipped")
                    )),
                    Status::Missing { .. } => Some(loc.tr("cell-no-result")),
                    _ => vc.primary.map(fixed),
                });
            }
            let title = loc.tr_args(
                "chart-experiment-title",
                &[
                    ("experiment", FluentValue::from(e.title(lang))),
                    ("metric", FluentValue::from(primary_name.clone())),
                ],
            );
            experiments.insert(
                ei,
                Figure {
                    name: format!("experiment-{}", e.id),
                    chart: BarChart {
                        title,
                        categories,
                        series: vec![BarSeries {
                            name: primary_name.clone(),
                            values,
                            labels,
                        }],
                        y_label: y_label.clone(),
                    },
                },
            );
        }

        let baseline_run = study.variant(cmp.baseline).run();
        let optimized_run = study.variant(cmp.recommended).run();
        let mut latency = Vec::new();
        for family in ["ttft", "tpot", "itl"] {
            let keys = [
                format!("mean_{family}_ms"),
                format!("median_{family}_ms"),
                format!("p99_{family}_ms"),
            ];
            let series = |name: &str, run: Option<&Run>| {
                let values: Vec<Option<f64>> =
                    keys.iter().map(|k| run.and_then(|r| r.get(k))).collect();
                BarSeries {
                    name: name.to_owned(),
                    labels: values.iter().map(|v| v.map(fixed)).collect(),
                    values,
                }
            };
            let b = series(&baseline_series, baseline_run);
            let o = series(&optimized_series, optimized_run);
            if b.values.iter().chain(&o.values).all(Option::is_none) {
                continue;
            }
            let family_name = loc.tr(&format!("family-{family}"));
            let unit = MetricSpec::new(&keys[0]).map_or("ms", |m| m.unit);
            latency.push(Figure {
                name: format!("latency-{family}"),
                chart: BarChart {
                    title: loc.tr_args(
                        "chart-latency-title",
                        &[("metric", FluentValue::from(family_name.clone()))],
                    ),
                    categories: vec![
                        loc.tr("stat-mean"),
                        loc.tr("stat-median"),
                        loc.tr("stat-p99"),
                    ],
                    series: vec![b, o],
                    y_label: with_unit(&family_name, unit),
                },
            });
        }

        Figures {
            conclusion,
            experiments,
            latency,
        }
    }
}
