//! The report's load curves (`compare::study_curves`): per load series a line chart of
//! its metric against the load, baseline and optimized (or the experiment's variants) as
//! one line each with the SLO limit and the capacity crosses, and a capacity table when
//! the study states an SLO. The charts are drawn as `perflab curves` draws them.

use serde::Serialize;

use super::view::{metric_name, ChartRef};
use crate::compare::study_curves::{LoadCurve, Side};
use crate::compare::StudyComparison;
use crate::l10n::Localizer;
use crate::render::charts::LineChart;
use crate::render::curves::capacity_text;
use crate::render::curves::figures::{add_series, empty_chart, fixed};
use crate::render::escape::markdown as md;
use crate::study::Study;

/// One load curve's chart and the stem of its file (`load-curve-1`).
#[derive(Debug, Clone)]
pub struct CurveFigure {
    pub name: String,
    pub chart: LineChart,
}

impl CurveFigure {
    pub fn path(&self, lang: &str) -> String {
        format!("charts/{}.{lang}.svg", self.name)
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct LoadCurveView {
    /// Markdown-safe.
    pub title: String,
    pub chart: ChartRef,
    /// The SLOs and how capacity is read; `None` without an SLO.
    pub capacity_intro: Option<String>,
    /// Markdown table lines (header, rule, rows); empty without an SLO.
    pub table: Vec<String>,
}

fn side_name(loc: &Localizer, study: &Study, c: &LoadCurve, side: Side) -> String {
    match side {
        Side::Baseline => loc.tr("series-baseline"),
        Side::Optimized => loc.tr("series-optimized"),
        Side::Variants => c
            .experiment
            .map(|e| study.experiments[e].title(loc.lang()))
            .unwrap_or_default(),
    }
}

/// The figures and views of every load curve, in the comparison's order.
pub fn build(
    study: &Study,
    cmp: &StudyComparison,
    loc: &Localizer,
) -> (Vec<CurveFigure>, Vec<LoadCurveView>) {
    let mut figures = Vec::new();
    let mut views = Vec::new();
    for (i, c) in cmp.load_curves.iter().enumerate() {
        let Some((_, first)) = c.sides.first() else {
            continue;
        };
        let mut chart = empty_chart(loc, first, &c.y);
        for (side, curves) in &c.sides {
            let before = chart.series.len();
            add_series(
                &mut chart,
                loc,
                curves,
                &c.y,
                None,
                *side == Side::Optimized,
            );
            let name = side_name(loc, study, c, *side);
            for s in &mut chart.series[before..] {
                s.name = name.clone();
            }
        }
        if chart.series.is_empty() {
            continue;
        }
        let title = match c.experiment {
            Some(e) => loc.tr_args(
                "report-curve-experiment",
                &[
                    ("experiment", study.experiments[e].title(loc.lang()).into()),
                    ("chart", chart.title.clone().into()),
                ],
            ),
            None => chart.title.clone(),
        };
        let figure = CurveFigure {
            name: format!("load-curve-{}", i + 1),
            chart,
        };
        let chart_ref = ChartRef {
            path: figure.path(loc.lang()),
            alt: md(&title),
        };
        let (capacity_intro, table) = capacity(loc, study, c);
        views.push(LoadCurveView {
            title: md(&title),
            chart: chart_ref,
            capacity_intro,
            table,
        });
        figures.push(figure);
    }
    (figures, views)
}

/// The capacity sentence and table of one load curve; nothing without SLOs.
fn capacity(loc: &Localizer, study: &Study, c: &LoadCurve) -> (Option<String>, Vec<String>) {
    if study.slos.is_empty() {
        return (None, Vec::new());
    }
    let slos: Vec<String> = study
        .slos
        .iter()
        .map(|s| format!("`{}`", s.text()))
        .collect();
    // Two paragraphs: sentences of some languages are not joined by a space.
    let intro = format!(
        "{}\n\n{}",
        loc.tr_args("curves-slos", &[("slo", slos.join(", ").into())]),
        loc.tr("curves-capacity-method")
    );
    let x = md(&metric_name(loc, &c.x));
    // What the capacity delivers: the first metric read off that is not an SLO's own
    // (at capacity an SLO column sits at its limit).
    let read = c
        .sides
        .first()
        .map(|(_, curves)| curves.ys.clone())
        .unwrap_or_default()
        .into_iter()
        .find(|y| study.slos.iter().all(|s| &s.column != y))
        .unwrap_or_else(|| study.metrics.primary.clone());
    let primary = &read;
    let header = [
        loc.tr("curves-col-series"),
        loc.tr_args("curves-col-capacity", &[("x", x.into())]),
        loc.tr_args(
            "curves-col-at-capacity",
            &[("y", md(&metric_name(loc, primary)).into())],
        ),
        loc.tr("curves-col-limiting"),
    ];
    let mut table = vec![
        format!("| {} |", header.join(" | ")),
        format!("|{}", " --- |".repeat(header.len())),
    ];
    for (side, curves) in &c.sides {
        let Some(cap) = curves.series.first().and_then(|s| s.capacity.as_ref()) else {
            continue;
        };
        let at = cap
            .at
            .get(primary)
            .copied()
            .flatten()
            .map_or("—".to_owned(), fixed);
        let limiting = cap
            .limiting
            .as_ref()
            .map_or("—".into(), |l| format!("`{l}`"));
        table.push(format!(
            "| {} | {} | {} | {} |",
            md(&side_name(loc, study, c, *side)),
            capacity_text(loc, cap),
            at,
            limiting
        ));
    }
    (Some(intro), table)
}
