//! Findings about the blocks themselves, reported as warnings: numbers that cannot all be
//! right (a mean above its P99, a peak below the mean or thousands of times above it),
//! values a report should not publish (`N/A`, medians of zero, a success rate under
//! 100%), a result fence with no numbers, a model served that is not the report's.

use serde::Serialize;

use crate::published::{Block, Report};

/// A peak output throughput more than this many times the mean cannot be a rate of the
/// run (GPUStack's guidellm rendering divides by near-zero intervals).
pub const PEAK_OVER_MEAN_LIMIT: f64 = 100.0;

/// The distributions whose mean must not exceed their P99.
const FAMILIES: [&str; 4] = ["ttft", "tpot", "itl", "e2el"];

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Finding {
    /// Completed requests under the requested total.
    SuccessRate {
        line: u64,
        block_line: u64,
        completed: f64,
        total: f64,
        /// Percent.
        rate: f64,
    },
    PeakBelowMean {
        line: u64,
        block_line: u64,
        peak: String,
        mean: String,
    },
    PeakAboveMean {
        line: u64,
        block_line: u64,
        peak: String,
        mean: String,
        times: f64,
    },
    MeanAboveP99 {
        line: u64,
        block_line: u64,
        metric: String,
        mean: String,
        p99: String,
    },
    /// Values printed as `N/A`.
    NotAvailable {
        line: u64,
        block_line: u64,
        labels: Vec<String>,
    },
    ZeroMedian {
        line: u64,
        block_line: u64,
        labels: Vec<String>,
    },
    /// A serving command serves a model the title does not name.
    ServedModel {
        line: u64,
        served: String,
        title: String,
    },
    /// A result fence with no numbers in it; `text` is what it says instead.
    EmptyResult { line: u64, text: String },
    /// A problem the block reader reported (a block cut short).
    Reader { line: u64, message: String },
    /// A claim that does not hold, and the classic mistake that gives its figure.
    Mistake {
        line: u64,
        #[serde(flatten)]
        mistake: super::thread::Mistake,
        metric: String,
        claimed: String,
        recomputed: String,
    },
    /// A claimed change that trials on both sides do not tell from noise (Welch's test,
    /// p at or above the level `diff` uses).
    WithinNoise {
        line: u64,
        metric: String,
        claimed: String,
        p: f64,
        trials: [usize; 2],
    },
}

impl Finding {
    pub fn line(&self) -> u64 {
        match self {
            Finding::SuccessRate { line, .. }
            | Finding::PeakBelowMean { line, .. }
            | Finding::PeakAboveMean { line, .. }
            | Finding::MeanAboveP99 { line, .. }
            | Finding::NotAvailable { line, .. }
            | Finding::ZeroMedian { line, .. }
            | Finding::ServedModel { line, .. }
            | Finding::EmptyResult { line, .. }
            | Finding::Reader { line, .. }
            | Finding::Mistake { line, .. }
            | Finding::WithinNoise { line, .. } => *line,
        }
    }
}

fn text_of(b: &Block, key: &str) -> String {
    b.printed.get(key).map_or_else(
        || b.run.get(key).map_or(String::new(), |v| v.to_string()),
        |p| p.text.clone(),
    )
}

/// The findings of one block; `total` is its profile's requested total when known.
pub fn block_findings(b: &Block, total: Option<f64>) -> Vec<Finding> {
    let mut out = Vec::new();
    if let Some(c) = b.number("completed") {
        let denom = match b.number("failed") {
            Some(f) => Some(c.value + f.value),
            None => total,
        };
        if let Some(t) = denom.filter(|t| *t > 0.0 && c.value < *t) {
            out.push(Finding::SuccessRate {
                line: b.line_of("completed"),
                block_line: b.line,
                completed: c.value,
                total: t,
                rate: c.value / t * 100.0,
            });
        }
    }
    if let (Some(peak), Some(mean)) = (
        b.number("max_output_tokens_per_s"),
        b.number("output_throughput"),
    ) {
        let line = b.line_of("max_output_tokens_per_s");
        if peak.hi() < mean.lo() {
            out.push(Finding::PeakBelowMean {
                line,
                block_line: b.line,
                peak: text_of(b, "max_output_tokens_per_s"),
                mean: text_of(b, "output_throughput"),
            });
        } else if mean.value > 0.0 && peak.value > PEAK_OVER_MEAN_LIMIT * mean.value {
            out.push(Finding::PeakAboveMean {
                line,
                block_line: b.line,
                peak: text_of(b, "max_output_tokens_per_s"),
                mean: text_of(b, "output_throughput"),
                times: peak.value / mean.value,
            });
        }
    }
    for family in FAMILIES {
        let (mean_key, p99_key) = (format!("mean_{family}_ms"), format!("p99_{family}_ms"));
        if let (Some(mean), Some(p99)) = (b.number(&mean_key), b.number(&p99_key)) {
            // Beyond rounding: 0.09 over a P99 of 0.00 counts, 15.12 over 15.12 does not.
            if mean.lo() > p99.hi() {
                out.push(Finding::MeanAboveP99 {
                    line: b.line_of(&mean_key),
                    block_line: b.line,
                    metric: family.to_owned(),
                    mean: text_of(b, &mean_key),
                    p99: text_of(b, &p99_key),
                });
            }
        }
    }
    let na = b.not_available();
    if let Some(first) = na.first() {
        out.push(Finding::NotAvailable {
            line: first.line,
            block_line: b.line,
            labels: na.iter().map(|p| p.label.clone()).collect(),
        });
    }
    let mut zeros: Vec<(u64, String)> = b
        .printed
        .iter()
        .filter(|(k, p)| k.starts_with("median_") && p.number.is_some_and(|n| n.value == 0.0))
        .map(|(_, p)| (p.line, p.label.clone()))
        .collect();
    zeros.sort();
    if let Some((line, _)) = zeros.first() {
        out.push(Finding::ZeroMedian {
            line: *line,
            block_line: b.line,
            labels: zeros.iter().map(|(_, l)| l.clone()).collect(),
        });
    }
    out
}

