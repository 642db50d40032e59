//! Claims of a direction only, in words and without a figure: "much faster CPU prompt
//! processing" (a title), "TTFT is lower with this PR", "slower decode". There is no
//! number to recompute, only a sign: the claim holds when every row of the metric it
//! names (or the pair's means) moved the way the words say beyond the rounding of its
//! values; it is wrong only when every one moved the other way; rows that disagree, or
//! that did not move beyond their rounding, leave it unverifiable (`mixed`).
//!
//! A clause is read only when it is a plain statement: hedged or negated words ("if",
//! "should", "not"), a question, or the before as its subject ("main is faster") are
//! not claims about the change.

use std::sync::LazyLock;

use regex::Regex;

use super::interval::Interval;
use super::prose::{metrics_of, prose_lines, Direction};
use super::roles::role_of;
use super::sides::Role;
use super::tables::RowChange;
use super::{higher_is_better, Claim, ClaimSource, Quantity, Verdict};
use crate::check::Unjudged;

/// The comparative words of a direction, whole words, with the intensifier before them.
static DIRECTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i)\b(?P<words>(?:(?:much|significantly|slightly|a bit|way|far|considerably|noticeably) )?",
        r"(?P<word>faster|quicker|slower|better|worse|higher|lower|improves|improved|regresses|regressed|outperforms|speeds up|increases|increased|reduces|reduced|decreases|decreased))\b"
    ))
    .expect("static pattern")
});

/// Words that make a clause something other than a statement of what was measured.
static HEDGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:if|should|would|could|may|might|expect\w*|whether|not|no|never|n't|hope\w*|want|lower is|higher is|is better|to be)\b|n't\b|\?")
        .expect("static pattern")
});

/// A figure (`12%`, `1.3x`) or a number: such a clause is a figure's claim, not a sign's.
static NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"[0-9]+(?:\.[0-9]+)?\s*(?:%|[xX×]\b)").expect("static pattern"));

/// One direction said in words.
#[derive(Debug, Clone, PartialEq)]
pub struct SignClaim {
    pub line: u64,
    pub span: (usize, usize),
    /// The words as written ("much faster").
    pub words: String,
    pub direction: Direction,
    pub metrics: Vec<&'static str>,
}

fn direction(word: &str) -> Direction {
    match word.to_lowercase().as_str() {
        "slower" | "worse" | "regresses" | "regressed" => Direction::Worse,
        "higher" | "increases" | "increased" => Direction::Up,
        "lower" | "reduces" | "reduced" | "decreases" | "decreased" => Direction::Down,
        _ => Direction::Better,
    }
}

/// Every direction-only claim of the document's prose (headings included): one per
/// clause that names a metric and says which way it went, with no figure.
pub fn claims(text: &str) -> Vec<SignClaim> {
    let mut out = Vec::new();
    for (n, start, line) in prose_lines(text) {
        let mut from = 0;
        for clause in line.split_inclusive(['.', ',', ';', '!', '?', '(', ')', ':']) {
            let at = from;
            from += clause.len();
            if NUMBER.is_match(clause) || HEDGE.is_match(clause) {
                continue;
            }
            let Some(m) = DIRECTION.captures(clause) else {
                continue;
            };
            let word = m.name("word").expect("group of the pattern");
            let metrics = metrics_of(clause, word.start());
            // "main is faster": the before is what the words praise.
            let before_subject = role_of(clause) == Some(Role::Before) && !clause.contains("than");
            if metrics.is_empty() || before_subject {
                continue;
            }
            let words = m.name("words").expect("group of the pattern");
            out.push(SignClaim {
                line: n,
                span: (start + at + words.start(), start + at + words.end()),
                words: words.as_str().to_owned(),
                direction: direction(word.as_str()),
                metrics,
            });
        }
    }
    out
}

/// Which way a value moved, beyond the rounding of the two printed values.
fn moved(change: Interval) -> Option<bool> {
    if change.lo > 0.0 {
        Some(true)
    } else if change.hi < 0.0 {
        Some(false)
    } else {
        None
    }
}

/// Whether the words want the value to go up, for a metric of that way.
fn wants_up(direction: Direction, up_is_better: bool) -> bool {
    match direction {
        Direction::Up => true,
        Direction::Down => false,
        Direction::Worse => !up_is_better,
        Direction::Better | Direction::Speedup => up_is_better,
    }
}

