//! The command line a benchmark client prints as Python's `repr` of its
//! `argparse.Namespace`: `vllm bench serve` and `benchmark_serving.py` print
//! `Namespace(...)` before their runs; SGLang's `bench_serving` prints
//! `benchmark_args=Namespace(...)` and then `Namespace(...)`. They hold what the result
//! block leaves out: the model, the number of prompts asked for, the dataset, the load and
//! the label. Without them a SGLang run whose failures go uncounted (its block prints no
//! failed-requests line and its JSONL keeps no `num_prompts`) reads as a clean run.
//!
//! A console's Namespace applies to the blocks after it, up to the next Namespace.

use std::collections::BTreeMap;

use super::reader::{Parsed, Source};
use crate::model::{Format, Run};

/// A Python value as `repr` prints it, as far as perflab reads it.
#[derive(Debug, Clone, PartialEq)]
pub enum PyValue {
    Str(String),
    Num(f64),
    /// `inf` (an unlimited request rate).
    Inf,
    Bool(bool),
    None,
    /// Lists, dicts, objects: kept as printed.
    Other(String),
}

/// One printed Namespace: its keys and the 0-based byte offset of its line.
#[derive(Debug, Clone)]
pub struct Namespace {
    pub offset: usize,
    pub args: BTreeMap<String, PyValue>,
}

const OPEN: &str = "Namespace(";

/// SGLang's dataset whose request count is not `num_prompts`.
pub const SGLANG_SHARED_PREFIX: &str = "generated-shared-prefix";

/// The count SGLang's generated-shared-prefix dataset prints before its run
/// (`print(f"Total prompts: {len(input_requests)}")`, `generated_shared_prefix.py`), in
/// `text`.
pub fn printed_total_prompts(text: &str) -> Option<f64> {
    let pos = text.rfind("\nTotal prompts:")?;
    let rest = &text[pos + "\nTotal prompts:".len()..];
    let value = rest.lines().next()?.trim();
    value.parse::<u64>().ok().map(|n| n as f64)
}

/// SGLang's `failed`: its block prints no failed-requests line and its result file no
/// error count, but it sends `num_prompts` requests and counts the successful ones, so the
/// rest failed. Only where `failed` is not printed.
pub fn derive_failed(run: &mut Run) {
    if run.values.contains_key("failed") {
        return;
    }
    if let (Some(asked), Some(completed)) = (run.get("num_prompts"), run.get("completed")) {
        if asked >= completed {
            run.set_num("failed", asked - completed);
        }
    }
}

/// Every `Namespace(...)` printed at the start of a line (after a `name=` such as
/// SGLang's `benchmark_args=`, or a log prefix ending in a space), in file order.
#[cfg(test)]
fn find_all(text: &str) -> Vec<Namespace> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(p) = first_printed(text, from, text.len()) {
        from = p.at + OPEN.len();
        found.extend(p.read());
    }
    found
}

/// A `Namespace(...)` line whose arguments close on it, not read yet: a noisy log prints
/// thousands, and building each one's map was most of the time of reading the log, where
/// only the few before a result block are used.
struct Printed<'t> {
    /// Where its line starts: a Namespace applies from its line on.
    offset: usize,
    /// Where its `Namespace(` is: two on one line are told apart by it.
    at: usize,
    body: &'t str,
}

impl Printed<'_> {
    fn read(&self) -> Option<Namespace> {
        Some(Namespace {
            offset: self.offset,
            args: parse_args(self.body)?,
        })
    }
}

/// The Namespace whose `Namespace(` is at byte `pos` of `text`, if it is printed at the
/// start of a line and its arguments close on that line.
fn printed_at(text: &str, pos: usize) -> Option<Printed<'_>> {
    let bytes = text.as_bytes();
    let line_start = memchr::memrchr(b'\n', &bytes[..pos]).map_or(0, |i| i + 1);
    let before = &text[line_start..pos];
    // `benchmark_args=Namespace(`, `INFO ... Namespace(`, or the line's start; not a
    // word that ends in `Namespace` (`SimpleNamespace(`).
    let ok = before.is_empty()
        || before.ends_with('=')
        || before.ends_with(' ')
        || before.ends_with('`');
    if !ok {
        return None;
    }
    let body_start = pos + OPEN.len();
    let line_end =
        memchr::memchr(b'\n', &bytes[body_start..]).map_or(text.len(), |i| body_start + i);
    let body = &text[body_start..line_end];
    scan_args(body, |_| {}).then_some(Printed {
        offset: line_start,
        at: pos,
        body,
    })
}

/// The searcher of [`OPEN`], built once.
fn open() -> &'static memchr::memmem::Finder<'static> {
    static FINDER: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(OPEN.as_bytes()));
    &FINDER
}

