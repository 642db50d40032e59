//! The site's HTML, one language at a time: the page frame (a Content-Security-Policy
//! that lets a page run only the folder's own scripts), the what-changed page written in
//! full here, and the shells of the every-series and series pages, which `site.js` fills
//! from `data/` with the words this module puts in the page (`data-l10n`). Every text is
//! escaped by `escape::markup`.

use fluent_bundle::FluentValue;
use serde_json::json;

use crate::compare::{fixed, signed_percent, Trend};
use crate::history::changes::{Mean, Moved, WhatChanged, Window, Workload};
use crate::history::trend::{Series, Trends};
use crate::l10n::Localizer;
use crate::render::escape::markup as esc;
use crate::render::report::metric_name;

const PAGE_CSS: &str = include_str!("../../../../templates/page.css");
const SITE_CSS: &str = include_str!("../../../../templates/history-site/site.css");

/// What the first page says about the store.
pub struct Context<'a> {
    pub trends: &'a Trends,
    pub workloads: &'a [Workload],
    pub store: &'a str,
    pub runs: usize,
    pub window: &'a Window,
    pub changed: &'a WhatChanged,
    /// The languages written: each page links to itself in the others.
    pub langs: &'a [&'static str],
}

/// The pages of a language: file name → HTML.
pub fn pages(loc: &Localizer, cx: &Context<'_>) -> Vec<(String, String)> {
    let lang = loc.lang();
    vec![
        (format!("index.{lang}.html"), changed_page(loc, cx)),
        (format!("series.{lang}.html"), series_page(loc, cx)),
        (format!("trend.{lang}.html"), trend_page(loc, cx)),
    ]
}

/// Which page a frame holds: its file stem, and the scripts it loads before `site.js`.
struct Kind {
    stem: &'static str,
    data: &'static [&'static str],
}

const CHANGED: Kind = Kind {
    stem: "index",
    data: &[],
};
const SERIES: Kind = Kind {
    stem: "series",
    data: &["data/index.js"],
};
const TREND: Kind = Kind {
    stem: "trend",
    data: &["data/nights.js"],
};

fn frame(
    loc: &Localizer,
    langs: &[&'static str],
    kind: &Kind,
    title: &str,
    body: &str,
    words: &serde_json::Value,
) -> String {
    let lang = loc.lang();
    let nav_link = |stem: &str, id: &str| {
        let class = if stem == kind.stem {
            " class=\"here\""
        } else {
            ""
        };
        format!(
            "<a href=\"{stem}.{lang}.html\"{class}>{}</a>",
            esc(&loc.tr(id))
        )
    };
    let langs: Vec<String> = langs
        .iter()
        .map(|l| {
            if *l == lang {
                format!("<b>{l}</b>")
            } else {
                format!(
                    "<a href=\"{}.{l}.html\" hreflang=\"{l}\">{l}</a>",
                    kind.stem
                )
            }
        })
        .collect();
    let scripts: String = kind
        .data
        .iter()
        .chain(["site.js"].iter())
        .map(|s| format!("<script src=\"{s}\"></script>\n"))
        .collect();
    format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'self'; \
style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
<meta name=\"generator\" content=\"perflab\">\n<title>{title}</title>\n<style>\n{PAGE_CSS}\n{SITE_CSS}</style>\n</head>\n\
<body data-page=\"{stem}\" data-lang=\"{lang}\" data-l10n=\"{words}\">\n<main class=\"report site\">\n\
<nav class=\"site-nav\">{changed} {series} <span class=\"langs\" title=\"{langs_title}\">{langs}</span></nav>\n\
{body}</main>\n{scripts}</body>\n</html>\n",
        title = esc(title),
        stem = kind.stem,
        words = esc(&words.to_string()),
        changed = nav_link("index", "history-site-changed-title"),
        series = nav_link("series", "history-site-series-title"),
        langs_title = esc(&loc.tr("history-site-languages")),
        langs = langs.join(" "),
    )
}

