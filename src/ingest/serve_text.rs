//! The `Serving Benchmark Result` block printed by `vllm bench serve` (and
//! `benchmark_serving.py` before it), by SGLang's `bench_serving`, and by GPUStack's
//! rendering of guidellm data in vLLM's layout.
//!
//! The block is `label: value` lines between a `==== Serving Benchmark Result ====`
//! header and a line of `=`, with `----Section----` rules in between. It is found anywhere
//! in a file: the header's leading text (indentation, `# `, `> `) is the prefix stripped
//! from every line of the block. Labels changed across versions (`Total Token throughput`
//! → `Total token throughput`, SGLang's `Total throughput`), so labels map to canonical
//! columns through one table, case-insensitively. Distribution lines are
//! `<Stat> <Metric> (<unit>)` with any percentile; values in seconds become milliseconds.

use std::ops::Range;
use std::sync::LazyLock;

use aho_corasick::{AhoCorasick, MatchKind};

use super::reader::{ParseError, Parsed, ReadResult, Reader, Source, Warning};
use super::serve_labels::{split_unit, target_of, Target, SGLANG_ONLY};
use super::split::{self, Scanned};
use super::text::{parse_printed, strip_prefix, LineCounter, Printed};

use crate::model::{Format, Run, SortMemo, UnsortedValues, Value};

/// The phrase of a block's header line (`==== Serving Benchmark Result ====`).
pub const HEADER: &str = "Serving Benchmark Result";

pub struct ServeTextReader;

/// A text is cut into chunks of about this many bytes, read on every core (`split.rs`):
/// enough blocks per chunk that a chunk's setup does not count.
const CHUNK_BYTES: usize = 2 << 20;

impl Reader for ServeTextReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::VllmServeText, Format::SglangServeText]
    }

    fn read(&self, source: &Source) -> ReadResult {
        // Whether a Namespace is printed at all is searched beside the blocks' chunks: in
        // a large log that prints none it was a pass of its own after them.
        let (parsed, printed) = rayon::join(
            || read_blocks(source.text, CHUNK_BYTES),
            || super::namespace::any_printed(source.text),
        );
        let mut parsed = parsed?;
        // The model, the requests asked for and the load, from the command line the
        // client printed; and the runs whose every request failed without a block.
        super::namespace::apply(source, &mut parsed, printed);
        Ok((!parsed.runs.is_empty() || !parsed.warnings.is_empty()).then_some(parsed))
    }
}

/// The runs and warnings of every block in `text`, read in chunks of about `chunk_bytes`
/// on every core (the same runs, in the same order, as one pass).
pub(super) fn read_blocks(text: &str, chunk_bytes: usize) -> Result<Parsed, ParseError> {
    let chunks = split::scan_in_chunks(text, HEADER, chunk_bytes, |range, lines, not_before| {
        scan(text, range, lines, not_before)
    })?;
    let mut parsed = Parsed {
        runs: Vec::with_capacity(chunks.iter().map(|c| c.runs.len()).sum()),
        warnings: Vec::new(),
    };
    for chunk in chunks {
        parsed.runs.extend(chunk.runs);
        parsed.warnings.extend(chunk.warnings);
    }
    Ok(parsed)
}