/// The first Namespace whose `Namespace(` starts in `from..to`; `to` is a line's start or
/// end, so no `Namespace(` crosses it.
fn first_printed(text: &str, from: usize, to: usize) -> Option<Printed<'_>> {
    open()
        .find_iter(&text.as_bytes()[from..to])
        .find_map(|i| printed_at(text, from + i))
}

/// The last Namespace whose `Namespace(` starts in `from..to` (as [`first_printed`]):
/// searched backwards from `to`, so the one just before a block is found without
/// looking at the thousands before it.
fn last_printed(text: &str, from: usize, to: usize) -> Option<Printed<'_>> {
    static FINDER: std::sync::LazyLock<memchr::memmem::FinderRev<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::FinderRev::new(OPEN.as_bytes()));
    FINDER
        .rfind_iter(&text.as_bytes()[from..to])
        .find_map(|i| printed_at(text, from + i))
}

/// Where line `n`'s line end is: the `\n` at or after `offset`, or the text's end.
fn line_end(text: &str, offset: usize) -> usize {
    memchr::memchr(b'\n', &text.as_bytes()[offset..]).map_or(text.len(), |i| offset + i)
}

/// The `key=value, ...` items up to the closing parenthesis; `None` when the line ends
/// before it (a Namespace cut short is not read).
fn parse_args(body: &str) -> Option<BTreeMap<String, PyValue>> {
    let mut args = BTreeMap::new();
    scan_args(body, |item| push_item(item, &mut args)).then_some(args)
}

/// Gives each top-level `key=value` item of `body` to `item`, up to the closing
/// parenthesis; whether the line held it.
fn scan_args<'b>(body: &'b str, mut item: impl FnMut(&'b str)) -> bool {
    let bytes = body.as_bytes();
    let mut depth = 0i32;
    let mut quote: Option<u8> = None;
    let mut item_start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if let Some(q) = quote {
            if c == b'\\' {
                i += 2;
                continue;
            }
            if c == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        match c {
            b'\'' | b'"' => quote = Some(c),
            b'(' | b'[' | b'{' | b'<' => depth += 1,
            b')' if depth == 0 => {
                item(&body[item_start..i]);
                return true;
            }
            b')' | b']' | b'}' | b'>' => depth = (depth - 1).max(0),
            b',' if depth == 0 => {
                item(&body[item_start..i]);
                item_start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    false
}

fn push_item(item: &str, args: &mut BTreeMap<String, PyValue>) {
    let Some((key, value)) = item.split_once('=') else {
        return;
    };
    let key = key.trim();
    if key.is_empty() || !key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return;
    }
    args.insert(key.to_owned(), value_of(value.trim()));
}

fn value_of(raw: &str) -> PyValue {
    match raw {
        "None" => return PyValue::None,
        "True" => return PyValue::Bool(true),
        "False" => return PyValue::Bool(false),
        "inf" => return PyValue::Inf,
        _ => {}
    }
    let b = raw.as_bytes();
    if b.len() >= 2 && (b[0] == b'\'' || b[0] == b'"') && b[b.len() - 1] == b[0] {
        return PyValue::Str(unescape(&raw[1..raw.len() - 1]));
    }
    match raw.parse::<f64>() {
        Ok(v) if v.is_finite() => PyValue::Num(v),
        _ => PyValue::Other(raw.to_owned()),
    }
}

/// Python's escapes in a `repr` string that a model name or label may hold.
fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

impl Namespace {
    fn str(&self, key: &str) -> Option<&str> {
        match self.args.get(key) {
            Some(PyValue::Str(s)) if !s.is_empty() => Some(s),
            _ => None,
        }
    }

    fn num(&self, key: &str) -> Option<f64> {
        match self.args.get(key) {
            Some(PyValue::Num(v)) => Some(*v),
            // `random_range_ratio='0.0'`: vLLM's argparse keeps some numbers as strings.
            Some(PyValue::Str(s)) => s.parse().ok().filter(|v: &f64| v.is_finite()),
            _ => None,
        }
    }

    fn bool(&self, key: &str) -> Option<bool> {
        match self.args.get(key) {
            Some(PyValue::Bool(b)) => Some(*b),
            _ => None,
        }
    }

    /// SGLang's `bench_serving` arguments (vLLM's have none of these keys).
    pub fn is_sglang(&self) -> bool {
        ["disable_stream", "warmup_requests", "output_details"]
            .iter()
            .any(|k| self.args.contains_key(*k))
    }

    /// Fills the columns a run lacks from the command line: what the block printed wins.
    pub fn fill(&self, run: &mut Run) {
        let sglang = matches!(
            run.format,
            Format::SglangServeText | Format::SglangServeJsonl
        );
        let set_text = |run: &mut Run, col: &'static str, v: Option<&str>| {
            if let Some(v) = v {
                if !run.values.contains_key(col) {
                    run.set_text(col, v);
                }
            }
        };
        // SGLang sends `served_model_name` as the request's model when it is set; vLLM's
        // result file names `model` (its `model_id`), and so does its run here.
        let model = if sglang {
            self.str("served_model_name").or(self.str("model"))
        } else {
            self.str("model")
        };
        set_text(run, "model_id", model);
        set_text(run, "backend", self.str("backend"));
        // vLLM's `--label`, SGLang's `--tag`: the same user's name of the run.
        set_text(run, "label", self.str("label").or(self.str("tag")));
        let dataset = self.str("dataset_name");
        set_text(run, "dataset", dataset);
        set_text(run, "endpoint", self.str("endpoint"));
        let set_num = |run: &mut Run, col: &'static str, v: Option<f64>| {
            if let Some(v) = v {
                if !run.values.contains_key(col) {
                    run.set_num(col, v);
                }
            }
        };
        // Every dataset of both clients sends `num_prompts` requests but SGLang's
        // generated-shared-prefix, which sends groups × prompts per group and ignores
        // `num_prompts` (its default, 1000, is printed all the same): its count is the
        // `Total prompts:` line it prints ([`printed_total_prompts`]).
        if dataset != Some(SGLANG_SHARED_PREFIX) {
            set_num(run, "num_prompts", self.num("num_prompts"));
        }
        // The random dataset's lengths are the requested lengths only for a random run
        // (both clients keep them whatever the dataset).
        if dataset.is_some_and(|d| d.starts_with("random")) {
            set_num(run, "input_len", self.num("random_input_len"));
            set_num(run, "output_len", self.num("random_output_len"));
            set_num(run, "random_range_ratio", self.num("random_range_ratio"));
        }
        set_num(run, "max_concurrency", self.num("max_concurrency"));
        if !run.values.contains_key("request_rate") {
            match self.args.get("request_rate") {
                Some(PyValue::Num(v)) => run.set_num("request_rate", *v),
                Some(PyValue::Inf) => run.set_opt("request_rate", None),
                _ => {}
            }
        }
        // SGLang's `--disable-stream`, vLLM's `--no-stream`.
        let no_stream = self.bool("disable_stream").or(self.bool("no_stream"));
        set_num(run, "streaming", no_stream.map(|n| f64::from(u8::from(!n))));
    }
}

