//! A published report as one document: every node of its Markdown (heading, paragraph,
//! list item, table row, admonition, fence, image, inline HTML), with its lines and the
//! byte ranges of its inline text, each cut into spans (`inline.rs`); a fence knows the
//! benchmark block inside it. A report that lost its Markdown (the Russian reference) is
//! read line by line: tab-separated rows are tables, the blocks stay fences.
//!
//! Nothing here decides what the text means; `translate` walks the nodes' text,
//! `layout.rs` places blocks, `check` recomputes claims.

use std::ops::Range;

use super::blocks::Block;
use super::inline::{spans, Span, SpanKind};
use super::markdown::{items, Item};
use super::plain;
use crate::ingest::text::Lines;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NodeKind {
    Heading(usize),
    Paragraph,
    ListItem,
    TableRow,
    /// `??? info "Benchmark result"`, `!!! note`: its kind (`info`, `note`).
    Admonition(String),
    /// A fenced code block with its info string (`bash`, `yaml`, empty).
    Fence(String),
    /// A benchmark block printed without a fence (a vLLM result pasted as text): kept
    /// whole, as a fence is, and shown preformatted.
    Block,
    Image,
    Html,
}

/// A run of a node's inline text: its byte range in the report, and its spans (ranges
/// relative to the report too).
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    pub range: Range<usize>,
    pub spans: Vec<Span>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub kind: NodeKind,
    /// First and last line (1-based).
    pub line: u64,
    pub end_line: u64,
    /// The node's inline text: a heading's title, a list item's text, each cell of a
    /// row, an admonition's title. A fence has none: it is kept whole.
    pub regions: Vec<Region>,
    /// The benchmark block inside a fence, or the unfenced block the node is (index into
    /// the report's blocks).
    pub block: Option<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    pub nodes: Vec<Node>,
    /// Whether the report lost its Markdown (read line by line).
    pub plain: bool,
}

/// A piece of inline text between HTML tags, trimmed: the unit `translate` translates.
#[derive(Debug, Clone, PartialEq)]
pub struct Piece {
    pub line: u64,
    pub range: Range<usize>,
}

fn region(line_start: usize, line: &str, start: usize, end: usize) -> Option<Region> {
    let text = line.get(start..end)?;
    let lead = text.len() - text.trim_start().len();
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return None;
    }
    let base = line_start + start + lead;
    let spans = spans(trimmed)
        .into_iter()
        .map(|s| Span {
            kind: s.kind,
            range: base + s.range.start..base + s.range.end,
        })
        .collect();
    Some(Region {
        range: base..base + trimmed.len(),
        spans,
    })
}

/// Where a list item's text starts in its line (after `- `, `* ` or `12. `).
fn after_list_marker(line: &str) -> usize {
    let indent = line.len() - line.trim_start().len();
    let rest = &line[indent..];
    if rest.starts_with("- ") || rest.starts_with("* ") {
        return indent + 2;
    }
    let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if rest[digits..].starts_with(". ") {
        return indent + digits + 2;
    }
    indent
}

/// The title of `??? info "Title"`: the range between its quotes.
fn admonition_title(line: &str) -> Option<(usize, usize)> {
    let open = line.find('"')?;
    let close = line.rfind('"').filter(|&c| c > open)?;
    Some((open + 1, close))
}

fn block_in(blocks: &[Block], line: u64, end_line: u64) -> Option<usize> {
    blocks
        .iter()
        .position(|b| b.line >= line && b.line <= end_line)
}

/// Line `no` (1-based) and the byte offset it starts at.
fn line_at<'t>(lines: &Lines<'t>, text: &'t str, no: u64) -> Option<(usize, &'t str)> {
    let l = lines.get(no.checked_sub(1)? as usize)?;
    Some((l.as_ptr() as usize - text.as_ptr() as usize, l))
}

