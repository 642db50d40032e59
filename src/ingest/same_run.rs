//! Each run once. A benchmark tool writes one run into several files: AIPerf's artifact
//! folder holds the console summary, `profile_export_aiperf.csv` and `.json`; a vLLM run
//! saved with `--save-result` and `tee` gives `run.console.txt` beside `run/result.json`.
//! Read file by file, that run would be two or three rows, and the copies that lack
//! `model_id` or `max_concurrency` would pose as repeats of one another in a keyed `diff`.
//!
//! Two runs are one when their files belong together (same folder, or same stem:
//! `X.console.txt` beside `X.jsonl` or the folder `X/`), their formats are two files of
//! one tool (`Format::family`) and every number both hold agrees within the rounding of
//! the less precise one (the console prints `22.01` for the result file's
//! `22.0123456`). The row kept is the one from the richest file (result file over CSV
//! over console, `Format::richness`); the other files are named in its `sources` column
//! and the columns it lacks (an identity the console printed, a statistic the CSV has)
//! are filled from them. A console summary and a result file that must be one run
//! (same stem, one run each) but disagree beyond rounding are both kept, with a
//! [`Disagreement`] that names both files. The driver in `mod.rs` calls
//! [`keep_each_run_once`] unless the user asked for every copy (`--all-files`).

use std::collections::{HashMap, HashSet};
use std::hash::Hasher;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use rustc_hash::{FxHashMap, FxHasher};

use super::FileRuns;
use crate::model::{Run, Value, Values};

/// The column that names the other files a kept run was also read from.
pub const SOURCES: &str = "sources";

/// A run dropped because a richer file holds the same run.
#[derive(Debug, Clone, PartialEq)]
pub struct CopyOf {
    pub path: PathBuf,
    pub run_index: u32,
    /// The file whose row was kept.
    pub kept: PathBuf,
}

/// A console summary and a result file of one run whose numbers differ beyond the
/// console's rounding; both rows are kept.
#[derive(Debug, Clone, PartialEq)]
pub struct Disagreement {
    /// The less rich file (usually the console summary).
    pub path: PathBuf,
    /// The richer file (usually the result file).
    pub other: PathBuf,
    /// The columns that differ: (column, value in `path`, value in `other`), at most three.
    pub columns: Vec<(String, f64, f64)>,
}

#[derive(Debug, Default)]
pub struct SameRuns {
    pub copies: Vec<CopyOf>,
    pub disagreements: Vec<Disagreement>,
}

impl SameRuns {
    /// In the files' order, whichever batches of `ingest_each` found them.
    pub fn sort(&mut self) {
        self.copies
            .sort_by(|a, b| (&a.path, a.run_index).cmp(&(&b.path, b.run_index)));
        self.disagreements
            .sort_by(|a, b| (&a.path, &a.other).cmp(&(&b.path, &b.other)));
    }
}

/// How two files belong together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Relation {
    None,
    /// Same folder only: their runs are one when the numbers say so.
    Folder,
    /// Same stem, a stem and its folder, or a tool's fixed file names in one folder:
    /// the files are meant to be one run.
    Stem,
}

/// Stems of the files tools write under fixed names inside a run's folder.
const FIXED_STEMS: [&str; 6] = [
    "profile_export_aiperf",
    "profile_export_genai_perf",
    "profile_export_console",
    "benchmarks",
    "console",
    "result",
];

/// `D/X.console.txt` → `D/X`: the name up to its first dot.
fn stem_path(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_str()?;
    let stem = name.split('.').next().filter(|s| !s.is_empty())?;
    Some(path.with_file_name(stem))
}

/// Whether a file may be a console (text a tool printed) rather than a result file: only
/// a console reaches into the run folders below its own (`relation`).
fn is_console_like(path: &Path) -> bool {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or("")
        .to_ascii_lowercase();
    !matches!(
        ext.as_str(),
        "json" | "jsonl" | "csv" | "parquet" | "yaml" | "yml" | "ndjson"
    )
}

/// A console one folder above its run's files: genai-perf's `--artifact-dir run1` puts a
/// run's files in `run1/<model>-<endpoint>-<load>/` with the console saved beside `run1/`
/// (`run1.console.txt`: a stem, so the files are meant to be one run) or inside it; an
/// AIPerf sweep's console sits beside its `concurrency_N/` folders (one folder: the
/// numbers decide which run is which).
fn console_above(console: &Path, file: &Path) -> Relation {
    if !is_console_like(console) {
        return Relation::None;
    }
    let Some(grand) = file.parent().and_then(Path::parent) else {
        return Relation::None;
    };
    if stem_path(console).as_deref() == Some(grand) {
        Relation::Stem
    } else if console.parent() == Some(grand) {
        Relation::Folder
    } else {
        Relation::None
    }
}

