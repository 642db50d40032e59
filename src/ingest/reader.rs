//! The contract every format reader implements. A reader looks at one file and either
//! says "not mine" (`Ok(None)`), returns the runs it found, or fails with the line and
//! what it expected there. Readers never see other files and never panic on bad bytes.

use std::path::Path;

use super::text::LineCounter;
use crate::error::Text;
use crate::model::{Format, Run};

/// One file's contents as readers see it.
pub struct Source<'a> {
    pub path: &'a Path,
    /// The file as text (invalid UTF-8 replaced), line ends untouched.
    pub text: &'a str,
    lines: LineCounter,
}

impl<'a> Source<'a> {
    pub fn new(path: &'a Path, text: &'a str) -> Self {
        Source {
            path,
            text,
            lines: LineCounter::default(),
        }
    }

    /// 1-based line number of a byte offset; cheapest when asked in increasing order.
    pub fn line_of(&self, offset: usize) -> u64 {
        self.lines.line_of(self.text, offset)
    }

    pub fn extension(&self) -> String {
        self.path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase()
    }

    pub fn file_name(&self) -> &str {
        self.path.file_name().and_then(|n| n.to_str()).unwrap_or("")
    }
}

/// A problem that does not stop the run from being reported, e.g. a truncated block.
#[derive(Debug, Clone, PartialEq)]
pub struct Warning {
    pub line: Option<u64>,
    /// Said again in the language of whoever prints it (`Localizer::text`).
    pub message: Text,
}

/// Why a file that a reader claimed could not be read: the line and what was expected.
#[derive(Debug, Clone, PartialEq)]
pub struct ParseError {
    pub line: Option<u64>,
    pub message: Text,
}

impl ParseError {
    pub fn new(line: Option<u64>, message: impl Into<Text>) -> Self {
        ParseError {
            line,
            message: message.into(),
        }
    }
}

/// What a reader found in one file. Runs carry their `format` and `line`; the driver
/// fills `source` and `run_index`.
#[derive(Debug, Default)]
pub struct Parsed {
    pub runs: Vec<Run>,
    pub warnings: Vec<Warning>,
}

pub type ReadResult = Result<Option<Parsed>, ParseError>;

pub trait Reader: Sync {
    /// The formats this reader can produce (used by `--format` to pick readers).
    fn formats(&self) -> &'static [Format];
    /// Reads the file, or returns `Ok(None)` when the file is not in this reader's format.
    fn read(&self, source: &Source) -> ReadResult;
}
