//! `diff`: two sides of runs (or a candidate and a history store) paired by a key, each
//! change judged by the policy, and the outcome every output format is written from.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{load, Env};
use crate::compare::capacity::CapacityComparison;
use crate::compare::diff::RequestSides;
use crate::compare::{self, Comparison, Policy, PolicyOrigin, RuleError, Verdict};
use crate::curves::{Curves, Gpus, Spec};
use crate::export::{unsupported, Exporter, Format, Style};
use crate::l10n::Localizer;
use crate::model::frame::cell;
use crate::model::Run;
use crate::render::diff::capacity as render_capacity;
use crate::render::diff::{html, junit, markdown, terminal, DiffView};
use crate::requests::{Objectives, RunRequests};
use crate::{Error, Result};

mod noise;
mod sides;
use sides::{against_history, default_key, document_key, document_sides, side};

/// What to compare and how to judge it: the flags of `perflab diff`.
#[derive(Debug, Clone, Default)]
pub struct DiffRequest {
    /// The reference side; with `against_history`, the candidate.
    pub baseline: PathBuf,
    pub candidate: Option<PathBuf>,
    /// A history store whose last `window` runs per key are the baseline.
    pub against_history: Option<String>,
    /// A history store whose past runs of each workload give the noise between runs.
    pub noise_from: Option<String>,
    /// `METRIC=PERCENT`: the declared noise between runs of a metric.
    pub noise: Vec<String>,
    pub window: usize,
    /// Rules that replace the default policy and the config's.
    pub fail_on: Vec<String>,
    /// Pairing columns; empty: the config's, else the default.
    pub key: Vec<String>,
    /// Both sides are sweeps over this load column: compare capacities at `slo`.
    pub curve_x: Option<String>,
    pub slo: Vec<String>,
    pub curve_by: Option<Vec<String>>,
    /// A progress bar on stderr while reading.
    pub progress: bool,
}

/// The comparison and everything drawn beside it.
pub struct DiffOutcome {
    pub comparison: Comparison,
    pub sweeps: Option<Sweeps>,
    pub requests: RequestSides,
}

/// Both sides as curves and their capacities compared, with `curve_x`.
pub struct Sweeps {
    pub base: Curves,
    pub cand: Curves,
    /// The metric drawn (the first SLO's column).
    pub y: String,
    pub cmp: CapacityComparison,
}

/// `diff --json`: the comparison's fields, and the capacity comparison when there is one.
#[derive(Serialize)]
struct DiffJson<'a> {
    #[serde(flatten)]
    comparison: &'a Comparison,
    #[serde(skip_serializing_if = "Option::is_none")]
    capacity: Option<&'a CapacityComparison>,
}

impl DiffOutcome {
    pub fn verdict(&self) -> Verdict {
        self.comparison.verdict
    }

    /// The exit code of the CLI: 1 on a regression, else 0.
    pub fn exit_code(&self) -> i32 {
        match self.comparison.verdict {
            Verdict::Regression => 1,
            Verdict::Pass => 0,
        }
    }

    pub fn view(&self, l10n: &Localizer) -> DiffView {
        DiffView::new(&self.comparison, l10n)
    }

    /// The pull-request comment (and step summary): `templates/diff.md.j2`, then the
    /// sweeps' capacities.
    pub fn markdown(&self, style: &Style<'_>) -> Result<String> {
        let l10n = style.l10n;
        let mut md = markdown::render(&self.view(l10n), l10n, style.templates)?;
        if let Some(s) = &self.sweeps {
            md.push_str(&render_capacity::markdown(&s.cmp, l10n));
        }
        Ok(md)
    }

    /// The self-contained page: the table, the delta chart, the sweeps' capacity charts
    /// and the request distributions of pairs tested from their requests.
    pub fn html(&self, style: &Style<'_>) -> Result<String> {
        let l10n = style.l10n;
        let mut extra = match &self.sweeps {
            Some(s) => render_capacity::html(&s.cmp, &s.base, &s.cand, &s.y, l10n)?,
            None => String::new(),
        };
        extra.push_str(&distributions_html(&self.comparison, &self.requests, l10n)?);
        html::render(&self.view(l10n), &extra, style.templates)
    }

    /// Pretty JSON, for machines: not localized, numbers unrounded, non-finite as null.
    pub fn json(&self) -> Result<String> {
        let json = DiffJson {
            comparison: &self.comparison,
            capacity: self.sweeps.as_ref().map(|s| &s.cmp),
        };
        serde_json::to_string_pretty(&json).map_err(|e| Error::Render(e.to_string()))
    }
}

