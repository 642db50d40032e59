//! `perflab diff BASELINE CANDIDATE`: flags → [`DiffRequest`], the comparison computed by
//! `app::diff`, then every requested rendering written. Exit status: 0 no regression,
//! 1 regression, 2 error.

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::anyhow;
use clap::Args;

use super::Outcome;
use crate::app::diff::DiffRequest;
use crate::app::Env;
use crate::compare::Verdict;
use crate::export::{self, Destination, Exporter, Format, Style};
use crate::render::templates::Templates;
use crate::render::terminal::target_width;

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The reference results: a file, a directory of raw outputs, or a runs frame saved by
    /// `perflab ingest` (Parquet, CSV or NDJSON). With `--against-history`: the candidate.
    pub baseline: PathBuf,
    /// The results to judge, in any of the same forms. Without it, BASELINE is one
    /// document (a pull-request thread) holding results before and after a change.
    pub candidate: Option<PathBuf>,
    /// Judge the one path given against a history store (`perflab history add`): the
    /// baseline of each key is its last `--window` runs in the store.
    #[arg(long, value_name = "STORE")]
    pub against_history: Option<String>,
    /// Runs of the history per key that make the baseline.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 10,
        requires = "against_history"
    )]
    pub window: usize,
    /// Learn the noise between runs of each workload from its past runs in a history
    /// store (`perflab history add`): with one run a side, changes are judged against it.
    #[arg(long, value_name = "STORE", conflicts_with = "against_history")]
    pub noise_from: Option<String>,
    /// The noise between runs of one configuration for a metric, as the standard
    /// deviation of one run in % of its mean: 'output_throughput=12%'. Repeatable;
    /// replaces `[diff] noise` of the config for that metric.
    #[arg(long, value_name = "METRIC=PERCENT")]
    pub noise: Vec<String>,
    /// A rule that fails the diff, e.g. 'total_token_throughput<-5%', 'p99_ttft_ms>+10%',
    /// 'failed>0'. Repeatable; replaces the default policy and the config file's rules.
    #[arg(long = "fail-on", value_name = "RULE")]
    pub fail_on: Vec<String>,
    /// Pair runs by these columns of the runs frame instead of `source,run_index`
    /// (e.g. `model_id,max_concurrency`); null matches null.
    #[arg(long, value_name = "COL,...", value_delimiter = ',')]
    pub key: Vec<String>,
    /// Write a Markdown summary (for a pull-request comment) to FILE, `-` for stdout.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Write a self-contained HTML page with a delta chart to FILE.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Print the comparison as JSON on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Write JUnit XML to FILE: each rule on each matched pair is a test case.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Folder of templates overriding the embedded ones, file by file (`diff.md.j2`,
    /// `page.html`, `page.css`).
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
    /// Both sides are load sweeps with this load column: also compare each series'
    /// capacity at the `--slo`s (rules on `capacity`, e.g. 'capacity<-5%').
    #[arg(long, value_name = "COLUMN", requires = "slo")]
    pub curve_x: Option<String>,
    /// A service-level objective, repeatable. A request metric in ms (`ttft<=200`,
    /// `tpot`, `itl`, `e2el`) adds slo_attainment and slo_goodput to runs that kept their
    /// requests; a run column (`p99_ttft_ms<=500`) is an SLO of the capacity comparison
    /// (with --curve-x). Default: [slo] in perflab.toml.
    #[arg(long, value_name = "SLO")]
    pub slo: Vec<String>,
    /// Series columns of the sweeps (default: as `perflab curves` picks them).
    #[arg(
        long,
        value_name = "COLUMN,...",
        value_delimiter = ',',
        requires = "curve_x"
    )]
    pub curve_by: Option<Vec<String>>,
}

impl DiffArgs {
    fn request(&self) -> DiffRequest {
        DiffRequest {
            baseline: self.baseline.clone(),
            candidate: self.candidate.clone(),
            against_history: self.against_history.clone(),
            window: self.window,
            noise_from: self.noise_from.clone(),
            noise: self.noise.clone(),
            fail_on: self.fail_on.clone(),
            key: self.key.clone(),
            curve_x: self.curve_x.clone(),
            slo: self.slo.clone(),
            curve_by: self.curve_by.clone(),
            progress: std::io::stderr().is_terminal(),
        }
    }
}

pub fn run(args: DiffArgs, env: &Env) -> anyhow::Result<Outcome> {
    let l10n = &env.l10n;
    let markdown = args.markdown.as_deref().map(Destination::from_arg);
    let markdown_to_stdout = markdown.as_ref().is_some_and(Destination::is_stdout);
    if args.json && markdown_to_stdout {
        return Err(anyhow!(l10n.tr("diff-error-stdout-twice")));
    }
    let outcome = crate::app::diff::run(&args.request(), env)?;
    let templates = Templates::new(args.templates.as_deref())?;
    let style = Style {
        l10n,
        templates: &templates,
        width: target_width(std::io::stdout().is_terminal()),
        colour: export::colour_stdout(),
    };
    // Files first, stdout last: a failed file write never follows a printed table.
    let summary = export::step_summary_file();
    let md = (markdown.is_some() || summary.is_some())
        .then(|| outcome.export(Format::Markdown, &style))
        .transpose()?;
    if let (Some(dest), Some(md)) = (markdown.as_ref().filter(|d| !d.is_stdout()), &md) {
        dest.write_text(md)?;
    }
    for (path, format) in [(&args.html, Format::Html), (&args.junit, Format::Junit)] {
        if let Some(path) = path {
            Destination::from_arg(path).export(&outcome, format, &style)?;
        }
    }
    if let (Some(path), Some(md)) = (summary, &md) {
        export::append_step_summary(&path, md)?;
    }
    let stdout = Destination::Stdout;
    let printed = if args.json {
        stdout.export(&outcome, Format::Json, &style)
    } else if let (true, Some(md)) = (markdown_to_stdout, &md) {
        stdout.write_text(md)
    } else {
        stdout.export(&outcome, Format::Terminal, &style)
    };
    // A reader that stopped reading (`| head -1`) is not an error, and the verdict still
    // sets the exit code: a regression cut short by `head` must not pass a gate.
    match printed {
        Err(e) if super::is_broken_pipe_error(&e) => {}
        other => other?,
    }
    Ok(match outcome.verdict() {
        Verdict::Regression => Outcome::Failed,
        Verdict::Pass => Outcome::Ok,
    })
}
