//! llama.cpp `llama-bench`'s machine formats (`-o json|jsonl|csv|sql`): a JSON array of
//! test records or one record per line, read as whole files; CSV (a header line starting
//! `build_commit,` and a quoted row per test) and SQL (`INSERT INTO <table> (fields)
//! VALUES ('v', …);` per test, the table `test` before 2025, `llama_bench` after) found
//! anywhere in a file, since people paste them into logs and Markdown. Each record is a run
//! (`llama_bench_fields.rs` says what becomes of each field).

use serde_json::{Map, Value as Json};

use super::llama_bench_fields::{Raw, Record};
use super::reader::{ParseError, Parsed, ReadResult, Reader, Source, Warning};
use crate::model::{Format, Run};

pub struct LlamaBenchJsonReader;

impl Reader for LlamaBenchJsonReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::LlamaBenchJson]
    }

    fn read(&self, source: &Source) -> ReadResult {
        let text = source.text.trim_start_matches('\u{feff}').trim_start();
        let has = |needle: &str| memchr::memmem::find(text.as_bytes(), needle.as_bytes()).is_some();
        let looks = (text.starts_with('[') || text.starts_with('{'))
            && has("\"avg_ts\"")
            && has("\"n_prompt\"")
            && has("\"model_type\"");
        if !looks {
            return Ok(None);
        }
        let mut unknown = Unknown::default();
        let mut runs = Vec::new();
        if text.starts_with('[') {
            let records: Vec<Map<String, Json>> = serde_json::from_str(text).map_err(|e| {
                let line = source.line_of(source.text.len() - text.len()) + e.line() as u64 - 1;
                ParseError::new(
                    Some(line),
                    crate::msg!("ingest-expect-llama-bench-json", error = e.to_string()),
                )
            })?;
            // Each record's line, for errors about it and for the run's place.
            let array_at = source.text.len() - text.len();
            let starts = element_starts(text);
            for (i, record) in records.iter().enumerate() {
                let at = starts.get(i).map_or(array_at, |s| array_at + s);
                runs.push(json_record(record, Some(source.line_of(at)), &mut unknown)?);
            }
        } else {
            let mut offset = 0;
            for line in source.text.split_inclusive('\n') {
                let start = offset;
                offset += line.len();
                let line = line.trim();
                if line.is_empty() {
                    continue;
                }
                let at = Some(source.line_of(start));
                let record: Map<String, Json> = serde_json::from_str(line).map_err(|e| {
                    ParseError::new(
                        at,
                        crate::msg!("ingest-expect-llama-bench-json", error = e.to_string()),
                    )
                })?;
                runs.push(json_record(&record, at, &mut unknown)?);
            }
        }
        Ok(Some(Parsed {
            runs,
            warnings: unknown.warning(None),
        }))
    }
}

/// Where each element of the JSON array `text` starts (the array read by serde_json
/// already, so its syntax is right); fewer when the scan stops early (nesting deeper than
/// it goes), and the caller falls back to the array's line.
fn element_starts(text: &str) -> Vec<usize> {
    let mut scan = super::json_scan::Scan::new(text);
    let mut starts = Vec::new();
    if scan.list_start() != Some(false) {
        return starts;
    }
    loop {
        starts.push(scan.pos());
        if scan.skip_value().is_none() || scan.list_next() != Some(false) {
            return starts;
        }
    }
}

fn json_record(
    record: &Map<String, Json>,
    line: Option<u64>,
    unknown: &mut Unknown,
) -> Result<Run, ParseError> {
    let mut r = Record::new(Format::LlamaBenchJson, line);
    for (name, value) in record {
        unknown.note(name);
        r.set(name, Raw::Json(value))?;
    }
    r.finish()
}

/// The fields no version of llama-bench known to perflab prints: kept in `extra`, and said
/// once per file or table (a fork's own timing fields, a newer build's parameters).
#[derive(Default)]
pub struct Unknown(Vec<String>);

impl Unknown {
    pub fn note(&mut self, name: &str) {
        if !Record::is_known(name) && !self.0.iter().any(|n| n == name) {
            self.0.push(name.to_owned());
        }
    }

    pub fn warning(self, line: Option<u64>) -> Vec<Warning> {
        if self.0.is_empty() {
            return Vec::new();
        }
        vec![Warning {
            line,
            message: crate::msg!(
                "ingest-llama-bench-unknown-fields",
                fields = self.0.join(", ")
            ),
        }]
    }
}

/// The CSV and SQL records found anywhere in a text.
pub struct LlamaBenchTextReader;

