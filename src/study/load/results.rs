//! A study's result files: each variant's side (`result`, `run`, `missing`) checked and
//! read through `ingest` once per file, the run picked by number, and the printed block
//! it came from kept for the report.

use std::path::Path;

use toml::Spanned;

use super::Loader;
use crate::ingest::{self, InputFile};
use crate::model::Run;
use crate::study::spec::SideSpec;
use crate::study::{LoadedRun, Outcome};
use crate::{Error, Result};

impl Loader<'_> {
    pub(super) fn side(&mut self, key: &str, s: &SideSpec) -> Result<Outcome> {
        self.outcome(key, s.result.as_ref(), s.run.as_ref(), s.missing.as_ref())
    }

    pub(super) fn outcome(
        &mut self,
        key: &str,
        result: Option<&Spanned<String>>,
        run: Option<&Spanned<i64>>,
        missing: Option<&Spanned<String>>,
    ) -> Result<Outcome> {
        match (result, missing) {
            (Some(r), Some(_)) => Err(self.error_at(
                &format!("{key}.result"),
                r,
                &crate::tr!("study-error-result-and-missing"),
            )),
            (None, Some(m)) => {
                if let Some(run) = run {
                    return Err(self.error_at(
                        &format!("{key}.run"),
                        run,
                        &crate::tr!("study-error-run-without-result"),
                    ));
                }
                Ok(Outcome::Missing {
                    reason: m.get_ref().clone(),
                })
            }
            (None, None) => {
                Err(self.error(crate::msg!("study-error-no-result", key = key.to_owned())))
            }
            (Some(r), None) => self.result(key, r, run).map(Outcome::Result),
        }
    }

    pub(super) fn result(
        &mut self,
        key: &str,
        file: &Spanned<String>,
        run: Option<&Spanned<i64>>,
    ) -> Result<LoadedRun> {
        let rkey = format!("{key}.result");
        let path = self.dir.join(file.get_ref());
        if !self.files.contains_key(&path) {
            let input = InputFile {
                path: path.clone(),
                display: file.get_ref().clone(),
                explicit: true,
            };
            let runs = match ingest::read_file(&input, None) {
                Ok(Some(f)) => {
                    let folder = path.parent().map(Path::to_path_buf).unwrap_or_default();
                    let runs = self.folders.entry(folder.clone()).or_insert_with(|| {
                        ingest::ingest(&[folder], &ingest::Options::default())
                            .ok()
                            .map(ingest::Ingested::into_runs)
                    });
                    crate::study::whole::whole(&path, f.runs, runs.as_deref())
                }
                Ok(None) => Vec::new(),
                Err(Error::Io { reason: source, .. }) => {
                    return Err(self.error_at(
                        &rkey,
                        file,
                        &crate::tr!(
                            "study-error-cannot-read",
                            path = path.display().to_string(),
                            reason = source.to_string()
                        ),
                    ))
                }
                Err(e) => return Err(self.error_at(&rkey, file, &e.to_string())),
            };
            let bytes = std::fs::read(&path).map_err(|e| Error::io(&path, e))?;
            let text = String::from_utf8_lossy(&bytes).into_owned();
            self.files.insert(path.clone(), (runs, text));
        }
        let Some((runs, text)) = self.files.get(&path) else {
            return Err(self.error_at(&rkey, file, &crate::tr!("study-error-no-run-in-file")));
        };
        if runs.is_empty() {
            return Err(self.error_at(&rkey, file, &crate::tr!("study-error-no-run-in-file")));
        }
        let number = match run {
            Some(n) => {
                let value = *n.get_ref();
                if value < 1 || value as usize > runs.len() {
                    let msg = crate::tr!("study-error-no-such-run", count = runs.len());
                    return Err(self.error_at(&format!("{key}.run"), n, &msg));
                }
                value as usize
            }
            None if runs.len() > 1 => {
                let msg = crate::tr!("study-error-choose-run", count = runs.len());
                return Err(self.error_at(&rkey, file, &msg));
            }
            None => 1,
        };
        let raw = raw_block(text, runs, number - 1);
        Ok(LoadedRun {
            run: runs[number - 1].clone(),
            file: file.get_ref().clone(),
            number,
            raw,
        })
    }
}

/// The printed block of run `index`: from its first line to the line before the next
/// run of the file (or the end), without trailing blank and `#` comment lines, and without
/// the indentation common to its lines. A vLLM result JSON shows the block vLLM prints for
/// it (`ingest::serve_block`), never the JSON; other whole-file formats the whole file.
fn raw_block(text: &str, runs: &[Run], index: usize) -> String {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let Some(start) = runs[index].line else {
        if runs[index].format == crate::model::Format::VllmServeJson {
            if let Some(block) = crate::ingest::serve_block::print(&runs[index]) {
                return block;
            }
        }
        return text.trim_end().to_owned();
    };
    let start = (start as usize).saturating_sub(1).min(lines.len());
    let end = runs
        .iter()
        .filter_map(|r| r.line)
        .map(|l| l as usize - 1)
        .filter(|&l| l > start)
        .min()
        .unwrap_or(lines.len())
        .min(lines.len());
    let mut block: Vec<&str> = lines[start..end].to_vec();
    // Comments between runs (`# random 4K input`) introduce the next run; a block that is
    // itself commented out (`# ====...`) keeps its lines.
    let commented = block
        .first()
        .is_some_and(|l| l.trim_start().starts_with('#'));
    while block
        .last()
        .is_some_and(|l| l.trim().is_empty() || (!commented && l.trim_start().starts_with('#')))
    {
        block.pop();
    }
    let indent = block
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    block
        .iter()
        .map(|l| l.get(indent..).unwrap_or("").trim_end())
        .collect::<Vec<_>>()
        .join("\n")
}
