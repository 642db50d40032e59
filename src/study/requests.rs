//! The requests of a study's runs: where a variant's result file kept every request
//! (vLLM `--save-detailed`, SGLang `--output-details`, AIPerf, guidellm), `report` reads
//! them as `ingest` does (`requests::read_file`), sets the run's `requests` count and,
//! under `--slo`, its `slo_attainment` / `slo_goodput` / `slo_met` columns, and keeps the
//! requests of each variant for the report's distribution charts. One file is read once
//! however many variants name it.

use std::collections::BTreeMap;
use std::path::PathBuf;

use super::{Outcome, Study, VariantId};
use crate::requests::attach::{apply, apply_run_objectives};
use crate::requests::{read_file, Objectives, RunRequests};
use crate::Result;

/// The requests of one variant's run.
#[derive(Debug, Clone)]
pub struct VariantRequests {
    pub id: VariantId,
    pub requests: RunRequests,
}

/// What [`attach`] returns: the variants' requests and the warnings (file, message).
pub type Attached = (Vec<VariantRequests>, Vec<(String, String)>);

/// Applies the requests and `objectives` to every run of the study; returns each
/// variant's requests (variants whose file kept none are left out) and the warnings of
/// the recomputation (`requests-warn-mismatch`), each with its file as the study names it.
pub fn attach(study: &mut Study, objectives: &Objectives) -> Result<Attached> {
    let dir = study.path.parent().map(PathBuf::from).unwrap_or_default();
    let mut files: BTreeMap<String, Vec<RunRequests>> = BTreeMap::new();
    let mut found = Vec::new();
    let mut warnings = Vec::new();
    let mut apply_to = |outcome: &mut Outcome, id: Option<VariantId>| -> Result<()> {
        let Outcome::Result(loaded) = outcome else {
            return Ok(());
        };
        if !files.contains_key(&loaded.file) {
            let requests = read_file(&dir.join(&loaded.file))?.unwrap_or_default();
            files.insert(loaded.file.clone(), requests);
        }
        let rr = files[&loaded.file]
            .iter()
            .find(|rr| rr.run_index == loaded.run.run_index);
        if let Some(rr) = rr {
            for w in apply(&mut loaded.run, rr, objectives) {
                warnings.push((loaded.file.clone(), w));
            }
            if let Some(id) = id {
                found.push(VariantRequests {
                    id,
                    requests: rr.clone(),
                });
            }
        }
        apply_run_objectives(&mut loaded.run, &objectives.per_run);
        Ok(())
    };
    for (ei, e) in study.experiments.iter_mut().enumerate() {
        for (vi, v) in e.variants.iter_mut().enumerate() {
            let id = VariantId {
                experiment: ei,
                variant: vi,
            };
            apply_to(&mut v.outcome, Some(id))?;
        }
    }
    for s in &mut study.scenarios {
        apply_to(&mut s.baseline, None)?;
        apply_to(&mut s.optimized, None)?;
    }
    Ok((found, warnings))
}
