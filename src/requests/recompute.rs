//! A run's summary recomputed from its own requests, the way its tool computes it, and
//! compared with the summary the same file prints. A difference beyond floating-point
//! noise means the summary and the requests do not describe the same requests (an edited
//! file, a tool bug, sampling) and becomes a warning naming the metric.
//!
//! - [`Rule::Numpy`] (vLLM `calculate_metrics`, SGLang `calculate_metrics`): over the
//!   successful requests, `mean`, `median`, `std` (divisor n) and every `pXX` the file
//!   holds, of TTFT, TPOT (per request, first token excluded), E2EL and ITL (every gap of
//!   every successful request pooled); `completed`, `failed`, `total_input_tokens` (of
//!   successful requests) and `total_output_tokens` (all, failed count 0).
//! - [`Rule::Aiperf`]: the same statistics (AIPerf's linear percentiles are numpy's) plus
//!   `min` and `max`, except ITL's percentiles, which AIPerf estimates with a t-digest.
//! - [`Rule::GenaiPerf`]: numpy's statistics with min and max, of TTFT and E2EL (its
//!   ITL, our TPOT, needs the tokenizer's token counts, which the file does not keep).
//! - [`Rule::Guidellm`]: guidellm's distributions are its own (percentiles from its
//!   cumulative distribution); only `completed` and the means are recomputed, and only
//!   when the file kept every request (`--sample-requests` keeps a sample). Its TPOT is
//!   weighted by tokens: each request's value counts output_tokens − 1 times.
//!
//! Noise: the tools sum in another order (numpy's pairwise sum) and scale seconds to
//! milliseconds before or after; both stay far below a relative 1e-9.

use super::{Metric, Requests, Rule, RunRequests};
use crate::model::Run;
use crate::stats::percentile::{mean, percentile_sorted, ranks, std_dev};

/// Relative difference above which a recomputed number disagrees with the file's.
pub const TOLERANCE: f64 = 1e-9;

#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch {
    pub column: String,
    pub file: f64,
    pub recomputed: f64,
}

/// Every summary column of `run` that its requests determine, recomputed.
pub fn recompute(run: &Run, requests: &RunRequests) -> Vec<(String, f64, f64)> {
    let mut out = Vec::new();
    let rs = &requests.requests;
    let ok: Vec<usize> = rs.successful_rows().collect();
    let mut push = |column: &str, value: Option<f64>| {
        if let (Some(file), Some(v)) = (run.get(column), value) {
            out.push((column.to_owned(), file, v));
        }
    };
    match requests.rule {
        Rule::Numpy => {
            push("completed", Some(ok.len() as f64));
            push("failed", Some((rs.len() - ok.len()) as f64));
            let input: Option<u64> = ok.iter().map(|&i| rs.input_tokens.get(i)).sum();
            push("total_input_tokens", input.map(|x| x as f64));
            let output: Option<u64> = (0..rs.len())
                .map(|i| {
                    if rs.ok[i] {
                        rs.output_tokens.get(i)
                    } else {
                        Some(0)
                    }
                })
                .sum();
            push("total_output_tokens", output.map(|x| x as f64));
        }
        Rule::Aiperf | Rule::GenaiPerf => {
            push("completed", Some(ok.len() as f64));
            push("failed", Some((rs.len() - ok.len()) as f64));
        }
        Rule::Guidellm => {
            let completed = run.get("completed");
            if completed.is_some_and(|c| c as usize != ok.len()) {
                return out; // a sample of the requests: nothing to check
            }
            push("completed", Some(ok.len() as f64));
        }
    }
    for metric in Metric::ALL {
        let mut values: Vec<f64> = match metric {
            Metric::Itl if requests.rule != Rule::Guidellm => pooled_gaps(rs, &ok),
            _ => ok.iter().filter_map(|&i| rs.value(i, metric)).collect(),
        };
        if values.is_empty() {
            continue;
        }
        let name = metric.name();
        if requests.rule == Rule::Guidellm {
            // guidellm's TPOT (its `inter_token_latency_ms`) is a distribution over the
            // tokens after the first, not over requests: each request counts
            // output_tokens − 1 times (`request_stats.py`; its `count` is Σ(n − 1)).
            let weighted = (metric == Metric::Tpot)
                .then(|| token_weighted_mean(rs, &ok, metric, 1))
                .flatten();
            push(
                &format!("mean_{name}_ms"),
                weighted.or_else(|| mean(&values)),
            );
            continue;
        }
        push(&format!("mean_{name}_ms"), mean(&values));
        push(&format!("std_{name}_ms"), std_dev(&values));
        // AIPerf's ITL percentiles are t-digest estimates: only its min and max count.
        let suffix = format!("_{name}_ms");
        let ps: Vec<(String, f64)> = if requests.rule == Rule::Aiperf && metric == Metric::Itl {
            Vec::new()
        } else {
            let mut ps = vec![(format!("median_{name}_ms"), 50.0)];
            ps.extend(run.values.keys().filter_map(|k| {
                let p = k.strip_prefix('p')?.strip_suffix(suffix.as_str())?;
                Some((k.to_string(), p.parse::<f64>().ok()?))
            }));
            ps
        };
        // Ordered in place, the mean and deviation taken (the sums keep the file's order),
        // only as far as the places these statistics read.
        let n = values.len();
        let mut places = vec![0, n - 1];
        for (_, p) in &ps {
            if let Some((lo, hi, _)) = ranks(n, *p) {
                places.extend([lo, hi]);
            }
        }
        order_at(&mut values, places);
        let sorted = values;
        push(&format!("min_{name}_ms"), sorted.first().copied());
        push(&format!("max_{name}_ms"), sorted.last().copied());
        for (column, p) in ps {
            push(&column, percentile_sorted(&sorted, p));
        }
    }
    out
}

