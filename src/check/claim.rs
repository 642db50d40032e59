//! A claim and what became of it: where a report made it, what it states, the value
//! recomputed from the blocks it quotes, and the verdict (holds, wrong, unverifiable).
//! The rules of `rules/` make claims; `output.rs` prints them.

use serde::Serialize;

/// Where a claim was made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimSource {
    SummarySentence,
    ResultLine,
    SummaryTable,
    ConclusionTable,
    /// A sentence of an author's before/after (a pull-request thread).
    Prose,
    /// A change cell of an author's before/after table.
    AuthorTable,
}

/// What a claim states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Quantity {
    /// A block's value quoted (`Total TPS = 11527.14`).
    Value,
    /// `faster by 5027.72 tok/s`, `reduced by 123.74 ms`.
    Difference,
    /// `(77.36%)`, `(+2.09%)`, `+284.0%`.
    PercentChange,
    /// `Success rate: 51.5%`.
    SuccessRate,
    /// `A is faster`, `reduced`, `A > B`.
    Order,
    /// The two runs compared are the fastest and the slowest of their experiment.
    Extremes,
    /// The optimized cell quotes the experiment's best valid variant.
    Best,
    /// The run quoted exists: a variant of that name, a block for that row.
    Block,
    /// `(1.26x faster)`: the slower value over the faster.
    Ratio,
    /// `-` in a summary's improvement column: the option gained nothing.
    NoGain,
    /// `+5.6..+10.8%`: the smallest and the largest change of some rows.
    Range,
    /// `no change`, `unchanged`: rows that did not move.
    Parity,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Claim {
    pub line: u64,
    pub source: ClaimSource,
    pub quantity: Quantity,
    /// The canonical column the claim is about, when it is about one.
    pub metric: Option<String>,
    /// The variant, row or pair the claim is made for, as the report names it.
    pub subject: String,
    /// As printed (`51.5`, `+2.09`, `vLLM > SGLang`).
    pub claimed: String,
    /// From the printed inputs, written like the claim; `None` when nothing could be
    /// recomputed (a block is missing).
    pub recomputed: Option<String>,
    /// Every value the printed inputs allow, when the claim is a number.
    pub range: Option<[f64; 2]>,
    pub holds: bool,
    /// `holds`, `wrong`, or `unverifiable`: nothing in the report's structure ties the
    /// claim to a block, or its block does not print the value (neither holds nor wrong).
    pub verdict: Verdict,
    /// Lines of the block values the claim was recomputed from.
    pub inputs: Vec<u64>,
    /// Byte range of the claimed number in the report's text.
    #[serde(skip)]
    pub span: Option<(usize, usize)>,
    /// Why an unverifiable claim was left unjudged, where more can be said than that
    /// nothing ties it to a result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<Unjudged>,
}

/// Why a claim with numbers beside it is neither held nor called wrong: no false alarm
/// is worth a found error (issue 39).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unjudged {
    /// The formula of the rest of its column misses it by one unit of its last digit:
    /// the author divided other values than the printed ones (unrounded means), or
    /// rounded twice; not a different formula.
    NearMiss,
    /// No reading gives it, and neither the other cells of its column nor the labels
    /// settle how the author computed.
    Unsettled,
    /// A direction said in words whose rows moved both ways, or not beyond their
    /// rounding.
    Mixed,
}

impl Unjudged {
    /// The message id of the reason (`check-unverifiable-<id>` in the locales).
    pub fn id(self) -> &'static str {
        match self {
            Unjudged::NearMiss => "check-unverifiable-near-miss",
            Unjudged::Unsettled => "check-unverifiable-unsettled",
            Unjudged::Mixed => "check-unverifiable-mixed",
        }
    }
}

/// What became of a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Holds,
    Wrong,
    /// Nothing ties the claim to a block (a row whose section has no run, a case the
    /// report never ran), or the block does not print the value: not checked.
    Unverifiable,
}

impl Verdict {
    pub(crate) fn of(holds: bool) -> Self {
        if holds {
            Verdict::Holds
        } else {
            Verdict::Wrong
        }
    }
}
