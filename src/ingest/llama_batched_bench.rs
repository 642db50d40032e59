//! llama.cpp `llama-batched-bench` (`tools/batched-bench/batched-bench.cpp`, before that
//! `examples/batched-bench/`), found anywhere in a file: its settings line
//! (`main: n_kv_max = 2048, n_batch = 2048, …`, later `llama_batched_bench: …`), then a
//! Markdown table of ten columns, one row per prompt size × generation size × batch:
//!
//! ```text
//! |    PP |     TG |    B |   N_KV |   T_PP s | S_PP t/s |   T_TG s | S_TG t/s |      T s |    S t/s |
//! ```
//!
//! Each row is a run of format `llama-batched-bench`, `precision` `rounded` (`%8.3f` times,
//! `%8.2f` rates). What the numbers are, from the source: `B` sequences of `PP` prompt
//! tokens each (one shared prompt under `-pps`, `is_pp_shared = 1`) are decoded in one
//! batch, then `TG` steps generate one token for every sequence; `N_KV` is the KV cells
//! the test needs (`B·(PP+TG)`, or `PP+B·TG` shared). `T_PP` is the prompt's time, `S_PP`
//! its tokens per second (`B·PP/T_PP`, or `PP/T_PP` shared), `T_TG` the generation's time and
//! `S_TG` = `B·TG/T_TG`, `T` = `T_PP+T_TG` and `S` = `N_KV/T`. So `PP` and `TG` are the
//! workload's lengths, `B` the sequences sent at once (`num_prompts`, `max_concurrency`),
//! `S_PP`/`S_TG` the prefill and decode rates of llama-bench's columns, `T` the duration.
//! llama-sweep-bench's seven-column table (no `B`; its `N_KV` is a context depth) is not
//! this tool's and is not read. The model is not printed; a `general.name` line of
//! llama.cpp's model loader above the table names it.

use serde_json::{Map, Value as Json};

use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use super::text::{parse_printed, Printed};
use crate::model::{Format, Run};

const HEADER: [&str; 10] = [
    "PP", "TG", "B", "N_KV", "T_PP s", "S_PP t/s", "T_TG s", "S_TG t/s", "T s", "S t/s",
];

/// The settings line's keys and their columns (llama-bench's names where it has them).
const SETTINGS: &[(&str, &str)] = &[
    ("n_kv_max", "n_kv_max"),
    ("n_batch", "n_batch"),
    ("n_ubatch", "n_ubatch"),
    ("flash_attn", "flash_attn"),
    ("is_pp_shared", "is_pp_shared"),
    ("n_gpu_layers", "n_gpu_layers"),
    ("n_threads", "n_threads"),
    ("n_threads_batch", "n_threads_batch"),
];

pub struct LlamaBatchedBenchReader;

impl Reader for LlamaBatchedBenchReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::LlamaBatchedBench]
    }

    fn read(&self, source: &Source) -> ReadResult {
        if memchr::memmem::find(source.text.as_bytes(), b"S_PP t/s").is_none() {
            return Ok(None);
        }
        let mut lines = Vec::new();
        let mut offset = 0;
        for raw in source.text.split_inclusive('\n') {
            lines.push((offset, raw.trim_end()));
            offset += raw.len();
        }
        let mut parsed = Parsed::default();
        let mut settings: Vec<(&'static str, f64)> = Vec::new();
        let mut model: Option<&str> = None;
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i].1;
            if let Some(found) = settings_of(line) {
                settings = found;
            } else if let Some(name) = model_name(line) {
                model = Some(name);
            }
            let is_table = cells(line).is_some_and(|c| c == HEADER)
                && lines.get(i + 1).is_some_and(|(_, l)| is_rule(l));
            if !is_table {
                i += 1;
                continue;
            }
            i += 2;
            while let Some(&(start, row)) = lines.get(i) {
                let Some(values) = cells(row).filter(|c| c.len() == HEADER.len()) else {
                    break;
                };
                let at = source.line_of(start);
                parsed.runs.push(run_of(&values, at, &settings, model)?);
                i += 1;
            }
        }
        Ok((!parsed.runs.is_empty()).then_some(parsed))
    }
}

/// The cells of a `| a | b |` row, trimmed; `None` for any other line.
fn cells(line: &str) -> Option<Vec<&str>> {
    let inner = line.trim().strip_prefix('|')?.strip_suffix('|')?;
    Some(inner.split('|').map(str::trim).collect())
}

fn is_rule(line: &str) -> bool {
    cells(line).is_some_and(|c| {
        c.iter()
            .all(|c| !c.is_empty() && c.chars().all(|ch| ch == '-'))
    })
}

