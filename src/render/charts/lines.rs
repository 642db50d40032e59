//! Line chart: a metric against the load, one line per series, each point's 95%
//! interval as a vertical bar, SLO limits as dashed horizontal lines and the capacity as
//! a cross on each line; also the Pareto scatter (dominated points hollow and muted, the
//! frontier as a line). Same canvas, fonts and palette as the bar chart (`style.rs`), and
//! text goes through plotters' SVG escaping like the bars' does.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::element::DashedPathElement;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::bars::{font, px, tick_text};
use super::chart_error;
use super::dates::{ticks, DateAxis, Tick};
use super::style::*;
use super::text::{width, wrap};
use crate::render::escape::markup as escape_html;
use crate::Result;

/// A line chart: series of points against a numeric x axis.
#[derive(Debug, Clone, PartialEq)]
pub struct LineChart {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    pub series: Vec<LineSeries>,
    /// Horizontal dashed lines (SLO limits), each labelled at its right end.
    pub limits: Vec<Limit>,
    /// Crosses on the chart (capacity), each with a label, in its series' colour.
    pub marks: Vec<Mark>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct LineSeries {
    pub name: String,
    /// In drawing order (sorted by x for a curve).
    pub points: Vec<LinePoint>,
    /// Connect the points.
    pub line: bool,
    /// Dashed line (the candidate of a diff).
    pub dashed: bool,
    /// Grey instead of the next palette colour (points in the background).
    pub muted: bool,
    /// Draw a marker at each point (off for dense lines: a CDF of hundreds of points).
    pub markers: bool,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LinePoint {
    pub x: f64,
    pub y: f64,
    /// The 95% interval of `y`, drawn as a vertical bar.
    pub ci: Option<(f64, f64)>,
    /// A hollow marker (a dominated point).
    pub hollow: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Limit {
    pub value: f64,
    pub label: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    /// Index into `series`, for the colour.
    pub series: usize,
    pub x: f64,
    pub y: f64,
    pub label: String,
}

/// Where the SLO lines are drawn: vermilion, away from the first series' blue.
const LIMIT_COLOR: RGBColor = RGBColor(0xD5, 0x5E, 0x00);
const MARKER_RADIUS: i32 = 4;
const LINE_WIDTH: u32 = 2;
/// Space below the plot for the x ticks and the x-axis title.
const X_AREA: f64 = 52.0;
/// Length of a date tick's mark below the axis.
const TICK_MARK: i32 = 5;

/// Draws `chart` and returns the SVG document.
pub fn line_chart(chart: &LineChart) -> Result<String> {
    render(chart, None)
}

/// Draws `chart` with dates on the x axis: each point's `x` is a day number
/// ([`day_number`](super::day_number)); ticks are dates, as many as fit (`dates.rs`).
pub fn date_line_chart(chart: &LineChart, axis: &DateAxis) -> Result<String> {
    render(chart, Some(axis))
}

fn render(chart: &LineChart, dates: Option<&DateAxis>) -> Result<String> {
    if chart.series.iter().all(|s| s.points.is_empty()) {
        return Err(chart_error(
            &chart.title,
            crate::tr!("curves-chart-no-point"),
        ));
    }
    let layout = Layout::new(chart, dates);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, layout.height)).into_drawing_area();
        draw(&root, chart, &layout).map_err(|e| chart_error(&chart.title, e))?;
        root.present().map_err(|e| chart_error(&chart.title, e))?;
    }
    let accessible = format!(
        "<svg role=\"img\" aria-label=\"{}\" ",
        escape_html(&chart.title)
    );
    Ok(svg.replacen("<svg ", &accessible, 1))
}

struct Layout {
    height: u32,
    title_lines: Vec<String>,
    legend_rows: Vec<Vec<(usize, f64)>>,
    legend_top: f64,
    plot_top: f64,
    y_area: f64,
    y_label_lines: Vec<String>,
    x_range: (f64, f64),
    y_range: (f64, f64),
    /// Below the plot: the x ticks and the x-axis title.
    x_area: f64,
    /// Date ticks in place of plotters' numeric ones.
    date_ticks: Option<Vec<Tick>>,
}

