//! A study's result file made whole by the files of the same run beside it.

use std::path::Path;

use crate::model::Run;

/// A result file's runs made whole by the files of the same runs beside it, as `ingest`
/// merges them: SGLang's JSONL keeps no request count, failures or model, the console
/// beside it does, and a study that named only the JSONL would take a run with failures
/// for a clean one. The folder is read as `perflab ingest` reads it; the runs kept are
/// the ones this file is the source of (or one of the sources of), in the file's order.
/// When that reading fails or does not give the file's runs back one for one, the file's
/// own runs stand.
pub(super) fn whole(path: &Path, own: Vec<Run>, folder: Option<&[Run]>) -> Vec<Run> {
    let (Some(folder), Some(name)) = (folder, path.file_name()) else {
        return own;
    };
    let name = name.to_string_lossy();
    let names_file = |r: &Run| {
        r.source == name
            || r.text("sources")
                .is_some_and(|s| s.split(", ").any(|s| s == name))
    };
    let mut merged: Vec<Run> = folder.iter().filter(|r| names_file(r)).cloned().collect();
    if merged.len() != own.len() {
        return own;
    }
    merged.sort_by_key(|r| (r.source != name, r.run_index));
    // The file's own numbering and source, with what its neighbours add.
    own.into_iter()
        .zip(merged)
        .map(|(mut run, whole)| {
            for (key, value) in whole.values {
                run.values.insert_if_absent(key, value);
            }
            run
        })
        .collect()
}
