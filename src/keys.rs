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

/// The columns of a run's setup: the server it measured (docs/metrics.md,
/// "Configuration") and the lengths its files imply ([`imply_lengths`]). Runs of one side
/// that differ in one of them are different setups, never repeats.
/// The engine's version is not among them: it is the software a comparison measures
/// (last night's build against tonight's), not a setup.
pub fn setup_columns() -> impl Iterator<Item = &'static str> {
    crate::model::schema::CONFIGURATION
        .into_iter()
        .filter(|c| *c != "engine_version")
        .chain(IMPLIED)
}

/// The mean lengths a run's totals imply when its tool wrote no requested length.
pub const IMPLIED: [&str; 2] = ["implied_input_len", "implied_output_len"];

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

/// The setup columns ([`setup_columns`]) that tell runs of one side apart (two or more
/// values known on a side) and that both sides know: added to the workload key, so that
/// a TP 1 and a TP 2 run are two setups, each paired with its own.
pub fn setup_key(baseline: &[Run], candidate: &[Run]) -> Vec<String> {
    setup_columns()
        .filter(|c| {
            let known = |runs: &[Run]| known_values(runs.iter(), c);
            let (b, d) = (known(baseline), known(candidate));
            !b.is_empty() && !d.is_empty() && (b.len() > 1 || d.len() > 1)
        })
        .map(str::to_owned)
        .collect()
}

/// The values of `column` known on `runs` (nulls left out).
fn known_values<'r>(runs: impl Iterator<Item = &'r Run>, column: &str) -> BTreeSet<KeyValue> {
    runs.map(|r| KeyValue::of(cell(r, column)))
        .filter(|v| *v != KeyValue::Null)
        .collect()
}

/// The setup columns in which the runs of one side of a group differ: the runs a key
/// merged as repeats of one setup although they are several.
pub fn setups_merged(baseline: &[&Run], candidate: &[&Run]) -> Vec<ConfigDiff> {
    setup_columns()
        .filter_map(|c| {
            let b = known_values(baseline.iter().copied(), c);
            let d = known_values(candidate.iter().copied(), c);
            (b.len() > 1 || d.len() > 1).then(|| ConfigDiff {
                column: c.to_owned(),
                baseline: joined(&b),
                candidate: joined(&d),
            })
        })
        .collect()
}

fn joined(set: &BTreeSet<KeyValue>) -> String {
    set.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// How far apart two runs' implied lengths must be to be two workloads: a sampled
/// dataset's mean length moves by a few percent between repeats, a changed length by far
/// more (100 against 200 tokens).
const IMPLIED_GAP: f64 = 1.25;

/// Sets `implied_input_len` and `implied_output_len` on runs whose tool wrote no requested
/// length: the mean tokens per completed request (`total_input_tokens / completed`),
/// grouped with every run's over both sides: values within [`IMPLIED_GAP`] of their
/// neighbour are one workload, named by the group's median rounded to a token. Set only
/// when the runs hold two workloads or more: one is no information.
pub fn imply_lengths(sides: &mut [&mut Vec<Run>]) {
    for (column, written, total) in [
        (IMPLIED[0], "input_len", "total_input_tokens"),
        (IMPLIED[1], "output_len", "total_output_tokens"),
    ] {
        let mean = |r: &Run| -> Option<f64> {
            if r.get(written).is_some() {
                return None;
            }
            let completed = r.get("completed").filter(|c| *c > 0.0)?;
            Some(r.get(total)? / completed).filter(|m| m.is_finite() && *m > 0.0)
        };
        let mut values: Vec<f64> = sides
            .iter()
            .flat_map(|s| s.iter().filter_map(mean))
            .collect();
        values.sort_by(f64::total_cmp);
        let mut groups: Vec<Vec<f64>> = Vec::new();
        for v in values {
            match groups.last_mut() {
                Some(g) if g.last().is_some_and(|last| v / last <= IMPLIED_GAP) => g.push(v),
                _ => groups.push(vec![v]),
            }
        }
        if groups.len() < 2 {
            continue;
        }
        let name = |v: f64| {
            let g = groups.iter().find(|g| g.contains(&v))?;
            Some(g[g.len() / 2].round())
        };
        for side in sides.iter_mut() {
            for run in side.iter_mut() {
                if let Some(n) = mean(run).and_then(name) {
                    run.set_num(column, n);
                }
            }
        }
    }
}

/// A workload column whose values differ between the paired runs of two sides.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ConfigDiff {
    pub column: String,
    /// The side's values, in order, joined by `, ` (`null` where a run has none).
    pub baseline: String,
    pub candidate: String,
}

