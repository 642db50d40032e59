//! The canonical columns of the runs frame (`metrics.md`): their order, their kind, and
//! which direction is better. Column names are user-facing (CSV headers, `--key`,
//! `--fail-on`), so they only ever grow.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::sync::OnceLock;

use rustc_hash::FxHashSet;

use super::Key;

/// Identity columns, always first, in this order.
pub const IDENTITY: [&str; 19] = [
    "source",
    // The other files the same run was read from (`ingest/same_run.rs`).
    "sources",
    "line",
    "run_index",
    "format",
    "backend",
    "model_id",
    "label",
    // When the client stamped the run (`model/timestamp.rs`), ISO 8601 text.
    "run_timestamp",
    // The workload (`metrics.md`, "Workload"): what the tool knows of what it sent.
    "num_prompts",
    "input_len",
    "output_len",
    "random_range_ratio",
    "dataset",
    "endpoint",
    // 1 when the responses were streamed, 0 when not.
    "streaming",
    // How the load was set (`concurrency`, `rate`, `poisson`, ...) and its value.
    "load_type",
    "load_value",
    // `exact` for a file's numbers, `rounded` for a console's printed ones read alone.
    "precision",
];

/// The server a run measured (`metrics.md`, "Configuration"), after identity:
/// `ingest/server/` reads them from the commands and logs of a run's files.
pub const CONFIGURATION: [&str; 18] = [
    "engine",
    "engine_version",
    "gpu_type",
    "gpu_count",
    "tensor_parallel_size",
    "pipeline_parallel_size",
    "data_parallel_size",
    "expert_parallel_size",
    "dtype",
    "quantization",
    "kv_cache_dtype",
    "max_num_seqs",
    "max_num_batched_tokens",
    "max_model_len",
    "speculative_decoding",
    // 1 when on, 0 when off, as `streaming`.
    "prefix_caching",
    "chunked_prefill",
    // Every flag given that may change what is measured, by the engine's own names: a
    // JSON object of name → value as given.
    "engine_args",
];

/// Counters and rates, after identity.
/// The throughputs per GPU, derived from the printed ones and the server's GPU count
/// (`ingest/server::per_gpu`): they follow the configuration, not the measurement.
pub const PER_GPU: [&str; 2] = [
    "output_throughput_per_gpu",
    "total_token_throughput_per_gpu",
];

/// The parallel sizes whose product is a server's GPU count where no `gpu_count` is known
/// (a sweep that varied them, a client's `--metadata tensor_parallel_size=2`).
pub const PARALLEL_COLUMNS: [&str; 3] = [
    "tensor_parallel_size",
    "pipeline_parallel_size",
    "data_parallel_size",
];

pub const COUNTERS: [&str; 23] = [
    "completed",
    "failed",
    // Requests read from the file's per-request lists (the requests frame's rows).
    "requests",
    "request_rate",
    "max_concurrency",
    "duration",
    "total_input_tokens",
    "total_output_tokens",
    "total_output_tokens_retokenized",
    "request_throughput",
    "request_goodput",
    // SGLang's own share of the requests sent that met every `--goodput` SLO.
    "goodput_slo_attainment",
    // Under `--slo` (requests/goodput.rs): share of requests meeting every per-request
    // objective, those per second, and whether every objective on the run holds.
    "slo_attainment",
    "slo_goodput",
    "slo_met",
    "input_throughput",
    "output_throughput",
    "total_token_throughput",
    // The two above divided by `gpu_count`, when the server's GPU count is known
    // (ingest/server: `per_gpu`).
    "output_throughput_per_gpu",
    "total_token_throughput_per_gpu",
    "max_output_tokens_per_s",
    "max_concurrent_requests",
    "concurrency",
];

/// Distribution families, in the order their columns appear.
pub const DISTRIBUTIONS: [&str; 9] = [
    "ttft",
    "tpot",
    "itl",
    "e2el",
    // Request latency up to the last token over all output tokens, TTFT included
    // (guidellm's `time_per_output_token_ms`); not TPOT, which leaves the first token out.
    "e2el_per_token",
    "ttst",
    "client_queue_time",
    "isl",
    "osl",
];