/// The blocks anchored in `range` of `text`, none starting before `not_before`; with
/// where the last of them ended. A block may run past the range's end.
fn scan(
    text: &str,
    range: Range<usize>,
    lines: &LineCounter,
    not_before: usize,
) -> Result<Scanned<Parsed>, ParseError> {
    let mut parsed = Parsed::default();
    let mut next_allowed = not_before;
    let mut labels = Labels::default();
    // One search for both starts of a block, resumed after each block read, so the
    // text between blocks is searched once and a block's own lines not at all (the
    // `Successful requests:` line after a header is part of the header's block). No
    // anchor holds a line end, so no hit crosses the range's ends or a block's end,
    // which are line starts.
    let mut at = range.start;
    while at < range.end {
        let input = aho_corasick::Input::new(text.as_bytes()).range(at..range.end);
        let Some(hit) = anchors().find(input) else {
            break;
        };
        at = hit.end();
        let pos = hit.start();
        if pos < next_allowed {
            at = at.max(next_allowed);
            continue;
        }
        let start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
        let headerless = hit.pattern().as_usize() == 1;
        let (block, body_start) = if headerless {
            // A block pasted without its header (a report that cut it off): its
            // first line, preceded by nothing but indentation or `#`/`>` marks.
            let prefix = &text[start..pos];
            if !prefix.trim_start_matches([' ', '\t', '#', '>']).is_empty() {
                continue;
            }
            (
                BlockParser::headerless(prefix, lines.line_of(text, start)),
                start,
            )
        } else {
            let line_text = &text[start..];
            let line_text = &line_text[..line_text.find('\n').unwrap_or(line_text.len())];
            let Some(prefix_end) = line_text.find('=') else {
                continue; // the phrase in prose, not a block header
            };
            if !line_text[prefix_end..].trim_end().ends_with('=') {
                continue;
            }
            let prefix = &line_text[..prefix_end];
            let block = BlockParser::new(prefix, lines.line_of(text, start));
            (block, start + line_text.len())
        };
        let block = block.parse(text, body_start, &mut labels)?;
        next_allowed = block.end;
        at = at.max(next_allowed);
        if let Some(newlines) = block.newlines_before_end {
            // The block's lines are counted: the next block's line is counted from here.
            lines.passed(block.end, newlines);
        }
        if headerless {
            // A lone `Successful requests:` line in other output is not a result.
            if let Some(run) = block.run.filter(|_| block.values >= MIN_HEADERLESS_VALUES) {
                parsed.runs.push(run);
                parsed.warnings.extend(block.unknown);
            }
            continue;
        }
        parsed.warnings.extend(block.unknown);
        parsed.warnings.extend(block.truncated);
        if let Some(run) = block.run {
            parsed.runs.push(run);
        }
    }
    Ok(Scanned {
        found: parsed,
        end: next_allowed,
    })
}

/// The header of a block, and its first line for blocks pasted without their header.
fn anchors() -> &'static AhoCorasick {
    static ANCHORS: LazyLock<AhoCorasick> = LazyLock::new(|| {
        AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostFirst)
            .build([HEADER, FIRST_LABEL])
            .expect("two literal patterns always build")
    });
    &ANCHORS
}

/// The first line of a block.
const FIRST_LABEL: &str = "Successful requests:";

/// Values a block without its header must hold to count as one.
const MIN_HEADERLESS_VALUES: usize = 5;

/// What one block gave.
struct Block {
    /// The run, when any known value was read.
    run: Option<Run>,
    /// How many known values it holds.
    values: usize,
    /// Byte offset where the block ended.
    end: usize,
    /// The newlines before `end`, when the block ended at its closing rule.
    newlines_before_end: Option<u64>,
    /// A warning per label no column knows (their values went to `extra`).
    unknown: Vec<Warning>,
    /// The block was cut short before its closing rule.
    truncated: Option<Warning>,
}

/// What a label means, resolved once: lower-casing a label and matching it against every
/// spelling was most of a value's cost in a file of back-to-back blocks.
#[derive(Clone)]
struct Label {
    target: Target,
    /// The label is SGLang's.
    sglang: bool,
    /// `Position N` of a per-position list.
    position: bool,
    /// The unit is seconds (values become milliseconds).
    seconds: bool,
}

impl Label {
    fn resolve(name: &str, unit: &str) -> Label {
        let lower = name.to_ascii_lowercase();
        Label {
            target: target_of(&lower, unit),
            sglang: SGLANG_ONLY.contains(&lower.as_str()),
            position: lower.starts_with("position "),
            seconds: unit == "s",
        }
    }
}

/// The labels of the last block read, by their line in the block: blocks of one file
/// almost always print the same labels in the same order, so a label is one comparison
/// with the previous block's.
#[derive(Default)]
struct Labels<'t> {
    by_line: Vec<(&'t str, Label)>,
    /// The order of the last block's columns, which sorts the next block's too.
    order: SortMemo,
}

impl<'t> Labels<'t> {
    fn get(&mut self, index: usize, label: &'t str) -> &Label {
        if index >= self.by_line.len() {
            let (name, unit) = split_unit(label);
            self.by_line.push((label, Label::resolve(name, unit)));
            return &self.by_line[self.by_line.len() - 1].1;
        }
        if self.by_line[index].0 != label {
            let (name, unit) = split_unit(label);
            self.by_line[index] = (label, Label::resolve(name, unit));
        }
        &self.by_line[index].1
    }
}

