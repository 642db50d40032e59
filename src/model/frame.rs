//! The runs frame: [`Run`]s as one polars DataFrame with the canonical column order, and
//! its CSV / Parquet / NDJSON forms on disk. Files are written to a temporary file beside
//! the target and renamed, so an interrupted write never leaves half a file.

use std::collections::BTreeSet;
use std::fs::File;
use std::io::Write;
use std::path::Path;

use polars::prelude::*;

use super::schema::{compare_columns, is_integer, TEXT};
use super::{Key, Run, Value, Values};
use crate::{Error, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameFormat {
    Csv,
    Parquet,
    NdJson,
}

impl FrameFormat {
    /// Guesses from the extension: `.parquet`, `.csv`, `.ndjson` / `.jsonl` / `.json`.
    pub fn from_path(path: &Path) -> Option<Self> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "csv" => Some(FrameFormat::Csv),
            "parquet" | "pq" => Some(FrameFormat::Parquet),
            "ndjson" | "jsonl" | "json" => Some(FrameFormat::NdJson),
            _ => None,
        }
    }
}

/// The union of the runs' columns in canonical order.
pub fn columns_of(runs: &[Run]) -> Vec<String> {
    let mut cols: BTreeSet<&str> = ["source", "line", "run_index", "format"].into();
    for run in runs {
        cols.extend(run.values.keys().map(|k| k.as_ref()));
    }
    let mut cols: Vec<String> = cols.into_iter().map(str::to_owned).collect();
    cols.sort_by(|a, b| compare_columns(a, b));
    cols
}

enum Kind {
    Int,
    Float,
    Text,
    List,
}

fn kind_of(col: &str, runs: &[Run]) -> Kind {
    if TEXT.contains(&col) {
        return Kind::Text;
    }
    let mut kind = if is_integer(col) {
        Kind::Int
    } else {
        Kind::Float
    };
    for v in runs.iter().filter_map(|r| r.values.get(col)) {
        match v {
            Value::Text(_) => return Kind::Text,
            Value::List(_) => kind = Kind::List,
            Value::Num(x) if x.fract() != 0.0 && matches!(kind, Kind::Int) => kind = Kind::Float,
            _ => {}
        }
    }
    kind
}

fn identity_value(run: &Run, col: &str) -> Option<Value> {
    match col {
        "source" => Some(Value::text(run.source.clone())),
        "line" => Some(run.line.map_or(Value::Null, |l| Value::Num(l as f64))),
        "run_index" => Some(Value::Num(run.run_index as f64)),
        "format" => Some(Value::text(run.format.as_str())),
        _ => None,
    }
}

/// The value of a column for a run, identity columns included; `None` when absent.
pub fn cell(run: &Run, col: &str) -> Option<Value> {
    identity_value(run, col).or_else(|| run.values.get(col).cloned())
}

fn text_of(v: &Value) -> Option<String> {
    match v {
        Value::Text(s) => Some(s.to_string()),
        Value::Num(x) => Some(format_number(*x)),
        Value::List(xs) => Some(serde_json::to_string(xs).unwrap_or_default()),
        Value::Null => None,
    }
}

