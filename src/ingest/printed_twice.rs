//! A run printed twice in one file is one run: a log that prints a serving block and then
//! the same result as JSON (a wrapper's `print(json.dumps(result))`) holds one run, not two
//! repeats whose standard deviation is 0. Two runs next to each other in the file, read by
//! two readers of one tool (`Format::family`, different formats), whose every shared number
//! agrees within the rounding of the less precise (`same_run::compare`) are one: the row
//! from the richer format is kept (at its own line), filled with what only the other holds,
//! and the merge is said (a warning naming both lines), never silent.

use super::same_run::{compare, fill_missing};
use crate::model::Run;

/// Numbers two printings of a run share at least: fewer is no evidence that they are one.
const SHARED_AT_LEAST: usize = 3;

/// Merges each run printed twice in a row (runs in file order); returns the (dropped, kept)
/// lines of each merge.
pub fn merge(runs: &mut Vec<Run>) -> Vec<(Option<u64>, Option<u64>)> {
    let mut merged = Vec::new();
    let mut i = 0;
    while i + 1 < runs.len() {
        let (a, b) = (&runs[i], &runs[i + 1]);
        let twice = a.format != b.format && a.format.family() == b.format.family() && {
            let (shared, differ) = compare(a, b);
            shared >= SHARED_AT_LEAST && differ.is_empty()
        };
        if !twice {
            i += 1;
            continue;
        }
        let (keep, drop) = if runs[i + 1].format.richness() > runs[i].format.richness() {
            (i + 1, i)
        } else {
            (i, i + 1)
        };
        let other = runs.remove(drop);
        let kept = &mut runs[if keep > drop { keep - 1 } else { keep }];
        merged.push((other.line, kept.line));
        fill_missing(kept, other.values);
        i += 1;
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Format;

    fn run(format: Format, line: u64, values: &[(&str, f64)]) -> Run {
        let mut r = Run::new(format, Some(line));
        for (k, v) in values {
            r.set_num(k.to_string(), *v);
        }
        r
    }

    #[test]
    fn a_block_and_its_json_are_one_run() {
        let text = run(
            Format::VllmServeText,
            3,
            &[
                ("completed", 100.0),
                ("duration", 12.35),
                ("output_throughput", 810.9),
                ("mean_ttft_ms", 20.01),
            ],
        );
        let json = run(
            Format::VllmServeJson,
            40,
            &[
                ("completed", 100.0),
                ("duration", 12.3456),
                ("output_throughput", 810.9123),
                ("mean_ttft_ms", 20.0088),
            ],
        );
        let mut runs = vec![text.clone(), json.clone()];
        assert_eq!(merge(&mut runs), [(Some(3), Some(40))]);
        assert_eq!(runs.len(), 1);
        assert_eq!(runs[0].format, Format::VllmServeJson);
        assert_eq!(runs[0].get("duration"), Some(12.3456));
        assert_eq!(runs[0].line, Some(40));
        // Beyond rounding: two runs.
        let mut other = json;
        other.set_num("duration", 13.0);
        let mut runs = vec![text, other];
        assert!(merge(&mut runs).is_empty());
        assert_eq!(runs.len(), 2);
    }
}
