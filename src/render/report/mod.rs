//! The study report: a [`StudyComparison`] in, per language a Markdown file, an HTML page
//! made from that Markdown, and SVG charts out. `view` words everything, `figures` lays
//! out the charts, `templates/report.md.j2` arranges the page; this module ties them and
//! writes the files (atomically, byte-identical for the same inputs).

mod curve;
mod figures;
mod requests;
mod view;

use std::collections::BTreeMap;

pub use figures::{Figure, Figures};
pub use view::{
    gap_sentence, metric_name, serving_command_text, with_unit, CodeBlock, ReportView, ViewBuilder,
};

use crate::compare::StudyComparison;
use crate::l10n::Localizer;
use crate::render::{charts, html, templates::Templates};
use crate::requests::Objectives;
use crate::study::requests::VariantRequests;
use crate::study::Study;
use crate::Result;

/// The report template; its partials live under `templates/report/`.
pub const REPORT_TEMPLATE: &str = "report.md.j2";

/// One language's page, in memory.
pub type RenderedReport = crate::render::page::Page;

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
    let html =
        html::page_with_templates(templates, &markdown, &view.title, loc.lang(), &charts_svg)?;
    Ok(crate::render::page::Page {
        stem: "report",
        lang: loc.lang(),
        markdown,
        html,
        charts: charts_svg,
    })
}

pub use crate::render::page::{write, write_text};
