//! The command line a benchmark client prints as Python's `repr` of its
//! `argparse.Namespace`: `vllm bench serve` and `benchmark_serving.py` print
//! `Namespace(...)` before their runs; SGLang's `bench_serving` prints
//! `benchmark_args=Namespace(...)` and then `Namespace(...)`. They hold what the result
//! block leaves out: the model, the number of prompts asked for, the dataset, the load and
//! the label. Without them a SGLang run whose failures go uncounted (its block prints no
//! failed-requests line and its JSONL keeps no `num_prompts`) reads as a clean run.
//!
//! A console's Namespace applies to the blocks after it, up to the next Namespace
//! (`regions.rs`). This module reads one: its values, and the columns they fill.

mod regions;

use std::collections::BTreeMap;

use crate::model::{Format, Run};

pub use regions::{any_printed, apply};

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

/// The `key=value, ...` items up to the closing parenthesis; `None` when the line ends
/// before it (a Namespace cut short is not read).
pub(super) fn parse_args(body: &str) -> Option<BTreeMap<String, PyValue>> {
    let mut args = BTreeMap::new();
    scan_args(body, b')', |item| push_item(item, &mut args)).then_some(args)
}

/// Gives each top-level `key=value` item of `body` to `item`, up to the closing
/// parenthesis (`close`: `)`, or `}` for a dict); whether the line held it.
pub(super) fn scan_args<'b>(body: &'b str, close: u8, mut item: impl FnMut(&'b str)) -> bool {
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
            c if c == close && depth == 0 => {
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

pub(super) fn value_of(raw: &str) -> PyValue {
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
