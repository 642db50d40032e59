//! `check`: a published report read from the file the caller named, every claim it
//! makes recomputed from its own blocks (`crate::check`), and the outcome the terminal
//! text and the JSON are written from.

use std::io::Write;
use std::path::PathBuf;

use super::Env;
use crate::check::{self, Checked};
use crate::export::{unsupported, Exporter, Format, Style};
use crate::{Error, Result};

/// The flags of `perflab check`.
#[derive(Debug, Clone, Default)]
pub struct CheckRequest {
    /// A published report (Markdown with its benchmark blocks).
    pub path: PathBuf,
    /// Warnings fail the check too.
    pub strict: bool,
}

/// The claims checked and whether the report passes as the request asked.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckOutcome {
    pub checked: Checked,
    pub strict: bool,
}

impl CheckOutcome {
    /// No claim is wrong, and with `strict` no warning was found.
    pub fn passes(&self) -> bool {
        self.checked.passes(self.strict)
    }

    /// The exit code of the CLI: 1 when the report does not pass, else 0.
    pub fn exit_code(&self) -> i32 {
        if self.passes() {
            0
        } else {
            1
        }
    }
}

impl Exporter for CheckOutcome {
    fn formats(&self) -> &'static [Format] {
        &[Format::Terminal, Format::Json]
    }

    fn write(&self, format: Format, style: &Style<'_>, out: &mut dyn Write) -> Result<()> {
        let text = match format {
            // Wrong claims, warnings, then the line of counts, in the style's language.
            Format::Terminal => check::render_text(&self.checked, style.l10n),
            // Every claim and finding with its line; not localized.
            Format::Json => check::render_json(&self.checked)? + "\n",
            other => return Err(unsupported(other, style.l10n)),
        };
        out.write_all(text.as_bytes())
            .map_err(|e| Error::io("-", e))
    }
}

/// Reads and checks the report. A report that is not UTF-8 is read lossily: its
/// benchmark blocks are ASCII, and a stray byte in prose must not hide them.
pub fn run(request: &CheckRequest, _env: &Env) -> Result<CheckOutcome> {
    let bytes = std::fs::read(&request.path).map_err(|e| Error::io(&request.path, e))?;
    let text = String::from_utf8_lossy(&bytes);
    let checked = check::check(&request.path, &text)?;
    Ok(CheckOutcome {
        checked,
        strict: request.strict,
    })
}
