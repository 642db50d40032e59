//! llama.cpp `llama-bench`'s default output, a Markdown table, found anywhere in a file
//! (its performance pull requests and issues paste it): a header row from `model` to `test`
//! and `t/s`, a rule, a row per test, and after the table `build: <commit> (<number>)`.
//! Which parameter columns the table has depends on the command line
//! (`markdown_printer::print_header`: those given values other than the defaults); their
//! headers are llama-bench's short names (`ngl`, `threads`, `fa`). Each row is a run of
//! format `llama-bench-md`, `precision` `rounded`: the rate is printed with two decimals,
//! the model's size in GiB or MiB and its parameters in B or M with two.

use super::llama_bench::Unknown;
use super::llama_bench_fields::{by_header, Field, Raw, Record};
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use crate::model::{Format, Run};

pub struct LlamaBenchMarkdownReader;

impl Reader for LlamaBenchMarkdownReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::LlamaBenchMarkdown]
    }

    fn read(&self, source: &Source) -> ReadResult {
        // The rate's header closes every table: a log without it costs one search.
        if memchr::memmem::find(source.text.as_bytes(), b"t/s |").is_none() {
            return Ok(None);
        }
        let lines = numbered_lines(source.text);
        let mut parsed = Parsed::default();
        let mut i = 0;
        while i < lines.len() {
            let Some(header) = header_cells(lines[i].1) else {
                i += 1;
                continue;
            };
            let is_rule = lines.get(i + 1).is_some_and(|(_, l)| is_rule_row(l));
            if !is_rule {
                i += 1;
                continue;
            }
            let header_line = source.line_of(lines[i].0);
            let mut unknown = Unknown::default();
            for name in &header {
                if by_header(name).is_none() && !matches!(name.as_str(), "test" | "t/s") {
                    unknown.note(name);
                }
            }
            // Each header's field, found once per table rather than once per cell.
            let fields: Vec<Option<&'static Field>> = header.iter().map(|h| by_header(h)).collect();
            let mut table = Vec::new();
            i += 2;
            while let Some((start, line)) = lines.get(i) {
                let Some(cells) = cells(line) else { break };
                let at = source.line_of(*start);
                table.push(row(&header, &fields, &cells, at)?);
                i += 1;
            }
            stamp_build(&mut table, &lines[i..]);
            parsed.runs.extend(table);
            parsed.warnings.extend(unknown.warning(Some(header_line)));
        }
        Ok((!parsed.runs.is_empty()).then_some(parsed))
    }
}

/// Each line's byte offset and text.
fn numbered_lines(text: &str) -> Vec<(usize, &str)> {
    let mut offset = 0;
    text.split_inclusive('\n')
        .map(|l| {
            let start = offset;
            offset += l.len();
            (start, l)
        })
        .collect()
}

/// A table row's cells, trimmed; `None` for a line that is not one. A row may sit in a
/// Markdown quote or be indented; a row cut short (no closing `|`) keeps the cells it has,
/// so that the table reports it rather than ending there.
fn cells(line: &str) -> Option<Vec<String>> {
    let line = line.trim().trim_start_matches('>').trim();
    let inner = line.strip_prefix('|')?;
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    Some(inner.split('|').map(|c| c.trim().to_owned()).collect())
}

/// The header row of a llama-bench table: `model` first, `test` and `t/s` last.
fn header_cells(line: &str) -> Option<Vec<String>> {
    // Most lines of a table are its rows: no cells are made of a line without the rate's
    // header.
    memchr::memmem::find(line.as_bytes(), b"t/s")?;
    let cells = cells(line)?;
    let n = cells.len();
    let ok = n >= 3 && cells[0] == "model" && cells[n - 2] == "test" && cells[n - 1] == "t/s";
    ok.then_some(cells)
}

fn is_rule_row(line: &str) -> bool {
    cells(line).is_some_and(|cells| {
        cells
            .iter()
            .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':')))
    })
}

