//! Where a console's `Namespace(...)` lines apply: each from its line to the next one's,
//! to the runs of that region, and to its "All requests failed." line when no block
//! follows. Only the Namespaces just before a run or a failure line are looked at
//! (a noisy log prints hundreds of thousands); they fill the runs the serving-block
//! reader found (`serve_text.rs`).

use super::super::reader::{Parsed, Source};
use super::{
    derive_failed, parse_args, printed_total_prompts, scan_args, Namespace, OPEN,
    SGLANG_SHARED_PREFIX,
};
use crate::model::{Format, Run};

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
    scan_args(body, b')', |_| {}).then_some(Printed {
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

/// Whether `text` prints a Namespace anywhere (the check [`apply`] starts from).
pub fn any_printed(text: &str) -> bool {
    first_printed(text, 0, text.len()).is_some()
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
///
/// `printed`: whether the text prints a Namespace at all ([`any_printed`]), which the
/// caller may have found beside its own reading of the text.
pub fn apply(source: &Source, parsed: &mut Parsed, printed: bool) {
    let text = source.text;
    if !printed {
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
    use super::super::PyValue;
    use super::*;
    use crate::ingest::serve_text::read_blocks;

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

    /// A run as (line, format, model, num_prompts, completed).
    type ConsoleRun = (
        Option<u64>,
        Format,
        Option<String>,
        Option<f64>,
        Option<f64>,
    );

    /// The runs of a console.
    fn console_runs(text: &str) -> Vec<ConsoleRun> {
        let source = Source::new(std::path::Path::new("console.log"), text);
        let mut parsed = read_blocks(text, 1 << 20).unwrap();
        apply(&source, &mut parsed, any_printed(text));
        parsed
            .runs
            .iter()
            .map(|r| {
                let model = r.text("model_id").map(str::to_owned);
                (
                    r.line,
                    r.format,
                    model,
                    r.get("num_prompts"),
                    r.get("completed"),
                )
            })
            .collect()
    }

    const BLOCK: &str = "============ Serving Benchmark Result ============\nSuccessful requests:                     4\nBenchmark duration (s):                  2.09\n==================================================\n";

    /// The regions of a console as the Namespaces found one by one read them: the ones a
    /// run or a failure line is searched back from are those an eager reading of every
    /// Namespace would apply.
    #[test]
    fn only_the_namespace_of_a_run_s_region_fills_it() {
        let text = [
            "Namespace(model='a', num_prompts=5)\nnoise\nAll requests failed.\n",
            "INFO x Namespace(model='b', num_prompts=6)\nSimpleNamespace(model='no')\n",
            "Namespace(model='cut', num_prompts=9\n",
            BLOCK,
            // Applies to no run: the block after it has one before it in the same region.
            "Namespace(model='c', num_prompts=7)\nAll requests failed.\nAll requests failed.\n",
            BLOCK,
            BLOCK,
            // A failure on a Namespace's line is that Namespace's, and fills nothing.
            "All requests failed. Namespace(model='d', num_prompts=3)\n",
            // Two on one line: the last one's region.
            "benchmark_args=Namespace(model='e', disable_stream=False) Namespace(model='f', num_prompts=2)\n",
            "All requests failed.\n",
            BLOCK,
        ]
        .concat();
        let str = |s: &str| Some(s.to_owned());
        assert_eq!(
            console_runs(&text),
            vec![
                (
                    Some(3),
                    Format::VllmServeText,
                    str("a"),
                    Some(5.0),
                    Some(0.0)
                ),
                (
                    Some(7),
                    Format::VllmServeText,
                    str("b"),
                    Some(6.0),
                    Some(4.0)
                ),
                (
                    Some(14),
                    Format::VllmServeText,
                    str("c"),
                    Some(7.0),
                    Some(4.0)
                ),
                (Some(18), Format::VllmServeText, None, None, Some(4.0)),
                (Some(22), Format::VllmServeText, None, None, Some(0.0)),
                (
                    Some(25),
                    Format::VllmServeText,
                    str("f"),
                    Some(2.0),
                    Some(4.0)
                ),
            ]
        );
    }

    #[test]
    fn a_namespace_cut_short_or_inside_a_word_is_not_read() {
        assert!(find_all("Namespace(model='m', num_prompts=5").is_empty());
        assert!(find_all("SimpleNamespace(model='m')").is_empty());
    }
}
