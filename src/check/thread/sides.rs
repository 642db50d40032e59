//! The sides of a comparison in an author's document: each fenced result (a serving
//! block, `Throughput: X requests/s, Y tokens/s` lines, an old client's `Average
//! latency: N s`) is the trials of one side, named by the words above it; fences under
//! the same words are one side's trials. A metric printed again starts the next trial,
//! so one block's two `Throughput:` lines (requests/s, then tokens/s) are one trial.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

use crate::published::grammar::en::metric_of_label;
use crate::published::PrintedNumber;

/// Which side of the comparison words make a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    Before,
    After,
}

/// One printed value of a trial and its line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Value {
    pub number: PrintedNumber,
    pub line: u64,
}

/// One run of a side: canonical metric → value.
pub type Trial = BTreeMap<&'static str, Value>;

#[derive(Debug, Clone, PartialEq)]
pub struct Side {
    /// The words that name it, as the author wrote them (markup removed).
    pub label: String,
    /// The line of those words, or of its first value when nothing names it.
    pub line: u64,
    pub role: Option<Role>,
    pub trials: Vec<Trial>,
    /// The lines its results take, from the first fence's opening to the last one's
    /// closing: a run read from the document belongs to the side whose span holds it.
    pub span: (u64, u64),
}

impl Side {
    /// The values of `metric` over the trials that print it.
    pub fn values(&self, metric: &str) -> Vec<Value> {
        self.trials
            .iter()
            .filter_map(|t| t.get(metric).copied())
            .collect()
    }
}

static THROUGHPUT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^\s*throughput:\s*(?:(?P<req>[0-9][0-9.,]*)\s*requests/s)?\s*,?\s*(?:(?P<tok>[0-9][0-9.,]*)\s*(?P<kind>total |output )?tokens/s)?\s*,?\s*(?:(?P<out>[0-9][0-9.,]*)\s*output tokens/s)?").expect("static pattern")
});

static LABELLED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\s*(?P<label>[A-Za-z][A-Za-z0-9 /()._-]*?)\s*:\s*(?P<value>-?[0-9][0-9.,]*)\s*(?P<unit>ms|s)?\s*$")
        .expect("static pattern")
});

/// The metrics of one line of a fence, with the factor to the metric's unit.
fn line_metrics(line: &str) -> Vec<(&'static str, &str, f64)> {
    if let Some(c) = THROUGHPUT.captures(line) {
        let mut out = Vec::new();
        if let Some(m) = c.name("req") {
            out.push(("request_throughput", m.as_str(), 1.0));
        }
        if let Some(m) = c.name("tok") {
            // benchmark_throughput's `tokens/s` counts prompt and output tokens.
            let metric = match c.name("kind").map(|k| k.as_str().trim()) {
                Some("output") => "output_throughput",
                _ => "total_token_throughput",
            };
            out.push((metric, m.as_str(), 1.0));
        }
        if let Some(m) = c.name("out") {
            out.push(("output_throughput", m.as_str(), 1.0));
        }
        return out;
    }
    let Some(c) = LABELLED.captures(line) else {
        return Vec::new();
    };
    let label = c["label"].trim();
    let value = c.name("value").map_or("", |m| m.as_str());
    let lower = label.to_ascii_lowercase();
    // Old benchmark_serving: `Average latency: 38.63 s`.
    if lower == "average latency" {
        let scale = if c.name("unit").is_some_and(|u| u.as_str() == "ms") {
            1.0
        } else {
            1000.0
        };
        return vec![("mean_e2el_ms", value, scale)];
    }
    match metric_of_label(label) {
        Some(metric) => vec![(metric, value, 1.0)],
        None => Vec::new(),
    }
}

/// A line of words that may name the fence below it, without its markup (a
/// `<details><summary>Before</summary>` names it "Before"; a bare `<details>` nothing).
fn label_of(line: &str) -> Option<String> {
    let t = line.trim();
    if t.is_empty() || t.starts_with("<!--") || t.starts_with('|') || t.starts_with("```") {
        return None;
    }
    let t = super::grid::strip_tags(t);
    let t = t.trim();
    let t = t.trim_start_matches(['#', '>', '-', '*', ' ']);
    let t: String = t.replace(['*', '_', '`'], "");
    let t = t.trim().trim_end_matches(':').trim().to_owned();
    (!t.is_empty()).then_some(t)
}

