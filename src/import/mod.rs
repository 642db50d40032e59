//! `import`: a published report → a study. The report is read by `published`; each of
//! its benchmark blocks becomes one raw file under `runs/`, and its structure becomes a
//! `study.toml` in the study schema (`study_file.rs`), so that `perflab report` renders
//! the report again from data. What the study cannot hold (free text, charts, a variant
//! that served another model, a profile the report never describes) is listed as
//! [`Lost`], each with its line; what import had to assume (an engine's command, a
//! variant's profile) is listed the same way.

mod engines_and_profiles;
mod experiments;
mod names;
mod prose;
mod study_file;
mod translate;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Serialize;

pub use study_file::{
    ConclusionEntry, EngineEntry, ExperimentEntry, MetricsEntry, OrderedTable, PerLanguage,
    ProfileEntry, ScenarioEntry, SideEntry, StudyFile, Text, VariantEntry,
};

pub use names::{language_of, slug};
pub use prose::plain_prose;
pub use translate::translate;

use engines_and_profiles::new_profile;
use names::{english, unique};
use prose::{free_text, in_lang};

use crate::published::{conclusion_metric, conclusion_rows, read_report, Block, Report};
use crate::{Error, Result};

/// Why part of a report is not in the study, or was guessed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LostKind {
    /// Prose the study has no place for.
    FreeText,
    /// An image; the report's charts are drawn again from the data.
    Image,
    /// A variant served another model than the study's; kept in its label.
    ServedModel,
    /// A variant names no profile; the first profile was assumed.
    AssumedProfile,
    /// An engine's serving command appears nowhere; the usual one was assumed.
    AssumedCommand,
    /// A case's profile is not described; its dataset parameters are unknown.
    UnknownProfile,
    /// The report names no model; the study's is empty.
    NoModel,
    /// The conclusion compares a latency the baseline's block does not print; the study
    /// ranks by the default metric instead.
    UnrankedLatency,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Lost {
    pub line: u64,
    pub kind: LostKind,
    /// The text lost, or the name of what it is about (a variant, an engine, a profile).
    pub subject: String,
    /// What was assumed or kept instead, when anything was.
    pub value: Option<String>,
}

/// A raw file to write: path relative to the study folder, and its text.
#[derive(Debug, Clone, PartialEq)]
pub struct RawFile {
    pub path: String,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub study: StudyFile,
    pub files: Vec<RawFile>,
    pub lost: Vec<Lost>,
    /// The report as the user named it (for provenance lines).
    pub source: String,
}
struct Importer<'r> {
    report: &'r Report,
    source: String,
    lost: Vec<Lost>,
    files: Vec<RawFile>,
    /// The file written for each block, by block index.
    file_of: BTreeMap<usize, String>,
    taken_files: BTreeSet<String>,
}

impl Importer<'_> {
    fn lose(
        &mut self,
        line: u64,
        kind: LostKind,
        subject: impl Into<String>,
        value: Option<String>,
    ) {
        // One command serving another model is said once, however many blocks it ran.
        let said = |l: &Lost| l.line == line && l.kind == kind && l.value == value;
        if kind == LostKind::ServedModel && self.lost.iter().any(said) {
            return;
        }
        self.lost.push(Lost {
            line,
            kind,
            subject: subject.into(),
            value,
        });
    }

    /// The raw file of a block, written once however many entries use it.
    fn file_for(&mut self, block: usize, stem: &str) -> String {
        if let Some(f) = self.file_of.get(&block) {
            return f.clone();
        }
        let report = self.report;
        let b: &Block = &report.blocks[block];
        let path = unique(format!("runs/{stem}"), &mut self.taken_files) + ".txt";
        let text = format!(
            "# Provenance: {}, lines {}-{}, imported by perflab.\n{}",
            self.source, b.line, b.end_line, b.raw
        );
        self.files.push(RawFile {
            path: path.clone(),
            text,
        });
        self.file_of.insert(block, path.clone());
        path
    }
}

