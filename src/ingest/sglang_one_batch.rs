//! SGLang `python -m sglang.bench_one_batch` (`python/sglang/bench_one_batch.py`): one
//! static batch run through the model without a server, for every batch size × input
//! length × output length of its command line (`itertools.product`, in that order).
//!
//! Its console, found anywhere in a file (`latency_test_run_once`):
//!
//! ```text
//! Warmup ...
//! Prefill. latency: 0.37333 s, throughput:  21943.23 token/s
//! Decode 0. Batch size: 32, latency: 0.01433 s, throughput:   2232.98 token/s   (before 2025: `Decode.  latency: …`)
//! Decode.  median latency: 0.00976 s, median throughput:   3280.16 token/s
//! Total. latency:  0.446 s, throughput:  18928.16 token/s
//! Benchmark ...
//! ```
//!
//! A block from `Prefill.` to `Total.` is a run of format `sglang-one-batch-text`,
//! `precision` `rounded`; a block before a `Benchmark ...` line is the warm-up and is not
//! (`latency_test` runs one first, shorter). `skipping (bs, il, ol) due to max batch size
//! limit` takes a combination without a block. The `--result-filename` JSONL
//! (`result.jsonl`, appended) holds one object per measured block at full precision:
//! format `sglang-one-batch-jsonl`.
//!
//! What the numbers are: the prefill's latency and `input_len · batch_size / latency`
//! (`prefill_throughput`), each decode step's latency (one token for every sequence: a time
//! per output token) and the median of them (`median_tpot_ms`) with
//! `batch_size / median latency` (`decode_throughput`), then the whole block's latency
//! (`duration`) and `(input_len + output_len) · batch_size / latency`
//! (`total_token_throughput`). `batch_size` sequences are sent at once (`num_prompts`,
//! `max_concurrency`). The console names neither the model nor the lengths; the command
//! line above it does (`--model-path`/`--model`, `--batch-size`, `--input-len`,
//! `--output-len` and argparse's prefixes of them, `--tp-size`/`--tp`). The JSONL names the
//! lengths and `run_name`, not the model.

use serde_json::{Map, Value as Json};

use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use super::text::{parse_printed, Printed};
use crate::model::{Format, Run};

const COMMAND: &str = "sglang.bench_one_batch";

pub struct SglangOneBatchTextReader;

impl Reader for SglangOneBatchTextReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::SglangOneBatchText]
    }

    fn read(&self, source: &Source) -> ReadResult {
        if memchr::memmem::find(source.text.as_bytes(), b"Prefill. latency:").is_none() {
            return Ok(None);
        }
        let mut scan = Scan::default();
        let mut offset = 0;
        let lines: Vec<(usize, &str)> = source
            .text
            .split_inclusive('\n')
            .map(|l| {
                let at = offset;
                offset += l.len();
                (at, l.trim())
            })
            .collect();
        let mut i = 0;
        while i < lines.len() {
            let (at, line) = lines[i];
            let number = source.line_of(at);
            if line.contains(COMMAND) && !line.contains("latency") {
                // The command and its `\`-continued lines.
                let mut words = String::new();
                let mut j = i;
                loop {
                    let part = lines[j].1;
                    words.push(' ');
                    words.push_str(part.trim_end_matches('\\'));
                    if !part.ends_with('\\') || j + 1 == lines.len() {
                        break;
                    }
                    j += 1;
                }
                scan.command(Command::parse(&words));
                i = j + 1;
                continue;
            }
            scan.line(line, number)?;
            i += 1;
        }
        let runs = scan.finish();
        Ok((!runs.is_empty()).then_some(Parsed {
            runs,
            warnings: Vec::new(),
        }))
    }
}

/// What a command line says of the batches it runs.
#[derive(Default, Clone)]
struct Command {
    model: Option<String>,
    batch_sizes: Vec<f64>,
    input_lens: Vec<f64>,
    output_lens: Vec<f64>,
    tp: Option<f64>,
    run_name: Option<String>,
}

