//! `import`: a published report → a study. The report is read by `published`; each of
//! its benchmark blocks becomes one raw file under `runs/`, and its structure becomes a
//! `study.toml` in the study schema (`study_file.rs`), so that `perflab report` renders
//! the report again from data. What the study cannot hold (free text, charts, a variant
//! that served another model, a profile the report never describes) is listed as
//! [`Lost`], each with its line; what import had to assume (an engine's command, a
//! variant's profile) is listed the same way.

mod engines_and_profiles;
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

use engines_and_profiles::{new_profile, DEFAULT_PROFILE};
use names::{english, model_base, unique, without_numbering};
use prose::{free_text, in_lang};

use crate::published::{
    conclusion_metric, conclusion_rows, read_report, served_model, Block, Report,
};
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
    /// A variant with more than one block; only the first is its result.
    ExtraBlock,
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

    // Experiments and their variants.
    let mut ids = BTreeSet::new();
    let mut ids_of: Vec<(String, Vec<String>)> = Vec::new();
    let study_model = model_base(&study.model);
    for exp in &report.experiments {
        let title = without_numbering(&exp.title);
        let id = unique(slug(&english(&title, lang)), &mut ids);
        let mut names = BTreeSet::new();
        let mut variants = Vec::new();
        let mut variant_names = Vec::new();
        let single = exp.variants.len() == 1;
        for v in &exp.variants {
            let shown = without_numbering(&v.name);
            let name = unique(slug(&english(&shown, lang)), &mut names);
            let command = v.params.as_ref().and_then(|p| p.command.as_ref());
            let engine = im.engine_of(&study.engines, &v.name, command.map(|c| c.text.as_str()));
            let mut label = shown.clone();
            if let Some(c) = command {
                if let Some(m) = served_model(&c.text) {
                    if !study_model.is_empty() && model_base(&m) != study_model {
                        im.lose(
                            c.line,
                            LostKind::ServedModel,
                            shown.clone(),
                            Some(m.clone()),
                        );
                        label = format!("{shown} ({m})");
                    }
                }
            }
            let profile = match v.profile.map(|p| report.profiles[p].name.clone()) {
                Some(p) => p,
                None => {
                    // A study needs a profile per variant: with none described at all, one
                    // stands for the report's single unnamed workload.
                    let first = match profiles.first() {
                        Some(p) => p.name.clone(),
                        None => new_profile(&mut im, &mut profiles, DEFAULT_PROFILE, v.line),
                    };
                    im.lose(
                        v.line,
                        LostKind::AssumedProfile,
                        shown.clone(),
                        Some(first.clone()),
                    );
                    first
                }
            };
            for extra in v.blocks.iter().skip(1) {
                let line = report.blocks[*extra].line;
                im.lose(line, LostKind::ExtraBlock, shown.clone(), None);
            }
            let stem = if single {
                id.clone()
            } else {
                format!("{id}-{name}")
            };
            let result = v.blocks.first().map(|&b| im.file_for(b, &stem));
            variants.push(VariantEntry {
                name: name.clone(),
                label: (label != name).then(|| Text::Same(label.clone())),
                engine,
                profile,
                parameters: v.params.as_ref().map_or_else(Vec::new, |p| p.args.clone()),
                missing: if result.is_none() {
                    Some(
                        v.empty
                            .as_ref()
                            .map_or_else(String::new, |e| e.text.clone()),
                    )
                } else {
                    None
                },
                result,
            });
            variant_names.push(name);
        }
        for note in &exp.notes {
            im.lose(note.line, LostKind::FreeText, note.text.clone(), None);
        }
        ids_of.push((id.clone(), variant_names));
        study.experiments.push(ExperimentEntry {
            id,
            title: Some(in_lang(lang, title)),
            variants,
        });
    }
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
