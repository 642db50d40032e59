//! A published performance report read as data. GPUStack's performance-lab reports are
//! Markdown with the raw benchmark blocks inside (indented in `??? info` admonitions):
//! [`read_report`] finds the blocks with the ingest readers (`blocks.rs`, which also keeps
//! how each value was printed), walks the Markdown (`markdown.rs`) and places every block
//! in the report's structure (`layout.rs`): setup, profiles, experiments and variants,
//! the cases run on every profile, and the tables that quote them; `conclusion.rs` ties
//! the conclusion table's rows to their blocks, through the cell shapes of `grammar/`
//! and the interval arithmetic of `interval.rs`. `check` recomputes
//! what the report claims from this; `import` writes it out as a study.
//!
//! [`read_document`] gives the whole document (`document.rs`): every node with its lines
//! and inline spans, which `translate` walks. A report in another language than English
//! is read with the English layout's words (`english.rs`, the shipped translation
//! memory backwards), so that `check` finds the same claims in a translation.

mod blocks;
pub(crate) mod conclusion;
mod document;
mod english;
pub(crate) mod grammar;
pub mod inline;
pub mod interval;
mod layout;
mod markdown;
mod number;
mod plain;

use std::path::Path;

pub use blocks::{Block, PrintedValue};
pub use conclusion::{conclusion_metric, conclusion_rows, RowBlocks};
pub use document::{language_of, read_document, Document, Node, NodeKind, Piece, Region};
pub use english::{in_english, plain_in_english};
pub(crate) use layout::split_args;
pub use layout::{
    engine_of_command, normalize_name, served_model, Case, CaseSide, Engine, Experiment, Located,
    Note, Params, Profile, Report, Role, Row, Served, Table, Variant,
};
pub use markdown::{decode_entities, items, Cell, Fence, Item};
pub use number::PrintedNumber;

use crate::ingest::Warning;

/// A report and the warnings its blocks' readers gave (a block cut short).
#[derive(Debug, Clone, PartialEq)]
pub struct ReadReport {
    pub report: Report,
    pub warnings: Vec<Warning>,
}

/// Reads a published report's text. Fails only when a block is malformed (with its
/// line); a report without blocks reads as an empty structure.
pub fn read_report(path: &Path, text: &str) -> crate::Result<ReadReport> {
    let (blocks, warnings) = blocks::read_blocks(path, text)?;
    let english;
    let text = match in_english(text, &blocks) {
        Some(t) => {
            english = t;
            english.as_str()
        }
        None => text,
    };
    let markdown = items(text);
    // A report that lost its Markdown is read by its words and shapes instead.
    let items = if plain::is_plain(&markdown) && !blocks.is_empty() {
        match english::plain_in_english(text) {
            Some(english) => plain::items(&english),
            None => plain::items(text),
        }
    } else {
        markdown
    };
    let report = layout::build(&items, blocks);
    Ok(ReadReport { report, warnings })
}

/// Reads a published report's blocks and its document (for `translate`).
pub fn read_blocks_and_document(path: &Path, text: &str) -> crate::Result<(Vec<Block>, Document)> {
    let (blocks, _) = blocks::read_blocks(path, text)?;
    let document = read_document(text, &blocks);
    Ok((blocks, document))
}
