//! Which side of a comparison the words above a result make it: "Main branch", "base",
//! "Before", "without X" are before; "This PR", "After", "ours", "with X" after. "After"
//! and "before" themselves outrank the rest ("before PR" is before, "after main" after).

use super::sides::Role;

const BEFORE: &[&str] = &[
    "main",
    "baseline",
    "base",
    "master",
    "original",
    "old",
    "upstream",
    "reference",
    "default",
    "without",
    "w/o",
    "nightly",
];

const AFTER: &[&str] = &[
    "pr",
    "ours",
    "with",
    "w/",
    "new",
    "patched",
    "patch",
    "optimized",
    "optimised",
    "fix",
    "fixed",
    "candidate",
    "proposed",
];

fn words(label: &str) -> Vec<String> {
    label
        .split(|c: char| !(c.is_alphanumeric() || c == '/'))
        .filter(|w| !w.is_empty())
        .map(|w| w.to_lowercase())
        .collect()
}

/// The role the words give, if any.
pub fn role_of(label: &str) -> Option<Role> {
    let words = words(label);
    let has = |list: &[&str]| words.iter().any(|w| list.contains(&w.as_str()));
    // "main + #1234", "base + fix": a base with something added is the new side.
    let added = label.contains(" + ");
    if has(&["after"]) {
        Some(Role::After)
    } else if has(&["before"]) {
        Some(Role::Before)
    } else if added {
        Some(Role::After)
    } else if has(BEFORE) {
        Some(Role::Before)
    } else if has(AFTER) {
        Some(Role::After)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_of_real_threads() {
        for (label, role) in [
            ("Main branch (3 trials)", Some(Role::Before)),
            ("This PR (3 trials)", Some(Role::After)),
            ("Before", Some(Role::Before)),
            ("after pr", Some(Role::After)),
            ("before pr", Some(Role::Before)),
            ("Without the fix", Some(Role::Before)),
            ("With chunked prefill", Some(Role::After)),
            ("On H100", None),
            // The false alarm of issue 39: `main` with the PR added is the after.
            ("main + #1234", Some(Role::After)),
            ("base + fused MoE", Some(Role::After)),
        ] {
            assert_eq!(role_of(label), role, "{label}");
        }
    }
}