/// What `calculate_metrics` of both clients warns when no request succeeded (vLLM then
/// prints its block of zeros; SGLang fails on its empty percentiles, with no block).
const ALL_FAILED: &str = "All requests failed.";

/// The searcher of [`ALL_FAILED`], built once: a region per Namespace is searched, and
/// building the searcher each time was a twentieth of reading a noisy log.
fn all_failed() -> &'static memchr::memmem::Finder<'static> {
    static FINDER: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(ALL_FAILED.as_bytes()));
    &FINDER
}

/// Completes a console's runs from the command lines printed before them, and adds the run
/// whose every request failed where the client printed no block for it.
///
/// A Namespace's region runs from its line to the next Namespace's. Only the Namespaces
/// just before a run or an "All requests failed." line are looked at, found by searching
/// back from there: a noisy log prints hundreds of thousands, and checking each one and
/// numbering its line was most of the time of reading the log.
pub fn apply(source: &Source, parsed: &mut Parsed) {
    let text = source.text;
    if first_printed(text, 0, text.len()).is_none() {
        return;
    }
    add_all_failed(source, parsed);
    parsed.runs.sort_by_key(|r| r.line);
    let mut starts = LineStarts::new(text);
    // The end of the previous run's line: a Namespace fills a run only when it is printed
    // after the run before.
    let mut after_previous = 0;
    for run in parsed.runs.iter_mut() {
        let Some(line) = run.line else { continue };
        let start = starts.start_of(line);
        let from = after_previous.min(start);
        after_previous = (line_end(text, start) + 1).min(text.len());
        let Some(printed) = last_printed(text, from, start) else {
            continue;
        };
        // A Namespace printed on the run's own line starts the next region there, and the
        // run's line is in no region.
        if first_printed(text, start, line_end(text, start)).is_some() {
            continue;
        }
        let Some(ns) = printed.read() else { continue };
        ns.fill(run);
        if !matches!(run.format, Format::SglangServeText) {
            continue;
        }
        if run.text("dataset") == Some(SGLANG_SHARED_PREFIX)
            && !run.values.contains_key("num_prompts")
        {
            let region_end =
                first_printed(text, start, text.len()).map_or(text.len(), |n| n.offset);
            if let Some(n) = printed_total_prompts(&text[ns.offset..region_end]) {
                run.set_num("num_prompts", n);
            }
        }
        derive_failed(run);
    }
}

