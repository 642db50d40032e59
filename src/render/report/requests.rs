//! The report's request section, for studies whose result files kept every request
//! (`study::requests`): per experiment, a table of each variant's requests and, under
//! `--slo`, its `slo_attainment`, `slo_goodput` and `slo_met` as the runs frame holds them;
//! the CDFs of TTFT, TPOT and E2EL with one line per variant, and each variant's E2EL
//! against its requests' start (`render::requests`).

use serde::Serialize;

use super::curve::CurveFigure;
use super::view::{metric_name, with_unit, ChartRef};
use crate::l10n::Localizer;
use crate::model::frame::format_number;
use crate::render::escape::markdown as md;
use crate::render::requests::{cdf_chart, timeline_chart, Side, CDF_METRICS};
use crate::requests::Objectives;
use crate::study::requests::VariantRequests;
use crate::study::Study;

#[derive(Debug, Clone, Serialize)]
pub struct RequestsView {
    /// Markdown-safe.
    pub title: String,
    /// Markdown table lines (header, rule, rows).
    pub table: Vec<String>,
    pub charts: Vec<ChartRef>,
}

/// The section's intro: the objectives, or that none was given.
pub fn intro(objectives: &Objectives, loc: &Localizer) -> String {
    if objectives.is_empty() {
        return loc.tr("report-requests-no-slo");
    }
    let slos: Vec<String> = objectives
        .per_request
        .iter()
        .chain(&objectives.per_run)
        .map(|s| format!("`{}`", s.text()))
        .collect();
    loc.tr_args("report-requests-slos", &[("slos", slos.join(", ").into())])
}

/// The figures and views of every experiment with at least one variant's requests.
pub fn build(
    study: &Study,
    requests: &[VariantRequests],
    objectives: &Objectives,
    loc: &Localizer,
) -> (Vec<CurveFigure>, Vec<RequestsView>) {
    let lang = loc.lang();
    let mut figures = Vec::new();
    let mut views = Vec::new();
    for (ei, experiment) in study.experiments.iter().enumerate() {
        let mine: Vec<&VariantRequests> =
            requests.iter().filter(|r| r.id.experiment == ei).collect();
        if mine.is_empty() {
            continue;
        }
        let labels: Vec<String> = mine
            .iter()
            .map(|r| study.variant(r.id).label(lang))
            .collect();
        let table = table(study, &mine, &labels, objectives, loc);
        let sides: Vec<Side<'_>> = mine
            .iter()
            .zip(&labels)
            .map(|(r, name)| Side {
                name,
                requests: &r.requests,
                dashed: false,
            })
            .collect();
        // The CDFs, then latency over the run (warm-up and saturation), as `diff` draws them.
        let drawn = CDF_METRICS
            .iter()
            .filter_map(|&metric| Some((metric.name(), cdf_chart(metric, &sides, loc)?)))
            .chain(timeline_chart(&sides, loc).map(|chart| ("time", chart)));
        let mut charts = Vec::new();
        for (kind, chart) in drawn {
            let figure = CurveFigure {
                name: format!("requests-{}-{kind}", ei + 1),
                chart,
            };
            charts.push(ChartRef {
                path: figure.path(lang),
                alt: md(&figure.chart.title),
            });
            figures.push(figure);
        }
        views.push(RequestsView {
            title: md(&experiment.title(lang)),
            table,
            charts,
        });
    }
    (figures, views)
}

fn table(
    study: &Study,
    mine: &[&VariantRequests],
    labels: &[String],
    objectives: &Objectives,
    loc: &Localizer,
) -> Vec<String> {
    let mut columns = vec!["requests"];
    if !objectives.per_request.is_empty() {
        columns.extend(["slo_attainment", "slo_goodput"]);
    }
    if !objectives.per_run.is_empty() {
        columns.push("slo_met");
    }
    let header: Vec<String> = std::iter::once(loc.tr("report-requests-col-variant"))
        .chain(columns.iter().map(|c| match *c {
            "slo_goodput" => with_unit(&metric_name(loc, c), "req/s"),
            _ => metric_name(loc, c),
        }))
        .map(|h| md(&h))
        .collect();
    let mut lines = vec![
        format!("| {} |", header.join(" | ")),
        format!("|{}", " --- |".repeat(header.len())),
    ];
    for (r, label) in mine.iter().zip(labels) {
        let run = study.variant(r.id).run();
        let cells: Vec<String> = columns
            .iter()
            .map(|c| {
                let v = run.and_then(|run| run.get(c));
                match (*c, v) {
                    ("slo_met", Some(v)) => loc.tr(if v == 1.0 {
                        "report-requests-yes"
                    } else {
                        "report-requests-no"
                    }),
                    // Printed as vLLM prints its goodput (`{:.2f}`); the share likewise.
                    ("slo_goodput" | "slo_attainment", Some(v)) => format!("{v:.2}"),
                    (_, Some(v)) => format_number(v),
                    (_, None) => "—".to_owned(),
                }
            })
            .collect();
        lines.push(format!("| {} | {} |", md(label), cells.join(" | ")));
    }
    lines
}
