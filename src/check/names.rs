//! Names as reports write them: typos forgiven (`MineIE`, `Decodng`), section titles
//! compared without numbering, `&&` order or a trailing engine, cell text without
//! emphasis or HTML. Used to tie a quoted name to a variant or a section.

use crate::published::normalize_name;

/// Levenshtein distance, for names a report misspells (`MineIE`, `Decodng`).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The closest name within a few typos, or the exact one.
pub(crate) fn closest<'a>(wanted: &str, names: impl Iterator<Item = &'a str>) -> Option<usize> {
    let wanted = normalize_name(wanted);
    let limit = (wanted.chars().count() / 5).max(1);
    let mut best: Option<(usize, usize)> = None;
    for (i, name) in names.enumerate() {
        let d = edit_distance(&wanted, &normalize_name(name));
        if d <= limit && best.is_none_or(|(_, bd)| d < bd) {
            best = Some((i, d));
        }
    }
    best.map(|(i, _)| i)
}

/// A title to compare: without numbering, its `&&` parts sorted (`Prefix Cache &&
/// KV Cache Dtype` is `KV Cache Dtype && Prefix Cache`).
pub(crate) fn title_key(title: &str) -> String {
    let mut parts: Vec<String> = without_numbering(title)
        .split("&&")
        .map(normalize_name)
        .filter(|p| !p.is_empty())
        .collect();
    parts.sort();
    parts.join(" && ")
}

/// `Parallelism in SGLang` → `Parallelism`: the engine a section's title ends with.
pub(crate) fn without_engine(title: &str) -> &str {
    match title.rsplit_once(" in ") {
        Some((head, engine)) if !engine.trim().contains(' ') && !head.trim().is_empty() => {
            head.trim_end()
        }
        _ => title,
    }
}

/// `1. Choosing the Inference Engine` → `Choosing the Inference Engine`.
pub(crate) fn without_numbering(title: &str) -> &str {
    let t = title.trim();
    let after_digits = t.trim_start_matches(|c: char| c.is_ascii_digit());
    if after_digits.len() < t.len() {
        if let Some(rest) = after_digits.strip_prefix('.') {
            return rest.trim_start();
        }
    }
    t
}

/// Cell text without Markdown emphasis or HTML tags (read where the conclusion is).
pub(crate) use crate::published::conclusion::plain;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_are_forgiven_a_little() {
        assert_eq!(edit_distance("mineie", "mindie"), 1);
        let names = ["vLLM", "MindIE"];
        assert_eq!(closest("MineIE", names.iter().copied()), Some(1));
        assert_eq!(closest("SGLang", names.iter().copied()), None);
        let titles = [
            "Speculative Decoding",
            "Max Num Seqs",
            "Max Num Seqs && Performance Mode",
        ];
        assert_eq!(
            closest("Speculative Decodng", titles.iter().copied()),
            Some(0)
        );
        assert_eq!(closest("Max Num Seqs", titles.iter().copied()), Some(1));
    }
}
