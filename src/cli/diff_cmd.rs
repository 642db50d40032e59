//! `perflab diff BASELINE CANDIDATE`: flags → validated settings (policy, key, outputs),
//! then load both sides, compare once (`compare::compare`), and write every requested
//! rendering. Exit status: 0 no regression, 1 regression, 2 error.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context};
use clap::Args;

use super::Outcome;
use crate::compare::capacity::CapacityComparison;
use crate::compare::policy::{read_config, DiffConfig};
use crate::compare::{self, Policy, PolicyOrigin, RuleError, Verdict};
use crate::curves::{Curves, Gpus, Slo, Spec};
use crate::ingest::{self, Options};
use crate::l10n::Localizer;
use crate::model::frame::{cell, write_atomic};
use crate::model::Run;
use crate::render::diff::capacity as render_capacity;
use crate::render::diff::{html, junit, markdown, terminal, to_json, DiffView};

#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The reference results: a file, a directory of raw outputs, or a runs frame saved by
    /// `perflab ingest` (Parquet, CSV or NDJSON). With `--against-history`: the candidate.
    pub baseline: PathBuf,
    /// The results to judge, in any of the same forms.
    #[arg(required_unless_present = "against_history")]
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
    /// A rule that fails the diff, e.g. 'total_token_throughput<-5%', 'p99_ttft_ms>+10%',
    /// 'failed>0'. Repeatable; replaces the default policy and the config file's rules.
    #[arg(long = "fail-on", value_name = "RULE")]
    pub fail_on: Vec<String>,
    /// Pair runs by these columns of the runs frame instead of `source,run_index`
    /// (e.g. `model_id,max_concurrency`); null matches null.
    #[arg(long, value_name = "COL,...", value_delimiter = ',')]
    pub key: Vec<String>,
    /// Read the `[diff]` table from this file instead of `./perflab.toml`.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
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

/// Validated settings, built from the flags and the config file before any run is read.
struct Settings {
    policy: Policy,
    /// `None`: the default key, decided once the inputs are known.
    key: Option<Vec<String>>,
}

