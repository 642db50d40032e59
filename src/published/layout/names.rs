//! Names as the report writes them, made comparable: case, spaces, emphasis; the stems
//! of translated words; the token counts a label mentions.

/// Lower case, spaces collapsed, Markdown emphasis and backticks removed.
pub fn normalize_name(s: &str) -> String {
    s.replace(['*', '`'], "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// The first five letters of each non-ASCII word of four letters or more, lower case.
/// Only words outside ASCII: declension (Russian) is what stems are for, while an English
/// label names its profile exactly, and `ShareGPT batch size 4` is not `ShareGPT`.
pub(crate) fn stems(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_ascii() && w.chars().count() >= 4)
        .map(|w| w.to_lowercase().chars().take(5).collect())
        .collect()
}

/// The token counts a label mentions: `32K` may be 32000 or 32768.
pub(crate) fn label_numbers(label: &str) -> Vec<Vec<f64>> {
    label
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter_map(|w| {
            let lower = w.to_ascii_lowercase();
            if let Some(k) = lower.strip_suffix('k') {
                let n: f64 = k.parse().ok()?;
                Some(vec![n * 1000.0, n * 1024.0])
            } else {
                let n: f64 = lower.parse().ok()?;
                Some(vec![n])
            }
        })
        .collect()
}
