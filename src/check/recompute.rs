//! Claims built from quoted values and the blocks they are tied to: a value as printed,
//! a figure computed from two blocks (difference, percentage, ratio), an order, a
//! success rate, a run no block holds. Each claim says whether it holds within the
//! printed rounding (`interval.rs`), or that nothing could be recomputed.

use super::claim::{Claim, ClaimSource, Quantity, Verdict};
use super::context::Context;
use super::formula::Formula;
use super::grammar::cell::CellQuote;
use super::grammar::Said;
use super::interval::{self, Interval};
use super::tie::{success_denominator, x_text};

impl Context<'_> {
    /// A block's value quoted as `said`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn value_claim(
        &mut self,
        line: u64,
        source: ClaimSource,
        subject: &str,
        metric: &str,
        said: &Said,
        block: usize,
    ) {
        let b = self.block(block);
        let number = b.number(metric).map(|n| n.scaled(1.0 / said.unit));
        // The block's value as printed, unless the claim quotes it in another unit.
        let printed = if said.unit == 1.0 {
            b.printed.get(metric).map(|p| p.text.clone())
        } else {
            number.map(|n| said.number.format_like(n.value))
        };
        let holds = number.is_some_and(|n| interval::holds(&said.number, Interval::of(&n)));
        // A block that does not print the value (vLLM's serve block has no E2E latency)
        // cannot say whether the claim holds.
        let verdict = match number {
            Some(_) => Verdict::of(holds),
            None => Verdict::Unverifiable,
        };
        self.push(Claim {
            line,
            source,
            quantity: Quantity::Value,
            metric: Some(metric.to_owned()),
            subject: subject.to_owned(),
            claimed: said.text.clone(),
            recomputed: printed.or_else(|| number.map(|n| format!("{}", n.value))),
            range: number.map(|n| [n.lo(), n.hi()]),
            holds,
            verdict,
            inputs: vec![b.line_of(metric)],
            span: said.span,
            reason: None,
        });
    }

    /// A figure computed from two blocks' values.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn formula_claim(
        &mut self,
        line: u64,
        source: ClaimSource,
        quantity: Quantity,
        subject: &str,
        metric: &str,
        said: &Said,
        formula: Formula,
        a: usize,
        b: usize,
    ) {
        let (ba, bb) = (self.block(a), self.block(b));
        let inputs = vec![ba.line_of(metric), bb.line_of(metric)];
        let (range, point) = match (ba.number(metric), bb.number(metric)) {
            (Some(x), Some(y)) => formula.eval(
                &x.scaled(said.times / said.unit),
                &y.scaled(1.0 / said.unit),
            ),
            _ => (None, None),
        };
        let holds = range.is_some_and(|r| interval::holds(&said.number, r));
        let verdict = match range {
            Some(_) => Verdict::of(holds),
            None => Verdict::Unverifiable,
        };
        self.push(Claim {
            line,
            source,
            quantity,
            metric: Some(metric.to_owned()),
            subject: subject.to_owned(),
            claimed: said.text.clone(),
            recomputed: point.map(|p| said.number.format_like(p)),
            range: range.map(|r| [r.lo, r.hi]),
            holds,
            verdict,
            inputs,
            span: said.span,
            reason: None,
        });
    }

    /// A run the report's structure names (a variant, a case) that no block holds: wrong.
    pub(crate) fn missing(
        &mut self,
        line: u64,
        source: ClaimSource,
        subject: &str,
        span: Option<(usize, usize)>,
    ) {
        self.no_block(line, source, subject, span, Verdict::Wrong);
    }

    /// A claim about a run for which no block could be found.
    pub(crate) fn no_block(
        &mut self,
        line: u64,
        source: ClaimSource,
        subject: &str,
        span: Option<(usize, usize)>,
        verdict: Verdict,
    ) {
        self.push(Claim {
            line,
            source,
            quantity: Quantity::Block,
            metric: None,
            subject: subject.to_owned(),
            claimed: subject.to_owned(),
            recomputed: None,
            range: None,
            holds: false,
            verdict,
            inputs: Vec::new(),
            span,
            reason: None,
        });
    }

    /// `hi`'s value above `lo`'s for some values within their rounding.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn order_claim(
        &mut self,
        line: u64,
        source: ClaimSource,
        subject: &str,
        metric: &str,
        hi: usize,
        lo: usize,
        span: Option<(usize, usize)>,
    ) {
        let (bh, bl) = (self.block(hi), self.block(lo));
        let (Some(x), Some(y)) = (bh.number(metric), bl.number(metric)) else {
            return;
        };
        let holds = x.hi() > y.lo();
        self.push(Claim {
            line,
            source,
            quantity: Quantity::Order,
            metric: Some(metric.to_owned()),
            subject: subject.to_owned(),
            claimed: format!("{} > {}", x_text(bh, metric), x_text(bl, metric)),
            recomputed: Some(format!(
                "{} {} {}",
                x_text(bh, metric),
                if x.value > y.value {
                    ">"
                } else if x.value < y.value {
                    "<"
                } else {
                    "="
                },
                x_text(bl, metric)
            )),
            range: None,
            holds,
            verdict: Verdict::of(holds),
            inputs: vec![bh.line_of(metric), bl.line_of(metric)],
            span,
            reason: None,
        });
    }

    /// `A (x) > B (y)` on the numbers as stated: holds when some values inside their
    /// rounding are in that order.
    pub(crate) fn stated_order_claim(
        &mut self,
        line: u64,
        source: ClaimSource,
        metric: &str,
        (a, x): (&str, &Said),
        op: &str,
        (b, y): (&str, &Said),
    ) {
        let (xi, yi) = (Interval::of(&x.number), Interval::of(&y.number));
        let holds = match op {
            ">" => xi.hi > yi.lo,
            "<" => xi.lo < yi.hi,
            _ => return,
        };
        let actual = if x.number.value > y.number.value {
            ">"
        } else if x.number.value < y.number.value {
            "<"
        } else {
            "="
        };
        self.push(Claim {
            line,
            source,
            quantity: Quantity::Order,
            metric: Some(metric.to_owned()),
            subject: format!("{a} {op} {b}"),
            claimed: format!("{} {op} {}", x.text, y.text),
            recomputed: Some(format!("{} {actual} {}", x.text, y.text)),
            range: None,
            holds,
            verdict: Verdict::of(holds),
            inputs: Vec::new(),
            span: None,
            reason: None,
        });
    }

    /// The claims of one cell quoting block `b`: its values, its percentage over
    /// `versus`, its success rate.
    pub(crate) fn quoted(
        &mut self,
        line: u64,
        src: ClaimSource,
        subject: &str,
        q: &CellQuote,
        b: usize,
        versus: Option<usize>,
    ) {
        for (metric, s) in &q.values {
            self.value_claim(line, src, subject, metric, s, b);
        }
        if let (Some((metric, s)), Some(v)) = (&q.percent, versus) {
            let mut s = s.clone();
            // Per GPU: each run's value over its own GPU count, i.e. the optimized value
            // scaled to the baseline's count.
            let scale = match (q.per_gpu, self.gpus_of(b), self.gpus_of(v)) {
                (false, ..) => Some(1.0),
                (true, Some(gb), Some(gv)) => Some(gv / gb),
                _ => None,
            };
            match scale {
                Some(f) => {
                    s.times *= f;
                    self.formula_claim(
                        line,
                        src,
                        Quantity::PercentChange,
                        subject,
                        metric,
                        &s,
                        Formula::PercentChange,
                        b,
                        v,
                    );
                }
                None => {
                    self.unverifiable_said(line, src, Quantity::PercentChange, subject, metric, &s)
                }
            }
        }
        if let (Some((metric, s, faster)), Some(v)) = (&q.ratio, versus) {
            // Faster: the baseline's latency over this one's; slower: the other way.
            let (x, y) = if *faster { (v, b) } else { (b, v) };
            self.formula_claim(
                line,
                src,
                Quantity::Ratio,
                subject,
                metric,
                s,
                Formula::Ratio,
                x,
                y,
            );
        }
        if let Some(s) = &q.success {
            self.success_claim(line, src, subject, s, b);
        }
    }

    pub(crate) fn success_claim(
        &mut self,
        line: u64,
        src: ClaimSource,
        subject: &str,
        s: &Said,
        b: usize,
    ) {
        let block = self.block(b);
        let completed = block.number("completed");
        let total = success_denominator(block, self.totals.get(b).copied().flatten());
        let (range, point) = match (completed, total) {
            (Some(c), Some(t)) => (
                interval::percent_of(Interval::of(&c), Interval::of(&t)),
                (t.value > 0.0).then(|| c.value / t.value * 100.0),
            ),
            _ => (None, None),
        };
        let holds = range.is_some_and(|r| interval::holds(&s.number, r));
        let verdict = match range {
            Some(_) => Verdict::of(holds),
            None => Verdict::Unverifiable,
        };
        self.push(Claim {
            line,
            source: src,
            quantity: Quantity::SuccessRate,
            metric: None,
            subject: subject.to_owned(),
            claimed: s.text.clone(),
            recomputed: point.map(|p| s.number.format_like(p)),
            range: range.map(|r| [r.lo, r.hi]),
            holds,
            verdict,
            inputs: vec![block.line_of("completed")],
            span: s.span,
            reason: None,
        });
    }

    /// A quoted figure of `metric` nothing could be recomputed for (no block is tied to
    /// it, or none prints what it quotes): reported with its metric, neither holding nor
    /// wrong.
    pub(crate) fn unverifiable_said(
        &mut self,
        line: u64,
        source: ClaimSource,
        quantity: Quantity,
        subject: &str,
        metric: &str,
        said: &Said,
    ) {
        self.push(Claim {
            line,
            source,
            quantity,
            metric: Some(metric.to_owned()),
            subject: subject.to_owned(),
            claimed: said.text.clone(),
            recomputed: None,
            range: None,
            holds: false,
            verdict: Verdict::Unverifiable,
            inputs: Vec::new(),
            span: said.span,
            reason: None,
        });
    }

    /// Every figure of a cell whose run is not known: each value, its percentage, its
    /// ratio and its success rate, unverifiable.
    pub(crate) fn unverifiable_quote(
        &mut self,
        line: u64,
        source: ClaimSource,
        subject: &str,
        q: &CellQuote,
    ) {
        for (metric, s) in &q.values {
            self.unverifiable_said(line, source, Quantity::Value, subject, metric, s);
        }
        if let Some((metric, s)) = &q.percent {
            self.unverifiable_said(line, source, Quantity::PercentChange, subject, metric, s);
        }
        if let Some((metric, s, _)) = &q.ratio {
            self.unverifiable_said(line, source, Quantity::Ratio, subject, metric, s);
        }
        if let Some(s) = &q.success {
            self.push(Claim {
                line,
                source,
                quantity: Quantity::SuccessRate,
                metric: None,
                subject: subject.to_owned(),
                claimed: s.text.clone(),
                recomputed: None,
                range: None,
                holds: false,
                verdict: Verdict::Unverifiable,
                inputs: Vec::new(),
                span: s.span,
                reason: None,
            });
        }
    }
}