pub fn run(args: DiffArgs) -> anyhow::Result<Outcome> {
    let l10n = crate::l10n::messages();
    let markdown_to_stdout = args
        .markdown
        .as_deref()
        .is_some_and(|p| p.as_os_str() == "-");
    if args.json && markdown_to_stdout {
        return Err(anyhow!(l10n.tr("diff-error-stdout-twice")));
    }
    let settings = settings(&args, &l10n)?;
    let objectives = crate::requests::Objectives::from_flags_or_config(&args.slo)?;
    // With --against-history the one path is the candidate and the baseline comes from the
    // store, which keeps runs, not their requests.
    let (mut baseline, mut candidate, history_key) = match &args.against_history {
        Some(store) => {
            let (baseline, candidate, key) = against_history(&args, store, &settings)?;
            (baseline, candidate, Some(key))
        }
        None => {
            let cand_path = args.candidate.clone().unwrap_or_default();
            (load(&args.baseline, &l10n)?, load(&cand_path, &l10n)?, None)
        }
    };
    let requests = match &args.against_history {
        Some(_) => compare::diff::RequestSides {
            baseline: Default::default(),
            candidate: side_requests(&args.baseline, &mut candidate, &objectives)?,
        },
        None => compare::diff::RequestSides {
            baseline: side_requests(&args.baseline, &mut baseline, &objectives)?,
            candidate: side_requests(
                args.candidate.as_deref().unwrap_or(Path::new("")),
                &mut candidate,
                &objectives,
            )?,
        },
    };
    let key = match history_key {
        Some(key) => key,
        None => {
            let cand_path = args.candidate.clone().unwrap_or_default();
            settings
                .key
                .clone()
                .unwrap_or_else(|| default_key(&args.baseline, &baseline, &cand_path, &candidate))
        }
    };
    check_columns(&settings.policy, &key, &baseline, &candidate, &l10n)?;

    let mut cmp = compare::diff::compare_with_requests(
        &baseline,
        &candidate,
        &key,
        &settings.policy,
        &requests,
    );
    if cmp.pairs.is_empty() {
        let suggestion = compare::pairing::suggested_key(&baseline, &candidate);
        return Err(anyhow!(nothing_matched(
            &args,
            &key,
            &cmp,
            &suggestion,
            &l10n
        )));
    }
    let sweeps = sweeps(&args, &settings.policy, &baseline, &candidate)?;
    if let Some(s) = &sweeps {
        cmp.judge_capacity(&s.cmp);
    }
    let view = DiffView::new(&cmp, &l10n);
    let md = (args.markdown.is_some() || summary_file().is_some()).then(|| {
        let mut md = markdown::render(&view, &l10n);
        if let Some(s) = &sweeps {
            md.push_str(&render_capacity::markdown(&s.cmp, &l10n));
        }
        md
    });

    if let (Some(path), Some(md)) = (&args.markdown, &md) {
        if !markdown_to_stdout {
            write_file(path, md)?;
        }
    }
    if let Some(path) = &args.html {
        let mut extra = match &sweeps {
            Some(s) => render_capacity::html(&s.cmp, &s.base, &s.cand, &s.y, &l10n)?,
            None => String::new(),
        };
        extra.push_str(&distributions_html(&cmp, &requests, &l10n)?);
        write_file(path, &html::render_with(&view, &extra))?;
    }
    if let Some(path) = &args.junit {
        write_file(path, &junit::render(&cmp, &l10n))?;
    }
    if let (Some(path), Some(md)) = (summary_file(), &md) {
        append_summary(&path, md)?;
    }
    let mut stdout = std::io::stdout().lock();
    if args.json {
        match &sweeps {
            // The comparison's object with the capacity comparison added.
            Some(s) => {
                let mut v: serde_json::Value = serde_json::from_str(&to_json(&cmp))?;
                v["capacity"] = serde_json::to_value(&s.cmp)?;
                writeln!(stdout, "{}", serde_json::to_string_pretty(&v)?)?;
            }
            None => writeln!(stdout, "{}", to_json(&cmp))?,
        }
    } else if let (true, Some(md)) = (markdown_to_stdout, &md) {
        stdout.write_all(md.as_bytes())?;
    } else {
        let width = crate::render::terminal::target_width(std::io::stdout().is_terminal());
        // Buffered: a long table is written a row at a time.
        let mut buffered = std::io::BufWriter::new(&mut stdout);
        terminal::write(&view, colour_stdout(), width, &mut buffered)?;
        if let Some(s) = &sweeps {
            write!(buffered, "\n{}", render_capacity::terminal(&s.cmp, &l10n))?;
        }
        buffered.flush()?;
    }
    stdout.flush()?;
    Ok(match cmp.verdict {
        Verdict::Regression => Outcome::Failed,
        Verdict::Pass => Outcome::Ok,
    })
}

/// `--against-history STORE`: the one path is the candidate; the baseline of each of its
/// keys is the key's last `--window` runs in the store (`history::baseline`).
fn against_history(
    args: &DiffArgs,
    store: &str,
    settings: &Settings,
) -> anyhow::Result<(Vec<Run>, Vec<Run>, Vec<String>)> {
    let l10n = crate::l10n::messages();
    if args.candidate.is_some() {
        return Err(anyhow!(crate::tr!("diff-error-history-two-paths")));
    }
    if args.window == 0 {
        return Err(anyhow!(crate::tr!("history-error-window")));
    }
    let cand_path = &args.baseline;
    let candidate = load(cand_path, l10n)?;
    let key = settings
        .key
        .clone()
        .unwrap_or_else(|| default_key(cand_path, &candidate, cand_path, &candidate));
    let store_handle = crate::history::Store::open(store, false)?;
    let history = crate::history::read::load_runs(&store_handle, None)?;
    let baseline =
        crate::history::baseline::last_runs_per_key(&history, &candidate, &key, args.window);
    if baseline.is_empty() {
        return Err(anyhow!(crate::tr!(
            "history-error-no-history",
            store = store.to_owned(),
            key = key.join(", ")
        )));
    }
    Ok((baseline, candidate, key))
}

/// Both sides as curves and their capacities compared, with `--curve-x`.
struct Sweeps {
    base: Curves,
    cand: Curves,
    /// The metric drawn (the first SLO's column).
    y: String,
    cmp: CapacityComparison,
}

