//! `curves`: runs of load sweeps as curves, one series per configuration: capacity at
//! the SLOs and the Pareto frontier, computed once for every output.

use std::io::Write;
use std::path::PathBuf;

use super::{load, Env};
use crate::curves::{Curves, Gpus, Spec};
use crate::export::{unsupported, Exporter, Format, Style};
use crate::model::{self, Run};
use crate::slo::Slo;
use crate::{Error, Result};

/// The flags of `perflab curves`.
#[derive(Debug, Clone, Default)]
pub struct CurvesRequest {
    /// Sweep outputs or saved runs frames.
    pub paths: Vec<PathBuf>,
    /// The load column.
    pub x: String,
    /// Columns drawn against the load.
    pub y: Vec<String>,
    /// Columns that tell series apart; `None`: every column that varies.
    pub by: Option<Vec<String>>,
    pub slo: Vec<String>,
    /// GPUs per point: a number or a column; `None`: the parallelism columns.
    pub gpus: Option<String>,
}

/// The page's Markdown in the style's language, or one JSON object per series per line
/// (not localized). The page with its HTML and charts is `render::curves::render`.
impl Exporter for Curves {
    fn formats(&self) -> &'static [Format] {
        &[Format::Markdown, Format::Json]
    }

    fn write(&self, format: Format, style: &Style<'_>, out: &mut dyn Write) -> Result<()> {
        let io = |e| Error::io("-", e);
        match format {
            Format::Markdown => {
                let page = crate::render::curves::render(self, style.l10n.lang(), style.templates)?;
                out.write_all(page.markdown.as_bytes()).map_err(io)
            }
            Format::Json => {
                for line in crate::render::curves::json_lines(self) {
                    writeln!(out, "{line}").map_err(io)?;
                }
                Ok(())
            }
            other => Err(unsupported(other, style.l10n)),
        }
    }
}

pub fn run(request: &CurvesRequest, env: &Env) -> Result<Curves> {
    let spec = spec_of(request)?;
    let mut runs = load::all_runs(&request.paths, env, false)?;
    check_columns(&runs, &spec)?;
    if let Gpus::Column(column) = &spec.gpus {
        gpus_as_numbers(&mut runs, column)?;
    }
    Curves::new(&runs, &spec)
}

/// `--gpus COLUMN` counts GPUs: a count written as text (a sweep's `"tensor_parallel_size":
/// "2"`) is read as its number; a value that is no count (`"two"`, `0`) is an error naming
/// the run, never a point dropped without a word.
fn gpus_as_numbers(runs: &mut [Run], column: &str) -> Result<()> {
    for run in runs.iter_mut() {
        let count = match run.values.get(column) {
            None | Some(model::Value::Null) => continue,
            Some(model::Value::Num(x)) => Some(*x),
            Some(model::Value::Text(t)) => t.trim().parse::<f64>().ok(),
            Some(model::Value::List(_)) => None,
        };
        match count {
            Some(n) if n.is_finite() && n > 0.0 => run.set_num(column.to_owned(), n),
            _ => {
                let value = crate::keys::KeyValue::of(model::frame::cell(run, column)).to_string();
                return Err(Error::usage(crate::msg!(
                    "curves-error-gpus-not-a-count",
                    column = column.to_owned(),
                    value = value,
                    run = format!("{}#{}", run.source, run.run_index)
                )));
            }
        }
    }
    Ok(())
}

fn spec_of(request: &CurvesRequest) -> Result<Spec> {
    let slos = request
        .slo
        .iter()
        .map(|s| Slo::parse(s))
        .collect::<Result<Vec<_>>>()?;
    let by = request.by.as_ref().map(|by| {
        by.iter()
            .map(|c| c.trim().to_owned())
            .filter(|c| !c.is_empty())
            .collect::<Vec<_>>()
    });
    let ys: Vec<String> = request
        .y
        .iter()
        .map(|c| c.trim().to_owned())
        .filter(|c| !c.is_empty())
        .collect();
    if ys.is_empty() {
        return Err(Error::usage(crate::msg!("curves-error-no-y")));
    }
    Ok(Spec {
        x: request.x.trim().to_owned(),
        ys,
        by,
        slos,
        gpus: request
            .gpus
            .as_deref()
            .map_or(Gpus::Parallelism, Gpus::parse),
    })
}

/// A column that no run has is a typo, not an empty curve.
fn check_columns(runs: &[Run], spec: &Spec) -> crate::Result<()> {
    let has = |c: &str| runs.iter().any(|r| model::frame::cell(r, c).is_some());
    let mut wanted: Vec<(&str, &str)> = vec![("--x", spec.x.as_str())];
    wanted.extend(spec.ys.iter().map(|y| ("--y", y.as_str())));
    wanted.extend(spec.slos.iter().map(|s| ("--slo", s.column.as_str())));
    if let Some(by) = &spec.by {
        wanted.extend(by.iter().map(|c| ("--by", c.as_str())));
    }
    if let Gpus::Column(c) = &spec.gpus {
        wanted.push(("--gpus", c.as_str()));
    }
    if runs.is_empty() {
        return Err(Error::usage(crate::msg!("curves-error-no-runs-in-paths")));
    }
    for (flag, col) in wanted {
        if !has(col) {
            return Err(Error::usage(crate::msg!(
                "curves-error-no-column",
                flag = flag.to_string(),
                column = col.to_string()
            )));
        }
    }
    Ok(())
}
