//! Which block a quoted value speaks of: a variant by name, the only block printing the
//! value, the block most quoted values fit, the best valid run of a section (by a
//! metric, or per GPU), and the GPUs a run used. A run whose success rate is under 100%
//! is not a valid optimization.

use super::context::Context;
use super::grammar::{Said, PRIMARY};
use super::interval::{self, Interval};
use super::names::closest;
use crate::published::{Block, Params, PrintedNumber};

impl Context<'_> {
    /// The experiment's only variant block whose `metric` is `said`, within rounding.
    pub(crate) fn only_block_printing(&self, e: usize, metric: &str, said: &Said) -> Option<usize> {
        let mut matching = self.report.experiments[e]
            .variants
            .iter()
            .filter_map(|v| v.blocks.first().copied())
            .filter(|&b| {
                self.block(b)
                    .number(metric)
                    .is_some_and(|n| interval::holds(&said.number, Interval::of(&n)))
            });
        let first = matching.next()?;
        matching.next().is_none().then_some(first)
    }

    pub(crate) fn find_variant(&self, e: usize, name: &str) -> Option<usize> {
        let exp = &self.report.experiments[e];
        closest(name, exp.variants.iter().map(|v| v.name.as_str()))
    }

    pub(crate) fn variant_block(&self, e: usize, v: usize) -> Option<usize> {
        self.report.experiments[e].variants[v]
            .blocks
            .first()
            .copied()
    }

    pub(crate) fn best_valid(&self, blocks: &[usize], metric: &str) -> Option<usize> {
        let mut best: Option<(usize, f64)> = None;
        for &b in blocks {
            if !self.is_valid(b) {
                continue;
            }
            let Some(n) = self.block(b).number(metric) else {
                continue;
            };
            if best.is_none_or(|(_, v)| n.value > v) {
                best = Some((b, n.value));
            }
        }
        best.map(|(b, _)| b)
    }

    /// The valid block with the lowest (`lower`) or highest value of `metric`.
    pub(crate) fn best_valid_by(
        &self,
        blocks: &[usize],
        metric: &str,
        lower: bool,
    ) -> Option<usize> {
        let mut best: Option<(usize, f64)> = None;
        for &b in blocks {
            if !self.is_valid(b) {
                continue;
            }
            let Some(n) = self.block(b).number(metric) else {
                continue;
            };
            if best.is_none_or(|(_, v)| if lower { n.value < v } else { n.value > v }) {
                best = Some((b, n.value));
            }
        }
        best.map(|(b, _)| b)
    }

    /// The valid block with the best primary value per GPU, scaled to the GPU count of
    /// `reference`, and that scale; `None` when a GPU count is unknown.
    pub(crate) fn best_per_gpu(&self, blocks: &[usize], reference: usize) -> Option<(usize, f64)> {
        let g_ref = self.gpus_of(reference)?;
        let mut best: Option<(usize, f64, f64)> = None;
        for &b in blocks {
            if !self.is_valid(b) {
                continue;
            }
            let (Some(n), Some(g)) = (self.block(b).number(PRIMARY), self.gpus_of(b)) else {
                continue;
            };
            let f = g_ref / g;
            if best.is_none_or(|(_, v, _)| n.value * f > v) {
                best = Some((b, n.value * f, f));
            }
        }
        best.map(|(b, _, f)| (b, f))
    }

    /// GPUs a block's run used, from its variant's parallelism flags (tensor × data ×
    /// pipeline; SGLang's DP attention runs inside the tensor-parallel group).
    pub(crate) fn gpus_of(&self, b: usize) -> Option<f64> {
        // A variant's block, else a block of "Other Benchmark Cases" with its own script.
        let params = self
            .report
            .experiments
            .iter()
            .flat_map(|e| &e.variants)
            .find(|v| v.blocks.contains(&b))
            .and_then(|v| v.params.as_ref())
            .or_else(|| {
                self.report
                    .cases
                    .iter()
                    .flat_map(|c| [&c.baseline, &c.optimized])
                    .flatten()
                    .find(|side| side.block == Some(b))?
                    .params
                    .as_ref()
            })?;
        // Every word of the parameters or the serving command: `--tp-size 8`, `-tp=2`.
        let mut text = params.args.join(" ");
        if let Some(c) = &params.command {
            text.push(' ');
            text.push_str(&c.text);
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let value = |names: &[&str]| -> f64 {
            words
                .iter()
                .enumerate()
                .find_map(|(i, w)| {
                    let (flag, v) = match w.split_once('=') {
                        Some((f, v)) => (f, Some(v)),
                        None => (*w, words.get(i + 1).copied()),
                    };
                    names
                        .contains(&flag)
                        .then(|| v.and_then(|v| v.parse::<f64>().ok()))
                        .flatten()
                })
                .unwrap_or(1.0)
        };
        let tp = value(&["--tp", "-tp", "--tp-size", "--tensor-parallel-size"]);
        let dp = value(&["--dp", "-dp", "--dp-size", "--data-parallel-size"]);
        let pp = value(&["--pp", "-pp", "--pp-size", "--pipeline-parallel-size"]);
        let dp_attention = words.contains(&"--enable-dp-attention");
        Some(tp * pp * if dp_attention { 1.0 } else { dp })
    }

    /// Runs whose success rate is known to be under 100% are not valid optimizations
    /// (the reference's speculative decoding, 514 of 1000), unless the baseline lost as
    /// many: every ShareGPT run of the 235B report completed 984 of its 1000 prompts, and
    /// those runs compare like with like. Failed requests a block prints always count.
    pub(crate) fn is_valid(&self, b: usize) -> bool {
        let block = self.block(b);
        let Some(c) = block.number("completed") else {
            return true;
        };
        if let Some(f) = block.number("failed") {
            return f.value <= 0.0;
        }
        let Some(t) = success_denominator(block, self.totals.get(b).copied().flatten()) else {
            return true;
        };
        let baseline_completed = self
            .report
            .baseline_block()
            .and_then(|base| self.block(base).number("completed"))
            .map_or(t.value, |n| n.value);
        c.value >= t.value.min(baseline_completed)
    }
}

