//! A self-contained HTML page of a diff (no external CSS, scripts or fonts): the verdict,
//! the policy, an inline SVG delta chart, the table and the keys found on one side only.
//! Every piece of text is escaped: a run labelled `<script>` shows as text.

use std::fmt::Write as _;

use super::{chart, DiffView, Tone};
use crate::compare::Verdict;
use crate::render::escape::markup as escape_xml;
use crate::render::html;
use crate::render::templates::Templates;
use crate::Result;

fn tone_class(tone: Tone) -> &'static str {
    match tone {
        Tone::Regression => "regression",
        Tone::WithinNoise => "within_noise",
        Tone::Better => "better",
        Tone::Worse => "worse",
        Tone::Neutral => "neutral",
    }
}

/// The page of a diff through `templates/page.html` and `page.css` (the user's, with
/// `--templates`), with `extra` HTML (already escaped) at the end: the capacity section of
/// a diff of two sweeps, the request distributions.
pub fn render(view: &DiffView, extra: &str, templates: &Templates) -> Result<String> {
    html::frame(templates, &body(view, extra), &view.title, view.lang)
}

fn body(view: &DiffView, extra: &str) -> String {
    let e = escape_xml;
    let mut h = String::new();
    let _ = writeln!(h, "<h1>{}</h1>", e(&view.title));
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
            "<figure class=\"chart\">\n{}\n</figure>",
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
    h
}
