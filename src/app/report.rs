//! `report`: a study loaded, its runs' requests judged by the SLOs, compared once, and
//! its page rendered in each language asked for; the pages (and the comparison as JSON)
//! are written by [`ReportOutcome::write`], each file atomically.

use std::path::{Path, PathBuf};

use super::Env;
use crate::compare::StudyComparison;
use crate::render::report::{self, RenderedReport};
use crate::render::templates::Templates;
use crate::requests::Objectives;
use crate::study::{self, Study};
use crate::{Error, Result};

/// The flags of `perflab report`.
#[derive(Debug, Clone, Default)]
pub struct ReportRequest {
    /// The study's `study.toml`.
    pub study: PathBuf,
    /// Languages of the pages, as `l10n::resolve_langs` returns them; the first is also
    /// the language of the warnings (the environment's).
    pub langs: Vec<&'static str>,
    /// Objectives of the runs' requests; empty: `[slo]` of the configuration.
    pub slo: Vec<String>,
    /// Folder of templates overriding the embedded ones, file by file.
    pub templates: Option<PathBuf>,
    /// Result folders, one per server configuration: the study is made from their runs
    /// (`study::infer`) instead of read from `study`.
    pub folders: Vec<PathBuf>,
    /// The baseline among `folders`; the first when `None`.
    pub baseline: Option<PathBuf>,
    /// Where to write the study made from `folders`, for a person to edit.
    pub save_study: Option<PathBuf>,
}

/// The study, its comparison and its page in each language.
pub struct ReportOutcome {
    pub study: Study,
    pub comparison: StudyComparison,
    pub pages: Vec<RenderedReport>,
    /// Per page language, the study's texts shown in another language (key, language
    /// shown), each already reported through the environment.
    pub untranslated: Vec<(&'static str, Vec<(String, String)>)>,
}

impl ReportOutcome {
    /// Writes `report.LANG.md`, `report.LANG.html` and `charts/` under `out`, and with
    /// `json` the comparison as `comparison.json`; returns the paths written, in order.
    pub fn write(&self, out: &Path, json: bool) -> Result<Vec<PathBuf>> {
        let mut written = report::write(out, &self.pages)?;
        if json {
            written.push(report::write_text(
                &out.join("comparison.json"),
                &(self.json()? + "\n"),
            )?);
        }
        Ok(written)
    }

    /// The comparison as pretty JSON, for machines: not localized.
    pub fn json(&self) -> Result<String> {
        serde_json::to_string_pretty(&self.comparison).map_err(|e| Error::Render(e.to_string()))
    }
}

/// The study's requests' mismatches are warnings through `env`, each at its file.
pub fn run(request: &ReportRequest, env: &Env) -> Result<ReportOutcome> {
    let objectives = Objectives::from_flags_or_config(&request.slo, &env.config)?;
    let templates = Templates::new(request.templates.as_deref())?;
    let mut study = match request.folders.as_slice() {
        [] => study::load(&request.study)?,
        folders => inferred(request, folders, env)?,
    };
    // Before the comparison, so that it sees the SLO columns.
    let (requests, warnings) = study::requests::attach(&mut study, &objectives)?;
    for (place, message) in warnings {
        env.warn(&place, &message);
    }
    // Text the author did not give in a page's language is shown in another one; said
    // here, never in silence (an imported study's texts are in one language).
    let mut untranslated = Vec::new();
    for &lang in &request.langs {
        let keys = study.untranslated(lang);
        if keys.is_empty() {
            continue;
        }
        let mut shown: Vec<&str> = keys.iter().map(|(_, l)| l.as_str()).collect();
        shown.dedup();
        env.reporter.finding(
            &env.l10n.tr_args(
                "report-untranslated",
                &[
                    ("file", request.study.display().to_string().into()),
                    ("count", keys.len().into()),
                    ("lang", lang.into()),
                    ("shown", shown.join(", ").into()),
                    (
                        "keys",
                        keys.iter()
                            .map(|(k, _)| k.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                            .into(),
                    ),
                ],
            ),
        );
        untranslated.push((lang, keys));
    }
    let comparison = StudyComparison::new(&study)?;
    let pages = request
        .langs
        .iter()
        .map(|lang| {
            report::render_with_requests(
                &study,
                &comparison,
                &requests,
                &objectives,
                lang,
                &templates,
            )
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(ReportOutcome {
        study,
        comparison,
        pages,
        untranslated,
    })
}

/// The study made from result folders: written to `save_study` when asked, then read as
/// any study (result paths relative to the folder it is saved in, else to the current
/// one).
fn inferred(request: &ReportRequest, folders: &[PathBuf], env: &Env) -> Result<Study> {
    let mut read = Vec::new();
    for path in folders {
        let runs = super::load::all_runs(std::slice::from_ref(path), env, false)?;
        read.push(study::infer::Folder {
            path: path.clone(),
            runs,
        });
    }
    let baseline = match &request.baseline {
        None => 0,
        Some(b) => folders
            .iter()
            .position(|f| same_path(f, b))
            .ok_or_else(|| {
                Error::usage(crate::msg!(
                    "report-infer-baseline-not-a-folder",
                    baseline = b.display().to_string()
                ))
            })?,
    };
    let file = request
        .save_study
        .clone()
        .unwrap_or_else(|| PathBuf::from("study.toml"));
    let dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
    let header = env
        .l10n
        .tr_args("report-infer-header", &[("count", folders.len().into())]);
    let text = study::infer::infer(&read, baseline, &dir, &header)?;
    if request.save_study.is_some() {
        crate::model::frame::write_atomic(&file, |f| {
            use std::io::Write as _;
            f.write_all(text.as_bytes())
                .map_err(|e| Error::io(&file, e))
        })?;
    }
    study::load_str(&file, &text)
}

fn same_path(a: &Path, b: &Path) -> bool {
    a == b || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}
