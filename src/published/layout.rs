//! The structure of a performance-lab report, built from its Markdown items and blocks:
//! setup (model, hardware, engines, profiles), the recommended serving command, the
//! experiments with their variants (backend parameters, profile, blocks or the note that
//! replaced them), the "other cases" run on every profile by the baseline and the
//! optimized configuration, and the two tables. Both generations of the layout are read:
//! variants under `####` headings with `- Profile:` / `- Backend Parameters:` items, or
//! under a one-line name paragraph with a `Serving script` admonition; several blocks in
//! one fence, each under a `# comment`, become one case each.
//!
//! The words looked for (`Parameters`, `script`, `result`, `Baseline`, `Optimized`,
//! `Profile:`, `Summary:`, `Result:`) are those of GPUStack's English layout, kept in
//! the constants below.

use super::blocks::Block;
use super::markdown::{Cell, Fence, Item};

const PARAMS_ITEM: &str = "parameters";
const SCRIPT_ADMONITION: [&str; 2] = ["script", "command"];
const RESULT_ADMONITION: &str = "result";
const BASELINE: &str = "baseline";
const OPTIMIZED: &str = "optimized";
const PROFILE_ITEM: &str = "profile:";
const SUMMARY_ITEM: &str = "summary:";
const RESULT_LINE: &str = "result:";

/// `Mean latency per request: SGLang(1.61 s) < vLLM (1.68 s)`: a metric, then runs in
/// order (check reads it like a `Result:` line).
fn is_order_line(text: &str) -> bool {
    let Some((label, rest)) = text.split_once(':') else {
        return false;
    };
    !label.contains('(')
        && label.len() < 40
        && (rest.contains(") <") || rest.contains(") >"))
        && rest.contains('(')
}
/// A variant's name paragraph (`vLLM` above its serving script) is one short line.
const MAX_NAME_LEN: usize = 60;

/// A piece of text and the line it starts on.
#[derive(Debug, Clone, PartialEq)]
pub struct Located {
    pub line: u64,
    pub text: String,
}

