//! A translation checked against its source: the same nodes (kind, line, number of
//! cells), fences byte for byte, the same inline code (commands, names) in each node,
//! the same numbers in each node, the same benchmark blocks with the same printed values
//! in order, and the same claims with the same verdicts from `check`. Each difference is
//! reported with its line; any difference fails `translate` (exit 1).

use std::path::Path;

use crate::check::{check, Claim};
use crate::published::inline::SpanKind;
use crate::published::{read_blocks_and_document, Document, Node};
use crate::Result;

/// One way the translation differs from its source, at a line of the source.
#[derive(Debug, Clone, PartialEq)]
pub struct Difference {
    pub line: u64,
    /// The message id of what differs (`translate-diff-numbers`, …).
    pub what: &'static str,
}

fn spans_of<'t>(node: &Node, text: &'t str, kind: SpanKind) -> Vec<&'t str> {
    node.regions
        .iter()
        .flat_map(|r| r.spans.iter())
        .filter(|s| s.kind == kind)
        .map(|s| &text[s.range.clone()])
        .collect()
}

fn lines_of<'t>(text: &'t str, node: &Node) -> Vec<&'t str> {
    text.lines()
        .skip(node.line.saturating_sub(1) as usize)
        .take((node.end_line + 1).saturating_sub(node.line) as usize)
        .collect()
}

fn compare_nodes(
    a: &Document,
    a_text: &str,
    b: &Document,
    b_text: &str,
    out: &mut Vec<Difference>,
) {
    if a.nodes.len() != b.nodes.len() {
        let line = a
            .nodes
            .iter()
            .zip(&b.nodes)
            .find(|(x, y)| x.kind != y.kind || x.line != y.line)
            .map_or(1, |(x, _)| x.line);
        out.push(Difference {
            line,
            what: "translate-diff-structure",
        });
        return;
    }
    for (x, y) in a.nodes.iter().zip(&b.nodes) {
        let at = |what| Difference { line: x.line, what };
        if x.kind != y.kind || x.line != y.line || x.regions.len() != y.regions.len() {
            out.push(at("translate-diff-structure"));
            continue;
        }
        if x.regions.is_empty() && lines_of(a_text, x) != lines_of(b_text, y) {
            out.push(at("translate-diff-fence"));
        }
        for kind in [SpanKind::Code, SpanKind::Url, SpanKind::Html] {
            if spans_of(x, a_text, kind) != spans_of(y, b_text, kind) {
                out.push(at("translate-diff-code"));
            }
        }
        let mut na = spans_of(x, a_text, SpanKind::Number);
        let mut nb = spans_of(y, b_text, SpanKind::Number);
        // A sentence may order its words, and so its numbers, otherwise.
        na.sort_unstable();
        nb.sort_unstable();
        if na != nb {
            out.push(at("translate-diff-numbers"));
        }
    }
}

/// What a claim is, without the words naming it: a translation renames the subject and
/// the variants a claim of order quotes (`Seqs 1024 > … > Seqs 2048`); the numbers, the
/// blocks it was recomputed from and the verdict stay.
fn claim_key(c: &Claim) -> String {
    let named = |t: &str| t.chars().any(char::is_alphabetic);
    let claimed = if named(&c.claimed) {
        ""
    } else {
        c.claimed.as_str()
    };
    let recomputed = c.recomputed.as_deref().filter(|r| !named(r));
    format!(
        "{}|{:?}|{:?}|{:?}|{}|{:?}|{:?}|{:?}",
        c.line, c.source, c.quantity, c.metric, claimed, recomputed, c.verdict, c.inputs
    )
}

/// The differences between `source` and its `translation` (empty: the same document).
pub fn verify(path: &Path, source: &str, translation: &str) -> Result<Vec<Difference>> {
    let (a_blocks, a) = read_blocks_and_document(path, source)?;
    let (b_blocks, b) = read_blocks_and_document(path, translation)?;
    let mut out = Vec::new();
    compare_nodes(&a, source, &b, translation, &mut out);
    let printed = |blocks: &[crate::published::Block]| -> Vec<Vec<(u64, String)>> {
        blocks
            .iter()
            .map(|bl| {
                let mut v: Vec<(u64, String)> = bl
                    .printed
                    .values()
                    .map(|p| (p.line, p.text.clone()))
                    .collect();
                v.sort();
                v
            })
            .collect()
    };
    let (pa, pb) = (printed(&a_blocks), printed(&b_blocks));
    if pa.len() != pb.len() {
        out.push(Difference {
            line: a_blocks.first().map_or(1, |bl| bl.line),
            what: "translate-diff-blocks",
        });
    } else {
        for (i, (x, y)) in pa.iter().zip(&pb).enumerate() {
            if x != y {
                out.push(Difference {
                    line: a_blocks[i].line,
                    what: "translate-diff-blocks",
                });
            }
        }
    }
    if !a_blocks.is_empty() {
        let ca = check(path, source)?;
        let cb = check(path, translation)?;
        // Claims of one line in any order: they are ordered by where their number
        // stands, and a translation orders its words otherwise.
        let keys = |claims: &[Claim]| {
            let mut k: Vec<(u64, String)> = claims.iter().map(|c| (c.line, claim_key(c))).collect();
            k.sort();
            k
        };
        let (ka, kb) = (keys(&ca.claims), keys(&cb.claims));
        if ka != kb {
            let line = ka
                .iter()
                .zip(&kb)
                .find(|(x, y)| x != y)
                .map_or_else(|| ka.get(kb.len()).map_or(1, |c| c.0), |(x, _)| x.0);
            out.push(Difference {
                line,
                what: "translate-diff-claims",
            });
        }
    }
    out.sort_by_key(|d| d.line);
    out.dedup();
    Ok(out)
}