/// Columns whose values are whole numbers, written as integers.
const INTEGER: [&str; 16] = [
    "line",
    "requests",
    "slo_met",
    "run_index",
    "num_prompts",
    "input_len",
    "output_len",
    "streaming",
    "completed",
    "failed",
    "max_concurrency",
    "total_input_tokens",
    "total_output_tokens",
    "total_output_tokens_retokenized",
    "spec_decode_num_drafts",
    "spec_decode_draft_tokens",
];

/// Columns that hold text.
pub const TEXT: [&str; 19] = [
    "source",
    "engine",
    "engine_version",
    "gpu_type",
    "dtype",
    "quantization",
    "kv_cache_dtype",
    "engine_args",
    "sources",
    "format",
    "backend",
    "model_id",
    "label",
    "run_timestamp",
    "dataset",
    "endpoint",
    "load_type",
    "precision",
    EXTRA,
];

/// The column of what a reader found inside a block it reads but has no column for: a
/// JSON object of label → value as printed (`{"RTFx (Inverse Real-Time Factor)": "3.20"}`).
/// Always the last column, so that it never shifts the others.
pub const EXTRA: &str = "extra";

pub fn is_integer(col: &str) -> bool {
    INTEGER.contains(&col)
        || col == "spec_decode_accepted_tokens"
        || CONFIGURATION_INTEGER.contains(&col)
}

/// The configuration columns that count something.
const CONFIGURATION_INTEGER: [&str; 10] = [
    "gpu_count",
    "tensor_parallel_size",
    "pipeline_parallel_size",
    "data_parallel_size",
    "expert_parallel_size",
    "max_num_seqs",
    "max_num_batched_tokens",
    "max_model_len",
    "prefix_caching",
    "chunked_prefill",
];

/// Splits `p99.9_ttft_ms` / `mean_isl` into (statistic, family).
fn split_distribution(col: &str) -> Option<(&str, &str)> {
    let body = col.strip_suffix("_ms").unwrap_or(col);
    let (stat, family) = body.split_once('_')?;
    let family_ok = DISTRIBUTIONS.contains(&family);
    // client_queue_time contains underscores: the stat is the first segment only.
    family_ok.then_some((stat, family))
}

/// Rank of a statistic inside a family: mean, median, std, min, max, then percentiles by
/// their number.
fn stat_rank(stat: &str) -> f64 {
    match stat {
        "mean" => -5.0,
        "median" => -4.0,
        "std" => -3.0,
        "min" => -2.0,
        "max" => -1.0,
        p => p
            .strip_prefix('p')
            .and_then(|n| n.parse::<f64>().ok())
            .unwrap_or(1000.0),
    }
}

/// Sort key of a column: identity, counters, distributions (family by family), the
/// speculative-decoding columns, then anything else alphabetically, and `extra` last.
fn rank(col: &str) -> (u8, usize, f64) {
    if col == EXTRA {
        return (5, 0, 0.0);
    }
    if let Some(i) = IDENTITY.iter().position(|c| *c == col) {
        return (0, i, 0.0);
    }
    if let Some(i) = CONFIGURATION.iter().position(|c| *c == col) {
        return (0, IDENTITY.len() + i, 0.0);
    }
    if let Some(i) = COUNTERS.iter().position(|c| *c == col) {
        return (1, i, 0.0);
    }
    if let Some((stat, family)) = split_distribution(col) {
        let f = DISTRIBUTIONS.iter().position(|c| *c == family).unwrap_or(0);
        return (2, f, stat_rank(stat));
    }
    if col.starts_with("spec_decode_") {
        return (3, 0, 0.0);
    }
    (4, 0, 0.0)
}

pub fn compare_columns(a: &str, b: &str) -> Ordering {
    column_rank(a).cmp_with(&column_rank(b), a, b)
}

/// A column's place in the canonical order, for sorting many columns with each rank
/// computed once ([`compare_columns`] computes both at every comparison).
#[derive(Debug, Clone, Copy)]
pub struct ColumnRank((u8, usize, f64));

pub fn column_rank(col: &str) -> ColumnRank {
    ColumnRank(rank(col))
}

impl ColumnRank {
    /// The order of columns `a` and `b` of ranks `self` and `other`: [`compare_columns`].
    pub fn cmp_with(&self, other: &ColumnRank, a: &str, b: &str) -> Ordering {
        let ((ga, ia, sa), (gb, ib, sb)) = (self.0, other.0);
        ga.cmp(&gb)
            .then(ia.cmp(&ib))
            .then(sa.total_cmp(&sb))
            .then_with(|| a.cmp(b))
    }
}

