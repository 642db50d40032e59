//! Grouped bar chart: baseline vs optimized per profile, every variant of an experiment,
//! latency percentiles. Values are printed at the end of each bar so the chart reads on
//! paper; a value that does not fit horizontally shrinks, then turns vertical.

use plotters::coord::types::RangedCoordf64;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::style::*;
use super::text::{width, wrap};
use super::{chart_error, BarChart};
use crate::render::escape::markup;
use crate::Result;

/// Draws `chart` and returns the SVG document (`<svg …>…</svg>`).
pub fn grouped_bars(chart: &BarChart) -> Result<String> {
    validate(chart)?;
    let layout = Layout::new(chart);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, layout.height)).into_drawing_area();
        draw(&root, chart, &layout).map_err(|e| chart_error(&chart.title, e))?;
        root.present().map_err(|e| chart_error(&chart.title, e))?;
    }
    // Screen readers announce the title; a `<title>` element would be mangled by the
    // GitHub tag filter of the HTML page, an attribute is not.
    let accessible = format!("<svg role=\"img\" aria-label=\"{}\" ", markup(&chart.title));
    Ok(svg.replacen("<svg ", &accessible, 1))
}

fn validate(chart: &BarChart) -> Result<()> {
    if chart.categories.is_empty() || chart.series.is_empty() {
        return Err(chart_error(&chart.title, crate::tr!("chart-error-empty")));
    }
    for s in &chart.series {
        if s.values.len() != chart.categories.len() {
            return Err(chart_error(
                &chart.title,
                crate::tr!(
                    "chart-error-values",
                    series = s.name.clone(),
                    values = s.values.len(),
                    categories = chart.categories.len()
                ),
            ));
        }
        if s.labels.len() > chart.categories.len() {
            return Err(chart_error(
                &chart.title,
                crate::tr!(
                    "chart-error-labels",
                    series = s.name.clone(),
                    labels = s.labels.len(),
                    categories = chart.categories.len()
                ),
            ));
        }
    }
    Ok(())
}

/// A bar's value, with non-finite numbers treated as missing.
fn value(chart: &BarChart, series: usize, category: usize) -> Option<f64> {
    chart.series[series].values[category].filter(|v| v.is_finite())
}

/// The text printed at bar (series, category): its label, or `n/a` for a missing bar.
fn label(chart: &BarChart, series: usize, category: usize) -> Option<String> {
    let given = chart.series[series].labels.get(category).cloned().flatten();
    match value(chart, series, category) {
        Some(_) => given,
        None => Some(given.unwrap_or_else(|| "n/a".to_owned())),
    }
}

/// Y tick text: up to 4 decimals, trailing zeros dropped, so a step of 0.25 prints
/// `0.25` and a step of 5000 prints `5000`.
pub(super) fn tick_text(v: f64) -> String {
    let s = format!("{v:.4}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_owned()
    } else {
        s.to_owned()
    }
}

/// Where everything goes, in pixels, computed before drawing from estimated text sizes.
struct Layout {
    height: u32,
    title_lines: Vec<String>,
    title_top: f64,
    /// Legend rows: each a list of (series index, x of its swatch).
    legend_rows: Vec<Vec<(usize, f64)>>,
    legend_top: f64,
    plot_top: f64,
    plot_left: f64,
    plot_width: f64,
    y_area: f64,
    /// The value-axis title, wrapped to the plot height (drawn rotated).
    y_label_lines: Vec<String>,
    y_range: (f64, f64),
    /// Left edge of the bar group inside a slot and the pitch of one bar.
    group_offset: f64,
    bar_pitch: f64,
    slot: f64,
    value_px: f64,
    vertical_values: bool,
    category_px: f64,
    category_lines: Vec<Vec<String>>,
}