/// Reads `text` into its document; `blocks` are the benchmark blocks found in it.
pub fn read_document(text: &str, blocks: &[Block]) -> Document {
    let markdown = items(text);
    let plain = plain::is_plain(&markdown) && !blocks.is_empty();
    let lines = Lines::new(text);
    let start_of = |no: u64| line_at(&lines, text, no);
    let mut nodes = Vec::new();
    let source = if plain {
        // Read with the words of a language the plain reader knows (the same lines).
        match super::english::plain_in_english(text) {
            Some(english) => plain::items(&english),
            None => plain::items(text),
        }
    } else {
        markdown
    };
    if plain {
        let fences: Vec<(u64, u64)> = source
            .iter()
            .filter_map(|i| match i {
                Item::Fence(f) => Some((f.body.first().map_or(f.line, |b| b.0), f.end_line)),
                _ => None,
            })
            .collect();
        let mut no = 1u64;
        while (no as usize) <= lines.len() {
            if let Some(&(a, b)) = fences.iter().find(|(a, b)| no >= *a && no <= *b) {
                nodes.push(Node {
                    kind: NodeKind::Fence(String::new()),
                    line: a,
                    end_line: b,
                    regions: Vec::new(),
                    block: block_in(blocks, a, b),
                });
                no = b + 1;
                continue;
            }
            if let Some((s, l)) = start_of(no) {
                let (kind, regions) = if l.contains('\t') {
                    let mut regions = Vec::new();
                    let mut at = 0;
                    for cell in l.split('\t') {
                        regions.extend(region(s, l, at, at + cell.len()));
                        at += cell.len() + 1;
                    }
                    (NodeKind::TableRow, regions)
                } else {
                    (
                        NodeKind::Paragraph,
                        region(s, l, 0, l.len()).into_iter().collect(),
                    )
                };
                if !regions.is_empty() {
                    nodes.push(Node {
                        kind,
                        line: no,
                        end_line: no,
                        regions,
                        block: None,
                    });
                }
            }
            no += 1;
        }
        return Document { nodes, plain };
    }
    // Blocks outside every fence: their lines are one node, not paragraphs and
    // headings (`====` under a line is a setext heading to Markdown).
    let fenced: Vec<(u64, u64)> = source
        .iter()
        .filter_map(|i| match i {
            Item::Fence(f) => Some((f.line, f.end_line)),
            _ => None,
        })
        .collect();
    let mut unfenced = blocks
        .iter()
        .enumerate()
        .filter(|(_, b)| !fenced.iter().any(|&(a, z)| b.line >= a && b.line <= z))
        .map(|(i, b)| Node {
            kind: NodeKind::Block,
            line: b.line,
            end_line: b.end_line.max(b.line),
            regions: Vec::new(),
            block: Some(i),
        })
        .peekable();
    let mut inside: Option<(u64, u64)> = None;
    for item in &source {
        let no = item.line();
        while let Some(b) = unfenced.next_if(|b| b.line <= no) {
            inside = Some((b.line, b.end_line));
            nodes.push(b);
        }
        if inside.is_some_and(|(a, z)| no >= a && no <= z) {
            continue;
        }
        let Some((s, l)) = start_of(no) else {
            continue;
        };
        let node = |kind, regions: Vec<Region>| Node {
            kind,
            line: no,
            end_line: no,
            regions,
            block: None,
        };
        nodes.push(match item {
            Item::Fence(f) => Node {
                kind: NodeKind::Fence(f.lang.clone()),
                line: f.line,
                end_line: f.end_line,
                regions: Vec::new(),
                block: block_in(blocks, f.line, f.end_line),
            },
            Item::Heading { level, .. } => {
                let indent = l.len() - l.trim_start().len();
                let marks = l[indent..].len() - l[indent..].trim_start_matches('#').len();
                let body = l.trim_end().trim_end_matches('#');
                let end = body.len().max(indent + marks);
                node(
                    NodeKind::Heading(*level),
                    region(s, l, indent + marks, end).into_iter().collect(),
                )
            }
            Item::Admonition { kind, .. } => node(
                NodeKind::Admonition(kind.clone()),
                admonition_title(l)
                    .and_then(|(a, b)| region(s, l, a, b))
                    .into_iter()
                    .collect(),
            ),
            Item::ListItem { .. } => node(
                NodeKind::ListItem,
                region(s, l, after_list_marker(l), l.len())
                    .into_iter()
                    .collect(),
            ),
            Item::TableRow { cells, .. } => node(
                NodeKind::TableRow,
                cells
                    .iter()
                    .filter_map(|c| region(s, l, c.offset, c.offset + c.text.len()))
                    .collect(),
            ),
            Item::Text { text: t, .. } => {
                let kind = if t.starts_with("![") {
                    NodeKind::Image
                } else if t.starts_with('<') {
                    NodeKind::Html
                } else {
                    NodeKind::Paragraph
                };
                node(kind, region(s, l, 0, l.len()).into_iter().collect())
            }
        });
    }
    nodes.extend(unfenced);
    Document { nodes, plain }
}

