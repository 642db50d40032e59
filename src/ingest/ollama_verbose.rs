//! `ollama run --verbose` (or `/set verbose`): the statistics Ollama prints after each
//! response (`api/types.go`, `Metrics.Summary`), found anywhere in a terminal log. One
//! response is one request, so each block is a run of one request, format
//! `ollama-verbose`:
//!
//! ```text
//! total duration:       5.088275983s
//! load duration:        1.365523ms
//! prompt eval count:    11 token(s)
//! prompt eval duration: 204.563ms
//! prompt eval rate:     53.77 tokens/s
//! eval count:           120 token(s)
//! eval duration:        4.876787s
//! eval rate:            24.61 tokens/s
//! ```
//!
//! The numbers are the server's: durations are Go's `time.Duration` (`2m27.98s`, `891.933µs`),
//! the total includes loading the model; `prompt eval rate` is the prompt tokens over the
//! prompt's evaluation (`prefill_throughput`), `eval rate` the generated tokens over their
//! evaluation (`decode_throughput`), each printed with two decimals. Each line is printed
//! only when its value is above zero. The model is the one of the last `ollama run MODEL`
//! command before the block, when the log shows it.

use serde_json::{Map, Value as Json};

use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use super::text::{parse_printed, Printed};
use crate::model::{Format, Run};

const ANCHOR: &str = "total duration:";

pub struct OllamaVerboseReader;

impl Reader for OllamaVerboseReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::OllamaVerbose]
    }

    fn read(&self, source: &Source) -> ReadResult {
        if memchr::memmem::find(source.text.as_bytes(), ANCHOR.as_bytes()).is_none() {
            return Ok(None);
        }
        let mut runs = Vec::new();
        let mut model: Option<String> = None;
        let mut block: Option<Block> = None;
        let mut offset = 0;
        for raw in source.text.split_inclusive('\n') {
            let at = offset;
            offset += raw.len();
            let line = raw.trim();
            if let Some(m) = run_command_model(line) {
                model = Some(m);
            }
            let Some((label, value)) = line.split_once(':') else {
                if let Some(b) = block.take() {
                    runs.extend(b.finish());
                }
                continue;
            };
            let (label, value) = (label.trim(), value.trim());
            if label == "total duration" {
                if let Some(b) = block.take() {
                    runs.extend(b.finish());
                }
                // Another tool's `total duration: …` in a log starts no block.
                if go_duration_ms(value).is_none() {
                    continue;
                }
                let mut b = Block::new(source.line_of(at));
                if let Some(m) = &model {
                    b.run.set_text("model_id", m.as_str());
                }
                block = Some(b);
            }
            let Some(b) = block.as_mut() else { continue };
            let kept = b.set(label, value).map_err(|found| {
                ParseError::new(
                    Some(source.line_of(at)),
                    crate::msg!("ingest-expect-number-for", label = label, found = found),
                )
            })?;
            if !kept {
                runs.extend(block.take().and_then(Block::finish));
            }
        }
        if let Some(b) = block.take() {
            runs.extend(b.finish());
        }
        Ok((!runs.is_empty()).then(|| Parsed {
            runs,
            warnings: Vec::new(),
        }))
    }
}

/// `ollama run mistral --verbose`, `% ollama run orca-mini --verbose "…"`,
/// `$ ollama run --verbose llama2`: the model named.
fn run_command_model(line: &str) -> Option<String> {
    let rest = &line[line.find("ollama run ")? + "ollama run ".len()..];
    rest.split_whitespace()
        .find(|w| !w.starts_with('-'))
        .filter(|w| !w.starts_with('"'))
        .map(str::to_owned)
}

struct Block {
    run: Run,
    extra: Map<String, Json>,
    /// Whether a line only Ollama prints followed `total duration:` (a log's own
    /// `total duration: 5s` is no block).
    evals: bool,
}

impl Block {
    fn new(line: u64) -> Self {
        let mut run = Run::new(Format::OllamaVerbose, Some(line));
        // One response: one request sent, and it completed (Ollama prints no statistics
        // for a failed one).
        run.set_num("num_prompts", 1.0);
        run.set_num("completed", 1.0);
        run.set_text("precision", "rounded");
        Block {
            run,
            extra: Map::new(),
            evals: false,
        }
    }

