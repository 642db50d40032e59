//! The Markdown of a diff, for a pull-request comment and for `$GITHUB_STEP_SUMMARY`, laid
//! out by `templates/diff.md.j2`: the verdict on the first line (what a reviewer sees
//! without clicking), then a collapsible `<details>` block with the notes, a Unicode delta
//! chart (GitHub strips inline SVG from comments), the table and the added/removed keys.

use serde::Serialize;

use super::{chart, DiffView, RowView, Tone};
use crate::compare::Verdict;
use crate::l10n::Localizer;
use crate::render::templates::Templates;
use crate::Result;

/// GitHub caps a comment at 65,536 characters; past this many rows the table stops (in
/// order of concern, regressions first). Regressions past it are listed one line each;
/// the other rows left out are counted.
pub const MAX_ROWS: usize = 250;

/// The diff's Markdown template; `--templates DIR/diff.md.j2` replaces it.
pub const DIFF_TEMPLATE: &str = "diff.md.j2";

#[derive(Serialize)]
struct Section<'a> {
    title: &'a str,
    items: &'a [String],
}

/// What the template lays out: the view, its rows in order of concern up to
/// [`MAX_ROWS`], and past them every regression and a count of the rest.
#[derive(Serialize)]
struct Comment<'a> {
    mark: &'static str,
    verdict_line: &'a str,
    policy_line: &'a str,
    rules: &'a [String],
    details_title: &'a str,
    notes: &'a [String],
    chart_title: &'a str,
    chart: String,
    headers: &'a [String],
    rows: Vec<&'a RowView>,
    beyond_title: String,
    beyond: Vec<&'a RowView>,
    omitted: String,
    sections: Vec<Section<'a>>,
}

pub fn render(view: &DiffView, l10n: &Localizer, templates: &Templates) -> Result<String> {
    let mark = match view.verdict {
        Verdict::Pass => "✅",
        Verdict::Regression => "❌",
    };
    let rows = view.rows_by_concern();
    // Past the table's rows, every regression is still named, one short line each (a
    // reviewer must see them all; GitHub's cap is on characters, not rows); the rest is
    // counted.
    let past = rows.get(MAX_ROWS..).unwrap_or_default();
    let beyond: Vec<&RowView> = past
        .iter()
        .copied()
        .filter(|r| r.tone == Tone::Regression)
        .collect();
    let omitted = past.len() - beyond.len();
    let count = |n: usize| [("count", (n as i64).into())];
    let comment = Comment {
        mark,
        verdict_line: &view.verdict_line,
        policy_line: &view.policy_line,
        rules: &view.rules,
        details_title: &view.details_title,
        notes: &view.notes,
        chart_title: &view.chart_title,
        chart: chart::unicode_chart(&rows),
        headers: &view.headers,
        rows: rows.iter().take(MAX_ROWS).copied().collect(),
        beyond_title: l10n.tr_args("diff-regressions-beyond-table", &count(beyond.len())),
        beyond,
        omitted: if omitted > 0 {
            l10n.tr_args("diff-rows-omitted", &count(omitted))
        } else {
            String::new()
        },
        sections: [
            (&view.removed_title, &view.removed),
            (&view.added_title, &view.added),
        ]
        .into_iter()
        .filter(|(_, items)| !items.is_empty())
        .map(|(title, items)| Section { title, items })
        .collect(),
    };
    templates.render(DIFF_TEMPLATE, &comment)
}
