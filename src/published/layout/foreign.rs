//! Documents that are not performance-lab reports: a pull-request thread, a cookbook page,
//! a benchmark write-up. Their structure is the document's own: one experiment per
//! heading that holds blocks (the whole document when none does), each block one variant,
//! named by its label inside its fence (`# triton`), else by the words above it since the
//! block before (`Main branch (3 trials):`, `**BF16 variant**`), else by its heading or by
//! the model its server serves. The commands around the blocks are read for facts
//! (`facts.rs`): the last serving command above a block gives its variant the engine and
//! the launch flags, the last benchmark command the workload (a profile) and, when no
//! server is shown, the engine; `Model:` lines give the model, else the commands do
//! ([`Report::command_model`](super::Report)). Prose
//! is kept as notes, one per paragraph; HTML comments and rules are not prose, and
//! neither are the lines of a block pasted without a fence.

use super::command::{params_of, served_model};
use super::facts::{
    bench_engine, bench_profile, engine_of_command, is_bench_command, is_serving_command, stated,
};
use super::outline::{is_caption, is_name, merge_siblings, name_of, name_variants};
use super::{Engine, Experiment, Located, Note, Params, Report, Served, Variant};
use crate::model::Format;
use crate::published::markdown::{Fence, Item};

/// Whether the walk found the performance-lab layout: its setup sections, its `Profile:`
/// items, its sentences, its baseline and optimized cases or its conclusion's baseline.
pub(crate) fn is_performance_lab(report: &Report) -> bool {
    !report.engines.is_empty()
        || !report.profiles.is_empty()
        || !report.cases.is_empty()
        || report.baseline_engine.is_some()
        || report
            .experiments
            .iter()
            .any(|e| !e.sentences.is_empty() || e.variants.iter().any(|v| v.profile_ref.is_some()))
}

/// A paragraph being read: consecutive text lines, or one list item.
struct Paragraph {
    line: u64,
    end: u64,
    text: String,
    item: bool,
}

