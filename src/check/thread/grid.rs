//! The tables of an author's document, whatever draws them: Markdown pipes
//! (`| a | b |` over `|---|---|`), box-drawing characters (`│ a │ b │` between
//! `├───┼───┤` rules, as `tabulate` and `rich` print them into a fence), ASCII grids
//! (`+----+` rules), HTML (`<table><tr><th>…`), and columns aligned with spaces or
//! tabs inside a code fence (a header of words over rows of numbers, as scripts print). Each becomes a header and rows of
//! plain cells (markup, emphasis and code ticks removed), with the line of each row.

use std::sync::LazyLock;

use regex::Regex;

/// A table of the document: its header line and cells, and its rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    pub line: u64,
    pub header: Vec<String>,
    pub rows: Vec<(u64, Vec<String>)>,
}

/// The column separators of the drawn tables.
const BARS: [char; 4] = ['|', '│', '┃', '║'];

fn clean(cell: &str) -> String {
    cell.replace(['*', '`'], "").trim().to_owned()
}

/// The cells of one row line: the text between its bars.
pub fn cells(line: &str) -> Vec<String> {
    let t = line.trim().trim_start_matches(BARS).trim_end_matches(BARS);
    t.split(BARS).map(clean).collect()
}

/// A line that only draws: `|---|:--:|`, `├────┼────┤`, `+----+====+`.
fn is_rule(line: &str) -> bool {
    let t = line.trim();
    let drawing = |c: char| {
        matches!(c, '-' | ':' | '=' | '+' | ' ' | '|') || ('\u{2500}'..='\u{257F}').contains(&c)
    };
    t.chars()
        .filter(|c| matches!(c, '-' | '=' | '─' | '━' | '═'))
        .count()
        >= 3
        && t.chars().all(drawing)
}

fn is_row(line: &str) -> bool {
    line.trim_start().starts_with(BARS) && !is_rule(line)
}

/// Every table of `text`, in order.
pub fn tables(text: &str) -> Vec<Table> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = drawn(&lines);
    out.extend(html(text));
    out.extend(spaced(&lines));
    out.sort_by_key(|t| t.line);
    out
}

/// The pipe, box and grid tables: runs of row and rule lines in which a rule follows
/// the first rows (the header); the rows after that rule are the data.
fn drawn(lines: &[&str]) -> Vec<Table> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !(is_row(lines[i])
            || is_rule(lines[i]) && lines[i].trim_start().starts_with(['+', '┌', '╭', '┏', '╔']))
        {
            i += 1;
            continue;
        }
        let start = i;
        while i < lines.len() && (is_row(lines[i]) || is_rule(lines[i])) {
            i += 1;
        }
        if let Some(t) = one_drawn(&lines[start..i], start) {
            out.push(t);
        }
    }
    out
}

fn one_drawn(block: &[&str], first: usize) -> Option<Table> {
    // A top border (`┌───┐`, `+---+`) is not the header's rule.
    let top = block.iter().take_while(|l| is_rule(l)).count();
    let body = &block[top..];
    let rule = body.iter().position(|l| is_rule(l))?;
    if rule == 0 {
        return None;
    }
    // A header written on several lines (`│ Before │` over `│ (ms)   │`) is one header.
    let mut header: Vec<String> = Vec::new();
    for line in &body[..rule] {
        for (k, c) in cells(line).into_iter().enumerate() {
            match header.get_mut(k) {
                Some(h) if !c.is_empty() && !h.is_empty() => {
                    h.push(' ');
                    h.push_str(&c);
                }
                Some(h) if h.is_empty() => *h = c,
                Some(_) => {}
                None => header.push(c),
            }
        }
    }
    let rows = body[rule..]
        .iter()
        .enumerate()
        .filter(|(_, l)| is_row(l))
        .map(|(k, l)| ((first + top + rule + k) as u64 + 1, cells(l)))
        .collect();
    Some(Table {
        line: (first + top) as u64 + 1,
        header,
        rows,
    })
}

static GAP: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\t+|\s{2,}").expect("static pattern"));

/// The cells of a line of aligned columns: split at tabs and runs of two spaces.
fn spaced_cells(line: &str) -> Vec<String> {
    GAP.split(line.trim()).map(clean).collect()
}

/// The aligned tables of the code fences: a line of three or more cells, each with a
/// letter (the header), over two or more lines of as many cells, mostly numbers.
fn spaced(lines: &[&str]) -> Vec<Table> {
    let mut out = Vec::new();
    let mut fenced = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim_start();
        if line.starts_with("```") || line.starts_with("~~~") {
            fenced = !fenced;
            i += 1;
            continue;
        }
        let header = spaced_cells(lines[i]);
        let words = header.len() >= 3
            && header
                .iter()
                .all(|c| c.chars().any(char::is_alphabetic) && !c.starts_with(BARS));
        if !fenced || !words {
            i += 1;
            continue;
        }
        let numeric = |cells: &[String]| {
            let n = cells
                .iter()
                .filter(|c| {
                    c.parse::<f64>().is_ok() || c.trim_end_matches('%').parse::<f64>().is_ok()
                })
                .count();
            2 * n >= cells.len()
        };
        let rows: Vec<(u64, Vec<String>)> = lines[i + 1..]
            .iter()
            .enumerate()
            .map(|(k, l)| ((i + k) as u64 + 2, spaced_cells(l)))
            .take_while(|(_, c)| c.len() == header.len() && numeric(c))
            .collect();
        if rows.len() >= 2 {
            let n = rows.len();
            out.push(Table {
                line: i as u64 + 1,
                header,
                rows,
            });
            i += n;
        }
        i += 1;
    }
    out
}