impl Exporter for DiffOutcome {
    fn formats(&self) -> &'static [Format] {
        &[
            Format::Terminal,
            Format::Markdown,
            Format::Html,
            Format::Json,
            Format::Junit,
        ]
    }

    fn write(&self, format: Format, style: &Style<'_>, out: &mut dyn Write) -> Result<()> {
        let io = |e| Error::io("-", e);
        match format {
            Format::Terminal => {
                // A long table starts printing at once, a row at a time.
                terminal::write(&self.view(style.l10n), style.colour, style.width, out)
                    .map_err(io)?;
                if let Some(s) = &self.sweeps {
                    write!(out, "\n{}", render_capacity::terminal(&s.cmp, style.l10n))
                        .map_err(io)?;
                }
                Ok(())
            }
            Format::Markdown => out.write_all(self.markdown(style)?.as_bytes()).map_err(io),
            Format::Html => out.write_all(self.html(style)?.as_bytes()).map_err(io),
            Format::Json => writeln!(out, "{}", self.json()?).map_err(io),
            Format::Junit => out
                .write_all(junit::render(&self.comparison, style.l10n).as_bytes())
                .map_err(io),
            Format::Csv => Err(unsupported(format, style.l10n)),
        }
    }
}

pub fn run(request: &DiffRequest, env: &Env) -> Result<DiffOutcome> {
    // `-` and object-store URLs, fetched whole into a private folder first; errors name
    // them as the user did.
    let mut paths = vec![request.baseline.clone()];
    paths.extend(request.candidate.clone());
    let fetched = super::fetch::fetch(&paths)?;
    let local = DiffRequest {
        baseline: fetched.paths[0].clone(),
        candidate: fetched.paths.get(1).cloned(),
        ..request.clone()
    };
    run_local(&local, env).map_err(|e| fetched.restore(e))
}

fn run_local(request: &DiffRequest, env: &Env) -> Result<DiffOutcome> {
    let l10n = &env.l10n;
    let (policy, configured_key) = settings(request, env)?;
    let objectives = Objectives::from_flags_or_config(&request.slo, &env.config)?;
    // With `against_history` the one path is the candidate and the baseline comes from the
    // store, which keeps runs, not their requests.
    let (baseline, candidate, key, requests) = match &request.against_history {
        Some(store) => {
            let watched: Vec<String> = policy.rules.iter().map(|r| r.metric.clone()).collect();
            let (baseline, mut candidate, key) =
                against_history(request, store, configured_key, &watched, env)?;
            let requests = RequestSides {
                baseline: Default::default(),
                candidate: side_requests(&request.baseline, &mut candidate, &objectives, env)?,
            };
            (baseline, candidate, key, requests)
        }
        None => {
            let (cand_path, mut baseline, mut candidate) = match &request.candidate {
                Some(cand_path) => (
                    cand_path.clone(),
                    side(&request.baseline, request, env)?,
                    side(cand_path, request, env)?,
                ),
                // One document holding both: a pull-request thread's before and after.
                None => {
                    let (before, after) = document_sides(&request.baseline, request, env)?;
                    (request.baseline.clone(), before, after)
                }
            };
            let requests = RequestSides {
                baseline: side_requests(&request.baseline, &mut baseline, &objectives, env)?,
                candidate: side_requests(&cand_path, &mut candidate, &objectives, env)?,
            };
            crate::keys::imply_lengths(&mut [&mut baseline, &mut candidate]);
            let key = configured_key.unwrap_or_else(|| match request.candidate {
                Some(_) => default_key(&request.baseline, &baseline, &cand_path, &candidate),
                // Both sides come from one file: their runs pair by what they ran, never
                // by their order in it.
                None => document_key(&baseline, &candidate),
            });
            (baseline, candidate, key, requests)
        }
    };
    check_columns(&policy, &key, &baseline, &candidate, l10n)?;
    let known = noise::known(request, env, &policy, &baseline, &candidate, &key)?;
    let mut cmp =
        compare::diff::compare_with_noise(&baseline, &candidate, &key, &policy, &requests, &known);
    if request.against_history.is_some() {
        cmp.judge_against_history();
    }
    if cmp.pairs.is_empty() {
        let suggestion = compare::pairing::suggested_key(&baseline, &candidate);
        return Err(Error::usage(nothing_matched(
            request,
            &key,
            &cmp,
            &suggestion,
            l10n,
        )));
    }
    let sweeps = sweeps(request, &policy, &baseline, &candidate)?;
    if let Some(s) = &sweeps {
        cmp.judge_capacity(&s.cmp);
    }
    Ok(DiffOutcome {
        comparison: cmp,
        sweeps,
        requests,
    })
}

