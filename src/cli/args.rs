//! The clap definition of every command and flag; validated settings are built from these
//! in each command's module.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::model::Format;

#[derive(Debug, Parser)]
#[command(
    name = "perflab",
    version,
    about = "Turn raw LLM serving-benchmark outputs into a runs table, comparisons, CI verdicts and reports"
)]
pub struct Cli {
    /// Language of everything perflab prints: en, ru, zh-CN. `report` takes a
    /// comma-separated list of output languages, and prints its messages in the first;
    /// `translate` takes the languages to translate into, and prints its messages in
    /// PERFLAB_LANG / the locale's. Default: PERFLAB_LANG, else LC_ALL / LC_MESSAGES /
    /// LANG, else en.
    #[arg(long, global = true, value_delimiter = ',', value_name = "LANGS")]
    pub lang: Vec<String>,
    /// The configuration file (`[diff]`, `[slo]` tables). Default: ./perflab.toml when
    /// there is one.
    #[arg(long, global = true, value_name = "FILE")]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Read benchmark outputs (files or directories, recursively) into one table of runs.
    Ingest(IngestArgs),
    /// Render a study (study.toml) as a localized Markdown + HTML report with SVG charts.
    Report(ReportArgs),
    /// Compare two runs: which is faster, by how much, and a table of metrics.
    Compare(CompareArgs),
    /// Compare a candidate's results with a baseline's; exit 1 on a regression.
    #[command(after_help = crate::compare::policy::POLICY_HELP)]
    Diff(super::diff_cmd::DiffArgs),
    /// Load sweeps as latency–throughput curves: capacity at an SLO, the Pareto frontier.
    Curves(super::curves_cmd::CurvesArgs),
    /// Keep runs night after night in a store (a folder or object storage) and report
    /// their trends and change points.
    History(super::history_cmd::HistoryArgs),
    /// Recompute every number a published report claims from its own benchmark blocks.
    Check(CheckArgs),
    /// Recover the study (study.toml and one raw file per block) from a published report.
    Import(ImportArgs),
    /// Translate a published report: the same document, numbers, commands and claims in
    /// other languages (--lang), verified against the source.
    Translate(TranslateArgs),
    /// Print the shell completion script for bash, zsh, fish, powershell or elvish.
    Completions(CompletionsArgs),
    /// Print the man page (roff), or write one page per command into a folder.
    Man(ManArgs),
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// Folder to write perflab.1 and one perflab-COMMAND.1 per command into, instead of
    /// printing perflab.1.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct IngestArgs {
    /// Files or directories of raw benchmark outputs.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Read every file as this format instead of detecting it.
    #[arg(long, value_name = "NAME")]
    pub format: Option<Format>,
    /// One JSON object per run per line (NDJSON) on stdout.
    #[arg(long, conflicts_with_all = ["csv", "parquet"])]
    pub json: bool,
    /// Write the runs frame as CSV to FILE (`-` for stdout).
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write the runs frame as Parquet to FILE.
    #[arg(long, value_name = "FILE")]
    pub parquet: Option<PathBuf>,
    /// Report files that cannot be read on stderr and go on with the others (exit code 2
    /// still tells that some failed).
    #[arg(long)]
    pub keep_going: bool,
    /// Show every column of the table (line, format, more metrics), however wide.
    #[arg(long)]
    pub wide: bool,
    /// Keep a row for every file that holds a run, even when a console summary or CSV is
    /// a copy of the run in the result file beside it (by default each run is kept once).
    #[arg(long)]
    pub all_files: bool,
    /// List every file that was skipped or merged, not only a summary line per reason.
    #[arg(short, long)]
    pub verbose: bool,
    /// Exit 0 with an empty table when the paths hold no run (by default that is an
    /// error, exit 2, naming each file found and why it holds none).
    #[arg(long)]
    pub allow_empty: bool,
    /// Write the requests frame (one row per request of every run whose file kept its
    /// requests: vLLM --save-detailed, SGLang --output-details, guidellm) to FILE:
    /// .parquet, .csv or .ndjson.
    #[arg(long, value_name = "FILE")]
    pub requests: Option<PathBuf>,
    /// A service-level objective, repeatable: a request metric in ms (`ttft<=200`,
    /// `tpot<=50`, `itl`, `e2el`) adds slo_attainment and slo_goodput (vLLM's goodput);
    /// a run column (`p99_ttft_ms<=500`) adds slo_met. Default: [slo] in perflab.toml.
    #[arg(long, value_name = "SLO")]
    pub slo: Vec<String>,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// A published performance report (Markdown with its benchmark blocks), or any
    /// author's before/after (a pull-request thread); `-` reads standard input
    /// (`gh pr view N --json body -q .body | perflab check -`).
    pub report: PathBuf,
    /// Print every claim and finding as JSON, each with its `line`.
    #[arg(long)]
    pub json: bool,
    /// Fail (exit 1) on warnings too.
    #[arg(long)]
    pub strict: bool,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// A published performance report (Markdown with its benchmark blocks).
    pub report: PathBuf,
    /// Folder to write `study.toml` and `runs/` into.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// List what could not be recovered as JSON on stdout, each with its `line`.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ReportArgs {
    /// The study description (study.toml; result paths in it are relative to it), or two
    /// or more result folders, one per server configuration: the study is then made from
    /// their runs (profiles from the workloads, variants from the configurations,
    /// labelled by the flags that differ from the baseline's).
    #[arg(required = true, value_name = "STUDY.toml | FOLDER")]
    pub paths: Vec<PathBuf>,
    /// With folders: the baseline folder (default: the first).
    #[arg(long, value_name = "FOLDER")]
    pub baseline: Option<PathBuf>,
    /// With folders: write the study made from them to FILE, to edit and render again.
    #[arg(long, value_name = "FILE")]
    pub save_study: Option<PathBuf>,
    /// An SLO, repeatable, as `ingest --slo`: a per-request one (`ttft<=200`, `tpot<=50`,
    /// `itl`, `e2el`, in ms) gives slo_attainment and slo_goodput of the runs that kept
    /// their requests; one on a run column (`p99_ttft_ms<=300`) gives slo_met.
    /// Default: [slo] in perflab.toml.
    #[arg(long, value_name = "SLO")]
    pub slo: Vec<String>,
    /// Exit 0 although the study gives some text (title, notes, profile titles…) in
    /// other languages only, so a page shows it in one of those (it is still listed).
    #[arg(long)]
    pub allow_untranslated: bool,
    #[command(flatten)]
    pub render: RenderArgs,
}