    /// Sets one line; `Ok(false)` for a label that is not Ollama's (the block ended);
    /// `Err` the value that is not a number.
    fn set(&mut self, label: &str, value: &str) -> Result<bool, String> {
        let bad = || value.to_owned();
        self.evals |= label.contains("eval ");
        match label {
            "total duration" => {
                let ms = go_duration_ms(value).ok_or_else(bad)?;
                self.run.set_num("mean_e2el_ms", ms);
                self.run.set_num("duration", ms / 1000.0);
            }
            "prompt eval count" => {
                let n = count(value).ok_or_else(bad)?;
                self.run.set_num("total_input_tokens", n);
            }
            "eval count" => {
                let n = count(value).ok_or_else(bad)?;
                self.run.set_num("total_output_tokens", n);
            }
            "prompt eval rate" => {
                let r = rate(value).ok_or_else(bad)?;
                self.run.set_num("prefill_throughput", r);
            }
            "eval rate" => {
                let r = rate(value).ok_or_else(bad)?;
                self.run.set_num("decode_throughput", r);
            }
            "load duration" | "prompt eval duration" | "eval duration" => {
                go_duration_ms(value).ok_or_else(bad)?;
                self.extra.insert(label.to_owned(), Json::from(value));
            }
            // Early 2024 builds: the runtime's library and the layers it put on the GPU.
            "llm library" | "GPU loaded layers" => {
                self.extra.insert(label.to_owned(), Json::from(value));
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn finish(mut self) -> Option<Run> {
        if !self.evals {
            return None;
        }
        if !self.extra.is_empty() {
            self.run.set_text(
                "extra",
                Json::Object(std::mem::take(&mut self.extra)).to_string(),
            );
        }
        Some(self.run)
    }
}

/// `11 token(s)`.
fn count(value: &str) -> Option<f64> {
    let n = value.strip_suffix("token(s)")?.trim();
    match parse_printed(n) {
        Printed::Num(v) => Some(v),
        _ => None,
    }
}

/// `53.77 tokens/s`.
fn rate(value: &str) -> Option<f64> {
    let n = value.strip_suffix("tokens/s")?.trim();
    match parse_printed(n) {
        Printed::Num(v) => Some(v),
        _ => None,
    }
}

/// Go's `time.Duration.String()` in milliseconds: `2m27.989997625s`, `1.365523ms`,
/// `891.933µs`, `0s`.
fn go_duration_ms(value: &str) -> Option<f64> {
    const UNITS: [(&str, f64); 7] = [
        ("ms", 1.0),
        ("µs", 1e-3),
        ("us", 1e-3),
        ("ns", 1e-6),
        ("h", 3_600_000.0),
        ("m", 60_000.0),
        ("s", 1000.0),
    ];
    let mut rest = value.trim();
    if rest.is_empty() {
        return None;
    }
    let mut total = 0.0;
    while !rest.is_empty() {
        let digits = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .filter(|&i| i > 0)?;
        let number: f64 = rest[..digits].parse().ok()?;
        rest = &rest[digits..];
        let (unit, factor) = UNITS.iter().find(|(u, _)| rest.starts_with(u))?;
        total += number * factor;
        rest = &rest[unit.len()..];
    }
    Some(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_durations() {
        assert_eq!(go_duration_ms("1.5s"), Some(1500.0));
        assert_eq!(go_duration_ms("2m27.5s"), Some(147_500.0));
        assert_eq!(go_duration_ms("891.933µs"), Some(0.891933));
        assert_eq!(go_duration_ms("204.563ms"), Some(204.563));
        assert_eq!(go_duration_ms("0s"), Some(0.0));
        assert_eq!(go_duration_ms("1.2 seconds"), None);
        assert_eq!(go_duration_ms("s"), None);
    }

    #[test]
    fn the_model_of_the_command() {
        assert_eq!(
            run_command_model("ollama run mistral --verbose").as_deref(),
            Some("mistral")
        );
        assert_eq!(
            run_command_model("$ ollama run --verbose llama2").as_deref(),
            Some("llama2")
        );
        assert_eq!(
            run_command_model("% ollama run orca-mini --verbose \"what is it?\"").as_deref(),
            Some("orca-mini")
        );
        assert_eq!(run_command_model("ollama serve"), None);
    }
}
