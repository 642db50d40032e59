//! One guidellm benchmark in guidellm's own terms ([`Summary`]), filled by the JSON reader
//! (`guidellm_json.rs`) or the CSV reader (`guidellm_csv.rs`), and the one place where
//! guidellm's metrics become canonical columns (`metrics.md`): [`Summary::into_run`].
//! Both files of a run therefore give the same run.

use serde::Deserialize;

use crate::model::{Format, Run};

/// A scheduling strategy (`type_` discriminates): `synchronous`, `concurrent` (streams),
/// `throughput` (optional max_concurrency), `constant` / `poisson` (rate, optional
/// max_concurrency), `trace`.
#[derive(Deserialize, Debug, Clone, PartialEq)]
pub(super) struct Strategy {
    #[serde(rename = "type_")]
    pub kind: String,
    #[serde(default)]
    pub rate: Option<f64>,
    #[serde(default)]
    pub streams: Option<f64>,
    #[serde(default)]
    pub max_concurrency: Option<f64>,
    #[serde(default)]
    pub time_scale: Option<f64>,
}

/// The guidellm metrics perflab maps.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Metric {
    RequestLatency,
    Ttft,
    Tpot,
    Itl,
    PromptTokens,
    OutputTokens,
    RequestsPerSecond,
    Concurrency,
    PromptTokensPerSecond,
    OutputTokensPerSecond,
    TokensPerSecond,
}

/// Where a metric goes in the canonical run.
enum Target {
    /// All statistics, as `{stat}_{family}{unit}`, values multiplied by `scale`.
    Distribution {
        family: &'static str,
        scale: f64,
        unit: &'static str,
    },
    /// The mean only, into one column.
    Mean(&'static str),
}

impl Metric {
    pub const ALL: [Metric; 11] = [
        Metric::RequestLatency,
        Metric::Ttft,
        Metric::Tpot,
        Metric::Itl,
        Metric::PromptTokens,
        Metric::OutputTokens,
        Metric::RequestsPerSecond,
        Metric::Concurrency,
        Metric::PromptTokensPerSecond,
        Metric::OutputTokensPerSecond,
        Metric::TokensPerSecond,
    ];

    /// The CSV's first two header rows for this metric: group, and units (after the
    /// status prefix, e.g. `Successful Sec`).
    pub fn csv_header(self) -> (&'static str, &'static str) {
        match self {
            Metric::RequestLatency => ("Request Latency", "Sec"),
            Metric::Ttft => ("Time to First Token", "ms"),
            Metric::Tpot => ("Time per Output Token", "ms"),
            Metric::Itl => ("Inter Token Latency", "ms"),
            Metric::PromptTokens => ("Token Metrics", "Input Tokens"),
            Metric::OutputTokens => ("Token Metrics", "Output Tokens"),
            Metric::RequestsPerSecond => ("Server Throughput", "Requests/Sec"),
            Metric::Concurrency => ("Server Throughput", "Concurrency"),
            Metric::PromptTokensPerSecond => ("Token Throughput", "Input Tokens/Sec"),
            Metric::OutputTokensPerSecond => ("Token Throughput", "Output Tokens/Sec"),
            Metric::TokensPerSecond => ("Token Throughput", "Total Tokens/Sec"),
        }
    }

