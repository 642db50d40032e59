//! `perflab import REPORT.md --out DIR`: write the study a published report describes,
//! and say what of the report it could not hold.

use std::io::Write;

use anyhow::Context;
use fluent_bundle::FluentValue;

use super::args::ImportArgs;
use super::Outcome;
use crate::import::{self, Imported, LostKind};
use crate::l10n::Localizer;

pub fn run(args: ImportArgs) -> anyhow::Result<Outcome> {
    let imported = read(&args.report)?;
    let written = imported.write(&args.out)?;
    let mut stdout = std::io::stdout().lock();
    if args.json {
        writeln!(stdout, "{}", serde_json::to_string_pretty(&imported.lost)?)?;
    } else {
        report_lost(
            &imported,
            &args.report.display().to_string(),
            crate::l10n::messages(),
        )?;
        for path in written.iter().filter(|p| p.ends_with("study.toml")) {
            writeln!(stdout, "{}", path.display())?;
        }
    }
    Ok(Outcome::Ok)
}

pub(super) fn read(path: &std::path::Path) -> anyhow::Result<Imported> {
    let bytes = std::fs::read(path)
        .with_context(|| crate::tr!("error-reading", path = path.display().to_string()))?;
    Ok(import::import(path, &String::from_utf8_lossy(&bytes))?)
}

fn kind_id(k: LostKind) -> &'static str {
    match k {
        LostKind::FreeText => "import-lost-free-text",
        LostKind::Image => "import-lost-image",
        LostKind::ServedModel => "import-lost-served-model",
        LostKind::AssumedProfile => "import-lost-assumed-profile",
        LostKind::AssumedCommand => "import-lost-assumed-command",
        LostKind::UnknownProfile => "import-lost-unknown-profile",
        LostKind::ExtraBlock => "import-lost-extra-block",
        LostKind::NoModel => "import-lost-no-model",
        LostKind::UnrankedLatency => "import-lost-unranked-latency",
    }
}

/// What could not be recovered, one line each on stderr: `REPORT:LINE: kind: text`.
pub(super) fn report_lost(imported: &Imported, file: &str, l: &Localizer) -> anyhow::Result<()> {
    let mut stderr = std::io::stderr().lock();
    for lost in &imported.lost {
        let msg = l.tr_args(
            kind_id(lost.kind),
            &[
                ("subject", FluentValue::from(lost.subject.as_str())),
                (
                    "value",
                    FluentValue::from(lost.value.as_deref().unwrap_or("")),
                ),
            ],
        );
        writeln!(stderr, "{file}:{}: {msg}", lost.line)?;
    }
    Ok(())
}