/// The output and the templates of `report` (the languages are the global `--lang`).
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// Output folder: report.LANG.md, report.LANG.html and charts/.
    #[arg(long, value_name = "DIR", default_value = "out")]
    pub out: PathBuf,
    /// Folder of templates overriding the embedded ones, file by file.
    #[arg(long, value_name = "DIR")]
    pub templates: Option<PathBuf>,
    /// Also write the computed comparison as comparison.json.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The baseline: a result file, or FILE#N for its Nth run (from 1).
    pub baseline: String,
    /// The candidate: a result file, or FILE#N for its Nth run (from 1).
    pub candidate: String,
    /// Metric that decides which run is faster.
    #[arg(long, value_name = "COLUMN", default_value = "total_token_throughput")]
    pub primary: String,
    /// Metric compared between the same two runs.
    #[arg(long, value_name = "COLUMN", default_value = "mean_tpot_ms")]
    pub secondary: String,
    /// A per-request SLO (`ttft<=200`, `tpot<=50`, `itl`, `e2el`, in ms), repeatable:
    /// compares slo_goodput and slo_attainment of runs that kept their requests.
    /// Default: [slo] in perflab.toml.
    #[arg(long, value_name = "SLO")]
    pub slo: Vec<String>,
    /// Write the request distribution charts of the two runs (CDFs of TTFT, TPOT and
    /// E2EL, E2EL over time; SVG) into DIR, when both kept their requests.
    #[arg(long, value_name = "DIR")]
    pub charts: Option<PathBuf>,
    /// Print the comparison as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct TranslateArgs {
    /// A published performance report: Markdown with its benchmark blocks, or plain text
    /// that lost its Markdown.
    pub report: PathBuf,
    /// The report's language (en, ru, zh-CN); detected from its letters when not given.
    #[arg(long, value_name = "LANG")]
    pub from: Option<String>,
    /// Output folder: NAME.LANG.md for each language of --lang (NAME.LANG.html too with
    /// --html).
    #[arg(long, value_name = "DIR", default_value = "out")]
    pub out: PathBuf,
    /// Also write each translation as a self-contained HTML page.
    #[arg(long)]
    pub html: bool,
    /// Your translation memory (one JSON object per line: lang, source, target): its
    /// pairs are used before the LLM, and the LLM's accepted answers are appended to it.
    #[arg(long, value_name = "FILE")]
    pub memory: Option<PathBuf>,
    /// An OpenAI-compatible endpoint (vLLM, SGLang: http://HOST:PORT/v1) that translates
    /// what no memory holds.
    #[arg(long, value_name = "URL", env = "PERFLAB_LLM_URL")]
    pub llm: Option<String>,
    /// The model name the endpoint serves.
    #[arg(long, value_name = "NAME", env = "PERFLAB_LLM_MODEL")]
    pub llm_model: Option<String>,
    /// Requests to the LLM at once.
    #[arg(long, value_name = "N", default_value_t = 8)]
    pub llm_jobs: usize,
    /// Seconds one request may take.
    #[arg(long, value_name = "SECS", default_value_t = 60)]
    pub llm_timeout: u64,
    /// Further attempts of a request that failed (transport error, 429, 5xx).
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub llm_retries: u32,
    /// Exit 0 although segments were left in the report's language (they are still
    /// listed): a draft to finish by hand.
    #[arg(long)]
    pub allow_untranslated: bool,
}