impl Command {
    fn parse(words: &str) -> Command {
        let mut cmd = Command::default();
        let tokens: Vec<&str> = words.split_whitespace().collect();
        let mut k = 0;
        while k < tokens.len() {
            let (flag, inline) = match tokens[k].split_once('=') {
                Some((f, v)) if tokens[k].starts_with("--") => (f, Some(v)),
                _ => (tokens[k], None),
            };
            let mut values: Vec<&str> = inline.into_iter().collect();
            let mut next = k + 1;
            if inline.is_none() {
                while next < tokens.len() && !tokens[next].starts_with("--") {
                    values.push(tokens[next]);
                    next += 1;
                }
            }
            let nums = || {
                values
                    .iter()
                    .filter_map(|v| v.parse::<f64>().ok())
                    .collect()
            };
            // argparse takes an unambiguous prefix of a long option.
            let is =
                |name: &str, shortest: &str| flag.starts_with(shortest) && name.starts_with(flag);
            if flag == "--model" || is("--model-path", "--model-p") {
                cmd.model = values.first().map(|v| (*v).to_owned());
            } else if is("--batch-size", "--batch") {
                cmd.batch_sizes = nums();
            } else if is("--input-len", "--input") {
                cmd.input_lens = nums();
            } else if is("--output-len", "--output") {
                cmd.output_lens = nums();
            } else if flag == "--tp" || is("--tp-size", "--tp-") {
                cmd.tp = values.first().and_then(|v| v.parse().ok());
            } else if is("--run-name", "--run-") {
                cmd.run_name = values.first().map(|v| (*v).to_owned());
            }
            k = next.max(k + 1);
        }
        cmd
    }

    /// The (batch size, input length, output length) combinations in the order run.
    fn combinations(&self) -> Vec<[Option<f64>; 3]> {
        let list = |v: &Vec<f64>| -> Vec<Option<f64>> {
            if v.is_empty() {
                vec![None]
            } else {
                v.iter().copied().map(Some).collect()
            }
        };
        let mut out = Vec::new();
        for b in list(&self.batch_sizes) {
            for i in list(&self.input_lens) {
                for o in list(&self.output_lens) {
                    out.push([b, i, o]);
                }
            }
        }
        out
    }
}

/// One `Prefill.` … `Total.` block.
#[derive(Default)]
struct Block {
    line: u64,
    prefill: Option<(f64, f64)>,
    median: Option<(f64, f64)>,
    total: Option<(f64, f64)>,
    batch_size: Option<f64>,
}

/// The blocks of each command, the warm-ups left out.
#[derive(Default)]
struct Scan {
    /// Per command: its line's facts, its measured blocks and the combinations skipped
    /// before each.
    groups: Vec<(Command, Vec<(Block, usize)>)>,
    open: Option<Block>,
    /// Blocks since the last `Benchmark ...` (a later one makes them warm-ups).
    since_benchmark: usize,
    skipped: usize,
}

impl Scan {
    fn group(&mut self) -> &mut (Command, Vec<(Block, usize)>) {
        if self.groups.is_empty() {
            self.groups.push((Command::default(), Vec::new()));
        }
        self.groups.last_mut().expect("one group")
    }

    fn command(&mut self, cmd: Command) {
        self.groups.push((cmd, Vec::new()));
        self.since_benchmark = 0;
        self.skipped = 0;
    }

    fn line(&mut self, line: &str, number: u64) -> Result<(), ParseError> {
        if line.starts_with("Benchmark ...") {
            let since = self.since_benchmark;
            let group = self.group();
            let keep = group.1.len() - since.min(group.1.len());
            group.1.truncate(keep);
            self.since_benchmark = 0;
            self.open = None;
            return Ok(());
        }
        if line.starts_with("skipping (") && line.contains("max batch size") {
            self.skipped += 1;
            return Ok(());
        }
        if let Some(rest) = line.strip_prefix("Prefill. latency:") {
            self.open = Some(Block {
                line: number,
                prefill: Some(pair(rest, number)?),
                ..Block::default()
            });
            return Ok(());
        }
        let Some(block) = self.open.as_mut() else {
            return Ok(());
        };
        if let Some(rest) = line.strip_prefix("Decode.  median latency:") {
            block.median = Some(pair(rest, number)?);
        } else if let Some(rest) = line.strip_prefix("Total. latency:") {
            block.total = Some(pair(rest, number)?);
            let block = self.open.take().expect("an open block");
            let skipped = std::mem::take(&mut self.skipped);
            self.group().1.push((block, skipped));
            self.since_benchmark += 1;
        } else if let Some(bs) = line
            .strip_prefix("Decode ")
            .and_then(|r| r.split_once("Batch size:"))
            .and_then(|(_, r)| r.split(',').next())
            .and_then(|v| v.trim().parse::<f64>().ok())
        {
            block.batch_size = Some(bs);
        }
        Ok(())
    }