static TABLE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?is)<table\b.*?</table\s*>").expect("static pattern"));
static TR: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)<tr\b").expect("static pattern"));
static TD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)<t[hd]\b[^>]*>").expect("static pattern"));
static TAG: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?s)<[^>]*>").expect("static pattern"));

/// `text` with its HTML tags replaced by spaces (the words of a cell, of a `<summary>`).
pub(super) fn strip_tags(text: &str) -> std::borrow::Cow<'_, str> {
    TAG.replace_all(text, " ")
}

/// The pieces of `text` from each match of `at` to the next (closing tags are left for
/// `TAG` to remove: authors leave `</td>` out).
fn pieces<'t>(text: &'t str, at: &Regex) -> Vec<(usize, &'t str)> {
    let starts: Vec<(usize, usize)> = at.find_iter(text).map(|m| (m.start(), m.end())).collect();
    starts
        .iter()
        .enumerate()
        .map(|(i, &(s, e))| (s, &text[e..starts.get(i + 1).map_or(text.len(), |n| n.0)]))
        .collect()
}

/// The entities of a rendered cell: the renderer's five, and the space and minus that
/// authors write by hand in number cells.
fn unescape(s: &str) -> String {
    crate::published::decode_entities(&s.replace("&nbsp;", " ").replace("&minus;", "−"))
}

/// The HTML tables: the first row is the header (its `<th>` cells, or its cells).
fn html(text: &str) -> Vec<Table> {
    // Lines are counted on from the last row's, not from the document's start.
    let (mut counted, mut line) = (0, 1);
    let mut line_at = |byte: usize| {
        line += crate::offsets::line_of(&text[counted..byte], byte - counted) - 1;
        counted = byte;
        line
    };
    let mut out = Vec::new();
    for t in TABLE.find_iter(text) {
        let mut rows: Vec<(u64, Vec<String>)> = pieces(t.as_str(), &TR)
            .into_iter()
            .map(|(at, row)| {
                let cells = pieces(row, &TD)
                    .into_iter()
                    .map(|(_, c)| clean(&unescape(&strip_tags(c))))
                    .map(|c| c.split_whitespace().collect::<Vec<_>>().join(" "))
                    .collect();
                (line_at(t.start() + at), cells)
            })
            .filter(|(_, c): &(u64, Vec<String>)| !c.is_empty())
            .collect();
        if rows.len() < 2 {
            continue;
        }
        let (line, header) = rows.remove(0);
        out.push(Table { line, header, rows });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_box_drawn_table_in_a_fence() {
        let text = "```\n  ┌──────┬─────────────┬────────┐\n  │ Model│ Before (ms) │   Δ    │\n  ├──────┼─────────────┼────────┤\n  │ Qwen │      175.54 │ -32.8% │\n  ├──────┼─────────────┼────────┤\n  │ Llama│      159.65 │ -27.9% │\n  └──────┴─────────────┴────────┘\n```\n";
        let t = tables(text);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].header, ["Model", "Before (ms)", "Δ"]);
        assert_eq!(t[0].rows.len(), 2);
        assert_eq!(
            t[0].rows[1],
            (7, vec!["Llama".into(), "159.65".into(), "-27.9%".into()])
        );
    }

    #[test]
    fn a_markdown_table_and_a_grid_with_a_two_line_header() {
        let text = "| a | **b** |\n|---|---:|\n| 1 | `2` |\n\n+-----+-------+\n| x   | Before |\n|     | (ms)  |\n+=====+=======+\n| r   | 1.5   |\n+-----+-------+\n";
        let t = tables(text);
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].header, ["a", "b"]);
        assert_eq!(t[0].rows, [(3, vec!["1".into(), "2".into()])]);
        assert_eq!(t[1].header, ["x", "Before (ms)"]);
        assert_eq!(t[1].rows, [(9, vec!["r".into(), "1.5".into()])]);
    }

    #[test]
    fn an_html_table_with_entities_and_unclosed_cells() {
        let text = "text\n<table>\n<tr><th>Metric</th><th>Before</th><th>After</th><th>&Delta;</th></tr>\n<tr><td>TTFT &amp; ITL<td>12.5<td>10.0<td>&minus;20.0%</tr>\n</table>\n";
        let t = tables(text);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].line, 3);
        assert_eq!(t[0].rows[0].0, 4);
        assert_eq!(t[0].rows[0].1, ["TTFT & ITL", "12.5", "10.0", "−20.0%"]);
    }

    #[test]
    fn columns_aligned_with_spaces_in_a_fence() {
        let text = "```\nRunning benchmark\nbatch_size   max_seq_len  trtllm_mean  speedup_%\n1            1024         0.168        0.249\n4            1024         0.307        0.203\n```\nbatch  mean  speedup\n1  2  3\n4  5  6\n";
        let t = tables(text);
        // Outside a fence, aligned words are prose.
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].line, 3);
        assert_eq!(
            t[0].header,
            ["batch_size", "max_seq_len", "trtllm_mean", "speedup_%"]
        );
        assert_eq!(
            t[0].rows[1],
            (
                5,
                vec!["4".into(), "1024".into(), "0.307".into(), "0.203".into()]
            )
        );
    }

    #[test]
    fn rows_without_a_rule_are_no_table() {
        assert!(tables("| just | text |\n| more | text |\n").is_empty());
    }
}