impl Layout {
    fn new(chart: &LineChart, dates: Option<&DateAxis>) -> Self {
        let inner = f64::from(WIDTH - 2 * MARGIN);
        let title_lines = wrap(&chart.title, inner / BOLD_WIDTH, TITLE_PX);
        let legend_top =
            f64::from(MARGIN) + title_lines.len() as f64 * TITLE_PX * LINE_HEIGHT + 8.0;
        let legend_rows = legend_rows(chart, inner);
        let plot_top = legend_top + legend_rows.len() as f64 * LEGEND_PX * 1.8 + 10.0;
        let (mut x_range, y_range) = ranges(chart);
        let tick_w = [y_range.0, y_range.1, (y_range.1 - y_range.0) / 7.0]
            .iter()
            .map(|v| width(&format!("{v:.2}"), TICK_PX))
            .fold(0.0, f64::max);
        let y_label_lines = wrap(&chart.y_label, f64::from(PLOT_HEIGHT) - 10.0, AXIS_DESC_PX);
        let y_area =
            (y_label_lines.len() as f64 * AXIS_DESC_PX * LINE_HEIGHT + 10.0 + tick_w + 8.0).ceil();
        let mut x_area = X_AREA;
        let date_ticks = dates.and_then(|axis| {
            let (first, last) = day_range(chart)?;
            // A day either side at least: one night alone is not lost in a margin.
            let pad = ((last - first) as f64 * 0.04).max(0.5);
            x_range = (first as f64 - pad, last as f64 + pad);
            let plot_w = inner - y_area;
            let ticks = ticks(first, last, plot_w / (x_range.1 - x_range.0), axis);
            let lines = ticks.iter().map(|t| t.lines.len()).max().unwrap_or(1);
            x_area += (lines.max(1) - 1) as f64 * TICK_PX * LINE_HEIGHT;
            Some(ticks)
        });
        let height = (plot_top + f64::from(PLOT_HEIGHT) + x_area + f64::from(MARGIN)).ceil() as u32;
        Layout {
            height,
            title_lines,
            legend_rows,
            legend_top,
            plot_top,
            y_area,
            y_label_lines,
            x_range,
            y_range,
            x_area,
            date_ticks,
        }
    }
}

/// The first and last day of a date chart's points.
fn day_range(chart: &LineChart) -> Option<(i64, i64)> {
    let days = chart
        .series
        .iter()
        .flat_map(|s| &s.points)
        .filter(|p| p.x.is_finite())
        .map(|p| p.x.round() as i64);
    let (lo, hi) = days.fold((i64::MAX, i64::MIN), |(lo, hi), d| (lo.min(d), hi.max(d)));
    (lo <= hi).then_some((lo, hi))
}

/// Data extents with a margin; y starts at 0 for positive data (a latency axis that
/// starts at 0 shows how far each point is from the limit).
fn ranges(chart: &LineChart) -> ((f64, f64), (f64, f64)) {
    let xs = chart
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.x));
    let ys = chart.series.iter().flat_map(|s| {
        s.points
            .iter()
            .flat_map(|p| [Some(p.y), p.ci.map(|c| c.0), p.ci.map(|c| c.1)])
            .flatten()
    });
    let limits = chart.limits.iter().map(|l| l.value);
    let fold = |it: &mut dyn Iterator<Item = f64>| {
        it.filter(|v| v.is_finite())
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                (lo.min(v), hi.max(v))
            })
    };
    let (x0, x1) = fold(&mut xs.into_iter());
    let (y0, y1) = fold(&mut ys.chain(limits));
    let pad = |lo: f64, hi: f64| {
        let span = if hi > lo { hi - lo } else { hi.abs().max(1.0) };
        (lo - span * 0.04, hi + span * 0.04)
    };
    let (x0, x1) = pad(x0, x1);
    let (y0, y1) = pad(y0.min(0.0), y1);
    (
        (x0, x1),
        (
            if y0 < 0.0 && chart_nonnegative(chart) {
                0.0
            } else {
                y0
            },
            y1,
        ),
    )
}

