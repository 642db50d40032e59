//! `compare`: two runs (`FILE` or `FILE#N`), their requests applied under the SLOs, and
//! the comparison of a primary and a secondary metric the command prints.

use std::io::Write;
use std::path::PathBuf;

use super::Env;
use crate::compare::{MetricSpec, PairComparison};
use crate::export::{unsupported, Exporter, Format, Style};
use crate::ingest::{self, InputFile};
use crate::l10n::Localizer;
use crate::model::Run;
use crate::requests::{Objectives, RunRequests};
use crate::study::GapStyle;
use crate::{Error, Result};

/// The flags of `perflab compare`.
#[derive(Debug, Clone, Default)]
pub struct CompareRequest {
    /// `FILE` or `FILE#N` (the Nth run, from 1).
    pub baseline: String,
    pub candidate: String,
    /// The metric that decides which run is better, and the one reported beside it.
    pub primary: String,
    pub secondary: String,
    pub slo: Vec<String>,
}

/// The comparison, how its gap is worded, the runs' names, and their requests.
pub struct CompareOutcome {
    pub comparison: PairComparison,
    pub style: GapStyle,
    /// How the runs are named in sentences and headers.
    pub labels: (String, String),
    pub baseline_requests: Option<RunRequests>,
    pub candidate_requests: Option<RunRequests>,
}

impl CompareOutcome {
    /// The two runs' request distributions, the candidate dashed: (file name, SVG) per
    /// chart. Runs whose files kept no requests have none: an error.
    pub fn charts(&self, l10n: &Localizer) -> Result<Vec<(String, String)>> {
        use crate::render::requests::Side;
        let (Some(base), Some(cand)) = (&self.baseline_requests, &self.candidate_requests) else {
            return Err(Error::usage(crate::msg!("requests-error-no-requests")));
        };
        let (a, b) = &self.labels;
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
        crate::render::compare::request_charts(&sides, l10n)
            .into_iter()
            .map(|(name, chart)| Ok((name, crate::render::charts::line_chart(&chart)?)))
            .collect()
    }
}

impl Exporter for CompareOutcome {
    fn formats(&self) -> &'static [Format] {
        &[Format::Terminal, Format::Json]
    }

    fn write(&self, format: Format, style: &Style<'_>, out: &mut dyn Write) -> Result<()> {
        let io = |e| Error::io("-", e);
        match format {
            Format::Terminal => {
                let (a, b) = &self.labels;
                let text = crate::render::compare::terminal(
                    style.l10n,
                    self.style,
                    &self.comparison,
                    (a, b),
                    style.width,
                );
                out.write_all(text.as_bytes()).map_err(io)
            }
            Format::Json => {
                let json = serde_json::to_string_pretty(&self.comparison)
                    .map_err(|e| Error::Render(e.to_string()))?;
                writeln!(out, "{json}").map_err(io)
            }
            other => Err(unsupported(other, style.l10n)),
        }
    }
}

pub fn run(request: &CompareRequest, env: &Env) -> Result<CompareOutcome> {
    let metric = |key: &str, flag: &str| {
        MetricSpec::new(key).ok_or_else(|| {
            Error::usage(env.l10n.tr_args(
                "error-not-a-directed-metric",
                &[("key", format!("--{flag} {key}").into())],
            ))
        })
    };
    let primary = metric(&request.primary, "primary")?;
    let secondary = metric(&request.secondary, "secondary")?;
    let objectives = Objectives::from_flags_or_config(&request.slo, &env.config)?;
    let (mut baseline, baseline_requests) = read_run(&request.baseline)?;
    let (mut candidate, candidate_requests) = read_run(&request.candidate)?;
    for (run, rr) in [
        (&mut baseline, &baseline_requests),
        (&mut candidate, &candidate_requests),
    ] {
        if let Some(rr) = rr {
            for warning in crate::requests::attach::apply(run, rr, &objectives) {
                env.warn(&run.source, &warning);
            }
        }
    }
    let style = if primary.higher_is_better {
        GapStyle::Percent
    } else {
        GapStyle::Ratio
    };
    Ok(CompareOutcome {
        comparison: PairComparison::new(primary, secondary, &baseline, &candidate),
        style,
        labels: short_labels(&request.baseline, &request.candidate),
        baseline_requests,
        candidate_requests,
    })
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

/// `FILE` or `FILE#N`: the file's only run, or its Nth (from 1), with its requests when
/// the file kept them.
fn read_run(arg: &str) -> Result<(Run, Option<crate::requests::RunRequests>)> {
    let (path, number) = match arg.rsplit_once('#') {
        Some((p, n)) if !p.is_empty() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
            let n: usize = n.parse().map_err(|_| {
                Error::usage(crate::msg!("compare-error-run-number-too-large", arg = arg))
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
            return Err(Error::usage(crate::msg!(
                "compare-error-runs-count-from-one",
                arg = arg
            )))
        }
        Some(n) if n > count => {
            return Err(Error::parse(
                &path,
                None,
                crate::msg!("compare-error-no-such-run", number = n, count = count),
            ))
        }
        Some(n) => n - 1,
        None if count > 1 => {
            return Err(Error::parse(
                &path,
                None,
                crate::msg!(
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
        .ok_or_else(|| Error::parse(&path, None, crate::msg!("error-no-result-found")))?;
    let requests = crate::requests::read_file(&path)?
        .and_then(|all| all.into_iter().find(|r| r.run_index == run.run_index));
    Ok((run, requests))
}
