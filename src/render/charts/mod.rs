//! perflab's one SVG chart engine, drawn with plotters (SVG backend only). One chart kind
//! per file (`bars.rs`: grouped bars, `lines.rs`: lines and scatter, `delta.rs`: the
//! diff's horizontal change bars), every size and colour in `style.rs`, and text extents
//! estimated in `text.rs` instead of read from installed fonts, so the same input gives
//! the same bytes on every machine. Callers (the report writer, the diff) build the chart
//! models below from their own rows, with every word already localized; this module
//! imports none of them. The SVG text goes to `charts/*.svg` beside the Markdown and
//! inline into the HTML pages.

mod bars;
mod dates;
mod delta;
mod lines;
mod style;
mod text;

pub use bars::grouped_bars;
pub use dates::{day_number, DateAxis};
pub use delta::delta_chart;
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

/// A delta chart: one horizontal bar per changed metric around a zero axis, growing left
/// for a drop and right for a rise, its signed percent (`-4.16%`, `+∞%`) printed at its
/// end and its colour telling how it was judged.
#[derive(Debug, Clone, PartialEq)]
pub struct DeltaChart {
    /// Printed above the chart and used as its accessible name.
    pub title: String,
    /// Top to bottom.
    pub bars: Vec<DeltaBar>,
    /// The percent at either end of the axis (printed there as `-scale` and `+scale`);
    /// longer bars, ±∞ among them, are drawn full length. A scale that is not a positive
    /// number is taken as the largest finite |percent|, or 1.
    pub scale: f64,
}

/// One bar of a [`DeltaChart`].
#[derive(Debug, Clone, PartialEq)]
pub struct DeltaBar {
    /// Printed left of the chart; cut at the front (`…bench.txt#1 ttft`) when too long.
    pub label: String,
    /// The change in percent; ±∞ is drawn full length, NaN draws no bar.
    pub percent: f64,
    pub tone: DeltaTone,
}

/// How a [`DeltaBar`] was judged, which picks its colour (`style.rs`): a regression
/// stands out most, a change within noise next, an improvement is green, the rest grey.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeltaTone {
    Regression,
    WithinNoise,
    Better,
    Worse,
    Neutral,
}

/// Plotters reports drawing failures with its own error type; perflab names the chart.
fn chart_error(title: &str, e: impl std::fmt::Display) -> crate::Error {
    crate::Error::Render(crate::tr!(
        "chart-error",
        title = title.to_owned(),
        reason = e.to_string()
    ))
}
