//! The delta chart: one horizontal bar per watched metric of each matched pair (the change
//! in percent of the baseline), drawn around a zero axis. Two drawings of the same bars:
//! Unicode text for Markdown (GitHub strips inline SVG from comments) and SVG for HTML,
//! the latter drawn by `render::charts` (sizes, font and palette in its `style.rs`).

use super::{fmt_percent, RowView, Tone};
use crate::render::charts::{delta_chart, DeltaBar, DeltaChart, DeltaTone};
use crate::render::escape::markup as escape_xml;

/// At most this many bars: a chart of thousands of bars helps no reviewer. Rows are
/// taken in order of concern, so regressions are always drawn.
pub const MAX_BARS: usize = 40;
/// Half the width of the text chart, in characters, on each side of the axis.
const TEXT_HALF_WIDTH: usize = 20;
/// The scale never zooms in past ±10%, so that a 0.3% wiggle does not fill the chart.
const MIN_SCALE_PERCENT: f64 = 10.0;

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

fn tone(tone: Tone) -> DeltaTone {
    match tone {
        Tone::Regression => DeltaTone::Regression,
        Tone::WithinNoise => DeltaTone::WithinNoise,
        Tone::Better => DeltaTone::Better,
        Tone::Worse => DeltaTone::Worse,
        Tone::Neutral => DeltaTone::Neutral,
    }
}

/// The same bars as an SVG, drawn by the charts' engine ([`delta_chart`]): one palette
/// and font with the study report's charts; every text is escaped. A drawing error (none
/// is known: the SVG goes to a string) shows as its message.
pub fn svg_chart(rows: &[&RowView], title: &str) -> String {
    let (bars, scale) = bars(rows);
    let chart = DeltaChart {
        title: title.to_owned(),
        bars: bars
            .iter()
            .map(|(row, change)| DeltaBar {
                label: format!("{} {}", row.pair, row.metric),
                percent: *change,
                tone: tone(row.tone),
            })
            .collect(),
        scale,
    };
    match delta_chart(&chart) {
        Ok(svg) => svg.trim_end().to_owned(),
        Err(e) => format!("<p>{}</p>", escape_xml(&e.to_string())),
    }
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
            ci_p: String::new(),
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
    fn svg_escapes_labels_and_keeps_the_bars_of_the_text_chart() {
        let a = row("<script>&\"#0", -10.0, Tone::Regression);
        let svg = svg_chart(&[&a], "t & <b>");
        assert!(svg.starts_with("<svg "), "{svg}");
        assert!(!svg.contains("<script"), "{svg}");
        assert!(svg.contains("&lt;script&gt;&amp;&quot;#0 total_token_throughput"));
        assert!(svg.contains("aria-label=\"t &amp; &lt;b&gt;\""));
        // The scale never zooms past ±10%, and a regression is vermilion.
        assert!(svg.contains("-10.00%") && svg.contains("+10.00%"), "{svg}");
        assert!(svg.contains("fill=\"#D55E00\""), "{svg}");
        // Only watched rows with a change, at most MAX_BARS of them.
        let many: Vec<RowView> = (0..MAX_BARS + 5)
            .map(|i| row(&format!("r{i}#0"), 1.0, Tone::Neutral))
            .collect();
        let mut unwatched = row("hidden#0", 5.0, Tone::Neutral);
        unwatched.watched = false;
        let mut refs: Vec<&RowView> = vec![&unwatched];
        refs.extend(&many);
        let svg = svg_chart(&refs, "t");
        assert!(!svg.contains("hidden#0"));
        assert!(svg.contains(&format!("r{}#0", MAX_BARS - 1)));
        assert!(!svg.contains(&format!("r{MAX_BARS}#0")));
        assert_eq!(
            svg.matches("<rect").count(),
            MAX_BARS + 1,
            "bars and background"
        );
        let long = row(&"m/".repeat(40), -1.0, Tone::Neutral);
        let svg = svg_chart(&[&long], "t");
        assert!(svg.contains("\n…"), "{svg}");
        assert!(svg.contains("m/ total_token_throughput\n</text>"), "{svg}");
    }
}
