//! The store's rows grouped into series: per key (the `--key` columns' texts), per metric,
//! the points in date order. A year of nightly runs is millions of rows, so a part's key,
//! filter and label columns are read once each as a dictionary (its distinct texts, and
//! a code per row): a row costs a few integer lookups, not a string per column; and a
//! part's date and each distinct set of labels are one allocation its points share
//! (BENCHMARKS.md, "At scale").

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use polars::prelude::*;
use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

use super::labels::RUN_ID;
use super::read::{parts_since, read_part};
use super::store::{PartFile, Store};
use super::trend::{Point, TrendSpec};
use crate::model::frame::format_number;
use crate::Result;

/// Per key (texts in `spec.key`'s order), per metric (in `spec.metrics`' order), the
/// points; and the names of the columns any part has.
pub struct Grouped {
    pub groups: BTreeMap<Vec<String>, Vec<Vec<Point>>>,
    pub present: HashSet<String>,
}

/// A column's distinct texts (strings as they are, numbers as perflab prints them) and
/// the code of each row's, `None` for a null.
struct Dictionary {
    codes: Vec<Option<u32>>,
    texts: Vec<String>,
}

impl Dictionary {
    fn of(col: &Column) -> Result<Dictionary> {
        let s = col.as_materialized_series();
        let mut texts = Vec::new();
        let codes = match s.dtype() {
            DataType::String => coded(s.str()?.iter(), &mut texts, str::to_owned),
            dt if dt.is_primitive_numeric() => coded(
                s.cast(&DataType::Float64)?
                    .f64()?
                    .iter()
                    .map(|v| v.map(f64::to_bits)),
                &mut texts,
                |bits| format_number(f64::from_bits(bits)),
            ),
            _ => {
                let cast = s.cast(&DataType::String)?;
                coded(cast.str()?.iter(), &mut texts, str::to_owned)
            }
        };
        Ok(Dictionary { codes, texts })
    }

    fn text(&self, row: usize) -> Option<&str> {
        self.codes[row].map(|c| self.texts[c as usize].as_str())
    }
}

/// Codes the values in order of first appearance, pushing each new one's text.
fn coded<T: std::hash::Hash + Eq + Copy>(
    values: impl Iterator<Item = Option<T>>,
    texts: &mut Vec<String>,
    text: impl Fn(T) -> String,
) -> Vec<Option<u32>> {
    let mut known: FxHashMap<T, u32> = FxHashMap::default();
    values
        .map(|v| {
            v.map(|v| {
                *known.entry(v).or_insert_with(|| {
                    texts.push(text(v));
                    (texts.len() - 1) as u32
                })
            })
        })
        .collect()
}

/// Texts of one key column across parts, each with a code of its own: a row's key is
/// its columns' codes, looked up without building a string.
#[derive(Default)]
struct KeyTexts {
    code: FxHashMap<String, u32>,
    texts: Vec<String>,
}

impl KeyTexts {
    fn code(&mut self, text: &str) -> u32 {
        if let Some(c) = self.code.get(text) {
            return *c;
        }
        self.texts.push(text.to_owned());
        let c = (self.texts.len() - 1) as u32;
        self.code.insert(text.to_owned(), c);
        c
    }
}

fn metric_values(col: &Column) -> Result<Vec<Option<f64>>> {
    let s = col.as_materialized_series();
    if !s.dtype().is_primitive_numeric() {
        return Ok(vec![None; s.len()]);
    }
    Ok(s.cast(&DataType::Float64)?.f64()?.iter().collect())
}

/// One part read and coded, on any thread: its columns as dictionaries and numbers,
/// what merging its rows into series needs.
struct PartRows {
    date: Arc<str>,
    /// Per metric, the value of each row (`None` when the part lacks the metric).
    metrics: Vec<Option<Vec<Option<f64>>>>,
    ids: Dictionary,
    /// Per key column, its dictionary (`None` when the part lacks the column).
    keys: Vec<Option<Dictionary>>,
    /// Whether each row passes every filter.
    pass: Vec<bool>,
    labels: PartLabels,
}

