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
    out: &mut (impl std::io::Write + ?Sized),
) -> std::io::Result<()> {
    let (start, end) = match (colour, view.verdict) {
        (false, _) => ("", ""),
        (true, Verdict::Pass) => (GREEN, RESET),
        (true, Verdict::Regression) => (RED, RESET),
    };
    writeln!(out, "{start}{}{end}", view.verdict_line)?;
    writeln!(out, "{} {}", view.policy_line, view.rules.join(", "))?;
    if !view.rows.is_empty() {
        let grid = Grid::new(view, colour, width);
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

/// The table's cells, row by row, in one of two layouts. With room for every column, the
/// key is a column of its own, written once per pair. Without (a terminal narrower than
/// the table), the key is a row of its own above its pair's metrics, so that it stays on
/// one line (squeezed into a column, `model_id=mock-model` ran down 19 lines of one
/// character), columns with nothing in them (`—` on every row: no interval, no p-value)
/// are left out, and only the verdict's words wrap.
struct Grid<'a> {
    headers: Vec<&'a str>,
    rows: Vec<(Vec<&'a str>, Option<Color>)>,
    /// Per column: the kind of cell it holds.
    kinds: Vec<Kind>,
    colour: bool,
    /// The key is its own row, not a column.
    key_rows: bool,
}

/// What a column holds, which decides its alignment, colour and wrapping.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Key,
    Metric,
    /// Baseline, candidate, change, interval, p: aligned right.
    Number,
    /// The interval and the p-value in one cell (the narrowest layout): aligned right,
    /// and it may wrap at its `, `.
    Interval,
    /// The trend and the verdict: coloured by the row's tone.
    Judgement,
}

/// The verdict column is never squeezed below this many cells to keep a key whole.
const MIN_VERDICT: usize = 12;

/// The kinds of the eight columns after the key.
const METRIC_KINDS: [Kind; 8] = [
    Kind::Metric,
    Kind::Number,
    Kind::Number,
    Kind::Number,
    Kind::Number,
    Kind::Number,
    Kind::Judgement,
    Kind::Judgement,
];

impl<'a> Grid<'a> {
    fn new(view: &'a DiffView, colour: bool, width: Option<u16>) -> Grid<'a> {
        let grid = Grid::with_key_column(view, colour);
        let Some(w) = width.map(usize::from) else {
            return grid;
        };
        if grid.drawn_width() <= w {
            return grid;
        }
        // Narrower still: the interval and p in one column, so that the verdict keeps
        // room for its words (at 100 columns it was squeezed to one letter a line).
        let rows = Grid::with_key_rows(view, colour);
        if rows.drawn_width_with_verdict(MIN_VERDICT) <= w {
            return rows;
        }
        Grid::with_interval_and_p(view, colour)
    }

    /// The key rows layout with the interval and the p-value in one column.
    fn with_interval_and_p(view: &'a DiffView, colour: bool) -> Grid<'a> {
        let mut grid = Grid::with_key_rows(view, colour);
        // Where the interval (4 of the eight after the key) and p (5) are in the key
        // rows layout, which leaves out the empty columns.
        let keep = kept_columns(view);
        let column_of = |j: usize| keep[j].then(|| keep[..j].iter().filter(|k| **k).count());
        let (Some(ci), Some(p)) = (column_of(4), column_of(5)) else {
            return grid;
        };
        let mut metric_rows = view.rows.iter();
        for (cells, _) in grid.rows.iter_mut() {
            // A key row holds the key and empty cells; the others are the metrics' rows,
            // in the view's order.
            let key_row = cells.iter().skip(1).all(|c| c.is_empty());
            if !key_row {
                cells[ci] = metric_rows.next().map_or("", |r| r.ci_p.as_str());
            }
            cells.remove(p);
        }
        grid.headers[ci] = view.ci_p_header.as_str();
        grid.headers.remove(p);
        grid.kinds[ci] = Kind::Interval;
        grid.kinds.remove(p);
        grid
    }

    /// The width of the table drawn with every cell on one line but the verdict, which
    /// wraps down to `verdict` cells.
    fn drawn_width_with_verdict(&self, verdict: usize) -> usize {
        let widths = self.widths();
        let last = widths.len().saturating_sub(1);
        widths
            .iter()
            .enumerate()
            .map(|(i, w)| {
                if i == last {
                    (*w).min(verdict) + 3
                } else {
                    w + 3
                }
            })
            .sum::<usize>()
            + 1
    }

    fn with_key_column(view: &'a DiffView, colour: bool) -> Grid<'a> {
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
                let mut cells = vec![pair];
                cells.extend(metric_cells(row));
                (cells, tone_colour(row.tone).filter(|_| colour))
            })
            .collect();
        let mut kinds = vec![Kind::Key];
        kinds.extend(METRIC_KINDS);
        Grid {
            headers: view.headers.iter().map(String::as_str).collect(),
            rows,
            kinds,
            colour,
            key_rows: false,
        }
    }

    fn with_key_rows(view: &'a DiffView, colour: bool) -> Grid<'a> {
        let keep = kept_columns(view);
        let kept = |cells: [&'a str; 8]| -> Vec<&'a str> {
            cells
                .into_iter()
                .zip(&keep)
                .filter_map(|(c, k)| k.then_some(c))
                .collect()
        };
        let columns = keep.iter().filter(|k| **k).count();
        let mut rows = Vec::new();
        let mut previous_pair: Option<&str> = None;
        for row in &view.rows {
            if previous_pair != Some(row.pair.as_str()) {
                let mut key = vec![row.pair.as_str()];
                key.resize(columns, "");
                rows.push((key, None));
            }
            previous_pair = Some(&row.pair);
            rows.push((
                kept(metric_cells(row)),
                tone_colour(row.tone).filter(|_| colour),
            ));
        }
        let headers: Vec<&str> = view.headers[1..].iter().map(String::as_str).collect();
        let headers = headers
            .into_iter()
            .zip(&keep)
            .filter_map(|(h, k)| k.then_some(h))
            .collect();
        let kinds = METRIC_KINDS
            .into_iter()
            .zip(&keep)
            .filter_map(|(h, k)| k.then_some(h))
            .collect();
        Grid {
            headers,
            rows,
            kinds,
            colour,
            key_rows: true,
        }
    }

    fn kind(&self, j: usize) -> Kind {
        self.kinds.get(j).copied().unwrap_or(Kind::Judgement)
    }

    /// Whether column `j` is aligned right: the numbers.
    fn right(&self, j: usize) -> bool {
        matches!(self.kind(j), Kind::Number | Kind::Interval)
    }

    /// Whether column `j` is coloured by the row's tone: the trend and the verdict.
    fn judgement(&self, j: usize) -> bool {
        self.kind(j) == Kind::Judgement
    }

    /// Each column's natural width: its widest cell or header.
    fn widths(&self) -> Vec<usize> {
        (0..self.headers.len())
            .map(|j| {
                let widest = self.rows.iter().map(|(c, _)| cells(c[j])).max();
                widest.unwrap_or(0).max(cells(self.headers[j]))
            })
            .collect()
    }

    /// The width of the table drawn with every cell on one line: borders and padding.
    fn drawn_width(&self) -> usize {
        self.widths().iter().map(|w| w + 3).sum::<usize>() + 1
    }
}

/// Which of the eight columns after the key the key rows layout keeps: the metric and
/// the baseline always, the others where a row holds something (not `—` on every row).
fn kept_columns(view: &DiffView) -> Vec<bool> {
    let empty = |text: &str| text.is_empty() || text == "—";
    (0..METRIC_KINDS.len())
        .map(|j| j < 2 || view.rows.iter().any(|r| !empty(metric_cells(r)[j])))
        .collect()
}

/// A row's cells after the key: metric, baseline, candidate, change, interval, p, trend,
/// verdict.
fn metric_cells(row: &super::RowView) -> [&str; 8] {
    [
        &row.metric,
        &row.baseline,
        &row.candidate,
        &row.change,
        &row.ci,
        &row.p,
        &row.trend,
        &row.verdict,
    ]
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
                Some(c) if grid.judgement(i) => cell.fg(*c),
                _ => cell,
            }
        }));
    }
    for i in (0..grid.headers.len()).filter(|&i| grid.right(i)) {
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
            // and words stay on one line. With the key in rows of its own, the key and
            // the numbers stay whole and the trend and verdict words give way.
            let columns = table.column_count();
            if grid.key_rows {
                // The numbers and the trend stay whole and the verdict wraps; the key
                // stays on one line when the table can hold it, else it wraps after its
                // `, ` (each `column=value` whole), never narrower than the metric names.
                let widths = grid.widths();
                let metric_width = grid
                    .rows
                    .iter()
                    .filter(|(c, _)| c[1..].iter().any(|t| !t.is_empty()))
                    .map(|(c, _)| cells(c[0]))
                    .chain([cells(grid.headers[0])])
                    .max()
                    .unwrap_or(0);
                let verdict_min = widths[columns - 1].min(MIN_VERDICT);
                let whole_key: usize =
                    widths[..columns - 1].iter().map(|w| w + 3).sum::<usize>() + verdict_min + 4;
                let key_fits = width.is_none_or(|w| whole_key <= usize::from(w));
                let fixed_from = if key_fits { 0 } else { 1 };
                let fixed = (fixed_from..columns - 1).filter(|&i| grid.kind(i) != Kind::Interval);
                terminal::fit(&mut table, width, fixed);
                // Never squeezed past reading: an interval keeps its halves (`[-9.00%,`)
                // and the verdict its words; a terminal narrower than that gets a wider
                // table rather than one letter a line.
                let interval = grid.rows.iter().flat_map(|(c, _)| {
                    c.iter()
                        .enumerate()
                        .filter(|(i, _)| grid.kind(*i) == Kind::Interval)
                        .flat_map(|(_, t)| t.split(['\n', ' ']).map(cells))
                });
                let interval_min = interval.max().unwrap_or(0);
                for (i, natural) in widths.iter().enumerate().take(columns) {
                    let min = match grid.kind(i) {
                        Kind::Interval => interval_min,
                        _ if i == columns - 1 => (*natural).min(MIN_VERDICT),
                        _ => continue,
                    };
                    if let Some(c) = table.column_mut(i) {
                        let w = u16::try_from(min + 2).unwrap_or(u16::MAX);
                        c.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(w)));
                    }
                }
                if !key_fits {
                    if let Some(c) = table.column_mut(0) {
                        let w = u16::try_from(metric_width + 2).unwrap_or(u16::MAX);
                        c.set_constraint(ColumnConstraint::LowerBoundary(Width::Fixed(w)));
                    }
                }
            } else {
                terminal::fit(&mut table, width, 1..columns);
            }
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
    out: &mut (impl std::io::Write + ?Sized),
) -> std::io::Result<bool> {
    if grid.rows.len() <= SAMPLE_ROWS * 2 {
        return Ok(false);
    }
    let widths = grid.widths();
    // Borders and padding: one line per cell only when the whole row fits.
    let drawn = grid.drawn_width();
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
            right: grid.right(j),
            style: colour.filter(|_| grid.judgement(j)).and_then(style_of),
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
                let grid = Grid::new(&view, colour, width);
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

    /// At 160 columns the table is narrower than its natural width: every key is a row of
    /// its own, whole, and every line fits.
    #[test]
    fn a_narrow_terminal_keeps_each_key_on_one_line() {
        let l10n = Localizer::new("en").unwrap();
        let mut view = DiffView::new(&super::super::tests::everything(), &l10n);
        for r in &mut view.rows {
            r.pair = format!("model_id=mock-model, {}", r.pair);
        }
        let wide = render(&view, false, None);
        let narrow = render(&view, false, Some(160));
        for text in [&wide, &narrow] {
            for pair in view.rows.iter().map(|r| r.pair.as_str()) {
                assert!(
                    text.lines().any(|l| l.contains(pair)),
                    "{pair} split:\n{text}"
                );
            }
        }
        // The table's lines (the notes below it are sentences, not wrapped here).
        let table_lines = narrow
            .lines()
            .filter(|l| l.starts_with(['┌', '│', '╞', '├', '└']));
        assert!(table_lines.clone().count() > 10);
        assert!(table_lines.clone().all(|l| cells(l) <= 160), "{narrow}");
        // The wide table keeps the key column, the narrow one drops it.
        assert!(
            wide.contains(&view.headers[0]) && !narrow.contains(&format!("│ {} ", view.headers[0]))
        );
    }
}
