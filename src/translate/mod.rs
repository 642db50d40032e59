//! `translate`: a published report given in another language as the same document.
//! The report is read into its document (`published::read_document`); each segment of
//! its text (`segment.rs`) is translated from, in order: the memory perflab ships
//! (`l10n::memory`), the user's memory file (`user_memory.rs`), an LLM
//! (`llm.rs`); else it stays in the source language and is counted. Only the segments'
//! bytes change: fences, blocks, inline code, URLs, HTML and everything between segments
//! are copied, so the output has the source's format and lines. The translation is then
//! checked against the source (`verify.rs`).

pub mod html;
pub mod llm;
pub mod segment;
pub mod user_memory;
pub mod verify;

use std::collections::BTreeMap;
use std::path::Path;

use crate::l10n::memory::Memory;
use crate::published::{language_of, read_blocks_and_document, NodeKind};
use crate::Result;

pub use llm::LlmConfig;
pub use segment::Segment;
pub use user_memory::{Pair, UserMemory};
pub use verify::Difference;

/// Where a segment's translation came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Source {
    /// The memory shipped in `locales/`.
    Shipped,
    /// The user's `--memory` file.
    User,
    /// The LLM, accepted and appended to the memory file.
    Llm,
    /// Left in the source language.
    Untranslated,
}

#[derive(Debug)]
pub struct Translated {
    pub from: &'static str,
    pub to: &'static str,
    pub text: String,
    /// The same, for the HTML page: untranslated segments wrapped in a marked span.
    pub marked: String,
    /// Every segment with where its translation came from.
    pub segments: Vec<(Segment, Source)>,
    /// LLM answers rejected (they lost a number, a code span or a URL twice).
    pub rejected: usize,
    pub differences: Vec<Difference>,
    /// The first and last line of each benchmark block printed without a fence (every
    /// block of a report that lost its Markdown): copied as they are, and preformatted on
    /// the HTML page.
    pub unfenced: Vec<(u64, u64)>,
    /// Segments in a third language, neither `from` nor `to` (English prose in a report
    /// detected as Chinese, asked for in Russian): nothing translates them, so they are
    /// left as they are and named, like untranslated ones.
    pub foreign: Vec<(Segment, &'static str)>,
}

impl Translated {
    pub fn count(&self, source: Source) -> usize {
        self.segments.iter().filter(|(_, s)| *s == source).count()
    }

    pub fn untranslated(&self) -> impl Iterator<Item = &Segment> {
        self.segments
            .iter()
            .filter(|(_, s)| *s == Source::Untranslated)
            .map(|(seg, _)| seg)
    }
}

pub struct Options<'a> {
    /// The report's language; detected from its letters when `None`.
    pub from: Option<&'static str>,
    pub to: &'static str,
    pub memory: &'a mut UserMemory,
    pub llm: Option<&'a LlmConfig>,
}