impl PartRows {
    /// The part's columns, and its rows (`None` when it holds none of the metrics).
    /// `wanted`: the metric, key and filter columns (what `read_part` reads besides the
    /// run id and the labels).
    fn read(store: &Store, file: &PartFile, spec: &TrendSpec, wanted: &[String]) -> Result<Read> {
        let part = read_part(store, file, Some(wanted))?;
        let df = &part.frame;
        let columns: Vec<String> = df
            .get_column_names()
            .iter()
            .map(|n| n.to_string())
            .collect();
        let metrics: Vec<Option<Vec<Option<f64>>>> = spec
            .metrics
            .iter()
            .map(|m| df.column(m).ok().map(metric_values).transpose())
            .collect::<Result<_>>()?;
        if metrics.iter().all(Option::is_none) {
            return Ok((columns, None));
        }
        let dictionary = |name: &str| df.column(name).ok().map(Dictionary::of).transpose();
        let keys = spec
            .key
            .iter()
            .map(|k| dictionary(k))
            .collect::<Result<_>>()?;
        // A row passes when every filter column has the wanted text (a part without the
        // column passes none).
        let mut pass = vec![true; df.height()];
        for (column, want) in &spec.filters {
            match dictionary(column)? {
                Some(d) => {
                    let matches: Vec<bool> = d.texts.iter().map(|t| t == want).collect();
                    for (p, c) in pass.iter_mut().zip(&d.codes) {
                        *p &= c.is_some_and(|c| matches[c as usize]);
                    }
                }
                None => pass.fill(false),
            }
        }
        let rows = PartRows {
            date: Arc::from(file.date.as_str()),
            metrics,
            ids: Dictionary::of(df.column(RUN_ID)?)?,
            keys,
            pass,
            labels: PartLabels::read(&part)?,
        };
        Ok((columns, Some(rows)))
    }
}

/// A part's columns, and its rows when it holds any of the metrics.
type Read = (Vec<String>, Option<PartRows>);

/// The series being built, part after part in date order.
struct Builder {
    key_texts: Vec<KeyTexts>,
    group_of: FxHashMap<Vec<u32>, usize>,
    groups: Vec<(Vec<u32>, Vec<Vec<Point>>)>,
    /// The run ids of `seen_date` read so far. A run's id hashes its date
    /// (`labels::run_id`), so the same run can only repeat within a date, and the parts
    /// come sorted by date: one night's ids, not the whole history's.
    seen: FxHashSet<Arc<str>>,
    seen_date: Arc<str>,
    present: HashSet<String>,
    metrics: usize,
}

impl Builder {
    fn add(&mut self, (columns, part): Read) {
        self.present.extend(columns);
        let Some(mut part) = part else { return };
        if part.date != self.seen_date {
            self.seen.clear();
            self.seen_date = part.date.clone();
        }
        let height = part.pass.len();
        // Each key column's part codes as codes across parts (a null is "").
        let keys: Vec<Vec<u32>> = part
            .keys
            .iter()
            .zip(self.key_texts.iter_mut())
            .map(|(d, global)| {
                let empty = global.code("");
                match d {
                    Some(d) => {
                        let to_global: Vec<u32> = d.texts.iter().map(|t| global.code(t)).collect();
                        d.codes
                            .iter()
                            .map(|c| c.map_or(empty, |c| to_global[c as usize]))
                            .collect()
                    }
                    None => vec![empty; height],
                }
            })
            .collect();
        let value = |m: &Option<Vec<Option<f64>>>, i: usize| {
            m.as_ref().and_then(|m| m[i]).filter(|v| v.is_finite())
        };
        let mut key = Vec::with_capacity(keys.len());
        for i in 0..height {
            if !part.pass[i] || part.metrics.iter().all(|m| value(m, i).is_none()) {
                continue;
            }
            let id = part.ids.text(i).unwrap_or_default();
            if self.seen.contains(id) {
                continue;
            }
            let id: Arc<str> = Arc::from(id);
            self.seen.insert(id.clone());
            key.clear();
            key.extend(keys.iter().map(|k| k[i]));
            let at = match self.group_of.get(key.as_slice()) {
                Some(at) => *at,
                None => {
                    self.groups
                        .push((key.clone(), vec![Vec::new(); self.metrics]));
                    self.group_of.insert(key.clone(), self.groups.len() - 1);
                    self.groups.len() - 1
                }
            };
            let row_labels = part.labels.of(i);
            for (points, m) in self.groups[at].1.iter_mut().zip(&part.metrics) {
                let Some(value) = value(m, i) else { continue };
                points.push(Point {
                    date: part.date.clone(),
                    run_id: id.clone(),
                    labels: row_labels.clone(),
                    value,
                });
            }
        }
    }
}

