//! Charts of request distributions, drawn with the line chart of `charts/lines.rs`:
//!
//! - a CDF per latency (TTFT, TPOT, E2EL): x the latency, y the share of successful
//!   requests at or below it, one line per run (the candidate of a diff dashed);
//! - latency over time: each successful request's E2EL against its start, which shows
//!   warm-up (slow first requests) and saturation (a rising cloud).
//!
//! Size: a CDF is drawn through at most [`MAX_CDF_POINTS`] points, picked at evenly
//! spaced ranks of the sorted values (the first and last always), and the time chart
//! shows every k-th request, k the smallest that keeps at most [`MAX_TIME_POINTS`];
//! a million requests give a chart of the same size as a thousand.

use std::fmt::Write as _;

use crate::l10n::Localizer;
use crate::render::charts::{line_chart, LineChart, LinePoint, LineSeries};
use crate::render::escape::markup as escape_html;
use crate::requests::{Metric, RunRequests};
use crate::Result;

pub const MAX_CDF_POINTS: usize = 400;
pub const MAX_TIME_POINTS: usize = 2000;

/// The latencies with a CDF chart, in order.
pub const CDF_METRICS: [Metric; 3] = [Metric::Ttft, Metric::Tpot, Metric::E2el];

/// One run drawn on a chart.
#[derive(Debug, Clone, Copy)]
pub struct Side<'a> {
    pub name: &'a str,
    pub requests: &'a RunRequests,
    /// The candidate of a diff.
    pub dashed: bool,
}

fn point(x: f64, y: f64) -> LinePoint {
    LinePoint {
        x,
        y,
        ci: None,
        hollow: false,
    }
}

/// The CDF's points of sorted values: (value, share of values ≤ it).
pub fn cdf_points(sorted: &[f64]) -> Vec<(f64, f64)> {
    let n = sorted.len();
    if n == 0 {
        return Vec::new();
    }
    let picks = n.min(MAX_CDF_POINTS);
    let mut out: Vec<(f64, f64)> = (0..picks)
        .map(|k| {
            let i = if picks == 1 {
                n - 1
            } else {
                (k * (n - 1) + (picks - 1) / 2) / (picks - 1)
            };
            (sorted[i], (i + 1) as f64 / n as f64)
        })
        .collect();
    out.dedup();
    out
}