/// `main: n_kv_max = 2048, n_batch = 2048, …`: the keys of [`SETTINGS`] it holds.
fn settings_of(line: &str) -> Option<Vec<(&'static str, f64)>> {
    let at = line.find("n_kv_max = ")?;
    let mut found = Vec::new();
    for pair in line[at..].split(',') {
        let Some((key, value)) = pair.split_once('=') else {
            continue;
        };
        let Some((_, column)) = SETTINGS.iter().find(|(k, _)| *k == key.trim()) else {
            continue;
        };
        if let Ok(v) = value.trim().parse::<f64>() {
            found.push((*column, v));
        }
    }
    Some(found)
}

/// llama.cpp's model loader: `llama_model_loader: - kv   2: general.name   str = Qwen3 8B`.
fn model_name(line: &str) -> Option<&str> {
    let rest = &line[line.find("general.name")? + "general.name".len()..];
    let name = rest
        .trim_start()
        .strip_prefix("str")?
        .trim_start()
        .strip_prefix('=')?;
    Some(name.trim()).filter(|n| !n.is_empty())
}

fn run_of(
    values: &[&str],
    line: u64,
    settings: &[(&'static str, f64)],
    model: Option<&str>,
) -> Result<Run, ParseError> {
    let mut nums = [0.0; 10];
    for (k, cell) in values.iter().enumerate() {
        nums[k] = match parse_printed(cell) {
            Printed::Num(v) => v,
            _ => {
                return Err(ParseError::new(
                    Some(line),
                    crate::msg!("ingest-expect-number-for", label = HEADER[k], found = *cell),
                ))
            }
        };
    }
    let [pp, tg, b, n_kv, t_pp, s_pp, t_tg, s_tg, t, s] = nums;
    let mut run = Run::new(Format::LlamaBatchedBench, Some(line));
    run.set_text("precision", "rounded");
    run.set_num("input_len", pp);
    run.set_num("output_len", tg);
    run.set_num("num_prompts", b);
    run.set_num("max_concurrency", b);
    run.set_text("load_type", "concurrent");
    run.set_num("load_value", b);
    run.set_num("prefill_throughput", s_pp);
    run.set_num("decode_throughput", s_tg);
    run.set_num("total_token_throughput", s);
    run.set_num("duration", t);
    for (column, v) in settings {
        run.set_num(*column, *v);
    }
    if let Some(m) = model {
        run.set_text("model_id", m);
    }
    let mut extra = Map::new();
    extra.insert("n_kv".into(), Json::from(n_kv));
    extra.insert("t_pp_s".into(), Json::from(t_pp));
    extra.insert("t_tg_s".into(), Json::from(t_tg));
    run.set_text("extra", Json::Object(extra).to_string());
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The lines `batched-bench.cpp` prints, with its format strings' widths.
    const LOG: &str = "llama_model_loader: - kv   2:                               general.name str              = Qwen3 8B\n\
\n\
llama_batched_bench: n_kv_max = 36864, n_batch = 2048, n_ubatch = 2048, flash_attn = 1, is_pp_shared = 0, is_tg_separate = 0, n_gpu_layers = -1, n_threads = 28, n_threads_batch = 28\n\
\n\
|    PP |     TG |    B |   N_KV |   T_PP s | S_PP t/s |   T_TG s | S_TG t/s |      T s |    S t/s |\n\
|-------|--------|------|--------|----------|----------|----------|----------|----------|----------|\n\
|  2048 |    128 |    8 |  17408 |   14.395 |  1138.15 |    5.858 |   174.82 |   20.253 |   859.53 |\n\
\n\
llama_perf_context_print:        load time =    1234.56 ms\n";

    #[test]
    fn a_row_with_its_settings_and_model() {
        let parsed = LlamaBatchedBenchReader
            .read(&Source::new(Path::new("log"), LOG))
            .unwrap()
            .unwrap();
        assert_eq!(parsed.runs.len(), 1);
        let r = &parsed.runs[0];
        assert_eq!(r.line, Some(7));
        assert_eq!(r.text("model_id"), Some("Qwen3 8B"));
        assert_eq!(r.get("n_gpu_layers"), Some(-1.0));
        assert_eq!(r.get("n_threads"), Some(28.0));
        assert_eq!(r.get("num_prompts"), Some(8.0));
        assert_eq!(r.get("prefill_throughput"), Some(1138.15));
        assert_eq!(r.get("decode_throughput"), Some(174.82));
        assert_eq!(r.get("duration"), Some(20.253));
    }

    #[test]
    fn sweep_bench_tables_are_not_batched_bench() {
        let text = "|    PP |     TG |   N_KV |   T_PP s | S_PP t/s |   T_TG s | S_TG t/s |\n\
|-------|--------|--------|----------|----------|----------|----------|\n\
|   512 |    128 |      0 |    2.308 |   221.84 |    6.463 |    19.81 |\n";
        let read = LlamaBatchedBenchReader.read(&Source::new(Path::new("x"), text));
        assert!(read.unwrap().is_none());
    }
}
