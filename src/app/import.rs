//! `import`: a published report read back into the study it describes, with what of the
//! report the study cannot hold reported as findings (`REPORT:LINE: …`), in the
//! environment's language. The caller writes the study where it wants it.

use std::path::{Path, PathBuf};

use fluent_bundle::FluentValue;

use super::Env;
use crate::import::{self, Imported, Lost, LostKind};
use crate::l10n::Localizer;
use crate::Result;

/// The report to import: the path that names it in messages, and its text.
#[derive(Debug, Clone, Default)]
pub struct ImportRequest {
    pub report: PathBuf,
    pub text: String,
    /// Do not report what was lost (the caller prints `outcome.imported.lost` as data,
    /// as `perflab import --json` does).
    pub silent: bool,
}

/// The imported study and its raw files.
pub struct ImportOutcome {
    pub imported: Imported,
}

impl ImportOutcome {
    /// Writes `DIR/study.toml` and the raw files; returns the paths written.
    pub fn write(&self, dir: &Path) -> Result<Vec<PathBuf>> {
        self.imported.write(dir)
    }

    /// The lost parts as JSON (not localized), for machines.
    pub fn lost_json(&self) -> Result<String> {
        serde_json::to_string_pretty(&self.imported.lost)
            .map_err(|e| crate::Error::Render(e.to_string()))
    }
}

pub fn run(request: &ImportRequest, env: &Env) -> Result<ImportOutcome> {
    let imported = import::import(&request.report, &request.text)?;
    if !request.silent {
        let file = request.report.display().to_string();
        for lost in &imported.lost {
            env.reporter.finding(&lost_line(lost, &file, &env.l10n));
        }
    }
    Ok(ImportOutcome { imported })
}

/// What could not be recovered: `REPORT:LINE: kind: text`.
pub fn lost_line(lost: &Lost, file: &str, l10n: &Localizer) -> String {
    let msg = l10n.tr_args(
        kind_id(lost.kind),
        &[
            ("subject", FluentValue::from(lost.subject.as_str())),
            (
                "value",
                FluentValue::from(lost.value.as_deref().unwrap_or("")),
            ),
        ],
    );
    format!("{file}:{}: {msg}", lost.line)
}

fn kind_id(k: LostKind) -> &'static str {
    match k {
        LostKind::FreeText => "import-lost-free-text",
        LostKind::Image => "import-lost-image",
        LostKind::ServedModel => "import-lost-served-model",
        LostKind::AssumedProfile => "import-lost-assumed-profile",
        LostKind::AssumedCommand => "import-lost-assumed-command",
        LostKind::UnknownProfile => "import-lost-unknown-profile",
        LostKind::NoModel => "import-lost-no-model",
        LostKind::UnrankedLatency => "import-lost-unranked-latency",
    }
}