impl Layout {
    fn new(chart: &BarChart) -> Self {
        let inner = f64::from(WIDTH - 2 * MARGIN);
        // Bold glyphs are wider than the estimate for regular ones.
        let title_lines = wrap(&chart.title, inner / BOLD_WIDTH, TITLE_PX);
        let title_top = f64::from(MARGIN);
        let legend_top = title_top + title_lines.len() as f64 * TITLE_PX * LINE_HEIGHT + 8.0;
        let legend_rows = legend_rows(chart, inner);
        let plot_top = legend_top + legend_rows.len() as f64 * LEGEND_PX * 1.8 + 10.0;

        // The y-axis area holds the rotated axis title and the widest tick label; the
        // widest tick is at most as long as the data extremes printed with decimals.
        let (lo, hi) = data_extent(chart);
        let tick_w = [lo, hi, (hi - lo) / 7.0]
            .iter()
            .map(|v| width(&format!("{:.2}", v), TICK_PX))
            .fold(0.0, f64::max);
        let y_label_lines = wrap(&chart.y_label, f64::from(PLOT_HEIGHT) - 10.0, AXIS_DESC_PX);
        let y_area =
            (y_label_lines.len() as f64 * AXIS_DESC_PX * LINE_HEIGHT + 10.0 + tick_w + 8.0).ceil();
        let plot_left = f64::from(MARGIN) + y_area;
        let plot_width = inner - y_area;

        let n_series = chart.series.len() as f64;
        let slot = plot_width / chart.categories.len() as f64;
        // Very wide bars look like blocks; past MAX_PITCH the group narrows and centres.
        const MAX_PITCH: f64 = 96.0;
        let bar_pitch = (slot * GROUP_FRACTION / n_series).min(MAX_PITCH);
        let group_offset = (slot - bar_pitch * n_series) / 2.0;

        let labels: Vec<Vec<String>> = (0..chart.series.len())
            .flat_map(|s| (0..chart.categories.len()).map(move |c| (s, c)))
            .filter_map(|(s, c)| label(chart, s, c))
            .map(|l| l.lines().map(str::to_owned).collect())
            .collect();
        let fits = |px: f64| {
            labels
                .iter()
                .flatten()
                .all(|line| width(line, px) <= bar_pitch - 3.0)
        };
        let mut value_px = VALUE_PX;
        while value_px > VALUE_MIN_PX && !fits(value_px) {
            value_px -= 1.0;
        }
        let vertical_values = !fits(value_px);
        let label_room = if vertical_values {
            labels
                .iter()
                .map(|l| width(&l.join(" "), value_px))
                .fold(0.0, f64::max)
        } else {
            labels.iter().map(Vec::len).max().unwrap_or(0) as f64 * value_px * LINE_HEIGHT
        } + LABEL_GAP
            + 2.0;

        let plot_h = f64::from(PLOT_HEIGHT);
        let need_below = if lo < 0.0 { label_room } else { 0.0 };
        let usable = (plot_h - label_room - need_below).max(plot_h / 3.0);
        let per_px = (hi - lo) / usable;
        let y_range = (
            if lo < 0.0 {
                lo - need_below * per_px
            } else {
                0.0
            },
            hi + label_room * per_px,
        );

        // Long names (parameters of many variants) take a smaller font before they take
        // many lines.
        let wrap_categories = |px: f64| -> Vec<Vec<String>> {
            chart
                .categories
                .iter()
                .map(|c| wrap(c, slot - 6.0, px))
                .collect()
        };
        let lines_of = |lines: &[Vec<String>]| lines.iter().map(Vec::len).max().unwrap_or(1);
        let (category_px, category_lines) = CATEGORY_SIZES
            .iter()
            .map(|&px| (px, wrap_categories(px)))
            .find(|(_, lines)| lines_of(lines) <= CATEGORY_MAX_LINES)
            .unwrap_or_else(|| (CATEGORY_MIN_PX, wrap_categories(CATEGORY_MIN_PX)));
        let max_lines = lines_of(&category_lines) as f64;
        let bottom = 10.0 + max_lines * category_px * LINE_HEIGHT + f64::from(MARGIN);
        let height = (plot_top + plot_h + bottom).ceil() as u32;

        Layout {
            height,
            title_lines,
            title_top,
            legend_rows,
            legend_top,
            plot_top,
            plot_left,
            plot_width,
            y_area,
            y_label_lines,
            y_range,
            group_offset,
            bar_pitch,
            slot,
            value_px,
            vertical_values,
            category_px,
            category_lines,
        }
    }

