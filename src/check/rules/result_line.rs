//! The `Result:` line (`MineIE (4712.47 tok/s) > vLLM (1227.19 tok/s)`), the order line
//! of a named metric (`Mean latency per request: SGLang(1.61 s) < vLLM (1.68 s)`, checked
//! on its own numbers too) and `Result: Throughput improved from X tok/s to Y tok/s`.

use super::super::claim::{Claim, ClaimSource, Quantity, Verdict};
use super::super::context::Context;
use super::super::grammar::{
    is_result_line, order_line_metric, said, said_in, Said, IMPROVED_TO, PRIMARY, RESULT_ITEM,
};
use super::super::interval::{self, Interval};
use super::Rule;
use crate::published::Experiment;

pub(super) struct ResultLines;

impl Rule for ResultLines {
    fn apply(&self, cx: &mut Context<'_>) {
        let report = cx.report;
        for (e, exp) in report.experiments.iter().enumerate() {
            for s in &exp.sentences {
                let base = cx.loc.offset_of(s.line, &s.text);
                if is_result_line(&s.text) {
                    result_line(cx, e, s.line, &s.text, base, None);
                    improved_sentence(cx, e, s.line, &s.text, base);
                } else if let Some(metric) = order_line_metric(&s.text) {
                    result_line(cx, e, s.line, &s.text, base, Some(metric));
                }
            }
        }
    }
}

/// A `Result:` line, or an order line of a named metric (`metric`): `Mean latency per
/// request: SGLang(1.61 s) < vLLM (1.68 s)`, values in the claim's unit.
fn result_line(
    cx: &mut Context<'_>,
    e: usize,
    line: u64,
    text: &str,
    base: Option<usize>,
    metric: Option<&'static str>,
) {
    let src = ClaimSource::ResultLine;
    let body_at = text.find(':').map_or(0, |i| i + 1);
    let body = &text[body_at..];
    let base = base.map(|b| b + body_at);
    let mut prev: Option<(String, usize, String)> = None;
    let order_line = metric.is_some();
    let mut stated: Option<(String, Said, String)> = None;
    for c in RESULT_ITEM.captures_iter(body) {
        let (Some(name), Some(num)) = (c.name("name"), c.name("num")) else {
            continue;
        };
        let name = name.as_str().trim().to_owned();
        let unit = c.name("unit").map_or("", |u| u.as_str()).trim().to_owned();
        let (metric, s) = match metric {
            Some(m) => (m, said_in(body, num, base, m)),
            None if unit.contains("ms") => ("mean_tpot_ms", said(num, base)),
            None => (PRIMARY, said(num, base)),
        };
        let Some(s) = s else { continue };
        let op = c.name("op").map_or("", |o| o.as_str()).to_owned();
        if order_line {
            // The line compares its own numbers, which blocks may not print.
            if let Some((pname, ps, pop)) = stated.take() {
                cx.stated_order_claim(line, src, metric, (&pname, &ps), &pop, (&name, &s));
            }
            if !op.is_empty() {
                stated = Some((name.clone(), s.clone(), op.clone()));
            }
        }
        let v = cx.find_variant(e, &name);
        let Some(b) = v.and_then(|v| cx.variant_block(e, v)) else {
            if order_line {
                cx.unverifiable_said(line, src, Quantity::Value, &name, metric, &s);
            } else {
                cx.missing(line, src, &name, s.span);
            }
            prev = None;
            continue;
        };
        cx.value_claim(line, src, &name, metric, &s, b);
        if let Some((pname, pb, op)) = prev.take() {
            let subject = format!("{pname} {op} {name}");
            match op.as_str() {
                ">" => cx.order_claim(line, src, &subject, metric, pb, b, None),
                "<" => cx.order_claim(line, src, &subject, metric, b, pb, None),
                _ => {}
            }
        }
        if !op.is_empty() && !order_line {
            prev = Some((name, b, op));
        }
    }
}

/// `Result: Throughput improved from X tok/s to Y tok/s`: `Y` is the total token
/// throughput of some block of the section; `X`, where the step started, of a block
/// of the section or of an earlier one (the previous step's winner: `improved from
/// 4768.75` in `Async scheduling` quotes the engine choice's vLLM). Wrong when there
/// are such blocks and none prints it; unverifiable when there are none. `improved`
/// is `X < Y` on the numbers as stated.
fn improved_sentence(cx: &mut Context<'_>, e: usize, line: u64, text: &str, base: Option<usize>) {
    let Some(c) = IMPROVED_TO.captures(text) else {
        return;
    };
    let src = ClaimSource::ResultLine;
    let report = cx.report;
    let exp = &report.experiments[e];
    let blocks_of = |exps: &[Experiment]| -> Vec<usize> {
        exps.iter()
            .flat_map(|x| &x.variants)
            .flat_map(|v| v.blocks.iter().copied())
            .filter(|&b| report.blocks[b].number(PRIMARY).is_some())
            .collect()
    };
    let mut stated: Vec<Said> = Vec::new();
    for side in ["from", "to"] {
        let Some(s) = c.name(side).and_then(|m| said(m, base)) else {
            return;
        };
        let blocks = if side == "from" {
            blocks_of(&report.experiments[..=e])
        } else {
            blocks_of(&report.experiments[e..=e])
        };
        let subject = format!("{} ({side})", exp.title);
        let fits = blocks.iter().copied().find(|&b| {
            cx.block(b)
                .number(PRIMARY)
                .is_some_and(|n| interval::holds(&s.number, Interval::of(&n)))
        });
        match fits {
            Some(b) => cx.value_claim(line, src, &subject, PRIMARY, &s, b),
            None if blocks.is_empty() => {
                cx.unverifiable_said(line, src, Quantity::Value, &subject, PRIMARY, &s)
            }
            // No block of the section prints it: nothing to recompute it from.
            None => cx.push(Claim {
                line,
                source: src,
                quantity: Quantity::Value,
                metric: Some(PRIMARY.to_owned()),
                subject,
                claimed: s.text.clone(),
                recomputed: None,
                range: None,
                holds: false,
                verdict: Verdict::Wrong,
                inputs: Vec::new(),
                span: s.span,
                reason: None,
            }),
        }
        stated.push(s);
    }
    if let [from, to] = &stated[..] {
        cx.stated_order_claim(line, src, PRIMARY, ("from", from), "<", ("to", to));
    }
}
