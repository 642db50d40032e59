//! The delta chart: one horizontal bar per watched metric of each matched pair (the change
//! in percent of the baseline), drawn around a zero axis. Two drawings of the same bars:
//! Unicode text for Markdown (GitHub strips inline SVG from comments) and SVG for HTML.
//! Sizes and palette are constants here.

use super::{fmt_percent, RowView, Tone};
use crate::render::escape::markup as escape_xml;

/// At most this many bars: a chart of thousands of bars helps no reviewer. Rows are
/// taken in order of concern, so regressions are always drawn.
pub const MAX_BARS: usize = 40;
/// Half the width of the text chart, in characters, on each side of the axis.
const TEXT_HALF_WIDTH: usize = 20;
/// The scale never zooms in past ±10%, so that a 0.3% wiggle does not fill the chart.
const MIN_SCALE_PERCENT: f64 = 10.0;

const SVG_LABEL_WIDTH: f64 = 360.0;
const SVG_HALF_WIDTH: f64 = 200.0;
const SVG_VALUE_WIDTH: f64 = 80.0;
const SVG_ROW_HEIGHT: f64 = 22.0;
const SVG_BAR_HEIGHT: f64 = 14.0;
/// Labels longer than this are cut at the front (the end names the file and metric);
/// the full label is the element's tooltip.
const SVG_LABEL_CHARS: usize = 48;
const SVG_FONT: &str =
    "font-family=\"ui-monospace,SFMono-Regular,Menlo,Consolas,monospace\" font-size=\"12\"";

fn colour(tone: Tone) -> &'static str {
    match tone {
        Tone::Regression => "#cf222e",
        Tone::WithinNoise => "#bf8700",
        Tone::Better => "#1a7f37",
        Tone::Worse => "#e16f76",
        Tone::Neutral => "#8c959f",
    }
}

