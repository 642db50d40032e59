//! Delta chart: the change of each watched metric of a diff in percent of its baseline,
//! one horizontal bar per metric around a zero axis, labels on the left, each value at
//! its bar's end and `-scale`, `0`, `+scale` under the axis. Same fonts and text
//! estimates as the other charts (`style.rs`, `text.rs`), and every text goes through
//! plotters' SVG escaping. No tooltip: plotters writes no `<title>` inside a `<text>`;
//! the full label of a cut one is in the table beside the chart.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

use super::bars::{font, px};
use super::style::*;
use super::text::{cut_front, width, wrap};
use super::{chart_error, DeltaChart, DeltaTone};
use crate::numbers::signed_percent;
use crate::render::escape::markup;
use crate::Result;

/// Draws `chart` and returns the SVG document (`<svg …>…</svg>`).
pub fn delta_chart(chart: &DeltaChart) -> Result<String> {
    let layout = Layout::new(chart);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, layout.height)).into_drawing_area();
        draw(&root, chart, &layout).map_err(|e| chart_error(&chart.title, e))?;
        root.present().map_err(|e| chart_error(&chart.title, e))?;
    }
    let accessible = format!("<svg role=\"img\" aria-label=\"{}\" ", markup(&chart.title));
    Ok(svg.replacen("<svg ", &accessible, 1))
}

fn color(tone: DeltaTone) -> RGBColor {
    match tone {
        DeltaTone::Regression => REGRESSION,
        DeltaTone::WithinNoise => WITHIN_NOISE,
        DeltaTone::Better => BETTER,
        DeltaTone::Worse => WORSE,
        DeltaTone::Neutral => NEUTRAL,
    }
}

/// The scale to draw with: the chart's if it is a positive number, else the largest
/// finite |percent|, else 1.
fn scale(chart: &DeltaChart) -> f64 {
    if chart.scale.is_finite() && chart.scale > 0.0 {
        return chart.scale;
    }
    let largest = chart
        .bars
        .iter()
        .map(|b| b.percent.abs())
        .filter(|p| p.is_finite())
        .fold(0.0, f64::max);
    if largest > 0.0 {
        largest
    } else {
        1.0
    }
}

/// Where everything goes, in pixels, computed before drawing from estimated text sizes.
struct Layout {
    height: u32,
    scale: f64,
    title_lines: Vec<String>,
    /// Labels as printed (cut at the front), right-aligned at `label_right`.
    labels: Vec<String>,
    label_right: f64,
    /// The zero axis and the length of a full bar on either side of it.
    axis_x: f64,
    half: f64,
    plot_top: f64,
    plot_bottom: f64,
}

impl Layout {
    fn new(chart: &DeltaChart) -> Self {
        let scale = scale(chart);
        let margin = f64::from(MARGIN);
        let inner = f64::from(WIDTH) - 2.0 * margin;
        let title_lines = wrap(&chart.title, inner / BOLD_WIDTH, TITLE_PX);
        let plot_top = margin + title_lines.len() as f64 * TITLE_PX * LINE_HEIGHT + 10.0;

        // Values are printed beyond the bar's end on either side, and the scale's
        // labels are centred under its ends: room for the widest of them on both sides.
        let value_room = chart
            .bars
            .iter()
            .map(|b| signed_percent(b.percent))
            .chain([signed_percent(scale), signed_percent(-scale)])
            .map(|t| width(&t, DELTA_TEXT_PX))
            .fold(0.0, f64::max)
            + LABEL_GAP;
        let max_label = inner * DELTA_LABEL_FRACTION;
        let labels: Vec<String> = chart
            .bars
            .iter()
            .map(|b| cut_front(&b.label, max_label, DELTA_TEXT_PX))
            .collect();
        let label_w = labels
            .iter()
            .map(|l| width(l, DELTA_TEXT_PX))
            .fold(0.0, f64::max);
        let label_right = margin + label_w;
        let bars_left = label_right + 2.0 * LABEL_GAP + value_room;
        let bars_right = f64::from(WIDTH) - margin - value_room;
        let half = ((bars_right - bars_left) / 2.0).floor();
        let axis_x = (bars_left + half).round();

        let plot_bottom = plot_top + DELTA_ROW * chart.bars.len() as f64;
        let height = (plot_bottom + 6.0 + TICK_PX * LINE_HEIGHT + margin).ceil() as u32;
        Layout {
            height,
            scale,
            title_lines,
            labels,
            label_right,
            axis_x,
            half,
            plot_top,
            plot_bottom,
        }
    }