fn chart_nonnegative(chart: &LineChart) -> bool {
    chart
        .series
        .iter()
        .flat_map(|s| &s.points)
        // Latencies and throughputs are never negative; an interval that reaches below
        // zero (two repeats, t = 12.7) is cut at the axis rather than moving it.
        .all(|p| p.y >= 0.0)
}

/// Legend items laid out in rows: (series index, x of its swatch).
fn legend_rows(chart: &LineChart, inner: f64) -> Vec<Vec<(usize, f64)>> {
    let mut rows: Vec<Vec<(usize, f64)>> = Vec::new();
    let mut x = f64::from(MARGIN);
    for (i, s) in chart.series.iter().enumerate() {
        let w = 2.0 * SWATCH + SWATCH_GAP + width(&s.name, LEGEND_PX);
        if rows.is_empty() || (x + w > f64::from(MARGIN) + inner && x > f64::from(MARGIN)) {
            rows.push(Vec::new());
            x = f64::from(MARGIN);
        }
        if let Some(row) = rows.last_mut() {
            row.push((i, x));
        }
        x += w + LEGEND_ITEM_GAP;
    }
    rows
}

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
type DrawResult = std::result::Result<(), DrawingAreaErrorKind<std::io::Error>>;

fn color_of(chart: &LineChart, i: usize) -> RGBColor {
    if chart.series[i].muted {
        AXIS
    } else {
        series_color(chart.series[..i].iter().filter(|s| !s.muted).count())
    }
}

