//! `perflab compare A B`: two runs (files, or `FILE#N` for the Nth run of a file) →
//! the gap sentence, the candidate against the baseline, and a metric table, in the
//! chosen language; or the comparison as JSON.

use std::io::{IsTerminal, Write};

use comfy_table::{presets::UTF8_FULL_CONDENSED, CellAlignment, Table};
use fluent_bundle::FluentValue;

use super::args::CompareArgs;
use super::Outcome;
use crate::app::compare::{CompareOutcome, CompareRequest};
use crate::compare::{fixed, PairComparison, SuccessRate};
use crate::l10n::Localizer;
use crate::model::schema;
use crate::render::report::{gap_sentence, metric_name, with_unit};
use crate::render::terminal;
use crate::study::GapStyle;
use crate::Error;

impl CompareArgs {
    fn request(&self) -> CompareRequest {
        CompareRequest {
            baseline: self.baseline.clone(),
            candidate: self.candidate.clone(),
            primary: self.primary.clone(),
            secondary: self.secondary.clone(),
            slo: self.slo.clone(),
        }
    }
}

pub fn run(args: CompareArgs, env: &crate::app::Env) -> anyhow::Result<Outcome> {
    let outcome = crate::app::compare::run(&args.request(), env)?;
    if let Some(dir) = &args.charts {
        write_charts(dir, &outcome, &env.l10n)?;
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&outcome.comparison)?
        )?;
        return Ok(Outcome::Ok);
    }
    let (a, b) = &outcome.labels;
    let report = text_report(&env.l10n, outcome.style, &outcome.comparison, a, b);
    write!(out, "{report}")?;
    Ok(Outcome::Ok)
}

/// The terminal text: sentences (Markdown emphasis dropped) and the metric table.
fn text_report(loc: &Localizer, style: GapStyle, cmp: &PairComparison, a: &str, b: &str) -> String {
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
    let width = terminal::target_width(std::io::stdout().is_terminal());
    terminal::fit(&mut table, width, 1..4);
    s.push_str(&table.to_string());
    s.push('\n');
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

/// `--charts DIR`: the two runs' distributions, the candidate dashed, one SVG each.
fn write_charts(
    dir: &std::path::Path,
    outcome: &CompareOutcome,
    loc: &Localizer,
) -> anyhow::Result<()> {
    use crate::render::requests::{cdf_chart, timeline_chart, Side, CDF_METRICS};
    let (Some(base), Some(cand)) = (&outcome.baseline_requests, &outcome.candidate_requests) else {
        return Err(Error::usage(loc.tr("requests-error-no-requests")).into());
    };
    let (a, b) = &outcome.labels;
    let sides = [
        Side {
            name: a,
            requests: base,
            dashed: false,
        },
        Side {
            name: b,
            requests: cand,
            dashed: true,
        },
    ];
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let mut charts: Vec<(String, crate::render::charts::LineChart)> = CDF_METRICS
        .iter()
        .filter_map(|m| Some((format!("cdf-{}.svg", m.name()), cdf_chart(*m, &sides, loc)?)))
        .collect();
    if let Some(t) = timeline_chart(&sides, loc) {
        charts.push(("e2el-over-time.svg".to_owned(), t));
    }
    for (name, chart) in charts {
        let svg = crate::render::charts::line_chart(&chart)?;
        let path = dir.join(name);
        crate::model::frame::write_atomic(&path, |f| {
            use std::io::Write as _;
            f.write_all(svg.as_bytes()).map_err(|e| Error::io(&path, e))
        })?;
    }
    Ok(())
}
