//! `import`: a published report → a study. The report is read by `published`; each of
//! its benchmark blocks becomes one raw file under `runs/`, and its structure becomes a
//! `study.toml` in the study schema (`study_file.rs`), so that `perflab report` renders
//! the report again from data. What the study cannot hold (free text, charts, a variant
//! that served another model, a profile the report never describes) is listed as
//! [`Lost`], each with its line; what import had to assume (an engine's command, a
//! variant's profile) is listed the same way.

mod study_file;
mod translate;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use serde::Serialize;

pub use study_file::{
    ConclusionEntry, EngineEntry, ExperimentEntry, MetricsEntry, OrderedTable, PerLanguage,
    ProfileEntry, ScenarioEntry, SideEntry, StudyFile, Text, VariantEntry,
};

pub use translate::translate;

use crate::published::{
    conclusion_metric, conclusion_rows, normalize_name, read_report, served_model, Block, Note,
    Report,
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

/// Usual serving commands of engines whose command a report may not show, by the start of
/// the engine's name (lower case).
const KNOWN_COMMANDS: [(&str, &str); 3] = [
    ("vllm", "vllm serve"),
    ("sglang", "python3 -m sglang.launch_server --model-path"),
    ("mindie", "mindie serve"),
];

/// The programs of serving commands and the start of their engine's name (lower case).
const ENGINE_PROGRAMS: [(&str, &str); 5] = [
    ("trtllm-serve", "tensorrt"),
    ("sglang", "sglang"),
    ("vllm", "vllm"),
    ("mindie", "mindie"),
    ("lmdeploy", "lmdeploy"),
];

/// The language of a report: Russian or Chinese when its title is written in their
/// script, else English.
pub fn language_of(text: &str) -> &'static str {
    if text.chars().any(|c| ('\u{0400}'..='\u{04FF}').contains(&c)) {
        "ru"
    } else if text.chars().any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c)) {
        "zh-CN"
    } else {
        "en"
    }
}

/// `Max Num Seqs && Performance Mode` → `max-num-seqs-performance-mode`.
/// ASCII only: ids and file names must be portable (the study schema allows letters,
/// digits, `-`, `_`, `.`), so Cyrillic is transliterated and other scripts are dropped.
pub fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if let Some(latin) = transliterated(c) {
            out.push_str(latin);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_owned();
    if out.is_empty() {
        "x".to_owned()
    } else {
        out
    }
}

/// The English words of a glossary title in another language, for ids and file names.
fn english(text: &str, lang: &str) -> String {
    translate::english_title(text, lang).unwrap_or_else(|| text.to_owned())
}

/// Russian letters in Latin (the common passport-style scheme).
fn transliterated(c: char) -> Option<&'static str> {
    const FROM: &str = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя";
    const TO: [&str; 33] = [
        "a", "b", "v", "g", "d", "e", "e", "zh", "z", "i", "y", "k", "l", "m", "n", "o", "p", "r",
        "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "", "e", "yu", "ya",
    ];
    FROM.chars().position(|f| f == c).map(|i| TO[i])
}

/// `slug`, made unique among `taken` by a numeric suffix.
fn unique(base: String, taken: &mut BTreeSet<String>) -> String {
    let mut name = base.clone();
    let mut n = 2;
    while !taken.insert(name.clone()) {
        name = format!("{base}-{n}");
        n += 1;
    }
    name
}

/// `1. Choosing the Inference Engine` → `Choosing the Inference Engine`.
fn without_numbering(title: &str) -> String {
    let t = title.trim();
    let after_digits = t.trim_start_matches(|c: char| c.is_ascii_digit());
    if after_digits.len() < t.len() {
        if let Some(rest) = after_digits.strip_prefix('.') {
            return rest.trim().to_owned();
        }
    }
    t.to_owned()
}

/// Prose of the report: given in its language, so that a translation can be added.
fn in_lang<T>(lang: &str, v: T) -> Text<T> {
    Text::PerLanguage(BTreeMap::from([(lang.to_owned(), v)]))
}