    fn finish(self) -> Vec<Run> {
        let mut runs = Vec::new();
        for (cmd, blocks) in self.groups {
            let combos = cmd.combinations();
            let mut k = 0;
            for (block, skipped) in blocks {
                k += skipped;
                // One combination: every block is a run of it (a note's variants of one
                // command); several: the blocks follow them in order.
                let combo = if combos.len() == 1 {
                    combos[0]
                } else {
                    combos.get(k).copied().unwrap_or([None; 3])
                };
                k += 1;
                runs.push(block_run(&cmd, &block, combo));
            }
        }
        runs
    }
}

/// `0.19635 s, throughput:    651.90 token/s` → (0.19635, 651.9).
fn pair(rest: &str, line: u64) -> Result<(f64, f64), ParseError> {
    let mut numbers = rest
        .split([',', ':'])
        .map(|part| {
            part.trim()
                .trim_end_matches("token/s")
                .trim_end_matches(" s")
                .trim()
        })
        .filter_map(|part| match parse_printed(part) {
            Printed::Num(v) => Some(v),
            _ => None,
        });
    match (numbers.next(), numbers.next()) {
        (Some(a), Some(b)) => Ok((a, b)),
        _ => Err(ParseError::new(
            Some(line),
            crate::msg!(
                "ingest-expect-number-for",
                label = "latency",
                found = rest.trim()
            ),
        )),
    }
}

fn block_run(cmd: &Command, block: &Block, [bs, il, ol]: [Option<f64>; 3]) -> Run {
    let mut run = Run::new(Format::SglangOneBatchText, Some(block.line));
    run.set_text("precision", "rounded");
    let mut extra = Map::new();
    if let Some((latency, throughput)) = block.prefill {
        run.set_num("prefill_throughput", throughput);
        extra.insert("prefill_latency_s".into(), Json::from(latency));
    }
    if let Some((latency, throughput)) = block.median {
        run.set_num("median_tpot_ms", latency * 1000.0);
        run.set_num("decode_throughput", throughput);
    }
    if let Some((latency, throughput)) = block.total {
        run.set_num("duration", latency);
        run.set_num("total_token_throughput", throughput);
    }
    set_batch(&mut run, block.batch_size.or(bs), il, ol);
    if let Some(m) = &cmd.model {
        run.set_text("model_id", m.as_str());
    }
    if let Some(name) = &cmd.run_name {
        run.set_text("label", name.as_str());
    }
    run.set_opt("tensor_parallel_size", cmd.tp);
    run.set_text("engine", "sglang");
    run.set_text("extra", Json::Object(extra).to_string());
    run
}

fn set_batch(run: &mut Run, bs: Option<f64>, il: Option<f64>, ol: Option<f64>) {
    if let Some(b) = bs {
        run.set_num("num_prompts", b);
        run.set_num("max_concurrency", b);
        run.set_text("load_type", "concurrent");
        run.set_num("load_value", b);
    }
    run.set_opt("input_len", il);
    run.set_opt("output_len", ol);
}

/// `--result-filename` (default `result.jsonl`): one `json.dumps(measurement_results)` per
/// line, appended run after run.
pub struct SglangOneBatchJsonlReader;

const JSONL_KEYS: [&str; 3] = [
    "\"prefill_latency\"",
    "\"median_decode_latency\"",
    "\"overall_throughput\"",
];

impl Reader for SglangOneBatchJsonlReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::SglangOneBatchJsonl]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text.trim_start_matches('\u{feff}');
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        if !first.trim_start().starts_with('{') || !JSONL_KEYS.iter().all(|k| first.contains(k)) {
            return Ok(None);
        }
        let mut parsed = Parsed::default();
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let number = n as u64 + 1;
            let obj: Map<String, Json> = serde_json::from_str(line).map_err(|e| {
                ParseError::new(
                    Some(number),
                    crate::msg!("ingest-expect-sglang-one-batch", error = e.to_string()),
                )
            })?;
            parsed.runs.push(jsonl_run(&obj, number));
        }
        Ok(Some(parsed))
    }
}