/// Shortest text that reads back as the same f64, integers without `.0`.
pub fn format_number(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// Builds the runs frame. List columns (per-position acceptance) stay lists here; CSV gets
/// them as JSON text since CSV has no lists.
pub fn runs_to_frame(runs: &[Run]) -> Result<DataFrame> {
    let mut columns = Vec::new();
    for col in columns_of(runs) {
        let cells: Vec<Option<Value>> = runs.iter().map(|r| cell(r, &col)).collect();
        let name: PlSmallStr = col.as_str().into();
        let series = match kind_of(&col, runs) {
            Kind::Int => Series::new(
                name,
                cells
                    .iter()
                    .map(|c| c.as_ref().and_then(Value::as_f64).map(|x| x as i64))
                    .collect::<Vec<_>>(),
            ),
            Kind::Float => Series::new(
                name,
                cells
                    .iter()
                    .map(|c| c.as_ref().and_then(Value::as_f64))
                    .collect::<Vec<_>>(),
            ),
            Kind::Text => Series::new(
                name,
                cells
                    .iter()
                    .map(|c| c.as_ref().and_then(text_of))
                    .collect::<Vec<_>>(),
            ),
            Kind::List => {
                let lists: Vec<Option<Series>> = cells
                    .iter()
                    .map(|c| match c {
                        Some(Value::List(xs)) => Some(Series::new(PlSmallStr::EMPTY, &**xs)),
                        _ => None,
                    })
                    .collect();
                let mut s: Series = lists.into_iter().collect::<ListChunked>().into_series();
                s.rename(name);
                s
            }
        };
        columns.push(series.into_column());
    }
    Ok(DataFrame::new(runs.len(), columns)?)
}

/// One JSON object per run, keys in canonical order, absent metrics left out and `N/A`
/// ones written as null (without the line end; [`super::ndjson`] writes many).
pub fn run_to_json_line(run: &Run) -> String {
    let mut out = Vec::new();
    super::ndjson::write_json_line(run, &mut out);
    out.pop();
    String::from_utf8(out).unwrap_or_default()
}

/// Writes `bytes` to `path` atomically (temp file in the same folder, then rename).
pub fn write_atomic(path: &Path, write: impl FnOnce(&mut File) -> Result<()>) -> Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".perflab-");
    if let Some(permissions) = output_permissions(path) {
        builder.permissions(permissions);
    }
    let mut tmp = builder.tempfile_in(dir).map_err(|e| Error::io(dir, e))?;
    write(tmp.as_file_mut())?;
    tmp.as_file_mut().flush().map_err(|e| Error::io(path, e))?;
    persist_durably(tmp, path)
}