/// The words the scripts print, and the metrics' localized names with their units.
fn words(loc: &Localizer, trends: &Trends) -> serde_json::Value {
    let ids = [
        "history-site-filters",
        "history-site-filter-hint",
        "history-site-sort",
        "history-site-descending",
        "history-site-clear",
        "history-site-more",
        "history-site-col-name",
        "history-site-latest",
        "history-site-vs-median",
        "history-site-last-change",
        "history-site-no-change",
        "history-site-link",
        "history-site-loading",
        "history-site-key",
        "history-site-runs",
        "history-site-changes",
        "history-site-commits",
        "history-site-good",
        "history-site-bad",
        "history-site-worse",
        "history-site-better",
        "history-site-changed",
        "history-col-date",
        "history-col-labels",
        "history-col-step",
        "history-col-p",
        "history-col-before",
        "history-col-after",
        "history-provisional",
    ];
    let mut map: serde_json::Map<String, serde_json::Value> = ids
        .iter()
        .map(|id| {
            (
                id.trim_start_matches("history-").to_owned(),
                json!(loc.tr(id)),
            )
        })
        .collect();
    // Messages with numbers: the script puts them where `{name}` stands.
    let hole = |name: &str| FluentValue::from(format!("{{{name}}}"));
    map.insert(
        "site-shown".into(),
        json!(loc.tr_args(
            "history-site-shown",
            &[("shown", hole("shown")), ("total", hole("total"))]
        )),
    );
    map.insert(
        "site-missing".into(),
        json!(loc.tr_args("history-site-missing", &[("id", hole("id"))])),
    );
    map.insert(
        "site-chart".into(),
        json!(loc.tr_args("history-site-chart", &[("metric", hole("metric"))])),
    );
    map.insert(
        "site-latest-line".into(),
        json!(loc.tr_args(
            "history-site-latest-line",
            &[
                ("value", hole("value")),
                ("median", hole("median")),
                ("p10", hole("p10")),
                ("p90", hole("p90")),
                ("runs", hole("runs")),
            ]
        )),
    );
    let metrics: serde_json::Map<String, serde_json::Value> = trends
        .metrics
        .iter()
        .map(|m| {
            let name =
                crate::render::report::with_unit(&metric_name(loc, m), crate::compare::unit_of(m));
            (m.clone(), json!(name))
        })
        .collect();
    map.insert("metrics".into(), serde_json::Value::Object(metrics));
    serde_json::Value::Object(map)
}

fn intro(loc: &Localizer, cx: &Context<'_>) -> String {
    loc.tr_args(
        "history-site-intro",
        &[
            ("series", (cx.workloads.len() as i64).into()),
            ("runs", (cx.runs as i64).into()),
            ("store", cx.store.to_owned().into()),
        ],
    )
}

fn changed_page(loc: &Localizer, cx: &Context<'_>) -> String {
    let title = loc.tr("history-site-changed-title");
    let mut body = format!("<h1>{}</h1>\n<p>{}", esc(&title), esc(&intro(loc, cx)));
    let ch = cx.changed;
    if let (Some(from), Some(to)) = (&ch.from, &ch.to) {
        let window = match cx.window {
            Window::Nights(n) => loc.tr_args(
                "history-site-window-nights",
                &[
                    ("from", from.clone().into()),
                    ("to", to.clone().into()),
                    ("nights", (*n as i64).into()),
                ],
            ),
            Window::Since(_) => loc.tr_args(
                "history-site-window-since",
                &[("from", from.clone().into()), ("to", to.clone().into())],
            ),
        };
        body.push(' ');
        body.push_str(&esc(&window));
    }
    body.push_str("</p>\n");
    if ch.to.is_none() {
        body.push_str(&format!(
            "<p>{}</p>\n",
            esc(&loc.tr("history-site-no-runs"))
        ));
    } else if ch.groups.is_empty() {
        body.push_str(&format!(
            "<p class=\"none\">{}</p>\n",
            esc(&loc.tr("history-site-no-changes"))
        ));
    }
    let mut kind = None;
    for g in &ch.groups {
        if kind != Some(g.trend) {
            kind = Some(g.trend);
            let id = match g.trend {
                Trend::Worse => "history-site-section-worse",
                Trend::Better => "history-site-section-better",
                _ => "history-site-section-changed",
            };
            body.push_str(&format!("<h2>{}</h2>\n", esc(&loc.tr(id))));
        }
        let labels: Vec<String> = g.labels.iter().map(|(k, v)| format!("{k}={v}")).collect();
        body.push_str(&format!(
            "<section class=\"night\">\n<h3><span class=\"date\">{}</span> <span class=\"labels\">{}</span></h3>\n<ul class=\"moves\">\n",
            esc(&g.date),
            esc(&labels.join(", "))
        ));
        for m in &g.moves {
            body.push_str(&move_item(loc, cx, m));
        }
        body.push_str("</ul>\n</section>\n");
    }
    frame(loc, cx.langs, &CHANGED, &title, &body, &json!({}))
}