    /// The x of `percent` on the axis, bars longer than the scale cut at its end.
    fn x(&self, percent: f64) -> f64 {
        let fraction = (percent.abs() / self.scale).min(1.0);
        self.axis_x + percent.signum() * fraction * self.half
    }
}

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;
type DrawResult = std::result::Result<(), DrawingAreaErrorKind<std::io::Error>>;

fn draw(root: &Area<'_>, chart: &DeltaChart, layout: &Layout) -> DrawResult {
    root.fill(&BACKGROUND)?;
    let mut title = font(TITLE_PX, TEXT, HPos::Center, VPos::Top);
    title.font = title.font.style(FontStyle::Bold);
    for (i, line) in layout.title_lines.iter().enumerate() {
        let y = f64::from(MARGIN) + i as f64 * TITLE_PX * LINE_HEIGHT;
        root.draw_text(line, &title, (px(f64::from(WIDTH) / 2.0), px(y)))?;
    }
    draw_axis(root, layout)?;
    for (i, bar) in chart.bars.iter().enumerate() {
        let middle = layout.plot_top + DELTA_ROW * (i as f64 + 0.5);
        root.draw_text(
            &layout.labels[i],
            &font(DELTA_TEXT_PX, TEXT, HPos::Right, VPos::Center),
            (px(layout.label_right), px(middle)),
        )?;
        // NaN draws no bar and prints where a zero would.
        let percent = if bar.percent.is_nan() {
            0.0
        } else {
            bar.percent
        };
        let (x0, x1) = {
            let end = px(layout.x(percent));
            let axis = px(layout.axis_x);
            // A change too small for one pixel still shows that it exists.
            let end = match end - axis {
                0 if percent > 0.0 => axis + 1,
                0 if percent < 0.0 => axis - 1,
                _ => end,
            };
            (end.min(axis), end.max(axis))
        };
        if x1 > x0 {
            let top = middle - DELTA_BAR / 2.0;
            root.draw(&Rectangle::new(
                [(x0, px(top)), (x1, px(top + DELTA_BAR))],
                color(bar.tone).filled(),
            ))?;
        }
        let (h, x) = if percent < 0.0 {
            (HPos::Right, f64::from(x0) - LABEL_GAP)
        } else {
            (HPos::Left, f64::from(x1) + LABEL_GAP)
        };
        root.draw_text(
            &signed_percent(bar.percent),
            &font(DELTA_TEXT_PX, TEXT, h, VPos::Center),
            (px(x), px(middle)),
        )?;
    }
    Ok(())
}

