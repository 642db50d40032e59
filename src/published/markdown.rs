//! The Markdown of a published report as a flat list of items, in file order: headings,
//! admonitions (`??? info "Title"`), list items, table rows, paragraph lines and fenced
//! code. Only what the performance-lab layout uses is recognised; everything keeps its
//! 1-based line. A fence knows the admonition and the list item it sits in (by
//! indentation), which is how a block is told from a serving script. `layout.rs` turns
//! the items into the report's structure.

use crate::ingest::text::Lines;

#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    Heading {
        line: u64,
        level: usize,
        title: String,
    },
    /// `??? info "Benchmark result"`, `???+ tip "Serving Command"`, `!!! note`.
    Admonition {
        line: u64,
        indent: usize,
        kind: String,
        title: String,
    },
    ListItem {
        line: u64,
        indent: usize,
        text: String,
    },
    TableRow {
        line: u64,
        /// The row as written, for locating numbers.
        raw: String,
        cells: Vec<Cell>,
    },
    Fence(Fence),
    Text {
        line: u64,
        indent: usize,
        text: String,
    },
}

impl Item {
    pub fn line(&self) -> u64 {
        match self {
            Item::Heading { line, .. }
            | Item::Admonition { line, .. }
            | Item::ListItem { line, .. }
            | Item::TableRow { line, .. }
            | Item::Text { line, .. } => *line,
            Item::Fence(f) => f.line,
        }
    }
}

