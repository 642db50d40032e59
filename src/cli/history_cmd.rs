//! `perflab history add|report`: keep runs in a history store (a folder or object
//! storage) and report each series' trend and change points.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::Outcome;
use crate::history::{self, Settings, Store, TrendSpec};

use crate::render::history as page;
use crate::render::templates::Templates;
use crate::Error;

#[derive(Debug, Args)]
pub struct HistoryArgs {
    #[command(subcommand)]
    pub command: HistoryCommand,
}

#[derive(Debug, Subcommand)]
pub enum HistoryCommand {
    /// Append runs to a history store (Parquet files hive-partitioned by date); runs
    /// already there are not added again.
    Add(AddArgs),
    /// Per series: a trend chart, the latest run against the recent ones, and the change
    /// points (E-Divisive means with a permutation test).
    Report(ReportArgs),
}

#[derive(Debug, Args)]
pub struct AddArgs {
    /// Benchmark outputs (files or directories, read as `perflab ingest` reads them) or
    /// saved runs frames.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The store: a folder, or s3://BUCKET/PREFIX, gs://…, az://… (credentials from the
    /// usual environment: AWS_*, GOOGLE_*, AZURE_*).
    #[arg(long, value_name = "STORE")]
    pub store: String,
    /// A label of every run added, KEY=VALUE (commit, branch, machine…); repeatable.
    #[arg(long = "label", value_name = "KEY=VALUE")]
    pub labels: Vec<String>,
    /// The runs' date, YYYY-MM-DD (their partition). Default: each run's own date where
    /// the file carries one (the `run_timestamp` column), else today (UTC).
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub date: Option<String>,
}

/// The change-point detector's options, shared by `report` (docs/history.md).
#[derive(Debug, Args)]
pub struct DetectorArgs {
    /// Fewest runs on either side of a change point (a single spike is never a change).
    #[arg(long, value_name = "N", default_value_t = Settings::default().min_segment)]
    pub min_segment: usize,
    /// Smallest step reported, in percent of the mean before it.
    #[arg(long, value_name = "PCT", default_value_t = Settings::default().min_magnitude_pct)]
    pub min_magnitude: f64,
    /// Largest p-value of a change point.
    #[arg(long, value_name = "P", default_value_t = Settings::default().alpha)]
    pub alpha: f64,
    /// Shuffles of the permutation test.
    #[arg(long, value_name = "N", default_value_t = Settings::default().permutations)]
    pub permutations: usize,
    /// Seed of the shuffles (the same seed gives the same p-values).
    #[arg(long, value_name = "N", default_value_t = Settings::default().seed)]
    pub seed: u64,
}

impl DetectorArgs {
    fn settings(&self) -> Settings {
        Settings {
            min_segment: self.min_segment.max(2),
            min_magnitude_pct: self.min_magnitude,
            alpha: self.alpha,
            permutations: self.permutations,
            seed: self.seed,
        }
    }
}

#[derive(Debug, Args)]
pub struct ReportArgs {
    /// The store (a folder or an object-storage URL).
    #[arg(long, value_name = "STORE")]
    pub store: String,
    /// The metric whose trend is reported (a column of the runs frame).
    #[arg(long, value_name = "COLUMN")]
    pub metric: String,
    /// Columns (or labels) that tell series apart. Default: source,run_index, as `diff`.
    #[arg(long, value_name = "COL,...", value_delimiter = ',')]
    pub key: Vec<String>,
    /// Only runs whose COLUMN (or label) has this value; repeatable.
    #[arg(long = "filter", value_name = "COLUMN=VALUE")]
    pub filters: Vec<String>,
    /// Only runs of this date and later (YYYY-MM-DD).
    #[arg(long, value_name = "YYYY-MM-DD")]
    pub since: Option<String>,
    /// How many runs before the latest make its recent distribution.
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub recent: usize,
    /// Write history.LANG.md, history.LANG.html and charts/ into DIR.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// One JSON object per series per line on stdout.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub detector: DetectorArgs,
}