/// A run with `completed` 0 for each region that holds an "All requests failed." line but
/// no run: vLLM prints that warning before its block of zeros, SGLang before failing with
/// no block. The run is at the first such line of its region.
fn add_all_failed(source: &Source, parsed: &mut Parsed) {
    let text = source.text;
    let mut failures = all_failed().find_iter(text.as_bytes()).peekable();
    if failures.peek().is_none() {
        return;
    }
    let mut starts = LineStarts::new(text);
    let mut run_starts: Vec<usize> = Vec::with_capacity(parsed.runs.len());
    let mut lines: Vec<u64> = parsed.runs.iter().filter_map(|r| r.line).collect();
    lines.sort_unstable();
    run_starts.extend(lines.into_iter().map(|l| starts.start_of(l)));
    // The Namespace of the last failure's region and where the search for it stopped,
    // so that each byte is searched once however many failures a log prints.
    let mut region: Option<Printed> = None;
    let mut searched = 0;
    let mut done: Option<usize> = None;
    let mut added = Vec::new();
    for at in failures {
        // The region holding `at` is that of the last Namespace printed on its line or
        // before it.
        let end = line_end(text, at);
        if end > searched {
            if let Some(p) = last_printed(text, searched, end) {
                region = Some(p);
            }
            searched = end;
        }
        let Some(ns) = &region else { continue };
        if done == Some(ns.at) {
            continue;
        }
        done = Some(ns.at);
        let next = first_printed(text, end, text.len()).map(|n| n.offset);
        let first_run = run_starts.partition_point(|&s| s <= ns.offset);
        if run_starts
            .get(first_run)
            .is_some_and(|&s| next.is_none_or(|next| s < next))
        {
            continue;
        }
        let format = if ns.read().is_some_and(|n| n.is_sglang()) {
            Format::SglangServeText
        } else {
            Format::VllmServeText
        };
        let mut run = Run::new(format, Some(source.line_of(at)));
        run.set_num("completed", 0.0);
        added.push(run);
    }
    parsed.runs.extend(added);
}

/// The byte offsets where lines start, asked for in increasing order: a run knows its
/// line, and the Namespace before it is searched for from that line's start.
struct LineStarts<'t> {
    bytes: &'t [u8],
    /// Line `line` starts at `offset`.
    offset: usize,
    line: u64,
}

impl<'t> LineStarts<'t> {
    /// Lines are counted a slice at a time (memchr's count) and walked one by one only in
    /// the slice that holds the one asked for.
    const SLICE: usize = 64 << 10;

    fn new(text: &'t str) -> Self {
        LineStarts {
            bytes: text.as_bytes(),
            offset: 0,
            line: 1,
        }
    }

    /// The start of 1-based line `line` (the text's end past its last line).
    fn start_of(&mut self, line: u64) -> usize {
        if line < self.line {
            (self.offset, self.line) = (0, 1);
        }
        while self.line < line && self.offset < self.bytes.len() {
            let end = (self.offset + Self::SLICE).min(self.bytes.len());
            let slice = &self.bytes[self.offset..end];
            let newlines = memchr::memchr_iter(b'\n', slice).count() as u64;
            let need = line - self.line;
            if newlines < need {
                self.offset = end;
                self.line += newlines;
                continue;
            }
            let skip = usize::try_from(need - 1).unwrap_or(usize::MAX);
            let Some(i) = memchr::memchr_iter(b'\n', slice).nth(skip) else {
                break; // counted above: never
            };
            self.offset += i + 1;
            self.line = line;
        }
        self.offset
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_values_a_namespace_prints() {
        let text = "x\nbenchmark_args=Namespace(backend='vllm', model='m', served_model_name=None, num_prompts=50, request_rate=inf, f=<function a.b at 0x7f>, g=[('ttft', 25.0), ('e2el', 80.0)], d={(1, 2): 0.5}, s='a, b=c', tag='it\\'s', disable_stream=False)\n";
        let ns = find_all(text);
        assert_eq!(ns.len(), 1);
        let a = &ns[0].args;
        assert_eq!(ns[0].offset, 2);
        assert_eq!(a["backend"], PyValue::Str("vllm".into()));
        assert_eq!(a["served_model_name"], PyValue::None);
        assert_eq!(a["num_prompts"], PyValue::Num(50.0));
        assert_eq!(a["request_rate"], PyValue::Inf);
        assert_eq!(a["s"], PyValue::Str("a, b=c".into()));
        assert_eq!(a["tag"], PyValue::Str("it's".into()));
        assert_eq!(a["disable_stream"], PyValue::Bool(false));
        assert!(matches!(a["g"], PyValue::Other(_)));
        assert!(ns[0].is_sglang());
    }

    #[test]
    fn a_namespace_cut_short_or_inside_a_word_is_not_read() {
        assert!(find_all("Namespace(model='m', num_prompts=5").is_empty());
        assert!(find_all("SimpleNamespace(model='m')").is_empty());
    }
}
