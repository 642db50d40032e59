//! The arithmetic an author did, found before their words are read. A change cell is
//! explained by the formulas over its row's two values that reproduce it within the
//! rounding of the three printed numbers; the formula that explains most cells of a
//! column is the author's convention, and a cell it does not explain is wrong, named by
//! the formula that does explain it (if any). Which of the two values is before is
//! settled the same way: the order under which standard formulas explain more cells.
//! Words (the column's role words, the metric's direction) only decide what the
//! arithmetic leaves even.

use super::interval::{self, Interval};
use super::neg;
use crate::published::PrintedNumber;

/// A formula from a row's before `b` and after `a` to the figure printed beside them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Formula {
    /// (a − b) / b, in percent: the change.
    Change,
    /// The change counted positive when the metric got better (a drop of a time).
    Better,
    /// (a − b) / a: the change divided by the new value.
    OverNew,
    /// a / b × 100: "% of baseline".
    OfBase,
    /// b / a × 100: the percent-of inverted.
    OfNew,
    /// The speed-up: a / b of a throughput (or of an unnamed metric), b / a of a time.
    Gain,
    /// a / b whatever the metric.
    Plain,
    /// b / a whatever the metric: the ratio inverted.
    Inverted,
}

/// Tie order: the standard readings first.
const PREFERENCE: [Formula; 8] = [
    Formula::Change,
    Formula::Better,
    Formula::Gain,
    Formula::Plain,
    Formula::OfBase,
    Formula::Inverted,
    Formula::OverNew,
    Formula::OfNew,
];

/// What a figure is: a percent (`%`) or a ratio (`x`, or a bare cell of a speed-up
/// column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Percent,
    Ratio,
}

impl Formula {
    fn kind(self) -> Kind {
        match self {
            Formula::Gain | Formula::Plain | Formula::Inverted => Kind::Ratio,
            _ => Kind::Percent,
        }
    }

    /// Formulas that an honest author uses, which tell before from after.
    fn standard(self) -> bool {
        matches!(
            self,
            Formula::Change | Formula::Better | Formula::OfBase | Formula::Gain
        )
    }

    /// The values the formula may take on `before` → `after` of a metric for which
    /// more is better (`up`), if that is known.
    pub fn range(self, b: Interval, a: Interval, up: Option<bool>) -> Option<Interval> {
        let known = up.is_some();
        let up = up.unwrap_or(true);
        let change = interval::percent_change(a, b);
        match self {
            Formula::Change => change,
            Formula::Better if !known => None,
            Formula::Better => change.map(|c| if up { c } else { neg(c) }),
            Formula::OverNew => interval::percent_change(b, a).map(neg),
            Formula::OfBase => interval::percent_of(a, b),
            Formula::OfNew => interval::percent_of(b, a),
            Formula::Gain if up => interval::ratio(a, b),
            Formula::Gain | Formula::Inverted => interval::ratio(b, a),
            Formula::Plain => interval::ratio(a, b),
        }
    }

    /// The formula's name in messages and JSON (`check-formula-<id>` in the locales).
    pub fn id(self) -> &'static str {
        match self {
            Formula::Change => "change",
            Formula::Better => "better",
            Formula::OverNew => "over-new",
            Formula::OfBase => "of-base",
            Formula::OfNew => "of-new",
            Formula::Gain => "gain",
            Formula::Plain => "plain",
            Formula::Inverted => "inverted",
        }
    }
}

/// One figure with the row it stands beside.
#[derive(Debug, Clone)]
pub struct Cell {
    pub before: Interval,
    pub after: Interval,
    pub claimed: PrintedNumber,
    /// Printed with a sign: compared signed, else by its size.
    pub signed: bool,
    pub kind: Kind,
    /// Whether more is better (a rate), less (a time), or not known.
    pub up: Option<bool>,
    /// Printed without a unit (`0.249` under `speedup_%`): a change may be written as
    /// a fraction, a percent-of as a ratio.
    pub bare: bool,
}

impl Cell {
    /// The formulas that reproduce the figure.
    pub fn explained_by(&self) -> Vec<Formula> {
        PREFERENCE
            .iter()
            .copied()
            .filter(|&f| self.range(f).is_some_and(|i| self.fits(i)))
            .collect()
    }