/// The bars to draw and the scale (the largest finite |change|, at least
/// [`MIN_SCALE_PERCENT`]); infinite changes are drawn full length.
fn bars<'a>(rows: &[&'a RowView]) -> (Vec<(&'a RowView, f64)>, f64) {
    let bars: Vec<(&RowView, f64)> = rows
        .iter()
        .filter(|r| r.watched)
        .filter_map(|r| r.change_percent.map(|c| (*r, c)))
        .take(MAX_BARS)
        .collect();
    let scale = bars
        .iter()
        .map(|(_, c)| c.abs())
        .filter(|c| c.is_finite())
        .fold(MIN_SCALE_PERCENT, f64::max);
    (bars, scale)
}

/// A bar's length as a fraction of the half width, in 0..=1.
fn fraction(change: f64, scale: f64) -> f64 {
    (change.abs() / scale).min(1.0)
}

/// Monospace bars, drawn around a `│` axis; for a code block in Markdown. Labels have
/// their backticks replaced so they cannot close the fence.
pub fn unicode_chart(rows: &[&RowView]) -> String {
    let (bars, scale) = bars(rows);
    let label = |r: &RowView| format!("{} {}", r.pair, r.metric).replace('`', "'");
    let width = bars
        .iter()
        .map(|(r, _)| label(r).chars().count())
        .max()
        .unwrap_or(0);
    let mut out = String::new();
    for (row, change) in &bars {
        let len = (fraction(*change, scale) * TEXT_HALF_WIDTH as f64).round() as usize;
        // A change too small for one cell still shows that it exists.
        let len = if *change != 0.0 { len.max(1) } else { 0 };
        let (left, right) = if *change < 0.0 {
            (
                format!("{:>w$}", "█".repeat(len), w = TEXT_HALF_WIDTH),
                String::new(),
            )
        } else {
            (" ".repeat(TEXT_HALF_WIDTH), "█".repeat(len))
        };
        let mark = match row.tone {
            Tone::Regression => " ✗",
            Tone::WithinNoise => " ~",
            _ => "",
        };
        let l = label(row);
        let pad = width - l.chars().count();
        out.push_str(&format!(
            "{l}{} {:>9} {left}│{right:<w$}{mark}\n",
            " ".repeat(pad),
            fmt_percent(*change),
            w = TEXT_HALF_WIDTH
        ));
    }
    // Trailing spaces carry no meaning and trip Markdown linters.
    out.lines()
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}

fn shorten(label: &str) -> String {
    let n = label.chars().count();
    if n <= SVG_LABEL_CHARS {
        return label.to_owned();
    }
    let tail: String = label.chars().skip(n - (SVG_LABEL_CHARS - 1)).collect();
    format!("…{tail}")
}

/// A self-contained SVG of the same bars; every label is escaped.
pub fn svg_chart(rows: &[&RowView], title: &str) -> String {
    let (bars, scale) = bars(rows);
    let width = SVG_LABEL_WIDTH + 2.0 * SVG_HALF_WIDTH + SVG_VALUE_WIDTH;
    let top = 28.0;
    let height = top + SVG_ROW_HEIGHT * bars.len() as f64 + 24.0;
    let axis_x = SVG_LABEL_WIDTH + SVG_HALF_WIDTH;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" role=\"img\" aria-label=\"{t}\" {SVG_FONT}>\n\
         <title>{t}</title>\n\
         <text x=\"0\" y=\"16\" font-weight=\"bold\">{t}</text>\n",
        t = escape_xml(title)
    );
    for (i, (row, change)) in bars.iter().enumerate() {
        let y = top + SVG_ROW_HEIGHT * i as f64;
        let len = fraction(*change, scale) * SVG_HALF_WIDTH;
        let x = if *change < 0.0 { axis_x - len } else { axis_x };
        svg.push_str(&format!(
            "<text x=\"{lx}\" y=\"{ty}\" text-anchor=\"end\"><title>{full}</title>{label}</text>\n\
             <rect x=\"{x:.1}\" y=\"{ry:.1}\" width=\"{len:.1}\" height=\"{SVG_BAR_HEIGHT}\" fill=\"{fill}\"/>\n\
             <text x=\"{vx}\" y=\"{ty}\" text-anchor=\"end\">{value}</text>\n",
            lx = SVG_LABEL_WIDTH - 8.0,
            ty = y + 15.0,
            full = escape_xml(&format!("{} {}", row.pair, row.metric)),
            label = escape_xml(&shorten(&format!("{} {}", row.pair, row.metric))),
            ry = y + (SVG_ROW_HEIGHT - SVG_BAR_HEIGHT) / 2.0,
            fill = colour(row.tone),
            vx = width,
            value = escape_xml(&fmt_percent(*change)),
        ));
    }
    let bottom = top + SVG_ROW_HEIGHT * bars.len() as f64;
    svg.push_str(&format!(
        "<line x1=\"{axis_x}\" y1=\"{top}\" x2=\"{axis_x}\" y2=\"{bottom}\" stroke=\"#24292f\"/>\n\
         <text x=\"{l}\" y=\"{by}\" text-anchor=\"start\">{lo}</text>\n\
         <text x=\"{axis_x}\" y=\"{by}\" text-anchor=\"middle\">0</text>\n\
         <text x=\"{r}\" y=\"{by}\" text-anchor=\"end\">{hi}</text>\n</svg>",
        l = SVG_LABEL_WIDTH,
        r = SVG_LABEL_WIDTH + 2.0 * SVG_HALF_WIDTH,
        by = bottom + 16.0,
        lo = escape_xml(&fmt_percent(-scale)),
        hi = escape_xml(&fmt_percent(scale)),
    ));
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(pair: &str, change: f64, tone: Tone) -> RowView {
        RowView {
            pair: pair.into(),
            metric: "total_token_throughput".into(),
            baseline: String::new(),
            candidate: String::new(),
            change: String::new(),
            ci: String::new(),
            p: String::new(),
            trend: String::new(),
            verdict: String::new(),
            tone,
            watched: true,
            change_percent: Some(change),
        }
    }

    #[test]
    fn text_bars_grow_left_for_drops_and_right_for_rises() {
        let a = row("a#0", -10.0, Tone::Regression);
        let b = row("b#0", 5.0, Tone::Better);
        let chart = unicode_chart(&[&a, &b]);
        let lines: Vec<&str> = chart.lines().collect();
        // Scale is 10%: −10% fills the left half (20 cells), +5% half the right (10).
        assert_eq!(
            lines[0],
            format!(
                "a#0 total_token_throughput   -10.00% {}│{} ✗",
                "█".repeat(20),
                " ".repeat(20)
            )
        );
        assert_eq!(
            lines[1],
            format!(
                "b#0 total_token_throughput    +5.00% {}│{}",
                " ".repeat(20),
                "█".repeat(10)
            )
        );
    }

    #[test]
    fn svg_escapes_labels() {
        let a = row("<script>alert(1)</script>#0", -10.0, Tone::Regression);
        let svg = svg_chart(&[&a], "t & <b>");
        assert!(!svg.contains("<script>"));
        assert!(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;#0"));
        assert!(svg.contains("t &amp; &lt;b&gt;"));
        let long = row(&"m/".repeat(40), -1.0, Tone::Neutral);
        let svg = svg_chart(&[&long], "t");
        let shown = format!("…{} total_token_throughput</text>", "m/".repeat(12));
        assert!(svg.contains(&shown), "{svg}");
    }
}
