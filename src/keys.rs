//! Keys: the values that tell runs apart when they are paired (`diff`), grouped into
//! series (`history`), or compared as configurations. One rule for every command: text
//! that reads as a number is that number, and null matches only null.
//!
//! The workload columns say what a run measured (the model, the dataset and its lengths,
//! the endpoint, the load): two runs with the same workload are the same benchmark, run
//! twice. `diff` pairs by them when no key is given, since vLLM names its result files by
//! timestamp and pairing by file name then pairs nothing.

use std::cmp::Ordering;
use std::collections::BTreeSet;

use serde::Serialize;

use crate::model::frame::{cell, format_number};
use crate::model::{Run, Value};

/// The key when runs carry no workload: the path relative to the folder given, and the
/// run's place in its file.
pub const BY_FILE: [&str; 2] = ["source", "run_index"];

/// The columns of a run's workload and load (docs/metrics.md, "Workload"), in the order
/// a key lists them.
pub const WORKLOAD: [&str; 13] = [
    "model_id",
    "dataset",
    "input_len",
    "output_len",
    "random_range_ratio",
    "endpoint",
    "backend",
    "streaming",
    "load_type",
    "load_value",
    "request_rate",
    "max_concurrency",
    "num_prompts",
];

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
    pub fn of(value: Option<Value>) -> KeyValue {
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

/// The workload columns both sides know: each has a value in some run of the baseline and
/// in some run of the candidate. Empty when the runs carry no workload (old outputs).
pub fn workload_key(baseline: &[Run], candidate: &[Run]) -> Vec<String> {
    let known = |runs: &[Run], c: &str| {
        runs.iter()
            .any(|r| cell(r, c).is_some_and(|v| !matches!(v, Value::Null)))
    };
    WORKLOAD
        .iter()
        .filter(|c| known(baseline, c) && known(candidate, c))
        .map(|c| (*c).to_owned())
        .collect()
}

/// A workload column whose values differ between the paired runs of two sides.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConfigDiff {
    pub column: String,
    /// The side's values, in order, joined by `, ` (`null` where a run has none).
    pub baseline: String,
    pub candidate: String,
}

/// The workload columns in which two groups of paired runs differ: what a user pairing by
/// `--key model_id` must know before reading the change as the effect of their patch.
pub fn config_differs(baseline: &[&Run], candidate: &[&Run]) -> Vec<ConfigDiff> {
    let values = |runs: &[&Run], c: &str| -> BTreeSet<KeyValue> {
        runs.iter().map(|r| KeyValue::of(cell(r, c))).collect()
    };
    let text = |set: &BTreeSet<KeyValue>| {
        set.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    WORKLOAD
        .iter()
        .filter_map(|c| {
            let (b, d) = (values(baseline, c), values(candidate, c));
            (b != d).then(|| ConfigDiff {
                column: (*c).to_owned(),
                baseline: text(&b),
                candidate: text(&d),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Format;

    fn run(values: &[(&str, f64)]) -> Run {
        let mut r = Run::new(Format::VllmServeJson, None);
        for (k, v) in values {
            r.set_num(k.to_string(), *v);
        }
        r
    }

    #[test]
    fn the_workload_key_is_what_both_sides_know() {
        let base = vec![run(&[("input_len", 128.0), ("max_concurrency", 4.0)])];
        let cand = vec![run(&[("input_len", 256.0), ("num_prompts", 10.0)])];
        assert_eq!(workload_key(&base, &cand), ["input_len"]);
        assert!(workload_key(&[run(&[])], &cand).is_empty());
        // A printed `N/A` (null) is not a value both sides know.
        let mut null = run(&[("input_len", 128.0)]);
        null.values.insert("max_concurrency".into(), Value::Null);
        assert_eq!(workload_key(&[null.clone()], &[null]), ["input_len"]);
    }

    #[test]
    fn differing_workloads_are_named_with_both_values() {
        let b = run(&[("input_len", 128.0), ("max_concurrency", 4.0)]);
        let c = run(&[("input_len", 256.0), ("max_concurrency", 4.0)]);
        assert_eq!(
            config_differs(&[&b], &[&c]),
            [ConfigDiff {
                column: "input_len".into(),
                baseline: "128".into(),
                candidate: "256".into()
            }]
        );
        assert!(config_differs(&[&b], &[&b]).is_empty());
    }
}
