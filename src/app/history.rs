//! `history add|report`: runs kept in a history store (a folder or object storage) and
//! each series' trend read back with its change points. [`add`] reports what it wrote
//! through the environment's reporter; [`report`] returns the trends, which write
//! themselves as JSON lines, or as the page (`render::history`) in Markdown or HTML.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{load, Env};
use crate::compare::policy::{Policy, PolicyOrigin};
use crate::export::{unsupported, Exporter, Format, Style};
use crate::history::changes::{Window, DEFAULT_NIGHTS};
use crate::history::{self, Added, Settings, Store, TrendSpec, Trends};
use crate::render::history as page;
use crate::render::page::Page;
use crate::render::templates::Templates;
use crate::{Error, Result};

/// The flags of `perflab history add`.
#[derive(Debug, Clone, Default)]
pub struct AddRequest {
    /// Benchmark outputs or saved runs frames.
    pub paths: Vec<PathBuf>,
    /// A folder, or an object-storage URL.
    pub store: String,
    /// `KEY=VALUE` labels of every run added.
    pub labels: Vec<String>,
    /// `YYYY-MM-DD`: the partition of every run; `None`: each run's own day, else today.
    pub date: Option<String>,
}

/// What an add wrote: per day (`YYYY-MM-DD`, oldest first), the runs added and known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddOutcome {
    pub store: String,
    pub days: Vec<(String, Added)>,
}

/// The flags of `perflab history report`.
#[derive(Debug, Clone, Default)]
pub struct ReportRequest {
    pub store: String,
    /// The columns whose trends are reported; empty: the metrics the diff policy watches
    /// (`[diff] fail-on` of the config, else the default rules).
    pub metrics: Vec<String>,
    /// Columns or labels that tell series apart; empty: one series per workload.
    pub key: Vec<String>,
    /// `COLUMN=VALUE`: only runs with this value.
    pub filters: Vec<String>,
    /// `YYYY-MM-DD`: only runs of this date and later, and the site's first page shows the
    /// changes from then; a number N: every run read, the first page shows the changes of
    /// the last N nights with runs (`None`: 7).
    pub since: Option<String>,
    /// Runs before the latest that make its recent distribution.
    pub recent: usize,
    /// The change-point detector's options.
    pub settings: Settings,
}

/// Every series of the metric with its analysis, and the store they were read from
/// (the page names it).
#[derive(Debug, Clone, PartialEq)]
pub struct ReportOutcome {
    pub store: String,
    pub trends: Trends,
    /// The nights the site's first page looks back over.
    pub window: Window,
}

impl ReportOutcome {
    /// The page in `lang`: Markdown, the HTML made from it, and the charts both show.
    pub fn page(&self, lang: &str, templates: &Templates) -> Result<Page> {
        page::render(&self.trends, &self.store, lang, templates)
    }

    /// The static site under `out` (`render::history::site`), in `langs`; the files
    /// written.
    pub fn write_site(&self, out: &Path, langs: &[&'static str]) -> Result<Vec<PathBuf>> {
        page::site::write(out, &self.trends, &self.store, &self.window, langs)
    }

    /// One JSON object per series (`render::history::json_lines`).
    pub fn json_lines(&self) -> Vec<String> {
        page::json_lines(&self.trends)
    }
}

impl Exporter for ReportOutcome {
    fn formats(&self) -> &'static [Format] {
        &[Format::Markdown, Format::Html, Format::Json]
    }

    fn write(&self, format: Format, style: &Style<'_>, out: &mut dyn Write) -> Result<()> {
        let io = |e| Error::io("-", e);
        match format {
            Format::Json => {
                for line in self.json_lines() {
                    writeln!(out, "{line}").map_err(io)?;
                }
                Ok(())
            }
            Format::Markdown | Format::Html => {
                let page = self.page(style.l10n.lang(), style.templates)?;
                let text = match format {
                    Format::Markdown => page.markdown,
                    _ => page.html,
                };
                out.write_all(text.as_bytes()).map_err(io)
            }
            other => Err(unsupported(other, style.l10n)),
        }
    }
}

