//! One page bundle for every command that writes pages (`report`, `curves`,
//! `history report`): the Markdown, the HTML made from it through `templates/page.html`,
//! and the SVG charts both refer to, written by one function as `STEM.LANG.md`,
//! `STEM.LANG.html` and `charts/*.svg`, each file atomically.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use crate::model::frame::write_atomic;
use crate::{Error, Result};

/// A page in one language.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// The file name's stem: `report`, `curves`, `history`.
    pub stem: &'static str,
    pub lang: &'static str,
    pub markdown: String,
    pub html: String,
    /// Path relative to the output folder (`charts/conclusion.en.svg`) → SVG text.
    pub charts: BTreeMap<String, String>,
}

impl Page {
    pub fn markdown_name(&self) -> String {
        format!("{}.{}.md", self.stem, self.lang)
    }

    pub fn html_name(&self) -> String {
        format!("{}.{}.html", self.stem, self.lang)
    }
}

/// Writes `pages` under `out` and returns the files written, in order: each page's
/// Markdown, its HTML, then its charts.
pub fn write(out: &Path, pages: &[Page]) -> Result<Vec<PathBuf>> {
    std::fs::create_dir_all(out.join("charts")).map_err(|e| Error::io(out, e))?;
    let mut written = Vec::new();
    for page in pages {
        written.push(write_text(&out.join(page.markdown_name()), &page.markdown)?);
        written.push(write_text(&out.join(page.html_name()), &page.html)?);
        for (rel, svg) in &page.charts {
            written.push(write_text(&out.join(rel), svg)?);
        }
    }
    Ok(written)
}

/// Writes text atomically and returns the path.
pub fn write_text(path: &Path, text: &str) -> Result<PathBuf> {
    write_atomic(path, |f| {
        f.write_all(text.as_bytes()).map_err(|e| Error::io(path, e))
    })?;
    Ok(path.to_path_buf())
}
