//! evalscope `perf`'s console (and the `benchmark.log` it keeps): after each load point
//! of a sweep it logs `Benchmarking summary:` and a two-column table of the summary's
//! keys, then `Percentile results:` and the percentile table. One summary is one run,
//! format `evalscope-perf-console`, `precision` `rounded`. Two layouts, both read:
//!
//! ```text
//! +-----------------------------------+-----------+      ┌───────────────────────────┬─────────────┐
//! | Key                               |     Value |      │ Metric                    │       Value │
//! +===================================+===========+      ├───────────────────────────┼─────────────┤
//! | Time taken for tests (s)          |  289      |      │ ── General ──             │             │
//! +-----------------------------------+-----------+      │ Test Duration (s)         │        0.47 │
//!                                                        │ Total / Success / Failed  │ 16 / 16 / 0 │
//! ```
//!
//! tabulate's `grid` before 1.x (percentile rows, a column per metric, in seconds) and its
//! `simple_outline` since (a row per metric, a column per percentile, in ms;
//! `perf_models.py`, `to_table`). Since 1.x a row whose value is 0 is not printed (TTFT
//! aside): a summary in that layout without `Avg TPOT (ms)` and `Avg ITL (ms)` is of
//! replies that were not streamed, whose "TTFT" is the whole reply; those columns are
//! dropped and `streaming` is 0. The model is the `"model"` of the arguments evalscope
//! logs before the run, when the log holds them. The closing `Performance Test Summary
//! Report` repeats these numbers and is not read.

use serde_json::Map;

use super::evalscope_labels as labels;
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use super::text::{parse_printed, Printed};
use crate::model::{Format, Run};

const SUMMARY: &str = "Benchmarking summary:";
const PERCENTILES: &str = "Percentile results:";

pub struct EvalscopeConsoleReader;

impl Reader for EvalscopeConsoleReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::EvalscopePerfConsole]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text;
        let starts: Vec<usize> =
            memchr::memmem::find_iter(text.as_bytes(), SUMMARY.as_bytes()).collect();
        if starts.is_empty() {
            return Ok(None);
        }
        let mut runs = Vec::new();
        let mut models = ModelLines::default();
        for start in starts {
            let model = models.last_before(text, start);
            let line_end = text[start..]
                .find('\n')
                .map_or(text.len(), |i| start + i + 1);
            if let Some(run) = read_block(source, start, line_end, model)? {
                runs.push(run);
            }
        }
        Ok((!runs.is_empty()).then_some(Parsed {
            runs,
            warnings: Vec::new(),
        }))
    }
}

/// The `"model": "X",` lines of the arguments evalscope logs, found in order.
#[derive(Default)]
struct ModelLines {
    from: usize,
    last: Option<String>,
}

impl ModelLines {
    fn last_before(&mut self, text: &str, at: usize) -> Option<String> {
        const KEY: &str = "\"model\": \"";
        let window = &text[self.from..at];
        for i in memchr::memmem::find_iter(window.as_bytes(), KEY.as_bytes()) {
            let rest = &window[i + KEY.len()..];
            if let Some(end) = rest.find('"').filter(|&e| !rest[..e].contains('\n')) {
                self.last = Some(rest[..end].to_owned());
            }
        }
        self.from = at;
        self.last.clone()
    }
}

/// A table row's cells: `| a | b |` (tabulate's `grid`) or `│ a │ b │` (`simple_outline`),
/// split on the one separator its first character names.
fn cells(line: &str) -> Option<Vec<&str>> {
    let line = line.trim();
    let sep = ["|", "│"].into_iter().find(|s| line.starts_with(s))?;
    let inner = &line[sep.len()..];
    let inner = inner.strip_suffix(sep).unwrap_or(inner);
    Some(inner.split(sep).map(str::trim).collect())
}

/// A table's border: `+----+`, `+====+`, `┌───┬`, `├───┼`, `└───┴`.
fn is_border(line: &str) -> bool {
    line.trim_start()
        .starts_with(['+', '┌', '├', '└', '╞', '╒', '╘'])
}

/// The lines from byte `from`, each with its start offset.
fn lines(text: &str, from: usize) -> impl Iterator<Item = (usize, &str)> {
    super::rich_table::lines_from(text, from)
}

