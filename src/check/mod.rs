//! `check`: recompute every number a published report claims from its own blocks, and
//! look at each block for numbers that cannot be right.
//!
//! The report is read by `published` (structure and blocks). Each rule of `rules/` finds
//! one kind of claim (`claim.rs`) through the sentence and cell shapes of `published::grammar`,
//! ties it to blocks (`tie.rs`, `names.rs`) and recomputes it (`recompute.rs`,
//! `formula.rs`) with the interval arithmetic of `published::interval`; `sanity.rs` lists
//! warnings about the blocks. The outcome, [`Checked`], is what the CLI prints (in
//! the user's language, `output.rs`) or dumps as JSON: a claim that does not hold fails
//! the check, warnings do not unless asked to.

mod claim;
mod context;
mod formula;
mod names;
mod output;
mod recompute;
mod requested;
mod rules;
mod sanity;
mod thread;
mod tie;

use std::path::Path;

use serde::Serialize;

pub use claim::{Claim, ClaimSource, Quantity, Unjudged, Verdict};
// The sentence and cell shapes, and interval arithmetic, are the reader's (`published`).
use crate::published::grammar;
pub use crate::published::grammar::en::metric_of_label;
pub use crate::published::interval;
// The conclusion table's rows are read by `published`; re-exported for callers of `check`.
pub use crate::published::{conclusion_rows, RowBlocks};
pub use output::{pair_text, render_json, render_text};
pub use sanity::{Finding, PEAK_OVER_MEAN_LIMIT};
pub use thread::{document_pair, DocumentPair, Mistake, Pair, PairedBy, SideSummary};

use crate::published::read_report;
use crate::{Error, Result};

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Checked {
    /// The report as the user named it.
    pub file: String,
    /// Benchmark blocks found.
    pub blocks: usize,
    /// Every claim found, in line order, whether it holds or not.
    pub claims: Vec<Claim>,
    /// Warnings, in line order.
    pub findings: Vec<Finding>,
    /// The before and after of an author's document (a pull-request thread), when its
    /// claims were checked against them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pair: Option<Pair>,
}

impl Checked {
    pub fn wrong(&self) -> impl Iterator<Item = &Claim> {
        self.claims.iter().filter(|c| c.verdict == Verdict::Wrong)
    }

    /// Claims nothing ties to a block that prints their value: neither holding nor wrong,
    /// and they do not fail the check.
    pub fn unverifiable(&self) -> impl Iterator<Item = &Claim> {
        self.claims
            .iter()
            .filter(|c| c.verdict == Verdict::Unverifiable)
    }

    /// Whether the report passes: no wrong claim, and no warning when `strict`.
    pub fn passes(&self, strict: bool) -> bool {
        self.wrong().next().is_none() && (!strict || self.findings.is_empty())
    }
}

/// Checks a report's text; `path` names it in messages.
pub fn check(path: &Path, text: &str) -> Result<Checked> {
    let read = read_report(path, text)?;
    let report = &read.report;
    let totals = requested::totals(report);
    let mut claims = rules::claims(report, text, totals.clone());
    // A document the report layouts find no claim in may still be an author's
    // before/after (a pull-request thread): its claims are read from its prose.
    let thread = if claims.is_empty() {
        thread::check(text)
    } else {
        thread::ThreadChecked::default()
    };
    if report.blocks.is_empty()
        && report.empty_results.is_empty()
        && thread.pair.is_none()
        && thread.claims.is_empty()
    {
        return Err(Error::parse(
            path,
            None,
            crate::msg!("check-error-no-blocks"),
        ));
    }
    claims.extend(thread.claims);
    let mut findings: Vec<Finding> = read
        .warnings
        .iter()
        .map(|w| Finding::Reader {
            line: w.line.unwrap_or(0),
            message: w.message.to_string(),
        })
        .collect();
    for (b, block) in report.blocks.iter().enumerate() {
        findings.extend(sanity::block_findings(block, totals[b]));
    }
    findings.extend(sanity::served_findings(report));
    findings.extend(report.empty_results.iter().map(|e| Finding::EmptyResult {
        line: e.line,
        text: e.text.clone(),
    }));
    findings.extend(thread.findings);
    findings.sort_by_key(Finding::line);
    Ok(Checked {
        file: path.display().to_string(),
        blocks: report.blocks.len(),
        claims,
        findings,
        pair: thread.pair,
    })
}