fn relation(a: &Path, b: &Path) -> Relation {
    // A log that prints a text block and the same run's inline JSON holds two runs of
    // different formats (`metrics.md`, Duplicates): only separate files are merged.
    if a == b {
        return Relation::None;
    }
    let (Some(pa), Some(pb)) = (a.parent(), b.parent()) else {
        return Relation::None;
    };
    let (sa, sb) = (stem_path(a), stem_path(b));
    let stem_of_folder = sa.as_deref() == Some(pb) || sb.as_deref() == Some(pa);
    if stem_of_folder {
        return Relation::Stem;
    }
    let above = console_above(a, b).max(console_above(b, a));
    if above != Relation::None {
        return above;
    }
    if pa != pb {
        return Relation::None;
    }
    let fixed = |s: &Option<PathBuf>| {
        s.as_deref()
            .and_then(|p| p.file_name())
            .and_then(|n| n.to_str())
            .is_some_and(|n| FIXED_STEMS.contains(&n))
    };
    if sa == sb || fixed(&sa) || fixed(&sb) {
        Relation::Stem
    } else {
        Relation::Folder
    }
}

pub(crate) use crate::numbers::half_unit_of as half_unit;

#[cfg(test)]
fn agree(a: f64, b: f64) -> bool {
    agree_within(a, b, half_unit(a).max(half_unit(b)))
}

fn agree_within(a: f64, b: f64, half: f64) -> bool {
    let tolerance = half + 1e-9 * a.abs().max(b.abs());
    (a - b).abs() <= tolerance
}

/// Half a unit of the last decimal `x`, the value of `col` in `run`, was printed with:
/// guidellm's console prints request latency in seconds, kept in milliseconds.
fn printed_half_unit(run: &Run, col: &str, x: f64) -> f64 {
    match run.format {
        crate::model::Format::GuidellmConsole => {
            super::guidellm_console::half_unit_as_printed(col, x)
        }
        _ => half_unit(x),
    }
}

/// The numbers two runs share, and those that differ beyond rounding.
pub(super) fn compare(a: &Run, b: &Run) -> (usize, Vec<(String, f64, f64)>) {
    let mut shared = 0;
    let mut differ = Vec::new();
    for (key, va) in &a.values {
        let (Value::Num(x), Some(Value::Num(y))) = (va, b.values.get(key)) else {
            continue;
        };
        shared += 1;
        let half = printed_half_unit(a, key, *x).max(printed_half_unit(b, key, *y));
        if !agree_within(*x, *y, half) {
            differ.push((key.to_string(), *x, *y));
        }
    }
    (shared, differ)
}

/// The folders through which a file can belong with another: its own folder and the
/// folder named by its stem (`D/X.console.txt` → `D` and `D/X`). Two related files always
/// share one (`relation`).
fn neighbourhood(path: &Path) -> Vec<PathBuf> {
    path.parent()
        .map(Path::to_path_buf)
        .into_iter()
        .chain(stem_path(path))
        .collect()
}

/// [`neighbourhood`], and the folder two levels up when a console may be there
/// (`reached` holds the folders of consoles' neighbourhoods: `console_above`).
fn neighbourhood_within(path: &Path, reached: &HashSet<PathBuf>) -> Vec<PathBuf> {
    let mut folders = neighbourhood(path);
    if let Some(grand) = path.parent().and_then(Path::parent) {
        if reached.contains(grand) {
            folders.push(grand.to_path_buf());
        }
    }
    folders
}

/// The folders a console may reach down from: its own and its stem's.
fn console_folders<'p>(paths: impl Iterator<Item = &'p Path>) -> HashSet<PathBuf> {
    paths
        .filter(|p| is_console_like(p))
        .flat_map(neighbourhood)
        .collect()
}