    /// Left and right pixel edges of bar (series, category), the gap between bars removed.
    fn bar_x(&self, series: usize, category: usize) -> (f64, f64) {
        let x0 = self.plot_left
            + self.slot * category as f64
            + self.group_offset
            + self.bar_pitch * series as f64;
        let gap = self.bar_pitch * BAR_GAP_FRACTION / 2.0;
        (x0 + gap, x0 + self.bar_pitch - gap)
    }
}

/// Smallest and largest value, always spanning zero (bars start at zero); `(0, 1)` when
/// nothing is drawable so the axis still has a scale.
fn data_extent(chart: &BarChart) -> (f64, f64) {
    let values = chart
        .series
        .iter()
        .flat_map(|s| s.values.iter().flatten())
        .filter(|v| v.is_finite());
    let (lo, hi) = values.fold((0.0_f64, 0.0_f64), |(lo, hi), v| (lo.min(*v), hi.max(*v)));
    if lo == hi {
        (0.0, 1.0)
    } else {
        (lo, hi)
    }
}

/// Packs legend items into centred rows no wider than `inner`.
fn legend_rows(chart: &BarChart, inner: f64) -> Vec<Vec<(usize, f64)>> {
    let item_w = |i: usize| SWATCH + SWATCH_GAP + width(&chart.series[i].name, LEGEND_PX);
    let mut rows: Vec<Vec<usize>> = vec![Vec::new()];
    let mut row_w = 0.0;
    for i in 0..chart.series.len() {
        let w = item_w(i);
        let extra = if row_w > 0.0 { LEGEND_ITEM_GAP } else { 0.0 };
        if row_w > 0.0 && row_w + extra + w > inner {
            rows.push(Vec::new());
            row_w = 0.0;
        }
        row_w += if row_w > 0.0 { LEGEND_ITEM_GAP } else { 0.0 } + w;
        if let Some(row) = rows.last_mut() {
            row.push(i);
        }
    }
    rows.into_iter()
        .map(|row| {
            let total: f64 = row.iter().map(|&i| item_w(i)).sum::<f64>()
                + LEGEND_ITEM_GAP * (row.len().saturating_sub(1)) as f64;
            let mut x = f64::from(MARGIN) + (inner - total) / 2.0;
            row.into_iter()
                .map(|i| {
                    let at = (i, x);
                    x += item_w(i) + LEGEND_ITEM_GAP;
                    at
                })
                .collect()
        })
        .collect()
}

/// A text style of the chart font at `px` SVG pixels.
pub(super) fn font(px: f64, color: RGBColor, h: HPos, v: VPos) -> TextStyle<'static> {
    TextStyle {
        font: FontDesc::new(
            FontFamily::Name(FONT_FAMILY),
            plotters_size(px),
            FontStyle::Normal,
        ),
        color: color.to_backend_color(),
        pos: Pos::new(h, v),
    }
}

/// plotters writes `font-size` as its size / 1.24 (its point-to-pixel factor): the size
/// to give it so that exactly `px` comes out (`13`, not `13.000000000000002`), found
/// among the neighbours of `px * 1.24`.
fn plotters_size(px: f64) -> f64 {
    let guess = px * 1.24;
    (-4_i64..=4)
        .map(|ulps| f64::from_bits(guess.to_bits().wrapping_add_signed(ulps)))
        .find(|size| size / 1.24 == px)
        .unwrap_or(guess)
}

pub(super) fn px(v: f64) -> i32 {
    v.round() as i32
}

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
type DrawResult = std::result::Result<(), DrawingAreaErrorKind<std::io::Error>>;

