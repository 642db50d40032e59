//! The benchmark blocks of a report: each run the ingest readers found, with the text of
//! its block and every value as it was printed (decimals and line), which a claim's
//! rounding needs and the run alone does not keep.

use std::collections::BTreeMap;

use super::number::PrintedNumber;
use crate::ingest::text::{strip_prefix, Lines};
use crate::ingest::{column_of_label, is_rule, Warning, SERVE_BLOCK_HEADER as HEADER};
use crate::model::{Format, Run};

/// A value line of a block.
#[derive(Debug, Clone, PartialEq)]
pub struct PrintedValue {
    /// The label as printed (`Mean TPOT (ms)`).
    pub label: String,
    /// The value as printed (`15.12`, `N/A`).
    pub text: String,
    pub line: u64,
    /// `None` when the tool printed no number (`N/A`).
    pub number: Option<PrintedNumber>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// Line of the block's header (`==== Serving Benchmark Result ====`).
    pub line: u64,
    /// Last line of the block (its closing rule).
    pub end_line: u64,
    pub run: Run,
    /// The block as the tool printed it: header to closing rule, the indentation of the
    /// report removed.
    pub raw: String,
    /// Printed values by canonical column.
    pub printed: BTreeMap<String, PrintedValue>,
    /// The comment above the block inside its fence (`# random 32K input`).
    pub label: Option<String>,
    /// The line of that comment.
    pub label_line: Option<u64>,
}

impl Block {
    /// The value of `key` with the rounding it was printed with. A run from a format
    /// whose printed form is not kept gets the decimals of its shortest decimal form.
    pub fn number(&self, key: &str) -> Option<PrintedNumber> {
        if let Some(p) = self.printed.get(key) {
            return p.number;
        }
        let v = self.run.get(key)?;
        PrintedNumber::measured(&format!("{v}"))
    }

    /// The line where `key` is printed, else the block's line.
    pub fn line_of(&self, key: &str) -> u64 {
        self.printed.get(key).map_or(self.line, |p| p.line)
    }

    /// Values printed as `N/A`, in block order. `inf` is no missing value: vLLM and
    /// SGLang print it for an unlimited request rate (`Traffic request rate: inf`).
    pub fn not_available(&self) -> Vec<&PrintedValue> {
        let mut v: Vec<&PrintedValue> = self
            .printed
            .values()
            .filter(|p| p.number.is_none() && !is_infinite(&p.text))
            .collect();
        v.sort_by_key(|p| p.line);
        v
    }
}

/// A value printed as infinite (`inf`, `+inf`, `Infinity`).
fn is_infinite(text: &str) -> bool {
    let t = text.trim().trim_start_matches('+').to_ascii_lowercase();
    t == "inf" || t == "infinity"
}

/// Every benchmark block of `text`, in line order, with the readers' warnings.
pub fn read_blocks(
    path: &std::path::Path,
    text: &str,
) -> Result<(Vec<Block>, Vec<Warning>), crate::Error> {
    let source = crate::ingest::Source::new(path, text);
    let parsed = crate::ingest::read_source(&source, None)
        .map_err(|e| crate::Error::parse(path, e.line, e.message))?
        .unwrap_or_default();
    let lines = Lines::new(text);
    let mut blocks = Vec::new();
    for (i, mut run) in parsed.runs.into_iter().enumerate() {
        run.source = path.display().to_string();
        run.run_index = i as u32 + 1;
        let Some(line) = run.line else { continue };
        let (raw, printed, end_line) =
            if matches!(run.format, Format::VllmServeText | Format::SglangServeText) {
                printed_values(&lines, line)
            } else {
                (String::new(), BTreeMap::new(), line)
            };
        blocks.push(Block {
            line,
            end_line,
            run,
            raw,
            printed,
            label: None,
            label_line: None,
        });
    }
    blocks.sort_by_key(|b| b.line);
    for i in 0..blocks.len() {
        if matches!(
            blocks[i].run.format,
            Format::VllmThroughputText | Format::VllmLatencyText
        ) {
            let next = blocks.get(i + 1).map_or(u64::MAX, |b| b.line);
            (blocks[i].raw, blocks[i].end_line) = offline_lines(&lines, blocks[i].line, next);
        }
    }
    Ok((blocks, parsed.warnings))
}

