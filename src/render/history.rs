//! The history page: [`Trends`] in, per language a Markdown summary (for a CI job's
//! summary), the HTML page made from it (`render::html`, the report's shell) and one SVG
//! trend chart per series; and the `--json` lines. Every word comes from
//! `locales/*/history.ftl`; `templates/history.md.j2` arranges the page.

use std::collections::BTreeMap;

use fluent_bundle::FluentValue;
use serde::Serialize;
use serde_json::{json, Value as Json};

use crate::compare::{fixed, signed_percent};
use crate::history::trend::{Series, Trends};
use crate::l10n::Localizer;
use crate::render::escape::markdown as md;
use crate::render::report::metric_name;
use crate::render::templates::Templates;
use crate::render::{charts, html};
use crate::Result;

mod chart;
pub mod site;
use chart::chart;

pub const HISTORY_TEMPLATE: &str = "history.md.j2";
/// The label whose value names a night on the charts when the store has it.
const NIGHT_LABEL: &str = "commit";

/// One language's page, in memory.
pub type RenderedHistory = crate::render::page::Page;

#[derive(Serialize)]
struct View {
    title: String,
    plain_title: String,
    intro: Vec<String>,
    summary_header: Vec<String>,
    summary_rows: Vec<Vec<String>>,
    t_series: String,
    series: Vec<SeriesView>,
    /// The nights on which several series moved, one row each; empty: no such section.
    t_nights: String,
    nights_intro: String,
    nights_header: Vec<String>,
    nights_rows: Vec<Vec<String>>,
}

