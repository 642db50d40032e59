//! The `rich` tables genai-perf and AIPerf print (`perf_console.rs`): a top border under
//! the title, a header row of statistic names, label rows whose long labels wrap onto a
//! `(unit)` row, and `Label: value` lines right below. Read as text: ANSI codes stripped,
//! any prefix before the border stripped from every row.

use super::perf_labels;
use super::text::{strip_ansi, strip_prefix};

/// Cell separators: `rich`'s heavy header, light body, and its ASCII fallback.
const SEPARATORS: [char; 4] = ['┃', '│', '|', '║'];

/// One table row: its label, its cells, and the 1-based line it starts on.
#[derive(Debug)]
pub(super) struct Row {
    pub(super) line: u64,
    pub(super) label: String,
    pub(super) cells: Vec<String>,
}

#[derive(Debug)]
pub(super) struct Table {
    /// Statistic names of the value columns (`avg`, `min`, ..., `p99`).
    pub(super) stats: Vec<String>,
    pub(super) rows: Vec<Row>,
    /// `Label: value` lines right below the table: early genai-perf printed its single
    /// values (`Request throughput (per sec): 10.82`) there instead of in rows.
    pub(super) below: Vec<Row>,
    /// Byte offset just after the table.
    pub(super) end: usize,
    /// Whether the bottom border was seen.
    pub(super) closed: bool,
}

/// The lines of `text` from byte `from` on, each with its start offset, line end removed.
pub(super) fn lines_from(text: &str, from: usize) -> impl Iterator<Item = (usize, &str)> {
    let from = crate::offsets::ceil_char_boundary(text, from);
    text[from..]
        .split_inclusive('\n')
        .scan(from, |offset, raw| {
            let start = *offset;
            *offset += raw.len();
            Some((start, raw.trim_end_matches(['\n', '\r'])))
        })
}

/// Reads the table below a title line that ends at byte `title_end`. `None` when no top
/// border follows within two lines.
pub(super) fn read_table(text: &str, title_end: usize, title_line: u64) -> Option<Table> {
    let mut lines = lines_from(text, title_end + 1).enumerate();
    // The top border (`┏━━━┳━━━┓`, or `+---+` in ASCII) sits right under the title; what
    // stands before it on its line (indentation, `> `) is stripped from every row.
    let mut prefix = None;
    for (_, (_, raw)) in lines.by_ref().take(2) {
        let line = strip_ansi(raw);
        if let Some(i) = top_border_at(&line) {
            prefix = Some(line[..i].to_owned());
            break;
        }
        if !line.trim().is_empty() {
            return None;
        }
    }
    let prefix = prefix?;
    let mut table = Table {
        stats: Vec::new(),
        rows: Vec::new(),
        below: Vec::new(),
        end: text.len(),
        closed: false,
    };
    let mut header_seen = false;
    while let Some((index, (start, raw))) = lines.next() {
        let line_no = title_line + 1 + index as u64;
        let stripped = strip_ansi(raw);
        let line = strip_prefix(&stripped, &prefix);
        let first = line.chars().next().unwrap_or(' ');
        if matches!(first, '└' | '┗' | '╰' | '╚' | '+') {
            table.end = start + raw.len();
            table.closed = true;
            for (index, (start, raw)) in lines.by_ref() {
                let stripped = strip_ansi(raw);
                let line = strip_prefix(&stripped, &prefix);
                let Some((label, value)) = line.split_once(':') else {
                    break;
                };
                if perf_labels::by_label(label).is_none() {
                    break;
                }
                table.below.push(Row {
                    line: title_line + 1 + index as u64,
                    label: label.trim().to_owned(),
                    cells: vec![value.trim().to_owned()],
                });
                table.end = start + raw.len();
            }
            return Some(table);
        }
        if matches!(first, '┡' | '├' | '╞' | '┣' | '╟' | '╠') {
            continue; // the rule under the header, or between rows
        }
        if !SEPARATORS.contains(&first) {
            table.end = start;
            return Some(table); // cut short: the caller warns
        }
        let cells = split_cells(line);
        if cells.iter().all(|c| {
            c.chars()
                .all(|ch| matches!(ch, '-' | '=' | '━' | '─' | ' '))
        }) {
            continue; // a rule such as `|----+----|` in the ASCII box
        }
        if !header_seen {
            header_seen = true;
            table.stats = cells
                .iter()
                .skip(1)
                .map(|c| c.to_ascii_lowercase())
                .collect();
            continue;
        }
        let (label, values) = cells
            .split_first()
            .map_or(("", &[][..]), |(l, v)| (l.as_str(), v));
        let continuation = values.iter().all(|v| v.is_empty());
        if continuation && !label.is_empty() {
            // `rich` wrapped a long label: the unit (or the label's tail) sits below.
            if let Some(prev) = table.rows.last_mut() {
                prev.label.push(' ');
                prev.label.push_str(label);
                continue;
            }
        }
        if label.is_empty() {
            continue; // a wrapped value cell; nothing to join it to
        }
        table.rows.push(Row {
            line: line_no,
            label: label.to_owned(),
            cells: values.to_vec(),
        });
    }
    Some(table)
}

/// Where a table's top border starts on a line: a corner followed by a rule character.
pub(super) fn top_border_at(line: &str) -> Option<usize> {
    let i = line.find(['┏', '┌', '╭', '╔', '+'])?;
    let mut after = line[i..].chars().skip(1);
    after
        .next()
        .is_some_and(|c| matches!(c, '━' | '─' | '═' | '-'))
        .then_some(i)
}

/// The trimmed cells between the outer separators of a row.
pub(super) fn split_cells(line: &str) -> Vec<String> {
    let mut parts: Vec<&str> = line.split(SEPARATORS).collect();
    if parts.len() > 1 {
        parts.remove(0); // before the leading separator
    }
    if parts.len() > 1 && parts.last().is_some_and(|p| p.trim().is_empty()) {
        parts.pop(); // after the trailing one; a cut-off row keeps its last cell
    }
    parts.iter().map(|p| p.trim().to_owned()).collect()
}
