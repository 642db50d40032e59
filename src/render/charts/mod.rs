//! SVG charts of the study report, drawn with plotters (SVG backend only). One chart kind
//! per file (`bars.rs`: grouped bars), every size and colour in `style.rs`, and text
//! extents estimated in `text.rs` instead of read from installed fonts, so the same input
//! gives the same bytes on every machine. Callers (the report writer) build the chart
//! models below from the comparison, with every word already localized; the SVG text
//! goes to `charts/*.svg` beside the Markdown and inline into the HTML page (`html.rs`).

mod bars;
mod dates;
mod lines;
mod style;
mod text;

pub use bars::grouped_bars;
pub use dates::{day_number, DateAxis};
pub use lines::{date_line_chart, line_chart, Limit, LineChart, LinePoint, LineSeries, Mark};

/// A grouped bar chart: one group of bars per category, one bar per series in each group.
#[derive(Debug, Clone, PartialEq)]
pub struct BarChart {
    /// Printed above the chart and used as its accessible name.
    pub title: String,
    /// Names under the groups, left to right (wrapped when long).
    pub categories: Vec<String>,
    /// One colour each, named in the legend, in palette order.
    pub series: Vec<BarSeries>,
    /// The value axis, with its unit: `Total token throughput (tok/s)`.
    pub y_label: String,
}

/// One series of a [`BarChart`].
#[derive(Debug, Clone, PartialEq)]
pub struct BarSeries {
    pub name: String,
    /// `values[i]` is this series' bar in category `i`; must have one entry per category.
    /// `None` (or a non-finite number) draws no bar and prints the label, or `n/a`.
    pub values: Vec<Option<f64>>,
    /// `labels[i]` is printed at the end of bar `i` (`11527.14`, `+2.09%`); `\n` splits it
    /// into lines. Missing trailing entries count as `None`: no label.
    pub labels: Vec<Option<String>>,
}

/// Plotters reports drawing failures with its own error type; perflab names the chart.
fn chart_error(title: &str, e: impl std::fmt::Display) -> crate::Error {
    crate::Error::Render(crate::tr!(
        "chart-error",
        title = title.to_owned(),
        reason = e.to_string()
    ))
}
