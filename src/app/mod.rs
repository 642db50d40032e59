//! The application layer: one module per command, each a `run(Request, &Env) -> Outcome`
//! that computes what the command prints (cargo's `ops`, ripgrep's `core`). The CLI turns
//! flags into a request and the outcome into output; a library user or the Python
//! binding calls the same `run`. Nothing here reads flags, prints to stdout, or looks
//! for files the caller did not name.

pub mod check;
pub mod compare;
pub mod curves;
pub mod diff;
pub mod fetch;
pub mod history;
pub mod import;
pub mod ingest;
pub mod load;
pub mod report;
pub mod translate;

use std::sync::Mutex;

use crate::config::Config;
use crate::l10n::Localizer;

/// What every command runs in: the words of its messages, the configuration it was
/// given, and where its warnings go.
pub struct Env {
    pub l10n: Localizer,
    pub config: Config,
    pub reporter: Box<dyn Reporter>,
}

impl Env {
    /// An environment in `lang` with the given configuration whose warnings are kept
    /// and not shown; to read them, give it a shared list:
    /// `Env::new(..)?.with_reporter(Box::new(list.clone()))` with `list` an
    /// `Arc<Collected>`, then [`Collected::take`].
    pub fn new(lang: &str, config: Config) -> crate::Result<Env> {
        Ok(Env {
            l10n: Localizer::new(lang)?,
            config,
            reporter: Box::new(Collected::default()),
        })
    }

    pub fn with_reporter(mut self, reporter: Box<dyn Reporter>) -> Env {
        self.reporter = reporter;
        self
    }

    /// A library error in this environment's language.
    pub fn error_text(&self, e: &crate::Error) -> String {
        error_text(e, &self.l10n)
    }

    /// Reports a warning about a place (`FILE` or `FILE:LINE`) in the user's language.
    pub fn warn(&self, place: &str, message: &str) {
        let line = self.l10n.tr_args(
            "warning-at",
            &[
                ("place", place.to_owned().into()),
                ("message", message.to_owned().into()),
            ],
        );
        self.reporter.report(&line);
    }
}

/// One library error as perflab prints it: an operating system's reason in the user's
/// language ("нет такого файла или каталога" under `--lang ru`, not Rust's English).
pub fn error_text(e: &crate::Error, l10n: &Localizer) -> String {
    match e {
        crate::Error::Io { path, reason } => {
            format!("{}: {}", path.display(), io_reason(reason, l10n))
        }
        crate::Error::Parse {
            path,
            line,
            message,
        } => {
            let line = line.map(|l| format!(":{l}")).unwrap_or_default();
            format!("{}{line}: {}", path.display(), l10n.text(message))
        }
        crate::Error::Usage(message) => l10n.text(message),
        crate::Error::NoRuns(found) => {
            crate::ingest::no_runs_text(found, &|id, args| l10n.tr_args(id, args))
        }
        crate::Error::NotARun { path, kind, .. } => {
            let id = format!("ingest-kind-{}", kind.message_id());
            format!("{}: {}", path.display(), l10n.tr(&id))
        }
        other => other.to_string(),
    }
}

/// An OS error's reason in `l10n`'s language, with its number (`(os error 2)`) kept for
/// searching; an error of no known kind keeps its own text.
pub fn io_reason(e: &std::io::Error, l10n: &Localizer) -> String {
    use std::io::ErrorKind as K;
    let id = match e.kind() {
        K::NotFound => "io-not-found",
        K::PermissionDenied => "io-permission-denied",
        K::IsADirectory => "io-is-a-directory",
        K::NotADirectory => "io-not-a-directory",
        K::AlreadyExists => "io-already-exists",
        K::StorageFull => "io-storage-full",
        K::ReadOnlyFilesystem => "io-read-only",
        K::Interrupted => "io-interrupted",
        _ => return e.to_string(),
    };
    let reason = l10n.tr(id);
    match e.raw_os_error() {
        Some(code) => l10n.tr_args(
            "io-with-code",
            &[("reason", reason.into()), ("code", code.to_string().into())],
        ),
        None => reason,
    }
}

/// Where a command's warnings and notes go: stderr for the CLI, a list for a library
/// caller. Lines arrive whole and localized.
pub trait Reporter: Send + Sync {
    fn report(&self, line: &str);

    /// A line about the user's input that names its own place, as a compiler prints
    /// it (`REPORT:LINE: …`): the CLI prints it without its `perflab: ` prefix.
    fn finding(&self, line: &str) {
        self.report(line);
    }
}

/// The CLI's reporter: `perflab: LINE` on stderr.
pub struct Stderr;

impl Reporter for Stderr {
    fn report(&self, line: &str) {
        use std::io::Write;
        let _ = writeln!(std::io::stderr().lock(), "perflab: {line}");
    }

    fn finding(&self, line: &str) {
        use std::io::Write;
        let _ = writeln!(std::io::stderr().lock(), "{line}");
    }
}

/// Keeps every line, in order, for the caller to read.
#[derive(Default)]
pub struct Collected(Mutex<Vec<String>>);

impl Collected {
    pub fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl Reporter for Collected {
    fn report(&self, line: &str) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(line.to_owned());
    }
}

/// A shared [`Collected`] can be handed to an [`Env`] and still be read by its owner.
impl Reporter for std::sync::Arc<Collected> {
    fn report(&self, line: &str) {
        self.as_ref().report(line);
    }

    fn finding(&self, line: &str) {
        self.as_ref().finding(line);
    }
}