fn draw(root: &Area<'_>, chart: &LineChart, layout: &Layout) -> DrawResult {
    root.fill(&BACKGROUND)?;
    let mut title = font(TITLE_PX, TEXT, HPos::Center, VPos::Top);
    title.font = title.font.style(FontStyle::Bold);
    for (i, line) in layout.title_lines.iter().enumerate() {
        let y = f64::from(MARGIN) + i as f64 * TITLE_PX * LINE_HEIGHT;
        root.draw_text(line, &title, (px(f64::from(WIDTH) / 2.0), px(y)))?;
    }
    draw_legend(root, chart, layout)?;

    let left = px(f64::from(MARGIN));
    let top = px(layout.plot_top);
    let area = root.margin(
        top,
        (layout.height as i32 - top - PLOT_HEIGHT as i32 - layout.x_area as i32).max(0),
        left,
        px(f64::from(MARGIN)),
    );
    let (x0, x1) = layout.x_range;
    let (y0, y1) = layout.y_range;
    let mut plot = ChartBuilder::on(&area)
        .y_label_area_size(px(layout.y_area))
        .x_label_area_size(px(layout.x_area))
        .build_cartesian_2d(x0..x1, y0..y1)?;
    plot.configure_mesh()
        .x_labels(if layout.date_ticks.is_some() { 0 } else { 8 })
        .y_labels(6)
        .max_light_lines(0)
        .bold_line_style(GRID.stroke_width(1))
        .axis_style(AXIS.stroke_width(1))
        .label_style(font(TICK_PX, MUTED, HPos::Center, VPos::Top))
        .y_label_style(font(TICK_PX, MUTED, HPos::Right, VPos::Center))
        .x_label_formatter(&|v| tick_text(*v))
        .y_label_formatter(&|v| tick_text(*v))
        .draw()?;

    // Axis titles: drawn here, wrapped (plotters cannot wrap a long localized title).
    let plot_bottom = layout.plot_top + f64::from(PLOT_HEIGHT);
    let x_title = font(AXIS_DESC_PX, TEXT, HPos::Center, VPos::Bottom);
    let plot_mid_x =
        f64::from(MARGIN) + layout.y_area + (f64::from(WIDTH - 2 * MARGIN) - layout.y_area) / 2.0;
    root.draw_text(
        &chart.x_label,
        &x_title,
        (px(plot_mid_x), px(plot_bottom + layout.x_area)),
    )?;
    if let Some(ticks) = &layout.date_ticks {
        draw_date_ticks(root, &plot, ticks, (y0, y1))?;
    }
    let y_title =
        font(AXIS_DESC_PX, TEXT, HPos::Center, VPos::Top).transform(FontTransform::Rotate270);
    let middle = layout.plot_top + f64::from(PLOT_HEIGHT) / 2.0;
    for (i, line) in layout.y_label_lines.iter().enumerate() {
        let x = f64::from(MARGIN) + i as f64 * AXIS_DESC_PX * LINE_HEIGHT;
        root.draw_text(line, &y_title, (px(x), px(middle)))?;
    }

    let pa = plot.plotting_area();
    for limit in &chart.limits {
        pa.draw(&DashedPathElement::new(
            vec![(x0, limit.value), (x1, limit.value)],
            6,
            4,
            LIMIT_COLOR.stroke_width(LINE_WIDTH),
        ))?;
        let (lx, ly) = plot.backend_coord(&(x1, limit.value));
        root.draw_text(
            &limit.label,
            &font(TICK_PX, LIMIT_COLOR, HPos::Right, VPos::Bottom),
            (lx - 4, ly - 3),
        )?;
    }
    for (i, s) in chart.series.iter().enumerate() {
        let color = color_of(chart, i);
        if s.line && s.points.len() > 1 {
            let pts: Vec<(f64, f64)> = s.points.iter().map(|p| (p.x, p.y)).collect();
            if s.dashed {
                pa.draw(&DashedPathElement::new(
                    pts,
                    7,
                    4,
                    color.stroke_width(LINE_WIDTH),
                ))?;
            } else {
                pa.draw(&PathElement::new(pts, color.stroke_width(LINE_WIDTH)))?;
            }
        }
        for p in &s.points {
            if let Some((lo, hi)) = p.ci {
                pa.draw(&PathElement::new(
                    vec![(p.x, lo), (p.x, hi)],
                    color.stroke_width(1),
                ))?;
                let (cx, _) = plot.backend_coord(&(p.x, lo));
                for v in [lo, hi] {
                    let (_, cy) = plot.backend_coord(&(p.x, v));
                    root.draw(&PathElement::new(
                        vec![(cx - 4, cy), (cx + 4, cy)],
                        color.stroke_width(1),
                    ))?;
                }
            }
            if !s.markers {
                continue;
            }
            let style = if p.hollow {
                color.stroke_width(1)
            } else {
                color.filled()
            };
            pa.draw(&Circle::new((p.x, p.y), MARKER_RADIUS, style))?;
        }
    }
    for mark in &chart.marks {
        let color = color_of(chart, mark.series);
        let (cx, cy) = plot.backend_coord(&(mark.x, mark.y));
        let r = 6;
        root.draw(&PathElement::new(
            vec![(cx - r, cy - r), (cx + r, cy + r)],
            color.stroke_width(2),
        ))?;
        root.draw(&PathElement::new(
            vec![(cx - r, cy + r), (cx + r, cy - r)],
            color.stroke_width(2),
        ))?;
        // Right of the cross, or left of it where the label would leave the canvas (a
        // change point of the last nights).
        let right_end = f64::from(cx + r + 2) + width(&mark.label, TICK_PX);
        let (h, lx) = if right_end > f64::from(WIDTH - MARGIN) {
            (HPos::Right, cx - r - 2)
        } else {
            (HPos::Left, cx + r + 2)
        };
        root.draw_text(
            &mark.label,
            &font(TICK_PX, color, h, VPos::Bottom),
            (lx, cy - r),
        )?;
    }
    Ok(())
}

/// The date ticks: a grid line, a tick mark and the label's lines under the axis, as
/// plotters draws its own numeric ones.
fn draw_date_ticks(
    root: &Area<'_>,
    plot: &ChartContext<'_, SVGBackend<'_>, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    ticks: &[Tick],
    (y0, y1): (f64, f64),
) -> DrawResult {
    let style = font(TICK_PX, MUTED, HPos::Center, VPos::Top);
    for tick in ticks {
        let x = tick.day as f64;
        plot.plotting_area().draw(&PathElement::new(
            vec![(x, y0), (x, y1)],
            GRID.stroke_width(1),
        ))?;
        let (cx, bottom) = plot.backend_coord(&(x, y0));
        root.draw(&PathElement::new(
            vec![(cx, bottom), (cx, bottom + TICK_MARK)],
            AXIS.stroke_width(1),
        ))?;
        for (i, line) in tick.lines.iter().enumerate() {
            let y = f64::from(bottom + TICK_MARK) + 3.0 + i as f64 * TICK_PX * LINE_HEIGHT;
            root.draw_text(line, &style, (cx, px(y)))?;
        }
    }
    Ok(())
}

