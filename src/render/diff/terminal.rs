//! The terminal output of a diff: the verdict line, the policy, a table of every matched
//! pair's metrics, the notes and the keys found on one side only. Colour only when the
//! caller says stdout is a terminal (a CI log or a pipe gets plain text).

use comfy_table::{
    presets::UTF8_FULL_CONDENSED, Cell, CellAlignment, Color, ColumnConstraint, Table, Width,
};

use super::{DiffView, Tone};
use crate::compare::Verdict;
use crate::render::long_table::{self, Styled, SAMPLE_ROWS};
use crate::render::terminal::{self, cells};
const RED: &str = "\x1b[1;31m";
const GREEN: &str = "\x1b[1;32m";
const RESET: &str = "\x1b[0m";

fn tone_colour(tone: Tone) -> Option<Color> {
    match tone {
        Tone::Regression => Some(Color::Red),
        Tone::WithinNoise => Some(Color::Yellow),
        Tone::Better => Some(Color::Green),
        Tone::Worse => Some(Color::DarkYellow),
        Tone::Neutral => None,
    }
}

/// The text, its table fitted to `width` columns when given
/// ([`terminal::target_width`]).
pub fn render(view: &DiffView, colour: bool, width: Option<u16>) -> String {
    let mut out = Vec::new();
    // Writing into memory cannot fail.
    let _ = write(view, colour, width, &mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// [`render`] written to `out`: a long table starts printing at once, without being laid
/// out whole first (`long_table`).
pub fn write(
    view: &DiffView,
    colour: bool,
    width: Option<u16>,
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    let (start, end) = match (colour, view.verdict) {
        (false, _) => ("", ""),
        (true, Verdict::Pass) => (GREEN, RESET),
        (true, Verdict::Regression) => (RED, RESET),
    };
    writeln!(out, "{start}{}{end}", view.verdict_line)?;
    writeln!(out, "{} {}", view.policy_line, view.rules.join(", "))?;
    if !view.rows.is_empty() {
        let grid = Grid::new(view, colour);
        if !write_streamed(&grid, width, out)? {
            writeln!(out, "{}", table(&grid, 0..grid.rows.len(), width, None))?;
        }
    }
    for note in &view.notes {
        writeln!(out, "- {note}")?;
    }
    for (title, items) in [
        (&view.removed_title, &view.removed),
        (&view.added_title, &view.added),
    ] {
        if !items.is_empty() {
            writeln!(out, "{title}:")?;
            for item in items {
                writeln!(out, "  {item}")?;
            }
        }
    }
    Ok(())
}

/// Columns aligned right: baseline, candidate, change, interval, p.
const RIGHT: std::ops::RangeInclusive<usize> = 2..=6;
/// Columns coloured by the row's tone: the trend and the verdict.
const JUDGEMENT: usize = 7;

/// The table's cells, row by row.
struct Grid<'a> {
    headers: &'a [String],
    rows: Vec<([&'a str; 9], Option<Color>)>,
    colour: bool,
}

impl<'a> Grid<'a> {
    fn new(view: &'a DiffView, colour: bool) -> Grid<'a> {
        let mut previous_pair: Option<&str> = None;
        let rows = view
            .rows
            .iter()
            .map(|row| {
                // The key once per pair: its other metrics follow on the next rows.
                let pair = if previous_pair == Some(row.pair.as_str()) {
                    ""
                } else {
                    row.pair.as_str()
                };
                previous_pair = Some(&row.pair);
                let cells = [
                    pair,
                    &row.metric,
                    &row.baseline,
                    &row.candidate,
                    &row.change,
                    &row.ci,
                    &row.p,
                    &row.trend,
                    &row.verdict,
                ];
                (cells, tone_colour(row.tone).filter(|_| colour))
            })
            .collect();
        Grid {
            headers: &view.headers,
            rows,
            colour,
        }
    }

    /// Each column's natural width: its widest cell or header.
    fn widths(&self) -> Vec<usize> {
        (0..self.headers.len())
            .map(|j| {
                let widest = self.rows.iter().map(|(c, _)| cells(c[j])).max();
                widest.unwrap_or(0).max(cells(&self.headers[j]))
            })
            .collect()
    }
}

/// The comfy-table of the header and `rows`; with `fixed`, every column exactly that
/// wide (`long_table`).
fn table(
    grid: &Grid,
    rows: std::ops::Range<usize>,
    width: Option<u16>,
    fixed: Option<&[usize]>,
) -> Table {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header(grid.headers.iter().map(Cell::new));
    for (cells, colour) in &grid.rows[rows] {
        table.add_row(cells.iter().enumerate().map(|(i, text)| {
            let cell = Cell::new(text);
            // Colour the judgement cells only, so the numbers stay readable.
            match colour {
                Some(c) if i >= JUDGEMENT => cell.fg(*c),
                _ => cell,
            }
        }));
    }
    for i in RIGHT {
        if let Some(c) = table.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    match fixed {
        Some(widths) => {
            for (i, w) in widths.iter().enumerate() {
                if let Some(c) = table.column_mut(i) {
                    // comfy-table's fixed width counts the padding, not the border.
                    let w = u16::try_from(w + 2).unwrap_or(u16::MAX);
                    c.set_constraint(ColumnConstraint::Absolute(Width::Fixed(w)));
                }
            }
            table.force_no_tty();
        }
        None => {
            // When wrapping, only the key (often a long model path) gives way; numbers
            // and words stay on one line.
            let columns = table.column_count();
            terminal::fit(&mut table, width, 1..columns);
        }
    }
    if grid.colour {
        table.enforce_styling();
    }
    table
}

/// Writes a long table with comfy-table's layout of its first rows only; `false`, with
/// nothing written, when the table is short, would not fit `width` on one line per row,
/// or comfy-table would draw it otherwise.
fn write_streamed(
    grid: &Grid,
    width: Option<u16>,
    out: &mut impl std::io::Write,
) -> std::io::Result<bool> {
    if grid.rows.len() <= SAMPLE_ROWS * 2 {
        return Ok(false);
    }
    let widths = grid.widths();
    // Borders and padding: one line per cell only when the whole row fits.
    let drawn: usize = widths.iter().map(|w| w + 3).sum::<usize>() + 1;
    let one_line = grid
        .rows
        .iter()
        .all(|(c, _)| c.iter().all(|t| long_table::one_line(t)))
        && grid.headers.iter().all(|h| long_table::one_line(h));
    if width.is_some_and(|w| drawn > usize::from(w)) || !one_line {
        return Ok(false);
    }
    let styles: Vec<(Color, Option<Styled>)> =
        grid.rows
            .iter()
            .filter_map(|(_, c)| *c)
            .fold(Vec::new(), |mut seen, c| {
                if !seen.iter().any(|(s, _)| *s == c) {
                    seen.push((c, Styled::of(c)));
                }
                seen
            });
    let style_of = |c: Color| {
        styles
            .iter()
            .find(|(s, _)| *s == c)
            .and_then(|(_, st)| st.as_ref())
    };
    let sample = table(grid, 0..SAMPLE_ROWS, width, Some(&widths)).to_string();
    let row = |i: usize, line: &mut String| {
        let (cells, colour) = &grid.rows[i];
        let drawn = cells.iter().enumerate().map(|(j, text)| long_table::Cell {
            text,
            right: RIGHT.contains(&j),
            style: colour.filter(|_| j >= JUDGEMENT).and_then(style_of),
        });
        long_table::push_row(drawn, &widths, line);
    };
    long_table::write(&sample, grid.rows.len(), row, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::l10n::Localizer;

    /// Every kind of row the diff has, for 300 pairs.
    fn long_view() -> DiffView {
        let l10n = Localizer::new("en").unwrap();
        let mut view = DiffView::new(&super::super::tests::everything(), &l10n);
        let rows = view.rows.clone();
        view.rows = (0..300)
            .flat_map(|k| {
                rows.iter().cloned().map(move |mut r| {
                    r.pair = format!("{} #{k}", r.pair);
                    r
                })
            })
            .collect();
        view
    }

    #[test]
    fn a_long_table_streams_the_text_comfy_table_gives() {
        let view = long_view();
        assert!(view.rows.len() > SAMPLE_ROWS * 2);
        for colour in [false, true] {
            for width in [None, Some(250), Some(60)] {
                let grid = Grid::new(&view, colour);
                let whole = table(&grid, 0..grid.rows.len(), width, None).to_string();
                let mut streamed = Vec::new();
                let used = write_streamed(&grid, width, &mut streamed).unwrap();
                let streamed = String::from_utf8(streamed).unwrap();
                // Only a terminal too narrow for whole rows is left to comfy-table.
                assert_eq!(used, width != Some(60), "{colour} {width:?}");
                if used {
                    assert_eq!(streamed, format!("{whole}\n"), "{colour} {width:?}");
                    assert_eq!(colour, streamed.contains('\x1b'));
                }
            }
        }
    }
}
