//! The view model of a curves page: every sentence and cell already worded in one
//! language, user text escaped for Markdown; `templates/curves.md.j2` only arranges it.

use fluent_bundle::FluentValue;
use serde::Serialize;

use super::figures::{axis_label, fixed, series_name, MAX_CHART_SERIES};
use crate::curves::{Bound, Capacity, CapacityEnd, Curves, Gpus};
use crate::l10n::Localizer;
use crate::model::frame::format_number;
use crate::render::escape::markdown as md;

#[derive(Debug, Serialize)]
pub struct CurvesView {
    /// For Markdown (escaped).
    pub title: String,
    /// For the HTML `<title>` (the page template escapes it).
    pub plain_title: String,
    /// Sentences under the title.
    pub intro: Vec<String>,
    pub charts: Vec<ChartRef>,
    pub capacity: Option<CapacityTable>,
    pub no_slo: Option<String>,
    pub pareto: ParetoView,
    /// Section headings.
    pub t_capacity: String,
    pub t_pareto: String,
}

#[derive(Debug, Serialize)]
pub struct ChartRef {
    pub path: String,
    pub alt: String,
}

#[derive(Debug, Serialize)]
pub struct CapacityTable {
    pub intro: Vec<String>,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

#[derive(Debug, Serialize)]
pub struct ParetoView {
    pub text: Vec<String>,
    pub chart: Option<ChartRef>,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

/// Builds the view; `charts` are the chart paths in the order the figures were made
/// (one per `--y`, then the frontier when there is one).
pub fn build(
    loc: &Localizer,
    curves: &Curves,
    y_charts: Vec<ChartRef>,
    pareto_chart: Option<ChartRef>,
) -> CurvesView {
    let x_plain = axis_label(loc, &curves.x);
    let ys: Vec<String> = curves.ys.iter().map(|y| axis_label(loc, y)).collect();
    let title_of = |x: &str, y: &str| {
        loc.tr_args(
            "curves-title",
            &[("y", y.to_owned().into()), ("x", x.to_owned().into())],
        )
    };
    let plain_title = title_of(&x_plain, &ys.join(", "));
    let x = md(&x_plain);
    let title = title_of(&x, &md(&ys.join(", ")));
    let points: usize = curves.series.iter().map(|s| s.points.len()).sum();
    let runs: usize = curves
        .series
        .iter()
        .flat_map(|s| &s.points)
        .map(|p| p.runs)
        .sum();
    let mut intro = vec![loc.tr_args(
        "curves-intro",
        &[
            ("series", curves.series.len().into()),
            ("points", points.into()),
            ("runs", runs.into()),
        ],
    )];
    intro.push(if curves.by.is_empty() {
        loc.tr("curves-single-series")
    } else {
        let by: Vec<String> = curves.by.iter().map(|c| format!("`{c}`")).collect();
        loc.tr_args("curves-series-by", &[("by", by.join(", ").into())])
    });
    let without_x: usize = curves.series.iter().map(|s| s.runs_without_x).sum();
    if without_x > 0 {
        intro.push(loc.tr_args(
            "curves-runs-without-x",
            &[("n", without_x.into()), ("x", md(&curves.x).into())],
        ));
    }
    if curves
        .series
        .iter()
        .flat_map(|s| &s.points)
        .any(|p| p.runs > 1)
    {
        intro.push(loc.tr("curves-ci-note"));
    }
    if curves.series.len() > MAX_CHART_SERIES {
        intro.push(loc.tr_args(
            "curves-chart-first-series",
            &[
                ("shown", MAX_CHART_SERIES.into()),
                ("series", curves.series.len().into()),
            ],
        ));
    }
    let (capacity, no_slo) = if curves.slos.is_empty() {
        (None, Some(loc.tr("curves-no-slo")))
    } else {
        (Some(capacity_table(loc, curves, &x)), None)
    };
    CurvesView {
        title,
        plain_title,
        intro,
        charts: y_charts,
        capacity,
        no_slo,
        pareto: pareto_view(loc, curves, pareto_chart),
        t_capacity: loc.tr("curves-section-capacity"),
        t_pareto: loc.tr("curves-section-pareto"),
    }
}

fn capacity_table(loc: &Localizer, curves: &Curves, x: &str) -> CapacityTable {
    let slos: Vec<String> = curves
        .slos
        .iter()
        .map(|s| format!("`{}`", s.text()))
        .collect();
    let intro = vec![
        loc.tr_args("curves-slos", &[("slo", slos.join(", ").into())]),
        loc.tr("curves-capacity-method"),
    ];
    let with_interval = curves
        .series
        .iter()
        .any(|s| s.capacity.as_ref().is_some_and(|c| c.interval.is_some()));
    let mut header = vec![
        loc.tr("curves-col-series"),
        loc.tr("curves-col-points"),
        loc.tr_args("curves-col-capacity", &[("x", x.into())]),
    ];
    if with_interval {
        header.push(loc.tr("curves-col-interval"));
    }
    for y in &curves.ys {
        header.push(loc.tr_args(
            "curves-col-at-capacity",
            &[("y", md(&axis_label(loc, y)).into())],
        ));
    }
    header.push(loc.tr("curves-col-limiting"));
    let rows = curves
        .series
        .iter()
        .filter_map(|s| {
            let c = s.capacity.as_ref()?;
            let mut row = vec![
                md(&series_name(loc, curves, s)),
                s.points.len().to_string(),
                capacity_text(loc, c),
            ];
            if with_interval {
                row.push(match &c.interval {
                    Some((lo, hi)) => interval_text(loc, lo, hi),
                    None => "—".into(),
                });
            }
            for y in &curves.ys {
                row.push(c.at.get(y).copied().flatten().map_or("—".into(), fixed));
            }
            row.push(c.limiting.as_ref().map_or("—".into(), |l| format!("`{l}`")));
            Some(row)
        })
        .collect();
    CapacityTable {
        intro,
        header,
        rows,
    }
}

/// A capacity as the tables print it: the value, `≥ last load`, or why there is none.
pub fn capacity_text(loc: &Localizer, c: &Capacity) -> String {
    match (c.bound, c.value) {
        (Bound::Interpolated, Some(v)) => loc.tr_args(
            "curves-capacity-interpolated",
            &[("value", fixed(v).into())],
        ),
        (Bound::AboveLast, Some(v)) => loc.tr_args(
            "curves-capacity-above-last",
            &[("value", format_number(v).into())],
        ),
        _ if c.points_without_slo_columns > 0 && c.value.is_none() => {
            loc.tr("curves-capacity-no-points")
        }
        _ => loc.tr("curves-capacity-below-first"),
    }
}

fn end_text(loc: &Localizer, e: &CapacityEnd) -> String {
    match (e.bound, e.value) {
        (Bound::AboveLast, Some(v)) => loc.tr_args(
            "curves-interval-at-least",
            &[("value", format_number(v).into())],
        ),
        (_, Some(v)) => fixed(v),
        (_, None) => loc.tr("curves-interval-none"),
    }
}

fn interval_text(loc: &Localizer, lo: &CapacityEnd, hi: &CapacityEnd) -> String {
    loc.tr_args(
        "curves-interval",
        &[
            ("low", end_text(loc, lo).into()),
            ("high", end_text(loc, hi).into()),
        ],
    )
}

fn pareto_view(loc: &Localizer, curves: &Curves, chart: Option<ChartRef>) -> ParetoView {
    let mut text = Vec::new();
    if curves.pareto.is_empty() {
        text.push(loc.tr("curves-pareto-none"));
        return ParetoView {
            text,
            chart: None,
            header: Vec::new(),
            rows: Vec::new(),
        };
    }
    let frontier: Vec<_> = {
        let mut f: Vec<_> = curves.pareto.iter().filter(|p| !p.dominated).collect();
        f.sort_by(|a, b| a.per_user.total_cmp(&b.per_user));
        f
    };
    text.push(loc.tr_args(
        "curves-pareto-intro",
        &[
            ("frontier", frontier.len().into()),
            ("points", curves.pareto.len().into()),
        ],
    ));
    text.push(match &curves.gpus {
        Gpus::Count(n) => loc.tr_args(
            "curves-pareto-gpus-count",
            &[("n", FluentValue::from(format_number(*n)))],
        ),
        Gpus::Column(c) => loc.tr_args(
            "curves-pareto-gpus-column",
            &[("column", format!("`{c}`").into())],
        ),
        Gpus::Parallelism => loc.tr("curves-pareto-gpus-parallel"),
    });
    if curves.pareto_left_out > 0 {
        text.push(loc.tr_args(
            "curves-pareto-left-out",
            &[("n", curves.pareto_left_out.into())],
        ));
    }
    let header = vec![
        loc.tr("curves-col-series"),
        loc.tr_args(
            "curves-col-load",
            &[("x", md(&axis_label(loc, &curves.x)).into())],
        ),
        loc.tr("curves-per-user"),
        loc.tr("curves-per-gpu"),
    ];
    let rows = frontier
        .iter()
        .map(|p| {
            let s = &curves.series[p.series];
            vec![
                md(&series_name(loc, curves, s)),
                format_number(s.points[p.point].x),
                fixed(p.per_user),
                fixed(p.per_gpu),
            ]
        })
        .collect();
    ParetoView {
        text,
        chart,
        header,
        rows,
    }
}