    /// The mapping decisions:
    /// - `request_latency` is e2el; guidellm stores it in seconds (the CSV says `Sec`,
    ///   the console `Sec`), every other latency in ms (`*_ms` keys), so only it is
    ///   scaled.
    /// - ITL is TPOT and TPOT is `e2el_per_token`, by their definitions (see `target`).
    /// - TTFT is `time_to_first_token_ms`, the console's TTFT column; the separate
    ///   "first output token" metric (TTFOT, differs for reasoning output) is not mapped.
    /// - `prompt_token_count` / `output_token_count` per request are isl / osl: counts,
    ///   no unit.
    /// - Throughputs and concurrency are means of guidellm's rate distributions, which
    ///   guidellm computes as the time-weighted rate over the benchmark (the mean of
    ///   `requests_per_second` is completed / duration, vLLM's `request_throughput`).
    fn target(self) -> Target {
        let dist = |family, scale, unit| Target::Distribution {
            family,
            scale,
            unit,
        };
        match self {
            Metric::RequestLatency => dist("e2el", 1000.0, "_ms"),
            Metric::Ttft => dist("ttft", 1.0, "_ms"),
            // guidellm's names say the opposite of vLLM's: its `time_per_output_token_ms`
            // is (last token − request start) / output tokens, TTFT included; its
            // `inter_token_latency_ms` is (last token − first token) / (output tokens − 1),
            // which is vLLM's TPOT (`src/guidellm/schemas/request_stats.py`). guidellm keeps
            // no per-chunk gaps, so it has no vLLM ITL.
            Metric::Tpot => dist("e2el_per_token", 1.0, "_ms"),
            Metric::Itl => dist("tpot", 1.0, "_ms"),
            Metric::PromptTokens => dist("isl", 1.0, ""),
            Metric::OutputTokens => dist("osl", 1.0, ""),
            Metric::RequestsPerSecond => Target::Mean("request_throughput"),
            Metric::Concurrency => Target::Mean("concurrency"),
            Metric::PromptTokensPerSecond => Target::Mean("input_throughput"),
            Metric::OutputTokensPerSecond => Target::Mean("output_throughput"),
            Metric::TokensPerSecond => Target::Mean("total_token_throughput"),
        }
    }
}

/// One distribution of successful requests, as much of it as the file gives.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Stats {
    pub mean: Option<f64>,
    pub median: Option<f64>,
    pub std: Option<f64>,
    pub min: Option<f64>,
    pub max: Option<f64>,
    /// (canonical percentile number, value).
    pub percentiles: Vec<(&'static str, Option<f64>)>,
    /// No sample (guidellm's `count` 0): every statistic is a placeholder 0.0.
    pub empty: bool,
    /// Sum of the samples (total tokens for the token counts).
    pub total: Option<f64>,
}

/// One guidellm benchmark, from either file.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Summary {
    pub completed: Option<f64>,
    pub failed: Option<f64>,
    pub incomplete: Option<f64>,
    pub duration: Option<f64>,
    pub strategy: Option<Strategy>,
    pub backend: Option<String>,
    pub model_id: Option<String>,
    pub num_prompts: Option<f64>,
    pub input_len: Option<f64>,
    pub output_len: Option<f64>,
    /// Successful requests' distribution of each metric the file has; `None` when it has
    /// no samples to describe (the CSV leaves out the columns of a status whose values sum
    /// to 0). Metrics missing from the list stay absent from the run.
    pub stats: Vec<(Metric, Option<Stats>)>,
    /// The percentiles this file carries, nulled with the rest of an empty distribution.
    pub percentile_names: &'static [&'static str],
}

impl Summary {
    /// Canonical columns of one benchmark. Decisions (`metrics.md`: guidellm's latency
    /// distributions are those of successful requests, its counts come from
    /// `request_totals`):
    /// - completed = successful, failed = errored. Incomplete requests (cut off when a
    ///   duration limit ends the benchmark) are neither; they go to an extra column
    ///   `incomplete` and stay out of the success rate.
    /// - Every statistic is of the successful requests, like vLLM's and SGLang's, which
    ///   measure successful requests only; this includes throughputs and concurrency
    ///   (the console's "All Requests" throughput table shows the same numbers when no
    ///   request fails).
    /// - A distribution without samples (all requests failed, or ITL of one-token
    ///   outputs) is null, not guidellm's placeholder 0.0; rates stay 0 here, and
    ///   `ingest::settle` nulls the token rates of a run without successes.
    /// - total_input_tokens / total_output_tokens are the sums of the successful
    ///   requests' token counts, like vLLM's.
    /// - request_rate is the rate of a `constant` or `poisson` strategy; the others send
    ///   as fast as their concurrency allows, which vLLM calls an infinite rate: null.
    /// - max_concurrency: 1 for `synchronous` (one request at a time), the streams of
    ///   `concurrent`; null for `throughput`/`constant`/`poisson`, whose
    ///   `max_concurrency` is the scheduler's cap (`set_strategy`); nothing for `trace` or
    ///   unknown strategies. load_type is the strategy, load_value its streams or rate.
    /// - label and strategy are guidellm's name of the benchmark (`synchronous`,
    ///   `throughput@unlimited`, `concurrent@4`, `constant@2.50`), which tells a sweep's
    ///   runs apart.
    /// - num_prompts is the `max_requests` constraint when one is set.
    pub fn into_run(self, format: Format) -> Run {
        let mut run = Run::new(format, None);
        if let Some(b) = &self.backend {
            run.set_text("backend", b);
        }
        if let Some(m) = &self.model_id {
            run.set_text("model_id", m);
        }
        if let Some(s) = &self.strategy {
            run.set_text("label", s.display());
            // The sweep's load level by guidellm's own name, as a column of its own.
            run.set_text("strategy", s.display());
            set_strategy(&mut run, s);
        }
        for (key, v) in [
            ("num_prompts", self.num_prompts),
            ("input_len", self.input_len),
            ("output_len", self.output_len),
        ] {
            if let Some(v) = v {
                run.set_num(key, v);
            }
        }
        run.set_opt("completed", self.completed);
        run.set_opt("failed", self.failed);
        run.set_opt("incomplete", self.incomplete);
        run.set_opt("duration", self.duration);
        for (metric, stats) in &self.stats {
            match metric.target() {
                Target::Distribution {
                    family,
                    scale,
                    unit,
                } => self.set_distribution(&mut run, family, scale, unit, stats.as_ref()),
                // A rate without samples is a true 0 (no successful request per second).
                Target::Mean(col) => {
                    run.set_opt(col, stats.as_ref().map_or(Some(0.0), |s| s.mean));
                }
            }
            let total_col = match metric {
                Metric::PromptTokens => "total_input_tokens",
                Metric::OutputTokens => "total_output_tokens",
                _ => continue,
            };
            run.set_opt(total_col, stats.as_ref().map_or(Some(0.0), |s| s.total));
        }
        run
    }

