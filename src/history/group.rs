//! The store's rows grouped into series: per key (the `--key` columns' texts), per metric,
//! the points in date order. A year of nightly runs is millions of rows, so a part's key,
//! filter and label columns are read once each as a dictionary (its distinct texts, and
//! a code per row): a row costs a few integer lookups, not a string per column; and a
//! part's date and each distinct set of labels are one allocation its points share
//! (BENCHMARKS.md, "At scale").

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;

use polars::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

use super::labels::RUN_ID;
use super::read::{parts_since, read_part};
use super::store::Store;
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

/// Reads the parts of the store (from `spec.since` on) and groups their rows; a run
/// stored twice (two adds racing) is kept once, the first time it is read. A run's id
/// hashes its date (`labels::run_id`), so the same run can only repeat within a date,
/// and the parts come sorted by date: the ids seen are those of the current date, a
/// set of one night's runs instead of the whole history's.
pub fn group(store: &Store, spec: &TrendSpec) -> Result<Grouped> {
    let mut wanted: Vec<String> = spec.metrics.clone();
    wanted.extend(spec.key.iter().cloned());
    wanted.extend(spec.filters.iter().map(|f| f.0.clone()));
    let mut key_texts: Vec<KeyTexts> = spec.key.iter().map(|_| KeyTexts::default()).collect();
    let mut group_of: FxHashMap<Vec<u32>, usize> = FxHashMap::default();
    let mut groups: Vec<(Vec<u32>, Vec<Vec<Point>>)> = Vec::new();
    let mut seen: FxHashSet<Arc<str>> = FxHashSet::default();
    let mut present: HashSet<String> = HashSet::new();
    let mut key = Vec::with_capacity(spec.key.len());
    let mut seen_date = String::new();
    for file in parts_since(store, spec.since.as_deref())? {
        if file.date != seen_date {
            seen.clear();
            seen_date.clone_from(&file.date);
        }
        let part = read_part(store, &file, Some(&wanted))?;
        let df = &part.frame;
        for name in df.get_column_names() {
            present.insert(name.to_string());
        }
        let metrics: Vec<Option<Vec<Option<f64>>>> = spec
            .metrics
            .iter()
            .map(|m| df.column(m).ok().map(metric_values).transpose())
            .collect::<Result<_>>()?;
        if metrics.iter().all(Option::is_none) {
            continue;
        }
        let dictionary = |name: &str| df.column(name).ok().map(Dictionary::of).transpose();
        let ids = Dictionary::of(df.column(RUN_ID)?)?;
        // Each key column's part codes as codes across parts (a null is "").
        let keys: Vec<Vec<u32>> = spec
            .key
            .iter()
            .zip(key_texts.iter_mut())
            .map(|(k, global)| {
                let empty = global.code("");
                Ok(match dictionary(k)? {
                    Some(d) => {
                        let to_global: Vec<u32> = d.texts.iter().map(|t| global.code(t)).collect();
                        d.codes
                            .iter()
                            .map(|c| c.map_or(empty, |c| to_global[c as usize]))
                            .collect()
                    }
                    None => vec![empty; df.height()],
                })
            })
            .collect::<Result<_>>()?;
        let filters: Vec<Option<Vec<bool>>> = spec
            .filters
            .iter()
            .map(|(c, want)| {
                Ok(dictionary(c)?.map(|d| {
                    let pass: Vec<bool> = d.texts.iter().map(|t| t == want).collect();
                    d.codes
                        .iter()
                        .map(|c| c.is_some_and(|c| pass[c as usize]))
                        .collect()
                }))
            })
            .collect::<Result<_>>()?;
        let mut labels = PartLabels::read(&part)?;
        let date: Arc<str> = Arc::from(file.date.as_str());
        for i in 0..df.height() {
            let row: Vec<Option<f64>> = metrics
                .iter()
                .map(|m| m.as_ref().and_then(|m| m[i]).filter(|v| v.is_finite()))
                .collect();
            if row.iter().all(Option::is_none) {
                continue;
            }
            if !filters.iter().all(|f| f.as_ref().is_some_and(|f| f[i])) {
                continue;
            }
            let id = ids.text(i).unwrap_or_default();
            if seen.contains(id) {
                continue;
            }
            let id: Arc<str> = Arc::from(id);
            seen.insert(id.clone());
            key.clear();
            key.extend(keys.iter().map(|k| k[i]));
            let at = match group_of.get(key.as_slice()) {
                Some(at) => *at,
                None => {
                    groups.push((key.clone(), vec![Vec::new(); spec.metrics.len()]));
                    group_of.insert(key.clone(), groups.len() - 1);
                    groups.len() - 1
                }
            };
            let row_labels = labels.of(i);
            for (points, value) in groups[at].1.iter_mut().zip(row) {
                let Some(value) = value else { continue };
                points.push(Point {
                    date: date.clone(),
                    run_id: id.clone(),
                    labels: row_labels.clone(),
                    value,
                });
            }
        }
    }
    let groups = groups
        .into_iter()
        .map(|(codes, points)| {
            let texts = codes
                .iter()
                .zip(&key_texts)
                .map(|(c, k)| k.texts[*c as usize].clone())
                .collect();
            (texts, points)
        })
        .collect();
    Ok(Grouped { groups, present })
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