impl Document {
    /// The pieces of inline text of every node, in order: each region cut at its HTML
    /// tags, trimmed, empty ones left out.
    pub fn pieces(&self, text: &str) -> Vec<Piece> {
        let mut out = Vec::new();
        for node in &self.nodes {
            for r in &node.regions {
                let mut start = r.range.start;
                let mut cuts: Vec<Range<usize>> = r
                    .spans
                    .iter()
                    .filter(|s| s.kind == SpanKind::Html)
                    .map(|s| s.range.clone())
                    .collect();
                cuts.push(r.range.end..r.range.end);
                for cut in cuts {
                    let piece = &text[start..cut.start];
                    let lead = piece.len() - piece.trim_start().len();
                    let trimmed = piece.trim();
                    if !trimmed.is_empty() {
                        let a = start + lead;
                        out.push(Piece {
                            line: node.line,
                            range: a..a + trimmed.len(),
                        });
                    }
                    start = cut.end;
                }
            }
        }
        out
    }
}

/// The language a report is written in, by its letters outside code: Cyrillic is `ru`,
/// Chinese characters `zh-CN`, anything else `en`.
pub fn language_of(text: &str) -> &'static str {
    let (mut cyrillic, mut han) = (0usize, 0usize);
    for c in text.chars() {
        match c {
            '\u{0400}'..='\u{04FF}' => cyrillic += 1,
            '\u{4E00}'..='\u{9FFF}' => han += 1,
            _ => {}
        }
    }
    if cyrillic >= 20 && cyrillic >= han {
        "ru"
    } else if han >= 20 {
        "zh-CN"
    } else {
        "en"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "# Optimizing X Throughput\n\n- Profile: `ShareGPT`\n\n??? info \"Benchmark result\"\n    ```\n    a: 1\n    ```\n\n| **A** | Total TPS: 1 <span>(+2%)</span><br>x |\n|---|---|\n";

    #[test]
    fn nodes_regions_and_pieces() {
        let doc = read_document(DOC, &[]);
        let kinds: Vec<&NodeKind> = doc.nodes.iter().map(|n| &n.kind).collect();
        assert_eq!(
            kinds,
            [
                &NodeKind::Heading(1),
                &NodeKind::ListItem,
                &NodeKind::Admonition("info".into()),
                &NodeKind::Fence(String::new()),
                &NodeKind::TableRow,
            ]
        );
        let pieces: Vec<&str> = doc
            .pieces(DOC)
            .iter()
            .map(|p| &DOC[p.range.clone()])
            .collect();
        assert_eq!(
            pieces,
            [
                "Optimizing X Throughput",
                "Profile: `ShareGPT`",
                "Benchmark result",
                "**A**",
                "Total TPS: 1",
                "(+2%)",
                "x"
            ]
        );
    }

    /// A vLLM block pasted without a fence (a real write-up) is one node: no paragraph
    /// of its value lines, no heading of its `====` rules.
    #[test]
    fn an_unfenced_block_is_one_node() {
        let text = include_str!(
            "../../fixtures/corpus/vllm-bench-serve-specdecode-e2el-dgx-spark-run-I.md"
        );
        let (_, doc) =
            crate::published::read_blocks_and_document(std::path::Path::new("x.md"), text).unwrap();
        let blocks: Vec<(u64, u64)> = doc
            .nodes
            .iter()
            .filter(|n| n.kind == NodeKind::Block)
            .map(|n| (n.line, n.end_line))
            .collect();
        assert_eq!(blocks, [(17, 67)]);
        assert!(doc
            .nodes
            .iter()
            .all(|n| n.kind == NodeKind::Block || n.line < 17 || n.line > 67));
        let lines: Vec<u64> = doc.nodes.iter().map(|n| n.line).collect();
        assert!(lines.windows(2).all(|w| w[0] < w[1]), "{lines:?}");
    }
}
