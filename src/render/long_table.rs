//! Long terminal tables without comfy-table laying out every row: its layout of 100,000
//! rows took about 2 s, all of it before the first line. comfy-table lays out the header
//! and the first rows, with every column's width fixed; the other rows are drawn here
//! the same way (the `UTF8_FULL_CONDENSED` preset, every cell on one line), as soon as
//! the first ones are written. Only when the sample's rows are exactly what this draws;
//! otherwise the caller lets comfy-table lay out the whole table.

use comfy_table::{presets::UTF8_FULL_CONDENSED, Cell as ComfyCell, Color, Table};

use super::terminal::cells;

/// Rows comfy-table lays out before the rest are drawn here.
pub const SAMPLE_ROWS: usize = 64;

/// One cell as drawn: its text, aligned right or left in its column, and the escape
/// codes comfy-table puts around the padded cell when it is coloured.
pub struct Cell<'a> {
    pub text: &'a str,
    pub right: bool,
    pub style: Option<&'a Styled>,
}

/// Whether a table of these cells can be drawn here: no cell that comfy-table would break
/// onto two lines.
pub fn one_line(text: &str) -> bool {
    !text.bytes().any(|b| matches!(b, b'\n' | b'\r' | b'\t'))
}

/// A row as comfy-table draws it, every cell within its column's content width.
pub fn push_row<'a>(
    cells_of_row: impl Iterator<Item = Cell<'a>>,
    widths: &[usize],
    line: &mut String,
) {
    line.push('│');
    let columns = widths.len();
    for (j, cell) in cells_of_row.enumerate() {
        let pad = widths[j].saturating_sub(cells(cell.text));
        if let Some(style) = cell.style {
            line.push_str(&style.before);
        }
        line.push(' ');
        if cell.right {
            line.extend(std::iter::repeat_n(' ', pad));
            line.push_str(cell.text);
        } else {
            line.push_str(cell.text);
            line.extend(std::iter::repeat_n(' ', pad));
        }
        line.push(' ');
        if let Some(style) = cell.style {
            line.push_str(&style.after);
        }
        line.push(if j + 1 == columns { '│' } else { '┆' });
    }
}

/// Writes `sample` (comfy-table's drawing of the header and the first `SAMPLE_ROWS` rows,
/// widths fixed), then rows `SAMPLE_ROWS..rows` drawn by `row`, then the sample's bottom
/// border. `false`, with nothing written, when the sample's rows are not what `row`
/// draws for them.
pub fn write(
    sample: &str,
    rows: usize,
    mut row: impl FnMut(usize, &mut String),
    out: &mut (impl std::io::Write + ?Sized),
) -> std::io::Result<bool> {
    let lines: Vec<&str> = sample.lines().collect();
    if rows <= SAMPLE_ROWS || lines.len() <= SAMPLE_ROWS + 1 {
        return Ok(false);
    }
    // The sample's last lines: its rows, then the bottom border.
    let first_row = lines.len() - SAMPLE_ROWS - 1;
    let mut line = String::new();
    let same = (0..SAMPLE_ROWS).all(|i| {
        line.clear();
        row(i, &mut line);
        lines[first_row + i] == line
    });
    if !same {
        return Ok(false);
    }
    let (bottom, above) = lines.split_last().expect("the sample has lines");
    for l in above {
        writeln!(out, "{l}")?;
    }
    for i in SAMPLE_ROWS..rows {
        line.clear();
        row(i, &mut line);
        line.push('\n');
        out.write_all(line.as_bytes())?;
    }
    writeln!(out, "{bottom}")?;
    Ok(true)
}

/// What comfy-table writes before and after a padded cell of a colour.
#[derive(Debug, Clone, PartialEq)]
pub struct Styled {
    before: String,
    after: String,
}

impl Styled {
    /// Read off comfy-table's own drawing of a one-cell table, so the codes are its own.
    pub fn of(colour: Color) -> Option<Styled> {
        let mut table = Table::new();
        table.load_preset(UTF8_FULL_CONDENSED);
        table.add_row([ComfyCell::new("X").fg(colour)]);
        table.enforce_styling();
        let text = table.to_string();
        let inner = text.lines().nth(1)?.strip_prefix('│')?.strip_suffix('│')?;
        let (before, after) = inner.split_once(" X ")?;
        Some(Styled {
            before: before.to_owned(),
            after: after.to_owned(),
        })
    }
}
