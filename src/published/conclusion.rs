//! The conclusion table read as data: which blocks each row quotes, and what the table
//! compares. `check` recomputes the rows' claims from these blocks; `import` makes each
//! row a scenario and takes the study's goal from the metric the table quotes.

use super::grammar::cell::{columns, quote_of, CellQuote, Column};
use super::interval::{self, Interval};
use super::{normalize_name, Report};

/// The blocks a conclusion row quotes.
#[derive(Debug, Clone, PartialEq)]
pub struct RowBlocks {
    pub line: u64,
    /// The row's label without emphasis (`ShareGPT Profile`).
    pub label: String,
    /// The "other case" of the row's profile, when the report has one.
    pub case: Option<usize>,
    pub baseline: Option<usize>,
    pub optimized: Option<usize>,
}

/// Ties each row of the conclusion table to its blocks: the case run on the row's profile
/// (same profile, or same label) when there is one; otherwise the study's baseline, and
/// for the optimized side the block whose printed values the cell quotes.
pub fn conclusion_rows(report: &Report) -> Vec<RowBlocks> {
    let Some(table) = &report.conclusion else {
        return Vec::new();
    };
    let cols = columns(&table.header);
    let all: Vec<usize> = (0..report.blocks.len()).collect();
    table
        .rows
        .iter()
        .map(|row| {
            let label = row.cells.first().map_or(String::new(), |c| plain(&c.text));
            let case = case_of_row(report, &label);
            let side = |optimized: bool| {
                let c = &report.cases[case?];
                let side = if optimized { &c.optimized } else { &c.baseline };
                side.as_ref()?.block
            };
            // Without a case of its own, only the row of the baseline's profile quotes
            // the study's baseline block; another profile's row has no baseline here.
            let baseline = side(false).or_else(|| {
                (case.is_none() && is_baseline_profile(report, &label))
                    .then(|| report.baseline_block())
                    .flatten()
            });
            let optimized = side(true).or_else(|| {
                let ci = cols.iter().position(|c| *c == Column::Optimized)?;
                let q = quote_of(&row.cells.get(ci)?.text, None);
                best_match(report, &q, &all)
            });
            RowBlocks {
                line: row.line,
                label,
                case,
                baseline,
                optimized,
            }
        })
        .collect()
}

/// The metric the conclusion table compares: the first value its first optimized (else
/// baseline) cell quotes (`Mean latency: 1.65s/req` → `mean_e2el_ms`).
pub fn conclusion_metric(report: &Report) -> Option<&'static str> {
    let table = report.conclusion.as_ref()?;
    let cols = columns(&table.header);
    let quoted_in = |wanted: Column| {
        let ci = cols.iter().position(|c| *c == wanted)?;
        table.rows.iter().find_map(|row| {
            let q = quote_of(&row.cells.get(ci)?.text, None);
            q.values.first().map(|(m, _)| *m)
        })
    };
    quoted_in(Column::Optimized).or_else(|| quoted_in(Column::Baseline))
}

/// Whether a row's label names the profile the study's baseline ran (the first profile
/// when the baseline's variant names none), or names no profile at all in a report
/// that describes at most one.
fn is_baseline_profile(report: &Report, label: &str) -> bool {
    let of_baseline = report
        .baseline()
        .and_then(|(e, v)| report.experiments[e].variants[v].profile)
        .or((!report.profiles.is_empty()).then_some(0));
    match report.profile_of_label(label) {
        Some(p) => of_baseline == Some(p),
        None => report.profiles.len() <= 1 && report.cases.is_empty(),
    }
}

/// The "other case" a conclusion row is about: same label, or same profile.
fn case_of_row(report: &Report, label: &str) -> Option<usize> {
    let cases = &report.cases;
    // A case under the row's very label first (`#### Generation Heavy (1K in / 2K out)`).
    let wanted = normalize_name(label);
    if let Some(c) = cases
        .iter()
        .position(|c| normalize_name(&c.label) == wanted)
    {
        return Some(c);
    }
    if let Some(p) = report.profile_of_label(label) {
        if let Some(c) = cases.iter().position(|c| c.profile == Some(p)) {
            return Some(c);
        }
    }
    None
}

/// The block among `candidates` that the most quoted values fit (the first on a tie);
/// `None` when none fits any.
pub(crate) fn best_match(report: &Report, q: &CellQuote, candidates: &[usize]) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for &b in candidates {
        let block = &report.blocks[b];
        let fits = q
            .values
            .iter()
            .filter(|(m, s)| {
                block.number(m).is_some_and(|n| {
                    interval::holds(&s.number, Interval::of(&n.scaled(1.0 / s.unit)))
                })
            })
            .count();
        if fits > 0 && best.is_none_or(|(_, f)| fits > f) {
            best = Some((b, fits));
        }
    }
    best.map(|(b, _)| b)
}

/// Cell text without Markdown emphasis or HTML tags.
pub(crate) fn plain(cell: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in cell.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    decode_entities(&out.replace("**", "")).trim().to_owned()
}

/// The four entities a Markdown table cell escapes, decoded in one pass: `&amp;lt;` is
/// the text `&lt;`, not `<` (decoding `&amp;` first and `&lt;` after would make it one).
fn decode_entities(text: &str) -> String {
    const ENTITIES: [(&str, char); 4] = [
        ("&amp;", '&'),
        ("&lt;", '<'),
        ("&gt;", '>'),
        ("&quot;", '"'),
    ];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        match ENTITIES.iter().find(|(e, _)| rest.starts_with(e)) {
            Some((e, c)) => {
                out.push(*c);
                rest = &rest[e.len()..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entities_are_decoded_once() {
        assert_eq!(plain("a &amp;lt; b"), "a &lt; b");
        assert_eq!(
            plain("<b>x &lt; y</b> &amp; z &quot;q&quot; &gt;"),
            "x < y & z \"q\" >"
        );
        assert_eq!(plain("AT&T &x"), "AT&T &x");
    }
}
