//! A target's inputs from the repository: its seeds (the fixtures of its folders, as
//! the target reads them) and the inputs that once broke it, kept as regression tests.

use std::path::{Path, PathBuf};

use crate::targets::Target;

/// Seeds past this size are left out: a case's time grows with its input, and the
/// mutations work as well on the smaller fixtures.
const LARGEST_SEED: u64 = 128 << 10;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            files_under(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// The target's seeds, named by their fixture, in a fixed order, each once.
pub fn load(target: &Target) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    for folder in target.seed_folders {
        files_under(&root().join(folder), &mut files);
    }
    files.sort();
    files.dedup();
    let mut seeds: Vec<(String, Vec<u8>)> = Vec::new();
    for path in files {
        let ending = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let small = path.metadata().is_ok_and(|m| m.len() <= LARGEST_SEED);
        if !small || !target.seed_endings.contains(&ending) {
            continue;
        }
        let Ok(bytes) = std::fs::read(&path) else {
            continue;
        };
        if let Some(input) = (target.seed_input)(&path, &bytes) {
            if !seeds.iter().any(|(_, s)| *s == input) {
                let name = path.strip_prefix(root()).unwrap_or(&path);
                seeds.push((name.display().to_string(), input));
            }
        }
    }
    seeds
}

/// The folder of the inputs that once broke `target`.
pub fn regressions_dir(target: &Target) -> PathBuf {
    root().join("tests/fuzz/regressions").join(target.name)
}

/// The inputs that once broke `target`, by file name.
pub fn regressions(target: &Target) -> Vec<(String, Vec<u8>)> {
    let mut files = Vec::new();
    files_under(&regressions_dir(target), &mut files);
    files.sort();
    files
        .into_iter()
        .filter_map(|p| Some((p.display().to_string(), std::fs::read(&p).ok()?)))
        .collect()
}
