//! The Markdown of a diff, for a pull-request comment and for `$GITHUB_STEP_SUMMARY`:
//! the verdict on the first line (what a reviewer sees without clicking), then a
//! collapsible `<details>` block with the notes, a Unicode delta chart (GitHub strips
//! inline SVG from comments), the table and the added/removed keys.

use std::fmt::Write as _;

use super::{chart, DiffView, RowView, Tone};
use crate::compare::Verdict;
use crate::l10n::Localizer;
use crate::render::escape::markdown as escape_md;

/// GitHub caps a comment at 65,536 characters; past this many rows the table stops (in
/// order of concern, regressions first). Regressions past it are listed one line each;
/// the other rows left out are counted.
pub const MAX_ROWS: usize = 250;

pub fn render(view: &DiffView, l10n: &Localizer) -> String {
    let mut md = String::new();
    let mark = match view.verdict {
        Verdict::Pass => "✅",
        Verdict::Regression => "❌",
    };
    // The first line is the verdict, alone: CI tools and people read just that.
    let _ = writeln!(md, "{mark} **{}**\n", escape_md(&view.verdict_line));
    let rules: Vec<String> = view.rules.iter().map(|r| format!("`{r}`")).collect();
    let _ = writeln!(
        md,
        "{} {}\n",
        escape_md(&view.policy_line),
        rules.join(", ")
    );
    let _ = writeln!(
        md,
        "<details><summary>{}</summary>\n",
        escape_md(&view.details_title)
    );
    for note in &view.notes {
        let _ = writeln!(md, "- {}", escape_md(note));
    }
    md.push('\n');
    let rows = view.rows_by_concern();
    let chart = chart::unicode_chart(&rows);
    if !chart.is_empty() {
        let _ = writeln!(
            md,
            "{}\n\n```text\n{chart}\n```\n",
            escape_md(&view.chart_title)
        );
    }
    let _ = writeln!(
        md,
        "| {} |",
        view.headers
            .iter()
            .map(|h| escape_md(h))
            .collect::<Vec<_>>()
            .join(" | ")
    );
    let _ = writeln!(
        md,
        "|{}",
        ":---|:---|".to_owned() + &"---:|".repeat(5) + ":---|:---|"
    );
    for row in rows.iter().take(MAX_ROWS) {
        let verdict = match row.tone {
            Tone::Regression => format!("❌ {}", escape_md(&row.verdict)),
            Tone::WithinNoise => format!("〰️ {}", escape_md(&row.verdict)),
            _ => escape_md(&row.verdict),
        };
        let cells = [
            escape_md(&row.pair),
            format!("`{}`", row.metric.replace('`', "'")),
            escape_md(&row.baseline),
            escape_md(&row.candidate),
            escape_md(&row.change),
            escape_md(&row.ci),
            escape_md(&row.p),
            escape_md(&row.trend),
            verdict,
        ];
        let _ = writeln!(md, "| {} |", cells.join(" | "));
    }
    // Past the table's rows, every regression is still named, one short line each (a
    // reviewer must see them all; GitHub's cap is on characters, not rows); the rest is
    // counted.
    let beyond = rows.get(MAX_ROWS..).unwrap_or_default();
    let regressions: Vec<&&RowView> = beyond
        .iter()
        .filter(|r| r.tone == Tone::Regression)
        .collect();
    if !regressions.is_empty() {
        let title = l10n.tr_args(
            "diff-regressions-beyond-table",
            &[("count", (regressions.len() as i64).into())],
        );
        let _ = writeln!(md, "\n**{}**\n", escape_md(&title));
        for row in &regressions {
            let _ = writeln!(
                md,
                "- ❌ {} · `{}` · {} → {} ({})",
                escape_md(&row.pair),
                row.metric.replace('`', "'"),
                escape_md(&row.baseline),
                escape_md(&row.candidate),
                escape_md(&row.change)
            );
        }
    }
    let omitted = beyond.len() - regressions.len();
    if omitted > 0 {
        let _ = writeln!(
            md,
            "\n{}",
            escape_md(&l10n.tr_args("diff-rows-omitted", &[("count", (omitted as i64).into())]))
        );
    }
    for (title, items) in [
        (&view.removed_title, &view.removed),
        (&view.added_title, &view.added),
    ] {
        if items.is_empty() {
            continue;
        }
        let _ = writeln!(md, "\n**{}**\n", escape_md(title));
        for item in items {
            let _ = writeln!(md, "- {}", escape_md(item));
        }
    }
    md.push_str("\n</details>\n");
    md
}
