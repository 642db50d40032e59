//! One exporter design, after hyperfine's `export/`: a command's outcome is a view model
//! that writes itself in the [`Format`]s it has ([`Exporter`]), and one manager puts the
//! text where the user asked ([`Destination`]): `-` is stdout, a file is written whole
//! or not at all (a temporary file renamed), and GitHub Actions' step summary is
//! appended to. The CLI, the Python binding and a library caller all go through it.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::l10n::Localizer;
use crate::model::frame::write_atomic;
use crate::render::templates::Templates;
use crate::{Error, Result};

/// Every way perflab writes an outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// A table for a person at a terminal, fitted to its width.
    Terminal,
    /// GitHub-flavoured Markdown: a pull-request comment, a step summary, a page.
    Markdown,
    /// A self-contained page through `templates/page.html` and `page.css`.
    Html,
    /// Typed JSON for machines: not localized, numbers unrounded.
    Json,
    /// JUnit XML: each rule on each pair a test case.
    Junit,
    /// One row per record, for spreadsheets.
    Csv,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Terminal => "terminal",
            Format::Markdown => "markdown",
            Format::Html => "html",
            Format::Json => "json",
            Format::Junit => "junit",
            Format::Csv => "csv",
        }
    }
}

/// What a rendering needs besides the outcome: the words, the templates (the user's
/// `--templates` over the embedded ones) and the terminal.
pub struct Style<'a> {
    pub l10n: &'a Localizer,
    pub templates: &'a Templates,
    /// Columns a terminal table fits into; `None`: whole lines (a pipe, a file).
    pub width: Option<u16>,
    /// ANSI colour in terminal output.
    pub colour: bool,
}

impl<'a> Style<'a> {
    /// Whole lines, never fitted to a terminal nor coloured: text for a pipe, a file or a
    /// page.
    pub fn plain(l10n: &'a Localizer, templates: &'a Templates) -> Self {
        Style {
            l10n,
            templates,
            width: None,
            colour: false,
        }
    }
}

/// An outcome that can be written. `write` streams (a long table is written a row at a
/// time); `export` collects the text.
pub trait Exporter {
    /// The formats this outcome has, in the order a help text lists them.
    fn formats(&self) -> &'static [Format];

    fn write(&self, format: Format, style: &Style<'_>, out: &mut dyn Write) -> Result<()>;

    fn export(&self, format: Format, style: &Style<'_>) -> Result<String> {
        let mut buf = Vec::new();
        self.write(format, style, &mut buf)?;
        String::from_utf8(buf).map_err(|e| Error::Render(e.to_string()))
    }
}

/// The error for a format an outcome does not have.
pub fn unsupported(format: Format, l10n: &Localizer) -> Error {
    Error::usage(l10n.tr_args(
        "error-format-unsupported",
        &[("format", format.name().into())],
    ))
}

/// Where an output goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    Stdout,
    /// Written atomically: a reader never sees half a file, a failure leaves the old one.
    File(PathBuf),
}

impl Destination {
    /// `-` names stdout.
    pub fn from_arg(path: &Path) -> Self {
        if is_stdout(path) {
            Destination::Stdout
        } else {
            Destination::File(path.to_path_buf())
        }
    }

    pub fn is_stdout(&self) -> bool {
        matches!(self, Destination::Stdout)
    }

    /// Writes what `fill` writes; the error names the file.
    pub fn write_with(&self, fill: impl FnOnce(&mut dyn Write) -> Result<()>) -> Result<()> {
        match self {
            Destination::Stdout => {
                let stdout = std::io::stdout();
                let mut out = std::io::BufWriter::new(stdout.lock());
                fill(&mut out)?;
                out.flush().map_err(|e| Error::io("-", e))
            }
            Destination::File(path) => write_atomic(path, |f| {
                let mut out = std::io::BufWriter::new(f);
                fill(&mut out)?;
                out.flush().map_err(|e| Error::io(path, e))
            }),
        }
    }

    pub fn write_text(&self, text: &str) -> Result<()> {
        let at = self.clone();
        self.write_with(|out| {
            out.write_all(text.as_bytes()).map_err(|e| match &at {
                Destination::File(p) => Error::io(p, e),
                Destination::Stdout => Error::io("-", e),
            })
        })
    }

    /// `outcome` in `format`, streamed.
    pub fn export(&self, outcome: &dyn Exporter, format: Format, style: &Style<'_>) -> Result<()> {
        self.write_with(|out| outcome.write(format, style, out))
    }
}

/// `-` names stdout.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
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

/// Appends `md` to the step summary, a blank line after a previous step's text.
pub fn append_step_summary(path: &Path, md: &str) -> Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| Error::io(path, e))?;
    // A blank line keeps our verdict from gluing onto a previous step's last line.
    let sep = if f.metadata().map(|m| m.len()).unwrap_or(0) > 0 {
        "\n"
    } else {
        ""
    };
    f.write_all(format!("{sep}{md}").as_bytes())
        .map_err(|e| Error::io(path, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Two;

    impl Exporter for Two {
        fn formats(&self) -> &'static [Format] {
            &[Format::Markdown]
        }

        fn write(&self, format: Format, style: &Style<'_>, out: &mut dyn Write) -> Result<()> {
            match format {
                Format::Markdown => out.write_all(b"# two\n").map_err(|e| Error::io("-", e)),
                other => Err(unsupported(other, style.l10n)),
            }
        }
    }

    #[test]
    fn a_file_is_written_whole_and_a_missing_format_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.md");
        let l10n = Localizer::new("en").unwrap();
        let templates = Templates::new(None).unwrap();
        let style = Style {
            l10n: &l10n,
            templates: &templates,
            width: Some(80),
            colour: false,
        };
        let dest = Destination::from_arg(&path);
        dest.export(&Two, Format::Markdown, &style).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "# two\n");
        let err = dest.export(&Two, Format::Junit, &style).unwrap_err();
        assert!(err.to_string().contains("junit"), "{err}");
        // The failed export left the earlier file as it was.
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "# two\n");
        assert!(Destination::from_arg(Path::new("-")).is_stdout());
    }
}