/// Reads the parts of the store (from `spec.since` on) and groups their rows; a run
/// stored twice (two adds racing) is kept once, the first time it is read. Parts are
/// read and coded a few at a time on every core while the ones before are merged on
/// one (merging keeps the date order); the first part that cannot be read, in date
/// order, is the error.
pub fn group(store: &Store, spec: &TrendSpec) -> Result<Grouped> {
    let files = parts_since(store, spec.since.as_deref())?;
    let mut wanted: Vec<String> = spec.metrics.clone();
    wanted.extend(spec.key.iter().cloned());
    wanted.extend(spec.filters.iter().map(|f| f.0.clone()));
    let read_chunk = |files: &[PartFile]| -> Result<Vec<Read>> {
        let read: Vec<Result<Read>> = files
            .par_iter()
            .map(|f| PartRows::read(store, f, spec, &wanted))
            .collect();
        read.into_iter().collect()
    };
    let mut builder = Builder {
        key_texts: spec.key.iter().map(|_| KeyTexts::default()).collect(),
        group_of: FxHashMap::default(),
        groups: Vec::new(),
        seen: FxHashSet::default(),
        seen_date: Arc::from(""),
        present: HashSet::new(),
        metrics: spec.metrics.len(),
    };
    let mut chunks = files.chunks(4 * rayon::current_num_threads().max(1));
    let mut pending = chunks.next().map(read_chunk).transpose()?;
    while let Some(parts) = pending {
        let next = chunks.next();
        let (read, ()) = rayon::join(
            || next.map(read_chunk).transpose(),
            || parts.into_iter().for_each(|p| builder.add(p)),
        );
        pending = read?;
    }
    let key_texts = &builder.key_texts;
    let groups = builder
        .groups
        .into_iter()
        .map(|(codes, points)| {
            let texts = codes
                .iter()
                .zip(key_texts)
                .map(|(c, k)| k.texts[*c as usize].clone())
                .collect();
            (texts, points)
        })
        .collect();
    Ok(Grouped {
        groups,
        present: builder.present,
    })
}

/// The label columns of a part, and each distinct set of a row's labels built once.
struct PartLabels {
    columns: Vec<(String, Dictionary)>,
    built: FxHashMap<Vec<Option<u32>>, Arc<BTreeMap<String, String>>>,
    codes: Vec<Option<u32>>,
}

impl PartLabels {
    fn read(part: &super::read::Part) -> Result<PartLabels> {
        let columns = part
            .labels
            .iter()
            .filter_map(|l| part.frame.column(l).ok().map(|c| (l, c)))
            .map(|(l, c)| Ok((l.clone(), Dictionary::of(c)?)))
            .collect::<Result<_>>()?;
        Ok(PartLabels {
            columns,
            built: FxHashMap::default(),
            codes: Vec::new(),
        })
    }

    /// Row `i`'s labels (a null label left out).
    fn of(&mut self, i: usize) -> Arc<BTreeMap<String, String>> {
        self.codes.clear();
        self.codes
            .extend(self.columns.iter().map(|(_, d)| d.codes[i]));
        if let Some(labels) = self.built.get(self.codes.as_slice()) {
            return labels.clone();
        }
        let labels: Arc<BTreeMap<String, String>> = Arc::new(
            self.columns
                .iter()
                .filter_map(|(name, d)| Some((name.clone(), d.text(i)?.to_owned())))
                .collect(),
        );
        self.built.insert(self.codes.clone(), labels.clone());
        labels
    }
}
