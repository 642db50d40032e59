//! The runs frame as NDJSON: one JSON object per run, keys in canonical order, absent
//! metrics left out and `N/A` ones written as null. Written straight into a byte buffer
//! (no `serde_json::Value` per cell, no copy of a run's values) and, for many runs, in
//! parallel batches: with 100,000 runs the formatting was the larger part of
//! `perflab ingest --json`, and it ran on one core after the parallel parse.

use std::io::Write;

use rayon::prelude::*;

use super::schema::{column_rank, is_integer, ColumnRank};
use super::unsorted::same_key;
use super::{Key, Run, Value};

/// Runs formatted per parallel task: large enough that a task is worth its scheduling,
/// small enough that only a few batches of text are held before they are written.
const BATCH: usize = 2048;

/// Appends one run as a JSON line (with its `\n`) to `out`.
pub fn write_json_line(run: &Run, out: &mut Vec<u8>) {
    write_line(run, &mut KeyOrder::default(), out);
}

/// The canonical order of the last run's keys. The runs of one corpus mostly have the
/// same columns, and sorting them is the costliest part of a line, so a run whose keys
/// are the previous run's reuses that order, with each key's `,"key":` text escaped once.
#[derive(Default)]
struct KeyOrder {
    /// The keys in the run's own (map) order.
    keys: Vec<Key>,
    /// In canonical order: a position into `keys`, what the key prints as, and what its
    /// value does.
    slots: Vec<Slot>,
}

struct Slot {
    index: usize,
    /// `,"key":` as JSON.
    prefix: Vec<u8>,
    kind: Column,
}

/// How a column's value is written.
#[derive(Clone, Copy)]
enum Column {
    /// An identity column stored among the values prints the run's own field, as
    /// `frame::cell` reads it.
    Source,
    Line,
    RunIndex,
    Format,
    /// A count: whole numbers without a fraction.
    Integer,
    Other,
}

impl Column {
    fn of(key: &str) -> Column {
        match key {
            "source" => Column::Source,
            "line" => Column::Line,
            "run_index" => Column::RunIndex,
            "format" => Column::Format,
            _ if is_integer(key) => Column::Integer,
            _ => Column::Other,
        }
    }
}

impl KeyOrder {
    fn of(&mut self, run: &Run) -> &[Slot] {
        let same = self.keys.len() == run.values.len()
            && self
                .keys
                .iter()
                .zip(run.values.keys())
                .all(|(a, b)| same_key(a, b));
        if !same {
            self.keys = run.values.keys().cloned().collect();
            let ranks: Vec<ColumnRank> = self.keys.iter().map(|k| column_rank(k)).collect();
            let mut order: Vec<usize> = (0..self.keys.len()).collect();
            let keys = &self.keys;
            order.sort_by(|&a, &b| ranks[a].cmp_with(&ranks[b], &keys[a], &keys[b]));
            self.slots = order
                .into_iter()
                .map(|index| {
                    let mut prefix = Vec::new();
                    push_key(&mut prefix, &keys[index], false);
                    Slot {
                        index,
                        prefix,
                        kind: Column::of(&keys[index]),
                    }
                })
                .collect();
        }
        &self.slots
    }
}

fn write_line(run: &Run, order: &mut KeyOrder, out: &mut Vec<u8>) {
    out.push(b'{');
    push_key(out, "source", true);
    push_str(out, &run.source);
    push_key(out, "line", false);
    push_line(out, run.line);
    push_key(out, "run_index", false);
    push_display(out, run.run_index);
    push_key(out, "format", false);
    push_str(out, run.format.as_str());
    for slot in order.of(run) {
        let value = run.values.value_at(slot.index);
        out.extend_from_slice(&slot.prefix);
        match slot.kind {
            Column::Source => push_str(out, &run.source),
            Column::Line => push_line(out, run.line),
            Column::RunIndex => push_display(out, run.run_index),
            Column::Format => push_str(out, run.format.as_str()),
            Column::Integer => push_value(out, true, value),
            Column::Other => push_value(out, false, value),
        }
    }
    out.extend_from_slice(b"}\n");
}

fn push_line(out: &mut Vec<u8>, line: Option<u64>) {
    match line {
        Some(l) => push_display(out, l),
        None => out.extend_from_slice(b"null"),
    }
}

/// Writes every run as NDJSON to `w`, formatting batches of runs in parallel; the
/// output is the same bytes, in the same order, as one `write_json_line` after another.
pub fn write_ndjson(runs: &[Run], w: &mut impl Write) -> std::io::Result<()> {
    // A few batches per core at a time bound the text held in memory.
    let group = BATCH * rayon::current_num_threads().max(1) * 2;
    for runs in runs.chunks(group) {
        let texts: Vec<Vec<u8>> = runs
            .par_chunks(BATCH)
            .map(|batch| {
                let mut out = Vec::with_capacity(batch.len() * 1024);
                let mut order = KeyOrder::default();
                for run in batch {
                    write_line(run, &mut order, &mut out);
                }
                out
            })
            .collect();
        for text in texts {
            w.write_all(&text)?;
        }
    }
    w.flush()
}

