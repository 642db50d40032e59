//! Pairs baseline runs with candidate runs by a key (columns of the runs frame). Every
//! run lands somewhere: in a matched group (several runs per side = repeated runs), or
//! in the baseline-only ("removed") or candidate-only ("added") lists. [`super::diff`]
//! turns the groups into comparisons.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::model::frame::{cell, format_number};
use crate::model::{Run, Value};

/// The key used when the user gives none: the path relative to the directory given, and
/// the run's position in its file.
pub const DEFAULT_KEY: [&str; 2] = ["source", "run_index"];

/// One column's value in a key. Text that reads as a number is a number, so that a key
/// read from CSV (`"4"`) matches one read from JSON (`4`); null matches only null (an
/// absent column and a printed `N/A` are both null).
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum KeyValue {
    Null,
    Num(f64),
    Text(String),
}

impl KeyValue {
    fn of(value: Option<Value>) -> KeyValue {
        match value {
            Some(Value::Num(x)) => KeyValue::Num(x),
            Some(Value::Text(s)) => match s.trim().parse::<f64>() {
                Ok(x) if x.is_finite() => KeyValue::Num(x),
                _ => KeyValue::Text(*s),
            },
            Some(Value::List(xs)) => KeyValue::Text(serde_json::to_string(&xs).unwrap_or_default()),
            Some(Value::Null) | None => KeyValue::Null,
        }
    }

    fn rank(&self) -> u8 {
        match self {
            KeyValue::Null => 0,
            KeyValue::Num(_) => 1,
            KeyValue::Text(_) => 2,
        }
    }
}

impl std::fmt::Display for KeyValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KeyValue::Null => f.write_str("null"),
            KeyValue::Num(x) => f.write_str(&format_number(*x)),
            KeyValue::Text(s) => f.write_str(s),
        }
    }
}

impl Ord for KeyValue {
    /// Nulls first, then numbers in numeric order (so `max_concurrency` 4 sorts before
    /// 16), then text.
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (KeyValue::Num(a), KeyValue::Num(b)) => a.total_cmp(b),
            (KeyValue::Text(a), KeyValue::Text(b)) => a.cmp(b),
            _ => self.rank().cmp(&other.rank()),
        }
    }
}

impl PartialOrd for KeyValue {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for KeyValue {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for KeyValue {}

/// The key of a group: one value per key column.
pub type Key = Vec<KeyValue>;

/// The runs of one key on both sides; either side may be empty.
#[derive(Debug, Default)]
pub struct Group<'a> {
    pub baseline: Vec<&'a Run>,
    pub candidate: Vec<&'a Run>,
}

/// Groups both sides' runs by key, sorted by key (deterministic output whatever the
/// input order).
pub fn group<'a>(
    baseline: &'a [Run],
    candidate: &'a [Run],
    columns: &[String],
) -> BTreeMap<Key, Group<'a>> {
    let key_of =
        |run: &Run| -> Key { columns.iter().map(|c| KeyValue::of(cell(run, c))).collect() };
    let mut groups: BTreeMap<Key, Group<'a>> = BTreeMap::new();
    for run in baseline {
        groups.entry(key_of(run)).or_default().baseline.push(run);
    }
    for run in candidate {
        groups.entry(key_of(run)).or_default().candidate.push(run);
    }
    groups
}

/// Key columns that no run on either side has: almost surely a typo in `--key`, which
/// would otherwise pair everything as null = null.
pub fn unknown_key_columns(baseline: &[Run], candidate: &[Run], columns: &[String]) -> Vec<String> {
    columns
        .iter()
        .filter(|c| {
            !baseline
                .iter()
                .chain(candidate)
                .any(|r| cell(r, c).is_some())
        })
        .cloned()
        .collect()
}

/// Columns that describe a run's setup rather than its outcome: the candidates for a
/// `--key` when the default one pairs nothing.
const SETUP_COLUMNS: [&str; 6] = [
    "model_id",
    "max_concurrency",
    "request_rate",
    "backend",
    "label",
    "dataset_name",
];

/// The setup columns whose values both sides share (each side's runs have one and the
/// same value sets meet), in the order of [`SETUP_COLUMNS`]: pairing by them would match
/// something where the current key matched nothing. Empty when no such column exists.
pub fn suggested_key(baseline: &[Run], candidate: &[Run]) -> Vec<String> {
    let values = |runs: &[Run], c: &str| -> Option<BTreeSet<KeyValue>> {
        let set: BTreeSet<KeyValue> = runs.iter().map(|r| KeyValue::of(cell(r, c))).collect();
        (!set.contains(&KeyValue::Null)).then_some(set)
    };
    SETUP_COLUMNS
        .iter()
        .filter(|c| match (values(baseline, c), values(candidate, c)) {
            (Some(b), Some(d)) => !b.is_disjoint(&d),
            _ => false,
        })
        .map(|c| (*c).to_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Format;

    fn run(source: &str, conc: Option<Value>) -> Run {
        let mut r = Run::new(Format::VllmServeJson, None);
        r.source = source.into();
        if let Some(v) = conc {
            r.values.insert("max_concurrency".into(), v);
        }
        r
    }

    #[test]
    fn null_matches_null_and_text_matches_number() {
        let base = vec![
            run("a", Some(Value::Num(4.0))),
            run("b", None),
            run("c", Some(Value::Num(16.0))),
        ];
        let cand = vec![
            run("x", Some(Value::text("4"))),
            run("y", Some(Value::Null)),
            run("z", Some(Value::Num(32.0))),
        ];
        let groups = group(&base, &cand, &["max_concurrency".to_owned()]);
        let shape: Vec<(String, usize, usize)> = groups
            .iter()
            .map(|(k, g)| (k[0].to_string(), g.baseline.len(), g.candidate.len()))
            .collect();
        assert_eq!(
            shape,
            vec![
                ("null".into(), 1, 1),
                ("4".into(), 1, 1),
                ("16".into(), 1, 0),
                ("32".into(), 0, 1)
            ]
        );
    }

    #[test]
    fn unknown_columns_are_found() {
        let base = vec![run("a", Some(Value::Num(4.0)))];
        let cols = vec!["max_concurrency".to_owned(), "max_concurency".to_owned()];
        assert_eq!(
            unknown_key_columns(&base, &[], &cols),
            vec!["max_concurency".to_owned()]
        );
    }
}
