//! What a label line of a `Serving Benchmark Result` block means (`serve_text.rs`): the
//! one table from the labels vLLM, SGLang and GPUStack print, across their versions, to
//! canonical columns, distributions (`<Stat> <Metric> (<unit>)`) and the labels kept in
//! `extra` without a warning.

use std::io::Write as _;

use crate::model::{schema, Key};

/// What a label line means.
#[derive(Clone)]
pub(super) enum Target {
    Num(&'static str),
    /// A count of requests or tokens.
    Text(&'static str),
    /// `Request rate configured`: `inf` means unlimited, stored as null.
    Rate,
    /// `Per-position acceptance (%):` opens an indented `Position N:` list.
    PositionList,
    /// A percentage kept as a share, 0 to 1 (SGLang's `SLO attainment (%)`).
    Share(&'static str),
    /// SGLang's `SLOs (ms): ttft:25 tpot:3 e2el:80`.
    Slos,
    Distribution(Key),
    /// A label the tools print that has no column (`RTFx`, the probe and diffusion
    /// sections): its value goes to `extra` without a warning.
    Extra,
    Unknown,
}

/// Labels that SGLang prints and vLLM does not.
pub(super) const SGLANG_ONLY: [&str; 7] = [
    "backend",
    "traffic request rate",
    "max request concurrency",
    "concurrency",
    "total input text tokens",
    "accept length",
    "total throughput",
];

/// The target of a label, given its name in ASCII lower case and its unit.
pub(super) fn target_of(lower: &str, unit: &str) -> Target {
    match lower {
        "successful requests" => Target::Num("completed"),
        "failed requests" => Target::Num("failed"),
        "benchmark duration" => Target::Num("duration"),
        "total input tokens" => Target::Num("total_input_tokens"),
        "total input text tokens" => Target::Num("total_input_text_tokens"),
        "total input vision tokens" => Target::Num("total_input_vision_tokens"),
        "total generated tokens" if unit.eq_ignore_ascii_case("retokenized") => {
            Target::Num("total_output_tokens_retokenized")
        }
        "total generated tokens" => Target::Num("total_output_tokens"),
        "request throughput" => Target::Num("request_throughput"),
        "request goodput" => Target::Num("request_goodput"),
        "input token throughput" => Target::Num("input_throughput"),
        "output token throughput" => Target::Num("output_throughput"),
        "peak output token throughput" => Target::Num("max_output_tokens_per_s"),
        "peak concurrent requests" => Target::Num("max_concurrent_requests"),
        "total token throughput" | "total throughput" => Target::Num("total_token_throughput"),
        "concurrency" => Target::Num("concurrency"),
        // SGLang 0.4.x printed `Max reqeuest concurrency:` (sic; sgl-project/sglang#6681).
        "maximum request concurrency" | "max request concurrency" | "max reqeuest concurrency" => {
            Target::Num("max_concurrency")
        }
        "request rate configured" | "traffic request rate" => Target::Rate,
        "backend" => Target::Text("backend"),
        "accept length" | "acceptance length" => Target::Num("spec_decode_acceptance_length"),
        "acceptance rate" => Target::Num("spec_decode_acceptance_rate"),
        "drafts" => Target::Num("spec_decode_num_drafts"),
        "draft tokens" => Target::Num("spec_decode_draft_tokens"),
        "accepted tokens" => Target::Num("spec_decode_accepted_tokens"),
        "per-position acceptance" => Target::PositionList,
        // SGLang's goodput section (`sglang/benchmark/goodput.py`); perflab's own
        // `slo_attainment` is for the user's `--slo`.
        "slos" if unit == "ms" => Target::Slos,
        "slo attainment" if unit == "%" => Target::Share("goodput_slo_attainment"),
        "ttft slo attainment" if unit == "%" => Target::Share("goodput_slo_attainment_ttft"),
        "tpot slo attainment" if unit == "%" => Target::Share("goodput_slo_attainment_tpot"),
        "e2el slo attainment" if unit == "%" => Target::Share("goodput_slo_attainment_e2el"),
        _ if KNOWN_WITHOUT_COLUMN.contains(&lower) => Target::Extra,
        _ => match distribution_key(lower, unit) {
            Some(key) => Target::Distribution(key),
            None if is_distribution_without_column(lower) => Target::Extra,
            None => Target::Unknown,
        },
    }
}

/// Labels `vllm bench serve` prints that have no column of the runs frame (`vllm/benchmarks/
/// serve.py`): the ASR factor, the embeddings' input rate, the probe requests and the
/// diffusion decoding sections.
const KNOWN_WITHOUT_COLUMN: [&str; 11] = [
    "rtfx",
    "input throughput",
    "probe requests completed",
    "probe requests failed",
    "committed throughput",
    "denoising steps per canvas",
    "committed per denoising step",
    "committed tokens",
    "denoising steps",
    "canvas positions evaluated",
    "burstiness factor",
];

/// `Median probe E2EL`, `P99 E2EL incl. Client Queue`: statistics of distributions vLLM
/// prints that have no column.
fn is_distribution_without_column(lower: &str) -> bool {
    let Some((stat, metric)) = lower.split_once(' ') else {
        return false;
    };
    is_stat(stat) && matches!(metric.trim(), "probe e2el" | "e2el incl. client queue")
}

/// `mean`, `median`, `std`, `min`, `max`, or a percentile such as `p99.9`.
fn is_stat(stat: &str) -> bool {
    matches!(stat, "mean" | "median" | "std" | "min" | "max")
        || stat
            .strip_prefix('p')
            .is_some_and(|n| n.parse::<f64>().is_ok())
}

/// `mean ttft` + `ms` → `mean_ttft_ms`; `p99.9 e2el`; `median latency` + `s` (GPUStack)
/// → `median_e2el_ms`; `max itl`; SGLang's `mean e2e latency`.
fn distribution_key(lower: &str, unit: &str) -> Option<Key> {
    let (stat, metric) = lower.split_once(' ')?;
    if !is_stat(stat) {
        return None;
    }
    let family = match metric.trim() {
        "ttft" => "ttft",
        "tpot" => "tpot",
        "itl" => "itl",
        "ttst" => "ttst",
        "e2el" | "e2e latency" | "latency" | "e2e" => "e2el",
        // `vllm bench serve` with `--max-concurrency`: the wait for a free slot.
        "client queue time" => "client_queue_time",
        _ => return None,
    };
    if !matches!(unit, "ms" | "s") {
        return None;
    }
    // Spelled on the stack: common names then need no allocation at all.
    let mut buf = [0u8; 64];
    let mut w = &mut buf[..];
    if write!(w, "{stat}_{family}_ms").is_err() {
        return Some(Key::Owned(format!("{stat}_{family}_ms")));
    }
    let len = 64 - w.len();
    Some(schema::key(std::str::from_utf8(&buf[..len]).ok()?))
}

/// The canonical column a block line's label fills and the factor from the printed unit
/// to the column's (`Mean Latency(s)` → `mean_e2el_ms`, 1000). `None` for labels that
/// fill no numeric column. Lets a caller that has the block's text find how each value
/// was printed (its decimals), which the run itself does not keep.
pub fn column_of_label(label: &str) -> Option<(String, f64)> {
    let (name, unit) = split_unit(label);
    match target_of(&name.to_ascii_lowercase(), unit) {
        Target::Num(key) => Some((key.to_owned(), 1.0)),
        Target::Rate => Some(("request_rate".to_owned(), 1.0)),
        Target::Distribution(key) => {
            Some((key.into_owned(), if unit == "s" { 1000.0 } else { 1.0 }))
        }
        Target::Share(key) => Some((key.to_owned(), 0.01)),
        Target::Text(_) | Target::PositionList | Target::Slos | Target::Extra | Target::Unknown => {
            None
        }
    }
}

/// Splits `Mean TTFT (ms)` into (`Mean TTFT`, `ms`) and `Mean Latency(s)` into
/// (`Mean Latency`, `s`).
pub(super) fn split_unit(label: &str) -> (&str, &str) {
    let label = label.trim();
    if let Some(open) = label.rfind('(') {
        if label.ends_with(')') {
            return (label[..open].trim_end(), &label[open + 1..label.len() - 1]);
        }
    }
    (label, "")
}