/// Translates the report `text` (`path` names it in messages). An LLM that fails after
/// its retries is an error, once the answers it gave are in the memory file.
pub fn translate(path: &Path, text: &str, opts: Options) -> Result<Translated> {
    let (_, doc) = read_blocks_and_document(path, text)?;
    // The language of the prose, not of the whole file: labels a tool printed in
    // Chinese inside a benchmark block made an English excerpt "Chinese", whose English
    // prose then was no segment at all ("0 segments", verified, exit 0, unchanged).
    let from = opts.from.unwrap_or_else(|| {
        let prose: Vec<&str> = doc
            .pieces(text)
            .iter()
            .map(|p| &text[p.range.clone()])
            .collect();
        language_of(&prose.join("\n"))
    });
    let to = opts.to;
    // A report that lost its Markdown has its blocks read as fences, but no backquotes
    // around them: for the page they are unfenced blocks too.
    let unfenced = doc
        .nodes
        .iter()
        .filter(|n| {
            n.kind == NodeKind::Block || (doc.plain && matches!(n.kind, NodeKind::Fence(_)))
        })
        .map(|n| (n.line, n.end_line))
        .collect();
    let segments = if from == to {
        Vec::new()
    } else {
        segment::segments(&doc, text, from)
    };
    let foreign = foreign_segments(&doc, text, from, to, &segments);
    let shipped = Memory::new(from, to)?;
    let mut found: Vec<Option<(String, Source)>> = segments
        .iter()
        .map(|s| {
            if let Some(t) = shipped.lookup(&s.text) {
                Some((t, Source::Shipped))
            } else {
                opts.memory
                    .get(to, &s.text)
                    .map(|t| (t.to_owned(), Source::User))
            }
        })
        .collect();
    let mut rejected = 0;
    let mut failure = None;
    if let Some(cfg) = opts.llm {
        // Each distinct text asked once, in document order.
        let mut asked: Vec<String> = Vec::new();
        for (s, f) in segments.iter().zip(&found) {
            if f.is_none() && !asked.contains(&s.text) {
                asked.push(s.text.clone());
            }
        }
        let (answers, failed) = llm::translate(cfg, from, to, &asked);
        failure = failed;
        let mut accepted: BTreeMap<&str, String> = BTreeMap::new();
        let mut pairs = Vec::new();
        for (text, answer) in asked.iter().zip(&answers) {
            match answer {
                Some(llm::Answer::Accepted(a)) => {
                    accepted.insert(text.as_str(), a.clone());
                    pairs.push(Pair {
                        lang: to.to_owned(),
                        source: text.clone(),
                        target: a.clone(),
                    });
                }
                Some(llm::Answer::Rejected) => rejected += 1,
                None => {}
            }
        }
        opts.memory.append(&pairs)?;
        for (s, f) in segments.iter().zip(found.iter_mut()) {
            if f.is_none() {
                *f = accepted
                    .get(s.text.as_str())
                    .map(|a| (a.clone(), Source::Llm));
            }
        }
    }
    if let Some(e) = failure {
        return Err(e);
    }
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut marked = String::with_capacity(out.capacity());
    let mut at = 0;
    let mut result = Vec::with_capacity(segments.len());
    for (s, f) in segments.into_iter().zip(found) {
        out.push_str(&text[at..s.range.start]);
        marked.push_str(&text[at..s.range.start]);
        match f {
            Some((t, source)) => {
                out.push_str(&t);
                marked.push_str(&t);
                result.push((s.clone(), source));
            }
            None => {
                out.push_str(&s.text);
                marked.push_str(&format!(
                    "<span class=\"untranslated\" lang=\"{from}\">{}</span>",
                    s.text
                ));
                result.push((s.clone(), Source::Untranslated));
            }
        }
        at = s.range.end;
    }
    out.push_str(&text[at..]);
    marked.push_str(&text[at..]);
    let differences = verify::verify(path, text, &out)?;
    Ok(Translated {
        from,
        to,
        text: out,
        marked,
        segments: result,
        rejected,
        differences,
        unfenced,
        foreign,
    })
}

/// The pieces holding words of a language other than `from` and `to`, which are not
/// already segments of `from` (a mixed piece goes to the translator whole), in order.
fn foreign_segments(
    doc: &crate::published::Document,
    text: &str,
    from: &str,
    to: &str,
    segments: &[Segment],
) -> Vec<(Segment, &'static str)> {
    let mut out: Vec<(Segment, &'static str)> = Vec::new();
    for lang in crate::l10n::LANGUAGES {
        if lang == from || lang == to {
            continue;
        }
        for s in segment::segments(doc, text, lang) {
            let taken = |r: &std::ops::Range<usize>| r.start < s.range.end && s.range.start < r.end;
            if !segments.iter().any(|t| taken(&t.range))
                && !out.iter().any(|(t, _)| taken(&t.range))
            {
                out.push((s, lang));
            }
        }
    }
    out.sort_by_key(|(s, _)| s.range.start);
    out
}
