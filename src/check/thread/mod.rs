//! Any author's before/after: a pull-request thread or a note that pastes two results
//! (serving blocks, `Throughput:` lines, trials per side) and says what changed in prose.
//! The sides and which one is before come from the words above each result
//! (`sides.rs`, `roles.rs`); each prose claim (`prose.rs`) is recomputed on the means of
//! the trials with the interval arithmetic of `published::interval`, tested for noise
//! with Welch's test when each side has trials, and, when it does not hold, named when it
//! is one of the classic mistakes (`mistakes.rs`).

mod arith;
mod cell;
mod convention;
mod grid;
mod inline;
mod mistakes;
mod on_rows;
mod per_side;
mod prose;
mod roles;
mod sides;
mod sign;
mod spread;
mod tables;

use serde::Serialize;

pub use mistakes::Mistake;
pub use sides::Role;

use super::claim::{Claim, ClaimSource, Quantity, Verdict};
use super::interval::{self, Interval};
use super::sanity::Finding;
use prose::{Bound, Direction, Figure, ProseClaim};
use sides::Side;

/// The two sides compared and how perflab told which is before.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pair {
    pub before: SideSummary,
    pub after: SideSummary,
    /// `words`: named by the words above each result; `order`: two results and no
    /// words that tell, the first taken as before.
    pub by: PairedBy,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideSummary {
    pub label: String,
    pub line: u64,
    pub trials: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PairedBy {
    Words,
    Order,
    /// The change cells' arithmetic: the order under which a standard formula gives
    /// them (`arith.rs`).
    Arithmetic,
}

/// What a document's before/after gives: the pair, the claims and the findings.
#[derive(Debug, Default)]
pub struct ThreadChecked {
    pub pair: Option<Pair>,
    pub claims: Vec<Claim>,
    pub findings: Vec<Finding>,
}

/// The before and after of a document, as `diff DOC.md` compares them: how they were
/// told apart, and for each its words and the lines its results take.
#[derive(Debug, Clone, PartialEq)]
pub struct DocumentPair {
    pub pair: Pair,
    pub before_span: (u64, u64),
    pub after_span: (u64, u64),
}

/// The pair of results of `text`, if it holds one.
pub fn document_pair(text: &str) -> Option<DocumentPair> {
    let sides = sides::sides(text);
    let (before, after, by) = pair(&sides)?;
    Some(DocumentPair {
        pair: Pair {
            before: summary(before),
            after: summary(after),
            by,
        },
        before_span: before.span,
        after_span: after.span,
    })
}

/// Reads the sides of `text`, pairs them and checks its prose claims against the pair.
pub fn check(text: &str) -> ThreadChecked {
    let sides = sides::sides(text);
    let mut tables = tables::check(text);
    let groups = tables.rows.iter().map(|r| r.group + 1).max().unwrap_or(0);
    let per_side = per_side::check(text, groups);
    tables.rows.extend(per_side.rows);
    if tables.first.is_none() {
        tables.first = per_side.first;
    }
    let (spread_claims, spread_findings) = spread::check(text, &tables.rows, &tables.remarks);
    tables.claims.extend(spread_claims);
    tables.findings.extend(spread_findings);
    let (inline_claims, inline_findings) = inline::check(text);
    tables.claims.extend(inline_claims);
    tables.findings.extend(inline_findings);
    let Some((before, after, by)) = pair(&sides) else {
        // No results pasted: the author's own tables, if any.
        let pair = tables.first.map(|(before, after, line, by)| Pair {
            before: SideSummary {
                label: before,
                line,
                trials: 1,
            },
            after: SideSummary {
                label: after,
                line,
                trials: 1,
            },
            by,
        });
        let mut claims = tables.claims;
        if tables.rows.is_empty() {
            // Claims with nothing to recompute them from: said, never judged; a figure
            // with a direction and no metric ("up to 1.23x gain") among them.
            claims.extend(prose::claims(text, true).iter().map(unverifiable));
        } else {
            claims.extend(on_rows::check(&prose::claims(text, false), &tables.rows));
        }
        claims.extend(
            sign::claims(text)
                .iter()
                .filter_map(|c| sign::judge(c, &tables.rows)),
        );
        return ThreadChecked {
            pair,
            claims,
            findings: tables.findings,
        };
    };
    let mut out = ThreadChecked {
        pair: Some(Pair {
            before: summary(before),
            after: summary(after),
            by,
        }),
        claims: tables.claims,
        findings: tables.findings,
    };
    let subject = format!("{} → {}", name(before), name(after));
    for claim in prose::claims(text, false) {
        if let Some((c, findings)) = judge(&claim, before, after, &subject) {
            out.claims.push(c);
            out.findings.extend(findings);
        }
    }
    // A direction in words, on the first of its metrics both sides print.
    for claim in sign::claims(text) {
        let judged = claim.metrics.iter().find_map(|m| {
            let (b, _, b_lines) = mean(before, m)?;
            let (a, _, a_lines) = mean(after, m)?;
            let change = interval::percent_change(a, b)?;
            let inputs = b_lines.into_iter().chain(a_lines).collect();
            Some(sign::judge_changes(
                &claim,
                m,
                &[change],
                inputs,
                subject.clone(),
            ))
        });
        out.claims.extend(judged);
    }
    out
}

fn unverifiable(claim: &ProseClaim) -> Claim {
    Claim {
        line: claim.line,
        source: ClaimSource::Prose,
        quantity: quantity_of(claim.figure),
        metric: claim.metrics.first().map(|m| (*m).to_owned()),
        subject: claim.words.clone(),
        claimed: bare(&claim.text),
        recomputed: None,
        range: None,
        holds: false,
        verdict: Verdict::Unverifiable,
        inputs: Vec::new(),
        span: Some(claim.span),
        reason: None,
    }
}

/// The figure without its unit, `−` as `-`.
fn bare(text: &str) -> String {
    text.trim_end_matches(['%', 'x', 'X', '×'])
        .replace('−', "-")
}

fn name(side: &Side) -> String {
    if side.label.is_empty() {
        format!("#{}", side.line)
    } else {
        side.label.clone()
    }
}

fn summary(side: &Side) -> SideSummary {
    SideSummary {
        label: side.label.clone(),
        line: side.line,
        trials: side.trials.len(),
    }
}

/// The first side the words make before and the first they make after; with two sides
/// only, words for one of them make the other the other; with two sides and no words
/// for either, the first is before, unless the same words name both (two results of one
/// kind, "Test Results" twice, are not a before and an after; two unnamed ones may be).
fn pair(sides: &[Side]) -> Option<(&Side, &Side, PairedBy)> {
    let before = sides.iter().find(|s| s.role == Some(Role::Before));
    let after = sides.iter().find(|s| s.role == Some(Role::After));
    let two = sides.len() == 2;
    // With two sides, the one that is not `named`, if no words name it either (a
    // `# now` block printed above its `# before`).
    let other = |named: &Side| {
        sides
            .iter()
            .find(|s| !std::ptr::eq(*s, named))
            .filter(|s| two && s.role.is_none())
    };
    match (before, after) {
        (Some(b), Some(a)) => Some((b, a, PairedBy::Words)),
        (Some(b), None) => other(b).map(|a| (b, a, PairedBy::Words)),
        (None, Some(a)) => other(a).map(|b| (b, a, PairedBy::Words)),
        (None, None) if two && (sides[0].label != sides[1].label || sides[0].label.is_empty()) => {
            Some((&sides[0], &sides[1], PairedBy::Order))
        }
        _ => None,
    }
}

/// Whether more of the metric is better.
pub(crate) fn higher_is_better(metric: &str) -> bool {
    metric.contains("throughput")
}

/// The mean of a side's trials of `metric`, as the interval the printed trials allow.
fn mean(side: &Side, metric: &str) -> Option<(Interval, Vec<f64>, Vec<u64>)> {
    let values = side.values(metric);
    if values.is_empty() {
        return None;
    }
    let n = values.len() as f64;
    let lo = values.iter().map(|v| v.number.lo()).sum::<f64>() / n;
    let hi = values.iter().map(|v| v.number.hi()).sum::<f64>() / n;
    let points = values.iter().map(|v| v.number.value).collect();
    let lines = values.iter().map(|v| v.line).collect();
    Some((Interval::new(lo, hi), points, lines))
}

/// The formula an honest reading of the claim's words gives, on `metric`: every value
/// it may take, as the claim writes it (a percent or a ratio).
pub(crate) fn expected(
    claim: &ProseClaim,
    metric: &str,
    before: Interval,
    after: Interval,
) -> Vec<Interval> {
    let up = higher_is_better(metric);
    let change = interval::percent_change(after, before);
    let drop = change.map(neg);
    // For a time: before / after − 1, the speed-up in percent.
    let speedup_pct = interval::percent_change(before, after);
    let signed = claim.text.starts_with(['+', '-', '−']);
    let options: Vec<Option<Interval>> = match (claim.figure, claim.direction) {
        (Figure::Ratio, _) if up => vec![interval::ratio(after, before)],
        (Figure::Ratio, _) => vec![interval::ratio(before, after)],
        (Figure::Percent, _) if signed => vec![change],
        (Figure::Percent, Some(Direction::Up)) => vec![change],
        (Figure::Percent, Some(Direction::Down)) => vec![drop],
        (Figure::Percent, Some(Direction::Better)) if up => vec![change],
        // "20% faster" of a time is read either way authors write it.
        (Figure::Percent, Some(Direction::Better)) => vec![drop, speedup_pct],
        (Figure::Percent, Some(Direction::Speedup)) if up => vec![change],
        (Figure::Percent, Some(Direction::Speedup)) => vec![speedup_pct],
        (Figure::Percent, Some(Direction::Worse)) if up => vec![drop],
        (Figure::Percent, Some(Direction::Worse)) => vec![change],
        (Figure::Percent, None) => vec![change],
    };
    options.into_iter().flatten().collect()
}

fn neg(i: Interval) -> Interval {
    Interval::new(-i.hi, -i.lo)
}

/// Whether `computed` bears out the claim, as its words bound it.
fn bears_out(claim: &ProseClaim, computed: Interval) -> bool {
    let c = &claim.number;
    // A signed claim compares signed; a worded one its size.
    let c = if claim.text.starts_with(['-', '−']) {
        *c
    } else {
        crate::published::PrintedNumber {
            value: c.value.abs(),
            ..*c
        }
    };
    match claim.bound {
        Bound::Exact => interval::holds(&c, computed),
        Bound::AtLeast => computed.hi >= c.lo() || interval::holds(&c, computed),
        Bound::AtMost => computed.lo <= c.hi() || interval::holds(&c, computed),
    }
}

/// The claim judged on the first of its metrics the pair prints that bears it out (or
/// on the first it prints), with its findings.
fn judge(
    claim: &ProseClaim,
    before: &Side,
    after: &Side,
    subject: &str,
) -> Option<(Claim, Vec<Finding>)> {
    // Each metric both sides print, with its two means, read once.
    let printed: Vec<_> = claim
        .metrics
        .iter()
        .filter_map(|m| Some((*m, mean(before, m)?, mean(after, m)?)))
        .collect();
    let holding = printed.iter().position(|(m, (b, ..), (a, ..))| {
        expected(claim, m, *b, *a)
            .iter()
            .any(|i| bears_out(claim, *i))
    });
    let holds = holding.is_some();
    let (metric, (b, b_points, b_lines), (a, a_points, a_lines)) =
        printed.into_iter().nth(holding.unwrap_or(0))?;
    let options = expected(claim, metric, b, a);
    let computed = *options.first()?;
    let mut findings = Vec::new();
    if !holds {
        if let Some(m) = mistakes::name(claim, metric, b, a, before, after) {
            findings.push(Finding::Mistake {
                line: claim.line,
                mistake: m,
                metric: metric.to_owned(),
                claimed: claim.text.clone(),
                recomputed: format_like(claim, computed.mid()),
            });
        }
    }
    if let Some(noise) = noise(claim, metric, &b_points, &a_points) {
        findings.push(noise);
    }
    let mut inputs = b_lines;
    inputs.extend(a_lines);
    let quantity = quantity_of(claim.figure);
    let claimed = bare(&claim.text);
    Some((
        Claim {
            line: claim.line,
            source: ClaimSource::Prose,
            quantity,
            metric: Some(metric.to_owned()),
            subject: subject.to_owned(),
            claimed,
            recomputed: Some(format_like(claim, computed.mid())),
            range: Some([computed.lo, computed.hi]),
            holds,
            verdict: Verdict::of(holds),
            inputs,
            span: Some(claim.span),
            reason: None,
        },
        findings,
    ))
}

/// `v` written with the claim's decimals and one more, so that a reader sees why it
/// does not round to the claim.
fn format_like(claim: &ProseClaim, v: f64) -> String {
    let signed = claim.text.starts_with(['+', '-', '−']);
    recomputed_text(v, &claim.number, signed)
}

/// A recomputed figure beside the claim printed as `claimed`: one decimal more than it,
/// signed when it was, else its size.
pub(super) fn recomputed_text(
    v: f64,
    claimed: &crate::published::PrintedNumber,
    signed: bool,
) -> String {
    let decimals = claimed.decimals as usize + 1;
    if signed {
        crate::numbers::signed_fixed(v, decimals)
    } else {
        format!("{:.decimals$}", v.abs())
    }
}

fn quantity_of(figure: Figure) -> Quantity {
    match figure {
        Figure::Percent => Quantity::PercentChange,
        Figure::Ratio => Quantity::Ratio,
    }
}

/// With trials on both sides, a claimed gain the spread does not rule out as noise.
fn noise(claim: &ProseClaim, metric: &str, before: &[f64], after: &[f64]) -> Option<Finding> {
    use crate::stats::welch::{welch, Summary, ALPHA};
    let (b, a) = (Summary::of(before)?, Summary::of(after)?);
    let w = welch(&b, &a)?;
    (w.p >= ALPHA).then(|| Finding::WithinNoise {
        line: claim.line,
        metric: metric.to_owned(),
        claimed: claim.text.clone(),
        p: w.p,
        trials: [before.len(), after.len()],
    })
}

#[cfg(test)]
mod tests;
