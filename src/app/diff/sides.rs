//! The two sides of a diff: runs read from the paths given, the before and after of one
//! document, or a history store's recent runs as the baseline; and the key they pair by
//! when the caller names none.

use std::path::Path;

use super::*;

/// One side's runs; a side without any is an error naming the path.
pub(super) fn side(path: &Path, request: &DiffRequest, env: &Env) -> Result<Vec<Run>> {
    let runs = load::runs(path, env, request.progress)?.runs;
    if runs.is_empty() {
        return Err(Error::usage(env.l10n.tr_args(
            "diff-error-no-runs",
            &[("path", path.display().to_string().into())],
        )));
    }
    Ok(runs)
}

/// The runs of one document split into its before and after (`check::document_pair`:
/// told by the words above each result), said through the reporter; a document without
/// both is an error naming it.
pub(super) fn document_sides(
    path: &Path,
    request: &DiffRequest,
    env: &Env,
) -> Result<(Vec<Run>, Vec<Run>)> {
    let no_pair = || {
        Error::usage(env.l10n.tr_args(
            "diff-error-no-pair",
            &[("path", path.display().to_string().into())],
        ))
    };
    if load::is_frame(path) || path.is_dir() {
        return Err(no_pair());
    }
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    let text = String::from_utf8_lossy(&bytes);
    let pair = crate::check::document_pair(&text).ok_or_else(no_pair)?;
    let runs = side(path, request, env)?;
    let within = |run: &Run, (from, to): (u64, u64)| run.line.is_some_and(|l| l >= from && l <= to);
    let before: Vec<Run> = runs
        .iter()
        .filter(|r| within(r, pair.before_span))
        .cloned()
        .collect();
    let after: Vec<Run> = runs
        .iter()
        .filter(|r| within(r, pair.after_span))
        .cloned()
        .collect();
    if before.is_empty() || after.is_empty() {
        return Err(no_pair());
    }
    // Which side is before is said, not a warning.
    env.reporter.report(&format!(
        "{}:{}: {}",
        path.display(),
        pair.pair.before.line,
        crate::check::pair_text(&env.l10n, &pair.pair)
    ));
    Ok((before, after))
}

/// `against_history`: the one path is the candidate; the baseline of each of its keys is
/// the key's last `window` runs in the store after its last change point in a `watched`
/// metric (`history::baseline`).
pub(super) fn against_history(
    request: &DiffRequest,
    store: &str,
    configured_key: Option<Vec<String>>,
    watched: &[String],
    env: &Env,
) -> Result<(Vec<Run>, Vec<Run>, Vec<String>)> {
    if request.candidate.is_some() {
        return Err(Error::usage(env.l10n.tr("diff-error-history-two-paths")));
    }
    if request.window == 0 {
        return Err(Error::usage(env.l10n.tr("history-error-window")));
    }
    let cand_path = &request.baseline;
    let candidate = side(cand_path, request, env)?;
    // A history keeps nights of one workload: the candidate's workload finds them.
    let key = configured_key.unwrap_or_else(|| {
        let workload = crate::keys::workload_key(&candidate, &candidate);
        if workload.is_empty() {
            default_key(cand_path, &candidate, cand_path, &candidate)
        } else {
            workload
        }
    });
    let store_handle = crate::history::Store::open(store, false)?;
    let history = crate::history::read::load_runs(&store_handle, None)?;
    let baseline = crate::history::baseline::last_runs_per_key(
        &history,
        &candidate,
        &key,
        request.window,
        watched,
    );
    if baseline.is_empty() {
        return Err(Error::usage(env.l10n.tr_args(
            "history-error-no-history",
            &[
                ("store", store.to_owned().into()),
                ("key", key.join(", ").into()),
            ],
        )));
    }
    Ok((baseline, candidate, key))
}

/// The workload columns both sides know and the setup columns that tell a side's runs
/// apart (`keys::setup_key`: a TP 1 and a TP 2 run are two setups, each paired with its
/// own; a setup column that differs only between the sides is what they compare), else
/// `source, run_index`; except when a side is a single file
/// of raw outputs: its runs pair by position (`old.json` against `new.json`, whatever
/// their workloads, which the comparison then names where they differ).
pub(super) fn default_key(
    base_path: &Path,
    base: &[Run],
    cand_path: &Path,
    cand: &[Run],
) -> Vec<String> {
    let single_raw_file = |path: &Path, runs: &[Run]| {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        path.is_file() && runs.iter().all(|r| Some(&r.source) == name.as_ref())
    };
    if single_raw_file(base_path, base) || single_raw_file(cand_path, cand) {
        return vec!["run_index".to_owned()];
    }
    let workload = setup_key(base, cand);
    if !workload.is_empty() {
        return workload;
    }
    compare::DEFAULT_KEY
        .iter()
        .map(|c| (*c).to_owned())
        .collect()
}

pub(super) fn document_key(base: &[Run], cand: &[Run]) -> Vec<String> {
    let workload = setup_key(base, cand);
    if !workload.is_empty() {
        return workload;
    }
    // Nothing tells the runs' setups apart: each side's runs are its trials of one.
    vec!["source".to_owned()]
}

/// The workload columns both sides know, then the setup columns that vary within a side.
fn setup_key(base: &[Run], cand: &[Run]) -> Vec<String> {
    let mut key = crate::keys::workload_key(base, cand);
    key.extend(crate::keys::setup_key(base, cand));
    key
}