/// Prose as plain text: the study's texts are escaped where the report is written, so
/// Markdown would show as punctuation. `[text](url)` becomes `text (url)`; emphasis and
/// code marks go.
pub fn plain_prose(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let after = &rest[open + 1..];
        let link = after.find("](").and_then(|close| {
            let url_part = &after[close + 2..];
            let end = url_part.find(')')?;
            Some((&after[..close], &url_part[..end], close + 2 + end + 1))
        });
        match link {
            Some((label, url, used)) => {
                out.push_str(&rest[..open]);
                out.push_str(label);
                out.push_str(" (");
                out.push_str(url);
                out.push(')');
                rest = &after[used..];
            }
            None => {
                out.push_str(&rest[..open + 1]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out.replace("**", "").replace("__", "").replace('`', "")
}

/// `Qwen/Qwen3-30B-A3B` → `qwen3-30b-a3b`.
fn model_base(model: &str) -> String {
    model.rsplit('/').next().unwrap_or(model).to_lowercase()
}

/// The words of a serving command before its model: `vllm serve`, `mindie serve`.
fn command_prefix(command: &str) -> Option<String> {
    let model = served_model(command)?;
    let at = command.find(&model)?;
    let prefix = command[..at].trim();
    (!prefix.is_empty()).then(|| prefix.to_owned())
}

/// A YAML scalar as TOML: integers and numbers stay numbers.
fn toml_value(v: &str) -> toml::Value {
    let v = v.trim().trim_matches('"');
    if let Ok(i) = v.parse::<i64>() {
        return toml::Value::Integer(i);
    }
    if let Ok(f) = v.parse::<f64>() {
        if f.is_finite() {
            return toml::Value::Float(f);
        }
    }
    match v {
        "true" => toml::Value::Boolean(true),
        "false" => toml::Value::Boolean(false),
        _ => toml::Value::String(v.to_owned()),
    }
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

    fn engines(&mut self) -> Vec<EngineEntry> {
        let report = self.report;
        let commands: Vec<(u64, String)> = report
            .served
            .iter()
            .filter_map(|s| {
                let cmd = report_command_at(report, s.line)?;
                Some((s.line, command_prefix(&cmd)?))
            })
            .collect();
        let mut out: Vec<EngineEntry> = Vec::new();
        for e in &report.engines {
            let key = normalize_name(&e.name);
            let first = key.split(['-', ' ']).next().unwrap_or("").to_owned();
            let shown = commands
                .iter()
                .find(|(_, c)| {
                    c.split_whitespace()
                        .next()
                        .is_some_and(|w| w.eq_ignore_ascii_case(&first))
                })
                .map(|(_, c)| c.clone());
            let command = shown.or_else(|| {
                let known = KNOWN_COMMANDS
                    .iter()
                    .find(|(k, _)| key.starts_with(k))
                    .map(|(_, c)| (*c).to_owned());
                if let Some(c) = &known {
                    self.lose(
                        e.line,
                        LostKind::AssumedCommand,
                        e.name.clone(),
                        Some(c.clone()),
                    );
                }
                known
            });
            out.push(EngineEntry {
                name: e.name.clone(),
                version: (!e.version.is_empty()).then(|| e.version.clone()),
                command,
            });
        }
        if out.is_empty() {
            // No engine list: one engine per serving command seen.
            for (line, c) in commands {
                let name = c.split_whitespace().next().unwrap_or("engine").to_owned();
                if out.iter().all(|e| e.name != name) {
                    self.lose(
                        line,
                        LostKind::AssumedCommand,
                        name.clone(),
                        Some(c.clone()),
                    );
                    out.push(EngineEntry {
                        name,
                        version: None,
                        command: Some(c),
                    });
                }
            }
        }
        out
    }

    /// The engine a variant runs on: the one its name names, else its serving command's,
    /// else the recommended configuration's, else the first.
    fn engine_of(&self, engines: &[EngineEntry], name: &str, command: Option<&str>) -> String {
        let by_name = engines.iter().find(|e| {
            let (a, b) = (normalize_name(&e.name), normalize_name(name));
            a == b || a.starts_with(&format!("{b}-"))
        });
        if let Some(e) = by_name {
            return e.name.clone();
        }
        let first_word = |c: &str| c.split_whitespace().next().unwrap_or("").to_lowercase();
        let by_command = |c: &str| {
            let w = first_word(c);
            engines
                .iter()
                .find(|e| normalize_name(&e.name).starts_with(&w) && !w.is_empty())
                .map(|e| e.name.clone())
        };
        if let Some(e) = command.and_then(by_command) {
            return e;
        }
        // `trtllm-serve M`, `python3 -m sglang.launch_server`: the engine the command's
        // program names, wherever it stands in the command.
        let by_program = |c: &str| {
            let lower = c.to_lowercase();
            let (_, key) = ENGINE_PROGRAMS.iter().find(|(p, _)| lower.contains(p))?;
            engines
                .iter()
                .find(|e| normalize_name(&e.name).starts_with(key))
                .map(|e| e.name.clone())
        };
        if let Some(e) = command.and_then(by_program) {
            return e;
        }
        let recommended = self
            .report
            .recommended
            .as_ref()
            .and_then(|p| p.command.as_ref())
            .and_then(|c| by_command(&c.text));
        recommended
            .or_else(|| engines.first().map(|e| e.name.clone()))
            .unwrap_or_default()
    }

    fn profiles(&mut self) -> Vec<ProfileEntry> {
        self.report
            .profiles
            .iter()
            .map(|p| {
                let mut dataset = OrderedTable::default();
                for (k, v) in &p.params {
                    dataset.insert(k.clone(), toml_value(v));
                }
                if p.params.is_empty() {
                    if let Some(n) = p.input_len {
                        dataset.insert("input_tokens", toml_value(&n.to_string()));
                    }
                    if let Some(n) = p.output_len {
                        dataset.insert("output_tokens", toml_value(&n.to_string()));
                    }
                }
                ProfileEntry {
                    name: p.name.clone(),
                    total_requests: None,
                    title: None,
                    dataset,
                }
            })
            .collect()
    }
}

/// The full serving command printed on `line`, from the report's parameter fences.
fn report_command_at(report: &Report, line: u64) -> Option<String> {
    let all = report
        .experiments
        .iter()
        .flat_map(|e| e.variants.iter().filter_map(|v| v.params.as_ref()))
        .chain(report.cases.iter().flat_map(|c| {
            [&c.baseline, &c.optimized]
                .into_iter()
                .flatten()
                .filter_map(|s| s.params.as_ref())
        }))
        .chain(report.recommended.as_ref());
    for p in all {
        if let Some(c) = &p.command {
            if c.line == line {
                return Some(c.text.clone());
            }
        }
    }
    None
}

/// Where each kind of free text goes: the objective, the method, the notes; `None` for
/// text the study has no place for.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Place {
    Objective,
    Method,
    Notes,
}

fn place_of(note: &Note) -> Option<Place> {
    let section = note.section.to_ascii_lowercase();
    let heading = note.heading.to_ascii_lowercase();
    if section.contains("objective") {
        Some(Place::Objective)
    } else if note.admonition.as_deref() == Some("note") && note.item {
        Some(Place::Notes)
    } else if heading.contains("method") || heading.contains("script") {
        Some(Place::Method)
    } else {
        None
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
            crate::tr!("import-error-no-experiments"),
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

    // Free text: objective, method, notes; the rest is lost.
    let mut objective: Vec<String> = Vec::new();
    let mut method: Vec<String> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    for note in &report.notes {
        if note.text.starts_with("![") {
            im.lose(note.line, LostKind::Image, note.text.clone(), None);
            continue;
        }
        match place_of(note) {
            Some(Place::Objective) => objective.push(plain_prose(&note.text)),
            Some(Place::Method) => method.push(plain_prose(&note.text)),
            Some(Place::Notes) => notes.push(plain_prose(&note.text)),
            None => im.lose(note.line, LostKind::FreeText, note.text.clone(), None),
        }
    }
    for fence in &report.other_fences {
        if place_of(fence) == Some(Place::Method) {
            // A benchmark script: its commands and comments, one paragraph each.
            let lines = fence
                .text
                .lines()
                .map(|l| l.trim().trim_start_matches('#').trim());
            method.extend(lines.filter(|l| !l.is_empty()).map(str::to_owned));
            continue;
        }
        im.lose(
            fence.line,
            LostKind::FreeText,
            fence.text.trim_end().to_owned(),
            None,
        );
    }
    study.objective = (!objective.is_empty()).then(|| in_lang(lang, objective.join(" ")));
    study.method = (!method.is_empty()).then(|| in_lang(lang, method));
    study.notes = (!notes.is_empty()).then(|| in_lang(lang, notes));

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

/// The profile of a report that describes none.
const DEFAULT_PROFILE: &str = "default";

/// A profile for a case the report never describes (`ShareGPT batch size 4`).
fn new_profile(
    im: &mut Importer,
    profiles: &mut Vec<ProfileEntry>,
    label: &str,
    line: u64,
) -> String {
    let name = label.trim_matches('*').trim().to_owned();
    if !profiles.iter().any(|p| p.name == name) {
        im.lose(line, LostKind::UnknownProfile, name.clone(), None);
        profiles.push(ProfileEntry {
            name: name.clone(),
            total_requests: None,
            title: None,
            dataset: OrderedTable::default(),
        });
    }
    name
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_and_numbering() {
        assert_eq!(
            slug("Max Num Seqs && Performance Mode"),
            "max-num-seqs-performance-mode"
        );
        assert_eq!(slug("vLLM"), "vllm");
        assert_eq!(slug("Последовательности 512"), "posledovatelnosti-512");
        assert_eq!(
            english(
                "Максимальное число последовательностей и Режим производительности",
                "ru"
            ),
            "Max Num Seqs && Performance Mode"
        );
        assert_eq!(
            without_numbering("1. Choosing the Inference Engine"),
            "Choosing the Inference Engine"
        );
        let mut taken = BTreeSet::new();
        assert_eq!(unique("a".into(), &mut taken), "a");
        assert_eq!(unique("a".into(), &mut taken), "a-2");
    }

    #[test]
    fn prose_loses_its_markdown() {
        assert_eq!(
            plain_prose("See the [evaluation results](https://x.org/a_b#c) for **more**."),
            "See the evaluation results (https://x.org/a_b#c) for more."
        );
        assert_eq!(plain_prose("a [b] c"), "a [b] c");
    }

    #[test]
    fn yaml_scalars_keep_their_types() {
        assert_eq!(toml_value("1000"), toml::Value::Integer(1000));
        assert_eq!(
            toml_value("ShareGPT"),
            toml::Value::String("ShareGPT".into())
        );
    }

    #[test]
    fn command_prefixes() {
        assert_eq!(
            command_prefix("mindie serve Qwen3-30B-A3B").as_deref(),
            Some("mindie serve")
        );
        assert_eq!(
            command_prefix("vllm serve Qwen/Qwen3-30B-A3B -tp 2").as_deref(),
            Some("vllm serve")
        );
    }
}
