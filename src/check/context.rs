//! What the rules share while they read one report: the report, where its lines sit in
//! the text, each block's requested total, and the claims made so far. Building claims
//! from quoted values is in `recompute.rs`; tying a quote to a block in `tie.rs`.

use super::claim::Claim;
use super::grammar::Locator;
use crate::ingest::text::Lines;
use crate::published::{Block, Report};

pub(crate) struct Context<'r> {
    pub(crate) report: &'r Report,
    pub(crate) loc: Locator<'r>,
    /// The requested total of each block (its profile's, or its benchmark command's
    /// `--num-prompts`), when known.
    pub(crate) totals: Vec<Option<f64>>,
    pub(crate) claims: Vec<Claim>,
}

impl<'r> Context<'r> {
    pub(crate) fn new(report: &'r Report, text: &'r str, totals: Vec<Option<f64>>) -> Self {
        Context {
            report,
            loc: Locator {
                text,
                lines: Lines::new(text),
            },
            totals,
            claims: Vec::new(),
        }
    }

    pub(crate) fn block(&self, b: usize) -> &'r Block {
        &self.report.blocks[b]
    }

    pub(crate) fn push(&mut self, claim: Claim) {
        self.claims.push(claim);
    }

    /// The claims made, in line order (then by where in the line).
    pub(crate) fn into_claims(self) -> Vec<Claim> {
        let mut claims = self.claims;
        claims.sort_by_key(|c| (c.line, c.span.map_or(0, |s| s.0)));
        claims
    }
}