    /// The values `f` may take as this figure is written: a percent formula beside a
    /// bare figure also as a fraction (`0.249` for 24.9%), a ratio beside a bare figure
    /// also as a percent (`97.3` for 0.973).
    pub fn range(&self, f: Formula) -> Option<Interval> {
        let i = f.range(self.before, self.after, self.up)?;
        let scaled = |k: f64| Interval::new(i.lo * k, i.hi * k);
        let options = match (self.bare, f.kind(), self.kind) {
            (false, fk, k) if fk == k => vec![i],
            (false, ..) => Vec::new(),
            (true, Kind::Percent, _) => vec![i, scaled(0.01)],
            (true, Kind::Ratio, Kind::Ratio) => vec![i],
            (true, Kind::Ratio, Kind::Percent) => Vec::new(),
        };
        options
            .iter()
            .copied()
            .find(|r| self.fits(*r))
            .or(options.first().copied())
    }

    /// Whether `f` misses the figure by no more than one unit of its last digit, a unit
    /// under 1% of the figure (`3.758` for 99.59 / 26.49 ∈ [3.7586, 3.7604]): the author
    /// divided other values than the printed ones (unrounded means) or rounded twice.
    /// Such a cell agrees with the formula in all its other digits; it is not a slip.
    pub fn near(&self, f: Formula) -> bool {
        let unit = 2.0 * self.claimed.half_width;
        if unit <= 0.0 || unit > 0.01 * self.claimed.value.abs() {
            return false;
        }
        let widened = Cell {
            claimed: PrintedNumber {
                half_width: 3.0 * self.claimed.half_width,
                ..self.claimed
            },
            ..self.clone()
        };
        self.range(f).is_some_and(|i| widened.fits(i))
    }

    fn fits(&self, i: Interval) -> bool {
        interval::holds(&self.claimed, i)
            || (!self.signed && interval::holds(&self.claimed, neg(i)))
    }

    fn swapped(&self) -> Cell {
        Cell {
            before: self.after,
            after: self.before,
            ..self.clone()
        }
    }
}

/// Whether the cells read with their values in the printed order (`true`) or swapped:
/// the order under which more cells are explained by a standard formula; `None` when
/// both explain as many (the words decide).
pub fn order(cells: &[Cell]) -> Option<bool> {
    let (kept, swapped) = standard_counts(cells);
    match kept.cmp(&swapped) {
        std::cmp::Ordering::Greater => Some(true),
        std::cmp::Ordering::Less => Some(false),
        std::cmp::Ordering::Equal => None,
    }
}

/// How many cells a standard formula explains with the values in the printed order,
/// and swapped.
pub fn standard_counts(cells: &[Cell]) -> (usize, usize) {
    let standard = |c: &Cell| c.explained_by().iter().any(|f| f.standard());
    let kept = cells.iter().filter(|c| standard(c)).count();
    let swapped = cells.iter().filter(|c| standard(&c.swapped())).count();
    (kept, swapped)
}

/// The convention of a column's cells of one kind: the formula that explains the most
/// of them, settled when it explains at least two and more than half.
pub fn convention(cells: &[Cell], kind: Kind) -> Option<Formula> {
    let of_kind: Vec<Vec<Formula>> = cells
        .iter()
        .filter(|c| c.kind == kind)
        .map(Cell::explained_by)
        .collect();
    let count = |f: Formula| of_kind.iter().filter(|e| e.contains(&f)).count();
    // The first formula of the preference order among those of the highest count.
    let best = PREFERENCE
        .iter()
        .copied()
        .max_by_key(|&f| (count(f), std::cmp::Reverse(rank(f))))?;
    let n = count(best);
    (n >= 2 && 2 * n > of_kind.len()).then_some(best)
}

fn rank(f: Formula) -> usize {
    PREFERENCE
        .iter()
        .position(|&p| p == f)
        .unwrap_or(PREFERENCE.len())
}