fn sweeps(
    request: &DiffRequest,
    policy: &Policy,
    base: &[Run],
    cand: &[Run],
) -> Result<Option<Sweeps>> {
    let Some(x) = &request.curve_x else {
        if let Some(rule) = policy
            .rules
            .iter()
            .find(|r| r.metric == compare::capacity::CAPACITY)
        {
            return Err(Error::usage(crate::msg!(
                "curves-error-capacity-rule-needs-sweep",
                rule = rule.to_string()
            )));
        }
        return Ok(None);
    };
    // Per-request objectives count through each point's `slo_attainment`.
    let slos = compare::capacity::sweep_slos(&request.slo)?;
    let y = slos.first().map(|s| s.column.clone()).unwrap_or_default();
    // One series grouping for both sides, so that series match by the same columns.
    let by = match &request.curve_by {
        Some(by) => by
            .iter()
            .filter(|c| !c.trim().is_empty())
            .cloned()
            .collect(),
        // What varies within either sweep tells its series apart; what differs only
        // between the two sweeps is the change under test, not a series.
        None => {
            let mut by = crate::curves::series::default_by(base, x);
            for c in crate::curves::series::default_by(cand, x) {
                if !by.contains(&c) {
                    by.push(c);
                }
            }
            by
        }
    };
    let spec = Spec {
        x: x.clone(),
        ys: vec![y.clone()],
        by: Some(by),
        slos,
        gpus: Gpus::Parallelism,
    };
    let cand_path = request.candidate.as_ref().unwrap_or(&request.baseline);
    for (path, runs) in [(&request.baseline, base), (cand_path, cand)] {
        if let Some(slo) = compare::capacity::unjudged(runs, &spec.slos) {
            return Err(Error::usage(match slo.column.as_str() {
                "slo_attainment" => crate::msg!(
                    "diff-capacity-no-requests",
                    path = path.display().to_string(),
                    slo = request.slo.join(", ")
                ),
                column => crate::msg!(
                    "curves-error-no-column",
                    flag = "--slo".to_owned(),
                    column = column.to_owned()
                ),
            }));
        }
    }
    let base = Curves::new(base, &spec)?;
    let cand = Curves::new(cand, &spec)?;
    let cmp = CapacityComparison::new(&base, &cand, &policy.rules);
    Ok(Some(Sweeps { base, cand, y, cmp }))
}

/// The policy and key: the request's rules and key first, then the config's `[diff]`
/// table, then the defaults (the key then depends on the inputs: `None`).
fn settings(request: &DiffRequest, env: &Env) -> Result<(Policy, Option<Vec<String>>)> {
    let config = env.config.diff.clone().unwrap_or_default();
    let policy = if !request.fail_on.is_empty() {
        Policy::parse(&request.fail_on, PolicyOrigin::Flags)
            .map_err(|e| rule_error(&e, None, &env.l10n))?
    } else if let (Some(rules), Some(path)) = (&config.fail_on, &env.config.path) {
        Policy::parse(rules, PolicyOrigin::Config(path.clone()))
            .map_err(|e| rule_error(&e, Some(path), &env.l10n))?
    } else {
        Policy::default_policy()
    };
    let key = if !request.key.is_empty() {
        Some(request.key.iter().map(|k| k.trim().to_owned()).collect())
    } else {
        config.key
    };
    Ok((policy, key))
}

/// A bad rule: what is wrong, where it was written, and how to write one.
pub(super) fn rule_error(e: &RuleError, file: Option<&Path>, l10n: &Localizer) -> Error {
    let origin = file
        .map(|f| format!(" ({})", f.display()))
        .unwrap_or_default();
    Error::usage(format!(
        "{}\n{}",
        e.text(&origin),
        l10n.tr("diff-rule-howto")
    ))
}

/// Pairs drawn in the HTML's distribution charts at most: each pair is four charts.
const MAX_DISTRIBUTION_PAIRS: usize = 8;

/// The CDF and latency-over-time charts of the pairs tested from their requests,
/// baseline and candidate overlaid.
fn distributions_html(
    cmp: &Comparison,
    requests: &RequestSides,
    l10n: &Localizer,
) -> Result<String> {
    let (base_name, cand_name) = (l10n.tr("requests-baseline"), l10n.tr("requests-candidate"));
    let mut groups = Vec::new();
    for pair in cmp
        .pairs
        .iter()
        .filter(|p| p.requests_tested)
        .take(MAX_DISTRIBUTION_PAIRS)
    {
        let b = pair.sources.first().and_then(|k| requests.baseline.get(k));
        let c = pair.sources.get(1).and_then(|k| requests.candidate.get(k));
        let (Some(b), Some(c)) = (b, c) else {
            continue;
        };
        groups.push((
            pair.label.clone(),
            vec![
                crate::render::requests::Side {
                    name: &base_name,
                    requests: b,
                    dashed: false,
                },
                crate::render::requests::Side {
                    name: &cand_name,
                    requests: c,
                    dashed: true,
                },
            ],
        ));
    }
    crate::render::requests::html_section(&groups, l10n)
}

