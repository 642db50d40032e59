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
mod table;
mod translate_cmd;

use std::io::Write;

use clap::Parser;

pub use args::{Cli, Command};

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
    let cli = match Cli::try_parse() {
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
            let _ = writeln!(std::io::stderr(), "perflab: {e:#}");
            Outcome::Error as i32
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<Outcome> {
    // The language is chosen before anything is printed: every message from here on,
    // errors included, is in the first language of `--lang`.
    let langs = crate::l10n::resolve_langs(&cli.lang)?;
    crate::l10n::set_message_language(langs[0]);
    match cli.command {
        Command::Ingest(a) => ingest_cmd::run(a),
        Command::Check(a) => check_cmd::run(a),
        Command::Import(a) => import_cmd::run(a),
        Command::Diff(a) => diff_cmd::run(a),
        Command::Translate(a) => translate_cmd::run(a, &langs),
        Command::Report(a) => report_cmd::run(a, &langs),
        Command::Compare(a) => compare_cmd::run(a),
        Command::Completions(a) => shell_cmd::completions(a),
        Command::Man(a) => shell_cmd::man(a),
        Command::Curves(a) => curves_cmd::run(a, langs[0]),
        Command::History(a) => history_cmd::run(a, &langs),
    }
}

/// `perflab ingest | head` closes the pipe early; that is not an error (ripgrep does the
/// same).
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
