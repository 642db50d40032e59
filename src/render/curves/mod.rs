//! The curves page: [`Curves`] in, per language a Markdown file, the HTML page made from
//! it (`render::html`, the report's shell) and SVG charts out. `figures` builds the
//! charts, `view` words the page, `templates/curves.md.j2` arranges it. Also the
//! `--json` lines (one object per series).

pub mod figures;
mod view;

use std::collections::BTreeMap;

use serde_json::{json, Map, Value as Json};

use crate::curves::{Curves, KeyValue};
use crate::l10n::Localizer;
use crate::render::escape::markdown as escape_markdown;
use crate::render::templates::Templates;
use crate::render::{charts, html};
use crate::Result;

pub use view::{capacity_text, CurvesView};

pub const CURVES_TEMPLATE: &str = "curves.md.j2";

/// One language's page, in memory.
pub type RenderedCurves = crate::render::page::Page;

pub fn render(curves: &Curves, lang: &str, templates: &Templates) -> Result<RenderedCurves> {
    let loc = Localizer::new(lang)?;
    let lang = loc.lang();
    let mut svgs = BTreeMap::new();
    let mut y_refs = Vec::new();
    for (i, y) in curves.ys.iter().enumerate() {
        let chart = figures::y_chart(&loc, curves, y);
        if chart.series.is_empty() {
            continue;
        }
        let path = format!("charts/curve-{}.{lang}.svg", i + 1);
        y_refs.push(view_ref(&path, &chart.title));
        svgs.insert(path, charts::line_chart(&chart)?);
    }
    let pareto_ref = match figures::pareto_chart(&loc, curves) {
        Some(chart) => {
            let path = format!("charts/pareto.{lang}.svg");
            let r = view_ref(&path, &chart.title);
            svgs.insert(path, charts::line_chart(&chart)?);
            Some(r)
        }
        None => None,
    };
    let view = view::build(&loc, curves, y_refs, pareto_ref);
    let markdown = templates.render(CURVES_TEMPLATE, &view)?;
    let html = html::page_with_templates(templates, &markdown, &view.plain_title, lang, &svgs)?;
    Ok(crate::render::page::Page {
        stem: "curves",
        lang,
        markdown,
        html,
        charts: svgs,
    })
}

fn view_ref(path: &str, title: &str) -> view::ChartRef {
    view::ChartRef {
        path: path.to_owned(),
        alt: escape_markdown(title),
    }
}

pub use crate::render::page::write;

fn key_json(v: &KeyValue) -> Json {
    match v {
        // `2`, not `2.0`: the value as the sweep wrote it.
        KeyValue::Num(n) if n.fract() == 0.0 && n.abs() < 1e15 => json!(*n as i64),
        KeyValue::Num(n) => json!(n),
        KeyValue::Text(s) => json!(s),
        KeyValue::Missing => Json::Null,
    }
}

/// `--json`: one object per series, one per line, in series order: `series` (the `--by`
/// values by column), `points`, `capacity`, `capacity_bound` (both null without an SLO),
/// `capacity_interval`, `limiting_slo`, `at_capacity` (each `--y`), `curve` (every point
/// with its means and intervals) and `pareto` (the series' frontier points).
pub fn json_lines(curves: &Curves) -> Vec<String> {
    curves
        .series
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let series: Map<String, Json> = curves
                .by
                .iter()
                .zip(&s.key)
                .map(|(c, v)| (c.clone(), key_json(v)))
                .collect();
            let cap = s.capacity.as_ref();
            let pareto: Vec<Json> = curves
                .pareto
                .iter()
                .filter(|p| p.series == i)
                .map(|p| {
                    json!({
                        "x": s.points[p.point].x,
                        "per_user": p.per_user,
                        "per_gpu": p.per_gpu,
                        "dominated": p.dominated,
                    })
                })
                .collect();
            let obj = json!({
                "series": series,
                "x": curves.x,
                "points": s.points.len(),
                "capacity": cap.and_then(|c| c.value),
                "capacity_bound": cap.map(|c| c.bound.as_str()),
                "capacity_interval": cap.and_then(|c| c.interval.as_ref()).map(|(lo, hi)| {
                    json!([lo.value, hi.value])
                }),
                "limiting_slo": cap.and_then(|c| c.limiting.clone()),
                "at_capacity": cap.map(|c| json!(c.at)),
                "runs_without_x": s.runs_without_x,
                "curve": s.points,
                "pareto": pareto,
            });
            obj.to_string()
        })
        .collect()
}