fn read_block(
    source: &Source,
    start: usize,
    body: usize,
    model: Option<String>,
) -> Result<Option<Run>, ParseError> {
    let text = source.text;
    let mut run = Run::new(Format::EvalscopePerfConsole, Some(source.line_of(start)));
    run.set_text("precision", "rounded");
    let mut extra = Map::new();
    let (mut seen, mut sections, mut rate) = (0, false, None);
    let mut end = body;
    let mut started = false;
    for (at, line) in lines(text, body) {
        if is_border(line) {
            started = true;
            end = at + line.len();
            continue;
        }
        let Some(row) = cells(line) else {
            if started || !line.trim().is_empty() {
                break;
            }
            continue;
        };
        started = true;
        end = at + line.len();
        let [label, value] = row[..] else { continue };
        let bad = |found: &str| {
            ParseError::new(
                Some(source.line_of(at)),
                crate::msg!("ingest-expect-number-for", label = label, found = found),
            )
        };
        if label.starts_with("──") {
            sections = true;
            continue;
        }
        if matches!(label, "Key" | "Metric") {
            continue;
        }
        // `16 / 16 / 0`, `12 / 4`: counts printed together.
        let together: Option<&[&str]> = match label {
            "Total / Success / Failed" => Some(&["num_prompts", "completed", "failed"]),
            // Printed only when both kinds were sent: streaming is neither 1 nor 0.
            "Stream / Non-Stream" => Some(&[]),
            _ => None,
        };
        if let Some(together) = together {
            let parts: Vec<&str> = value.split('/').map(str::trim).collect();
            for (col, part) in together.iter().zip(&parts) {
                match parse_printed(part) {
                    Printed::Num(v) => run.set_num(*col, v),
                    _ => return Err(bad(value)),
                }
            }
            seen += 1;
            continue;
        }
        match parse_printed(value) {
            Printed::Num(v) => {
                if matches!(label, "Request Rate (req/s)" | "Request rate (req/s)") {
                    rate = Some(v);
                }
                labels::set_summary(&mut run, &mut extra, label, v);
                seen += 1;
            }
            Printed::Missing => {}
            _ => return Err(bad(value)),
        }
    }
    if seen == 0 {
        return Ok(None);
    }
    if let Some(m) = model {
        run.set_text("model_id", m);
    }
    labels::set_load(&mut run, rate);
    read_percentiles(source, end, &mut run)?;
    let unstreamed =
        sections && run.get("mean_tpot_ms").is_none() && run.get("mean_itl_ms").is_none();
    if unstreamed {
        labels::drop_unstreamed(&mut run);
        run.set_num("streaming", 0.0);
    }
    labels::set_extra(&mut run, extra);
    Ok(Some(run))
}

/// The percentile table when `Percentile results:` follows the summary within three lines.
fn read_percentiles(source: &Source, from: usize, run: &mut Run) -> Result<(), ParseError> {
    let text = source.text;
    let Some((at, line)) = lines(text, from)
        .skip(1)
        .take(3)
        .find(|(_, l)| l.trim_end().ends_with(PERCENTILES))
    else {
        return Ok(());
    };
    let mut header: Option<Vec<String>> = None;
    let mut started = false;
    for (row_at, line) in lines(text, at + line.len()).skip(1) {
        if is_border(line) {
            started = true;
            continue;
        }
        let Some(row) = cells(line) else {
            if started || !line.trim().is_empty() {
                break;
            }
            continue;
        };
        started = true;
        let Some(head) = &header else {
            header = Some(row.iter().map(|c| c.to_string()).collect());
            continue;
        };
        // Before 1.x a row per percentile (`Percentiles | TTFT (s) | …`); since, a row per
        // metric (`Metric | min | 1% | …`).
        let by_metric = head.first().is_some_and(|h| h == "Metric");
        for (i, cell) in row.iter().enumerate().skip(1) {
            let Some(col_head) = head.get(i) else { break };
            let (metric, at) = if by_metric {
                (row[0], col_head.as_str())
            } else {
                (col_head.as_str(), row[0])
            };
            match parse_printed(cell) {
                Printed::Num(v) => {
                    if let Some((col, v)) = labels::percentile_column(metric, at, v) {
                        run.set_num(col, v);
                    }
                }
                Printed::Missing => {}
                _ => {
                    return Err(ParseError::new(
                        Some(source.line_of(row_at)),
                        crate::msg!("ingest-expect-number-for", label = metric, found = *cell),
                    ))
                }
            }
        }
    }
    Ok(())
}
