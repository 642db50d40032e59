//! llama.cpp `llama-bench`'s fields and what they become in a run, shared by its readers
//! (`llama_bench.rs`: JSON, JSONL, CSV, SQL; `llama_bench_md.rs`: the Markdown table).
//! Every format prints the same test record (`tools/llama-bench/llama-bench.cpp`,
//! `test::get_fields`): the build, the hardware, the model, the test parameters, the
//! test's sizes and its timing. One row of any format is one run.
//!
//! What the timing means, from the source: each test is repeated `-r` times (5 by
//! default); `samples_ns` are the repetitions' wall times; `avg_ns`/`stddev_ns` their mean
//! and sample standard deviation; `avg_ts`/`stddev_ts` the mean and standard deviation of
//! each repetition's `(n_prompt + n_gen) * 1e9 / ns`, the Markdown's `t/s` column. The
//! tokens of `n_depth` (the KV cache filled before the test, `-d`) are not timed and not
//! counted. So a `pp` test (`n_gen` 0) measures prefill, a `tg` test (`n_prompt` 0)
//! decode one token at a time, and a `pp+tg` test (`-pg`) both.

use serde_json::{Map, Value as Json};

use super::reader::ParseError;
use crate::model::{Format, Run};

/// How a field's value is kept.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    Text,
    /// A number; llama-bench writes its booleans as `true`/`false` in JSON and `0`/`1`
    /// elsewhere, kept as 1/0.
    Num,
    /// Nanoseconds, kept as milliseconds.
    Nanos,
}

/// A field of the test record: its name in CSV, JSON and SQL, its header in the Markdown
/// table (`markdown_printer::get_field_display_name`), the run's column, and its kind.
pub struct Field {
    pub name: &'static str,
    pub header: Option<&'static str>,
    pub column: &'static str,
    pub kind: Kind,
}

const fn field(
    name: &'static str,
    header: Option<&'static str>,
    column: &'static str,
    kind: Kind,
) -> Field {
    Field {
        name,
        header,
        column,
        kind,
    }
}

/// Every field llama-bench has printed since its CSV and JSON (2023) up to 2026 builds.
/// The test parameters keep llama-bench's own names (`docs/metrics.md`, "llama-bench").
/// The measured fields and the test's sizes are not here: [`Record::finish`] maps them
/// by the test's kind.
pub const FIELDS: &[Field] = &[
    field("build_commit", None, "build_commit", Kind::Text),
    field("build_number", None, "build_number", Kind::Num),
    field("cpu_info", None, "cpu_info", Kind::Text),
    field("gpu_info", None, "gpu_info", Kind::Text),
    // The compute backends (`CUDA`, `Metal,BLAS`), which is what `backend` names for a
    // tool that runs the model itself.
    field("backends", Some("backend"), "backend", Kind::Text),
    field("model_filename", None, "model_file", Kind::Text),
    // `llama_model_desc`: architecture, size and quantization (`qwen2 7B Q4_K - Medium`),
    // the one model name the Markdown table prints, so the one every format gives.
    field("model_type", Some("model"), "model_id", Kind::Text),
    field("model_size", Some("size"), "model_size", Kind::Num),
    field(
        "model_n_params",
        Some("params"),
        "model_n_params",
        Kind::Num,
    ),
    field("n_batch", Some("n_batch"), "n_batch", Kind::Num),
    field("n_ubatch", Some("n_ubatch"), "n_ubatch", Kind::Num),
    field("n_threads", Some("threads"), "n_threads", Kind::Num),
    field("cpu_mask", Some("cpu_mask"), "cpu_mask", Kind::Text),
    field("cpu_strict", Some("cpu_strict"), "cpu_strict", Kind::Num),
    field("poll", Some("poll"), "poll", Kind::Num),
    field("type_k", Some("type_k"), "type_k", Kind::Text),
    field("type_v", Some("type_v"), "type_v", Kind::Text),
    field("n_gpu_layers", Some("ngl"), "n_gpu_layers", Kind::Num),
    field("n_cpu_moe", Some("n_cpu_moe"), "n_cpu_moe", Kind::Num),
    field("split_mode", Some("sm"), "split_mode", Kind::Text),
    field("main_gpu", Some("main_gpu"), "main_gpu", Kind::Num),
    field("no_kv_offload", Some("nkvo"), "no_kv_offload", Kind::Num),
    // A boolean before 2025, then -1 (auto), 0 or 1.
    field("flash_attn", Some("fa"), "flash_attn", Kind::Num),
    field("devices", Some("dev"), "devices", Kind::Text),
    field("tensor_split", Some("ts"), "tensor_split", Kind::Text),
    field(
        "tensor_buft_overrides",
        Some("ot"),
        "tensor_buft_overrides",
        Kind::Text,
    ),
    field("use_mmap", Some("mmap"), "use_mmap", Kind::Num),
    field("use_direct_io", Some("dio"), "use_direct_io", Kind::Num),
    field("load_mode", Some("lm"), "load_mode", Kind::Text),
    field("embeddings", Some("embd"), "embeddings", Kind::Num),
    field("no_op_offload", Some("nopo"), "no_op_offload", Kind::Num),
    field("no_host", Some("noh"), "no_host", Kind::Num),
    field("repack", Some("repack"), "repack", Kind::Num),
    field("fit_target", Some("fitt"), "fit_target", Kind::Num),
    field("fit_min_ctx", Some("fitc"), "fit_min_ctx", Kind::Num),
    field("test_time", None, "run_timestamp", Kind::Text),
    field("avg_ns", None, "mean_test_time_ms", Kind::Nanos),
    field("stddev_ns", None, "std_test_time_ms", Kind::Nanos),
];

