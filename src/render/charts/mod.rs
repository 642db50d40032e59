//! STAND-IN (helper E, branch helper-e): a minimal SVG bar chart behind the agreed
//! interface, so `perflab report` works before helper F's plotters charts are merged.
//! At merge, replace this whole folder with F's `src/render/charts/`; callers use only
//! [`BarChart`], [`BarSeries`] and [`grouped_bars`].

use crate::render::templates::escape_html;
use crate::Result;

/// Grouped bars: one group per category, one bar per series in each group.
#[derive(Debug, Clone, PartialEq)]
pub struct BarChart {
    pub title: String,
    pub categories: Vec<String>,
    pub series: Vec<BarSeries>,
    /// The value axis label, with its unit.
    pub y_label: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct BarSeries {
    pub name: String,
    /// One per category; `None` draws no bar.
    pub values: Vec<Option<f64>>,
    /// Printed on each bar (`+2.09%`, `11527.14`).
    pub labels: Vec<Option<String>>,
}

const WIDTH: f64 = 800.0;
const HEIGHT: f64 = 420.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 80.0;
const LEFT: f64 = 70.0;
/// Okabe–Ito colours: distinguishable with the common colour-vision deficiencies.
const PALETTE: [&str; 4] = ["#0072B2", "#E69F00", "#009E73", "#CC79A7"];

/// The chart as SVG text.
pub fn grouped_bars(chart: &BarChart) -> Result<String> {
    let max = chart
        .series
        .iter()
        .flat_map(|s| s.values.iter().flatten())
        .fold(0.0_f64, |m, v| m.max(*v));
    let max = if max > 0.0 { max * 1.15 } else { 1.0 };
    let plot_h = HEIGHT - TOP - BOTTOM;
    let groups = chart.categories.len().max(1) as f64;
    let group_w = (WIDTH - LEFT - 20.0) / groups;
    let bar_w = group_w * 0.8 / chart.series.len().max(1) as f64;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\">\n"
    );
    s.push_str(&format!(
        "<text x=\"{}\" y=\"24\" font-size=\"16\" text-anchor=\"middle\">{}</text>\n",
        WIDTH / 2.0,
        escape_html(&chart.title)
    ));
    s.push_str(&format!(
        "<text x=\"16\" y=\"{}\" font-size=\"12\" transform=\"rotate(-90 16 {})\" text-anchor=\"middle\">{}</text>\n",
        TOP + plot_h / 2.0,
        TOP + plot_h / 2.0,
        escape_html(&chart.y_label)
    ));
    for (ci, cat) in chart.categories.iter().enumerate() {
        let gx = LEFT + ci as f64 * group_w + group_w * 0.1;
        for (si, series) in chart.series.iter().enumerate() {
            let Some(Some(v)) = series.values.get(ci) else {
                continue;
            };
            let h = v / max * plot_h;
            let x = gx + si as f64 * bar_w;
            let y = TOP + plot_h - h;
            s.push_str(&format!(
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"{}\"/>\n",
                bar_w * 0.95,
                PALETTE[si % PALETTE.len()]
            ));
            if let Some(Some(label)) = series.labels.get(ci) {
                s.push_str(&format!(
                    "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\">{}</text>\n",
                    x + bar_w / 2.0,
                    y - 4.0,
                    escape_html(label)
                ));
            }
        }
        s.push_str(&format!(
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\">{}</text>\n",
            gx + group_w * 0.4,
            TOP + plot_h + 16.0,
            escape_html(cat)
        ));
    }
    for (si, series) in chart.series.iter().enumerate() {
        let y = HEIGHT - 24.0;
        let x = LEFT + si as f64 * 180.0;
        s.push_str(&format!(
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"12\" height=\"12\" fill=\"{}\"/><text x=\"{:.1}\" y=\"{y:.1}\" font-size=\"12\">{}</text>\n",
            y - 10.0,
            PALETTE[si % PALETTE.len()],
            x + 16.0,
            escape_html(&series.name)
        ));
    }
    s.push_str("</svg>\n");
    Ok(s)
}