pub fn cdf_chart(metric: Metric, sides: &[Side<'_>], l10n: &Localizer) -> Option<LineChart> {
    let name = l10n.tr(&format!("requests-metric-{}", metric.name()));
    let series: Vec<LineSeries> = sides
        .iter()
        .filter_map(|side| {
            let values = side.requests.requests.successful(metric);
            if values.is_empty() {
                return None;
            }
            let sorted = crate::stats::percentile::sorted(&values);
            Some(LineSeries {
                name: side.name.to_owned(),
                points: cdf_points(&sorted)
                    .into_iter()
                    .map(|(x, y)| point(x, y))
                    .collect(),
                line: true,
                dashed: side.dashed,
                muted: false,
                markers: false,
            })
        })
        .collect();
    if series.is_empty() {
        return None;
    }
    Some(LineChart {
        title: l10n.tr_args(
            "requests-chart-cdf-title",
            &[("metric", name.clone().into())],
        ),
        x_label: l10n.tr_args("requests-chart-cdf-x", &[("metric", name.into())]),
        y_label: l10n.tr("requests-chart-cdf-y"),
        series,
        limits: Vec::new(),
        marks: Vec::new(),
    })
}

pub fn timeline_chart(sides: &[Side<'_>], l10n: &Localizer) -> Option<LineChart> {
    let series: Vec<LineSeries> = sides
        .iter()
        .filter_map(|side| {
            let rs = &side.requests.requests;
            let pts: Vec<(f64, f64)> = rs
                .successful_rows()
                .filter_map(|i| Some((rs.start_ms.get(i)? / 1000.0, rs.e2el_ms.get(i)?)))
                .filter(|(x, y)| x.is_finite() && y.is_finite())
                .collect();
            if pts.is_empty() {
                return None;
            }
            let stride = pts.len().div_ceil(MAX_TIME_POINTS);
            Some(LineSeries {
                name: side.name.to_owned(),
                points: pts
                    .into_iter()
                    .step_by(stride)
                    .map(|(x, y)| LinePoint {
                        hollow: side.dashed,
                        ..point(x, y)
                    })
                    .collect(),
                line: false,
                dashed: side.dashed,
                muted: false,
                markers: true,
            })
        })
        .collect();
    if series.is_empty() {
        return None;
    }
    Some(LineChart {
        title: l10n.tr("requests-chart-time-title"),
        x_label: l10n.tr("requests-chart-time-x"),
        y_label: l10n.tr("requests-chart-time-y"),
        series,
        limits: Vec::new(),
        marks: Vec::new(),
    })
}

/// Every chart of the sides, as SVG documents, in a fixed order (CDFs, then time).
pub fn charts(sides: &[Side<'_>], l10n: &Localizer) -> Result<Vec<String>> {
    let mut out = Vec::new();
    for metric in CDF_METRICS {
        if let Some(chart) = cdf_chart(metric, sides, l10n) {
            out.push(line_chart(&chart)?);
        }
    }
    if let Some(chart) = timeline_chart(sides, l10n) {
        out.push(line_chart(&chart)?);
    }
    Ok(out)
}

/// An HTML section with a heading per group of sides (a diff's pair) and its charts.
pub fn html_section(groups: &[(String, Vec<Side<'_>>)], l10n: &Localizer) -> Result<String> {
    let mut h = String::new();
    if groups.is_empty() {
        return Ok(h);
    }
    let _ = writeln!(
        h,
        "<h2>{}</h2>",
        escape_html(&l10n.tr("requests-section-distributions"))
    );
    for (title, sides) in groups {
        let svgs = charts(sides, l10n)?;
        if svgs.is_empty() {
            continue;
        }
        let _ = writeln!(h, "<h3>{}</h3>", escape_html(title));
        for svg in svgs {
            let _ = writeln!(h, "<figure>\n{svg}\n</figure>");
        }
    }
    Ok(h)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::requests::{Request, Rule};

    fn run(n: usize, scale: f64) -> RunRequests {
        RunRequests {
            run_index: 0,
            rule: Rule::Numpy,
            duration_s: Some(1.0),
            requests: (0..n)
                .map(|i| Request {
                    index: i as u32,
                    ok: true,
                    ttft_ms: Some(scale * (20.0 + (i % 17) as f64)),
                    tpot_ms: Some(2.0),
                    e2el_ms: Some(scale * (50.0 + (i % 13) as f64)),
                    start_ms: Some(i as f64),
                    output_tokens: Some(16),
                    ..Request::default()
                })
                .collect(),
        }
    }

    #[test]
    fn cdf_points_end_at_one_and_are_bounded() {
        let sorted: Vec<f64> = (0..1_000_000).map(f64::from).collect();
        let pts = cdf_points(&sorted);
        assert!(pts.len() <= MAX_CDF_POINTS);
        assert_eq!(pts.first(), Some(&(0.0, 1e-6)));
        assert_eq!(pts.last(), Some(&(999_999.0, 1.0)));
        assert!(pts.windows(2).all(|w| w[0].0 <= w[1].0 && w[0].1 < w[1].1));
        assert_eq!(cdf_points(&[3.0]), vec![(3.0, 1.0)]);
        assert!(cdf_points(&[]).is_empty());
    }

    #[test]
    fn a_diff_overlays_baseline_and_candidate_and_escapes_names() {
        let l10n = Localizer::new("ru").unwrap();
        let (b, c) = (run(300, 1.0), run(300, 1.1));
        let sides = [
            Side {
                name: "<base>",
                requests: &b,
                dashed: false,
            },
            Side {
                name: "cand",
                requests: &c,
                dashed: true,
            },
        ];
        let svgs = charts(&sides, &l10n).unwrap();
        assert_eq!(svgs.len(), 4);
        assert!(svgs[0].contains("&lt;base&gt;") && !svgs[0].contains("<base>"));
        assert!(svgs[0].contains("Доля запросов"), "the axis is localized");
        assert!(svgs[0].contains("cand"), "both sides are named");
        let again = charts(&sides, &l10n).unwrap();
        assert_eq!(svgs, again, "same input, same bytes");
    }

    #[test]
    fn a_million_requests_make_a_chart_of_bounded_size() {
        let l10n = Localizer::new("en").unwrap();
        let big = run(1_000_000, 1.0);
        let sides = [Side {
            name: "big",
            requests: &big,
            dashed: false,
        }];
        let svgs = charts(&sides, &l10n).unwrap();
        assert!(
            svgs.iter().all(|s| s.len() < 1_000_000),
            "{:?}",
            svgs.iter().map(String::len).collect::<Vec<_>>()
        );
    }
}
