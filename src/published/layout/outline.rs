//! How a document of another author names its experiments and variants (`foreign.rs`
//! reads it): by its headings (siblings holding one block each are one experiment's
//! variants), by the short words above a block, passing over the captions that say what a
//! fence holds, and by number where nothing else names it.

use super::command::served_model;
use super::{Experiment, Located, Variant};

/// A name paragraph is one short line (as in the performance-lab layout).
const MAX_NAME_LEN: usize = 60;

/// Words of a caption that says what the fence below holds rather than naming a variant
/// (`Test Results:`, `Benchmark Command:`).
const GENERIC_CAPTION: [&str; 6] = ["result", "command", "output", "log", "benchmark", "script"];

/// Sibling headings that each hold one block (`## Before`, `## After` under
/// `# Benchmark`) are the variants of one experiment, their parent's (the document's
/// when they have none), each named by its heading.
pub(crate) fn merge_siblings(
    experiments: Vec<Experiment>,
    parents: Vec<Option<Located>>,
) -> Vec<Experiment> {
    let key = |p: &Option<Located>| p.as_ref().map_or(0, |p| p.line);
    let one_block: Vec<bool> = experiments.iter().map(|e| e.variants.len() == 1).collect();
    let siblings = |k: u64| {
        (0..parents.len())
            .filter(|&i| one_block[i] && key(&parents[i]) == k)
            .count()
    };
    let mut merged: Vec<(Option<u64>, Experiment)> = Vec::new();
    for (i, exp) in experiments.into_iter().enumerate() {
        let k = key(&parents[i]);
        if !one_block[i] || siblings(k) < 2 {
            merged.push((None, exp));
            continue;
        }
        let at = match merged.iter().position(|(l, _)| *l == Some(k)) {
            Some(at) => at,
            None => {
                let (line, title) = parents[i]
                    .as_ref()
                    .map_or((0, String::new()), |p| (p.line, p.text.clone()));
                merged.push((
                    Some(k),
                    Experiment {
                        line,
                        title,
                        variants: Vec::new(),
                        sentences: Vec::new(),
                        notes: Vec::new(),
                    },
                ));
                merged.len() - 1
            }
        };
        for mut v in exp.variants {
            v.name.clone_from(&exp.title);
            merged[at].1.variants.push(v);
        }
    }
    merged.into_iter().map(|(_, e)| e).collect()
}

/// Names the variants nothing above their block named: by their heading when they are
/// its only block, else by the model their server serves, else by their number; and
/// numbers the names several blocks share.
pub(crate) fn name_variants(experiments: &mut [Experiment]) {
    for exp in experiments.iter_mut() {
        let single = exp.variants.len() == 1;
        for (v, variant) in exp.variants.iter_mut().enumerate() {
            if !variant.name.is_empty() {
                continue;
            }
            let served = variant
                .params
                .as_ref()
                .and_then(|p| p.command.as_ref())
                .and_then(|c| served_model(&c.text));
            variant.name = if single && !exp.title.is_empty() {
                exp.title.clone()
            } else if let Some(m) = served {
                m.rsplit('/').next().unwrap_or(&m).to_owned()
            } else {
                (v + 1).to_string()
            };
        }
    }
    for exp in experiments.iter_mut() {
        number_repeated_names(&mut exp.variants);
    }
}

/// `**Main branch (3 trials):**` → `Main branch (3 trials)`.
pub(crate) fn name_of(text: &str) -> String {
    let plain = text.replace("**", "").replace('`', "");
    plain.trim().trim_end_matches(':').trim().to_owned()
}

/// A short line that says what the fence below holds (`Test Results`).
pub(crate) fn is_caption(text: &str) -> bool {
    let lower = text.to_lowercase();
    text.chars().count() <= MAX_NAME_LEN && GENERIC_CAPTION.iter().any(|w| lower.contains(w))
}

/// A short paragraph that is no caption of results or commands, nor a statement
/// (`P99 E2E: 41.49s vs 70.96s`), a mention (`@author`) or HTML.
pub(crate) fn is_name(text: &str) -> bool {
    !text.is_empty()
        && text.chars().count() <= MAX_NAME_LEN
        && !text.starts_with(['<', '@'])
        && !text.contains(':')
        && !is_caption(text)
}

/// Three trials under one caption are `Main branch #1`, `#2`, `#3`.
fn number_repeated_names(variants: &mut [Variant]) {
    let names: Vec<String> = variants.iter().map(|v| v.name.clone()).collect();
    for (i, v) in variants.iter_mut().enumerate() {
        let same: Vec<usize> = (0..names.len()).filter(|&j| names[j] == names[i]).collect();
        if same.len() > 1 {
            let k = same.iter().position(|&j| j == i).unwrap_or(0) + 1;
            v.name = format!("{} #{k}", names[i]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_captions_and_statements() {
        assert_eq!(
            name_of("**Main branch (3 trials):**"),
            "Main branch (3 trials)"
        );
        assert!(is_name("BF16 variant"));
        assert!(is_caption("Test Results") && !is_name("Test Results"));
        assert!(!is_name("P99 E2E: 41.49s vs 70.96s (-41.5%)"));
        assert!(!is_name("@yewentao256"));
    }
}