struct BlockParser<'p> {
    prefix: &'p str,
    /// The run's line: its header's, or its first value's when it has no header.
    header_line: u64,
    /// Whether the text to parse starts at the run's line (no header line to skip).
    headerless: bool,
}

/// Ends a per-position list (`Position N:` lines) at the first line after it.
fn finish_positions(got: &mut UnsortedValues, positions: &mut Option<Vec<f64>>) {
    if let Some(list) = positions.take() {
        got.push("spec_decode_per_position_acceptance", Value::list(list));
    }
}

/// A rule of `ch` (`=====`, `-----Section-----`) that opens, divides or closes a block.
pub fn is_rule(line: &str, ch: char) -> bool {
    line.len() >= 10 && line.starts_with(ch) && line.ends_with(ch)
}

impl<'p> BlockParser<'p> {
    fn new(prefix: &'p str, header_line: u64) -> Self {
        BlockParser {
            prefix,
            header_line,
            headerless: false,
        }
    }

    fn headerless(prefix: &'p str, first_line: u64) -> Self {
        BlockParser {
            prefix,
            header_line: first_line,
            headerless: true,
        }
    }

    /// Parses from just after the header line: the run (if any value was read), where the
    /// block ended, and its warnings.
    fn parse<'t>(
        &self,
        text: &'t str,
        body_start: usize,
        labels: &mut Labels<'t>,
    ) -> Result<Block, ParseError> {
        let mut run = Run::new(Format::VllmServeText, Some(self.header_line));
        // Blocks of one text print the same lines: as many values as the last one's.
        let mut got = UnsortedValues::start(&mut labels.order);
        // Labels without a column, as printed: `extra`'s JSON object.
        let mut extra = serde_json::Map::new();
        let mut unknown = Vec::new();
        let mut sglang = false;
        let mut values = 0usize;
        let mut positions: Option<Vec<f64>> = None;
        let mut offset = body_start;
        // The number of the line before the first one parsed.
        let mut line_no = self.header_line - u64::from(self.headerless);
        let mut closed = None;
        let mut label_index = 0usize;
        let mut rest = crate::offsets::tail(text, body_start);
        // Skip the header's own line end.
        if let Some(r) = rest
            .strip_prefix("\r\n")
            .or_else(|| rest.strip_prefix('\n'))
        {
            offset += rest.len() - r.len();
            rest = r;
        }
        while !rest.is_empty() {
            let raw_len = memchr::memchr(b'\n', rest.as_bytes()).map_or(rest.len(), |i| i + 1);
            let raw = &rest[..raw_len];
            line_no += 1;
            let line = strip_prefix(raw.trim_end_matches(['\n', '\r']), self.prefix);
            if is_rule(line, '=') {
                offset += raw_len;
                closed = Some(line_no - 1 + u64::from(raw.ends_with('\n')));
                break;
            }
            if is_rule(line, '-') {
                finish_positions(&mut got, &mut positions);
                offset += raw_len;
                rest = &rest[raw_len..];
                continue;
            }
            let colon = memchr::memchr(b':', line.as_bytes());
            let Some((label, value)) = colon.map(|i| (&line[..i], &line[i + 1..])) else {
                break; // not part of the block: it was cut short
            };
            let known = labels.get(label_index, label);
            label_index += 1;
            if known.position {
                if let Some(list) = positions.as_mut() {
                    match parse_printed(value) {
                        Printed::Num(v) => list.push(v),
                        other => return Err(self.expected_number(line_no, label, value, &other)),
                    }
                    offset += raw_len;
                    rest = &rest[raw_len..];
                    continue;
                }
            }
            finish_positions(&mut got, &mut positions);
            if known.sglang {
                sglang = true;
            }
            let seconds = known.seconds;
            let target = known.target.clone();
            let is_unknown = matches!(target, Target::Unknown);
            match target {
                Target::Num(key) => {
                    match parse_printed(value) {
                        Printed::Num(v) => got.num(key, v),
                        Printed::Missing => got.push(key, Value::Null),
                        other => return Err(self.expected_number(line_no, label, value, &other)),
                    }
                    values += 1;
                }
                Target::Text(key) => {
                    got.push(key, Value::text(value.trim()));
                    values += 1;
                }
                Target::Rate => {
                    match parse_printed(value) {
                        Printed::Num(v) => got.num("request_rate", v),
                        Printed::Missing | Printed::Infinite => {
                            got.push("request_rate", Value::Null)
                        }
                        other => return Err(self.expected_number(line_no, label, value, &other)),
                    }
                    values += 1;
                }
                Target::PositionList => positions = Some(Vec::new()),
                Target::Share(key) => {
                    match parse_printed(value) {
                        Printed::Num(v) => got.num(key, v / 100.0),
                        Printed::Missing => got.push(key, Value::Null),
                        other => return Err(self.expected_number(line_no, label, value, &other)),
                    }
                    values += 1;
                }
                Target::Slos => {
                    // `name:value` pairs, as SGLang joins them (`f"{name}:{slo:g}"`).
                    for pair in value.split_whitespace() {
                        let parsed = pair
                            .split_once(':')
                            .and_then(|(name, v)| Some((name, v.parse::<f64>().ok()?)));
                        let Some((name, v)) = parsed.filter(|(_, v)| v.is_finite()) else {
                            return Err(self.expected_number(
                                line_no,
                                label,
                                pair,
                                &Printed::Word(pair.to_owned()),
                            ));
                        };
                        got.num(format!("goodput_slo_{}_ms", name.to_ascii_lowercase()), v);
                    }
                }
                Target::Distribution(key) => {
                    let scale = if seconds { 1000.0 } else { 1.0 };
                    match parse_printed(value) {
                        Printed::Num(v) => got.num(key, v * scale),
                        Printed::Missing => got.push(key, Value::Null),
                        other => return Err(self.expected_number(line_no, label, value, &other)),
                    }
                    values += 1;
                }
                Target::Extra | Target::Unknown => {
                    let (label, value) = (label.trim(), value.trim());
                    if is_unknown {
                        unknown.push(Warning {
                            line: Some(line_no),
                            message: crate::msg!(
                                "input-unknown-label",
                                label = label,
                                value = value
                            ),
                        });
                    }
                    extra.insert(label.to_owned(), serde_json::Value::from(value));
                }
            }
            offset += raw_len;
            rest = &rest[raw_len..];
        }
        finish_positions(&mut got, &mut positions);
        if sglang {
            run.format = Format::SglangServeText;
        }
        if !extra.is_empty() {
            got.push(
                "extra",
                Value::text(serde_json::Value::Object(extra).to_string()),
            );
        }
        run.values = got.into_values(&mut labels.order);
        let truncated = closed.is_none().then(|| Warning {
            line: Some(line_no),
            message: crate::msg!("ingest-serve-block-truncated", line = self.header_line),
        });
        Ok(Block {
            run: (values > 0).then_some(run),
            values,
            end: offset,
            newlines_before_end: closed,
            unknown,
            truncated,
        })
    }

    fn expected_number(&self, line: u64, label: &str, value: &str, got: &Printed) -> ParseError {
        let what = match got {
            Printed::Infinite => "inf".to_owned(),
            _ => value.trim().to_owned(),
        };
        ParseError::new(
            Some(line),
            crate::msg!(
                "ingest-expect-number-for",
                label = label.trim(),
                found = what
            ),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn read(text: &str) -> Result<Parsed, ParseError> {
        let src = Source::new(Path::new("t.txt"), text);
        ServeTextReader.read(&src).map(Option::unwrap_or_default)
    }

    const BLOCK: &str = "noise\n============ Serving Benchmark Result ============\n\
Successful requests:                     16\n\
Failed requests:                         0\n\
Benchmark duration (s):                  20.87\n\
Total Token throughput (tok/s):          1052.55   \n\
---------------Time to First Token----------------\n\
Mean TTFT (ms):                          2633.55\n\
P99.9 TTFT (ms):                         -0.00\n\
P95 TTFT (ms):                           N/A\n\
==================================================\n";

    #[test]
    fn reads_a_block_inside_noise() {
        let p = read(BLOCK).unwrap();
        assert_eq!(p.runs.len(), 1);
        let r = &p.runs[0];
        assert_eq!(r.line, Some(2));
        assert_eq!(r.format, Format::VllmServeText);
        assert_eq!(r.get("completed"), Some(16.0));
        assert_eq!(r.get("failed"), Some(0.0));
        assert_eq!(r.get("total_token_throughput"), Some(1052.55));
        assert_eq!(r.get("mean_ttft_ms"), Some(2633.55));
        assert_eq!(r.get("p99.9_ttft_ms"), Some(0.0));
        assert_eq!(
            r.values.get("p95_ttft_ms"),
            Some(&crate::model::Value::Null)
        );
        assert!(p.warnings.is_empty());
    }

    #[test]
    fn indented_crlf_and_hash_prefixed_blocks_read_the_same() {
        let indented: String = BLOCK.lines().map(|l| format!("    {l}\r\n")).collect();
        let hashed: String = BLOCK.lines().map(|l| format!("# {l}\n")).collect();
        let plain = read(BLOCK).unwrap().runs;
        assert_eq!(read(&indented).unwrap().runs, plain);
        assert_eq!(read(&hashed).unwrap().runs, plain);
    }

    #[test]
    fn truncated_block_yields_its_run_with_a_warning() {
        let cut = &BLOCK[..BLOCK.find("P99.9").unwrap()];
        let p = read(cut).unwrap();
        assert_eq!(p.runs.len(), 1);
        assert_eq!(p.runs[0].get("mean_ttft_ms"), Some(2633.55));
        assert_eq!(p.warnings.len(), 1);
        assert!(p.warnings[0].message.contains("line 2"));
    }

    #[test]
    fn placeholder_value_is_an_error_naming_the_line() {
        let bad = BLOCK.replace("2633.55", "[result]");
        let e = read(&bad).unwrap_err();
        assert_eq!(e.line, Some(8));
        assert!(e.message.contains("Mean TTFT (ms)"), "{}", e.message);
        assert!(e.message.contains("[result]"));
    }

    #[test]
    fn seconds_become_milliseconds() {
        let t = "==== Serving Benchmark Result ====\nMean Latency(s):   24.11\nP99 Latency(s): N/A\n=================\n";
        let r = &read(t).unwrap().runs[0];
        assert!((r.get("mean_e2el_ms").unwrap() - 24110.0).abs() < 1e-9);
        assert_eq!(
            r.values.get("p99_e2el_ms"),
            Some(&crate::model::Value::Null)
        );
    }

    #[test]
    fn sglang_block_is_recognised_with_its_labels() {
        let t = "============ Serving Benchmark Result ============\n\
Backend:                                 sglang\n\
Traffic request rate:                    inf\n\
Max request concurrency:                 not set\n\
Successful requests:                     4096\n\
Total generated tokens:                  2116125\n\
Total generated tokens (retokenized):    1076256\n\
Total throughput (tok/s):                22916.30\n\
Concurrency:                             251.19\n\
Accept length:                           2.10\n\
Mean E2E Latency (ms):                   11233.74\n\
Max ITL (ms):                            5368.19\n\
==================================================\n";
        let r = &read(t).unwrap().runs[0];
        assert_eq!(r.format, Format::SglangServeText);
        assert_eq!(r.text("backend"), Some("sglang"));
        assert_eq!(
            r.values.get("request_rate"),
            Some(&crate::model::Value::Null)
        );
        assert_eq!(
            r.values.get("max_concurrency"),
            Some(&crate::model::Value::Null)
        );
        assert_eq!(r.get("total_output_tokens"), Some(2116125.0));
        assert_eq!(r.get("total_output_tokens_retokenized"), Some(1076256.0));
        assert_eq!(r.get("total_token_throughput"), Some(22916.30));
        assert_eq!(r.get("concurrency"), Some(251.19));
        assert_eq!(r.get("spec_decode_acceptance_length"), Some(2.10));
        assert_eq!(r.get("mean_e2el_ms"), Some(11233.74));
        assert_eq!(r.get("max_itl_ms"), Some(5368.19));
    }

    #[test]
    fn speculative_section_with_per_position_list() {
        let t = "============ Serving Benchmark Result ============\n\
Successful requests:                     250       \n\
---------------Speculative Decoding---------------\n\
Acceptance rate (%):                     51.47     \n\
Acceptance length:                       2.54      \n\
Drafts:                                  20481     \n\
Per-position acceptance (%):\n\
  Position 0:                            73.59     \n\
  Position 1:                            49.46     \n\
==================================================\n";
        let r = &read(t).unwrap().runs[0];
        assert_eq!(r.get("spec_decode_acceptance_rate"), Some(51.47));
        assert_eq!(r.get("spec_decode_num_drafts"), Some(20481.0));
        assert_eq!(
            r.values.get("spec_decode_per_position_acceptance"),
            Some(&crate::model::Value::list(vec![73.59, 49.46]))
        );
    }

    #[test]
    fn two_blocks_in_one_file() {
        let two = format!("{BLOCK}\nmore noise\n{BLOCK}");
        let p = read(&two).unwrap();
        assert_eq!(p.runs.len(), 2);
        assert_eq!(p.runs[1].line, Some(15)); // 11 lines, a blank, "more noise", "noise", header
    }

    #[test]
    fn a_block_pasted_without_its_header_still_counts() {
        // As in a published report's admonition that lost the header line.
        let headerless = BLOCK
            .replace("============ Serving Benchmark Result ============\n", "")
            .replace('\n', "\n    ");
        let text =
            format!("{BLOCK}\n??? info \"Benchmark result\"\n    ```\n    {headerless}\n    ```\n");
        let p = read(&text).unwrap();
        assert_eq!(p.runs.len(), 2, "{text}");
        let (with, without) = (&p.runs[0], &p.runs[1]);
        // The second block's first value is on its `Successful requests:` line.
        let first = text
            .lines()
            .position(|l| l.trim_start().starts_with("Successful") && l.starts_with("    "))
            .unwrap();
        assert_eq!(without.line, Some(first as u64 + 1));
        assert_eq!(with.values, without.values);
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    }

    #[test]
    fn every_spelling_of_vllm_and_sglang_labels_has_its_column() {
        // From vLLM's benchmark_serving.py / vllm/benchmarks/serve.py and SGLang's
        // bench_serving.py across their versions.
        let t = "============ Serving Benchmark Result ============\n\
Max reqeuest concurrency:                4         \n\
Successful requests:                     10        \n\
Total Token throughput (tok/s):          1.50      \n\
Request rate configured (RPS):           20.00     \n\
Mean Client Queue Time (ms):             3.25      \n\
P99 Client Queue Time (ms):              9.75      \n\
RTFx (Inverse Real-Time Factor):         3.20      \n\
Median probe E2EL (ms):                  40.10     \n\
P99 E2EL incl. Client Queue (ms):        55.00     \n\
Accuracy Rate (%):                       97.50     \n\
==================================================\n";
        let p = read(t).unwrap();
        let r = &p.runs[0];
        assert_eq!(r.get("max_concurrency"), Some(4.0));
        assert_eq!(r.get("total_token_throughput"), Some(1.5));
        assert_eq!(r.get("request_rate"), Some(20.0));
        assert_eq!(r.get("mean_client_queue_time_ms"), Some(3.25));
        assert_eq!(r.get("p99_client_queue_time_ms"), Some(9.75));
        // Printed by the tool but without a column: kept in `extra`, no warning.
        let extra: serde_json::Value = serde_json::from_str(r.text("extra").unwrap()).unwrap();
        assert_eq!(extra["RTFx (Inverse Real-Time Factor)"], "3.20");
        assert_eq!(extra["Median probe E2EL (ms)"], "40.10");
        assert_eq!(extra["P99 E2EL incl. Client Queue (ms)"], "55.00");
        // Unknown: kept too, and a warning at its line.
        assert_eq!(extra["Accuracy Rate (%)"], "97.50");
        assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
        assert_eq!(p.warnings[0].line, Some(11));
        assert!(p.warnings[0].message.contains("Accuracy Rate (%)"));
    }

    #[test]
    fn a_lone_successful_requests_line_is_no_run() {
        let p = read("log: starting\nSuccessful requests: 5\ndone\n").unwrap();
        assert!(p.runs.is_empty());
        // Nor is the phrase inside prose.
        let p =
            read("We saw Successful requests: 1000 and more: 3\nx: 1\ny: 2\nz: 3\nw: 4\n").unwrap();
        assert!(p.runs.is_empty());
    }
}
