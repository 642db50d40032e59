//! Reading the store back: each part checked to be perflab's (a `run_id` and a `format`
//! column), runs kept once by `run_id` (two adds racing on the same runs may both write
//! them), the date taken from the partition.

use std::collections::HashSet;
use std::io::Cursor;

use polars::prelude::*;

use super::labels::{DATE, RUN_ID};
use super::store::{PartFile, Store};
use crate::model::unbroken::unbroken;
use crate::model::{Run, Value};
use crate::{Error, Result};

/// One part read: its rows, and which of its columns are labels.
pub struct Part {
    pub file: PartFile,
    pub frame: DataFrame,
    pub labels: Vec<String>,
}

fn foreign(store: &Store, file: &PartFile, why: impl std::fmt::Display) -> Error {
    Error::usage(crate::msg!(
        "history-error-foreign-parquet",
        store = store.name.clone(),
        file = file.path.clone(),
        reason = why.to_string()
    ))
}

/// Reads one part; `columns` limits the columns read (those the part lacks are left
/// out, `run_id` and the labels are always read).
pub fn read_part(store: &Store, file: &PartFile, columns: Option<&[String]>) -> Result<Part> {
    let bytes = store
        .get(&file.path)?
        .ok_or_else(|| foreign(store, file, crate::tr!("history-missing-part")))?;
    let mut reader = ParquetReader::new(Cursor::new(bytes));
    let schema = unbroken(|| reader.schema()).map_err(|e| foreign(store, file, e))?;
    let names: Vec<String> = schema.iter_names().map(|n| n.to_string()).collect();
    let Some(id_at) = names.iter().position(|n| n == RUN_ID) else {
        return Err(foreign(store, file, crate::tr!("history-no-run-id")));
    };
    if !names.iter().any(|n| n == "format") {
        return Err(foreign(store, file, crate::tr!("history-no-format")));
    }
    let labels: Vec<String> = names[id_at + 1..].to_vec();
    if let Some(cols) = columns {
        let mut wanted: Vec<String> = names
            .iter()
            .filter(|n| cols.contains(n) || *n == RUN_ID || labels.contains(n))
            .cloned()
            .collect();
        wanted.dedup();
        reader = reader.with_columns(Some(wanted));
    }
    let frame = unbroken(|| reader.finish()).map_err(|e| foreign(store, file, e))?;
    Ok(Part {
        file: file.clone(),
        frame,
        labels,
    })
}

/// The run ids already stored under `date`.
pub fn read_ids(store: &Store, date: &str) -> Result<HashSet<String>> {
    let mut ids = HashSet::new();
    for file in store.parts(Some(date))? {
        let part = read_part(store, &file, Some(&[]))?;
        let col = part.frame.column(RUN_ID)?.str()?;
        ids.extend(col.iter().flatten().map(str::to_owned));
    }
    Ok(ids)
}

/// The parts of the store from `since` on (inclusive), oldest first.
pub fn parts_since(store: &Store, since: Option<&str>) -> Result<Vec<PartFile>> {
    store.check_marker(false)?;
    let parts = store.parts(None)?;
    Ok(parts
        .into_iter()
        .filter(|p| since.is_none_or(|s| p.date.as_str() >= s))
        .collect())
}

/// Every stored run (from `since` on) as a [`Run`], oldest date first, with its labels,
/// `run_id` and `date` as text values: what `diff --against-history` pairs.
pub fn load_runs(store: &Store, since: Option<&str>) -> Result<Vec<Run>> {
    let mut runs = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    for file in parts_since(store, since)? {
        let part = read_part(store, &file, None)?;
        let path = std::path::PathBuf::from(format!("{}/{}", store.name, file.path));
        let mut rows = crate::model::frame::frame_to_runs(&part.frame)
            .map_err(|e| Error::parse(&path, None, e.to_string()))?;
        rows.retain(|run| seen.insert(run.text(RUN_ID).unwrap_or_default().to_owned()));
        for run in rows.iter_mut() {
            run.values
                .insert(DATE.into(), Value::text(file.date.clone()));
        }
        runs.extend(rows);
    }
    Ok(runs)
}
