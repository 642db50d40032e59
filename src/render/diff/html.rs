//! A self-contained HTML page of a diff (no external CSS, scripts or fonts): the verdict,
//! the policy, an inline SVG delta chart, the table and the keys found on one side only.
//! Every piece of text is escaped: a run labelled `<script>` shows as text.

use std::fmt::Write as _;

use super::{chart, DiffView, Tone};
use crate::compare::Verdict;
use crate::render::escape::markup as escape_xml;

const STYLE: &str = "\
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:2rem;color:#24292f}\
h1{font-size:1.4rem}.verdict{font-size:1.1rem;font-weight:bold;padding:.5rem .75rem;border-radius:6px}\
.pass{background:#dafbe1}.regression{background:#ffebe9}\
table{border-collapse:collapse;font-size:.85rem;margin:1rem 0}\
th,td{border:1px solid #d0d7de;padding:.25rem .5rem;text-align:left}td.num{text-align:right;font-variant-numeric:tabular-nums}\
tr.regression td{background:#ffebe9}tr.within_noise td{background:#fff8c5}\
tr.better td.judge{color:#1a7f37}tr.worse td.judge{color:#bc4c00}tr.neutral td{background:none}\
code{font-size:.85rem}";

fn tone_class(tone: Tone) -> &'static str {
    match tone {
        Tone::Regression => "regression",
        Tone::WithinNoise => "within_noise",
        Tone::Better => "better",
        Tone::Worse => "worse",
        Tone::Neutral => "neutral",
    }
}

pub fn render(view: &DiffView) -> String {
    render_with(view, "")
}

/// [`render`] with `extra` HTML (already escaped) at the end of the page: the capacity
/// section of a diff of two sweeps.
pub fn render_with(view: &DiffView, extra: &str) -> String {
    let e = escape_xml;
    let mut h = String::new();
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        e(view.lang),
        e(&view.title),
        e(&view.title)
    );
    let class = match view.verdict {
        Verdict::Pass => "pass",
        Verdict::Regression => "regression",
    };
    let _ = writeln!(
        h,
        "<p class=\"verdict {class}\">{}</p>",
        e(&view.verdict_line)
    );
    let rules: Vec<String> = view
        .rules
        .iter()
        .map(|r| format!("<code>{}</code>", e(r)))
        .collect();
    let _ = writeln!(h, "<p>{} {}</p>", e(&view.policy_line), rules.join(", "));
    h.push_str("<ul>\n");
    for note in &view.notes {
        let _ = writeln!(h, "<li>{}</li>", e(note));
    }
    h.push_str("</ul>\n");
    let rows = view.rows_by_concern();
    if rows.iter().any(|r| r.watched && r.change_percent.is_some()) {
        let _ = writeln!(
            h,
            "<figure>\n{}\n</figure>",
            chart::svg_chart(&rows, &view.chart_title)
        );
    }
    h.push_str("<table>\n<thead><tr>");
    for header in &view.headers {
        let _ = write!(h, "<th>{}</th>", e(header));
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    for row in &view.rows {
        let _ = write!(h, "<tr class=\"{}\">", tone_class(row.tone));
        let _ = write!(
            h,
            "<td>{}</td><td><code>{}</code></td>",
            e(&row.pair),
            e(&row.metric)
        );
        for num in [&row.baseline, &row.candidate, &row.change, &row.ci, &row.p] {
            let _ = write!(h, "<td class=\"num\">{}</td>", e(num));
        }
        let _ = writeln!(
            h,
            "<td class=\"judge\">{}</td><td class=\"judge\">{}</td></tr>",
            e(&row.trend),
            e(&row.verdict)
        );
    }
    h.push_str("</tbody>\n</table>\n");
    for (title, items) in [
        (&view.removed_title, &view.removed),
        (&view.added_title, &view.added),
    ] {
        if items.is_empty() {
            continue;
        }
        let _ = writeln!(h, "<h2>{}</h2>\n<ul>", e(title));
        for item in items {
            let _ = writeln!(h, "<li>{}</li>", e(item));
        }
        h.push_str("</ul>\n");
    }
    h.push_str(extra);
    h.push_str("</body>\n</html>\n");
    h
}