/// The workload and setup columns in which two groups of paired runs differ: what a user
/// pairing by `--key model_id` must know before reading the change as the effect of their
/// patch, and what a comparison of two server configurations compares. A setup column
/// counts where both sides know it (a server log on one side only is no difference).
pub fn config_differs(baseline: &[&Run], candidate: &[&Run]) -> Vec<ConfigDiff> {
    let values = |runs: &[&Run], c: &str| -> BTreeSet<KeyValue> {
        runs.iter().map(|r| KeyValue::of(cell(r, c))).collect()
    };
    let workload = WORKLOAD.iter().copied().filter_map(|c| {
        let (b, d) = (values(baseline, c), values(candidate, c));
        (b != d).then(|| ConfigDiff {
            column: c.to_owned(),
            baseline: joined(&b),
            candidate: joined(&d),
        })
    });
    let setup = std::iter::once("engine_version")
        .chain(setup_columns())
        .flat_map(|c| {
            let b = known_values(baseline.iter().copied(), c);
            let d = known_values(candidate.iter().copied(), c);
            match (b.len(), d.len()) {
                (0, _) | (_, 0) => Vec::new(),
                _ if b == d => Vec::new(),
                (1, 1) if c == ENGINE_ARGS => flags_differ(&b, &d),
                _ => vec![ConfigDiff {
                    column: c.to_owned(),
                    baseline: joined(&b),
                    candidate: joined(&d),
                }],
            }
        });
    workload.chain(setup).collect()
}

/// The workload columns, given or implied by the token totals ([`imply_lengths`]), in
/// which one run differs from another it is compared with: a report's variant against
/// its baseline on the same profile, a scenario's optimized run against its baseline. A
/// configuration is what such a comparison varies on purpose; the workload must not vary.
pub fn workload_differs(baseline: &Run, candidate: &Run) -> Vec<ConfigDiff> {
    let mut sides = [vec![baseline.clone()], vec![candidate.clone()]];
    let [b, c] = &mut sides;
    imply_lengths(&mut [b, c]);
    config_differs(&[&sides[0][0]], &[&sides[1][0]])
        .into_iter()
        .filter(|d| WORKLOAD.contains(&d.column.as_str()) || IMPLIED.contains(&d.column.as_str()))
        .collect()
}

const ENGINE_ARGS: &str = "engine_args";

/// The flags in which two `engine_args` objects differ, each as `engine_args.NAME`, leaving
/// out those with a column of their own (already named); `-` where a side lacks the flag.
fn flags_differ(b: &BTreeSet<KeyValue>, d: &BTreeSet<KeyValue>) -> Vec<ConfigDiff> {
    type Flags = serde_json::Map<String, serde_json::Value>;
    let parse = |set: &BTreeSet<KeyValue>| -> Option<Flags> {
        serde_json::from_str(&set.iter().next()?.to_string()).ok()
    };
    let (Some(b), Some(d)) = (parse(b), parse(d)) else {
        return Vec::new();
    };
    let names: BTreeSet<&String> = b.keys().chain(d.keys()).collect();
    let text = |f: &Flags, name: &str| {
        f.get(name).map_or("-".to_owned(), |v| match v {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        })
    };
    names
        .into_iter()
        .filter(|n| b.get(*n) != d.get(*n))
        .filter(|n| !crate::model::schema::CONFIGURATION.contains(&n.as_str()))
        .map(|n| ConfigDiff {
            column: format!("{ENGINE_ARGS}.{n}"),
            baseline: text(&b, n),
            candidate: text(&d, n),
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