/// The lines of an offline benchmark's result (`Throughput: …` or `Avg latency: …`, then
/// its `label: value` lines), up to the next block, without their indentation: what the
/// raw file of the block holds.
fn offline_lines(lines: &Lines, first: u64, next: u64) -> (String, u64) {
    let start = first as usize - 1;
    let head = lines.get(start).unwrap_or("");
    let prefix = &head[..head.len() - head.trim_start().len()];
    let mut raw = String::new();
    let mut end = first;
    for i in start..lines.len() {
        let line_no = i as u64 + 1;
        let line = strip_prefix(lines.get(i).unwrap_or(""), prefix).trim_end();
        if line_no >= next || (line_no > first && (line.trim().is_empty() || !line.contains(':'))) {
            break;
        }
        raw.push_str(line);
        raw.push('\n');
        end = line_no;
    }
    (raw, end)
}

/// Walks a serving block from its header line as `serve_text` reads it: the header's
/// leading text is the prefix of every line; the block ends at its closing `=` rule.
fn printed_values(
    lines: &Lines,
    header_line: u64,
) -> (String, BTreeMap<String, PrintedValue>, u64) {
    let first = header_line as usize - 1;
    let header = lines.get(first).unwrap_or("");
    let mut raw = String::new();
    // A block pasted without its header starts at its first value, after indentation.
    let (prefix, body) = if header.contains(HEADER) {
        let prefix_end = header.find('=').unwrap_or(0);
        raw.push_str(header[prefix_end..].trim_end());
        raw.push('\n');
        (&header[..prefix_end], first + 1)
    } else {
        (&header[..header.len() - header.trim_start().len()], first)
    };
    let mut printed = BTreeMap::new();
    let mut end = header_line;
    for i in body..lines.len() {
        let line = strip_prefix(lines.get(i).unwrap_or(""), prefix);
        let line_no = i as u64 + 1;
        if is_rule(line, '=') {
            raw.push_str(line);
            raw.push('\n');
            end = line_no;
            break;
        }
        if is_rule(line, '-') {
            raw.push_str(line);
            raw.push('\n');
            end = line_no;
            continue;
        }
        let Some((label, value)) = line.split_once(':') else {
            break;
        };
        // Keep the tool's own padding: a raw file must read like the original output.
        let original = lines.get(i).unwrap_or("");
        let kept = original
            .strip_prefix(prefix)
            .unwrap_or(original.trim_start())
            .trim_end();
        raw.push_str(kept);
        raw.push('\n');
        end = line_no;
        let Some((key, scale)) = column_of_label(label) else {
            continue;
        };
        let token = value.split_whitespace().next().unwrap_or("");
        let number = PrintedNumber::measured(token).map(|n| n.scaled(scale));
        printed.insert(
            key,
            PrintedValue {
                label: label.trim().to_owned(),
                text: token.to_owned(),
                line: line_no,
                number,
            },
        );
    }
    (raw, printed, end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn printed_values_keep_decimals_lines_and_na() {
        let text = "x\n    ============ Serving Benchmark Result ============\n    Successful requests:                     514\n    Mean Latency(s):                          11.77\n    P95 TTFT (ms):                           N/A\n    Mean TPOT (ms):                          42.50\n    ==================================================\n";
        let (blocks, warnings) = read_blocks(Path::new("r.md"), text).unwrap();
        assert!(warnings.is_empty());
        let b = &blocks[0];
        assert_eq!((b.line, b.end_line), (2, 7));
        assert_eq!(b.number("completed").unwrap().half_width, 0.0);
        let tpot = b.number("mean_tpot_ms").unwrap();
        assert_eq!((tpot.value, tpot.decimals), (42.5, 2));
        let e2el = b.number("mean_e2el_ms").unwrap();
        assert!((e2el.lo() - 11765.0).abs() < 1e-6);
        assert_eq!(b.line_of("mean_tpot_ms"), 6);
        assert_eq!(b.not_available()[0].label, "P95 TTFT (ms)");
        assert!(is_infinite("inf") && is_infinite("Infinity") && !is_infinite("N/A"));
        assert!(b.raw.starts_with("============ Serving"));
        assert!(b
            .raw
            .contains("\nSuccessful requests:                     514\n"));
    }
}
