//! The walk over a report's items, in file order: headings open sections and groups,
//! the setup sections fill the report's setup, list items and paragraphs name profiles,
//! variants and sentences, fences are profiles, parameters, serving scripts or results.
//! Each result fence becomes a slot of its group; `assemble.rs` makes experiments and
//! cases of them. One method per kind of item, the state they share in [`Walk`].

use super::assemble::assemble;
use super::command::{params_of, served_model, yaml_params};
use super::setup::{dataset_item, is_bare_name, setup_of, Setup};
use super::slots::{implicit_group, Context, Group, Slot};
use super::{
    Engine, Located, Note, Profile, Report, Role, Row, Served, Table, BASELINE, PARAMS_ITEM,
    PROFILE_ITEM, RESULT_ADMONITION, RESULT_LINE, SCRIPT_ADMONITION, SUMMARY_ITEM,
};
use crate::published::blocks::Block;
use crate::published::markdown::{Cell, Fence, Item};

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

/// What the walk has seen so far.
struct Walk<'i> {
    items: &'i [Item],
    blocks: Vec<Block>,
    report: Report,
    groups: Vec<Group>,
    slots: Vec<Slot>,
    /// The group (`###` section) the walk is in.
    current: Option<usize>,
    level2: Option<Located>,
    ctx: Context,
    setup: Setup,
    last_heading: Option<Located>,
    /// The table being read, with the group it is in.
    table: Option<(Option<usize>, Table)>,
    conclusion_tables: Vec<Table>,
    blocks_used: Vec<bool>,
    /// The admonition the walk is in: its indentation and kind.
    admonition: Option<(usize, String)>,
}

/// Builds the report from its Markdown items and its blocks (in line order).
pub fn build(items: &[Item], blocks: Vec<Block>) -> Report {
    let mut w = Walk {
        items,
        blocks_used: vec![false; blocks.len()],
        blocks,
        report: Report::default(),
        groups: Vec::new(),
        slots: Vec::new(),
        current: None,
        level2: None,
        ctx: Context::default(),
        setup: Setup::None,
        last_heading: None,
        table: None,
        conclusion_tables: Vec::new(),
        admonition: None,
    };
    for (idx, item) in items.iter().enumerate() {
        if !matches!(item, Item::TableRow { .. }) {
            w.flush_table();
        }
        let indent = match item {
            Item::Text { indent, .. }
            | Item::ListItem { indent, .. }
            | Item::Admonition { indent, .. } => Some(*indent),
            Item::Heading { .. } => Some(0),
            _ => None,
        };
        if let (Some(i), Some((ai, _))) = (indent, &w.admonition) {
            if i <= *ai {
                w.admonition = None;
            }
        }
        match item {
            Item::Heading { line, level, title } => w.heading(*line, *level, title),
            Item::Text { line, text, .. } => w.text(idx, *line, text),
            Item::ListItem { line, text, .. } => w.list_item(*line, text),
            Item::Admonition { indent, kind, .. } => {
                w.admonition = Some((*indent, kind.clone()));
            }
            Item::TableRow { line, raw, cells } => w.table_row(*line, raw, cells),
            Item::Fence(fence) => w.fence(idx, fence),
        }
    }
    w.flush_table();
    let report = w.finish();
    // A document of another author (a PR thread, a cookbook page) has a structure of its
    // own, which the performance-lab layout does not see.
    if report.blocks.is_empty() || super::foreign::is_performance_lab(&report) {
        report
    } else {
        super::foreign::build(items, report)
    }
}

