//! One figure of an author's change cell (`+9.4%`, `1.36×`, `-0.11pp`) judged against
//! the two values it compares. The sign convention is the author's: a signed Δ is
//! after against before; an "improvement" column, or an unsigned figure, may be
//! positive when a time drops; a ratio is the larger-is-better one (after / before of a
//! throughput, before / after of a time). Either reading may hold, never a third.

use std::sync::LazyLock;

use regex::Regex;

use super::interval::{self, Interval};
use super::mistakes::Mistake;
use super::{higher_is_better, neg, Finding};
use super::{Claim, ClaimSource, Quantity, Verdict};
use crate::published::PrintedNumber;

static FIGURE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?P<num>[+\-−]?[0-9][0-9,]*(?:\.[0-9]+)?)\s*(?P<unit>%|[x×]|pp)")
        .expect("static pattern")
});

static NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(?P<num>[+\-−]?[0-9][0-9,]*(?:\.[0-9]+)?)").expect("static pattern")
});

/// The value a cell opens with (`1,127.8`, `105.14 ms`), as the interval its printing
/// allows: an author's `204` (ms) is rounded like a `204.0` is, not a count.
pub fn value(cell: &str) -> Option<Interval> {
    let c = NUMBER.captures(cell.trim())?;
    let token = c["num"].replace('−', "-").replace(',', "");
    Some(Interval::of(&PrintedNumber::claimed(&token)?))
}

/// The figures of a change cell with their units (`1.36×` and `−26.6%` of
/// "1.36× / −26.6%"), sign as printed.
pub fn figures(cell: &str) -> Vec<(String, String)> {
    FIGURE
        .captures_iter(cell)
        .map(|c| (c["num"].replace('−', "-"), c["unit"].to_owned()))
        .collect()
}

/// What the cell's column says of its figures.
pub struct Column<'a> {
    /// `Improvement`: positive when the metric got better, whichever way that is.
    pub improvement: bool,
    pub metric: Option<&'static str>,
    pub subject: &'a str,
}

/// The figure `num` (unit `unit`) of the cell at `line`, against before and after.
pub fn judge(
    before: Interval,
    after: Interval,
    (num, unit): &(String, String),
    column: &Column,
    line: u64,
) -> Option<(Claim, Option<Finding>)> {
    if unit == "pp" {
        return None;
    }
    let claimed = PrintedNumber::claimed(&num.replace(',', ""))?;
    let signed = num.starts_with(['+', '-']);
    let ratio = unit != "%";
    let change = interval::percent_change(after, before)?;
    let options: Vec<Interval> = if ratio {
        let up = interval::ratio(after, before)?;
        let down = interval::ratio(before, after)?;
        match column.metric {
            Some(m) if higher_is_better(m) => vec![up],
            Some(_) => vec![down],
            None => vec![up, down],
        }
    } else if signed && !column.improvement {
        vec![change]
    } else {
        vec![change, neg(change)]
    };
    let claimed_abs = if signed || ratio {
        claimed
    } else {
        PrintedNumber {
            value: claimed.value.abs(),
            ..claimed
        }
    };
    let hit = options.iter().find(|i| interval::holds(&claimed_abs, **i));
    let holds = hit.is_some();
    // The reading nearest the claim, to show beside it.
    let shown = hit.copied().or_else(|| {
        options.iter().copied().min_by(|x, y| {
            (x.mid() - claimed.value)
                .abs()
                .total_cmp(&(y.mid() - claimed.value).abs())
        })
    })?;
    let recomputed = super::recomputed_text(shown.mid(), &claimed, signed);
    // (after − before) / after: the change over the new value.
    let over_new = interval::percent_change(before, after).map(neg);
    let finding = (!holds && !ratio)
        .then_some(over_new)
        .flatten()
        .filter(|i| interval::holds(&claimed_abs, *i) || interval::holds(&claimed_abs, neg(*i)))
        .map(|_| Finding::Mistake {
            line,
            mistake: Mistake::DividedByNew,
            metric: column.metric.unwrap_or_default().to_owned(),
            claimed: format!("{num}{unit}"),
            recomputed: recomputed.clone(),
        });
    Some((
        Claim {
            line,
            source: ClaimSource::AuthorTable,
            quantity: if ratio {
                Quantity::Ratio
            } else {
                Quantity::PercentChange
            },
            metric: column.metric.map(str::to_owned),
            subject: column.subject.to_owned(),
            claimed: num.clone(),
            recomputed: Some(recomputed),
            range: Some([shown.lo, shown.hi]),
            holds,
            verdict: Verdict::of(holds),
            inputs: vec![line],
            span: None,
            reason: None,
        },
        finding,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cell_of_a_speedup_and_a_change() {
        // sgl-kernel-xpu#389: Median ITL 105.14 → 77.18 ms, "1.36× / −26.6%".
        let f = figures("1.36× / −26.6%");
        assert_eq!(
            f,
            [("1.36".into(), "×".into()), ("-26.6".into(), "%".into())]
        );
        let (b, a) = (value("105.14 ms").unwrap(), value("77.18 ms").unwrap());
        let col = Column {
            improvement: false,
            metric: Some("mean_itl_ms"),
            subject: "Median ITL",
        };
        for fig in &f {
            let (claim, finding) = judge(b, a, fig, &col, 7).unwrap();
            assert!(claim.holds, "{fig:?}: {:?}", claim.recomputed);
            assert!(finding.is_none());
        }
        assert_eq!(value("1,127.8").unwrap().mid(), 1127.8);
    }
}