fn sweeps(
    args: &DiffArgs,
    policy: &Policy,
    base: &[Run],
    cand: &[Run],
) -> anyhow::Result<Option<Sweeps>> {
    let Some(x) = &args.curve_x else {
        if let Some(rule) = policy
            .rules
            .iter()
            .find(|r| r.metric == compare::capacity::CAPACITY)
        {
            return Err(anyhow!(crate::tr!(
                "curves-error-capacity-rule-needs-sweep",
                rule = rule.to_string()
            )));
        }
        return Ok(None);
    };
    // Per-request objectives judge requests, not sweep points.
    let (_, slos) = Slo::parse_all(&args.slo)?;
    let y = slos.first().map(|s| s.column.clone()).unwrap_or_default();
    // One series grouping for both sides, so that series match by the same columns.
    let by = match &args.curve_by {
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
    let base = Curves::new(base, &spec)?;
    let cand = Curves::new(cand, &spec)?;
    let cmp = CapacityComparison::new(&base, &cand, &policy.rules);
    Ok(Some(Sweeps { base, cand, y, cmp }))
}

/// The policy and key: `--fail-on` / `--key` first, then the `[diff]` table of
/// `--config` or `./perflab.toml`, then the defaults.
fn settings(args: &DiffArgs, l10n: &Localizer) -> anyhow::Result<Settings> {
    let config_path = match &args.config {
        Some(p) => Some(p.clone()),
        None => Some(PathBuf::from("perflab.toml")).filter(|p| p.is_file()),
    };
    let config: DiffConfig = match &config_path {
        Some(p) => read_config(p)?.unwrap_or_default(),
        None => DiffConfig::default(),
    };
    let policy = if !args.fail_on.is_empty() {
        Policy::parse(&args.fail_on, PolicyOrigin::Flags).map_err(|e| rule_error(&e, None, l10n))?
    } else if let (Some(rules), Some(path)) = (&config.fail_on, &config_path) {
        Policy::parse(rules, PolicyOrigin::Config(path.clone()))
            .map_err(|e| rule_error(&e, Some(path), l10n))?
    } else {
        Policy::default_policy()
    };
    let key = if !args.key.is_empty() {
        Some(args.key.iter().map(|k| k.trim().to_owned()).collect())
    } else {
        config.key.clone()
    };
    Ok(Settings { policy, key })
}

/// A bad rule: what is wrong, where it was written, and how to write one.
fn rule_error(e: &RuleError, file: Option<&Path>, l10n: &Localizer) -> anyhow::Error {
    let origin = file
        .map(|f| format!(" ({})", f.display()))
        .unwrap_or_default();
    anyhow!("{}\n{}", e.text(&origin), l10n.tr("diff-rule-howto"))
}

/// Pairs drawn in the HTML's distribution charts at most: each pair is four charts.
const MAX_DISTRIBUTION_PAIRS: usize = 8;

/// The CDF and latency-over-time charts of the pairs tested from their requests,
/// baseline and candidate overlaid.
fn distributions_html(
    cmp: &compare::Comparison,
    requests: &compare::diff::RequestSides,
    l10n: &Localizer,
) -> anyhow::Result<String> {
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
    Ok(crate::render::requests::html_section(&groups, l10n)?)
}

/// The requests of a side given as raw outputs (a saved runs frame holds none), with
/// the runs' `requests` and goodput columns set from them.
fn side_requests(
    path: &Path,
    runs: &mut [Run],
    objectives: &crate::requests::Objectives,
) -> anyhow::Result<std::collections::BTreeMap<(String, u32), crate::requests::RunRequests>> {
    let is_frame = path.is_file()
        && crate::model::FrameFormat::from_path(path).is_some_and(|f| {
            f == crate::model::FrameFormat::Parquet || ingest::load_runs_is_frame(path, f)
        });
    if is_frame {
        return Ok(Default::default());
    }
    let requests = crate::requests::read_paths(&[path.to_path_buf()])?;
    for run in runs.iter_mut() {
        if let Some(rr) = requests.get(&(run.source.clone(), run.run_index)) {
            // Mismatches were reported by `ingest`; the diff only needs the columns.
            let _ = crate::requests::attach::apply(run, rr, objectives);
        }
    }
    Ok(requests)
}

fn load(path: &Path, l10n: &Localizer) -> anyhow::Result<Vec<Run>> {
    let options = Options {
        format: None,
        keep_going: false,
        progress: std::io::stderr().is_terminal(),
        ..Options::default()
    };
    let runs = ingest::load_runs(path, &options)?;
    if runs.is_empty() {
        return Err(anyhow!(l10n.tr_args(
            "diff-error-no-runs",
            &[("path", path.display().to_string().into())]
        )));
    }
    Ok(runs)
}

/// `source, run_index`, except when a side is a single file of raw outputs: its runs'
/// `source` is then that file's own name, which differs between `old.json` and
/// `new.json` although they are the same benchmark, so runs pair by position alone.
fn default_key(base_path: &Path, base: &[Run], cand_path: &Path, cand: &[Run]) -> Vec<String> {
    let single_raw_file = |path: &Path, runs: &[Run]| {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        path.is_file() && runs.iter().all(|r| Some(&r.source) == name.as_ref())
    };
    if single_raw_file(base_path, base) || single_raw_file(cand_path, cand) {
        vec!["run_index".to_owned()]
    } else {
        compare::DEFAULT_KEY
            .iter()
            .map(|c| (*c).to_owned())
            .collect()
    }
}

/// Typos in `--key` or in a rule's metric would otherwise pass silently (every key null,
/// a rule that never applies). The default policy is exempt: its metrics are only
/// checked where present (SGLang prints no `failed`).
/// At most this many keys of each side are listed when nothing matched.
const LISTED_KEYS: usize = 8;

/// Nothing paired: the keys of both sides, so the user sees why, and the `--key` that
/// would pair them (or the advice to choose one).
fn nothing_matched(
    args: &DiffArgs,
    key: &[String],
    cmp: &compare::Comparison,
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
    l10n.tr_args(
        "diff-error-nothing-matched",
        &[
            (
                "baseline",
                match &args.against_history {
                    Some(store) => store.clone(),
                    None => args.baseline.display().to_string(),
                }
                .into(),
            ),
            (
                "candidate",
                args.candidate
                    .as_ref()
                    .unwrap_or(&args.baseline)
                    .display()
                    .to_string()
                    .into(),
            ),
            ("key", key.join(", ").into()),
            ("removed", (cmp.removed.len() as i64).into()),
            ("added", (cmp.added.len() as i64).into()),
            ("removed_keys", list(&cmp.removed).into()),
            ("added_keys", list(&cmp.added).into()),
            ("hint", hint.into()),
        ],
    )
}

fn check_columns(
    policy: &Policy,
    key: &[String],
    base: &[Run],
    cand: &[Run],
    l10n: &Localizer,
) -> anyhow::Result<()> {
    if let Some(column) = compare::pairing::unknown_key_columns(base, cand, key).first() {
        return Err(anyhow!(l10n.tr_args(
            "diff-error-unknown-key",
            &[("column", column.clone().into())]
        )));
    }
    if policy.origin == PolicyOrigin::Default {
        return Ok(());
    }
    for rule in &policy.rules {
        // Capacity is not a column: `--curve-x` computes it (see `sweeps`).
        if rule.metric == compare::capacity::CAPACITY {
            continue;
        }
        let present = base
            .iter()
            .chain(cand)
            .any(|r| cell(r, &rule.metric).is_some());
        if !present {
            return Err(anyhow!(l10n.tr_args(
                "diff-error-unknown-metric",
                &[
                    ("metric", rule.metric.clone().into()),
                    ("rule", rule.to_string().into())
                ]
            )));
        }
    }
    Ok(())
}

fn write_file(path: &Path, text: &str) -> anyhow::Result<()> {
    write_atomic(path, |f| {
        f.write_all(text.as_bytes())
            .map_err(|e| crate::Error::io(path, e))
    })
    .with_context(|| crate::tr!("error-writing", path = path.display().to_string()))
}

/// Colour only on a terminal, and never when `NO_COLOR` is set (no-color.org).
fn colour_stdout() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// GitHub Actions sets `GITHUB_STEP_SUMMARY` to a file whose Markdown is shown on the
/// run's page; every step appends to it.
fn summary_file() -> Option<PathBuf> {
    std::env::var_os("GITHUB_STEP_SUMMARY")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

fn append_summary(path: &Path, md: &str) -> anyhow::Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| crate::tr!("error-opening-summary", path = path.display().to_string()))?;
    // A blank line keeps our verdict from gluing onto a previous step's last line.
    let sep = if f.metadata().map(|m| m.len()).unwrap_or(0) > 0 {
        "\n"
    } else {
        ""
    };
    f.write_all(format!("{sep}{md}").as_bytes())
        .with_context(|| crate::tr!("error-appending", path = path.display().to_string()))
}