fn draw(root: &Area<'_>, chart: &BarChart, layout: &Layout) -> DrawResult {
    root.fill(&BACKGROUND)?;
    draw_title(root, layout)?;
    draw_legend(root, chart, layout)?;
    let area = plot_area(root, layout);
    let plot = draw_axes(root, &area, layout)?;
    let to_y = |v: f64| plot.backend_coord(&(0.0, v)).1;
    draw_bars(root, chart, layout, &to_y)?;
    draw_categories(root, layout)
}

fn draw_title(root: &Area<'_>, layout: &Layout) -> DrawResult {
    let mut style = font(TITLE_PX, TEXT, HPos::Center, VPos::Top);
    style.font = style.font.style(FontStyle::Bold);
    for (i, line) in layout.title_lines.iter().enumerate() {
        let y = layout.title_top + i as f64 * TITLE_PX * LINE_HEIGHT;
        root.draw_text(line, &style, (px(f64::from(WIDTH) / 2.0), px(y)))?;
    }
    Ok(())
}

fn draw_legend(root: &Area<'_>, chart: &BarChart, layout: &Layout) -> DrawResult {
    let style = font(LEGEND_PX, TEXT, HPos::Left, VPos::Center);
    for (r, row) in layout.legend_rows.iter().enumerate() {
        let mid = layout.legend_top + (r as f64 + 0.5) * LEGEND_PX * 1.8;
        for &(i, x) in row {
            let top = mid - SWATCH / 2.0;
            root.draw(&Rectangle::new(
                [(px(x), px(top)), (px(x + SWATCH), px(top + SWATCH))],
                series_color(i).filled(),
            ))?;
            root.draw_text(
                &chart.series[i].name,
                &style,
                (px(x + SWATCH + SWATCH_GAP), px(mid)),
            )?;
        }
    }
    Ok(())
}

/// The region of the value axis and the bars.
fn plot_area<'a>(root: &Area<'a>, layout: &Layout) -> Area<'a> {
    let left = px(layout.plot_left - layout.y_area);
    let top = px(layout.plot_top);
    root.margin(
        top,
        (layout.height as i32 - top - PLOT_HEIGHT as i32).max(0),
        left,
        (WIDTH as i32 - left - px(layout.y_area + layout.plot_width)).max(0),
    )
}

type Plot<'a, 'b> = ChartContext<'a, SVGBackend<'b>, Cartesian2d<RangedCoordf64, RangedCoordf64>>;

/// Draws the value axis, its grid and the zero line; the returned chart maps values to
/// pixel rows exactly as the grid was drawn.
fn draw_axes<'a, 'b>(
    root: &Area<'b>,
    area: &'a Area<'b>,
    layout: &Layout,
) -> std::result::Result<Plot<'a, 'b>, DrawingAreaErrorKind<std::io::Error>> {
    let (y0, y1) = layout.y_range;
    let mut plot = ChartBuilder::on(area)
        .y_label_area_size(px(layout.y_area))
        .build_cartesian_2d(0.0..1.0_f64, y0..y1)?;
    plot.configure_mesh()
        .disable_x_mesh()
        .disable_x_axis()
        .x_labels(0)
        .y_labels(6)
        .y_max_light_lines(0)
        .bold_line_style(GRID.stroke_width(1))
        .axis_style(AXIS.stroke_width(1))
        .label_style(font(TICK_PX, MUTED, HPos::Right, VPos::Center))
        .y_label_formatter(&|v| tick_text(*v))
        .draw()?;
    // The axis title is drawn here rather than by plotters, which cannot wrap it: a long
    // localized title (`Общая пропускная способность (ток/с)`) would overrun the axis.
    let style =
        font(AXIS_DESC_PX, TEXT, HPos::Center, VPos::Top).transform(FontTransform::Rotate270);
    let middle = layout.plot_top + f64::from(PLOT_HEIGHT) / 2.0;
    for (i, line) in layout.y_label_lines.iter().enumerate() {
        let x = f64::from(MARGIN) + i as f64 * AXIS_DESC_PX * LINE_HEIGHT;
        root.draw_text(line, &style, (px(x), px(middle)))?;
    }
    let zero = plot.backend_coord(&(0.0, 0.0)).1;
    let (x_start, x_end) = (
        px(layout.plot_left),
        px(layout.plot_left + layout.plot_width),
    );
    root.draw(&PathElement::new(
        vec![(x_start, zero), (x_end, zero)],
        AXIS.stroke_width(1),
    ))?;
    Ok(plot)
}