/// Puts a written temporary file at `path`: its bytes on disk before the rename (else a
/// crash soon after can leave the new name on an empty or partial file, on ext4 and XFS
/// alike), and the folder's new entry on disk after it.
pub fn persist_durably(tmp: tempfile::NamedTempFile, path: &Path) -> Result<()> {
    tmp.as_file().sync_all().map_err(|e| Error::io(path, e))?;
    tmp.persist(path).map_err(|e| Error::io(path, e.error))?;
    // A folder is opened read-only to be synced. Where that is refused (Windows) or the
    // file system cannot sync a folder (some network and FUSE mounts answer EINVAL), the
    // file is in place and complete all the same: nothing to report.
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if let Ok(folder) = File::open(dir) {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// The mode of a written file: the one it replaces, else what a plain `File::create`
/// gives (0666 less the umask). A temp file alone would be 0600, which other readers of a
/// report or CI artifact cannot open.
pub(crate) fn output_permissions(path: &Path) -> Option<std::fs::Permissions> {
    if let Ok(meta) = std::fs::metadata(path) {
        return Some(meta.permissions());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        Some(std::fs::Permissions::from_mode(0o666))
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Writes the runs frame as CSV, Parquet or NDJSON.
pub fn write_frame(runs: &[Run], path: &Path, format: FrameFormat) -> Result<()> {
    write_atomic(path, |file| {
        match format {
            FrameFormat::NdJson => {
                let mut w = std::io::BufWriter::new(file);
                super::ndjson::write_ndjson(runs, &mut w).map_err(|e| Error::io(path, e))?;
            }
            FrameFormat::Csv => {
                let mut df = csv_safe(runs_to_frame(runs)?)?;
                CsvWriter::new(file).finish(&mut df)?;
            }
            FrameFormat::Parquet => {
                let mut df = runs_to_frame(runs)?;
                ParquetWriter::new(file).finish(&mut df)?;
            }
        }
        Ok(())
    })
}

/// CSV has no list type: list columns become their JSON text.
fn csv_safe(mut df: DataFrame) -> Result<DataFrame> {
    let list_cols: Vec<PlSmallStr> = df
        .columns()
        .iter()
        .filter(|c| matches!(c.dtype(), DataType::List(_)))
        .map(|c| c.name().clone())
        .collect();
    for name in list_cols {
        let col = df.column(&name)?.as_materialized_series().clone();
        let texts = (0..col.len())
            .map(|i| match col.get(i)? {
                AnyValue::List(inner) => {
                    let xs: Vec<Option<f64>> = inner.f64()?.iter().collect();
                    Ok(serde_json::to_string(&xs).ok())
                }
                _ => Ok(None),
            })
            .collect::<PolarsResult<Vec<Option<String>>>>()?;
        df.replace(
            name.as_str(),
            Series::new(name.clone(), texts).into_column(),
        )?;
    }
    Ok(df)
}

/// Reads a runs frame written by `perflab ingest` (CSV, Parquet or NDJSON) back into
/// [`Run`]s, so that `diff` can take saved frames as well as raw outputs.
pub fn read_frame(path: &Path, format: FrameFormat) -> Result<Vec<Run>> {
    let df = match format {
        FrameFormat::Csv => CsvReadOptions::default()
            .with_has_header(true)
            .with_infer_schema_length(None)
            .try_into_reader_with_file_path(Some(path.to_path_buf()))?
            .finish()?,
        FrameFormat::Parquet => {
            let f = File::open(path).map_err(|e| Error::io(path, e))?;
            super::unbroken::unbroken(|| ParquetReader::new(f).finish())
                .map_err(|e| Error::parse(path, None, e))?
        }
        FrameFormat::NdJson => {
            let f = File::open(path).map_err(|e| Error::io(path, e))?;
            JsonReader::new(f)
                .with_json_format(JsonFormat::JsonLines)
                .infer_schema_len(None)
                .finish()?
        }
    };
    frame_to_runs(&df).map_err(|e| Error::parse(path, None, e.to_string()))
}

pub fn frame_to_runs(df: &DataFrame) -> Result<Vec<Run>> {
    // Column by column into each row's pairs, the names shared rather than copied per
    // cell (`schema::key`): a saved frame of 10,000 runs is read for every `diff`.
    let mut rows: Vec<Vec<(Key, Value)>> = vec![Vec::new(); df.height()];
    for col in df.columns() {
        let name = super::schema::key(col.name().as_str());
        let s = col.as_materialized_series();
        for (i, row) in rows.iter_mut().enumerate() {
            let v = s.get(i)?;
            let value = match v {
                // A frame cannot tell "printed N/A" from "never printed": both are null.
                AnyValue::Null => Value::Null,
                AnyValue::String(t) => Value::text(t),
                AnyValue::StringOwned(t) => Value::text(t.to_string()),
                AnyValue::List(inner) => Value::list(inner.f64()?.iter().flatten().collect()),
                other => match other.extract::<f64>() {
                    Some(x) => Value::Num(x),
                    None => continue,
                },
            };
            row.push((name.clone(), value));
        }
    }
    rows.into_iter()
        .map(|row| {
            let mut values: Values = row.into_iter().collect();
            let format = match values.remove("format") {
                Some(Value::Text(f)) => f.parse().map_err(Error::usage)?,
                _ => return Err(Error::usage(crate::msg!("frame-error-no-format"))),
            };
            let line = values.remove("line").and_then(|v| v.as_f64());
            let mut run = Run::new(format, line.map(|l| l as u64));
            run.source = match values.remove("source") {
                Some(Value::Text(s)) => *s,
                _ => String::new(),
            };
            run.run_index = values
                .remove("run_index")
                .and_then(|v| v.as_f64())
                .unwrap_or(0.0) as u32;
            run.values = values;
            Ok(run)
        })
        .collect()
}
