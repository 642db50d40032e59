//! `perflab completions SHELL` and `perflab man`: generated from the same clap definition
//! as the parser (git-cliff style), so they never drift from the flags.

use std::io::Write;

use clap::CommandFactory;

use super::args::{Cli, CompletionsArgs, ManArgs};
use super::Outcome;

/// Writes the completion script of `args.shell` for `perflab` on stdout.
pub fn completions(args: CompletionsArgs) -> anyhow::Result<Outcome> {
    let mut cmd = Cli::command();
    let mut out = std::io::stdout().lock();
    clap_complete::generate(args.shell, &mut cmd, "perflab", &mut out);
    out.flush()?;
    Ok(Outcome::Ok)
}

/// Writes the man page `perflab(1)` (roff) on stdout, or with `--out DIR` one page per
/// command into DIR (`perflab.1`, `perflab-ingest.1`, …).
pub fn man(args: ManArgs) -> anyhow::Result<Outcome> {
    let cmd = Cli::command();
    match args.out {
        Some(dir) => {
            std::fs::create_dir_all(&dir)?;
            clap_mangen::generate_to(cmd, &dir)?;
        }
        None => {
            let mut page = Vec::new();
            clap_mangen::Man::new(cmd).render(&mut page)?;
            std::io::stdout().lock().write_all(&page)?;
        }
    }
    Ok(Outcome::Ok)
}