#[derive(Serialize)]
struct SeriesView {
    heading: String,
    chart_path: Option<String>,
    chart_note: Option<String>,
    chart_alt: String,
    latest: Option<String>,
    no_change: Option<String>,
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

fn labels_text(labels: &BTreeMap<String, String>) -> String {
    labels
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A run id cut to its first 12 characters (not bytes: a store part written by another
/// tool may hold any text), as code; one holding a backquote (which would end the code
/// span and let the rest be read as Markdown or HTML) or a `|` (which ends a table cell
/// even inside code), as escaped text.
fn run_id_cell(run_id: &str) -> String {
    let short: String = run_id.chars().take(12).collect();
    if short.contains(['`', '|', '\n', '\r']) {
        md(&short)
    } else {
        format!("`{short}`")
    }
}

fn step_text(step: Option<f64>) -> String {
    step.map(signed_percent).unwrap_or_else(|| "—".to_owned())
}

fn series_name(loc: &Localizer, s: &Series) -> String {
    if s.key.is_empty() {
        loc.tr("history-all-runs")
    } else {
        s.name()
    }
}

/// A series' name on the page: its key, and with several metrics the metric's
/// localized name after it.
fn series_title(loc: &Localizer, trends: &Trends, s: &Series) -> String {
    let name = series_name(loc, s);
    if trends.metrics.len() > 1 {
        format!("{name} · {}", metric_name(loc, &s.metric))
    } else {
        name
    }
}

/// The nights on which more than one series moved (`history::nights`): date, labels and
/// what moved, each series and metric with its step. Empty when at most one series has
/// change points: its own section says it all.
fn nights_table(loc: &Localizer, trends: &Trends) -> (Vec<String>, Vec<Vec<String>>) {
    let moving = trends
        .series
        .iter()
        .filter(|s| !s.change_points.is_empty())
        .count();
    if moving < 2 {
        return (Vec::new(), Vec::new());
    }
    let keys: std::collections::BTreeSet<&Vec<(String, String)>> =
        trends.series.iter().map(|s| &s.key).collect();
    let rows = crate::history::nights::nights(trends)
        .into_iter()
        .map(|night| {
            let moves: Vec<String> = night
                .moves
                .iter()
                .map(|m| {
                    let s = &trends.series[m.series];
                    let mut text = metric_name(loc, &m.metric);
                    // The workload only when the page has several.
                    if keys.len() > 1 {
                        text = format!("{} · {text}", series_name(loc, s));
                    }
                    text = format!("{text} {}", step_text(m.step_pct));
                    if m.provisional {
                        text = format!("{text} ({})", loc.tr("history-provisional"));
                    }
                    md(&text)
                })
                .collect();
            vec![
                night.date,
                md(&labels_text(&night.labels)),
                moves.join("; "),
            ]
        })
        .collect();
    let header = vec![
        loc.tr("history-col-date"),
        loc.tr("history-col-labels"),
        loc.tr("history-col-moved"),
    ];
    (header, rows)
}

fn latest_text(loc: &Localizer, s: &Series) -> Option<String> {
    let l = s.latest.as_ref()?;
    Some(loc.tr_args(
        "history-latest",
        &[
            ("date", FluentValue::from(l.date.clone())),
            ("value", fixed(l.value).into()),
            ("runs", (l.recent_runs as i64).into()),
            ("median", fixed(l.median).into()),
            ("p10", fixed(l.p10).into()),
            ("p90", fixed(l.p90).into()),
            ("rank", format!("{:.0}", l.rank_pct).into()),
            ("vs", step_text(l.vs_median_pct).into()),
        ],
    ))
}

fn view(loc: &Localizer, store: &str, trends: &Trends) -> (View, BTreeMap<String, String>) {
    let lang = loc.lang();
    // Runs, not runs × metrics; workloads, not workloads × metrics (`history::changes`).
    let workloads = crate::history::changes::workloads(trends);
    let runs = crate::history::changes::run_count(trends, &workloads);
    let workloads = workloads.len();
    let st = &trends.settings;
    let mut intro = vec![loc.tr_args(
        "history-intro",
        &[
            ("store", FluentValue::from(md(store))),
            ("series", (workloads as i64).into()),
            ("runs", (runs as i64).into()),
        ],
    )];
    if !trends.key.is_empty() {
        intro.push(loc.tr_args("history-key", &[("key", md(&trends.key.join(", ")).into())]));
    }
    intro.push(loc.tr_args(
        "history-method",
        &[
            ("permutations", (st.permutations as i64).into()),
            ("seed", (st.seed as i64).into()),
            ("alpha", format!("{}", st.alpha).into()),
            ("min_segment", (st.min_segment as i64).into()),
            ("min_magnitude", format!("{}", st.min_magnitude_pct).into()),
            ("recent", (trends.recent as i64).into()),
        ],
    ));
    let summary_header = vec![
        loc.tr("history-col-series"),
        loc.tr("history-col-runs"),
        loc.tr("history-col-latest"),
        loc.tr("history-col-median"),
        loc.tr("history-col-vs-median"),
        loc.tr("history-col-changes"),
    ];
    let mut summary_rows = Vec::new();
    let mut series = Vec::new();
    let mut svgs = BTreeMap::new();
    for (i, s) in trends.series.iter().enumerate() {
        let name = series_title(loc, trends, s);
        let last_change = s
            .change_points
            .last()
            .map(|c| format!("{} ({})", c.date, step_text(c.step_pct)));
        summary_rows.push(vec![
            md(&name),
            s.points.len().to_string(),
            s.points.last().map(|p| fixed(p.value)).unwrap_or_default(),
            s.latest
                .as_ref()
                .map(|l| fixed(l.median))
                .unwrap_or_else(|| "—".into()),
            s.latest
                .as_ref()
                .map(|l| step_text(l.vs_median_pct))
                .unwrap_or_else(|| "—".into()),
            match last_change {
                Some(t) => format!("{} · {}", s.change_points.len(), t),
                None => "0".to_owned(),
            },
        ]);
        let path = format!("charts/trend-{}.{lang}.svg", i + 1);
        let (c, axis) = chart(loc, trends, s);
        // A chart that cannot be drawn (no run with a date the axis can place, from a
        // store part another tool wrote) is said where it would be, not left as a link
        // to a file that was never written.
        let (chart_path, chart_note) = match charts::date_line_chart(&c, &axis) {
            Ok(svg) => {
                svgs.insert(path.clone(), svg);
                (Some(path), None)
            }
            Err(e) => {
                let note =
                    loc.tr_args("history-chart-missing", &[("reason", e.to_string().into())]);
                (None, Some(md(&note)))
            }
        };
        let rows = s
            .change_points
            .iter()
            .map(|c| {
                let date = if c.provisional {
                    format!("{} ({})", c.date, loc.tr("history-provisional"))
                } else {
                    c.date.clone()
                };
                vec![
                    date,
                    run_id_cell(&c.run_id),
                    md(&labels_text(&c.labels)),
                    fixed(c.mean_before),
                    fixed(c.mean_after),
                    step_text(c.step_pct),
                    p_text(c.p_value, c.p_resolution),
                ]
            })
            .collect::<Vec<_>>();
        series.push(SeriesView {
            heading: md(&name),
            chart_path,
            chart_note,
            chart_alt: md(&name),
            latest: latest_text(loc, s),
            no_change: rows.is_empty().then(|| loc.tr("history-no-change")),
            header: vec![
                loc.tr("history-col-date"),
                loc.tr("history-col-run"),
                loc.tr("history-col-labels"),
                loc.tr("history-col-before"),
                loc.tr("history-col-after"),
                loc.tr("history-col-step"),
                loc.tr("history-col-p"),
            ],
            rows,
        });
    }
    let plain_title = loc.tr_args(
        "history-title",
        &[("metric", FluentValue::from(trends.metrics.join(", ")))],
    );
    let (nights_header, nights_rows) = nights_table(loc, trends);
    let view = View {
        title: md(&plain_title),
        plain_title,
        intro,
        summary_header,
        summary_rows,
        t_series: loc.tr("history-section-series"),
        series,
        t_nights: loc.tr("history-section-nights"),
        nights_intro: loc.tr("history-nights-intro"),
        nights_header,
        nights_rows,
    };
    (view, svgs)
}

pub fn render(
    trends: &Trends,
    store: &str,
    lang: &str,
    templates: &Templates,
) -> Result<RenderedHistory> {
    let loc = Localizer::new(lang)?;
    let (view, charts) = view(&loc, store, trends);
    let mut markdown = templates.render(HISTORY_TEMPLATE, &view)?;
    if !markdown.ends_with('\n') {
        markdown.push('\n');
    }
    let html =
        html::page_with_templates(templates, &markdown, &view.plain_title, loc.lang(), &charts)?;
    Ok(crate::render::page::Page {
        stem: "history",
        lang: loc.lang(),
        markdown,
        html,
        charts,
    })
}

pub use crate::render::page::write;

/// A p-value with as many decimals as its resolution has, and the resolution beside it:
/// `0.0015 (1/2000)`.
fn p_text(p: f64, resolution: f64) -> String {
    let shuffles = (1.0 / resolution).round().max(1.0);
    let decimals = (shuffles.log10().ceil() as usize).max(3);
    format!("{p:.decimals$} (1/{shuffles})")
}

/// `--json`: one object per series and metric per line: `series` (the key's values by column),
/// `metric`, `runs`, `latest`, and `change_points`, each with `date` (`YYYY-MM-DD`),
/// `labels`, `step_pct`, `p_value`, `p_resolution`, `run_id`, `index`, `mean_before`,
/// `mean_after`, `provisional`.
pub fn json_lines(trends: &Trends) -> Vec<String> {
    trends
        .series
        .iter()
        .map(|s| {
            let series: serde_json::Map<String, Json> = s
                .key
                .iter()
                .map(|(k, v)| (k.clone(), Json::from(v.clone())))
                .collect();
            let cps: Vec<Json> = s
                .change_points
                .iter()
                .map(|c| {
                    json!({
                        "date": c.date,
                        "labels": c.labels,
                        "step_pct": c.step_pct,
                        "p_value": c.p_value,
                        "p_resolution": c.p_resolution,
                        "run_id": c.run_id,
                        "index": c.index,
                        "mean_before": c.mean_before,
                        "mean_after": c.mean_after,
                        "provisional": c.provisional,
                    })
                })
                .collect();
            json!({
                "series": series,
                "metric": s.metric,
                "runs": s.points.len(),
                "latest": s.latest,
                "change_points": cps,
            })
            .to_string()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::chart::*;
    use super::*;
    use crate::history::trend::{analyse, Point, TrendSpec};
    use crate::history::Settings;

    fn trends() -> Trends {
        let labels: BTreeMap<String, String> =
            [("commit".to_owned(), "a|b <script>x</script>".to_owned())].into();
        let points = (0..30)
            .map(|i| Point {
                date: format!("2026-01-{:02}", i + 1).into(),
                run_id: format!("{i:064}").into(),
                labels: labels.clone().into(),
                value: if i < 15 { 100.0 } else { 80.0 } + (i % 3) as f64,
            })
            .collect();
        let mut s = Series {
            key: vec![("model_id".to_owned(), "m|1".to_owned())],
            metric: "output_throughput".into(),
            points,
            change_points: Vec::new(),
            latest: None,
        };
        let spec = TrendSpec {
            metrics: vec!["output_throughput".into()],
            default_metrics: false,
            key: vec!["model_id".into()],
            filters: Vec::new(),
            since: None,
            settings: Settings::default(),
            recent: 30,
        };
        analyse(&mut s, &spec);
        Trends {
            metrics: spec.metrics.clone(),
            key: spec.key.clone(),
            series: vec![s],
            settings: spec.settings,
            recent: 30,
        }
    }

    /// Nightly runs from 2026-01-01 with the nights 5–7 missing, commit `cNN` on night
    /// NN, a 20% drop from night 20.
    fn nightly() -> Trends {
        let points = (1..=30)
            .filter(|d| !(5..=7).contains(d))
            .map(|d| Point {
                date: format!("2026-01-{d:02}").into(),
                run_id: format!("{d:064}").into(),
                labels: [
                    ("commit".to_owned(), format!("c{d:02}")),
                    ("machine".to_owned(), "h100".to_owned()),
                ]
                .into_iter()
                .collect::<BTreeMap<_, _>>()
                .into(),
                value: if d < 20 { 100.0 } else { 80.0 } + (d % 3) as f64,
            })
            .collect();
        let mut t = trends();
        t.series[0].points = points;
        let spec = TrendSpec {
            metrics: t.metrics.clone(),
            default_metrics: false,
            key: t.key.clone(),
            filters: Vec::new(),
            since: None,
            settings: t.settings,
            recent: 30,
        };
        analyse(&mut t.series[0], &spec);
        t
    }

    /// Each `<text>` of an SVG: (its opening tag, its content unescaped of `&amp;`).
    fn svg_texts(svg: &str) -> Vec<(String, String)> {
        svg.split("<text")
            .skip(1)
            .filter_map(|rest| {
                let (tag, rest) = rest.split_once('>')?;
                let (content, _) = rest.split_once("</text>")?;
                Some((tag.to_owned(), content.trim().replace("&amp;", "&")))
            })
            .collect()
    }

    fn attr<'a>(tag: &'a str, name: &str) -> &'a str {
        let at = tag.find(&format!(" {name}=\"")).expect(name) + name.len() + 3;
        tag[at..].split('"').next().unwrap()
    }

    /// The x ticks' lines: centred 12 px text under the plot, (x, y, text).
    fn x_ticks(svg: &str) -> Vec<(i64, i64, String)> {
        svg_texts(svg)
            .into_iter()
            .filter(|(tag, _)| {
                attr(tag, "text-anchor") == "middle" && attr(tag, "font-size") == "12"
            })
            .map(|(tag, text)| {
                (
                    attr(&tag, "x").parse().unwrap(),
                    attr(&tag, "y").parse().unwrap(),
                    text,
                )
            })
            .collect()
    }

    #[test]
    fn the_x_axis_shows_dates_spaced_by_time_with_their_commits() {
        let t = nightly();
        assert_eq!(t.series[0].change_points.len(), 1);
        let templates = Templates::new(None).unwrap();
        let page = render(&t, "store", "en", &templates).unwrap();
        let svg = &page.charts["charts/trend-1.en.svg"];
        let ticks = x_ticks(svg);
        let first_row = ticks.iter().map(|t| t.1).min().unwrap();
        let dates: Vec<&(i64, i64, String)> = ticks.iter().filter(|t| t.1 == first_row).collect();
        let notes: Vec<&(i64, i64, String)> = ticks.iter().filter(|t| t.1 > first_row).collect();
        assert!(dates.len() >= 4, "{ticks:?}");
        // Dates, not run numbers: the year on the first, then month and day.
        assert_eq!(dates[0].2, "2026-01-01", "{ticks:?}");
        let day = |text: &str| -> i64 {
            let md = text.strip_prefix("2026-").unwrap_or(text);
            assert!(md.len() == 5 && md.starts_with("01-"), "not a date: {text}");
            md[3..].parse().unwrap()
        };
        let days: Vec<i64> = dates.iter().map(|d| day(&d.2)).collect();
        assert!(days.iter().all(|d| (1..=30).contains(d)), "{days:?}");
        // Spaced by time: pixels per day the same between every two ticks.
        let per_day: Vec<f64> = dates
            .windows(2)
            .zip(days.windows(2))
            .map(|(x, d)| (x[1].0 - x[0].0) as f64 / (d[1] - d[0]) as f64)
            .collect();
        assert!(
            per_day.iter().all(|p| (p - per_day[0]).abs() <= 1.0),
            "{per_day:?}"
        );
        // Labels apart: neighbours at least half their widths apart (12 px digits are
        // under 8 px wide).
        let wide = |text: &str| text.chars().count() as f64 * 8.0;
        for w in dates.windows(2) {
            let room = (w[1].0 - w[0].0) as f64;
            assert!(room >= (wide(&w[0].2) + wide(&w[1].2)) / 2.0, "{w:?}");
        }
        // The commit under each date that had a run; none under a missing night.
        for d in &dates {
            let note = notes.iter().find(|n| n.0 == d.0).map(|n| n.2.as_str());
            let want = format!("c{:02}", day(&d.2));
            match day(&d.2) {
                5..=7 => assert_eq!(note, None),
                _ => assert_eq!(note, Some(want.as_str())),
            }
        }
        // The points: the nights after the gap four days' width on from night 4.
        let cx: Vec<i64> = svg
            .split("<circle cx=\"")
            .skip(3) // what precedes the first circle, the legend's two
            .take(27)
            .map(|c| c.split('"').next().unwrap().parse().unwrap())
            .collect();
        let step = cx[1] - cx[0];
        assert!(((cx[4] - cx[3]) - 4 * step).abs() <= 2, "{cx:?}");
        // The change point is marked with its commit.
        let texts = svg_texts(svg);
        assert!(
            texts.iter().any(|(_, t)| t.starts_with("c20 -")),
            "{texts:?}"
        );
        assert!(texts.iter().any(|(_, t)| t == "Date and commit"));
    }

    #[test]
    fn the_y_axis_is_the_metric_by_its_localized_name_with_its_unit() {
        let t = nightly();
        let templates = Templates::new(None).unwrap();
        for (lang, want) in [
            ("en", "Output TPS (tok/s)"),
            ("ru", "TPS вывода (tok/s)"),
            ("zh-CN", "输出 TPS (tok/s)"),
        ] {
            let page = render(&t, "store", lang, &templates).unwrap();
            let svg = &page.charts[&format!("charts/trend-1.{lang}.svg")];
            let rotated: Vec<String> = svg_texts(svg)
                .into_iter()
                .filter(|(tag, _)| tag.contains("rotate(270"))
                .map(|(_, text)| text)
                .collect();
            assert_eq!(rotated, [want], "{lang}");
            // No word of the chart is the column name.
            assert!(!svg.contains("output_throughput"), "{lang}");
        }
        let ru = render(&t, "store", "ru", &templates).unwrap();
        let svg = &ru.charts["charts/trend-1.ru.svg"];
        assert!(svg_texts(svg).iter().any(|(_, t)| t == "Дата и commit"));
    }

    #[test]
    fn a_long_commit_is_abbreviated_and_a_constant_label_names_no_night() {
        assert_eq!(short_label(&"0123456789abcdef".repeat(2)), "0123456");
        assert_eq!(short_label("release-2026-01"), "release-202…");
        assert_eq!(short_label("c01"), "c01");
        let mut t = nightly();
        for p in &mut t.series[0].points {
            std::sync::Arc::make_mut(&mut p.labels).remove("commit");
        }
        assert_eq!(
            night_label(&t.series[0]),
            None,
            "machine is the same every night"
        );
        let templates = Templates::new(None).unwrap();
        let page = render(&t, "store", "en", &templates).unwrap();
        let svg = &page.charts["charts/trend-1.en.svg"];
        let rows: std::collections::BTreeSet<i64> = x_ticks(svg).iter().map(|t| t.1).collect();
        assert_eq!(rows.len(), 1, "dates only");
        assert!(svg_texts(svg).iter().any(|(_, t)| t == "Date"));
    }

    #[test]
    fn a_chart_that_cannot_be_drawn_is_said_not_linked() {
        // Dates no axis can place (a part written by another tool): no point to draw.
        let mut t = trends();
        for p in &mut t.series[0].points {
            p.date = "someday".into();
        }
        for lang in ["en", "ru", "zh-CN"] {
            let page = render(&t, "store", lang, &Templates::new(None).unwrap()).unwrap();
            assert!(page.charts.is_empty(), "{lang}");
            assert!(
                !page.markdown.contains("charts/trend-1"),
                "{}",
                page.markdown
            );
            let note = Localizer::new(lang)
                .unwrap()
                .tr_args("history-chart-missing", &[("reason", "".into())]);
            let prefix = note.trim_end().trim_end_matches(['：', ':']);
            assert!(page.markdown.contains(prefix), "{lang}: {}", page.markdown);
            assert!(!page.html.contains("<img"), "{}", page.html);
        }
    }

    #[test]
    fn run_ids_of_another_tool_are_cut_by_characters_and_stay_text() {
        // A store part written by another tool: ids of multi-byte characters, the 12th
        // byte inside one, and an id that would close its code span and open a tag.
        for (id, shown) in [
            ("运行标识符一二三四五六七八", "`运行标识符一二三四五六七`"),
            ("`<img src=x onerror=alert(1)>`", r"\`\<img src="),
            ("a|b", r"| a\|b |"),
        ] {
            let mut t = trends();
            let at = t.series[0].change_points[0].index;
            t.series[0].points[at].run_id = id.into();
            t.series[0].change_points[0].run_id = id.into();
            let page = render(&t, "store", "en", &Templates::new(None).unwrap()).unwrap();
            assert!(page.markdown.contains(shown), "{}", page.markdown);
            assert!(!page.html.contains("<img src"), "{}", page.html);
        }
    }

    #[test]
    fn user_text_is_escaped_and_the_page_is_deterministic() {
        let t = trends();
        assert_eq!(t.series[0].change_points.len(), 1);
        let templates = Templates::new(None).unwrap();
        let page = render(&t, "s3://bucket/x", "en", &templates).unwrap();
        assert!(page.markdown.contains(r"a\|b"), "{}", page.markdown);
        assert!(page.markdown.contains(r"m\|1"));
        assert!(!page.html.contains("<script>x"), "HTML escaped");
        assert!(page.charts["charts/trend-1.en.svg"].contains("<svg"));
        assert_eq!(page, render(&t, "s3://bucket/x", "en", &templates).unwrap());
        let lines = json_lines(&t);
        let v: Json = serde_json::from_str(&lines[0]).unwrap();
        assert_eq!(v["series"]["model_id"], "m|1");
        assert_eq!(v["change_points"][0]["date"], "2026-01-16");
        assert_eq!(
            v["change_points"][0]["labels"]["commit"],
            "a|b <script>x</script>"
        );
    }
}