/// `Qwen/Qwen3-30B-A3B` → `qwen3-30b-a3b`.
fn model_name(model: &str) -> String {
    model
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(model)
        .to_lowercase()
}

/// Whether a title (lower case) names `model`, or the model `model` is a variant of: a
/// quantization or a revision of it (`qwen3-32b-fp8`, `deepseek-r1-0528`,
/// `qwen3-235b-a22b-instruct-2507` under a title naming `Qwen3-32B`, `DeepSeek-R1`,
/// `Qwen3-235B-A22B`). Another size (`qwen3-14b` under `Qwen3-32B`) is another model.
fn names_model(title: &str, model: &str) -> bool {
    if title.contains(model) {
        return true;
    }
    title
        .split(|c: char| !(c.is_alphanumeric() || matches!(c, '-' | '.' | '_')))
        .filter(|w| w.len() >= 3 && w.chars().any(|c| c.is_ascii_digit()))
        .any(|w| {
            // `GLM-4.x` names every GLM-4 version: `glm-4.6`, `glm-4.6-fp8`.
            let rest = match w.strip_suffix(".x") {
                Some(family) => model
                    .strip_prefix(family)
                    .and_then(|r| r.strip_prefix('.'))
                    .map(|r| r.trim_start_matches(|c: char| c.is_ascii_digit())),
                None => model.strip_prefix(w),
            };
            rest.is_some_and(|r| r.is_empty() || r.starts_with(['-', '_']))
        })
}

/// Serving commands whose model the title (else the Model section) does not name.
pub fn served_findings(report: &Report) -> Vec<Finding> {
    let Some(reference) = report.title.as_ref().or(report.model.as_ref()) else {
        return Vec::new();
    };
    let named = reference.text.to_lowercase();
    report
        .served
        .iter()
        .filter(|s| !names_model(&named, &model_name(&s.model)))
        .map(|s| Finding::ServedModel {
            line: s.line,
            served: s.model.clone(),
            title: reference.text.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variant_of_the_titled_model_is_that_model() {
        let title = "optimizing qwen3-32b throughput on nvidia a100 gpus";
        assert!(names_model(title, "qwen3-32b"));
        assert!(names_model(title, "qwen3-32b-fp8"));
        assert!(names_model(title, "qwen3-32b-awq"));
        assert!(!names_model(title, "qwen3-14b"));
        assert!(!names_model(title, "qwen3-14b-w8a8"));
        assert!(names_model("deepseek-r1 on h200", "deepseek-r1-0528"));
        assert!(!names_model(
            "optimizing qwen3-30b-a3b throughput",
            "qwen3-8b-w8a8"
        ));
        assert!(!names_model("gpt-oss-20b on h100", "gpt-oss-120b"));
        assert!(names_model("optimizing glm-4.x throughput", "glm-4.6-fp8"));
        assert!(names_model("optimizing glm-4.x throughput", "glm-4.5"));
        assert!(!names_model("optimizing glm-4.x throughput", "glm-5.2"));
    }

    #[test]
    fn model_names_drop_the_organisation() {
        assert_eq!(model_name("vllm-ascend/Qwen3-8B-W8A8"), "qwen3-8b-w8a8");
        assert_eq!(model_name("Qwen3-30B-A3B"), "qwen3-30b-a3b");
    }
}