/// Imports a report's text; `path` names it in provenance lines and errors.
pub fn import(path: &Path, text: &str) -> Result<Imported> {
    let read = read_report(path, text)?;
    let report = &read.report;
    if report.blocks.is_empty() {
        return Err(Error::parse(
            path,
            None,
            crate::msg!("import-error-no-blocks"),
        ));
    }
    if report.experiments.is_empty() {
        return Err(Error::parse(
            path,
            None,
            crate::msg!("import-error-no-experiments"),
        ));
    }
    let lang = language_of(report.title.as_ref().map_or("", |t| t.text.as_str()));
    let source = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let mut im = Importer {
        report,
        source,
        lost: Vec::new(),
        files: Vec::new(),
        file_of: BTreeMap::new(),
        taken_files: BTreeSet::new(),
    };
    let mut study = StudyFile {
        model: report
            .model
            .as_ref()
            .or(report.command_model.as_ref())
            .map_or_else(String::new, |m| m.text.clone()),
        hardware: report
            .hardware
            .as_ref()
            .map_or_else(String::new, |h| h.text.clone()),
        title: report.title.as_ref().map(|t| in_lang(lang, t.text.clone())),
        ..StudyFile::default()
    };
    if study.model.is_empty() {
        im.lose(1, LostKind::NoModel, String::new(), None);
    }
    study.engines = im.engines();
    let mut profiles = im.profiles();

    let ids_of = im.experiments(&mut study, &mut profiles, lang);
    study.baseline = report
        .baseline()
        .map(|(e, v)| format!("{}/{}", ids_of[e].0, ids_of[e].1[v]));
    goal_and_command(&mut im, &mut study);

    // Scenarios: the conclusion's rows first, in its order, then cases it does not show.
    let rows = conclusion_rows(report);
    let mut used_cases = BTreeSet::new();
    let mut scenarios = Vec::new();
    for row in &rows {
        if let Some(c) = row.case {
            used_cases.insert(c);
        }
        let profile = row
            .case
            .and_then(|c| report.cases[c].profile)
            .or_else(|| report.profile_of_label(&row.label));
        let profile_name = match profile {
            Some(p) => report.profiles[p].name.clone(),
            None => new_profile(&mut im, &mut profiles, &row.label, row.line),
        };
        let stem = format!("other-{}", slug(&english(&profile_name, lang)));
        let side = |im: &mut Importer, block: Option<usize>, role: &str| match block {
            Some(b) => SideEntry {
                result: Some(im.file_for(b, &format!("{stem}-{role}"))),
                missing: None,
            },
            None => SideEntry {
                result: None,
                missing: Some(String::new()),
            },
        };
        scenarios.push(ScenarioEntry {
            profile: profile_name.clone(),
            baseline: side(&mut im, row.baseline, "baseline"),
            optimized: side(&mut im, row.optimized, "optimized"),
        });
    }
    for (ci, case) in report.cases.iter().enumerate() {
        if used_cases.contains(&ci) {
            continue;
        }
        let profile_name = match case.profile {
            Some(p) => report.profiles[p].name.clone(),
            None => new_profile(&mut im, &mut profiles, &case.label, case.line),
        };
        let stem = format!("other-{}", slug(&english(&profile_name, lang)));
        let mut side = |s: &Option<crate::published::CaseSide>, role: &str| match s
            .as_ref()
            .and_then(|s| s.block)
        {
            Some(b) => SideEntry {
                result: Some(im.file_for(b, &format!("{stem}-{role}"))),
                missing: None,
            },
            None => SideEntry {
                result: None,
                missing: Some(
                    s.as_ref()
                        .and_then(|s| s.empty.as_ref())
                        .map_or_else(String::new, |e| e.text.clone()),
                ),
            },
        };
        let baseline = side(&case.baseline, "baseline");
        let optimized = side(&case.optimized, "optimized");
        scenarios.push(ScenarioEntry {
            profile: profile_name,
            baseline,
            optimized,
        });
    }
    study.scenarios = scenarios;
    study.profiles = profiles;

    free_text(&mut im, &mut study, lang);

    im.lost.sort_by_key(|l| l.line);
    Ok(Imported {
        study,
        files: im.files,
        lost: im.lost,
        source: im.source,
    })
}

/// The metric a study ranks by when it names none.
const DEFAULT_PRIMARY: &str = "total_token_throughput";
/// What else a study may rank by, in order.
const FALLBACK_PRIMARY: [&str; 3] = ["output_throughput", "request_throughput", "mean_e2el_ms"];

/// What the report is about, kept: a conclusion that compares a latency makes a latency
/// study ranked by it (when the baseline's block prints it: a study ranks by what its
/// baseline ran), and the recommended serving command, when the report prints a whole
/// one, is the study's own, byte for byte.
fn goal_and_command(im: &mut Importer, study: &mut StudyFile) {
    let report = im.report;
    let latency = conclusion_metric(report)
        .filter(|m| crate::model::schema::higher_is_better(m) == Some(false));
    if let Some(metric) = latency {
        let printed = report
            .baseline_block()
            .is_some_and(|b| report.blocks[b].run.get(metric).is_some());
        if printed {
            study.goal = Some("latency".to_owned());
            study.metrics = Some(MetricsEntry {
                primary: metric.to_owned(),
            });
        } else {
            let line = report.conclusion.as_ref().map_or(1, |t| t.header.line);
            im.lose(line, LostKind::UnrankedLatency, metric, None);
        }
    }
    // A study ranks by total token throughput unless its baseline's block lacks it (an
    // old benchmark printing requests/s only): then by the first it prints of these.
    let baseline = report.baseline_block().map(|b| &report.blocks[b].run);
    if study.metrics.is_none() && baseline.is_some_and(|r| r.get(DEFAULT_PRIMARY).is_none()) {
        let printed = FALLBACK_PRIMARY
            .iter()
            .find(|m| baseline.is_some_and(|r| r.get(m).is_some()));
        study.metrics = printed.map(|m| MetricsEntry {
            primary: (*m).to_owned(),
        });
    }
    study.conclusion = report
        .recommended
        .as_ref()
        .filter(|p| p.command.is_some())
        .map(|p| ConclusionEntry {
            command: p.text.trim_end_matches('\n').to_owned(),
        });
}

impl Imported {
    /// Writes `DIR/study.toml` and the raw files; returns the paths written.
    pub fn write(&self, dir: &Path) -> Result<Vec<PathBuf>> {
        let mut written = Vec::new();
        for f in &self.files {
            let path = dir.join(&f.path);
            write_file(&path, &f.text)?;
            written.push(path);
        }
        let header = crate::tr!("import-study-header", source = self.source.clone());
        let path = dir.join("study.toml");
        write_file(&path, &self.study.to_toml(&header)?)?;
        written.push(path);
        Ok(written)
    }
}

fn write_file(path: &Path, text: &str) -> Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
    }
    // Whole or not at all: a study half written over a good one is worse than none.
    crate::export::Destination::File(path.to_path_buf()).write_text(text)
}