impl Walk<'_> {
    fn flush_table(&mut self) {
        if let Some((group, t)) = self.table.take() {
            match group {
                Some(g) => self.groups[g].tables.push(t),
                None => self.conclusion_tables.push(t),
            }
        }
    }

    fn note(&mut self, note: Note) {
        match self.current {
            Some(g) => self.groups[g].notes.push(note),
            None => self.report.notes.push(note),
        }
    }

    fn heading(&mut self, line: u64, level: usize, title: &str) {
        self.last_heading = Some(Located::new(line, title));
        match level {
            1 => {
                if self.report.title.is_none() {
                    self.report.title = Some(Located::new(line, title));
                }
            }
            2 => {
                self.level2 = Some(Located::new(line, title));
                self.current = None;
                self.ctx.reset();
                self.setup = Setup::None;
            }
            3 => {
                self.groups.push(Group {
                    line,
                    title: title.to_owned(),
                    ..Group::default()
                });
                self.current = Some(self.groups.len() - 1);
                self.ctx.reset();
                self.setup = setup_of(title);
            }
            _ => {
                self.ctx.reset();
                self.ctx.sub = Some(Located::new(line, title));
            }
        }
    }

    fn text(&mut self, idx: usize, line: u64, text: &str) {
        let next_is_admonition = matches!(
            self.items.get(idx + 1),
            Some(Item::Admonition { line: l, .. }) if *l == line + 1
        );
        match self.setup {
            Setup::Model if self.report.model.is_none() => {
                self.report.model = Some(Located::new(line, text));
                return;
            }
            Setup::Hardware if self.report.hardware.is_none() => {
                self.report.hardware = Some(Located::new(line, text));
                return;
            }
            // `### Benchmark Dataset` followed by a bare name (`ShareGPT`): the
            // report's one profile. Sentences there stay notes.
            Setup::Datasets if is_bare_name(text) => {
                if let Some(p) = dataset_item(text, line) {
                    self.report.profiles.push(p);
                    return;
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
            if let Some(g) = self.current {
                self.groups[g].sentences.push(Located::new(line, text));
                return;
            }
        }
        if let Some(rest) = crate::offsets::strip_prefix_ignore_case(&unbold, PROFILE_ITEM) {
            let name = rest.trim().trim_matches('`').trim();
            self.ctx.profile_ref = Some(Located::new(line, name));
            return;
        }
        if caption_of(self.items, idx + 1).is_some_and(|c| c.0 == line) {
            return; // names the fence below it
        }
        if next_is_admonition && text.chars().count() <= MAX_NAME_LEN && self.current.is_some() {
            let sub = self.ctx.sub.take();
            self.ctx.reset();
            self.ctx.sub = sub;
            self.ctx.name = Some(Located::new(line, text));
            return;
        }
        let note = note_at(
            line,
            text,
            false,
            &self.level2,
            &self.last_heading,
            &self.admonition,
        );
        self.note(note);
    }

    fn list_item(&mut self, line: u64, text: &str) {
        let lower = text.to_ascii_lowercase();
        // `### Model` over `- Qwen/Qwen3.5-35B-A3B`: the model given as a list item.
        match self.setup {
            Setup::Model if self.report.model.is_none() => {
                self.report.model = Some(Located::new(line, text));
                return;
            }
            Setup::Hardware if self.report.hardware.is_none() => {
                self.report.hardware = Some(Located::new(line, text));
                return;
            }
            _ => {}
        }
        if self.setup == Setup::Engines {
            let (name, version) = match text.split_once(':') {
                Some((n, v)) => (n.trim(), v.trim()),
                None => match text.rsplit_once(' ') {
                    Some((n, v)) => (n.trim(), v.trim()),
                    None => (text, ""),
                },
            };
            self.report.engines.push(Engine {
                line,
                name: name.to_owned(),
                version: version.to_owned(),
            });
            return;
        }
        if self.setup == Setup::Datasets {
            if let Some(p) = dataset_item(text, line) {
                self.report.profiles.push(p);
            }
            return;
        }
        if let Some(rest) = crate::offsets::strip_prefix_ignore_case(text, PROFILE_ITEM) {
            let name = rest.trim().trim_matches('`').trim();
            self.ctx.profile_ref = Some(Located::new(line, name));
            return;
        }
        if lower.starts_with(SUMMARY_ITEM) {
            if let Some(g) = self.current {
                self.groups[g].sentences.push(Located::new(line, text));
            }
            return;
        }
        if lower.contains(PARAMS_ITEM) {
            return; // its fence carries the parameters
        }
        let note = note_at(
            line,
            text,
            true,
            &self.level2,
            &self.last_heading,
            &self.admonition,
        );
        self.note(note);
    }

    fn table_row(&mut self, line: u64, raw: &str, cells: &[Cell]) {
        let row = Row {
            line,
            raw: raw.to_owned(),
            cells: cells.to_vec(),
        };
        match self.table.as_mut() {
            Some((_, t)) => t.rows.push(row),
            None => {
                self.table = Some((
                    self.current,
                    Table {
                        header: row,
                        rows: Vec::new(),
                    },
                ))
            }
        }
    }

    /// A profile's YAML: `#### ShareGPT` above `dataset_name: ShareGPT`.
    fn profile(&mut self, fence: &Fence) {
        let name = self
            .last_heading
            .as_ref()
            .map_or(String::new(), |h| h.text.clone());
        let params = yaml_params(fence);
        let len = |key: &str| {
            params
                .iter()
                .find(|(k, _)| k == key)
                .and_then(|(_, v)| v.parse().ok())
        };
        let total_requests = len("total_requests");
        self.report.profiles.push(Profile {
            line: self.last_heading.as_ref().map_or(fence.line, |h| h.line),
            name,
            input_len: len("dataset_input_tokens"),
            output_len: len("dataset_output_tokens"),
            total_requests,
            params,
        });
    }

    fn fence(&mut self, idx: usize, fence: &Fence) {
        let inside: Vec<usize> = (0..self.blocks.len())
            .filter(|&b| self.blocks[b].line > fence.line && self.blocks[b].line <= fence.end_line)
            .collect();
        // A caption paragraph (`**Benchmark result**`, `Backend parameters:`) says
        // what a fence holds where the report has no admonition or list item.
        let caption = caption_of(self.items, idx).map(|(_, c)| c);
        let admonition = fence
            .admonition
            .clone()
            .or_else(|| caption.clone())
            .unwrap_or_default();
        let adm_lower = admonition.to_ascii_lowercase();
        let is_result = !inside.is_empty() || adm_lower.contains(RESULT_ADMONITION);
        if fence.body.iter().any(|(_, l)| l.contains("dataset_name:")) {
            self.profile(fence);
            return;
        }
        if is_result {
            self.result(fence, inside, &admonition);
            return;
        }
        let item = fence.item.clone().or(caption);
        let item_lower = item.clone().unwrap_or_default().to_ascii_lowercase();
        let is_script = SCRIPT_ADMONITION.iter().any(|w| adm_lower.contains(w));
        if item_lower.contains(PARAMS_ITEM) || is_script {
            let params = params_of(fence);
            if let Some(cmd) = &params.command {
                if let Some(model) = served_model(&cmd.text) {
                    self.report.served.push(Served {
                        line: cmd.line,
                        model,
                    });
                }
            }
            if self.current.is_none() && is_script {
                if self.report.recommended.is_none() {
                    self.report.recommended = Some(params);
                }
                return;
            }
            let role = Role::of(item.as_deref().unwrap_or("")).or_else(|| Role::of(&admonition));
            self.ctx.params.push((role, params));
        } else {
            let mut note = note_at(
                fence.line,
                &fence.text(),
                false,
                &self.level2,
                &self.last_heading,
                &None,
            );
            note.admonition = fence.admonition.clone();
            self.report.other_fences.push(note);
        }
    }

    /// A result fence: a slot of the current group (or of one the `##` section implies).
    fn result(&mut self, fence: &Fence, inside: Vec<usize>, admonition: &str) {
        for &b in &inside {
            self.blocks_used[b] = true;
        }
        label_blocks(fence, &inside, &mut self.blocks);
        let group = match self.current {
            Some(g) => g,
            None => implicit_group(
                &mut self.groups,
                &mut self.current,
                self.level2.as_ref(),
                fence.line,
            ),
        };
        let role = Role::of(admonition).or_else(|| self.ctx.params.last().and_then(|(r, _)| *r));
        let empty = inside.is_empty().then(|| empty_text(fence));
        if let Some(e) = &empty {
            self.report.empty_results.push(e.clone());
        }
        self.slots.push(Slot {
            group,
            sub: self.ctx.sub.clone(),
            name: self.ctx.name.clone(),
            role,
            profile_ref: self.ctx.profile_ref.clone(),
            params: self.ctx.params_for(role),
            blocks: inside,
            empty,
        });
    }

    fn finish(mut self) -> Report {
        // Blocks outside any fence (a report pasted as plain text) are slots of their own.
        for b in 0..self.blocks.len() {
            if self.blocks_used[b] {
                continue;
            }
            let before = self
                .groups
                .iter()
                .rposition(|g| g.line < self.blocks[b].line);
            let group = match before {
                Some(g) => g,
                None => {
                    self.groups.push(Group {
                        line: self.blocks[b].line,
                        ..Group::default()
                    });
                    self.groups.len() - 1
                }
            };
            self.slots.push(Slot {
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
        let mut report = self.report;
        report.conclusion = self.conclusion_tables.into_iter().next();
        report.baseline_engine = report
            .conclusion
            .as_ref()
            .and_then(|t| baseline_engine(&t.header));
        report.blocks = self.blocks;
        assemble(&mut report, self.groups, self.slots);
        report.notes.sort_by_key(|n| n.line);
        report
    }
}