/// Appends the runs of `paths` to the store, one part per day; each day's count is
/// reported through `env` (`perflab: added …` on the CLI's stderr).
pub fn add(request: &AddRequest, env: &Env) -> Result<AddOutcome> {
    // The request first: a bad label or date is reported before any file is read.
    let labels = history::parse_labels(&request.labels)?;
    let date = request
        .date
        .as_deref()
        .map(|d| date_arg(d, env))
        .transpose()?;
    let runs = load::all_runs(&request.paths, env, false)?;
    if runs.is_empty() {
        let paths: Vec<String> = request
            .paths
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        return Err(Error::usage(env.l10n.tr_args(
            "history-error-no-runs",
            &[("paths", paths.join(", ").into())],
        )));
    }
    let store = Store::open(&request.store, true)?;
    let today = history::labels::today();
    let days = history::add_by_date(&store, &runs, &labels, date.as_deref(), &today)?;
    for (_, added) in &days {
        env.reporter.report(&added_line(added, &request.store, env));
    }
    Ok(AddOutcome {
        store: request.store.clone(),
        days,
    })
}

/// What one day's add did, in the user's language.
fn added_line(added: &Added, store: &str, env: &Env) -> String {
    match &added.part {
        Some(part) => env.l10n.tr_args(
            "history-added",
            &[
                ("added", (added.added as i64).into()),
                ("known", (added.known as i64).into()),
                ("store", store.to_owned().into()),
                ("part", part.clone().into()),
            ],
        ),
        None => env.l10n.tr_args(
            "history-nothing-added",
            &[
                ("known", (added.known as i64).into()),
                ("store", store.to_owned().into()),
            ],
        ),
    }
}

/// Reads the store and computes every series' trend and change points.
pub fn report(request: &ReportRequest, env: &Env) -> Result<ReportOutcome> {
    let filters = request
        .filters
        .iter()
        .map(|f| {
            f.split_once('=')
                .map(|(c, v)| (c.trim().to_owned(), v.to_owned()))
                .ok_or_else(|| {
                    Error::usage(
                        env.l10n
                            .tr_args("history-error-filter", &[("filter", f.clone().into())]),
                    )
                })
        })
        .collect::<Result<Vec<_>>>()?;
    // No key: one series per workload (`history::trends`).
    let key = column_names(&request.key);
    let named = column_names(&request.metrics);
    let default_metrics = named.is_empty();
    let metrics = if default_metrics {
        watched_metrics(env)?
    } else {
        named
    };
    // A number of nights only sets the first page's window; a date also filters the runs.
    let (since, window) = match request.since.as_deref().map(str::trim) {
        None | Some("") => (None, Window::Nights(DEFAULT_NIGHTS)),
        Some(n) if n.bytes().all(|b| b.is_ascii_digit()) => {
            (None, Window::Nights(n.parse().unwrap_or(usize::MAX)))
        }
        Some(d) => {
            let date = date_arg(d, env)?;
            (Some(date.clone()), Window::Since(date))
        }
    };
    let spec = TrendSpec {
        metrics,
        default_metrics,
        key,
        filters,
        since,
        settings: request.settings,
        recent: request.recent,
    };
    let store = Store::open(&request.store, false)?;
    let trends = history::trends(&store, &spec)?;
    Ok(ReportOutcome {
        store: request.store.clone(),
        trends,
        window,
    })
}

/// The column names of a request's list, each entry possibly `"a,b"` as the CLI's
/// `--metric a,b` is given (the Python binding passes its strings as they came).
fn column_names(given: &[String]) -> Vec<String> {
    given
        .iter()
        .flat_map(|g| g.split(','))
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The metrics `diff` watches: those of the config's `[diff] fail-on` rules, else of the
/// default policy; each once, in the rules' order. A rule that does not parse is the
/// error `diff` gives for it, naming the file: replaced by the defaults, it had the
/// report watch metrics the user never chose, without a word.
fn watched_metrics(env: &Env) -> Result<Vec<String>> {
    let configured = env.config.diff.as_ref().and_then(|d| d.fail_on.as_ref());
    let policy = match configured {
        Some(rules) => {
            let origin = match &env.config.path {
                Some(path) => PolicyOrigin::Config(path.clone()),
                None => PolicyOrigin::Flags,
            };
            Policy::parse(rules, origin)
                .map_err(|e| super::diff::rule_error(&e, env.config.path.as_deref(), &env.l10n))?
        }
        None => Policy::default_policy(),
    };
    let mut metrics: Vec<String> = Vec::new();
    for rule in policy.rules {
        if !metrics.contains(&rule.metric) {
            metrics.push(rule.metric);
        }
    }
    Ok(metrics)
}

/// A `YYYY-MM-DD` date as the store's partitions name it.
fn date_arg(text: &str, env: &Env) -> Result<String> {
    history::parse_date(text).ok_or_else(|| {
        Error::usage(
            env.l10n
                .tr_args("history-error-date", &[("date", text.to_owned().into())]),
        )
    })
}