/// Splits files (in their order) into consecutive groups that no run crosses: two files
/// whose runs may be one share a folder of their [`neighbourhood`], so a cut is only made
/// where every shared folder's files lie on one side. Each group's runs can then be kept
/// once (`keep_each_run_once`) and written before the next group is read: ingest holds
/// a few groups' runs at a time, not the corpus's.
pub fn independent_groups(paths: &[&Path]) -> Vec<std::ops::Range<usize>> {
    // Hashed once, in parallel: this runs before the first file is read.
    let mut folders: Vec<Vec<u64>> = paths
        .par_iter()
        .map(|p| neighbourhood_hashes(p).collect())
        .collect();
    // A console reaches the run folders one level below its own (`console_above`): the
    // files there join its folder, only where a console is (so a corpus of result files
    // is cut as before).
    let consoles: HashSet<u64> = paths
        .iter()
        .zip(&folders)
        .filter(|(p, _)| is_console_like(p))
        .flat_map(|(_, f)| f.iter().copied())
        .collect();
    if !consoles.is_empty() {
        for (p, of_file) in paths.iter().zip(folders.iter_mut()) {
            if let Some(grand) = p.parent().and_then(Path::parent) {
                let h = folder_hash(grand);
                if consoles.contains(&h) {
                    of_file.push(h);
                }
            }
        }
    }
    let mut last_of: FxHashMap<u64, usize> = FxHashMap::default();
    for (i, of_file) in folders.iter().enumerate() {
        for &folder in of_file {
            last_of.insert(folder, i);
        }
    }
    let mut groups = Vec::new();
    let (mut start, mut reach) = (0, 0);
    for (i, of_file) in folders.iter().enumerate() {
        for folder in of_file {
            reach = reach.max(last_of.get(folder).copied().unwrap_or(i));
        }
        // The last file always closes a group: nothing reaches past it.
        if reach == i {
            groups.push(start..i + 1);
            start = i + 1;
        }
    }
    groups
}

/// The folders of [`neighbourhood`], hashed by their components (as paths compare) and
/// without building them: on 100,000 files, building and hashing the paths was 6% of
/// the ingest. Two folders of one hash only make a group larger, never split one.
fn neighbourhood_hashes(path: &Path) -> impl Iterator<Item = u64> {
    let parent = path.parent();
    let stem = path
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.split('.').next())
        .filter(|s| !s.is_empty());
    let hash = |last: Option<&str>| {
        let mut h = FxHasher::default();
        for part in parent?.components() {
            h.write(part.as_os_str().as_encoded_bytes());
            h.write_u8(0xff);
        }
        if let Some(last) = last {
            h.write(last.as_bytes());
            h.write_u8(0xff);
        }
        Some(h.finish())
    };
    let own = hash(None);
    let named = stem.and_then(|s| hash(Some(s)));
    own.into_iter().chain(named)
}

/// The hash [`neighbourhood_hashes`] gives `folder`.
fn folder_hash(folder: &Path) -> u64 {
    let mut h = FxHasher::default();
    for part in folder.components() {
        h.write(part.as_os_str().as_encoded_bytes());
        h.write_u8(0xff);
    }
    h.finish()
}

/// Numbers two runs must share before agreement alone (files in one folder, no common
/// stem) makes them one.
const MIN_SHARED: usize = 3;

/// Where a run sits: (file index, run index in that file).
type At = (usize, usize);

fn run(files: &[FileRuns], (fi, ri): At) -> &Run {
    &files[fi].runs[ri]
}