/// One change point: its verdict, series, metric, step, the means on either side with
/// their intervals, and a sparkline of the series around it.
fn move_item(loc: &Localizer, cx: &Context<'_>, m: &Moved) -> String {
    let s = &cx.trends.series[m.series];
    let c = &s.change_points[m.change];
    let lang = loc.lang();
    let (class, verdict) = match m.trend {
        Trend::Worse => ("worse", loc.tr("history-site-worse")),
        Trend::Better => ("better", loc.tr("history-site-better")),
        _ => ("changed", loc.tr("history-site-changed")),
    };
    let provisional = if c.provisional {
        format!(
            " <span class=\"prov\">{}</span>",
            esc(&loc.tr("history-provisional"))
        )
    } else {
        String::new()
    };
    let name = &cx.workloads[m.workload].name;
    let means = loc.tr_args(
        "history-site-before-after",
        &[
            ("before", mean_text(loc, &m.before).into()),
            ("after", mean_text(loc, &m.after).into()),
        ],
    );
    format!(
        "<li class=\"move {class}\"><span class=\"verdict\">{verdict}</span>{provisional} \
<a class=\"name\" href=\"trend.{lang}.html#{id}\">{name}</a> \
<span class=\"metric\">{metric}</span> <b class=\"step\">{step}</b> {spark} \
<span class=\"means\">{means}</span></li>\n",
        verdict = esc(&verdict),
        id = m.workload + 1,
        name = esc(if name.is_empty() { "—" } else { name }),
        metric = esc(&metric_name(loc, &s.metric)),
        step = esc(&c.step_pct.map(signed_percent).unwrap_or_else(|| "—".into())),
        spark = sparkline(s, c.index),
        means = esc(&means),
    )
}

fn mean_text(loc: &Localizer, m: &Mean) -> String {
    match m.half_width {
        Some(h) => loc.tr_args(
            "history-site-mean",
            &[
                ("mean", fixed(m.mean).into()),
                ("half", fixed(h).into()),
                ("n", (m.n as i64).into()),
            ],
        ),
        None => loc.tr_args(
            "history-site-mean-one",
            &[("mean", fixed(m.mean).into()), ("n", (m.n as i64).into())],
        ),
    }
}

/// A 120 × 28 inline SVG of the series' last 60 runs, the change point's run marked.
fn sparkline(s: &Series, at: usize) -> String {
    const W: f64 = 120.0;
    const H: f64 = 28.0;
    let from = s.points.len().saturating_sub(60);
    let tail = &s.points[from..];
    let (lo, hi) = tail
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
            (lo.min(p.value), hi.max(p.value))
        });
    let x = |i: usize| 2.0 + (W - 4.0) * i as f64 / (tail.len().max(2) - 1) as f64;
    let y = |v: f64| {
        if hi > lo {
            H - 3.0 - (H - 6.0) * (v - lo) / (hi - lo)
        } else {
            H / 2.0
        }
    };
    let points: Vec<String> = tail
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.value)))
        .collect();
    let mark = at
        .checked_sub(from)
        .filter(|i| *i < tail.len())
        .map(|i| {
            format!(
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"2.5\"/>",
                x(i),
                y(tail[i].value)
            )
        })
        .unwrap_or_default();
    format!(
        "<svg class=\"spark\" width=\"120\" height=\"28\" viewBox=\"0 0 120 28\" aria-hidden=\"true\">\
<polyline points=\"{}\"/>{mark}</svg>",
        points.join(" ")
    )
}

fn series_page(loc: &Localizer, cx: &Context<'_>) -> String {
    let title = loc.tr("history-site-series-title");
    let body = format!(
        "<h1>{}</h1>\n<p>{}</p>\n<form id=\"filters\" class=\"filters\"></form>\n\
<p id=\"shown\" class=\"shown\" aria-live=\"polite\"></p>\n\
<div class=\"scroll\"><table id=\"all\" class=\"all\"></table></div>\n\
<p><button id=\"more\" type=\"button\" hidden>{}</button></p>\n",
        esc(&title),
        esc(&intro(loc, cx)),
        esc(&loc.tr("history-site-more")),
    );
    frame(
        loc,
        cx.langs,
        &SERIES,
        &title,
        &body,
        &words(loc, cx.trends),
    )
}

fn trend_page(loc: &Localizer, cx: &Context<'_>) -> String {
    let title = loc.tr("history-site-trend-title");
    let body = format!(
        "<h1 id=\"title\">{}</h1>\n<div id=\"trend\"><p>{}</p></div>\n",
        esc(&title),
        esc(&loc.tr("history-site-loading")),
    );
    frame(loc, cx.langs, &TREND, &title, &body, &words(loc, cx.trends))
}