fn push_key(out: &mut Vec<u8>, key: &str, first: bool) {
    if !first {
        out.push(b',');
    }
    push_str(out, key);
    out.push(b':');
}

fn push_str(out: &mut Vec<u8>, s: &str) {
    // serde_json's escaping, so the text is what `serde_json::to_string` gives.
    let _ = serde_json::to_writer(&mut *out, s);
}

fn push_display(out: &mut Vec<u8>, v: impl std::fmt::Display) {
    let _ = write!(out, "{v}");
}

fn push_value(out: &mut Vec<u8>, integer: bool, value: &Value) {
    match value {
        Value::Num(x) if integer && x.fract() == 0.0 => push_display(out, *x as i64),
        // serde_json's float form (shortest round trip; null when not finite).
        Value::Num(x) => {
            let _ = serde_json::to_writer(&mut *out, x);
        }
        Value::Text(s) => push_str(out, s),
        Value::List(xs) => {
            let _ = serde_json::to_writer(&mut *out, xs);
        }
        Value::Null => out.extend_from_slice(b"null"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::frame::cell;
    use crate::model::schema::compare_columns;
    use crate::model::Format;

    /// The line as serde_json's values give it: the form this writer must keep.
    fn reference(run: &Run) -> String {
        let mut keys: Vec<&str> = vec!["source", "line", "run_index", "format"];
        let mut rest: Vec<&str> = run.values.keys().map(|k| k.as_ref()).collect();
        rest.sort_by(|a, b| compare_columns(a, b));
        keys.extend(rest);
        let parts: Vec<String> = keys
            .iter()
            .map(|key| {
                let json = match cell(run, key) {
                    Some(Value::Num(x)) if is_integer(key) && x.fract() == 0.0 => {
                        serde_json::Value::from(x as i64)
                    }
                    Some(Value::Num(x)) => serde_json::Value::from(x),
                    Some(Value::Text(s)) => serde_json::Value::from(*s),
                    Some(Value::List(xs)) => serde_json::Value::from(*xs),
                    Some(Value::Null) | None => serde_json::Value::Null,
                };
                format!("{}:{json}", serde_json::to_string(key).unwrap())
            })
            .collect();
        format!("{{{}}}", parts.join(","))
    }

    fn runs() -> Vec<Run> {
        let mut a = Run::new(Format::VllmServeText, Some(12));
        a.source = "dir/\"quoted\" ünï\tlog.txt".into();
        a.run_index = 3;
        for (k, v) in [
            ("p99.9_ttft_ms", 22.975463429968386),
            ("mean_ttft_ms", 21.85),
            ("completed", 40.0),
            ("failed", 0.0),
            ("duration", 2.0),
            ("total_token_throughput", 1e21),
            ("p50_itl_ms", 1e-7),
            ("zeta", 3.5),
        ] {
            a.set_num(k, v);
        }
        a.set_opt("request_rate", None);
        a.set_text("extra", r#"{"RTFx": "3.20"}"#);
        a.set_text("model_id", "Qwen/Qwen3.5-9B");
        a.values.insert(
            "spec_decode_per_position_acceptance".into(),
            Value::list(vec![0.5, 1.0]),
        );
        a.values
            .insert("mean_tpot_ms".into(), Value::Num(f64::INFINITY));
        let mut b = Run::new(Format::VllmServeJson, None);
        b.set_num("completed", 7.5);
        b.set_num("request_throughput", 19.0);
        // An identity column among the values prints the run's own field.
        b.set_text("format", "other");
        let mut c = b.clone();
        c.set_num("max_concurrency", 8.0);
        vec![a, b.clone(), b, c]
    }

    #[test]
    fn lines_are_serde_json_s() {
        for run in runs() {
            let mut out = Vec::new();
            write_json_line(&run, &mut out);
            assert_eq!(
                String::from_utf8(out).unwrap(),
                format!("{}\n", reference(&run))
            );
        }
    }

    #[test]
    fn parallel_batches_keep_the_order_and_bytes() {
        let runs: Vec<Run> = (0..3 * BATCH + 17)
            .map(|i| {
                let mut r = runs()[i % 4].clone();
                r.run_index = i as u32;
                r
            })
            .collect();
        let mut out = Vec::new();
        write_ndjson(&runs, &mut out).unwrap();
        let expected: String = runs.iter().map(|r| format!("{}\n", reference(r))).collect();
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }
}
