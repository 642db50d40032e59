//! The charts of a curves page, built from [`Curves`] with every word localized: one
//! line chart per `--y` (each series against the load, its SLO limit, the capacity
//! crosses) and the Pareto scatter with its frontier.

use crate::compare::unit_of;
use crate::curves::{Curves, Series};
use crate::l10n::Localizer;
use crate::render::charts::{Limit, LineChart, LinePoint, LineSeries, Mark};
use crate::render::report::{metric_name, with_unit};

/// At most this many series on one chart: more lines than colours read as noise. The
/// capacity table lists every series.
pub const MAX_CHART_SERIES: usize = 12;

/// `P99 TTFT (ms)`, or the column itself when perflab has no name for it.
pub fn axis_label(loc: &Localizer, column: &str) -> String {
    with_unit(&metric_name(loc, column), unit_of(column))
}

/// A series' legend name: its `--by` values, or "All runs" for the only series.
pub fn series_name(loc: &Localizer, curves: &Curves, s: &Series) -> String {
    s.name(&curves.by)
        .unwrap_or_else(|| loc.tr("curves-series-all"))
}

/// `5.00`: capacities and values recomputed by interpolation are printed with two
/// decimals, like the tools print their own throughputs and latencies.
pub fn fixed(v: f64) -> String {
    format!("{v:.2}")
}

/// The chart of `y` against the load for the first [`MAX_CHART_SERIES`] series, with
/// the limit of every SLO on `y`.
pub fn y_chart(loc: &Localizer, curves: &Curves, y: &str) -> LineChart {
    let mut chart = empty_chart(loc, curves, y);
    add_series(&mut chart, loc, curves, y, None, false);
    chart
}

/// A chart of `y` against the load with its SLO limits and no series yet.
pub fn empty_chart(loc: &Localizer, curves: &Curves, y: &str) -> LineChart {
    let x_label = axis_label(loc, &curves.x);
    let y_label = axis_label(loc, y);
    LineChart {
        title: loc.tr_args(
            "curves-chart-title",
            &[("y", y_label.clone().into()), ("x", x_label.clone().into())],
        ),
        x_label,
        y_label,
        series: Vec::new(),
        limits: curves
            .slos
            .iter()
            .filter(|s| s.column == y)
            .map(|s| Limit {
                value: s.limit,
                label: s.text(),
            })
            .collect(),
        marks: Vec::new(),
    }
}

/// Appends the series of `curves` (their `y` points and capacity crosses) to `chart`;
/// `prefix` names them (`baseline: `) when two sweeps share a chart, `dashed` draws
/// them dashed.
pub fn add_series(
    chart: &mut LineChart,
    loc: &Localizer,
    curves: &Curves,
    y: &str,
    prefix: Option<&str>,
    dashed: bool,
) {
    for s in curves.series.iter().take(MAX_CHART_SERIES) {
        let points: Vec<LinePoint> = s
            .points
            .iter()
            .filter_map(|p| {
                let st = p.values.get(y)?;
                Some(LinePoint {
                    x: p.x,
                    y: st.mean,
                    ci: st.ci.map(|_| (st.low(), st.high())),
                    hollow: false,
                })
            })
            .collect();
        if points.is_empty() {
            continue;
        }
        let index = chart.series.len();
        let name = series_name(loc, curves, s);
        chart.series.push(LineSeries {
            name: prefix.map_or(name.clone(), |p| format!("{p}{name}")),
            points,
            line: true,
            dashed,
            muted: false,
            markers: true,
        });
        let Some(cap) = &s.capacity else { continue };
        if let (Some(x), Some(Some(yv))) = (cap.value, cap.at.get(y)) {
            chart.marks.push(Mark {
                series: index,
                x,
                y: *yv,
                label: loc.tr_args("curves-mark", &[("value", fixed(x).into())]),
            });
        }
    }
}

/// The Pareto scatter: the frontier as a grey line under the points, each series in its
/// colour, dominated points hollow. `None` without points.
pub fn pareto_chart(loc: &Localizer, curves: &Curves) -> Option<LineChart> {
    if curves.pareto.is_empty() {
        return None;
    }
    let mut frontier: Vec<LinePoint> = curves
        .pareto
        .iter()
        .filter(|p| !p.dominated)
        .map(|p| LinePoint {
            x: p.per_user,
            y: p.per_gpu,
            ci: None,
            hollow: false,
        })
        .collect();
    frontier.sort_by(|a, b| a.x.total_cmp(&b.x));
    let mut series = vec![LineSeries {
        name: loc.tr("curves-frontier"),
        points: frontier,
        line: true,
        dashed: false,
        muted: true,
        markers: true,
    }];
    for (i, s) in curves.series.iter().enumerate().take(MAX_CHART_SERIES) {
        let points: Vec<LinePoint> = curves
            .pareto
            .iter()
            .filter(|p| p.series == i)
            .map(|p| LinePoint {
                x: p.per_user,
                y: p.per_gpu,
                ci: None,
                hollow: p.dominated,
            })
            .collect();
        if !points.is_empty() {
            series.push(LineSeries {
                name: series_name(loc, curves, s),
                points,
                line: false,
                dashed: false,
                muted: false,
                markers: true,
            });
        }
    }
    Some(LineChart {
        title: loc.tr("curves-pareto-chart"),
        x_label: loc.tr("curves-per-user"),
        y_label: loc.tr("curves-per-gpu"),
        series,
        limits: Vec::new(),
        marks: Vec::new(),
    })
}