/// The grid at the scale's ends and halves, the zero axis and, under the bars, the
/// scale's line with its three labels.
fn draw_axis(root: &Area<'_>, layout: &Layout) -> DrawResult {
    let (top, bottom) = (px(layout.plot_top), px(layout.plot_bottom));
    let s = layout.scale;
    for v in [-s, -s / 2.0, s / 2.0, s] {
        let x = px(layout.x(v));
        root.draw(&PathElement::new(
            vec![(x, top), (x, bottom)],
            GRID.stroke_width(1),
        ))?;
    }
    let axis = px(layout.axis_x);
    root.draw(&PathElement::new(
        vec![(axis, top), (axis, bottom)],
        AXIS.stroke_width(1),
    ))?;
    let (left, right) = (px(layout.x(-s)), px(layout.x(s)));
    root.draw(&PathElement::new(
        vec![(left, bottom), (right, bottom)],
        AXIS.stroke_width(1),
    ))?;
    let style = font(TICK_PX, MUTED, HPos::Center, VPos::Top);
    for (x, text) in [
        (left, signed_percent(-s)),
        (axis, "0".to_owned()),
        (right, signed_percent(s)),
    ] {
        root.draw(&PathElement::new(
            vec![(x, bottom), (x, bottom + 4)],
            AXIS.stroke_width(1),
        ))?;
        root.draw_text(&text, &style, (x, bottom + 6))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::DeltaBar;
    use super::*;

    fn bar(label: &str, percent: f64, tone: DeltaTone) -> DeltaBar {
        DeltaBar {
            label: label.to_owned(),
            percent,
            tone,
        }
    }

    fn chart() -> DeltaChart {
        DeltaChart {
            title: "Change of the watched metrics (% of the baseline mean)".to_owned(),
            bars: vec![
                bar(
                    "a.txt#1 total_token_throughput",
                    -12.5,
                    DeltaTone::Regression,
                ),
                bar("a.txt#1 p99_ttft_ms", 3.0, DeltaTone::WithinNoise),
                bar("b.txt#1 mean_tpot_ms", -20.0, DeltaTone::Better),
                bar(
                    "b.txt#1 output_throughput",
                    f64::INFINITY,
                    DeltaTone::Better,
                ),
                bar("b.txt#1 failed", 0.0, DeltaTone::Neutral),
                bar(
                    &format!("{}c.txt#1 itl", "long/".repeat(60)),
                    -0.001,
                    DeltaTone::Worse,
                ),
            ],
            scale: 20.0,
        }
    }

    /// An attribute of an element's opening tag, as a number.
    fn num(tag: &str, name: &str) -> f64 {
        let at = tag.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
        tag[at..].split('"').next().unwrap().parse().unwrap()
    }

    /// `(x, width, fill)` of every bar, top to bottom (the background is the one
    /// `<rect>` at 0,0).
    fn rects(svg: &str) -> Vec<(f64, f64, String)> {
        svg.split("<rect")
            .skip(1)
            .map(|r| r.split_once("/>").unwrap().0)
            .filter(|r| !r.contains(" x=\"0\" y=\"0\""))
            .map(|r| {
                let fill = r
                    .split(" fill=\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap();
                (num(r, "x"), num(r, "width"), fill.to_owned())
            })
            .collect()
    }

    /// `(x, y, anchor, text)` of every `<text>`, unescaped, in drawing order.
    fn texts(svg: &str) -> Vec<(f64, f64, String, String)> {
        svg.split("<text")
            .skip(1)
            .map(|t| {
                let (tag, rest) = t.split_once('>').unwrap();
                let text = rest.split_once("</text>").unwrap().0.trim();
                let anchor = tag.split("text-anchor=\"").nth(1).unwrap();
                (
                    num(tag, "x"),
                    num(tag, "y"),
                    anchor.split('"').next().unwrap().to_owned(),
                    text.replace("&lt;", "<")
                        .replace("&gt;", ">")
                        .replace("&quot;", "\"")
                        .replace("&amp;", "&"),
                )
            })
            .collect()
    }

    #[test]
    fn drops_lie_left_of_the_axis_and_rises_right() {
        let c = chart();
        let svg = delta_chart(&c).unwrap();
        let layout = Layout::new(&c);
        let axis = layout.axis_x;
        let bars = rects(&svg);
        // The zero change draws no bar; the tiny one still one pixel.
        assert_eq!(bars.len(), 5, "{bars:?}");
        let (regression, noise, better, infinite, tiny) =
            (&bars[0], &bars[1], &bars[2], &bars[3], &bars[4]);
        assert_eq!(regression.0 + regression.1, axis);
        assert_eq!(regression.1, (layout.half * 12.5 / 20.0).round());
        assert_eq!(noise.0, axis);
        assert_eq!(better.0 + better.1, axis);
        assert_eq!(better.1, layout.half, "−20% fills the left half");
        assert_eq!(infinite.0, axis);
        assert_eq!(infinite.1, layout.half, "+∞% is drawn full length");
        assert_eq!((tiny.0, tiny.1), (axis - 1.0, 1.0));
        // Colours by tone, the regression in vermilion.
        let fills: Vec<&str> = bars.iter().map(|b| b.2.as_str()).collect();
        assert_eq!(
            fills,
            ["#D55E00", "#E69F00", "#009E73", "#009E73", "#656D76"]
        );
    }

    #[test]
    fn labels_stay_left_of_bars_and_values_sit_at_bar_ends() {
        let c = chart();
        let svg = delta_chart(&c).unwrap();
        let layout = Layout::new(&c);
        let leftmost_bar = rects(&svg)
            .iter()
            .map(|b| b.0)
            .fold(f64::INFINITY, f64::min);
        let texts = texts(&svg);
        // Title, three scale labels, six rows of label and value.
        assert_eq!(texts.len(), 1 + 3 + 6 * 2, "{texts:?}");
        let scale: Vec<&str> = texts[1..4].iter().map(|t| t.3.as_str()).collect();
        assert_eq!(scale, ["-20.00%", "0", "+20.00%"]);
        let rows = &texts[4..];
        for pair in rows.chunks(2) {
            let (label, value) = (&pair[0], &pair[1]);
            assert_eq!(label.2, "end");
            assert_eq!(label.1, value.1, "label and value on one row");
            assert!(label.0 < leftmost_bar, "{label:?} reaches a bar");
            // A value right of its label, even when printed left of a full drop.
            let value_left = if value.2 == "end" {
                value.0 - width(&value.3, DELTA_TEXT_PX)
            } else {
                value.0
            };
            assert!(value_left > label.0, "{value:?} runs into {label:?}");
            assert!(
                value_left + width(&value.3, DELTA_TEXT_PX) <= f64::from(WIDTH - MARGIN),
                "{value:?} leaves the canvas"
            );
        }
        assert_eq!(rows[0].3, "a.txt#1 total_token_throughput");
        assert_eq!((rows[1].2.as_str(), rows[1].3.as_str()), ("end", "-12.50%"));
        assert_eq!(
            (rows[3].2.as_str(), rows[3].3.as_str()),
            ("start", "+3.00%")
        );
        assert_eq!(rows[7].3, "+∞%");
        assert_eq!(rows[9].3, "+0.00%");
        // The long label is cut at the front to the label column.
        let long = &rows[10].3;
        assert!(
            long.starts_with('…') && long.ends_with("long/c.txt#1 itl"),
            "{long}"
        );
        assert!(width(long, DELTA_TEXT_PX) <= f64::from(WIDTH) * DELTA_LABEL_FRACTION);
        assert_eq!(rows[10].0, layout.label_right.round());
    }

    #[test]
    fn text_is_escaped_sizes_scale_and_output_is_deterministic() {
        let mut c = chart();
        c.title = "t & <b>".to_owned();
        c.bars[0].label = "<script>alert(1)</script>&\"#0".to_owned();
        let svg = delta_chart(&c).unwrap();
        assert!(!svg.contains("<script"), "{svg}");
        assert!(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;#0"));
        assert!(svg.starts_with("<svg role=\"img\" aria-label=\"t &amp; &lt;b&gt;\" "));
        assert!(svg.contains(&format!("viewBox=\"0 0 {WIDTH} ")));
        assert!(svg.contains(&format!("font-family=\"{FONT_FAMILY}\"")));
        assert_eq!(svg, delta_chart(&c).unwrap());
    }

    #[test]
    fn a_bad_scale_falls_back_to_the_largest_change() {
        let mut c = chart();
        c.scale = f64::NAN;
        assert_eq!(Layout::new(&c).scale, 20.0);
        c.bars.clear();
        c.scale = 0.0;
        let svg = delta_chart(&c).unwrap();
        assert!(texts(&svg).iter().any(|t| t.3 == "+1.00%"));
    }
}
