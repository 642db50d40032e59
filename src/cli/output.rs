//! Where the CLI's outputs go: `-` is stdout, a file is written whole or not at all
//! (a temporary file renamed), and GitHub Actions' step summary is appended to.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;

use crate::model::frame::write_atomic;

/// `-` names stdout.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Writes `text` to `path` atomically; the error names the file.
pub fn write_file(path: &Path, text: &str) -> anyhow::Result<()> {
    write_atomic(path, |f| {
        f.write_all(text.as_bytes())
            .map_err(|e| crate::Error::io(path, e))
    })
    .with_context(|| crate::tr!("error-writing", path = path.display().to_string()))
}

/// Colour only on a terminal, and never when `NO_COLOR` is set (no-color.org).
pub fn colour_stdout() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

/// GitHub Actions sets `GITHUB_STEP_SUMMARY` to a file whose Markdown is shown on the
/// run's page; every step appends to it.
pub fn step_summary_file() -> Option<PathBuf> {
    std::env::var_os("GITHUB_STEP_SUMMARY")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

pub fn append_step_summary(path: &Path, md: &str) -> anyhow::Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .with_context(|| crate::tr!("error-opening-summary", path = path.display().to_string()))?;
    // A blank line keeps our verdict from gluing onto a previous step's last line.
    let sep = if f.metadata().map(|m| m.len()).unwrap_or(0) > 0 {
        "\n"
    } else {
        ""
    };
    f.write_all(format!("{sep}{md}").as_bytes())
        .with_context(|| crate::tr!("error-appending", path = path.display().to_string()))
}
