//! A series' trend chart: its runs by date, the means of the segments between change
//! points, and each change point marked with its night's label (the commit).

use std::collections::BTreeMap;

use super::{series_title, step_text, NIGHT_LABEL};
use crate::compare::unit_of;
use crate::history::trend::{Change, Series, Trends};
use crate::l10n::Localizer;
use crate::render::charts;
use crate::render::report::{metric_name, with_unit};

/// The label that names a night on the chart: `commit` when the series' runs have one,
/// else the first label (by name) whose value changes along the series; none when no
/// label tells the nights apart.
pub(super) fn night_label(s: &Series) -> Option<&str> {
    let keys: std::collections::BTreeSet<&str> = s
        .points
        .iter()
        .flat_map(|p| p.labels.keys().map(String::as_str))
        .collect();
    if keys.contains(NIGHT_LABEL) {
        return Some(NIGHT_LABEL);
    }
    keys.into_iter().find(|k| {
        let mut values = s.points.iter().map(|p| p.labels.get(*k));
        let first = values.next().flatten();
        values.any(|v| v != first)
    })
}

/// A label value short enough for a tick: a long hexadecimal hash (a commit) to its
/// first 7 digits, as git abbreviates it; other text past 12 characters cut with `…`.
pub(super) fn short_label(value: &str) -> String {
    let n = value.chars().count();
    if n > 12 && value.chars().all(|c| c.is_ascii_hexdigit()) {
        value[..7].to_owned()
    } else if n > 12 {
        value.chars().take(11).chain(['…']).collect()
    } else {
        value.to_owned()
    }
}

/// Each night's label (`label`'s value, shortened) by day number; a night whose runs
/// disagree on it has none.
pub(super) fn night_notes(s: &Series, label: &str) -> BTreeMap<i64, String> {
    let mut by_day: BTreeMap<i64, Option<&str>> = BTreeMap::new();
    for p in &s.points {
        let (Some(day), Some(v)) = (charts::day_number(&p.date), p.labels.get(label)) else {
            continue;
        };
        by_day
            .entry(day)
            .and_modify(|seen| {
                if *seen != Some(v.as_str()) {
                    *seen = None;
                }
            })
            .or_insert(Some(v.as_str()));
    }
    by_day
        .into_iter()
        .filter_map(|(day, v)| Some((day, short_label(v?))))
        .collect()
}

/// The change point's mark: the night's label (else its date) and the step.
pub(super) fn mark_label(c: &Change, label: Option<&str>) -> String {
    let night = label
        .and_then(|l| c.labels.get(l))
        .map(|v| short_label(v))
        .unwrap_or_else(|| c.date.clone());
    format!("{night} {}", step_text(c.step_pct))
}

/// A point at its date: x is the day number.
pub(super) fn dated(date: &str, y: f64, hollow: bool) -> Option<charts::LinePoint> {
    Some(charts::LinePoint {
        x: charts::day_number(date)? as f64,
        y,
        ci: None,
        hollow,
    })
}

/// The trend chart of one series: its runs by date (a night without a run is a gap),
/// the dates and the nights' commits on the x axis, the metric's localized name and unit
/// on y, each change point marked with its commit and step.
pub(super) fn chart(
    loc: &Localizer,
    trends: &Trends,
    s: &Series,
) -> (charts::LineChart, charts::DateAxis) {
    let label = night_label(s);
    let points = s
        .points
        .iter()
        .filter_map(|p| dated(&p.date, p.value, false))
        .collect();
    let marks = s
        .change_points
        .iter()
        .filter_map(|c| {
            Some(charts::Mark {
                series: 0,
                x: charts::day_number(&c.date)? as f64,
                y: s.points[c.index].value,
                label: mark_label(c, label),
            })
        })
        .collect();
    let mut series = vec![charts::LineSeries {
        name: metric_name(loc, &s.metric),
        points,
        line: true,
        dashed: false,
        muted: false,
        markers: true,
    }];
    if !s.change_points.is_empty() {
        series.push(charts::LineSeries {
            name: loc.tr("history-chart-segment-mean"),
            points: segment_means(s),
            line: true,
            dashed: true,
            muted: false,
            markers: true,
        });
    }
    let x_label = match label {
        Some(l) => loc.tr_args("history-chart-x-label", &[("label", l.to_owned().into())]),
        None => loc.tr("history-chart-x"),
    };
    let chart = charts::LineChart {
        title: series_title(loc, trends, s),
        x_label,
        y_label: with_unit(&metric_name(loc, &s.metric), unit_of(&s.metric)),
        series,
        limits: Vec::new(),
        marks,
    };
    let axis = charts::DateAxis {
        notes: label.map(|l| night_notes(s, l)).unwrap_or_default(),
    };
    (chart, axis)
}

/// The mean of each segment between change points as a dashed step line: from its first
/// run's date to its last run's, at the segment's mean.
pub(super) fn segment_means(s: &Series) -> Vec<charts::LinePoint> {
    let mut bounds: Vec<usize> = vec![0];
    bounds.extend(s.change_points.iter().map(|c| c.index));
    bounds.push(s.points.len());
    let mut out = Vec::new();
    for w in bounds.windows(2) {
        let (a, b) = (w[0], w[1]);
        if b <= a {
            continue;
        }
        let mean = s.points[a..b].iter().map(|p| p.value).sum::<f64>() / (b - a) as f64;
        for p in [&s.points[a], &s.points[b - 1]] {
            out.extend(dated(&p.date, mean, true));
        }
    }
    out
}
