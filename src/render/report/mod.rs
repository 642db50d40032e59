//! The study report: a [`StudyComparison`] in, per language a Markdown file, an HTML page
//! made from that Markdown, and SVG charts out. `view` words everything, `figures` lays
//! out the charts, `templates/report.md.j2` arranges the page; this module ties them and
//! writes the files (atomically, byte-identical for the same inputs).

mod curve;
mod figures;
mod requests;
mod view;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

pub use figures::{Figure, Figures};
pub use view::{
    gap_sentence, metric_name, serving_command_text, with_unit, CodeBlock, ReportView, ViewBuilder,
};

use crate::compare::StudyComparison;
use crate::l10n::Localizer;
use crate::model::frame::write_atomic;
use crate::render::{charts, html, templates::Templates};
use crate::requests::Objectives;
use crate::study::requests::VariantRequests;
use crate::study::Study;
use crate::{Error, Result};

/// The report template; its partials live under `templates/report/`.
pub const REPORT_TEMPLATE: &str = "report.md.j2";

/// One language's report, in memory.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderedReport {
    pub lang: &'static str,
    pub markdown: String,
    pub html: String,
    /// Path relative to the output folder (`charts/conclusion.en.svg`) → SVG text.
    pub charts: BTreeMap<String, String>,
}

impl RenderedReport {
    pub fn markdown_name(&self) -> String {
        format!("report.{}.md", self.lang)
    }

    pub fn html_name(&self) -> String {
        format!("report.{}.html", self.lang)
    }
}

/// Renders the report of `study` in `lang`.
pub fn render(
    study: &Study,
    cmp: &StudyComparison,
    lang: &str,
    templates: &Templates,
) -> Result<RenderedReport> {
    render_with_requests(study, cmp, &[], &Objectives::default(), lang, templates)
}

/// [`render`], with the section of the variants' requests (`study::requests::attach`) and
/// the `--slo` they were judged by.
pub fn render_with_requests(
    study: &Study,
    cmp: &StudyComparison,
    requests: &[VariantRequests],
    objectives: &Objectives,
    lang: &str,
    templates: &Templates,
) -> Result<RenderedReport> {
    let loc = Localizer::new(lang)?;
    let figures = Figures::new(study, cmp, &loc);
    let (curve_figures, load_curves) = curve::build(study, cmp, &loc);
    let mut view = ViewBuilder {
        study,
        cmp,
        loc: &loc,
        figures: &figures,
    }
    .build();
    view.load_curves = load_curves;
    let (request_figures, request_views) = requests::build(study, requests, objectives, &loc);
    if !request_views.is_empty() {
        view.requests_intro = Some(requests::intro(objectives, &loc));
    }
    view.requests = request_views;
    let markdown = templates.render(REPORT_TEMPLATE, &view)?;
    let mut charts_svg = BTreeMap::new();
    for figure in figures.all() {
        charts_svg.insert(
            figure.path(loc.lang()),
            charts::grouped_bars(&figure.chart)?,
        );
    }
    for figure in curve_figures.iter().chain(&request_figures) {
        charts_svg.insert(figure.path(loc.lang()), charts::line_chart(&figure.chart)?);
    }
    let html = html::page(&markdown, &view.title, loc.lang(), &charts_svg)?;
    Ok(RenderedReport {
        lang: loc.lang(),
        markdown,
        html,
        charts: charts_svg,
    })
}

/// Writes reports under `out`: `report.LANG.md`, `report.LANG.html`, `charts/*.svg`.
/// Returns the files written, in order.
pub fn write(out: &Path, reports: &[RenderedReport]) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(out.join("charts")).map_err(|e| Error::io(out, e))?;
    let mut written = Vec::new();
    for report in reports {
        for (name, text) in [
            (report.markdown_name(), &report.markdown),
            (report.html_name(), &report.html),
        ] {
            written.push(write_text(&out.join(name), text)?);
        }
        for (rel, svg) in &report.charts {
            written.push(write_text(&out.join(rel), svg)?);
        }
    }
    Ok(written)
}

/// Writes text atomically and returns the path.
pub fn write_text(path: &Path, text: &str) -> Result<PathBuf> {
    write_atomic(path, |f| {
        f.write_all(text.as_bytes()).map_err(|e| Error::io(path, e))
    })?;
    Ok(path.to_path_buf())
}