/// Whether a larger value of this metric is better: `Some(true)` for throughputs and
/// counts of success, `Some(false)` for latencies and failures, `None` for columns that
/// describe the setup rather than the outcome (rates asked for, token totals).
pub fn higher_is_better(col: &str) -> Option<bool> {
    // The objectives of SGLang's `--goodput`, in ms: the setup, not an outcome.
    if col.starts_with("goodput_slo_") && col.ends_with("_ms") {
        return None;
    }
    if col.starts_with("goodput_slo_attainment") {
        return Some(true);
    }
    if col.ends_with("_ms") {
        return Some(false);
    }
    match col {
        "request_throughput"
        | "request_goodput"
        | "input_throughput"
        | "output_throughput"
        | "total_token_throughput"
        | "output_throughput_per_gpu"
        | "total_token_throughput_per_gpu"
        | "max_output_tokens_per_s"
        | "completed"
        | "spec_decode_acceptance_rate"
        | "spec_decode_acceptance_length"
        | "slo_attainment"
        | "slo_goodput"
        // llama-bench's tokens per second of its prompt and generation tests.
        | "prefill_throughput"
        | "decode_throughput"
        // MLPerf LoadGen: 1 when every check of the run was met.
        | "result_valid" => Some(true),
        "failed" | "duration" => Some(false),
        _ => None,
    }
}

/// Statistics printed for most distributions, for [`key`].
const COMMON_STATS: [&str; 16] = [
    "mean", "median", "std", "min", "max", "p1", "p5", "p10", "p25", "p50", "p75", "p90", "p95",
    "p99", "p99.9", "p999",
];

/// `col` as a run's key: a shared static name when it is a common canonical column (the
/// block parsers fill tens of values per run, and an allocation per value was their
/// largest cost), else an owned copy.
pub fn key(col: &str) -> Key {
    // Hashed, not ordered: the lookup was 10% of a 100,000-file ingest as a BTreeSet.
    static COMMON: OnceLock<FxHashSet<&'static str>> = OnceLock::new();
    let common = COMMON.get_or_init(|| {
        let mut set: FxHashSet<&'static str> = IDENTITY.into_iter().chain(COUNTERS).collect();
        // A bounded set (16 statistics × 8 families × 2 units), made once per process.
        for stat in COMMON_STATS {
            for family in DISTRIBUTIONS {
                for unit in ["_ms", ""] {
                    set.insert(Box::leak(format!("{stat}_{family}{unit}").into_boxed_str()));
                }
            }
        }
        set
    });
    match common.get(col) {
        Some(name) => Cow::Borrowed(name),
        None => Cow::Owned(col.to_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orders_identity_counters_then_distributions_by_percentile() {
        let mut cols = vec![
            "p99_ttft_ms",
            "zeta",
            "mean_tpot_ms",
            "p99.9_ttft_ms",
            "p50_ttft_ms",
            "completed",
            "source",
            "mean_ttft_ms",
            "spec_decode_drafts",
        ];
        cols.sort_by(|a, b| compare_columns(a, b));
        assert_eq!(
            cols,
            vec![
                "source",
                "completed",
                "mean_ttft_ms",
                "p50_ttft_ms",
                "p99_ttft_ms",
                "p99.9_ttft_ms",
                "mean_tpot_ms",
                "spec_decode_drafts",
                "zeta"
            ]
        );
    }

    #[test]
    fn extra_is_the_last_column() {
        let mut cols = vec!["extra", "zeta", "completed", "spec_decode_drafts"];
        cols.sort_by(|a, b| compare_columns(a, b));
        assert_eq!(
            cols,
            vec!["completed", "spec_decode_drafts", "zeta", "extra"]
        );
    }

    #[test]
    fn client_queue_time_is_a_family() {
        assert_eq!(
            split_distribution("p99_client_queue_time_ms"),
            Some(("p99", "client_queue_time"))
        );
    }

    #[test]
    fn directions() {
        assert_eq!(higher_is_better("total_token_throughput"), Some(true));
        assert_eq!(higher_is_better("p99_ttft_ms"), Some(false));
        assert_eq!(higher_is_better("failed"), Some(false));
        assert_eq!(higher_is_better("request_rate"), None);
        assert_eq!(higher_is_better("goodput_slo_ttft_ms"), None);
        assert_eq!(higher_is_better("goodput_slo_attainment_e2el"), Some(true));
    }
}
