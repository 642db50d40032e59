//! The summary sentence under an experiment's variants: `` `vLLM` Total TPS = 11527.14,
//! `SGLang` Total TPS = 6499.42, `vLLM` is faster by 5027.72 tok/s (77.36%); Mean TPOT =
//! 15.12 ms vs 138.86 ms, reduced by 123.74 ms (89.11%) ``: each value against its
//! variant's block, the order, the difference, the percentage or ratio, and (with three
//! or more variants) that the runs compared are the fastest and the slowest.

use super::super::claim::{Claim, ClaimSource, Quantity, Verdict};
use super::super::context::Context;
use super::super::formula::Formula;
use super::super::grammar::{
    is_result_line, metric_of_label, order_line_metric, said, said_in, SpanIn, PAIR, PRIMARY,
    SECONDARY, VERDICT,
};
use super::Rule;
use crate::published::{normalize_name, Experiment};

pub(super) struct SummarySentences;

impl Rule for SummarySentences {
    fn apply(&self, cx: &mut Context<'_>) {
        let report = cx.report;
        for (e, exp) in report.experiments.iter().enumerate() {
            for s in &exp.sentences {
                if is_result_line(&s.text) || order_line_metric(&s.text).is_some() {
                    continue;
                }
                let base = cx.loc.offset_of(s.line, &s.text);
                summary_sentence(cx, e, s.line, &s.text, base);
            }
        }
    }
}

fn summary_sentence(cx: &mut Context<'_>, e: usize, line: u64, text: &str, base: Option<usize>) {
    let src = ClaimSource::SummarySentence;
    // `A` Total TPS = x, `B` Total TPS = y
    let mut named: Vec<(String, Option<usize>)> = Vec::new();
    let mut primary = PRIMARY;
    for c in PAIR.captures_iter(text) {
        let name = c.name("name").or_else(|| c.name("bold"));
        let (Some(name), Some(label), Some(num)) = (name, c.name("label"), c.name("num")) else {
            continue;
        };
        let Some(metric) = metric_of_label(label.as_str()) else {
            continue;
        };
        primary = metric;
        let Some(s) = said_in(text, num, base, metric) else {
            continue;
        };
        let v = cx.find_variant(e, name.as_str());
        // A name no variant has (a translation renamed the headings but not the
        // sentence): the one block of the experiment that prints the quoted value.
        let block = match v {
            Some(v) => cx.variant_block(e, v),
            None => cx.only_block_printing(e, metric, &s),
        };
        match block {
            Some(b) => cx.value_claim(line, src, name.as_str(), metric, &s, b),
            None => cx.missing(line, src, name.as_str(), s.span),
        }
        named.push((name.as_str().to_owned(), block));
    }
    let Some(c) = VERDICT.captures(text) else {
        return;
    };
    let name = c.name("name").or_else(|| c.name("bold"));
    let (Some(name), Some(dir), Some(diff)) = (name, c.name("dir"), c.name("diff")) else {
        return;
    };
    let first = named
        .iter()
        .find(|(n, _)| normalize_name(n) == normalize_name(name.as_str()));
    let other = named
        .iter()
        .find(|(n, _)| normalize_name(n) != normalize_name(name.as_str()));
    let (Some((a_name, Some(a))), Some((b_name, Some(b)))) = (first.cloned(), other.cloned())
    else {
        return;
    };
    let faster = dir.as_str() == "faster";
    let subject = format!("{a_name} / {b_name}");
    // `A is faster`: A's primary metric above B's, or below it for a latency; `slower`
    // mirrors it.
    let latency = primary.ends_with("_ms");
    let (hi, lo) = if faster != latency { (a, b) } else { (b, a) };
    cx.order_claim(line, src, &subject, primary, hi, lo, dir.span_in(base));
    if let Some(s) = said_in(text, diff, base, primary) {
        cx.formula_claim(
            line,
            src,
            Quantity::Difference,
            &subject,
            primary,
            &s,
            Formula::Difference,
            hi,
            lo,
        );
    }
    if let Some(s) = c.name("pct").and_then(|pct| said(pct, base)) {
        cx.formula_claim(
            line,
            src,
            Quantity::PercentChange,
            &subject,
            primary,
            &s,
            Formula::PercentChange,
            hi,
            lo,
        );
    }
    // `(3.10x faster)`: the larger value over the smaller.
    if let Some(s) = c.name("times").and_then(|t| said(t, base)) {
        cx.formula_claim(
            line,
            src,
            Quantity::Ratio,
            &subject,
            primary,
            &s,
            Formula::Ratio,
            hi,
            lo,
        );
    }
    // Which runs a latency study compares is not checked.
    if !latency {
        extremes_claim(cx, line, e, &subject, primary, hi, lo);
    }

    // Mean TPOT = a ms vs b ms, reduced by d ms (p%): A's value first, percent of B's.
    // A latency study: TTFT = a ms vs b ms, reduced by d ms (2.40x faster), each.
    for c in SECONDARY.captures_iter(text) {
        secondary(cx, line, &c, base, (&a_name, a), (&b_name, b), &subject);
    }
}

