//! The setup sections of a report (`### Model`, `### Hardware`, `### Engine Version`,
//! `### Benchmark Dataset` or `#### Benchmark Profiles`) and the profiles a dataset list
//! names.

use super::Profile;

/// Which setup section a `###` heading opens.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Setup {
    None,
    Model,
    Hardware,
    Engines,
    Datasets,
}

pub(crate) fn setup_of(title: &str) -> Setup {
    let t = title.to_ascii_lowercase();
    if t == "model" {
        Setup::Model
    } else if t == "hardware" {
        Setup::Hardware
    } else if t.contains("engine") && t.contains("version") {
        Setup::Engines
    } else if t.contains("dataset") || t.contains("profiles") {
        Setup::Datasets
    } else {
        Setup::None
    }
}

/// A short name on its own line (`ShareGPT`, `Random 1K/1K`), not a sentence.
pub(crate) fn is_bare_name(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty()
        && t.split_whitespace().count() <= 4
        && !t.ends_with(['.', ':', '!', '?'])
        && !t.contains(": ")
}

/// `Very long prompt: 32000 input tokens, 100 output tokens`.
pub(crate) fn dataset_item(text: &str, line: u64) -> Option<Profile> {
    let (name, rest) = match text.split_once(':') {
        Some((n, r)) => (n.trim(), r.trim()),
        None => (text.trim(), ""),
    };
    if name.is_empty() || (text.trim_end().ends_with(':')) {
        return None;
    }
    let count_before = |word: &str| -> Option<f64> {
        let words: Vec<&str> = rest
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let i = words.iter().position(|w| w.eq_ignore_ascii_case(word))?;
        words.get(i.checked_sub(1)?)?.parse().ok()
    };
    Some(Profile {
        line,
        name: name.to_owned(),
        params: Vec::new(),
        total_requests: None,
        input_len: count_before("input"),
        output_len: count_before("output"),
    })
}
