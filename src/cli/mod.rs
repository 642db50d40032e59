//! Command-line front end: clap definitions (`args`) and one function per command. Each
//! command returns an [`Outcome`]; `main` prints errors as `perflab: FILE:LINE: ...` and
//! turns the outcome into the exit code.

mod args;
mod check_cmd;
mod compare_cmd;
mod curves_cmd;
mod diff_cmd;
mod history_cmd;
mod import_cmd;
mod ingest_cmd;
mod report_cmd;
mod shell_cmd;
mod translate_cmd;

use std::io::Write;

use clap::Parser;

pub use args::{Cli, Command};

use crate::app::Env;

/// What a command concluded, as the exit code says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Ok = 0,
    /// A regression was found or a check failed.
    Failed = 1,
    /// Bad input or usage.
    Error = 2,
}

pub fn main() -> i32 {
    main_from(std::env::args_os())
}

/// The CLI on `args` (the program's name first), as the Python package's `perflab`
/// script runs it.
pub fn main_from<I, T>(args: I) -> i32
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                Outcome::Error as i32
            } else {
                0
            };
        }
    };
    match run(cli) {
        Ok(outcome) => outcome as i32,
        Err(e) if is_broken_pipe(&e) => 0,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "perflab: {}", message(&e));
            Outcome::Error as i32
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<Outcome> {
    // The language is chosen before anything is printed: every message from here on,
    // errors included, is in the first language of `--lang`. `translate`'s `--lang` names
    // the languages to translate into, not the reader's (who translates into a language
    // they do not read): its messages follow PERFLAB_LANG, else the locale, else English.
    let langs = crate::l10n::resolve_langs(&cli.lang)?;
    let message_lang = match cli.command {
        Command::Translate(_) => crate::l10n::resolve_lang(None)?,
        _ => langs[0],
    };
    crate::l10n::set_message_language(message_lang);
    // The configuration is read once, from `--config` or `./perflab.toml`, and only by
    // the commands that use it (a broken file does not stop `perflab man`).
    let env = || -> anyhow::Result<Env> {
        let config = crate::config::Config::discover(cli.config.as_deref())?;
        Ok(Env::new(message_lang, config)?.with_reporter(Box::new(crate::app::Stderr)))
    };
    // A command that reads no configuration is not stopped by a broken one.
    let bare_env = || -> anyhow::Result<Env> {
        let config = crate::config::Config::default();
        Ok(Env::new(message_lang, config)?.with_reporter(Box::new(crate::app::Stderr)))
    };
    match cli.command {
        Command::Ingest(a) => ingest_cmd::run(a, &env()?),
        Command::Check(a) => check_cmd::run(a, &bare_env()?),
        Command::Import(a) => import_cmd::run(a, &bare_env()?),
        Command::Diff(a) => diff_cmd::run(a, &env()?),
        Command::Translate(a) => translate_cmd::run(a, &langs, &bare_env()?),
        Command::Report(a) => report_cmd::run(a, &langs, &env()?),
        Command::Compare(a) => compare_cmd::run(a, &env()?),
        Command::Completions(a) => shell_cmd::completions(a),
        Command::Man(a) => shell_cmd::man(a),
        Command::Curves(a) => curves_cmd::run(a, &env()?),
        Command::History(a) => history_cmd::run(a, &langs, &env()?),
    }
}

/// `perflab ingest | head` closes the pipe early; that is not an error (ripgrep does the
/// same). The library's own I/O error keeps the OS error as its reason, not as its
/// source, so it is looked at too: `diff --json | head -1` exited 2 on it.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
            || c.downcast_ref::<crate::Error>()
                .is_some_and(is_broken_pipe_error)
    })
}

/// Whether `e` is a write to a reader that went away.
pub(crate) fn is_broken_pipe_error(e: &crate::Error) -> bool {
    matches!(e, crate::Error::Io { reason, .. } if reason.kind() == std::io::ErrorKind::BrokenPipe)
}

/// The error chain as `{:#}` prints it (`context: cause: …`), with the operating
/// system's reasons in the user's language: a missing file reads "нет такого файла или
/// каталога" under `--lang ru`, not Rust's English "No such file or directory (os error 2)".
fn message(e: &anyhow::Error) -> String {
    let l10n = crate::l10n::messages();
    let mut parts = Vec::new();
    for cause in e.chain() {
        let part = match cause.downcast_ref::<crate::Error>() {
            Some(e) => crate::app::error_text(e, l10n),
            None => match cause.downcast_ref::<std::io::Error>() {
                Some(io) => crate::app::io_reason(io, l10n),
                None => cause.to_string(),
            },
        };
        parts.push(part);
    }
    parts.join(": ")
}