/// A cell judged against a settled convention: `Ok` when the convention explains it,
/// else the formula that does explain it, if one does.
pub fn judge(cell: &Cell, convention: Formula) -> Result<(), Option<Formula>> {
    let explained = cell.explained_by();
    if explained.contains(&convention) {
        return Ok(());
    }
    Err(explained.first().copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(b: &str, a: &str, c: &str, kind: Kind) -> Cell {
        let p = |s: &str| Interval::of(&PrintedNumber::claimed(s).unwrap());
        Cell {
            before: p(b),
            after: p(a),
            claimed: PrintedNumber::claimed(c.trim_start_matches('+').trim_end_matches('%'))
                .unwrap(),
            signed: c.starts_with(['+', '-']),
            kind,
            up: None,
            bare: false,
        }
    }

    #[test]
    fn a_bare_speedup_column_and_its_inverted_cell() {
        // llama.cpp#4844: t/s master → t/s PR, Speedup 1.11, 0.91, 1.08, 1.00.
        let mut cells = vec![
            cell("4875.12", "5394.60", "1.11", Kind::Ratio),
            cell("55.19", "50.37", "0.91", Kind::Ratio),
            cell("4048.87", "4369.56", "1.08", Kind::Ratio),
            cell("126.22", "125.72", "1.00", Kind::Ratio),
        ];
        let c = convention(&cells, Kind::Ratio).unwrap();
        assert_eq!(c, Formula::Gain);
        // The same speed-ups of a time (before / after) settle on the inverted ratio
        // when nothing says it is a time, and on the speed-up when the unit does.
        let times: Vec<Cell> = cells.iter().map(Cell::swapped).collect();
        assert_eq!(convention(&times, Kind::Ratio), Some(Formula::Inverted));
        let times: Vec<Cell> = times
            .into_iter()
            .map(|c| Cell {
                up: Some(false),
                ..c
            })
            .collect();
        assert_eq!(convention(&times, Kind::Ratio), Some(Formula::Gain));
        assert!(cells.iter().all(|x| judge(x, c).is_ok()));
        // 55.19 / 50.37 = 1.096: printed as 1.10, the ratio inverted.
        cells[1] = cell("55.19", "50.37", "1.10", Kind::Ratio);
        assert_eq!(judge(&cells[1], c), Err(Some(Formula::Inverted)));
    }

    #[test]
    fn a_change_written_as_a_fraction() {
        // vLLM-style `speedup_%` of 0.249 for 0.224 → 0.168 ms: (0.224 − 0.168) / 0.224
        // = 0.25, the drop as a fraction; printed with a unit it would not be.
        let mut c = cell("0.224", "0.168", "0.249", Kind::Percent);
        c.up = Some(false);
        c.bare = true;
        assert!(c.explained_by().contains(&Formula::Better));
        c.bare = false;
        assert!(c.explained_by().is_empty());
    }

    #[test]
    fn near_a_formula_by_one_unit_of_the_last_digit() {
        // ik_llama.cpp#121: 99.59 / 26.49 ∈ [3.7586, 3.7604]; 3.758 misses by 0.0001.
        let c = cell("26.49", "99.59", "3.758", Kind::Ratio);
        assert!(c.explained_by().is_empty());
        assert!(c.near(Formula::Gain));
        // Two units off is not near; nor is a one-unit miss of a coarse figure (a
        // unit of `10%` is a tenth of it).
        assert!(!cell("26.49", "99.59", "3.757", Kind::Ratio).near(Formula::Gain));
        assert!(!cell("100", "112", "+10%", Kind::Percent).near(Formula::Change));
    }

    #[test]
    fn the_arithmetic_sets_the_sides() {
        // A column of +x% over base → PR, printed PR first: the swapped order explains.
        let cells = vec![
            cell("110", "100", "+10.0%", Kind::Percent),
            cell("230", "200", "+15.0%", Kind::Percent),
        ];
        assert_eq!(order(&cells), Some(false));
        // (230 − 200) / 230 = 13.0%: over the new value.
        let over_new = cell("200", "230", "+13.0", Kind::Percent);
        assert_eq!(over_new.explained_by(), [Formula::OverNew]);
    }
}