fn row(
    header: &[String],
    fields: &[Option<&'static Field>],
    cells: &[String],
    at: u64,
) -> Result<Run, ParseError> {
    if cells.len() != header.len() {
        return Err(ParseError::new(
            Some(at),
            crate::msg!(
                "ingest-expect-llama-bench-cells",
                width = header.len(),
                found = cells.len()
            ),
        ));
    }
    let mut r = Record::new(Format::LlamaBenchMarkdown, Some(at));
    for ((name, field), cell) in header.iter().zip(fields).zip(cells) {
        match name.as_str() {
            "test" => {
                let (n_prompt, n_gen, n_depth) = parse_test(cell).ok_or_else(|| {
                    ParseError::new(
                        Some(at),
                        crate::msg!("ingest-expect-llama-bench-test", found = cell.as_str()),
                    )
                })?;
                r.set_sizes(n_prompt, n_gen, n_depth);
            }
            "t/s" => {
                let (mean, std) = parse_rate(cell).ok_or_else(|| {
                    ParseError::new(
                        Some(at),
                        crate::msg!("ingest-expect-llama-bench-rate", found = cell.as_str()),
                    )
                })?;
                r.set_rate(mean, std);
            }
            "size" | "params" => {
                let value = scaled(cell).ok_or_else(|| {
                    ParseError::new(
                        Some(at),
                        crate::msg!(
                            "ingest-expect-number-for",
                            label = name.as_str(),
                            found = cell.as_str()
                        ),
                    )
                })?;
                let column = if name == "size" {
                    "model_size"
                } else {
                    "model_n_params"
                };
                r.set_column(column, value);
            }
            _ => match field {
                Some(field) => r.set_field(field, Raw::Text(cell))?,
                None => r.set(name, Raw::Text(cell))?,
            },
        }
    }
    r.finish()
}

/// `pp512`, `tg128`, `pp512+tg128`, each maybe `@ d4096`; 2023 builds wrote `pp 512`.
/// Returns (n_prompt, n_gen, n_depth).
pub fn parse_test(cell: &str) -> Option<(f64, f64, f64)> {
    let (test, depth) = match cell.split_once('@') {
        Some((test, depth)) => (test, depth.trim().strip_prefix('d')?.trim().parse().ok()?),
        None => (cell, 0.0),
    };
    let size = |s: &str, prefix: &str| -> Option<f64> {
        s.trim()
            .strip_prefix(prefix)?
            .trim()
            .parse::<u64>()
            .ok()
            .map(|n| n as f64)
    };
    let test = test.trim();
    if let Some((pp, tg)) = test.split_once('+') {
        return Some((size(pp, "pp")?, size(tg, "tg")?, depth));
    }
    if let Some(n) = size(test, "pp") {
        return Some((n, 0.0, depth));
    }
    Some((0.0, size(test, "tg")?, depth))
}

/// `2368.80 ± 93.24` → (2368.80, 93.24).
fn parse_rate(cell: &str) -> Option<(f64, f64)> {
    let (mean, std) = cell.split_once('±')?;
    Some((mean.trim().parse().ok()?, std.trim().parse().ok()?))
}

/// `3.56 GiB` → bytes, `6.74 B` → parameters: the units `markdown_printer` prints.
fn scaled(cell: &str) -> Option<f64> {
    let (value, unit) = cell.split_once(' ')?;
    let factor = match unit.trim() {
        "GiB" => 1024.0 * 1024.0 * 1024.0,
        "MiB" => 1024.0 * 1024.0,
        "B" => 1e9,
        "M" => 1e6,
        _ => return None,
    };
    Some(value.trim().parse::<f64>().ok()? * factor)
}

/// `build: 8cf427ff (5163)`, printed after the table (with a blank line before it): the
/// table's rows were measured with that build.
fn stamp_build(table: &mut [Run], after: &[(usize, &str)]) {
    let footer = after
        .iter()
        .map(|(_, l)| l.trim())
        .take(3)
        .find_map(|l| l.strip_prefix("build: "));
    let Some((commit, number)) = footer.and_then(|f| f.split_once(" (")) else {
        return;
    };
    let number = number.trim_end_matches(')').parse::<f64>().ok();
    for run in table {
        run.set_text("build_commit", commit.trim());
        run.set_opt("build_number", number);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tests_of_every_kind_and_version() {
        assert_eq!(parse_test("pp512"), Some((512.0, 0.0, 0.0)));
        assert_eq!(parse_test("tg 128"), Some((0.0, 128.0, 0.0)));
        assert_eq!(parse_test("pp512+tg128"), Some((512.0, 128.0, 0.0)));
        assert_eq!(parse_test("tg128 @ d4096"), Some((0.0, 128.0, 4096.0)));
        assert_eq!(parse_test("sweep 512"), None);
        assert_eq!(parse_test("pp-1"), None);
    }

    #[test]
    fn units_of_the_table() {
        assert_eq!(scaled("3.56 GiB"), Some(3.56 * 1024.0 * 1024.0 * 1024.0));
        assert_eq!(scaled("6.74 B"), Some(6.74e9));
        assert_eq!(scaled("800 KB"), None);
        assert_eq!(parse_rate("131.42 ± 0.59"), Some((131.42, 0.59)));
        assert_eq!(parse_rate("131.42"), None);
    }
}