#[derive(Default)]
struct Foreign {
    report: Report,
    heading: Option<Located>,
    /// The headings above, with their levels (the document's title included).
    outline: Vec<(usize, Located)>,
    /// Per experiment, the heading its heading sits under.
    parents: Vec<Option<Located>>,
    paragraph: Option<Paragraph>,
    /// Paragraphs since the block before, in this section: the names a block may take.
    candidates: Vec<Located>,
    serving: Option<(Params, Option<&'static str>)>,
    /// The last benchmark command's engine and profile.
    bench: Option<(Option<&'static str>, Option<usize>)>,
    in_comment: bool,
    last_row: u64,
    stated_model: Option<Located>,
    command_model: Option<Located>,
}

/// The report of a document that is no performance-lab report, from its items and the
/// blocks the walk found (labelled by their fences' comments).
pub(crate) fn build(items: &[Item], walked: Report) -> Report {
    let mut f = Foreign {
        report: Report {
            title: walked.title,
            hardware: walked.hardware,
            blocks: walked.blocks,
            empty_results: walked.empty_results,
            ..Report::default()
        },
        ..Foreign::default()
    };
    let blocks = &f.report.blocks;
    let in_fence = |line: u64| {
        items.iter().any(|i| match i {
            Item::Fence(fence) => line > fence.line && line <= fence.end_line,
            _ => false,
        })
    };
    // Blocks pasted without a fence, whose lines are items of their own.
    let bare: Vec<(usize, u64, u64)> = (0..blocks.len())
        .filter(|&b| !in_fence(blocks[b].line))
        .map(|b| (b, blocks[b].line, blocks[b].end_line))
        .collect();
    let mut next_bare = bare.iter().peekable();
    for item in items {
        while let Some(&&(b, line, _)) = next_bare.peek() {
            if line > item.line() {
                break;
            }
            f.flush(Some((line, true)));
            f.variant(b);
            next_bare.next();
        }
        if bare
            .iter()
            .any(|(_, from, to)| item.line() >= *from && item.line() <= *to)
        {
            continue;
        }
        f.item(item);
    }
    for &(b, line, _) in next_bare {
        f.flush(Some((line, true)));
        f.variant(b);
    }
    f.flush(None);
    f.finish()
}

impl Foreign {
    fn item(&mut self, item: &Item) {
        if self.comment(item) {
            return;
        }
        match item {
            Item::Heading { line, level, title } => {
                self.flush(None);
                let here = Located::new(*line, title.clone());
                self.outline.retain(|(l, _)| l < level);
                self.outline.push((*level, here.clone()));
                if *level >= 2 {
                    self.heading = Some(here);
                    self.candidates.clear();
                }
            }
            Item::Text { line, text, .. } => self.text(*line, text, false),
            Item::ListItem { line, text, .. } => {
                self.flush(None);
                self.text(*line, text, true);
            }
            Item::Admonition { line, title, .. } => {
                self.flush(None);
                self.text(*line, title, false);
            }
            Item::TableRow { line, raw, cells } => {
                self.flush(None);
                let pair = cells.iter().map(|c| c.text.as_str()).collect::<Vec<_>>();
                if !self.fact(*line, &pair.join(" | ")) && self.last_row + 1 != *line {
                    // One note per table, at its first row.
                    self.note(*line, raw.trim(), false);
                }
                self.last_row = *line;
            }
            Item::Fence(fence) => self.fence(fence),
        }
    }

    /// HTML comments (a thread's provenance and authors) are not the document's text.
    fn comment(&mut self, item: &Item) -> bool {
        let text = match item {
            Item::Text { text, .. } | Item::ListItem { text, .. } => text.as_str(),
            Item::Heading { title, .. } => title.as_str(),
            _ => return self.in_comment,
        };
        if self.in_comment {
            self.in_comment = !text.contains("-->");
            return true;
        }
        if text.trim_start().starts_with("<!--") {
            self.flush(None);
            self.in_comment = !text.contains("-->");
            return true;
        }
        false
    }

    /// `Model: X` and `Hardware: Y` lines; true when `text` is one.
    fn fact(&mut self, line: u64, text: &str) -> bool {
        if let Some(m) = stated(text, "model") {
            self.stated_model.get_or_insert(Located::new(line, m));
            return true;
        }
        if let Some(h) = stated(text, "hardware") {
            self.report.hardware.get_or_insert(Located::new(line, h));
            return true;
        }
        false
    }

    fn text(&mut self, line: u64, text: &str, item: bool) {
        let t = text.trim();
        let rule = t.len() >= 3 && t.chars().all(|c| matches!(c, '-' | '=' | '*' | '_'));
        if rule || t.is_empty() || self.fact(line, t) {
            self.flush(None);
            return;
        }
        match self.paragraph.as_mut() {
            Some(p) if !p.item && !item && p.end + 1 == line => {
                p.text.push(' ');
                p.text.push_str(t);
                p.end = line;
            }
            _ => {
                self.flush(None);
                self.paragraph = Some(Paragraph {
                    line,
                    end: line,
                    text: t.to_owned(),
                    item,
                });
            }
        }
    }

    /// Ends the paragraph being read. Just above a fence (`fence`: its line and whether
    /// it holds results) it is that fence's caption: a result's caption may name its
    /// variant, a command's caption (`Benchmark Command:`) is read with the command; any
    /// other paragraph is a note, and may still name the next block.
    fn flush(&mut self, fence: Option<(u64, bool)>) {
        let Some(p) = self.paragraph.take() else {
            return;
        };
        let named = Located::new(p.line, p.text.clone());
        match fence {
            Some((line, true)) if line <= p.end + 2 => self.candidates.push(named),
            // `Benchmark Command:` says what the command is; `On H100:` says more.
            Some((line, false)) if line <= p.end + 2 && !is_name(&name_of(&p.text)) => {}
            _ => {
                self.note(p.line, &p.text, p.item);
                self.candidates.push(named);
            }
        }
    }

    fn note(&mut self, line: u64, text: &str, item: bool) {
        let heading = self
            .heading
            .as_ref()
            .map_or(String::new(), |h| h.text.clone());
        self.report.notes.push(Note {
            line,
            text: text.to_owned(),
            section: heading.clone(),
            heading,
            admonition: None,
            item,
        });
    }

    fn fence(&mut self, fence: &Fence) {
        let holds_block = self
            .report
            .blocks
            .iter()
            .any(|b| b.line > fence.line && b.line <= fence.end_line);
        if holds_block {
            self.flush(Some((fence.line, true)));
            let inside: Vec<usize> = (0..self.report.blocks.len())
                .filter(|&b| {
                    let l = self.report.blocks[b].line;
                    l > fence.line && l <= fence.end_line
                })
                .collect();
            // Every block of the fence is named by the same words above it.
            let candidates = self.candidates.clone();
            for b in inside {
                self.candidates.clone_from(&candidates);
                self.variant(b);
            }
            return;
        }
        // A fence may hold a server's command and a benchmark's, each read for its facts.
        let commands = commands_of(fence);
        let read = |c: &&Fence| {
            let text = joined(c);
            is_serving_command(&text) || is_bench_command(&text)
        };
        if commands.iter().any(|c| read(&c)) {
            self.flush(Some((fence.line, false)));
            for c in &commands {
                self.command(c);
            }
        } else {
            self.flush(None);
            let heading = self
                .heading
                .as_ref()
                .map_or(String::new(), |h| h.text.clone());
            self.report.other_fences.push(Note {
                line: fence.line,
                text: fence.text(),
                section: heading.clone(),
                heading,
                admonition: None,
                item: false,
            });
        }
    }

    /// A serving or a benchmark command's facts.
    fn command(&mut self, fence: &Fence) {
        let command = joined(fence);
        let line = fence.body.first().map_or(fence.line, |(l, _)| *l);
        if is_serving_command(&command) {
            let params = params_of(fence);
            if let Some(model) = served_model(&command) {
                let at = params.command.as_ref().map_or(line, |c| c.line);
                self.report.served.push(Served {
                    line: at,
                    model: model.clone(),
                });
                self.command_model.get_or_insert(Located::new(at, model));
            }
            self.serving = Some((params, engine_of_command(&command)));
        } else if is_bench_command(&command) {
            let profile = bench_profile(&command, line).map(|p| self.profile(p));
            if let Some(model) = served_model(&command) {
                self.command_model.get_or_insert(Located::new(line, model));
            }
            self.bench = Some((bench_engine(&command), profile));
        }
    }

    /// The profile's index, the same workload asked again being the same profile.
    fn profile(&mut self, mut p: super::Profile) -> usize {
        let profiles = &mut self.report.profiles;
        if let Some(i) = profiles.iter().position(|q| q.params == p.params) {
            return i;
        }
        let base = p.name.clone();
        let mut n = 2;
        while profiles.iter().any(|q| q.name == p.name) {
            p.name = format!("{base} #{n}");
            n += 1;
        }
        profiles.push(p);
        profiles.len() - 1
    }

    /// Block `b` as a variant of the experiment of its heading.
    fn variant(&mut self, b: usize) {
        let (line, title) = self
            .heading
            .as_ref()
            .map_or((0, String::new()), |h| (h.line, h.text.clone()));
        let e = match self.report.experiments.iter().position(|e| e.line == line) {
            Some(e) => e,
            None => {
                self.report.experiments.push(Experiment {
                    line,
                    title,
                    variants: Vec::new(),
                    sentences: Vec::new(),
                    notes: Vec::new(),
                });
                let parent = self.outline.iter().rev().nth(1).map(|(_, h)| h.clone());
                self.parents.push(parent);
                self.report.experiments.len() - 1
            }
        };
        let block = &self.report.blocks[b];
        let label = block
            .label
            .as_ref()
            .map(|l| Located::new(block.label_line.unwrap_or(block.line), l.clone()));
        let block_line = block.line;
        let format_engine = engine_of_format(block.run.format);
        // The nearest words above, past captions (`Test Results:`); a statement there
        // (`P99 E2E: 41.49s vs 70.96s`) names nothing, nor do the words above it.
        let caption = self
            .candidates
            .iter()
            .rev()
            .map(|c| Located::new(c.line, name_of(&c.text)))
            .find(|c| !is_caption(&c.text))
            .filter(|c| is_name(&c.text));
        self.candidates.clear();
        let name = label.or(caption);
        if let Some(n) = &name {
            // The paragraph names the variant: it is read, not lost.
            self.report.notes.retain(|note| note.line != n.line);
        }
        let (profile, bench_engine) = match self.bench {
            Some((engine, profile)) => (profile, engine),
            None => (None, None),
        };
        let engine = self
            .serving
            .as_ref()
            .and_then(|(_, e)| *e)
            .or(bench_engine)
            .or(format_engine);
        let profile_ref = profile.map(|p| {
            let p = &self.report.profiles[p];
            Located::new(p.line, p.name.clone())
        });
        let params = self.serving.as_ref().map(|(p, _)| p.clone());
        self.report.experiments[e].variants.push(Variant {
            line: name.as_ref().map_or(block_line, |n| n.line),
            name: name.map_or(String::new(), |n| n.text),
            profile,
            profile_ref,
            params,
            blocks: vec![b],
            empty: None,
            engine: engine.map(str::to_owned),
        });
    }

    fn finish(mut self) -> Report {
        self.report.experiments = merge_siblings(
            std::mem::take(&mut self.report.experiments),
            std::mem::take(&mut self.parents),
        );
        let report = &mut self.report;
        name_variants(&mut report.experiments);
        for exp in &report.experiments {
            for v in &exp.variants {
                let Some(engine) = &v.engine else { continue };
                if report.engines.iter().all(|e| &e.name != engine) {
                    report.engines.push(Engine {
                        line: v.line,
                        name: engine.clone(),
                        version: String::new(),
                    });
                }
            }
        }
        report.model = self.stated_model;
        report.command_model = self.command_model;
        self.report
    }
}

/// The commands of a fence, each a fence of its own lines: a line ending in `\\`
/// continues on the next.
fn commands_of(fence: &Fence) -> Vec<Fence> {
    let mut out: Vec<Fence> = Vec::new();
    let mut open = false;
    for (line, text) in &fence.body {
        let t = text.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        match out.last_mut() {
            Some(c) if open => {
                c.body.push((*line, text.clone()));
                c.end_line = *line;
            }
            _ => out.push(Fence {
                line: *line,
                end_line: *line,
                lang: fence.lang.clone(),
                body: vec![(*line, text.clone())],
                admonition: None,
                item: None,
            }),
        }
        open = t.ends_with('\\');
    }
    out
}

/// A command's lines as one line.
fn joined(fence: &Fence) -> String {
    let lines: Vec<&str> = fence
        .body
        .iter()
        .map(|(_, l)| l.trim().trim_end_matches('\\').trim())
        .collect();
    lines.join(" ")
}

/// The engine whose client printed a block, when no command says more.
fn engine_of_format(format: Format) -> Option<&'static str> {
    match format {
        Format::SglangServeText | Format::SglangServeJsonl => Some("SGLang"),
        Format::VllmServeText
        | Format::VllmServeJson
        | Format::VllmThroughputText
        | Format::VllmThroughputJson
        | Format::VllmLatencyText
        | Format::VllmLatencyJson => Some("vLLM"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::published::read_report;

    #[test]
    fn a_fence_of_a_server_and_a_benchmark_gives_both_their_facts() {
        let text = "Kernel v2:\n\n```bash\nvllm serve org/M --tensor-parallel-size 2 \\\n  --max-num-seqs 256\nvllm bench serve --model org/M --dataset-name random --random-input-len 512 --random-output-len 128 --num-prompts 100\n```\n\n```\n============ Serving Benchmark Result ============\nSuccessful requests:                     100\nBenchmark duration (s):                  5.78\nTotal Token throughput (tok/s):          619.85\n==================================================\n```\n";
        let report = read_report(std::path::Path::new("m.md"), text)
            .unwrap()
            .report;
        assert_eq!(report.model, None);
        assert_eq!(
            report.command_model.map(|m| m.text).as_deref(),
            Some("org/M")
        );
        let v = &report.experiments[0].variants[0];
        assert_eq!(v.name, "Kernel v2");
        assert_eq!(v.engine.as_deref(), Some("vLLM"));
        let args = &v.params.as_ref().unwrap().args;
        assert_eq!(args, &["--tensor-parallel-size 2", "--max-num-seqs 256"]);
        assert_eq!(report.profiles[0].name, "random 512/128");
        assert_eq!(v.profile, Some(0));
    }
}