    fn set_distribution(
        &self,
        run: &mut Run,
        family: &str,
        scale: f64,
        unit: &str,
        stats: Option<&Stats>,
    ) {
        let key = |stat: &str| format!("{stat}_{family}{unit}");
        let Some(s) = stats.filter(|s| !s.empty) else {
            for stat in ["mean", "median", "std", "min", "max"] {
                run.set_opt(key(stat), None);
            }
            for p in self.percentile_names {
                run.set_opt(key(&format!("p{p}")), None);
            }
            return;
        };
        let scaled = |v: Option<f64>| v.map(|v| v * scale);
        run.set_opt(key("mean"), scaled(s.mean));
        run.set_opt(key("median"), scaled(s.median));
        run.set_opt(key("std"), scaled(s.std));
        run.set_opt(key("min"), scaled(s.min));
        run.set_opt(key("max"), scaled(s.max));
        for (p, v) in &s.percentiles {
            run.set_opt(key(&format!("p{p}")), scaled(*v));
        }
    }
}

/// The load the profile configured. `strategy.max_concurrency` is guidellm's scheduler cap
/// (10240 for a poisson run, 512 for a sweep's constant-rate points, filled in whatever
/// the user asked for), not a configured concurrency: only `concurrent` streams, and
/// `synchronous` (one request at a time), are one; a rate run has none, so that a curve
/// over max_concurrency holds no rate run.
pub(super) fn set_strategy(run: &mut Run, s: &Strategy) {
    run.set_text("load_type", s.kind.as_str());
    match s.kind.as_str() {
        "synchronous" => {
            run.set_opt("request_rate", None);
            run.set_num("max_concurrency", 1.0);
            run.set_num("load_value", 1.0);
        }
        "concurrent" => {
            run.set_opt("request_rate", None);
            let streams = s.streams.or(s.max_concurrency);
            run.set_opt("max_concurrency", streams);
            run.set_opt("load_value", streams);
        }
        "throughput" => {
            run.set_opt("request_rate", None);
            run.set_opt("max_concurrency", None);
        }
        "constant" | "poisson" => {
            run.set_opt("request_rate", s.rate);
            run.set_opt("max_concurrency", None);
            run.set_opt("load_value", s.rate);
        }
        _ => {}
    }
}

impl Strategy {
    /// guidellm's own name of a strategy (its `__str__`, also the CSV's `Strategy` cell).
    pub fn display(&self) -> String {
        let num = |v: Option<f64>| v.map_or("None".to_owned(), |v| format!("{v}"));
        match self.kind.as_str() {
            "concurrent" => format!("concurrent@{}", num(self.streams)),
            "throughput" => match self.max_concurrency {
                Some(c) => format!("throughput@{c}"),
                None => "throughput@unlimited".into(),
            },
            "constant" | "poisson" => match self.rate {
                Some(r) => format!("{}@{r:.2}", self.kind),
                None => self.kind.clone(),
            },
            "trace" => format!("trace@{:.2}", self.time_scale.unwrap_or(1.0)),
            other => other.to_owned(),
        }
    }

    /// Parses guidellm's name of a strategy. Rates are printed with two decimals, so a
    /// rate read back from a name is rounded (`constant@2.20`).
    pub fn from_display(name: &str) -> Option<Strategy> {
        let name = name.trim();
        if name.is_empty() {
            return None;
        }
        let (kind, arg) = match name.split_once('@') {
            Some((k, a)) => (k.trim(), Some(a.trim())),
            None => (name, None),
        };
        let number = arg
            .and_then(|a| a.parse::<f64>().ok())
            .filter(|v| v.is_finite());
        let mut s = Strategy {
            kind: kind.to_owned(),
            rate: None,
            streams: None,
            max_concurrency: None,
            time_scale: None,
        };
        match kind {
            "concurrent" => s.streams = number,
            "throughput" => s.max_concurrency = number,
            "constant" | "poisson" => s.rate = number,
            "trace" => s.time_scale = number,
            _ => {}
        }
        Some(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strategy_names_round_trip() {
        for name in [
            "synchronous",
            "concurrent@4",
            "throughput@unlimited",
            "throughput@8",
            "constant@2.50",
            "poisson@11.65",
            "trace@1.00",
        ] {
            let s = Strategy::from_display(name).expect("parses");
            assert_eq!(s.display(), name);
        }
        assert_eq!(
            Strategy::from_display("constant@2.20").and_then(|s| s.rate),
            Some(2.2)
        );
    }
}