/// One table cell: its text (trimmed) and the byte offset of that text in the row.
#[derive(Debug, Clone, PartialEq)]
pub struct Cell {
    pub text: String,
    pub offset: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Fence {
    /// Line of the opening backticks.
    pub line: u64,
    /// Line of the closing backticks (the last line of the file when unclosed).
    pub end_line: u64,
    pub lang: String,
    /// Body lines with the fence's indentation removed, each with its line number.
    pub body: Vec<(u64, String)>,
    /// Title of the admonition the fence sits in.
    pub admonition: Option<String>,
    /// Text of the list item the fence belongs to (`Backend Parameters:`).
    pub item: Option<String>,
}

impl Fence {
    pub fn text(&self) -> String {
        let mut s = String::new();
        for (_, l) in &self.body {
            s.push_str(l);
            s.push('\n');
        }
        s
    }
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// `???+ tip "Serving Command"` → ("tip", "Serving Command").
fn admonition(trimmed: &str) -> Option<(String, String)> {
    let rest = trimmed
        .strip_prefix("???+")
        .or_else(|| trimmed.strip_prefix("???"))
        .or_else(|| trimmed.strip_prefix("!!!"))?;
    if !rest.starts_with(' ') {
        return None;
    }
    let rest = rest.trim();
    let (kind, title) = match rest.find('"') {
        Some(q) => {
            let title = rest[q + 1..].trim_end().trim_end_matches('"');
            (rest[..q].trim(), title)
        }
        None => (rest, ""),
    };
    Some((kind.to_owned(), title.to_owned()))
}

fn heading(line: &str) -> Option<(usize, String)> {
    // Cut where the marks end rather than at a count of them: a byte offset is only safe
    // to slice at when a search found it.
    let rest = line.trim_start_matches('#');
    let level = line.len() - rest.len();
    if level == 0 || level > 6 {
        return None;
    }
    if !rest.starts_with(' ') && !rest.is_empty() {
        return None;
    }
    // Titles written by a renderer that escapes HTML (`&amp;&amp;`) mean the plain text.
    let title = rest.trim().trim_end_matches('#').trim();
    Some((level, decode_entities(title)))
}

/// The five entities an HTML-escaping renderer writes.
pub fn decode_entities(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

fn list_item(trimmed: &str) -> Option<&str> {
    if let Some(rest) = trimmed
        .strip_prefix("- ")
        .or_else(|| trimmed.strip_prefix("* "))
    {
        return Some(rest.trim());
    }
    let after_digits = trimmed.trim_start_matches(|c: char| c.is_ascii_digit());
    if after_digits.len() < trimmed.len() {
        if let Some(rest) = after_digits.strip_prefix(". ") {
            return Some(rest.trim());
        }
    }
    None
}

fn table_cells(raw: &str) -> Vec<Cell> {
    let mut cells = Vec::new();
    let start = raw.find('|').map_or(0, |i| i + 1);
    let mut offset = start;
    let body = &raw[start..];
    let body = body.strip_suffix('|').unwrap_or(body);
    for part in body.split('|') {
        let lead = part.len() - part.trim_start().len();
        cells.push(Cell {
            text: part.trim().to_owned(),
            offset: offset + lead,
        });
        offset += part.len() + 1;
    }
    cells
}

/// A `|---|:---:|` separator row.
fn is_separator(cells: &[Cell]) -> bool {
    !cells.is_empty()
        && cells
            .iter()
            .all(|c| !c.text.is_empty() && c.text.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
}

struct OpenFence {
    fence: Fence,
    indent: usize,
    ticks: usize,
}

/// Walks the text once. Unclosed fences end at the end of the file.
pub fn items(text: &str) -> Vec<Item> {
    let lines = Lines::new(text);
    let mut out = Vec::new();
    let mut open: Option<OpenFence> = None;
    // Admonitions and list items own the more indented lines that follow them.
    let mut admonitions: Vec<(usize, String)> = Vec::new();
    let mut last_item: Option<(usize, String)> = None;
    for i in 0..lines.len() {
        let raw = lines.get(i).unwrap_or("");
        let line_no = i as u64 + 1;
        let trimmed = raw.trim_start();
        let indent = indent_of(raw);
        if let Some(f) = open.as_mut() {
            let ticks = trimmed.chars().take_while(|c| *c == '`').count();
            if ticks >= f.ticks && trimmed.trim_end().len() == ticks {
                f.fence.end_line = line_no;
                if let Some(f) = open.take() {
                    out.push(Item::Fence(f.fence));
                }
            } else {
                let cut = indent.min(f.indent);
                // Indentation is counted in bytes; a wide space must not be cut in half.
                let body = raw.get(cut..).unwrap_or(trimmed);
                f.fence.body.push((line_no, body.to_owned()));
            }
            continue;
        }
        if trimmed.is_empty() {
            continue;
        }
        admonitions.retain(|(ind, _)| indent > *ind);
        if last_item.as_ref().is_some_and(|(ind, _)| indent <= *ind) {
            last_item = None;
        }
        if trimmed.starts_with("```") {
            let info = trimmed.trim_start_matches('`');
            let ticks = trimmed.len() - info.len();
            open = Some(OpenFence {
                fence: Fence {
                    line: line_no,
                    end_line: line_no,
                    lang: info.trim().to_owned(),
                    body: Vec::new(),
                    admonition: admonitions.last().map(|(_, t)| t.clone()),
                    item: last_item.as_ref().map(|(_, t)| t.clone()),
                },
                indent,
                ticks,
            });
            continue;
        }
        if indent < 4 {
            if let Some((level, title)) = heading(trimmed) {
                admonitions.clear();
                last_item = None;
                out.push(Item::Heading {
                    line: line_no,
                    level,
                    title,
                });
                continue;
            }
        }
        if let Some((kind, title)) = admonition(trimmed) {
            admonitions.push((indent, title.clone()));
            out.push(Item::Admonition {
                line: line_no,
                indent,
                kind,
                title,
            });
            continue;
        }
        if trimmed.starts_with('|') {
            let cells = table_cells(raw);
            if !is_separator(&cells) {
                out.push(Item::TableRow {
                    line: line_no,
                    raw: raw.to_owned(),
                    cells,
                });
            }
            continue;
        }
        if let Some(text) = list_item(trimmed) {
            last_item = Some((indent, text.to_owned()));
            out.push(Item::ListItem {
                line: line_no,
                indent,
                text: text.to_owned(),
            });
            continue;
        }
        out.push(Item::Text {
            line: line_no,
            indent,
            text: trimmed.trim_end().to_owned(),
        });
    }
    if let Some(mut f) = open {
        f.fence.end_line = lines.len() as u64;
        out.push(Item::Fence(f.fence));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "# Title\n\n## Results\n\n- Profile: `ShareGPT`\n- Backend Parameters:\n  ```bash\n  --a=1\n  ```\n\n??? info \"Benchmark result\"\n    ```\n    # comment, not a heading\n    x: 1\n    ```\n\n| A | B |\n|---|---|\n| **x** | 1 |\nResult: a > b\n";

    #[test]
    fn items_of_a_small_report() {
        let items = items(DOC);
        let kinds: Vec<String> = items
            .iter()
            .map(|i| match i {
                Item::Heading { level, .. } => format!("h{level}"),
                Item::Admonition { .. } => "adm".into(),
                Item::ListItem { .. } => "li".into(),
                Item::TableRow { .. } => "row".into(),
                Item::Fence(_) => "fence".into(),
                Item::Text { .. } => "text".into(),
            })
            .collect();
        assert_eq!(
            kinds,
            ["h1", "h2", "li", "li", "fence", "adm", "fence", "row", "row", "text"]
        );
        let Item::Fence(params) = &items[4] else {
            panic!()
        };
        assert_eq!(params.item.as_deref(), Some("Backend Parameters:"));
        assert_eq!(params.admonition, None);
        assert_eq!(params.body, vec![(8, "--a=1".to_owned())]);
        let Item::Fence(block) = &items[6] else {
            panic!()
        };
        assert_eq!(block.admonition.as_deref(), Some("Benchmark result"));
        assert_eq!(block.item, None);
        assert_eq!((block.line, block.end_line), (12, 15));
        assert_eq!(block.body[0].1, "# comment, not a heading");
        let Item::TableRow { cells, raw, .. } = &items[8] else {
            panic!()
        };
        assert_eq!(cells[0].text, "**x**");
        assert_eq!(&raw[cells[1].offset..cells[1].offset + 1], "1");
    }

    #[test]
    fn wide_spaces_in_a_fence_do_not_split_a_character() {
        let items = items("    ```\n\u{3000}\u{3000}x\n    ```\n");
        assert!(matches!(&items[0], Item::Fence(f) if f.body[0].1 == "x"));
    }

    #[test]
    fn unclosed_fence_runs_to_the_end() {
        let items = items("```\na\nb");
        assert!(matches!(&items[0], Item::Fence(f) if f.end_line == 3 && f.body.len() == 2));
    }
}