/// The fields that [`Record::finish`] reads itself: the test's sizes and its rate.
const SIZES_AND_RATE: [&str; 5] = ["n_prompt", "n_gen", "n_depth", "avg_ts", "stddev_ts"];

/// `samples_ts` is `samples_ns` said again as rates; `samples_ns` gives the repetitions.
const DERIVED: [&str; 1] = ["samples_ts"];

pub fn by_name(name: &str) -> Option<&'static Field> {
    FIELDS.iter().find(|f| f.name == name)
}

/// The field of a Markdown table's header cell.
pub fn by_header(header: &str) -> Option<&'static Field> {
    FIELDS.iter().find(|f| f.header == Some(header))
}

/// One value as a format holds it: text (CSV, SQL, Markdown) or JSON.
pub enum Raw<'a> {
    Text(&'a str),
    Json(&'a Json),
}

/// A test record being read: the run so far, the test's sizes and rate, the fields
/// perflab does not know.
pub struct Record {
    run: Run,
    line: Option<u64>,
    n_prompt: Option<f64>,
    n_gen: Option<f64>,
    n_depth: Option<f64>,
    rate: Option<f64>,
    rate_std: Option<f64>,
    extra: Map<String, Json>,
}

impl Record {
    pub fn new(format: Format, line: Option<u64>) -> Self {
        Record {
            run: Run::new(format, line),
            line,
            n_prompt: None,
            n_gen: None,
            n_depth: None,
            rate: None,
            rate_std: None,
            extra: Map::new(),
        }
    }

    /// Whether `name` is a field perflab knows (the others go to `extra`).
    pub fn is_known(name: &str) -> bool {
        by_name(name).is_some()
            || SIZES_AND_RATE.contains(&name)
            || DERIVED.contains(&name)
            || name == "samples_ns"
    }

    /// Sets one field from its value; `Err` names the field and what was found.
    pub fn set(&mut self, name: &str, raw: Raw) -> Result<(), ParseError> {
        if DERIVED.contains(&name) {
            return Ok(());
        }
        if name == "samples_ns" {
            if let Raw::Json(Json::Array(samples)) = raw {
                self.run.set_num("repetitions", samples.len() as f64);
            }
            return Ok(());
        }
        if SIZES_AND_RATE.contains(&name) {
            let value = self.number(name, &raw)?;
            if let Some(slot) = self.size_or_rate(name) {
                *slot = value;
            }
            return Ok(());
        }
        let Some(field) = by_name(name) else {
            let value = match raw {
                Raw::Text(t) => Json::from(t),
                Raw::Json(j) => j.clone(),
            };
            self.extra.insert(name.to_owned(), value);
            return Ok(());
        };
        self.set_field(field, raw)
    }

    /// Sets a field already looked up (a table's header names the same field on every row).
    pub fn set_field(&mut self, field: &Field, raw: Raw) -> Result<(), ParseError> {
        let name = field.name;
        match field.kind {
            Kind::Text => match text(&raw) {
                Some(t) => self.run.set_text(field.column, t),
                None => return Err(self.expected(name, &raw)),
            },
            Kind::Num => {
                let v = self.number(name, &raw)?;
                self.run.set_opt(field.column, v);
            }
            Kind::Nanos => {
                let v = self.number(name, &raw)?;
                self.run.set_opt(field.column, v.map(|ns| ns / 1e6));
            }
        }
        Ok(())
    }

    /// Sets a column read from the Markdown table, which prints some fields in its own
    /// units (`3.56 GiB`, `6.74 B`): the reader converts, this only stores.
    pub fn set_column(&mut self, column: &'static str, value: f64) {
        self.run.set_num(column, value);
    }

    pub fn set_sizes(&mut self, n_prompt: f64, n_gen: f64, n_depth: f64) {
        self.n_prompt = Some(n_prompt);
        self.n_gen = Some(n_gen);
        self.n_depth = Some(n_depth);
    }

    pub fn set_rate(&mut self, mean: f64, std: f64) {
        self.rate = Some(mean);
        self.rate_std = Some(std);
    }

    fn size_or_rate(&mut self, name: &str) -> Option<&mut Option<f64>> {
        Some(match name {
            "n_prompt" => &mut self.n_prompt,
            "n_gen" => &mut self.n_gen,
            "n_depth" => &mut self.n_depth,
            "avg_ts" => &mut self.rate,
            "stddev_ts" => &mut self.rate_std,
            _ => return None,
        })
    }

    fn number(&self, name: &str, raw: &Raw) -> Result<Option<f64>, ParseError> {
        let found = match raw {
            Raw::Json(Json::Number(n)) => return Ok(n.as_f64()),
            Raw::Json(Json::Bool(b)) => return Ok(Some(f64::from(u8::from(*b)))),
            Raw::Json(Json::Null) => return Ok(None),
            Raw::Json(Json::String(s)) => s.trim(),
            Raw::Text(s) => s.trim(),
            Raw::Json(_) => return Err(self.expected(name, raw)),
        };
        match super::text::parse_printed(found) {
            super::text::Printed::Num(v) => Ok(Some(v)),
            super::text::Printed::Missing => Ok(None),
            _ => match found {
                "true" => Ok(Some(1.0)),
                "false" => Ok(Some(0.0)),
                _ => Err(self.expected(name, raw)),
            },
        }
    }

    fn expected(&self, name: &str, raw: &Raw) -> ParseError {
        let found = match raw {
            Raw::Text(t) => (*t).to_owned(),
            Raw::Json(j) => j.to_string(),
        };
        ParseError::new(
            self.line,
            crate::msg!("ingest-expect-number-for", label = name, found = found),
        )
    }

    /// The run, with the test's sizes as its workload and its rate in the column of what
    /// the test measured; `Err` when the record holds no rate (a row cut short).
    pub fn finish(mut self) -> Result<Run, ParseError> {
        let Some(rate) = self.rate else {
            return Err(ParseError::new(
                self.line,
                crate::msg!("ingest-llama-bench-no-rate"),
            ));
        };
        let (n_prompt, n_gen) = (self.n_prompt.unwrap_or(0.0), self.n_gen.unwrap_or(0.0));
        self.run.set_opt("input_len", self.n_prompt);
        self.run.set_opt("output_len", self.n_gen);
        self.run.set_opt("context_depth", self.n_depth);
        let (mean, std) = match (n_prompt > 0.0, n_gen > 0.0) {
            (true, false) => ("prefill_throughput", "std_prefill_throughput"),
            (false, true) => ("decode_throughput", "std_decode_throughput"),
            _ => ("total_token_throughput", "std_total_token_throughput"),
        };
        self.run.set_num(mean, rate);
        self.run.set_opt(std, self.rate_std);
        if self.run.format == Format::LlamaBenchMarkdown {
            self.run.set_text("precision", "rounded");
        }
        if !self.extra.is_empty() {
            self.run
                .set_text("extra", Json::Object(self.extra).to_string());
        }
        Ok(self.run)
    }
}

fn text<'a>(raw: &'a Raw) -> Option<&'a str> {
    match raw {
        Raw::Text(t) => Some(t),
        Raw::Json(Json::String(s)) => Some(s),
        _ => None,
    }
}
