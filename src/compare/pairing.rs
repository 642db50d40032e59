//! Pairs baseline runs with candidate runs by a key (columns of the runs frame). Every
//! run lands somewhere: in a matched group (several runs per side = repeated runs), or
//! in the baseline-only ("removed") or candidate-only ("added") lists. [`super::diff`]
//! turns the groups into comparisons.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::frame::cell;
use crate::model::Run;

pub use crate::keys::BY_FILE as DEFAULT_KEY;

pub use crate::keys::{Key, KeyValue};

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
const SETUP_COLUMNS: [&str; 7] = [
    "model_id",
    "max_concurrency",
    "request_rate",
    "backend",
    "label",
    "dataset",
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
    use crate::model::{Format, Value};

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