/// Finds the runs that are copies of a richer file's run, merges each into that row and
/// removes it from its file. Deterministic: runs are considered richest first, then in
/// file order.
pub fn keep_each_run_once(files: &mut [FileRuns]) -> SameRuns {
    if !any_richer(files) {
        return SameRuns::default();
    }
    let mut order: Vec<At> = files
        .iter()
        .enumerate()
        .flat_map(|(fi, f)| (0..f.runs.len()).map(move |ri| (fi, ri)))
        .collect();
    order.sort_by_key(|&at| (std::cmp::Reverse(run(files, at).format.richness()), at));

    // Runs of `family` in file `fi`: a run is one-to-one with its file's only run.
    let count_in = |files: &[FileRuns], fi: usize, family: &str| {
        files[fi]
            .runs
            .iter()
            .filter(|r| r.format.family() == family)
            .count()
    };

    // Kept runs by the folders their files can relate through (`neighbourhood`) and their
    // family, so that a directory of thousands of results is not compared pairwise. Runs
    // are kept in the order above, richest first, so the runs richer than a given one
    // are a prefix of each list: a folder of 100,000 runs of one format, none richer than
    // another, costs one lookup per run, not a scan of the folder.
    // Folders are numbered once per file, not hashed as paths once per run.
    let mut folder_ids: HashMap<PathBuf, usize> = HashMap::new();
    let reached = console_folders(files.iter().map(|f| f.path.as_path()));
    let folders_of: Vec<Vec<usize>> = files
        .iter()
        .map(|f| {
            neighbourhood_within(&f.path, &reached)
                .into_iter()
                .map(|p| {
                    let next = folder_ids.len();
                    *folder_ids.entry(p).or_insert(next)
                })
                .collect()
        })
        .collect();
    let mut kept: Vec<HashMap<&'static str, Vec<At>>> = vec![HashMap::new(); folder_ids.len()];
    // (kept run, file it absorbed a run from): one run per file merges into a row.
    let mut absorbed: HashSet<(At, usize)> = HashSet::new();
    let mut merges: Vec<(At, At)> = Vec::new();
    let mut out = SameRuns::default();
    for at in order {
        let r = run(files, at);
        let family = r.format.family();
        let richness = r.format.richness();
        let folders = &folders_of[at.0];
        let mut near: Vec<At> = Vec::new();
        for &folder in folders {
            if let Some(list) = kept[folder].get(family) {
                let richer = list.partition_point(|&k| run(files, k).format.richness() > richness);
                near.extend_from_slice(&list[..richer]);
            }
        }
        if near.is_empty() {
            for &folder in folders {
                kept[folder].entry(family).or_default().push(at);
            }
            continue;
        }
        near.sort_unstable();
        near.dedup();
        let candidates: Vec<(At, Relation)> = near
            .into_iter()
            .filter(|&k| !absorbed.contains(&(k, at.0)))
            .map(|k| (k, relation(&files[k.0].path, &files[at.0].path)))
            .filter(|(_, rel)| *rel != Relation::None)
            .collect();
        // A console and a result file of one stem that hold one run each are one run by
        // their names; the numbers then only confirm it.
        let one_to_one = |k: At, rel: Relation| {
            rel == Relation::Stem
                && count_in(files, at.0, family) == 1
                && count_in(files, k.0, family) == 1
                && candidates
                    .iter()
                    .filter(|(_, r)| *r == Relation::Stem)
                    .count()
                    == 1
        };
        let found = candidates.iter().copied().find(|&(k, rel)| {
            let (shared, differ) = compare(r, run(files, k));
            differ.is_empty() && (shared >= MIN_SHARED || (shared > 0 && one_to_one(k, rel)))
        });
        match found {
            Some((k, _)) => {
                absorbed.insert((k, at.0));
                merges.push((k, at));
            }
            None => {
                if let Some(&(k, _)) = candidates.iter().find(|&&(k, rel)| one_to_one(k, rel)) {
                    let (_, mut differ) = compare(r, run(files, k));
                    differ.truncate(3);
                    if !differ.is_empty() {
                        out.disagreements.push(Disagreement {
                            path: files[at.0].path.clone(),
                            other: files[k.0].path.clone(),
                            columns: differ,
                        });
                    }
                }
                for &folder in folders {
                    kept[folder].entry(family).or_default().push(at);
                }
            }
        }
    }
    apply(files, merges, &mut out);
    out
}

/// Whether some family holds runs of two richnesses. A run only merges into a strictly
/// richer run of its family, so without one no run is a copy and no pair disagrees: a
/// directory of one tool's result files skips the index (on 100,000 files it was most
/// of the serial time after the parallel parse).
fn any_richer(files: &[FileRuns]) -> bool {
    let mut seen: HashMap<&'static str, u8> = HashMap::new();
    for run in files.iter().flat_map(|f| &f.runs) {
        let richness = run.format.richness();
        if *seen.entry(run.format.family()).or_insert(richness) != richness {
            return true;
        }
    }
    false
}

/// Moves each merged run's source and missing columns into its kept row, then removes
/// the merged runs from their files.
/// Gives `target` the values of another copy of its run that it lacks; a console's
/// `precision` is of its own numbers, not of the row kept, and `sources` is the kept
/// row's own list.
pub(super) fn fill_missing(target: &mut Run, values: Values) {
    for (key, value) in values {
        if key != SOURCES && key != "precision" {
            target.values.insert_if_absent(key, value);
        }
    }
}