fn jsonl_run(obj: &Map<String, Json>, line: u64) -> Run {
    let num = |k: &str| obj.get(k).and_then(Json::as_f64);
    let mut run = Run::new(Format::SglangOneBatchJsonl, Some(line));
    run.set_opt("prefill_throughput", num("prefill_throughput"));
    run.set_opt(
        "median_tpot_ms",
        num("median_decode_latency").map(|s| s * 1000.0),
    );
    run.set_opt("decode_throughput", num("median_decode_throughput"));
    run.set_opt("duration", num("total_latency"));
    run.set_opt("total_token_throughput", num("overall_throughput"));
    set_batch(
        &mut run,
        num("batch_size"),
        num("input_len"),
        num("output_len"),
    );
    if let Some(name) = obj.get("run_name").and_then(Json::as_str) {
        run.set_text("label", name);
    }
    run.set_text("engine", "sglang");
    if let Some(p) = num("prefill_latency") {
        let extra = serde_json::json!({ "prefill_latency_s": p });
        run.set_text("extra", extra.to_string());
    }
    run
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn command_lines_with_argparse_prefixes() {
        let cmd = Command::parse(
            "python3 -m sglang.bench_one_batch --batch-size 1 12 --input 128 --output-len=256 --model deepseek-ai/DeepSeek-R1 --tp 8",
        );
        assert_eq!(cmd.model.as_deref(), Some("deepseek-ai/DeepSeek-R1"));
        assert_eq!(cmd.batch_sizes, [1.0, 12.0]);
        assert_eq!(cmd.input_lens, [128.0]);
        assert_eq!(cmd.output_lens, [256.0]);
        assert_eq!(cmd.tp, Some(8.0));
        assert_eq!(cmd.combinations().len(), 2);
    }

    #[test]
    fn skipped_combinations_keep_the_order() {
        let text = "python -m sglang.bench_one_batch --model-path m --batch-size 1 64 128 --input-len 8 --output-len 4\n\
Benchmark ...\n\
Prefill. latency: 0.01000 s, throughput:    800.00 token/s\n\
Decode.  median latency: 0.00500 s, median throughput:    200.00 token/s\n\
Total. latency:  0.030 s, throughput:    400.00 token/s\n\
skipping (64, 8, 4) due to max batch size limit\n\
Prefill. latency: 0.02000 s, throughput:  51200.00 token/s\n\
Decode.  median latency: 0.00600 s, median throughput:  21333.33 token/s\n\
Total. latency:  0.040 s, throughput:  38400.00 token/s\n";
        let runs = SglangOneBatchTextReader
            .read(&Source::new(Path::new("log"), text))
            .unwrap()
            .unwrap()
            .runs;
        assert_eq!(runs.len(), 2);
        assert_eq!(runs[0].get("num_prompts"), Some(1.0));
        assert_eq!(runs[1].get("num_prompts"), Some(128.0));
        assert_eq!(runs[1].get("median_tpot_ms"), Some(6.0));
    }

    #[test]
    fn jsonl_lines_are_runs() {
        // `json.dumps(measurement_results)` of `latency_test_run_once`.
        let text = "{\"run_name\": \"default\", \"batch_size\": 4, \"input_len\": 1024, \"output_len\": 16, \"prefill_latency\": 0.25, \"prefill_throughput\": 16384.0, \"median_decode_latency\": 0.008, \"median_decode_throughput\": 500.0, \"total_latency\": 0.37, \"overall_throughput\": 11243.24}\n";
        let runs = SglangOneBatchJsonlReader
            .read(&Source::new(Path::new("result.jsonl"), text))
            .unwrap()
            .unwrap()
            .runs;
        assert_eq!(runs.len(), 1);
        assert_eq!(runs[0].get("num_prompts"), Some(4.0));
        assert_eq!(runs[0].get("median_tpot_ms"), Some(8.0));
        assert_eq!(runs[0].text("label"), Some("default"));
    }
}