/// The claim judged on the changes (percent, after against before) of the rows of its
/// metric; `None` when no row prints its metric.
pub fn judge(claim: &SignClaim, rows: &[RowChange]) -> Option<Claim> {
    let scope: Vec<&RowChange> = rows
        .iter()
        .filter(|r| r.metric.is_some_and(|m| claim.metrics.contains(&m)))
        .collect();
    let metric = scope.first()?.metric?;
    let changes: Vec<Interval> = scope.iter().map(|r| r.change).collect();
    let lines = scope.iter().map(|r| r.line).collect();
    let subject = match &scope[..] {
        [one] => one.key.clone(),
        _ => String::new(),
    };
    Some(judge_changes(claim, metric, &changes, lines, subject))
}

/// The claim judged on the changes of `metric` it speaks of.
pub fn judge_changes(
    claim: &SignClaim,
    metric: &str,
    changes: &[Interval],
    inputs: Vec<u64>,
    subject: String,
) -> Claim {
    let want = wants_up(claim.direction, higher_is_better(metric));
    let ways: Vec<Option<bool>> = changes.iter().map(|c| moved(*c)).collect();
    let verdict = if ways.iter().all(|w| *w == Some(want)) {
        Verdict::Holds
    } else if ways.iter().all(|w| *w == Some(!want)) {
        Verdict::Wrong
    } else {
        Verdict::Unverifiable
    };
    let lo = changes.iter().map(|c| c.lo).fold(f64::INFINITY, f64::min);
    let hi = changes
        .iter()
        .map(|c| c.hi)
        .fold(f64::NEG_INFINITY, f64::max);
    let mids: Vec<f64> = changes.iter().map(Interval::mid).collect();
    let least = mids.iter().copied().fold(f64::INFINITY, f64::min);
    let most = mids.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let recomputed = if changes.len() == 1 {
        crate::numbers::signed_fixed(least, 1)
    } else {
        format!(
            "{}..{}",
            crate::numbers::signed_fixed(least, 1),
            crate::numbers::signed_fixed(most, 1)
        )
    };
    Claim {
        line: claim.line,
        source: ClaimSource::Prose,
        quantity: Quantity::Order,
        metric: Some(metric.to_owned()),
        subject,
        claimed: claim.words.clone(),
        recomputed: Some(format!("{recomputed}%")),
        range: Some([lo, hi]),
        holds: verdict == Verdict::Holds,
        verdict,
        inputs,
        span: Some(claim.span),
        reason: (verdict == Verdict::Unverifiable).then_some(Unjudged::Mixed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_in_words() {
        let c = claims("# IQ3_S: much faster CPU prompt processing\n");
        assert_eq!(c.len(), 1, "{c:?}");
        assert_eq!(c[0].words, "much faster");
        assert_eq!(c[0].direction, Direction::Better);
        assert_eq!(c[0].metrics, ["input_throughput"]);
        assert_eq!(c[0].span, (9, 20));
        // A figure's clause, a hedge, a question, a rule of reading, the before as
        // subject, and no metric: none is a sign's claim.
        for text in [
            "TTFT is 12% lower\n",
            "TTFT should be lower\n",
            "Is TTFT lower?\n",
            "TTFT (lower is better)\n",
            "main has a faster TTFT\n",
            "It is much faster\n",
            "TTFT did not get lower\n",
        ] {
            assert!(claims(text).is_empty(), "{text}: {:?}", claims(text));
        }
        assert_eq!(
            claims("TTFT is slower than main\n")[0].direction,
            Direction::Worse
        );
    }

    #[test]
    fn judged_by_the_sign_of_every_row() {
        let c = &claims("much faster prompt processing\n")[0];
        let up = Interval::new(900.0, 1000.0);
        let down = Interval::new(-12.0, -10.0);
        let flat = Interval::new(-0.5, 0.4);
        let j = |changes: &[Interval]| {
            judge_changes(c, "input_throughput", changes, vec![], String::new()).verdict
        };
        assert_eq!(j(&[up, up]), Verdict::Holds);
        assert_eq!(j(&[down, down]), Verdict::Wrong);
        assert_eq!(j(&[up, down]), Verdict::Unverifiable);
        assert_eq!(j(&[up, flat]), Verdict::Unverifiable);
        // "lower TTFT": a time that dropped.
        let t = &claims("lower TTFT\n")[0];
        let v = judge_changes(t, "mean_ttft_ms", &[down], vec![], String::new());
        assert_eq!(v.verdict, Verdict::Holds);
        assert_eq!(v.recomputed.as_deref(), Some("-11.0%"));
    }
}
