//! `perflab compare`'s renderings: the terminal text (the gap sentence, the candidate
//! against the baseline, the metric table) and the two runs' request distributions as
//! charts. `app::compare` computes what they show.

use comfy_table::{presets::UTF8_FULL_CONDENSED, CellAlignment, Table};
use fluent_bundle::FluentValue;

use crate::compare::{fixed, PairComparison, SuccessRate};
use crate::l10n::Localizer;
use crate::model::schema;
use crate::render::charts::LineChart;
use crate::render::report::{gap_sentence, metric_name, with_unit};
use crate::render::requests::{cdf_chart, timeline_chart, Side, CDF_METRICS};
use crate::render::terminal;
use crate::study::GapStyle;

/// The terminal text: sentences (Markdown emphasis dropped) and the metric table, its
/// metric names wrapped to fit `width` (`None`: whole lines).
pub fn terminal(
    loc: &Localizer,
    style: GapStyle,
    cmp: &PairComparison,
    (a, b): (&str, &str),
    width: Option<u16>,
) -> String {
    let labels = [a, b];
    let mut s = String::new();
    if let Some(gap) = &cmp.gap {
        let sentence = gap_sentence(
            loc,
            style,
            &cmp.primary,
            &cmp.secondary,
            gap,
            labels[gap.best],
            labels[gap.worst],
        );
        s.push_str(&sentence.replace("**", ""));
        s.push('\n');
    }
    if let Some(change) = &cmp.change {
        let words = match style {
            GapStyle::Percent => change.percent_text.clone(),
            GapStyle::Ratio => loc.tr_args(
                "change-ratio",
                &[
                    (
                        "verdict",
                        FluentValue::from(format!("{:?}", change.verdict).to_lowercase()),
                    ),
                    ("ratio", FluentValue::from(change.ratio_text.clone())),
                ],
            ),
        };
        s.push_str(&loc.tr_args(
            "compare-versus",
            &[
                ("candidate", FluentValue::from(b)),
                ("baseline", FluentValue::from(a)),
                (
                    "metric",
                    FluentValue::from(metric_name(loc, &cmp.primary.key)),
                ),
                ("change", FluentValue::from(words)),
            ],
        ));
        s.push('\n');
    }
    for (label, success) in [(a, &cmp.baseline_success), (b, &cmp.candidate_success)] {
        if let Some(sr) = success.as_ref().filter(|sr| !sr.is_complete()) {
            s.push_str(&skipped_line(loc, label, sr));
            s.push('\n');
        }
    }
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header(vec![
        loc.tr("compare-col-metric"),
        a.to_owned(),
        b.to_owned(),
        loc.tr("compare-col-change"),
    ]);
    for row in &cmp.rows {
        let name = with_unit(
            &metric_name(loc, &row.key),
            crate::compare::unit_of(&row.key),
        );
        let value = |v: f64| {
            if schema::is_integer(&row.key) {
                format!("{v:.0}")
            } else {
                fixed(v)
            }
        };
        table.add_row(vec![
            name,
            value(row.baseline),
            value(row.candidate),
            row.change.percent_text.clone(),
        ]);
    }
    for i in 1..4 {
        if let Some(c) = table.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    // The numbers stay on one line; the metric names wrap when the terminal is narrow.
    terminal::fit(&mut table, width, 1..4);
    s.push_str(&table.to_string());
    s.push('\n');
    if !cmp.differs.is_empty() {
        s.push_str(&loc.tr_args(
            "compare-note-differs",
            &[("columns", FluentValue::from(differences(&cmp.differs)))],
        ));
        s.push('\n');
    }
    s
}

fn skipped_line(loc: &Localizer, label: &str, sr: &SuccessRate) -> String {
    loc.tr_args(
        "compare-skipped",
        &[
            ("label", FluentValue::from(label)),
            ("rate", FluentValue::from(sr.percent_text.clone())),
            ("completed", FluentValue::from(sr.completed)),
            ("requested", FluentValue::from(sr.requested)),
        ],
    )
}

/// The two runs' distributions, the candidate dashed: one chart per CDF metric and the
/// latency over time, each with its file name.
pub fn request_charts(sides: &[Side<'_>; 2], loc: &Localizer) -> Vec<(String, LineChart)> {
    let mut charts: Vec<(String, LineChart)> = CDF_METRICS
        .iter()
        .filter_map(|m| Some((format!("cdf-{}.svg", m.name()), cdf_chart(*m, sides, loc)?)))
        .collect();
    if let Some(t) = timeline_chart(sides, loc) {
        charts.push(("e2el-over-time.svg".to_owned(), t));
    }
    charts
}

/// `input_len 100 → 200; engine_args.max-num-seqs 128 → 256`: each differing column with
/// its values on the two sides.
pub fn differences(differs: &[crate::keys::ConfigDiff]) -> String {
    let columns: Vec<String> = differs
        .iter()
        .map(|d| format!("{} {} → {}", d.column, d.baseline, d.candidate))
        .collect();
    columns.join("; ")
}