impl Located {
    fn new(line: u64, text: impl Into<String>) -> Self {
        Located {
            line,
            text: text.into(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Baseline,
    Optimized,
}

impl Role {
    /// The role a title starts with: `Baseline benchmark result`, `Optimized Backend
    /// Parameters`.
    fn of(title: &str) -> Option<Role> {
        let first = title.split_whitespace().next()?.to_ascii_lowercase();
        match first.as_str() {
            BASELINE => Some(Role::Baseline),
            OPTIMIZED => Some(Role::Optimized),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Engine {
    pub line: u64,
    pub name: String,
    pub version: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    pub line: u64,
    pub name: String,
    /// `key: value` lines of its YAML, in order.
    pub params: Vec<(String, String)>,
    pub total_requests: Option<f64>,
    pub input_len: Option<f64>,
    pub output_len: Option<f64>,
}

/// Backend parameters as listed (`--max-model-len=32768`), or a serving script.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Params {
    pub line: u64,
    /// One parameter per element, comments and continuation backslashes removed.
    pub args: Vec<String>,
    /// The serving command when the report gives the whole script (`vllm serve M -tp 2`).
    pub command: Option<Located>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    pub line: u64,
    pub name: String,
    pub profile: Option<usize>,
    /// The profile as the report names it, when it names one.
    pub profile_ref: Option<Located>,
    pub params: Option<Params>,
    /// Indexes into [`Report::blocks`].
    pub blocks: Vec<usize>,
    /// A result fence that holds no numbers (`# Crash, not supported for the model`).
    pub empty: Option<Located>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Experiment {
    pub line: u64,
    pub title: String,
    pub variants: Vec<Variant>,
    /// `- Summary: ...` and `Result: ...` lines.
    pub sentences: Vec<Located>,
    /// Paragraph text that is neither a name nor a sentence.
    pub notes: Vec<Note>,
}

/// One side (baseline or optimized) of an "other case".
#[derive(Debug, Clone, PartialEq)]
pub struct CaseSide {
    pub block: Option<usize>,
    pub params: Option<Params>,
    pub empty: Option<Located>,
}

/// A profile run by the baseline and by the optimized configuration ("Other Benchmark
/// Cases").
#[derive(Debug, Clone, PartialEq)]
pub struct Case {
    pub line: u64,
    pub label: String,
    pub profile: Option<usize>,
    pub baseline: Option<CaseSide>,
    pub optimized: Option<CaseSide>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub line: u64,
    pub raw: String,
    pub cells: Vec<Cell>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub header: Row,
    pub rows: Vec<Row>,
}

/// Free text of the report, with where it sits.
#[derive(Debug, Clone, PartialEq)]
pub struct Note {
    pub line: u64,
    pub text: String,
    /// Title of the `##` section it is in.
    pub section: String,
    /// Title of the nearest heading above it.
    pub heading: String,
    /// Kind of the admonition it is in (`note`, `tip`).
    pub admonition: Option<String>,
    /// Whether it is a list item.
    pub item: bool,
}

/// A serving command found anywhere, with the model it serves.
#[derive(Debug, Clone, PartialEq)]
pub struct Served {
    pub line: u64,
    pub model: String,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Report {
    pub title: Option<Located>,
    pub model: Option<Located>,
    pub hardware: Option<Located>,
    pub engines: Vec<Engine>,
    pub recommended: Option<Params>,
    /// The engine named in the conclusion table's baseline column header.
    pub baseline_engine: Option<String>,
    pub profiles: Vec<Profile>,
    pub experiments: Vec<Experiment>,
    pub cases: Vec<Case>,
    pub blocks: Vec<Block>,
    pub conclusion: Option<Table>,
    pub summary: Option<Table>,
    pub served: Vec<Served>,
    /// Result fences that hold no numbers, wherever they are.
    pub empty_results: Vec<Located>,
    /// Free text outside the experiments (the notes of the conclusion, the method).
    pub notes: Vec<Note>,
    /// Fences that are neither parameters, results nor profiles (a benchmark script); the
    /// text is the fence's body.
    pub other_fences: Vec<Note>,
}

impl Report {
    pub fn profile_by_name(&self, name: &str) -> Option<usize> {
        let wanted = normalize_name(name);
        self.profiles
            .iter()
            .position(|p| normalize_name(&p.name) == wanted)
    }

    /// The study's baseline: in the first experiment, the variant of the engine the
    /// conclusion calls the baseline, else the first variant with a block.
    pub fn baseline(&self) -> Option<(usize, usize)> {
        let first = self
            .experiments
            .iter()
            .position(|e| !e.variants.is_empty())?;
        let exp = &self.experiments[first];
        if let Some(engine) = &self.baseline_engine {
            if let Some(v) = exp
                .variants
                .iter()
                .position(|v| v.name.eq_ignore_ascii_case(engine) && !v.blocks.is_empty())
            {
                return Some((first, v));
            }
        }
        let v = exp.variants.iter().position(|v| !v.blocks.is_empty())?;
        Some((first, v))
    }

    /// The block of the study's baseline variant.
    pub fn baseline_block(&self) -> Option<usize> {
        let (e, v) = self.baseline()?;
        self.experiments[e].variants[v].blocks.first().copied()
    }

    /// The profile a case label names: `ShareGPT Profile` names `ShareGPT`; `random 32K
    /// input` names the profile of 32000 input tokens.
    pub fn profile_of_label(&self, label: &str) -> Option<usize> {
        let trimmed = label.trim_matches('*').trim();
        let without = trimmed
            .strip_suffix("Profile")
            .or_else(|| trimmed.strip_suffix("profile"))
            .unwrap_or(trimmed);
        if let Some(p) = self.profile_by_name(without) {
            return Some(p);
        }
        // A translated label around an English name: `Профиль ShareGPT` names `ShareGPT`.
        if !trimmed.is_ascii() {
            let ascii: Vec<&str> = trimmed
                .split_whitespace()
                .filter(|w| w.is_ascii())
                .collect();
            if !ascii.is_empty() {
                if let Some(p) = self.profile_by_name(&ascii.join(" ")) {
                    return Some(p);
                }
            }
        }
        // The whole name before a detail: `Generation Heavy (1K in / 2K out)`.
        if let Some(head) = without.split(['(', ':']).next() {
            if let Some(p) = self.profile_by_name(head) {
                return Some(p);
            }
        }
        // All the label's numbers: input and output lengths before the input alone.
        let numbers = label_numbers(label);
        let names = |len: Option<f64>| len.is_some_and(|l| numbers.iter().any(|n| n.contains(&l)));
        if let Some(p) = self
            .profiles
            .iter()
            .position(|p| names(p.input_len) && names(p.output_len))
            .or_else(|| self.profiles.iter().position(|p| names(p.input_len)))
        {
            return Some(p);
        }
        // Word stems, for a translation that declines the profile's name (`Профиль
        // высокой пропускной способности` names `Пропускная способность`).
        let have = stems(label);
        let mut best: Option<(usize, usize)> = None;
        for (i, p) in self.profiles.iter().enumerate() {
            let want = stems(&p.name);
            let all = !want.is_empty() && want.iter().all(|w| have.contains(w));
            if all && best.is_none_or(|(_, n)| want.len() > n) {
                best = Some((i, want.len()));
            }
        }
        best.map(|(i, _)| i)
    }
}

/// Lower case, spaces collapsed, Markdown emphasis and backticks removed.
pub fn normalize_name(s: &str) -> String {
    s.replace(['*', '`'], "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The first five letters of each non-ASCII word of four letters or more, lower case.
/// Only words outside ASCII: declension (Russian) is what stems are for, while an English
/// label names its profile exactly, and `ShareGPT batch size 4` is not `ShareGPT`.
fn stems(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_ascii() && w.chars().count() >= 4)
        .map(|w| w.to_lowercase().chars().take(5).collect())
        .collect()
}

/// The token counts a label mentions: `32K` may be 32000 or 32768.
fn label_numbers(label: &str) -> Vec<Vec<f64>> {
    label
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(|w| {
            let lower = w.to_ascii_lowercase();
            if let Some(k) = lower.strip_suffix('k') {
                let n: f64 = k.parse().ok()?;
                Some(vec![n * 1000.0, n * 1024.0])
            } else {
                let n: f64 = lower.parse().ok()?;
                Some(vec![n])
            }
        })
        .collect()
}

/// The model a serving command serves: the argument after `serve` (`trtllm-serve`), or
/// `--model` / `--model-path`.
pub fn served_model(command: &str) -> Option<String> {
    let words: Vec<&str> = command.split_whitespace().filter(|w| *w != "\\").collect();
    for (i, w) in words.iter().enumerate() {
        if *w == "serve" || *w == "trtllm-serve" {
            if let Some(m) = words.get(i + 1).filter(|m| !m.starts_with('-')) {
                return Some((*m).to_owned());
            }
        }
        if let Some(m) = w
            .strip_prefix("--model-path=")
            .or_else(|| w.strip_prefix("--model="))
        {
            return Some(m.to_owned());
        }
        if matches!(*w, "--model" | "--model-path") {
            if let Some(m) = words.get(i + 1) {
                return Some((*m).to_owned());
            }
        }
    }
    None
}

/// A fence read as parameters: one per line, `\` continuations and comments dropped;
/// when its first line is a serving command, the command is kept and the parameters are
/// what follows the model.
fn params_of(fence: &Fence) -> Params {
    let mut lines: Vec<(u64, String)> = Vec::new();
    for (line, text) in &fence.body {
        let t = text.trim().trim_end_matches('\\').trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        lines.push((*line, t.to_owned()));
    }
    let first_is_command = lines
        .first()
        .is_some_and(|(_, t)| served_model(t).is_some());
    if first_is_command {
        let (line, cmd_head) = lines[0].clone();
        let full: Vec<&str> = lines.iter().map(|(_, t)| t.as_str()).collect();
        let full = full.join(" ");
        let words: Vec<&str> = full.split_whitespace().collect();
        let model_at = words
            .iter()
            .position(|w| *w == "serve" || *w == "trtllm-serve")
            .map(|i| i + 2);
        let args = match model_at {
            Some(i) if i <= words.len() => split_args(&words[i..]),
            _ => Vec::new(),
        };
        let _ = cmd_head;
        return Params {
            line,
            args,
            command: Some(Located::new(line, full)),
        };
    }
    Params {
        line: lines.first().map_or(fence.line + 1, |(l, _)| *l),
        args: lines.into_iter().map(|(_, t)| t).collect(),
        command: None,
    }
}

/// `-tp 2 --enable-prefix-caching` → [`-tp 2`, `--enable-prefix-caching`].
fn split_args(words: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in words {
        match out.last_mut() {
            Some(last) if !w.starts_with('-') && !last.contains('=') => {
                last.push(' ');
                last.push_str(w);
            }
            _ => out.push((*w).to_owned()),
        }
    }
    out
}

/// `dataset_name: ShareGPT` lines of a profile's YAML.
fn yaml_params(fence: &Fence) -> Vec<(String, String)> {
    fence
        .body
        .iter()
        .filter_map(|(_, l)| {
            let (k, v) = l.split_once(':')?;
            Some((k.trim().to_owned(), v.trim().to_owned()))
        })
        .collect()
}

/// A short name on its own line (`ShareGPT`, `Random 1K/1K`), not a sentence.
fn is_bare_name(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty()
        && t.split_whitespace().count() <= 4
        && !t.ends_with(['.', ':', '!', '?'])
        && !t.contains(": ")
}

/// `Very long prompt: 32000 input tokens, 100 output tokens`.
fn dataset_item(text: &str, line: u64) -> Option<Profile> {
    let (name, rest) = match text.split_once(':') {
        Some((n, r)) => (n.trim(), r.trim()),
        None => (text.trim(), ""),
    };
    if name.is_empty() || (text.trim_end().ends_with(':')) {
        return None;
    }
    let count_before = |word: &str| -> Option<f64> {
        let words: Vec<&str> = rest
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let i = words.iter().position(|w| w.eq_ignore_ascii_case(word))?;
        words.get(i.checked_sub(1)?)?.parse().ok()
    };
    Some(Profile {
        line,
        name: name.to_owned(),
        params: Vec::new(),
        total_requests: None,
        input_len: count_before("input"),
        output_len: count_before("output"),
    })
}

/// One result fence (or a block outside any fence) with where it sits.
#[derive(Debug, Clone)]
struct Slot {
    group: usize,
    sub: Option<Located>,
    name: Option<Located>,
    role: Option<Role>,
    profile_ref: Option<Located>,
    params: Option<Params>,
    blocks: Vec<usize>,
    empty: Option<Located>,
}

#[derive(Debug, Clone, Default)]
struct Group {
    line: u64,
    title: String,
    sentences: Vec<Located>,
    notes: Vec<Note>,
    tables: Vec<Table>,
}

#[derive(Default)]
struct Context {
    sub: Option<Located>,
    name: Option<Located>,
    profile_ref: Option<Located>,
    params: Vec<(Option<Role>, Params)>,
}

impl Context {
    fn reset(&mut self) {
        *self = Context::default();
    }

    fn params_for(&self, role: Option<Role>) -> Option<Params> {
        self.params
            .iter()
            .rev()
            .find(|(r, _)| *r == role)
            .or_else(|| self.params.iter().rev().find(|(r, _)| r.is_none()))
            .map(|(_, p)| p.clone())
    }
}

/// Which setup section a `###` heading opens.
#[derive(Clone, Copy, PartialEq)]
enum Setup {
    None,
    Model,
    Hardware,
    Engines,
    Datasets,
}

fn setup_of(title: &str) -> Setup {
    let t = title.to_ascii_lowercase();
    if t == "model" {
        Setup::Model
    } else if t == "hardware" {
        Setup::Hardware
    } else if t.contains("engine") && t.contains("version") {
        Setup::Engines
    } else if t.contains("dataset") || t.contains("profiles") {
        Setup::Datasets
    } else {
        Setup::None
    }
}

/// Builds the report from its Markdown items and its blocks (in line order).
pub fn build(items: &[Item], mut blocks: Vec<Block>) -> Report {
    let mut report = Report::default();
    let mut groups: Vec<Group> = Vec::new();
    let mut slots: Vec<Slot> = Vec::new();
    let mut current: Option<usize> = None;
    let mut level2: Option<Located> = None;
    let mut ctx = Context::default();
    let mut setup = Setup::None;
    let mut last_heading: Option<Located> = None;
    let mut table: Option<(Option<usize>, Table)> = None;
    let mut conclusion_tables: Vec<Table> = Vec::new();
    let mut blocks_used = vec![false; blocks.len()];
    let mut admonition: Option<(usize, String)> = None;

    let flush_table = |table: &mut Option<(Option<usize>, Table)>,
                       groups: &mut Vec<Group>,
                       conclusion_tables: &mut Vec<Table>| {
        if let Some((group, t)) = table.take() {
            match group {
                Some(g) => groups[g].tables.push(t),
                None => conclusion_tables.push(t),
            }
        }
    };

    for (idx, item) in items.iter().enumerate() {
        if !matches!(item, Item::TableRow { .. }) {
            flush_table(&mut table, &mut groups, &mut conclusion_tables);
        }
        let indent = match item {
            Item::Text { indent, .. }
            | Item::ListItem { indent, .. }
            | Item::Admonition { indent, .. } => Some(*indent),
            Item::Heading { .. } => Some(0),
            _ => None,
        };
        if let (Some(i), Some((ai, _))) = (indent, &admonition) {
            if i <= *ai {
                admonition = None;
            }
        }
        match item {
            Item::Heading { line, level, title } => {
                last_heading = Some(Located::new(*line, title.clone()));
                match level {
                    1 => {
                        if report.title.is_none() {
                            report.title = Some(Located::new(*line, title.clone()));
                        }
                    }
                    2 => {
                        level2 = Some(Located::new(*line, title.clone()));
                        current = None;
                        ctx.reset();
                        setup = Setup::None;
                    }
                    3 => {
                        groups.push(Group {
                            line: *line,
                            title: title.clone(),
                            ..Group::default()
                        });
                        current = Some(groups.len() - 1);
                        ctx.reset();
                        setup = setup_of(title);
                    }
                    _ => {
                        ctx.reset();
                        ctx.sub = Some(Located::new(*line, title.clone()));
                    }
                }
            }
            Item::Text { line, text, .. } => {
                let next_is_admonition = matches!(
                    items.get(idx + 1),
                    Some(Item::Admonition { line: l, .. }) if *l == line + 1
                );
                match setup {
                    Setup::Model if report.model.is_none() => {
                        report.model = Some(Located::new(*line, text.clone()));
                        continue;
                    }
                    Setup::Hardware if report.hardware.is_none() => {
                        report.hardware = Some(Located::new(*line, text.clone()));
                        continue;
                    }
                    // `### Benchmark Dataset` followed by a bare name (`ShareGPT`): the
                    // report's one profile. Sentences there stay notes.
                    Setup::Datasets if is_bare_name(text) => {
                        if let Some(p) = dataset_item(text, *line) {
                            report.profiles.push(p);
                            continue;
                        }
                    }
                    _ => {}
                }
                // perflab's own reports write these as paragraphs, in bold.
                let unbold = text.replace("**", "");
                let lower = unbold.to_ascii_lowercase();
                if lower.starts_with(RESULT_LINE)
                    || lower.starts_with(SUMMARY_ITEM)
                    || is_order_line(&unbold)
                {
                    if let Some(g) = current {
                        groups[g].sentences.push(Located::new(*line, text.clone()));
                        continue;
                    }
                }
                if let Some(rest) = crate::offsets::strip_prefix_ignore_case(&unbold, PROFILE_ITEM)
                {
                    let name = rest.trim().trim_matches('`').trim();
                    ctx.profile_ref = Some(Located::new(*line, name));
                    continue;
                }
                if caption_of(items, idx + 1).is_some_and(|c| c.0 == *line) {
                    continue; // names the fence below it
                }
                if next_is_admonition && text.chars().count() <= MAX_NAME_LEN && current.is_some() {
                    let sub = ctx.sub.take();
                    ctx.reset();
                    ctx.sub = sub;
                    ctx.name = Some(Located::new(*line, text.clone()));
                    continue;
                }
                let note = note_at(*line, text, false, &level2, &last_heading, &admonition);
                match current {
                    Some(g) => groups[g].notes.push(note),
                    None => report.notes.push(note),
                }
            }
            Item::ListItem { line, text, .. } => {
                let lower = text.to_ascii_lowercase();
                if setup == Setup::Engines {
                    let (name, version) = match text.split_once(':') {
                        Some((n, v)) => (n.trim(), v.trim()),
                        None => match text.rsplit_once(' ') {
                            Some((n, v)) => (n.trim(), v.trim()),
                            None => (text.as_str(), ""),
                        },
                    };
                    report.engines.push(Engine {
                        line: *line,
                        name: name.to_owned(),
                        version: version.to_owned(),
                    });
                    continue;
                }
                if setup == Setup::Datasets {
                    if let Some(p) = dataset_item(text, *line) {
                        report.profiles.push(p);
                    }
                    continue;
                }
                if let Some(rest) = crate::offsets::strip_prefix_ignore_case(text, PROFILE_ITEM) {
                    let name = rest.trim().trim_matches('`').trim();
                    ctx.profile_ref = Some(Located::new(*line, name));
                    continue;
                }
                if lower.starts_with(SUMMARY_ITEM) {
                    if let Some(g) = current {
                        groups[g].sentences.push(Located::new(*line, text.clone()));
                    }
                    continue;
                }
                if lower.contains(PARAMS_ITEM) {
                    continue; // its fence carries the parameters
                }
                let note = note_at(*line, text, true, &level2, &last_heading, &admonition);
                match current {
                    Some(g) => groups[g].notes.push(note),
                    None => report.notes.push(note),
                }
            }
            Item::Admonition { indent, kind, .. } => {
                admonition = Some((*indent, kind.clone()));
            }
            Item::TableRow { line, raw, cells } => {
                let row = Row {
                    line: *line,
                    raw: raw.clone(),
                    cells: cells.clone(),
                };
                match table.as_mut() {
                    Some((_, t)) => t.rows.push(row),
                    None => {
                        table = Some((
                            current,
                            Table {
                                header: row,
                                rows: Vec::new(),
                            },
                        ))
                    }
                }
            }
            Item::Fence(fence) => {
                let inside: Vec<usize> = (0..blocks.len())
                    .filter(|&b| blocks[b].line > fence.line && blocks[b].line <= fence.end_line)
                    .collect();
                // A caption paragraph (`**Benchmark result**`, `Backend parameters:`) says
                // what a fence holds where the report has no admonition or list item.
                let caption = caption_of(items, idx).map(|(_, c)| c);
                let admonition = fence
                    .admonition
                    .clone()
                    .or_else(|| caption.clone())
                    .unwrap_or_default();
                let adm_lower = admonition.to_ascii_lowercase();
                let is_result = !inside.is_empty() || adm_lower.contains(RESULT_ADMONITION);
                if fence.body.iter().any(|(_, l)| l.contains("dataset_name:")) {
                    let name = last_heading
                        .as_ref()
                        .map_or(String::new(), |h| h.text.clone());
                    let params = yaml_params(fence);
                    let total_requests = params
                        .iter()
                        .find(|(k, _)| k == "total_requests")
                        .and_then(|(_, v)| v.parse().ok());
                    let len = |key: &str| {
                        params
                            .iter()
                            .find(|(k, _)| k == key)
                            .and_then(|(_, v)| v.parse().ok())
                    };
                    report.profiles.push(Profile {
                        line: last_heading.as_ref().map_or(fence.line, |h| h.line),
                        name,
                        input_len: len("dataset_input_tokens"),
                        output_len: len("dataset_output_tokens"),
                        params,
                        total_requests,
                    });
                    continue;
                }
                if is_result {
                    for &b in &inside {
                        blocks_used[b] = true;
                    }
                    label_blocks(fence, &inside, &mut blocks);
                    let group = match current {
                        Some(g) => g,
                        None => {
                            implicit_group(&mut groups, &mut current, level2.as_ref(), fence.line)
                        }
                    };
                    let role =
                        Role::of(&admonition).or_else(|| ctx.params.last().and_then(|(r, _)| *r));
                    let empty = inside.is_empty().then(|| empty_text(fence));
                    if let Some(e) = &empty {
                        report.empty_results.push(e.clone());
                    }
                    slots.push(Slot {
                        group,
                        sub: ctx.sub.clone(),
                        name: ctx.name.clone(),
                        role,
                        profile_ref: ctx.profile_ref.clone(),
                        params: ctx.params_for(role),
                        blocks: inside,
                        empty,
                    });
                    continue;
                }
                let item = fence.item.clone().or(caption);
                let item_lower = item.clone().unwrap_or_default().to_ascii_lowercase();
                let is_script = SCRIPT_ADMONITION.iter().any(|w| adm_lower.contains(w));
                if item_lower.contains(PARAMS_ITEM) || is_script {
                    let params = params_of(fence);
                    if let Some(cmd) = &params.command {
                        if let Some(model) = served_model(&cmd.text) {
                            report.served.push(Served {
                                line: cmd.line,
                                model,
                            });
                        }
                    }
                    if current.is_none() && is_script {
                        if report.recommended.is_none() {
                            report.recommended = Some(params);
                        }
                        continue;
                    }
                    let role =
                        Role::of(item.as_deref().unwrap_or("")).or_else(|| Role::of(&admonition));
                    ctx.params.push((role, params));
                } else {
                    let mut note = note_at(
                        fence.line,
                        &fence.text(),
                        false,
                        &level2,
                        &last_heading,
                        &None,
                    );
                    note.admonition = fence.admonition.clone();
                    report.other_fences.push(note);
                }
            }
        }
    }
    flush_table(&mut table, &mut groups, &mut conclusion_tables);

    // Blocks outside any fence (a report pasted as plain text) are slots of their own.
    for b in 0..blocks.len() {
        if !blocks_used[b] {
            let before = groups.iter().rposition(|g| g.line < blocks[b].line);
            let group = match before {
                Some(g) => g,
                None => {
                    groups.push(Group {
                        line: blocks[b].line,
                        ..Group::default()
                    });
                    groups.len() - 1
                }
            };
            slots.push(Slot {
                group,
                sub: None,
                name: None,
                role: None,
                profile_ref: None,
                params: None,
                blocks: vec![b],
                empty: None,
            });
        }
    }

    report.conclusion = conclusion_tables.into_iter().next();
    report.baseline_engine = report
        .conclusion
        .as_ref()
        .and_then(|t| baseline_engine(&t.header));
    report.blocks = blocks;
    assemble(&mut report, groups, slots);
    report.notes.sort_by_key(|n| n.line);
    report
}

/// The caption of the fence at `items[at]`: the paragraph just above it (at most one blank
/// line between) that names what the fence holds; its line and text without emphasis.
fn caption_of(items: &[Item], at: usize) -> Option<(u64, String)> {
    let Some(Item::Fence(fence)) = items.get(at) else {
        return None;
    };
    let Some(Item::Text { line, text, .. }) = at.checked_sub(1).and_then(|i| items.get(i)) else {
        return None;
    };
    let plain = text.replace("**", "");
    let lower = plain.to_ascii_lowercase();
    let names = lower.contains(PARAMS_ITEM)
        || lower.contains(RESULT_ADMONITION)
        || SCRIPT_ADMONITION.iter().any(|w| lower.contains(w));
    (fence.line <= line + 2 && names && plain.chars().count() <= MAX_NAME_LEN)
        .then(|| (*line, plain.trim().trim_end_matches(':').to_owned()))
}

fn note_at(
    line: u64,
    text: &str,
    item: bool,
    level2: &Option<Located>,
    heading: &Option<Located>,
    admonition: &Option<(usize, String)>,
) -> Note {
    Note {
        line,
        text: text.to_owned(),
        section: level2.as_ref().map_or(String::new(), |h| h.text.clone()),
        heading: heading.as_ref().map_or(String::new(), |h| h.text.clone()),
        admonition: admonition.as_ref().map(|(_, k)| k.clone()),
        item,
    }
}

fn implicit_group(
    groups: &mut Vec<Group>,
    current: &mut Option<usize>,
    level2: Option<&Located>,
    line: u64,
) -> usize {
    let (line, title) = level2.map_or((line, String::new()), |h| (h.line, h.text.clone()));
    groups.push(Group {
        line,
        title,
        ..Group::default()
    });
    *current = Some(groups.len() - 1);
    groups.len() - 1
}

/// A block's label is the last `# comment` above it inside its fence, below the block
/// before it.
fn label_blocks(fence: &Fence, inside: &[usize], blocks: &mut [Block]) {
    let mut after = fence.line;
    for &b in inside {
        let label = fence
            .body
            .iter()
            .rfind(|(l, t)| *l > after && *l < blocks[b].line && t.trim_start().starts_with('#'))
            .map(|(l, t)| (*l, t.trim_start().trim_start_matches('#').trim().to_owned()))
            .filter(|(_, t)| !t.is_empty());
        blocks[b].label_line = label.as_ref().map(|(l, _)| *l);
        blocks[b].label = label.map(|(_, t)| t);
        after = blocks[b].end_line;
    }
}

/// What a result fence without numbers says instead (`Crash, not supported ...`).
fn empty_text(fence: &Fence) -> Located {
    let first = fence.body.iter().find(|(_, t)| !t.trim().is_empty());
    match first {
        Some((line, t)) => Located::new(*line, t.trim().trim_start_matches('#').trim()),
        None => Located::new(fence.line, ""),
    }
}

/// `baseline (vLLM without any optimizations)` → `vLLM`.
fn baseline_engine(header: &Row) -> Option<String> {
    header.cells.iter().find_map(|c| {
        let lower = c.text.to_ascii_lowercase();
        let at = lower.find(BASELINE)?;
        let rest = &c.text[at + BASELINE.len()..];
        let inner = rest.trim_start().strip_prefix('(')?;
        let engine = inner.split_whitespace().next()?.trim_end_matches(')');
        (!engine.is_empty()).then(|| engine.to_owned())
    })
}

/// Groups slots into experiments (variants by heading or name paragraph) and cases
/// (baseline and optimized slots, paired by profile label).
fn assemble(report: &mut Report, groups: Vec<Group>, slots: Vec<Slot>) {
    for (gi, group) in groups.into_iter().enumerate() {
        let mine: Vec<&Slot> = slots.iter().filter(|s| s.group == gi).collect();
        if mine.is_empty() {
            // A section without results (the method, a summary table) keeps its prose.
            report.notes.extend(group.notes);
            if !group.tables.is_empty() && report.summary.is_none() {
                report.summary = group.tables.into_iter().next();
            }
            continue;
        }
        if mine.iter().any(|s| s.role.is_some()) {
            add_cases(report, &group, &mine);
            continue;
        }
        let mut exp = Experiment {
            line: group.line,
            title: group.title.clone(),
            variants: Vec::new(),
            sentences: group.sentences,
            notes: group.notes,
        };
        for slot in mine {
            let (line, name) = match (&slot.name, &slot.sub) {
                (Some(n), _) => (n.line, n.text.clone()),
                (None, Some(s)) => (s.line, s.text.clone()),
                (None, None) => (group.line, group.title.clone()),
            };
            let existing = exp
                .variants
                .iter()
                .position(|v| v.line == line && v.name == name);
            let v = match existing {
                Some(v) => v,
                None => {
                    let profile = slot
                        .profile_ref
                        .as_ref()
                        .and_then(|p| report.profile_by_name(&p.text));
                    exp.variants.push(Variant {
                        line,
                        name,
                        profile,
                        profile_ref: slot.profile_ref.clone(),
                        params: slot.params.clone(),
                        blocks: Vec::new(),
                        empty: None,
                    });
                    exp.variants.len() - 1
                }
            };
            exp.variants[v].blocks.extend(&slot.blocks);
            if slot.empty.is_some() {
                exp.variants[v].empty = slot.empty.clone();
            }
        }
        report.experiments.push(exp);
    }
}

fn add_cases(report: &mut Report, group: &Group, slots: &[&Slot]) {
    for slot in slots {
        let Some(role) = slot.role else { continue };
        // One case per labelled block; a fence of one unlabelled block is the case its
        // heading names.
        let mut entries: Vec<(Located, Option<usize>)> = Vec::new();
        if slot.blocks.is_empty() {
            let label = slot
                .sub
                .clone()
                .unwrap_or_else(|| Located::new(group.line, group.title.clone()));
            entries.push((label, None));
        }
        for &b in &slot.blocks {
            let block = &report.blocks[b];
            let label = match (&block.label, &slot.sub) {
                (Some(l), _) if slot.blocks.len() > 1 || slot.sub.is_none() => {
                    Located::new(block.label_line.unwrap_or(block.line), l.clone())
                }
                (_, Some(s)) => s.clone(),
                (Some(l), None) => Located::new(block.label_line.unwrap_or(block.line), l.clone()),
                (None, None) => Located::new(group.line, group.title.clone()),
            };
            entries.push((label, Some(b)));
        }
        for (label, block) in entries {
            let side = CaseSide {
                block,
                params: slot.params.clone(),
                empty: if block.is_none() {
                    slot.empty.clone()
                } else {
                    None
                },
            };
            let key = normalize_name(&label.text);
            let at = report
                .cases
                .iter()
                .position(|c| normalize_name(&c.label) == key);
            let case = match at {
                Some(c) => &mut report.cases[c],
                None => {
                    let profile = report.profile_of_label(&label.text);
                    report.cases.push(Case {
                        line: label.line,
                        label: label.text.clone(),
                        profile,
                        baseline: None,
                        optimized: None,
                    });
                    let last = report.cases.len() - 1;
                    &mut report.cases[last]
                }
            };
            match role {
                Role::Baseline => case.baseline = Some(side),
                Role::Optimized => case.optimized = Some(side),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn served_models_from_commands() {
        assert_eq!(
            served_model("vllm serve Qwen/Qwen3.5-9B \\").as_deref(),
            Some("Qwen/Qwen3.5-9B")
        );
        assert_eq!(
            served_model("python -m sglang.launch_server --model-path=org/M --tp 2").as_deref(),
            Some("org/M")
        );
        assert_eq!(
            served_model("vllm bench serve --model X").as_deref(),
            Some("X")
        );
        assert_eq!(
            served_model("trtllm-serve Qwen/Qwen3-14B --tp_size 1").as_deref(),
            Some("Qwen/Qwen3-14B")
        );
        assert_eq!(served_model("ls -l"), None);
    }

    #[test]
    fn args_split_on_flags() {
        assert_eq!(
            split_args(&["-tp", "2", "--enable-prefix-caching", "--x=1"]),
            ["-tp 2", "--enable-prefix-caching", "--x=1"]
        );
    }

    #[test]
    fn dataset_items_give_lengths() {
        let p = dataset_item("Very long prompt: 32000 input tokens, 100 output tokens", 3).unwrap();
        assert_eq!(p.name, "Very long prompt");
        assert_eq!((p.input_len, p.output_len), (Some(32000.0), Some(100.0)));
        assert_eq!(dataset_item("ShareGPT", 1).unwrap().input_len, None);
        assert!(dataset_item("Random dataset with varying sequence lengths:", 2).is_none());
    }

    #[test]
    fn label_numbers_read_k_suffixes() {
        assert_eq!(
            label_numbers("random 32K input"),
            vec![vec![32000.0, 32768.0]]
        );
        assert_eq!(label_numbers("ShareGPT batch size 4"), vec![vec![4.0]]);
    }
}
