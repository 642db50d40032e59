//! `perflab compare A B`: two runs (files, or `FILE#N` for the Nth run of a file) →
//! the gap sentence, the candidate against the baseline, and a metric table, in the
//! chosen language; or the comparison as JSON.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use comfy_table::{presets::UTF8_FULL_CONDENSED, CellAlignment, Table};
use fluent_bundle::FluentValue;

use super::args::CompareArgs;
use super::Outcome;
use crate::compare::{fixed, MetricSpec, PairComparison, SuccessRate};
use crate::ingest::{self, InputFile};
use crate::l10n::Localizer;
use crate::model::{schema, Run};
use crate::render::report::{gap_sentence, metric_name, with_unit};
use crate::render::terminal;
use crate::study::GapStyle;
use crate::{Error, Result};

pub fn run(args: CompareArgs, env: &crate::app::Env) -> anyhow::Result<Outcome> {
    let loc = &env.l10n;
    let metric = |key: &str, flag: &str| {
        MetricSpec::new(key).ok_or_else(|| {
            Error::Usage(crate::tr!(
                "error-not-a-directed-metric",
                key = format!("--{flag} {key}")
            ))
        })
    };
    let primary = metric(&args.primary, "primary")?;
    let secondary = metric(&args.secondary, "secondary")?;
    let objectives = crate::requests::Objectives::from_flags_or_config(&args.slo, &env.config)?;
    let (mut baseline, base_requests) = read_run(&args.baseline)?;
    let (mut candidate, cand_requests) = read_run(&args.candidate)?;
    for (run, rr) in [
        (&mut baseline, &base_requests),
        (&mut candidate, &cand_requests),
    ] {
        if let Some(rr) = rr {
            for warning in crate::requests::attach::apply(run, rr, &objectives) {
                env.warn(&run.source, &warning);
            }
        }
    }
    if let Some(dir) = &args.charts {
        write_charts(dir, &args, base_requests.as_ref(), cand_requests.as_ref())?;
    }
    let style = if primary.higher_is_better {
        GapStyle::Percent
    } else {
        GapStyle::Ratio
    };
    let cmp = PairComparison::new(primary, secondary, &baseline, &candidate);
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string_pretty(&cmp)?)?;
        return Ok(Outcome::Ok);
    }
    let (a, b) = short_labels(&args.baseline, &args.candidate);
    write!(out, "{}", text_report(loc, style, &cmp, &a, &b))?;
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

/// How the two runs are named in sentences and column headers: their file names (with
/// `#N`), or the arguments as given when the file names are the same.
fn short_labels(a: &str, b: &str) -> (String, String) {
    let short = |arg: &str| {
        std::path::Path::new(arg)
            .file_name()
            .map_or_else(|| arg.to_owned(), |n| n.to_string_lossy().into_owned())
    };
    let (sa, sb) = (short(a), short(b));
    if sa == sb {
        (a.to_owned(), b.to_owned())
    } else {
        (sa, sb)
    }
}

/// `--charts DIR`: the two runs' distributions, the candidate dashed, one SVG each.
fn write_charts(
    dir: &std::path::Path,
    args: &CompareArgs,
    base: Option<&crate::requests::RunRequests>,
    cand: Option<&crate::requests::RunRequests>,
) -> anyhow::Result<()> {
    use crate::render::requests::{cdf_chart, timeline_chart, Side, CDF_METRICS};
    let (Some(base), Some(cand)) = (base, cand) else {
        return Err(Error::Usage(crate::tr!("requests-error-no-requests")).into());
    };
    let loc = crate::l10n::messages();
    let (a, b) = short_labels(&args.baseline, &args.candidate);
    let sides = [
        Side {
            name: &a,
            requests: base,
            dashed: false,
        },
        Side {
            name: &b,
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

/// `FILE` or `FILE#N`: the file's only run, or its Nth (from 1), with its requests when
/// the file kept them.
fn read_run(arg: &str) -> Result<(Run, Option<crate::requests::RunRequests>)> {
    let (path, number) = match arg.rsplit_once('#') {
        Some((p, n)) if !p.is_empty() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
            let n: usize = n.parse().map_err(|_| {
                Error::Usage(crate::tr!("compare-error-run-number-too-large", arg = arg))
            })?;
            (p, Some(n))
        }
        _ => (arg, None),
    };
    let path = PathBuf::from(path);
    let input = InputFile {
        display: path.display().to_string(),
        path: path.clone(),
        explicit: true,
    };
    let runs = ingest::read_file(&input, None)?
        .map(|f| f.runs)
        .unwrap_or_default();
    let count = runs.len();
    let index = match number {
        Some(0) => {
            return Err(Error::Usage(crate::tr!(
                "compare-error-runs-count-from-one",
                arg = arg
            )))
        }
        Some(n) if n > count => {
            return Err(Error::parse(
                &path,
                None,
                crate::tr!("compare-error-no-such-run", number = n, count = count),
            ))
        }
        Some(n) => n - 1,
        None if count > 1 => {
            return Err(Error::parse(
                &path,
                None,
                crate::tr!(
                    "compare-error-name-a-run",
                    count = count,
                    path = path.display().to_string()
                ),
            ))
        }
        None => 0,
    };
    let run = runs
        .into_iter()
        .nth(index)
        .ok_or_else(|| Error::parse(&path, None, crate::tr!("error-no-result-found")))?;
    let requests = crate::requests::read_file(&path)?
        .and_then(|all| all.into_iter().find(|r| r.run_index == run.run_index));
    Ok((run, requests))
}
