//! `perflab history add|report`: flags → an [`AddRequest`] or a [`ReportRequest`], run
//! by `app::history`; the report written as JSON lines (`--json`), as page files under
//! `--out` (one per `--lang`), or as its Markdown on stdout.

use std::io::Write;
use std::path::PathBuf;

use clap::{Args, Subcommand};

use super::Outcome;
use crate::app::history::{AddRequest, ReportRequest};
use crate::app::Env;
use crate::export::{Destination, Format, Style};
use crate::history::Settings;
use crate::render::history as page;
use crate::render::templates::Templates;

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
    /// The metrics whose trends are reported (columns of the runs frame), each a series
    /// of its own. Default: the metrics the diff policy watches.
    #[arg(long, value_name = "COL,...", value_delimiter = ',')]
    pub metric: Vec<String>,
    /// Columns (or labels) that tell series apart. Default: the workload columns, as `diff`.
    #[arg(long, value_name = "COL,...", value_delimiter = ',')]
    pub key: Vec<String>,
    /// Only runs whose COLUMN (or label) has this value; repeatable.
    #[arg(long = "filter", value_name = "COLUMN=VALUE")]
    pub filters: Vec<String>,
    /// A date (YYYY-MM-DD): only runs of this date and later, and the site's first page
    /// lists the change points from then. A number N: every run read, the first page lists
    /// the change points of the last N nights with runs. Default: 7.
    #[arg(long, value_name = "N|YYYY-MM-DD")]
    pub since: Option<String>,
    /// How many runs before the latest make its recent distribution.
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub recent: usize,
    /// Write the site into DIR: index.LANG.html (what changed), series.LANG.html (every
    /// series), trend.LANG.html (one series), site.js and data/; it opens from the folder.
    /// With --format md: history.LANG.md, history.LANG.html and charts/ instead.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// `site` (with --out, the default there) or `md`: the single Markdown page, on
    /// stdout or, with --out, as history.LANG.md with its HTML and charts.
    #[arg(long, value_name = "FORMAT", value_parser = ["site", "md"], requires_if("site", "out"))]
    pub format: Option<String>,
    /// One JSON object per series per line on stdout.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub detector: DetectorArgs,
}

impl AddArgs {
    fn request(&self) -> AddRequest {
        AddRequest {
            paths: self.paths.clone(),
            store: self.store.clone(),
            labels: self.labels.clone(),
            date: self.date.clone(),
        }
    }
}

impl ReportArgs {
    fn request(&self) -> ReportRequest {
        ReportRequest {
            store: self.store.clone(),
            metrics: self.metric.clone(),
            key: self.key.clone(),
            filters: self.filters.clone(),
            since: self.since.clone(),
            recent: self.recent,
            settings: self.detector.settings(),
        }
    }
}

pub fn run(args: HistoryArgs, langs: &[&'static str], env: &Env) -> anyhow::Result<Outcome> {
    match args.command {
        HistoryCommand::Add(a) => {
            // Each day's count goes to stderr through the environment's reporter.
            crate::app::history::add(&a.request(), env)?;
            Ok(Outcome::Ok)
        }
        HistoryCommand::Report(a) => report(a, langs, env),
    }
}

fn report(args: ReportArgs, langs: &[&'static str], env: &Env) -> anyhow::Result<Outcome> {
    let outcome = crate::app::history::report(&args.request(), env)?;
    let templates = Templates::new(None)?;
    let style = Style::plain(&env.l10n, &templates);
    let stdout = Destination::Stdout;
    if args.json {
        stdout.export(&outcome, Format::Json, &style)?;
    }
    let markdown = args.format.as_deref() == Some("md");
    match &args.out {
        Some(out) if !markdown => {
            let written = outcome.write_site(out, langs)?;
            if !args.json {
                // The pages; not the data files, one per series.
                let mut stdout = std::io::stdout().lock();
                for path in written
                    .iter()
                    .filter(|p| p.extension().is_some_and(|e| e == "html"))
                {
                    writeln!(stdout, "{}", path.display())?;
                }
            }
        }
        // One page per language, its charts beside it.
        Some(out) => {
            let pages = langs
                .iter()
                .map(|lang| outcome.page(lang, &templates))
                .collect::<crate::Result<Vec<_>>>()?;
            let written = page::write(out, &pages)?;
            // With --json, stdout is the JSON lines only.
            if !args.json {
                let mut stdout = std::io::stdout().lock();
                for path in written {
                    writeln!(stdout, "{}", path.display())?;
                }
            }
        }
        None if args.json => {}
        // The page of the first language.
        None => stdout.export(&outcome, Format::Markdown, &style)?,
    }
    Ok(Outcome::Ok)
}