/// `Mean TPOT = a ms vs b ms, reduced by d ms (p%)` or `(2.40x faster)`.
fn secondary(
    cx: &mut Context<'_>,
    line: u64,
    c: &regex::Captures<'_>,
    base: Option<usize>,
    (a_name, a): (&str, usize),
    (b_name, b): (&str, usize),
    subject: &str,
) {
    let src = ClaimSource::SummarySentence;
    let (Some(label), Some(av), Some(bv), Some(dir), Some(diff)) = (
        c.name("label"),
        c.name("a"),
        c.name("b"),
        c.name("dir"),
        c.name("diff"),
    ) else {
        return;
    };
    let label = label.as_str();
    let metric = if label.starts_with("Mean") {
        metric_of_label(label)
    } else {
        metric_of_label(&format!("Mean {label}"))
    };
    let Some(metric) = metric else {
        return;
    };
    if let Some(s) = said(av, base) {
        cx.value_claim(line, src, a_name, metric, &s, a);
    }
    if let Some(s) = said(bv, base) {
        cx.value_claim(line, src, b_name, metric, &s, b);
    }
    let reduced = dir.as_str() == "reduced";
    let (hi, lo, formula) = if reduced {
        (b, a, Formula::ShareOfFirst)
    } else {
        (a, b, Formula::PercentChange)
    };
    cx.order_claim(line, src, subject, metric, hi, lo, dir.span_in(base));
    if let Some(s) = said(diff, base) {
        cx.formula_claim(
            line,
            src,
            Quantity::Difference,
            subject,
            metric,
            &s,
            Formula::Difference,
            hi,
            lo,
        );
    }
    if let Some(s) = c.name("pct").and_then(|pct| said(pct, base)) {
        // Reduced: (B - A) / B; increased: (A - B) / B. Both over B's value.
        cx.formula_claim(
            line,
            src,
            Quantity::PercentChange,
            subject,
            metric,
            &s,
            formula,
            hi,
            lo,
        );
    }
    // `(2.40x faster)`: the larger value over the smaller.
    if let Some(s) = c.name("times").and_then(|t| said(t, base)) {
        cx.formula_claim(
            line,
            src,
            Quantity::Ratio,
            subject,
            metric,
            &s,
            Formula::Ratio,
            hi,
            lo,
        );
    }
}

/// The runs a summary compares are the fastest and the slowest of the experiment's
/// variants.
fn extremes_claim(
    cx: &mut Context<'_>,
    line: u64,
    e: usize,
    subject: &str,
    metric: &str,
    top: usize,
    bottom: usize,
) {
    let report = cx.report;
    let exp: &Experiment = &report.experiments[e];
    if exp.variants.len() < 3 {
        return; // with two variants the order claim says it all
    }
    let (Some(t), Some(b)) = (
        cx.block(top).number(metric),
        cx.block(bottom).number(metric),
    ) else {
        return;
    };
    let mut fastest = (top, t);
    let mut slowest = (bottom, b);
    for v in &exp.variants {
        let Some(&bi) = v.blocks.first() else {
            continue;
        };
        let Some(n) = cx.block(bi).number(metric) else {
            continue;
        };
        if n.lo() > fastest.1.hi() {
            fastest = (bi, n);
        }
        if n.hi() < slowest.1.lo() {
            slowest = (bi, n);
        }
    }
    let holds = fastest.0 == top && slowest.0 == bottom;
    let name_of = |b: usize| {
        exp.variants
            .iter()
            .find(|v| v.blocks.contains(&b))
            .map_or(String::new(), |v| v.name.clone())
    };
    cx.push(Claim {
        line,
        source: ClaimSource::SummarySentence,
        quantity: Quantity::Extremes,
        metric: Some(metric.to_owned()),
        subject: subject.to_owned(),
        claimed: format!("{} > … > {}", name_of(top), name_of(bottom)),
        recomputed: Some(format!(
            "{} > … > {}",
            name_of(fastest.0),
            name_of(slowest.0)
        )),
        range: None,
        holds,
        verdict: Verdict::of(holds),
        inputs: vec![
            cx.block(top).line_of(metric),
            cx.block(bottom).line_of(metric),
        ],
        span: None,
        reason: None,
    });
}