/// The printed form of a block's value, for messages.
pub(crate) fn x_text(b: &Block, metric: &str) -> String {
    b.printed
        .get(metric)
        .map(|p| p.text.clone())
        .or_else(|| b.run.get(metric).map(|v| v.to_string()))
        .unwrap_or_else(|| "?".to_owned())
}

/// Completed plus failed when failed is printed, else the profile's requested total.
pub(crate) fn success_denominator(block: &Block, total: Option<f64>) -> Option<PrintedNumber> {
    if let (Some(c), Some(f)) = (block.number("completed"), block.number("failed")) {
        return Some(PrintedNumber::exact(c.value + f.value));
    }
    total.map(PrintedNumber::exact)
}

pub(crate) use crate::published::conclusion::best_match;

/// The words of a serving configuration, sorted: the whole command when there is one,
/// else its parameters; `--flag=value` is `--flag value`, quotes and continuation
/// backslashes dropped, so that the same flags in another order or spelling compare
/// equal.
fn config_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = text
        .split_whitespace()
        .filter(|w| *w != "\\")
        .flat_map(|w| w.split('='))
        .map(|w| w.trim_matches(|c| c == '"' || c == '\'').to_owned())
        .filter(|w| !w.is_empty())
        .collect();
    words.sort();
    words
}

/// Whether two serving configurations are the same: the same command, or (when one of
/// them lists only its parameters) the same parameters.
pub(crate) fn same_config(a: &Params, b: &Params) -> bool {
    match (&a.command, &b.command) {
        (Some(x), Some(y)) => config_words(&x.text) == config_words(&y.text),
        _ => {
            !a.args.is_empty() && config_words(&a.args.join(" ")) == config_words(&b.args.join(" "))
        }
    }
}
