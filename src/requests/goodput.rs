//! Goodput under the user's per-request SLOs, as vLLM defines it (`vllm bench serve
//! --goodput ttft:25 tpot:3 e2el:80`, `calculate_metrics` in vllm/benchmarks/serve.py):
//!
//! - a request is *good* when it succeeded and every objective holds for it; vLLM's
//!   limits are inclusive (`slo >= value`), which is `ttft<=25` here;
//! - TPOT of a successful request with one output token or none is 0 (vLLM: "we regard
//!   tpot as 0 for goodput");
//! - `slo_goodput` = good requests / the run's duration (seconds), vLLM's
//!   `request_goodput`;
//! - `slo_attainment` = good requests / all requests of the run (failed ones included:
//!   a failed request meets no objective), from 0 to 1.
//!
//! `itl` is no vLLM goodput metric; here a request meets `itl<=X` when every gap between
//! its chunks does. When a metric an objective names was not recorded for any successful
//! request (SGLang keeps no E2EL), the run's goodput is unknown (null), not zero.

use super::{Metric, Requests, RunRequests};
use crate::slo::Slo;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Goodput {
    pub good: usize,
    pub total: usize,
    /// `None` when the run has no requests.
    pub attainment: Option<f64>,
    /// `None` when the duration is unknown.
    pub goodput: Option<f64>,
}

/// Whether request `i` meets one objective; `None` when the request lacks the metric.
fn meets(rs: &Requests, i: usize, metric: Metric, slo: &Slo) -> Option<bool> {
    match metric {
        Metric::Ttft => rs.ttft_ms.get(i).map(|v| slo.holds(v)),
        Metric::E2el => rs.e2el_ms.get(i).map(|v| slo.holds(v)),
        Metric::Tpot => match (rs.tpot_ms.get(i), rs.output_tokens.get(i)) {
            (Some(v), _) => Some(slo.holds(v)),
            (None, Some(out)) if out <= 1 => Some(slo.holds(0.0)),
            _ => None,
        },
        Metric::Itl => match (rs.itl_ms.get(i), rs.itl_mean_ms.get(i)) {
            (Some(gaps), _) => Some(gaps.iter().all(|g| slo.holds(*g))),
            (None, Some(v)) => Some(slo.holds(v)),
            _ => None,
        },
    }
}

/// Goodput of one run under `slos` (only the per-request ones count); `None` when there
/// is none, or a metric they name was never recorded in this run.
pub fn goodput(run: &RunRequests, slos: &[Slo], duration_s: Option<f64>) -> Option<Goodput> {
    let objectives: Vec<(Metric, &Slo)> = slos
        .iter()
        .filter_map(|s| Some((s.request_metric()?, s)))
        .collect();
    if objectives.is_empty() {
        return None;
    }
    let rs = &run.requests;
    let ok: Vec<usize> = rs.successful_rows().collect();
    for (metric, slo) in &objectives {
        if !ok.is_empty() && ok.iter().all(|&i| meets(rs, i, *metric, slo).is_none()) {
            return None;
        }
    }
    let good = ok
        .iter()
        .filter(|&&i| {
            objectives
                .iter()
                .all(|(m, slo)| meets(rs, i, *m, slo).unwrap_or(false))
        })
        .count();
    let total = run.requests.len();
    let duration = run.duration_s.or(duration_s).filter(|d| *d > 0.0);
    Some(Goodput {
        good,
        total,
        attainment: (total > 0).then(|| good as f64 / total as f64),
        goodput: duration.map(|d| good as f64 / d),
    })
}
