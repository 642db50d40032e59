//! The capacity part of a diff of two sweeps (`perflab diff --curve-x`): a table of
//! each series' capacity on both sides for the terminal, Markdown and HTML, and for HTML
//! one chart with both sweeps' curves (baseline solid, candidate dashed). Text in HTML
//! goes through the diff page's `escape_xml`, in Markdown through `escape_md`.

use std::fmt::Write as _;

use super::fmt_percent;
use crate::compare::capacity::{CapacityChange, CapacityComparison};
use crate::compare::CheckOutcome;
use crate::curves::{Bound, Curves};
use crate::l10n::Localizer;
use crate::render::charts::line_chart;
use crate::render::curves::figures::{add_series, axis_label, empty_chart, fixed};
use crate::render::escape::markdown as escape_markdown;
use crate::render::escape::markup as escape_xml;
use crate::Result;

fn capacity_text(value: Option<f64>, bound: Option<Bound>) -> String {
    match (bound, value) {
        (None, _) => "—".into(),
        (Some(Bound::AboveLast), Some(v)) => format!("≥ {}", fixed(v)),
        (_, Some(v)) => fixed(v),
        (_, None) => "0".into(),
    }
}

fn verdict(l10n: &Localizer, row: &CapacityChange) -> String {
    let worst = row.checks.iter().map(|(_, o)| *o).max();
    l10n.tr(match worst {
        Some(CheckOutcome::Regression) => "diff-capacity-regression",
        Some(CheckOutcome::WithinNoise) => "diff-capacity-within-noise",
        Some(CheckOutcome::AlreadyBeyond) => "diff-capacity-already-beyond",
        Some(CheckOutcome::NotApplicable) | None => "diff-capacity-not-applicable",
        Some(_) => "diff-capacity-pass",
    })
}

/// Header and rows, unescaped.
fn table(cmp: &CapacityComparison, l10n: &Localizer) -> (String, Vec<String>, Vec<Vec<String>>) {
    let title = l10n.tr_args(
        "diff-capacity-title",
        &[("slo", cmp.slos.join(", ").into())],
    );
    let x = axis_label(l10n, &cmp.x);
    let header = vec![
        l10n.tr("curves-col-series"),
        l10n.tr_args("diff-capacity-col-baseline", &[("x", x.clone().into())]),
        l10n.tr_args("diff-capacity-col-candidate", &[("x", x.into())]),
        l10n.tr("diff-capacity-col-change"),
        l10n.tr("diff-capacity-col-verdict"),
    ];
    let rows = cmp
        .rows
        .iter()
        .map(|r| {
            vec![
                if r.series.is_empty() {
                    l10n.tr("curves-series-all")
                } else {
                    r.series.clone()
                },
                capacity_text(r.baseline, r.baseline_bound),
                capacity_text(r.candidate, r.candidate_bound),
                r.change_percent.map_or("—".into(), fmt_percent),
                verdict(l10n, r),
            ]
        })
        .collect();
    (title, header, rows)
}

pub fn terminal(cmp: &CapacityComparison, l10n: &Localizer) -> String {
    let (title, header, rows) = table(cmp, l10n);
    let mut out = format!("{title}\n{}\n", header.join(" | "));
    for row in rows {
        let _ = writeln!(out, "{}", row.join(" | "));
    }
    out
}

pub fn markdown(cmp: &CapacityComparison, l10n: &Localizer) -> String {
    let (title, header, rows) = table(cmp, l10n);
    let e = |s: &String| escape_markdown(s);
    let mut md = format!(
        "\n### {}\n\n| {} |\n|",
        e(&title),
        header.iter().map(e).collect::<Vec<_>>().join(" | ")
    );
    md.push_str(&" --- |".repeat(header.len()));
    md.push('\n');
    for row in rows {
        let _ = writeln!(
            md,
            "| {} |",
            row.iter().map(e).collect::<Vec<_>>().join(" | ")
        );
    }
    md
}

/// The HTML section: both sweeps' curves of `y` on one chart, then the table.
pub fn html(
    cmp: &CapacityComparison,
    base: &Curves,
    cand: &Curves,
    y: &str,
    l10n: &Localizer,
) -> Result<String> {
    let (title, header, rows) = table(cmp, l10n);
    let mut chart = empty_chart(l10n, base, y);
    chart.title = l10n.tr_args(
        "diff-capacity-chart",
        &[
            ("y", axis_label(l10n, y).into()),
            ("x", axis_label(l10n, &base.x).into()),
        ],
    );
    let (bp, cp) = (
        l10n.tr("diff-capacity-baseline-prefix"),
        l10n.tr("diff-capacity-candidate-prefix"),
    );
    add_series(&mut chart, l10n, base, y, Some(&bp), false);
    add_series(&mut chart, l10n, cand, y, Some(&cp), true);
    let mut h = format!("<h2>{}</h2>\n", escape_xml(&title));
    if !chart.series.is_empty() {
        let _ = writeln!(h, "<figure>\n{}\n</figure>", line_chart(&chart)?);
    }
    h.push_str("<table>\n<thead><tr>");
    for c in &header {
        let _ = write!(h, "<th>{}</th>", escape_xml(c));
    }
    h.push_str("</tr></thead>\n<tbody>\n");
    for row in rows {
        h.push_str("<tr>");
        for c in row {
            let _ = write!(h, "<td>{}</td>", escape_xml(&c));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</tbody>\n</table>\n");
    Ok(h)
}
