//! `history add`: runs in, one new Parquet part per date out, holding only the runs the
//! store does not have yet (by [`run_id`](super::labels::run_id)). The part is the runs
//! frame's columns, then `run_id`, then the labels, in that order: readers tell the
//! labels by their place after `run_id`. The date is not a column of the file: it is the
//! partition (`date=…/`), which DuckDB, Spark and perflab read from the path.
//! [`add_by_date`] puts each run under its own day (`--date`, else the day of its
//! `run_timestamp`, else today) and writes one part per day.

use std::collections::{BTreeMap, HashSet};

use polars::prelude::*;

use super::labels::parse_date;
use super::labels::{content_hash, run_id, Labels, RUN_ID};
use super::read::read_ids;
use super::store::{part_path, Store};
use crate::model::frame::{cell, runs_to_frame};
use crate::model::timestamp::RUN_TIMESTAMP;
use crate::model::Run;
use crate::{Error, Result};

/// What an add did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Added {
    pub added: usize,
    /// Runs the store already held (or given twice), not written again.
    pub known: usize,
    /// The part written, relative to the store; `None` when nothing was new.
    pub part: Option<String>,
}

/// The day a run goes under: `date` when given, else the day of the run's own
/// `run_timestamp` (the client's clock: vLLM's is local time), else `today`.
pub fn day_of(run: &Run, date: Option<&str>, today: &str) -> String {
    date.map(str::to_owned)
        .or_else(|| run.text(RUN_TIMESTAMP).and_then(parse_date))
        .unwrap_or_else(|| today.to_owned())
}

/// Adds each run under [`day_of`] it, one [`add`] per day, oldest day first.
pub fn add_by_date(
    store: &Store,
    runs: &[Run],
    labels: &Labels,
    date: Option<&str>,
    today: &str,
) -> Result<Vec<(String, Added)>> {
    let mut days: BTreeMap<String, Vec<Run>> = BTreeMap::new();
    for run in runs {
        days.entry(day_of(run, date, today))
            .or_default()
            .push(run.clone());
    }
    days.into_iter()
        .map(|(day, runs)| add(store, &runs, labels, &day).map(|a| (day, a)))
        .collect()
}

/// Adds `runs` with `labels` on `date` (`YYYY-MM-DD`).
pub fn add(store: &Store, runs: &[Run], labels: &Labels, date: &str) -> Result<Added> {
    for key in labels.keys() {
        if runs.iter().any(|r| cell(r, key).is_some()) {
            return Err(Error::usage(crate::msg!(
                "history-error-label-column",
                key = key.clone()
            )));
        }
    }
    store.check_marker(true)?;
    let existing = read_ids(store, date)?;
    let mut seen: HashSet<String> = HashSet::new();
    let mut fresh: Vec<&Run> = Vec::new();
    let mut ids: Vec<String> = Vec::new();
    for run in runs {
        let id = run_id(run, labels, date);
        if existing.contains(&id) || !seen.insert(id.clone()) {
            continue;
        }
        fresh.push(run);
        ids.push(id);
    }
    let known = runs.len() - fresh.len();
    if fresh.is_empty() {
        return Ok(Added {
            added: 0,
            known,
            part: None,
        });
    }
    let owned: Vec<Run> = fresh.into_iter().cloned().collect();
    let mut df = runs_to_frame(&owned)?;
    df.with_column(Column::new(RUN_ID.into(), &ids))?;
    for (k, v) in labels {
        df.with_column(Column::new(
            k.as_str().into(),
            vec![v.as_str(); owned.len()],
        ))?;
    }
    let mut bytes: Vec<u8> = Vec::new();
    ParquetWriter::new(&mut bytes).finish(&mut df)?;
    let id_refs: Vec<&str> = ids.iter().map(String::as_str).collect();
    let path = part_path(date, &content_hash(&id_refs));
    store.put(&path, bytes)?;
    Ok(Added {
        added: owned.len(),
        known,
        part: Some(path),
    })
}
