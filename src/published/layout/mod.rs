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
//!
//! One file per concept: `names.rs` (normalizing names, label numbers), `command.rs`
//! (serving commands and parameter fences), `setup.rs` (the setup sections: model,
//! hardware, engines, datasets), `facts.rs`, `foreign.rs` and `outline.rs` (documents of
//! any other author: PR threads, cookbook pages), `walk.rs` (the walk over the items), `slots.rs` (what
//! it collects: result slots and their groups), `assemble.rs` (slots into experiments,
//! variants and cases).

mod assemble;
mod command;
mod facts;
mod foreign;
mod names;
mod outline;
mod setup;
mod slots;
#[cfg(test)]
mod tests;
mod walk;

use super::blocks::Block;
use super::markdown::Cell;

pub use command::served_model;
pub(crate) use command::split_args;
pub use facts::engine_of_command;
pub use names::normalize_name;
pub use walk::build;

use names::{label_numbers, stems};

pub(crate) const PARAMS_ITEM: &str = "parameters";
pub(crate) const SCRIPT_ADMONITION: [&str; 2] = ["script", "command"];
pub(crate) const RESULT_ADMONITION: &str = "result";
pub(crate) const BASELINE: &str = "baseline";
pub(crate) const OPTIMIZED: &str = "optimized";
pub(crate) const PROFILE_ITEM: &str = "profile:";
pub(crate) const SUMMARY_ITEM: &str = "summary:";
pub(crate) const RESULT_LINE: &str = "result:";

/// A piece of text and the line it starts on.
#[derive(Debug, Clone, PartialEq)]
pub struct Located {
    pub line: u64,
    pub text: String,
}

impl Located {
    pub(crate) fn new(line: u64, text: impl Into<String>) -> Self {
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
    pub(crate) fn of(title: &str) -> Option<Role> {
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
    /// The fence's text as the report prints it (its indentation removed): what a
    /// recommended serving command is quoted as, byte for byte.
    pub text: String,
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
    /// The engine the commands around the block name, in a document without the
    /// performance-lab layout (which names engines in its own setup section).
    pub engine: Option<String>,
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
    /// The model a document's commands name (its first serving command's, else its first
    /// benchmark command's `--model`), for a document whose lines state none: what
    /// `import` takes as the study's model, and no claim `check` holds the document to.
    pub command_model: Option<Located>,
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