fn draw_legend(root: &Area<'_>, chart: &LineChart, layout: &Layout) -> DrawResult {
    let style = font(LEGEND_PX, TEXT, HPos::Left, VPos::Center);
    for (r, row) in layout.legend_rows.iter().enumerate() {
        let mid = layout.legend_top + (r as f64 + 0.5) * LEGEND_PX * 1.8;
        for &(i, x) in row {
            let s = &chart.series[i];
            let color = color_of(chart, i);
            let (x0, x1, y) = (px(x), px(x + 2.0 * SWATCH), px(mid));
            if s.line {
                if s.dashed {
                    root.draw(&DashedPathElement::new(
                        vec![(x0, y), (x1, y)],
                        5,
                        3,
                        color.stroke_width(LINE_WIDTH),
                    ))?;
                } else {
                    root.draw(&PathElement::new(
                        vec![(x0, y), (x1, y)],
                        color.stroke_width(LINE_WIDTH),
                    ))?;
                }
            }
            root.draw(&Circle::new(
                (px(x + SWATCH), y),
                MARKER_RADIUS,
                color.filled(),
            ))?;
            root.draw_text(&s.name, &style, (px(x + 2.0 * SWATCH + SWATCH_GAP), y))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart() -> LineChart {
        LineChart {
            title: "p99 TTFT <script> & load".into(),
            x_label: "max_concurrency".into(),
            y_label: "p99 TTFT (ms)".into(),
            series: vec![
                LineSeries {
                    name: "max_num_seqs=8".into(),
                    points: vec![
                        LinePoint {
                            x: 1.0,
                            y: 100.0,
                            ci: Some((90.0, 110.0)),
                            hollow: false,
                        },
                        LinePoint {
                            x: 4.0,
                            y: 400.0,
                            ci: None,
                            hollow: false,
                        },
                        LinePoint {
                            x: 8.0,
                            y: 800.0,
                            ci: None,
                            hollow: false,
                        },
                    ],
                    line: true,
                    dashed: false,
                    muted: false,
                    markers: true,
                },
                LineSeries {
                    name: "Кандидат".into(),
                    points: vec![LinePoint {
                        x: 2.0,
                        y: 150.0,
                        ci: None,
                        hollow: true,
                    }],
                    line: true,
                    dashed: true,
                    muted: false,
                    markers: true,
                },
            ],
            limits: vec![Limit {
                value: 500.0,
                label: "p99_ttft_ms<=500".into(),
            }],
            marks: vec![Mark {
                series: 0,
                x: 5.0,
                y: 500.0,
                label: "5".into(),
            }],
        }
    }

    #[test]
    fn draws_lines_limits_and_marks_escaped_and_deterministic() {
        let svg = line_chart(&chart()).unwrap();
        assert!(
            svg.starts_with("<svg role=\"img\" aria-label=\"p99 TTFT &lt;script&gt; &amp; load\" ")
        );
        assert!(!svg.contains("<script>"));
        assert!(svg.contains("p99_ttft_ms&lt;=500"), "the limit's label");
        assert!(svg.contains("Кандидат"));
        assert!(svg.contains("stroke-dasharray") || svg.matches("<polyline").count() >= 2);
        // Three filled markers of the first series, one hollow of the second, plus the
        // legend's two.
        assert_eq!(svg.matches("<circle").count(), 6);
        assert_eq!(svg, line_chart(&chart()).unwrap());
    }

    #[test]
    fn an_empty_chart_is_an_error() {
        let mut c = chart();
        for s in &mut c.series {
            s.points.clear();
        }
        assert!(line_chart(&c).is_err());
    }
}