pub fn run(
    args: HistoryArgs,
    langs: &[&'static str],
    env: &crate::app::Env,
) -> anyhow::Result<Outcome> {
    match args.command {
        HistoryCommand::Add(a) => add(a, env),
        HistoryCommand::Report(a) => report(a, langs),
    }
}

fn date_arg(text: &str) -> crate::Result<String> {
    history::parse_date(text)
        .ok_or_else(|| Error::usage(crate::msg!("history-error-date", date = text.to_owned())))
}

fn add(args: AddArgs, env: &crate::app::Env) -> anyhow::Result<Outcome> {
    // Flags first: a bad label or date is reported before any file is read.
    let labels = history::parse_labels(&args.labels)?;
    let date = args.date.as_deref().map(date_arg).transpose()?;
    let runs = crate::app::load::all_runs(&args.paths, env, false)?;
    if runs.is_empty() {
        let paths: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
        return Err(Error::usage(crate::msg!(
            "history-error-no-runs",
            paths = paths.join(", ")
        ))
        .into());
    }
    let store = Store::open(&args.store, true)?;
    let today = history::labels::today();
    for (_, added) in history::add_by_date(&store, &runs, &labels, date.as_deref(), &today)? {
        report_added(&added, &args.store)?;
    }
    Ok(Outcome::Ok)
}

fn report_added(added: &history::Added, store: &str) -> anyhow::Result<()> {
    let message = match &added.part {
        Some(part) => crate::tr!(
            "history-added",
            added = added.added as i64,
            known = added.known as i64,
            store = store.to_owned(),
            part = part.clone()
        ),
        None => crate::tr!(
            "history-nothing-added",
            known = added.known as i64,
            store = store.to_owned()
        ),
    };
    writeln!(std::io::stderr(), "perflab: {message}")?;
    Ok(())
}

fn report(args: ReportArgs, langs: &[&'static str]) -> anyhow::Result<Outcome> {
    let filters = args
        .filters
        .iter()
        .map(|f| {
            f.split_once('=')
                .map(|(c, v)| (c.trim().to_owned(), v.to_owned()))
                .ok_or_else(|| {
                    Error::usage(crate::msg!("history-error-filter", filter = f.clone()))
                })
        })
        .collect::<crate::Result<Vec<_>>>()?;
    // No key: one series per workload (`history::trends`).
    let key: Vec<String> = if args.key.is_empty() {
        Vec::new()
    } else {
        args.key
            .iter()
            .map(|k| k.trim().to_owned())
            .filter(|k| !k.is_empty())
            .collect()
    };
    let spec = TrendSpec {
        metric: args.metric.trim().to_owned(),
        key,
        filters,
        since: args.since.as_deref().map(date_arg).transpose()?,
        settings: args.detector.settings(),
        recent: args.recent,
    };
    let store = Store::open(&args.store, false)?;
    let trends = history::trends(&store, &spec)?;
    let mut stdout = std::io::stdout().lock();
    if args.json {
        for line in page::json_lines(&trends) {
            writeln!(stdout, "{line}")?;
        }
    }
    if args.out.is_none() && args.json {
        return Ok(Outcome::Ok);
    }
    let templates = Templates::new(None)?;
    let pages = langs
        .iter()
        .map(|lang| page::render(&trends, &args.store, lang, &templates))
        .collect::<crate::Result<Vec<_>>>()?;
    match &args.out {
        Some(out) => {
            let written = page::write(out, &pages)?;
            if !args.json {
                for path in written {
                    writeln!(stdout, "{}", path.display())?;
                }
            }
        }
        None => {
            if let Some(p) = pages.first() {
                stdout.write_all(p.markdown.as_bytes())?;
            }
        }
    }
    Ok(Outcome::Ok)
}