/// Every side the document's fences hold, in order.
pub fn sides(text: &str) -> Vec<Side> {
    let mut sides: Vec<Side> = Vec::new();
    let mut label: Option<(String, u64)> = None;
    // The side the current fence adds to, and the label line it was named by.
    let mut fence: Option<(Vec<Trial>, u64)> = None;
    let mut in_comment = false;
    for (i, line) in text.lines().enumerate() {
        let n = i as u64 + 1;
        let t = line.trim();
        if in_comment {
            in_comment = !t.contains("-->");
            continue;
        }
        if t.starts_with("<!--") && !t.contains("-->") {
            in_comment = true;
            continue;
        }
        if t.starts_with("```") || t.starts_with("~~~") {
            match fence.take() {
                Some((trials, open)) => close(&mut sides, trials, label.as_ref(), (open, n)),
                None => fence = Some((Vec::new(), n)),
            }
            continue;
        }
        match fence.as_mut() {
            Some((trials, _)) => add_line(trials, line, n),
            None => {
                // `Throughput:` lines pasted without a fence are a side of their own.
                if !line_metrics(line).is_empty() && THROUGHPUT.is_match(line) {
                    let mut trials = Vec::new();
                    add_line(&mut trials, line, n);
                    close(&mut sides, trials, label.as_ref(), (n, n));
                } else if let Some(l) = label_of(line) {
                    label = Some((l, n));
                }
            }
        }
    }
    sides
}

fn add_line(trials: &mut Vec<Trial>, line: &str, n: u64) {
    for (metric, token, scale) in line_metrics(line) {
        let Some(number) = PrintedNumber::measured(token) else {
            continue;
        };
        let value = Value {
            number: number.scaled(scale),
            line: n,
        };
        match trials.last_mut() {
            Some(t) if !t.contains_key(metric) => {
                t.insert(metric, value);
            }
            _ => trials.push(Trial::from([(metric, value)])),
        }
    }
}

/// Ends a fence: its trials join the side named by the same words, or start one.
fn close(
    sides: &mut Vec<Side>,
    trials: Vec<Trial>,
    label: Option<&(String, u64)>,
    span: (u64, u64),
) {
    if trials.is_empty() {
        return;
    }
    let first_line = trials[0].values().map(|v| v.line).min().unwrap_or(0);
    let (label, line) = match label {
        Some((l, n)) => (l.clone(), *n),
        None => (String::new(), first_line),
    };
    if let Some(side) = sides.last_mut() {
        if side.line == line && side.label == label {
            side.trials.extend(trials);
            side.span.1 = span.1;
            return;
        }
    }
    let role = super::roles::role_of(&label);
    sides.push(Side {
        label,
        line,
        role,
        trials,
        span,
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn throughput_lines_in_one_fence_are_trials_and_two_lines_of_one_block_are_one() {
        let text = "Main branch (3 trials):\n\n```text\nThroughput: 24.32 requests/s, 12453.04 tokens/s\nThroughput: 24.11 requests/s, 12342.76 tokens/s\n```\n\n## After\n```\nThroughput: 4.98 requests/s\nAverage latency: 2.44 s\nThroughput: 959.2 tokens/s\n```\n";
        let s = sides(text);
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].label, "Main branch (3 trials)");
        assert_eq!(s[0].role, Some(Role::Before));
        assert_eq!(s[0].trials.len(), 2);
        assert_eq!(s[0].trials[1]["request_throughput"].number.value, 24.11);
        assert_eq!(s[1].label, "After");
        assert_eq!(s[1].trials.len(), 1, "one block's two Throughput lines");
        assert_eq!(s[1].trials[0]["mean_e2el_ms"].number.value, 2440.0);
        assert_eq!(s[1].trials[0]["total_token_throughput"].line, 12);
    }

    #[test]
    fn details_sections_are_sides_named_by_their_summary() {
        let text = "<details><summary>Main branch</summary>\n\n```\nThroughput: 24.32 requests/s, 12453.04 tokens/s\n```\n</details>\n<details>\n<summary><b>This PR</b></summary>\n\n```\nThroughput: 24.52 requests/s, 12555.73 tokens/s\n```\n\n</details>\n";
        let s = sides(text);
        assert_eq!(s.len(), 2);
        assert_eq!(
            (s[0].label.as_str(), s[0].role),
            ("Main branch", Some(Role::Before))
        );
        assert_eq!(
            (s[1].label.as_str(), s[1].role),
            ("This PR", Some(Role::After))
        );
    }

    #[test]
    fn a_fence_without_numbers_is_no_side() {
        assert!(sides("Run:\n```\npython bench.py --model x\n```\n").is_empty());
    }
}