/// Every gap of the successful requests, in order, collected at once: when every request
/// succeeded (the common case), the tool's whole vector of gaps is copied in one piece.
fn pooled_gaps(rs: &Requests, ok: &[usize]) -> Vec<f64> {
    let gaps = &rs.itl_ms;
    if ok.len() == rs.len() && gaps.len() == rs.len() && gaps.valid.iter().all(|v| *v) {
        return gaps.values[..gaps.offsets[rs.len()]].to_vec();
    }
    let mut out = Vec::new();
    for g in ok.iter().filter_map(|&i| gaps.get(i)) {
        out.extend_from_slice(g);
    }
    out
}

/// Puts at each of `places` the value a sort by `total_cmp` (`stats::percentile::sorted`)
/// puts there, selecting rather than sorting: a run's million gaps sorted whole were a
/// fifth of its ingest. Each selection leaves the values after its place all greater or
/// equal, so the next place is selected among them only. Values equal under `total_cmp`
/// are the same bits, so the values found are those of the stable sort.
fn order_at(values: &mut [f64], mut places: Vec<usize>) {
    places.sort_unstable();
    places.dedup();
    let mut start = 0;
    for place in places {
        values[start..].select_nth_unstable_by(place - start, f64::total_cmp);
        start = place + 1;
    }
}

/// Σ v·(n − skip) / Σ (n − skip) over the requests with a value and an output token count
/// above `skip`; `None` when a request with a value has no count (then the plain mean is
/// all there is).
fn token_weighted_mean(rs: &Requests, ok: &[usize], metric: Metric, skip: u64) -> Option<f64> {
    let (mut sum, mut weight) = (0.0, 0.0);
    for &i in ok {
        let Some(v) = rs.value(i, metric) else {
            continue;
        };
        let n = rs.output_tokens.get(i)?;
        if n > skip {
            let w = (n - skip) as f64;
            sum += v * w;
            weight += w;
        }
    }
    (weight > 0.0).then(|| sum / weight)
}

/// The recomputed numbers that disagree with the file's beyond noise, or, for a number
/// printed with fewer decimals (a console summary's copy of the run filled in
/// `max_itl_ms = 12.86`), beyond its rounding.
pub fn mismatches(run: &Run, requests: &RunRequests) -> Vec<Mismatch> {
    recompute(run, requests)
        .into_iter()
        .filter(|(_, file, v)| {
            !agrees(*file, *v) && (file - v).abs() > crate::ingest::half_unit(*file)
        })
        .map(|(column, file, recomputed)| Mismatch {
            column,
            file,
            recomputed,
        })
        .collect()
}

pub fn agrees(a: f64, b: f64) -> bool {
    (a - b).abs() <= TOLERANCE * a.abs().max(b.abs()) + 1e-12
}