/// The requests of a side given as raw outputs (a saved runs frame holds none), with
/// the runs' `requests` and goodput columns set from them.
fn side_requests(
    path: &Path,
    runs: &mut [Run],
    objectives: &Objectives,
    env: &Env,
) -> Result<BTreeMap<(String, u32), RunRequests>> {
    if load::is_frame(path) {
        return Ok(Default::default());
    }
    let requests = crate::requests::read_paths(&[path.to_path_buf()])?;
    for run in runs.iter_mut() {
        if let Some(rr) = requests.get(&(run.source.clone(), run.run_index)) {
            // A summary that its own requests contradict is said here as `ingest` says
            // it: the diff judges that summary's numbers.
            // The file as the user can find it: the side's folder joined to the run's
            // source, or the file the side is.
            let place = if path.is_dir() {
                path.join(&run.source)
            } else {
                path.to_path_buf()
            };
            for warning in crate::requests::attach::apply(run, rr, objectives) {
                env.warn(&place.display().to_string(), &warning);
            }
        }
    }
    Ok(requests)
}

/// At most this many keys of each side are listed when nothing matched.
const LISTED_KEYS: usize = 8;

/// Nothing paired: the keys of both sides, so the user sees why, and the key that would
/// pair them (or the advice to choose one).
fn nothing_matched(
    request: &DiffRequest,
    key: &[String],
    cmp: &Comparison,
    suggestion: &[String],
    l10n: &Localizer,
) -> String {
    let list = |side: &[compare::diff::Unmatched]| {
        let mut items: Vec<String> = side
            .iter()
            .take(LISTED_KEYS)
            .map(|u| format!("  {}", u.label))
            .collect();
        if side.len() > LISTED_KEYS {
            items.push(format!(
                "  {}",
                l10n.tr_args(
                    "diff-keys-more",
                    &[("count", ((side.len() - LISTED_KEYS) as i64).into())]
                )
            ));
        }
        items.join("\n")
    };
    let hint = if suggestion.is_empty() {
        l10n.tr("diff-hint-key")
    } else {
        l10n.tr_args(
            "diff-hint-key-columns",
            &[("columns", suggestion.join(",").into())],
        )
    };
    let baseline = match &request.against_history {
        Some(store) => store.clone(),
        None => request.baseline.display().to_string(),
    };
    let candidate = request.candidate.as_ref().unwrap_or(&request.baseline);
    l10n.tr_args(
        "diff-error-nothing-matched",
        &[
            ("baseline", baseline.into()),
            ("candidate", candidate.display().to_string().into()),
            ("key", key.join(", ").into()),
            ("removed", (cmp.removed.len() as i64).into()),
            ("added", (cmp.added.len() as i64).into()),
            ("removed_keys", list(&cmp.removed).into()),
            ("added_keys", list(&cmp.added).into()),
            ("hint", hint.into()),
        ],
    )
}

/// Typos in the key or in a rule's metric would otherwise pass silently (every key null,
/// a rule that never applies). The default policy is exempt: its metrics are only
/// checked where present (SGLang prints no `failed`).
fn check_columns(
    policy: &Policy,
    key: &[String],
    base: &[Run],
    cand: &[Run],
    l10n: &Localizer,
) -> Result<()> {
    if let Some(column) = compare::pairing::unknown_key_columns(base, cand, key).first() {
        return Err(Error::usage(l10n.tr_args(
            "diff-error-unknown-key",
            &[("column", column.clone().into())],
        )));
    }
    if policy.origin == PolicyOrigin::Default {
        return Ok(());
    }
    for rule in &policy.rules {
        // Capacity is not a column: `curve_x` computes it (see `sweeps`).
        if rule.metric == compare::capacity::CAPACITY {
            continue;
        }
        let present = base
            .iter()
            .chain(cand)
            .any(|r| cell(r, &rule.metric).is_some());
        if !present {
            return Err(Error::usage(l10n.tr_args(
                "diff-error-unknown-metric",
                &[
                    ("metric", rule.metric.clone().into()),
                    ("rule", rule.to_string().into()),
                ],
            )));
        }
    }
    Ok(())
}