fn draw_bars(
    root: &Area<'_>,
    chart: &BarChart,
    layout: &Layout,
    to_y: &impl Fn(f64) -> i32,
) -> DrawResult {
    let zero = to_y(0.0);
    for s in 0..chart.series.len() {
        for c in 0..chart.categories.len() {
            let (x0, x1) = layout.bar_x(s, c);
            let end = match value(chart, s, c) {
                Some(v) => {
                    let end = to_y(v);
                    root.draw(&Rectangle::new(
                        [(px(x0), end.min(zero)), (px(x1), end.max(zero))],
                        series_color(s).filled(),
                    ))?;
                    Some((end, v < 0.0))
                }
                None => None,
            };
            if let Some(text) = label(chart, s, c) {
                let color = if end.is_some() { TEXT } else { MUTED };
                let (y, below) = end.unwrap_or((zero, false));
                draw_value_label(root, layout, &text, (x0 + x1) / 2.0, y, below, color)?;
            }
        }
    }
    Ok(())
}

/// Prints a bar's label beyond its end: above a positive bar, below a negative one.
fn draw_value_label(
    root: &Area<'_>,
    layout: &Layout,
    text: &str,
    center: f64,
    end: i32,
    below: bool,
    color: RGBColor,
) -> DrawResult {
    let gap = if below { LABEL_GAP } else { -LABEL_GAP };
    let y = f64::from(end) + gap;
    if layout.vertical_values {
        let joined = text.lines().collect::<Vec<_>>().join(" ");
        let h = if below { HPos::Right } else { HPos::Left };
        let style =
            font(layout.value_px, color, h, VPos::Center).transform(FontTransform::Rotate270);
        return root.draw_text(&joined, &style, (px(center), px(y)));
    }
    let lines: Vec<&str> = text.lines().collect();
    let step = layout.value_px * LINE_HEIGHT;
    for (i, line) in lines.iter().enumerate() {
        let (v, offset) = if below {
            (VPos::Top, i as f64 * step)
        } else {
            (VPos::Bottom, -((lines.len() - 1 - i) as f64) * step)
        };
        let style = font(layout.value_px, color, HPos::Center, v);
        root.draw_text(line, &style, (px(center), px(y + offset)))?;
    }
    Ok(())
}