fn apply(files: &mut [FileRuns], merges: Vec<(At, At)>, out: &mut SameRuns) {
    let mut gone: Vec<At> = Vec::new();
    for (k, m) in merges {
        let merged = files[m.0].runs[m.1].clone();
        let kept_path = files[k.0].path.clone();
        let target = &mut files[k.0].runs[k.1];
        let mut sources: Vec<String> = target
            .text(SOURCES)
            .map(|s| s.split(", ").map(str::to_owned).collect())
            .unwrap_or_default();
        sources.push(merged.source.clone());
        target.set_text(SOURCES, sources.join(", "));
        fill_missing(target, merged.values);
        out.copies.push(CopyOf {
            path: files[m.0].path.clone(),
            run_index: merged.run_index,
            kept: kept_path,
        });
        gone.push(m);
    }
    gone.sort_unstable();
    for &(fi, ri) in gone.iter().rev() {
        files[fi].runs.remove(ri);
    }
    // Not sorted here: the batches' findings are sorted once, when all are in
    // (`ingest::ingest`, `perflab ingest`).
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounding_of_the_printed_value() {
        assert!(agree(22.01, 22.0123456));
        assert!(agree(22.0123456, 22.01));
        assert!(!agree(22.01, 22.0173));
        assert!(agree(40.0, 40.0));
        // Binary noise of a unit conversion is not a decimal.
        assert!(agree(0.0893 * 1000.0, 89.3));
        assert!(agree(1422.76, 1422.7612345));
        assert!(!agree(89.83885712499999, 89.9));
    }

    #[test]
    fn relations_of_paths() {
        let rel = |a: &str, b: &str| relation(Path::new(a), Path::new(b));
        assert_eq!(
            rel("d/run.console.txt", "d/run/result.json"),
            Relation::Stem
        );
        assert_eq!(
            rel("d/run/result.json", "d/run.console.txt"),
            Relation::Stem
        );
        assert_eq!(rel("d/x.console.txt", "d/x.jsonl"), Relation::Stem);
        assert_eq!(
            rel("d/a/console.txt", "d/a/profile_export_aiperf.json"),
            Relation::Stem
        );
        assert_eq!(rel("d/a.txt", "d/b.json"), Relation::Folder);
        assert_eq!(rel("d/a.txt", "e/a.json"), Relation::None);
        assert_eq!(rel("d/log.txt", "d/log.txt"), Relation::None);
        // A console above its run's folder: by its stem, or beside the run folders.
        assert_eq!(
            rel(
                "d/run1.console.txt",
                "d/run1/m-chat-c2/profile_export_genai_perf.json"
            ),
            Relation::Stem
        );
        assert_eq!(
            rel(
                "d/concurrency_4/profile_export_aiperf.json",
                "d/console.txt"
            ),
            Relation::Folder
        );
        // Only a console reaches down; and only one level.
        assert_eq!(rel("d/a.json", "d/x/b.json"), Relation::None);
        assert_eq!(rel("d/console.txt", "d/x/y/b.json"), Relation::None);
    }

    #[test]
    fn groups_are_cut_only_between_files_that_cannot_be_one_run() {
        let paths = [
            "a/1.json",
            "a/2.json",
            "a/run.console.txt",
            "a/run/result.json",
            "b/1.json",
            "b/2.json",
            "c/x.json",
        ];
        let paths: Vec<&Path> = paths.iter().map(Path::new).collect();
        // `a/run/result.json` belongs with `a/run.console.txt`, which belongs with `a/`.
        assert_eq!(independent_groups(&paths), vec![0..4, 4..6, 6..7]);
        // Every pair of related files lands in one group.
        for (i, a) in paths.iter().enumerate() {
            for (j, b) in paths.iter().enumerate() {
                if relation(a, b) != Relation::None {
                    let group = |k| {
                        independent_groups(&paths)
                            .iter()
                            .position(|g| g.contains(&k))
                    };
                    assert_eq!(group(i), group(j), "{a:?} and {b:?}");
                }
            }
        }
        assert!(independent_groups(&[]).is_empty());
    }

    proptest::proptest! {
        /// Whatever the paths and their order, two files whose runs may be one are never
        /// in different groups, and the groups cover every file once, in order.
        #[test]
        fn related_files_share_a_group(
            picks in proptest::collection::vec((0usize..4, 0usize..3, 0usize..4), 0..40)
        ) {
            let folders = ["a", "a/run", "b", "a/run/x"];
            let names = ["run.console.txt", "run.json", "result.json"];
            // `k` > 0 prefixes the name: `1run.json` has a stem of its own.
            let name = |n: usize, k: usize| match k {
                0 => names[n].to_owned(),
                k => format!("{k}{}", names[n]),
            };
            let paths: Vec<PathBuf> = picks
                .iter()
                .map(|&(f, n, k)| Path::new(folders[f]).join(name(n, k)))
                .collect();
            let paths: Vec<&Path> = paths.iter().map(PathBuf::as_path).collect();
            let groups = independent_groups(&paths);
            let covered: Vec<usize> = groups.iter().flat_map(|g| g.clone()).collect();
            proptest::prop_assert_eq!(covered, (0..paths.len()).collect::<Vec<_>>());
            let group = |k: usize| groups.iter().position(|g| g.contains(&k));
            for i in 0..paths.len() {
                for j in 0..paths.len() {
                    if relation(paths[i], paths[j]) != Relation::None {
                        proptest::prop_assert_eq!(group(i), group(j));
                    }
                }
            }
        }
    }
}
