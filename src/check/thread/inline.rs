//! A pair and its change written in one breath: "median ITL 105.14 → 77.18 ms
//! (1.36×)", "Fix throughput: 3,324 vs 2,376 output tok/s (+39.9%)". The figure is
//! judged on the two numbers beside it, as a table's change cell (`cell.rs`).
//!
//! The figure may also come first, its pair after it: "+6.1% (410K → 435K tok/s)",
//! "+4% at rate 30: 9,871 vs 9,492". Values may carry a `K` or `M` (thousands,
//! millions), which scales them and their rounding.
//!
//! Which number is before: `A → B` (and `A -> B`) goes from before to after; `A vs B`
//! measures A against B, so B is the reference (the PR's figure first, as PR templates
//! ask for "new vs old").

use std::sync::LazyLock;

use regex::Regex;

use super::cell::{self, Column};
use super::prose::{metrics_of, prose_lines};
use super::{Claim, ClaimSource, Finding};

static PAIR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?P<a>[0-9][0-9,]*(?:\.[0-9]+)?)(?P<sa>[KkM]\b)?[^\s0-9(),]{0,6}\s*",
        r"(?P<op>→|->|\bvs\.?|\bversus)\s*",
        r"(?P<b>[0-9][0-9,]*(?:\.[0-9]+)?)(?P<sb>[KkM]\b)?(?P<rest>[^0-9()]{0,30}?)[(,]\s*\**",
        r"(?P<c>[+\-−]?[0-9]+(?:\.[0-9]+)?\s*(?:%|[x×]))"
    ))
    .expect("static pattern")
});

/// The figure first: `+6.1% (410K → 435K tok/s)`, `+4% at rate 30: 9,871 vs 9,492`.
static FIGURE_FIRST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?P<c>[+\-−]?[0-9]+(?:\.[0-9]+)?\s*(?:%|[x×]))\**\s*(?:\(|\bat\b[^:()]{1,30}:\s*)",
        r"(?P<a>[0-9][0-9,]*(?:\.[0-9]+)?)(?P<sa>[KkM]\b)?[^\s0-9(),]{0,6}\s*",
        r"(?P<op>→|->|\bvs\.?|\bversus)\s*",
        r"(?P<b>[0-9][0-9,]*(?:\.[0-9]+)?)(?P<sb>[KkM]\b)?(?P<rest>[^0-9()]{0,30})"
    ))
    .expect("static pattern")
});

/// The byte ranges of a line's inline pairs, figure included.
pub fn spans(line: &str) -> Vec<(usize, usize)> {
    PAIR.find_iter(line)
        .chain(FIGURE_FIRST.find_iter(line))
        .map(|m| (m.start(), m.end()))
        .collect()
}

/// A value with its `K` or `M`, as the interval its printing allows.
fn scaled(num: &str, suffix: Option<regex::Match>) -> Option<super::Interval> {
    let v = cell::value(num)?;
    let k = match suffix.map(|m| m.as_str()) {
        Some("K" | "k") => 1e3,
        Some("M") => 1e6,
        _ => 1.0,
    };
    Some(super::Interval::new(v.lo * k, v.hi * k))
}

/// Every inline pair of the document's prose, judged.
pub fn check(text: &str) -> (Vec<Claim>, Vec<Finding>) {
    let mut claims = Vec::new();
    let mut findings = Vec::new();
    for (n, start, line) in prose_lines(text) {
        // A figure read as its own pair's is not read again as another pair's.
        let first: Vec<_> = FIGURE_FIRST.captures_iter(line).collect();
        let taken = |c: &regex::Captures| {
            let at = c.name("c").map_or(0, |x| x.start());
            first
                .iter()
                .any(|f| f.name("c").is_some_and(|x| x.start() == at))
        };
        let pairs: Vec<_> = PAIR.captures_iter(line).filter(|m| !taken(m)).collect();
        for m in first.iter().chain(&pairs) {
            let whole = m.get(0).expect("whole match");
            // The words of the pair: from the last separator before it.
            let head = &line[..whole.start()];
            let from = head.rfind([',', ';', '(', '.']).map_or(0, |i| i + 1);
            let words = head[from..].trim().trim_start_matches(['-', '*', ' ']);
            // The unit after the pair ("output tok/s") is the surer word.
            let metric = metrics_of(&m["rest"], 0)
                .first()
                .or(metrics_of(words, words.len()).first())
                .copied();
            let (Some(a), Some(b)) = (scaled(&m["a"], m.name("sa")), scaled(&m["b"], m.name("sb")))
            else {
                continue;
            };
            let (before, after) = if m["op"].starts_with(['v', 'V']) {
                (b, a)
            } else {
                (a, b)
            };
            let figure = cell::figures(&m["c"]);
            let Some(figure) = figure.first() else {
                continue;
            };
            let subject = words.trim_end_matches(':').trim().to_owned();
            let column = Column {
                improvement: false,
                metric,
                subject: &subject,
            };
            if let Some((mut claim, finding)) = cell::judge(before, after, figure, &column, n) {
                let c = m.name("c").expect("group of the pattern");
                claim.source = ClaimSource::Prose;
                claim.span = Some((start + c.start(), start + c.end()));
                claims.push(claim);
                findings.extend(finding);
            }
        }
    }
    (claims, findings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_of_real_threads() {
        // vllm#53948 (A vs B: A is the fix) and sgl-kernel-xpu#389 (A → B).
        let text = "  - Fix throughput: 3,324 vs 2,376 output tok/s (+39.9%)\n  - P99 TPOT: 204ms vs 348ms (-41.3%)\nmedian ITL 105.14 → 77.18 ms (**1.36×**), TTFT barely moves (1506.67 → 1468.06 ms, −2.6%)\n";
        let (c, f) = check(text);
        assert_eq!(c.len(), 4, "{c:?}");
        assert!(f.is_empty());
        for claim in &c {
            assert!(claim.holds, "{claim:?}");
        }
        assert_eq!(c[0].metric.as_deref(), Some("output_throughput"));
        assert_eq!(c[0].subject, "Fix throughput");
        // Read the other way, the fix would be a 28.5% loss: the sign is judged.
        let (c, _) = check("Fix throughput: 2,376 vs 3,324 output tok/s (+39.9%)\n");
        assert!(!c[0].holds);
    }

    #[test]
    fn the_figure_before_its_pair_and_suffixes() {
        // (435 − 410) / 410 = +6.10% (with ±0.5K: [+5.85, +6.35]); 9,871 / 9,492 − 1 =
        // +3.99%; 1.2M / 950K − 1 = +26.3% (K and M scale each side).
        let text = "- throughput +6.1% (410K → 435K tok/s)\n- +4% at rate 30: 9,871 vs 9,492 tok/s\n- tokens 950K → 1.2M (+26%)\n";
        let (c, _) = check(text);
        assert_eq!(c.len(), 3, "{c:?}");
        assert!(c.iter().all(|c| c.holds), "{c:?}");
        assert_eq!(c[0].line, 1);
        let (c, _) = check("- throughput +8.1% (410K → 435K tok/s)\n");
        assert!(!c[0].holds);
    }
}