fn draw_categories(root: &Area<'_>, layout: &Layout) -> DrawResult {
    let style = font(layout.category_px, TEXT, HPos::Center, VPos::Top);
    let top = layout.plot_top + f64::from(PLOT_HEIGHT) + 10.0;
    for (c, lines) in layout.category_lines.iter().enumerate() {
        let center = layout.plot_left + layout.slot * (c as f64 + 0.5);
        for (i, line) in lines.iter().enumerate() {
            let y = top + i as f64 * layout.category_px * LINE_HEIGHT;
            root.draw_text(line, &style, (px(center), px(y)))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::BarSeries;
    use super::*;

    fn series(name: &str, values: &[Option<f64>], labels: &[Option<&str>]) -> BarSeries {
        BarSeries {
            name: name.to_owned(),
            values: values.to_vec(),
            labels: labels.iter().map(|l| l.map(str::to_owned)).collect(),
        }
    }

    /// The conclusion chart of the reference study (numbers from its conclusion table).
    fn conclusion_ru() -> BarChart {
        BarChart {
            title: "Базовая и оптимизированная конфигурация".to_owned(),
            categories: vec!["ShareGPT".to_owned(), "Длинный контекст".to_owned()],
            series: vec![
                series(
                    "Базовая",
                    &[Some(11527.14), Some(32416.84)],
                    &[Some("11527.14"), Some("32416.84")],
                ),
                series(
                    "Оптимизированная",
                    &[Some(11768.22), Some(32658.73)],
                    &[Some("11768.22\n+2.09%"), Some("32658.73\n+0.75%")],
                ),
            ],
            y_label: "Пропускная способность (ток/с)".to_owned(),
        }
    }

    /// Tags open and close in order: the SVG is well-formed XML as far as nesting goes,
    /// and text holds no raw `<` or `&` (plotters escapes them).
    fn assert_balanced(svg: &str) {
        assert!(svg.starts_with("<svg "), "{}", &svg[..svg.len().min(80)]);
        let mut stack: Vec<String> = Vec::new();
        let mut rest = svg;
        while let Some(open) = rest.find('<') {
            let close = rest[open..].find('>').expect("tag ends") + open;
            let tag = &rest[open + 1..close];
            let between = &rest[..open];
            assert!(!between.contains('>'), "stray `>` in text: {between}");
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(stack.pop().as_deref(), Some(name), "unbalanced </{name}>");
            } else if !tag.ends_with('/') {
                stack.push(tag.split_whitespace().next().unwrap_or("").to_owned());
            }
            rest = &rest[close + 1..];
        }
        assert!(stack.is_empty(), "unclosed: {stack:?}");
        assert_eq!(rest.trim(), "");
    }

    /// The texts of all `<text>` elements, unescaped, in drawing order.
    fn texts(svg: &str) -> Vec<String> {
        svg.split("<text ")
            .skip(1)
            .filter_map(|t| Some(t.split_once('>')?.1.split_once("</text>")?.0.trim()))
            .map(|t| {
                t.replace("&lt;", "<")
                    .replace("&gt;", ">")
                    .replace("&quot;", "\"")
                    .replace("&amp;", "&")
            })
            .collect()
    }

    #[test]
    fn conclusion_chart_prints_localized_labels_and_every_value() {
        let svg = grouped_bars(&conclusion_ru()).unwrap();
        assert_balanced(&svg);
        let texts = texts(&svg);
        for expected in [
            "Базовая и оптимизированная конфигурация",
            "Базовая",
            "Оптимизированная",
            "Пропускная способность (ток/с)",
            "ShareGPT",
            "Длинный контекст",
            "11527.14",
            "32416.84",
            "11768.22",
            "+2.09%",
            "32658.73",
            "+0.75%",
        ] {
            assert!(
                texts.iter().any(|t| t == expected),
                "no text `{expected}` in {texts:?}"
            );
        }
        assert!(svg.contains("aria-label=\"Базовая и оптимизированная конфигурация\""));
        // Four bars in the two palette colours, plus the two legend swatches.
        assert_eq!(svg.matches("fill=\"#0072B2\"").count(), 3, "{svg}");
        assert_eq!(svg.matches("fill=\"#E69F00\"").count(), 3, "{svg}");
        // No font is looked up: the text names the family stack the browser resolves.
        assert!(svg.contains(&format!("font-family=\"{FONT_FAMILY}\"")));
    }

    #[test]
    fn chinese_variants_chart_with_a_missing_run() {
        let chart = BarChart {
            title: "各变体的总吞吐量".to_owned(),
            categories: vec![
                "vLLM".to_owned(),
                "SGLang".to_owned(),
                "推测解码".to_owned(),
            ],
            series: vec![series(
                "总吞吐量",
                &[Some(11527.14), Some(6499.42), None],
                &[Some("11527.14"), Some("6499.42")],
            )],
            y_label: "总吞吐量 (tok/s)".to_owned(),
        };
        let svg = grouped_bars(&chart).unwrap();
        assert_balanced(&svg);
        let texts = texts(&svg);
        for expected in [
            "各变体的总吞吐量",
            "总吞吐量",
            "总吞吐量 (tok/s)",
            "推测解码",
            "11527.14",
            "6499.42",
            "n/a",
        ] {
            assert!(
                texts.iter().any(|t| t == expected),
                "no text `{expected}` in {texts:?}"
            );
        }
        // Two bars and one legend swatch: the missing run draws no bar.
        assert_eq!(svg.matches("fill=\"#0072B2\"").count(), 3, "{svg}");
    }

    #[test]
    fn latency_chart_turns_crowded_labels_vertical() {
        let categories: Vec<String> = ["TTFT", "TPOT", "ITL"]
            .iter()
            .flat_map(|m| ["mean", "median", "P99"].map(|s| format!("{m} {s}")))
            .collect();
        let values: Vec<Option<f64>> = (0..9)
            .map(|i| Some(1000.0 + 1111.11 * f64::from(i)))
            .collect();
        let labels: Vec<Option<String>> = values
            .iter()
            .map(|v| v.map(|v| format!("{v:.2}")))
            .collect();
        let chart = BarChart {
            title: "Latency".to_owned(),
            categories,
            series: vec![
                BarSeries {
                    name: "baseline".to_owned(),
                    values: values.clone(),
                    labels: labels.clone(),
                },
                BarSeries {
                    name: "optimized".to_owned(),
                    values,
                    labels,
                },
            ],
            y_label: "Latency (ms)".to_owned(),
        };
        let svg = grouped_bars(&chart).unwrap();
        assert_balanced(&svg);
        assert!(texts(&svg).iter().any(|t| t == "9888.88"));
        assert_eq!(
            svg.matches("rotate(270").count(),
            18 + 1,
            "18 value labels and the axis title"
        );
    }

    #[test]
    fn user_text_is_escaped_and_output_is_deterministic() {
        let mut chart = conclusion_ru();
        chart.title = "<script>alert(1)</script> & co".to_owned();
        chart.series[0].name = "a\"b".to_owned();
        let svg = grouped_bars(&chart).unwrap();
        assert_balanced(&svg);
        assert!(!svg.contains("<script"), "{svg}");
        assert!(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co"));
        assert_eq!(svg, grouped_bars(&chart).unwrap());
        assert_eq!(
            grouped_bars(&conclusion_ru()).unwrap(),
            grouped_bars(&conclusion_ru()).unwrap()
        );
    }

    #[test]
    fn negative_values_get_labels_below_and_mismatched_series_are_errors() {
        let chart = BarChart {
            title: "Δ".to_owned(),
            categories: vec!["a".to_owned(), "b".to_owned()],
            series: vec![series(
                "s",
                &[Some(-2.62), Some(2.09)],
                &[Some("-2.62%"), Some("+2.09%")],
            )],
            y_label: "%".to_owned(),
        };
        let svg = grouped_bars(&chart).unwrap();
        assert!(texts(&svg).iter().any(|t| t == "-2.62%"));
        let mut bad = chart.clone();
        bad.series[0].values.pop();
        let e = grouped_bars(&bad).unwrap_err().to_string();
        assert_eq!(e, "chart `Δ`: series `s` has 1 values for 2 categories");
        bad.categories.clear();
        assert!(grouped_bars(&bad).is_err());
    }

    #[test]
    fn font_sizes_come_out_round() {
        let value_sizes = (VALUE_MIN_PX as u32..=VALUE_PX as u32).map(f64::from);
        let fixed = [TITLE_PX, LEGEND_PX, TICK_PX, AXIS_DESC_PX];
        for px in value_sizes.chain(fixed).chain(CATEGORY_SIZES) {
            assert_eq!(format!("{}", plotters_size(px) / 1.24), format!("{px}"));
        }
    }

    #[test]
    fn ticks_print_without_float_noise() {
        assert_eq!(tick_text(5000.0), "5000");
        assert_eq!(tick_text(0.30000000000000004), "0.3");
        assert_eq!(tick_text(2.5), "2.5");
        assert_eq!(tick_text(-0.0), "0");
    }
}