impl Reader for LlamaBenchTextReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::LlamaBenchCsv, Format::LlamaBenchSql]
    }

    fn read(&self, source: &Source) -> ReadResult {
        // Every record names `build_commit`: a log without it costs one search.
        if memchr::memmem::find(source.text.as_bytes(), b"build_commit").is_none() {
            return Ok(None);
        }
        let mut parsed = Parsed::default();
        let mut header: Option<Vec<String>> = None;
        let mut unknown = Unknown::default();
        let mut offset = 0;
        for raw in source.text.split_inclusive('\n') {
            let start = offset;
            offset += raw.len();
            let line = raw.trim();
            if line.starts_with("build_commit,") && line.contains("avg_ts") {
                parsed
                    .warnings
                    .extend(std::mem::take(&mut unknown).warning(Some(source.line_of(start))));
                let names: Vec<String> = line.split(',').map(|n| n.trim().to_owned()).collect();
                names.iter().for_each(|n| unknown.note(n));
                header = Some(names);
                continue;
            }
            if let (Some(names), true) = (&header, line.starts_with('"')) {
                let at = source.line_of(start);
                parsed.runs.push(csv_row(names, line, at)?);
                continue;
            }
            header = None;
            if line.starts_with("INSERT INTO ") && line.contains("build_commit") {
                let at = source.line_of(start);
                parsed.runs.push(sql_insert(line, at, &mut unknown)?);
            }
        }
        parsed.warnings.extend(unknown.warning(None));
        Ok((!parsed.runs.is_empty()).then_some(parsed))
    }
}

fn csv_row(names: &[String], line: &str, at: u64) -> Result<Run, ParseError> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(line.as_bytes());
    let mut row = csv::StringRecord::new();
    let read = reader.read_record(&mut row).map_err(|e| {
        ParseError::new(
            Some(at),
            crate::msg!("ingest-expect-csv-row", error = e.to_string()),
        )
    })?;
    if !read || row.len() != names.len() {
        return Err(cells_error(at, names.len(), row.len()));
    }
    let mut r = Record::new(Format::LlamaBenchCsv, Some(at));
    for (name, value) in names.iter().zip(row.iter()) {
        r.set(name, Raw::Text(value))?;
    }
    r.finish()
}

fn cells_error(at: u64, width: usize, found: usize) -> ParseError {
    ParseError::new(
        Some(at),
        crate::msg!(
            "ingest-expect-llama-bench-cells",
            width = width,
            found = found
        ),
    )
}

/// `INSERT INTO test (a, b) VALUES ('1', 'x');`: llama-bench quotes every value and does
/// not escape quotes inside them; a doubled quote (SQL's escape) is read as one.
fn sql_insert(line: &str, at: u64, unknown: &mut Unknown) -> Result<Run, ParseError> {
    let bad = || ParseError::new(Some(at), crate::msg!("ingest-expect-llama-bench-sql"));
    let open = line.find('(').ok_or_else(bad)?;
    let (fields, values) = line[open + 1..].split_once(") VALUES (").ok_or_else(bad)?;
    let names: Vec<&str> = fields.split(',').map(str::trim).collect();
    let values = values.trim_end().strip_suffix(");").ok_or_else(bad)?;
    let values = sql_values(values).ok_or_else(bad)?;
    if values.len() != names.len() {
        return Err(cells_error(at, names.len(), values.len()));
    }
    let mut r = Record::new(Format::LlamaBenchSql, Some(at));
    for (name, value) in names.iter().zip(&values) {
        unknown.note(name);
        r.set(name, Raw::Text(value))?;
    }
    r.finish()
}

/// `'a', 'b c', 'd''e'` → `a`, `b c`, `d'e`; `None` when a quote is not closed.
fn sql_values(text: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        rest = rest.strip_prefix('\'')?;
        let mut value = String::new();
        loop {
            let end = rest.find('\'')?;
            value.push_str(&rest[..end]);
            rest = &rest[end + 1..];
            match rest.strip_prefix('\'') {
                Some(after) => {
                    value.push('\'');
                    rest = after;
                }
                None => break,
            }
        }
        out.push(value);
        rest = rest.trim_start();
        match rest.strip_prefix(',') {
            Some(after) => rest = after.trim_start(),
            None if rest.is_empty() => {}
            None => return None,
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sql_values_keep_commas_and_doubled_quotes() {
        assert_eq!(
            sql_values("'a', 'b, c', 'd''e'"),
            Some(vec!["a".into(), "b, c".into(), "d'e".into()])
        );
        assert_eq!(sql_values("'a', 'b"), None);
        assert_eq!(sql_values("'a' 'b'"), None);
    }
}
