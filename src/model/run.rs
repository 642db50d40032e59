//! One benchmark result, normalised: identity fields plus canonical metric values keyed
//! by the column names of `metrics.md`.

use std::borrow::Cow;

use super::{Format, Values};

/// A metric's value. `Null` is a value the tool printed as `N/A` (or `None`): the column
/// exists for this run but holds no number. A metric never printed is simply absent.
///
/// Texts and lists are boxed: a value is then 16 bytes, not 32, and the maps of a corpus
/// of 100,000s of runs (mostly numbers) take less memory to allocate and zero (the dense
/// benchmark corpus: 725 → 606 MB at its peak; BENCHMARKS.md, "Smaller values").
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Num(f64),
    Text(Box<String>),
    List(Box<Vec<f64>>),
    Null,
}

impl Value {
    pub fn text(s: impl Into<String>) -> Value {
        Value::Text(Box::new(s.into()))
    }
    /// A number as a run keeps it: `-0.00` is printed by Python's formatting of tiny
    /// negatives; it means zero.
    pub fn number(v: f64) -> Value {
        Value::Num(if v == 0.0 { 0.0 } else { v })
    }
    pub fn list(xs: Vec<f64>) -> Value {
        Value::List(Box::new(xs))
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Num(v) => Some(*v),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Text(s) => Some(s),
            _ => None,
        }
    }
}

/// A column name. Readers name canonical columns with `&'static str` constants, so a
/// run's keys borrow them instead of allocating one string per value (the block parsers'
/// hottest cost); names made at run time (`p99.9_ttft_ms`, genai-perf's own) are owned.
pub type Key = Cow<'static, str>;

#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    /// Path relative to what the user named (the file's name when a file was named).
    pub source: String,
    /// 1-based line where the block starts; `None` for a whole-file format.
    pub line: Option<u64>,
    /// 0-based order of the run within its source.
    pub run_index: u32,
    pub format: Format,
    pub values: Values,
}

impl Run {
    pub fn new(format: Format, line: Option<u64>) -> Self {
        Run {
            source: String::new(),
            line,
            run_index: 1,
            format,
            values: Values::new(),
        }
    }

    pub fn get(&self, key: &str) -> Option<f64> {
        self.values.get(key).and_then(Value::as_f64)
    }

    pub fn text(&self, key: &str) -> Option<&str> {
        self.values.get(key).and_then(Value::as_str)
    }

    pub fn set_num(&mut self, key: impl Into<Key>, v: f64) {
        self.values.insert(key.into(), Value::number(v));
    }

    pub fn set_opt(&mut self, key: impl Into<Key>, v: Option<f64>) {
        match v {
            Some(v) => self.set_num(key, v),
            None => {
                self.values.insert(key.into(), Value::Null);
            }
        }
    }

    pub fn set_text(&mut self, key: impl Into<Key>, v: impl Into<String>) {
        self.values.insert(key.into(), Value::text(v));
    }

    /// Success rate in percent as `metrics.md` defines it: completed over completed plus
    /// failed when failed is known, else over the requests asked for. `None` when
    /// neither denominator is known or it is zero.
    pub fn success_rate(&self, requested_total: Option<f64>) -> Option<f64> {
        let completed = self.get("completed")?;
        let denom = match self.get("failed") {
            Some(failed) => completed + failed,
            None => self.get("num_prompts").or(requested_total)?,
        };
        (denom > 0.0).then(|| completed / denom * 100.0)
    }
}
