//! What `history add` attaches to each run: `--label KEY=VALUE` (commit, branch,
//! machine…) and the date of its partition; and a run's identity, the hash that makes
//! adding the same runs twice add nothing.

use std::collections::BTreeMap;

use ring::digest::{digest, SHA256};

use crate::model::frame::run_to_json_line;
use crate::model::Run;
use crate::{Error, Result};

/// Columns the store writes itself; a label may not take their names.
pub const RUN_ID: &str = "run_id";
pub const DATE: &str = "date";

/// The labels of one `add`, sorted by key.
pub type Labels = BTreeMap<String, String>;

/// Parses `KEY=VALUE` flags. A key is a column name (letters, digits, `_`, not starting
/// with a digit) so that DuckDB and Spark queries can name it unquoted.
pub fn parse_labels(flags: &[String]) -> Result<Labels> {
    let mut labels = Labels::new();
    for flag in flags {
        let Some((key, value)) = flag.split_once('=') else {
            return Err(Error::usage(crate::msg!(
                "history-error-label",
                label = flag.clone()
            )));
        };
        let key = key.trim();
        let valid = key
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !valid {
            return Err(Error::usage(crate::msg!(
                "history-error-label-key",
                label = flag.clone()
            )));
        }
        if key == RUN_ID || key == DATE {
            return Err(Error::usage(crate::msg!(
                "history-error-label-reserved",
                key = key.to_owned()
            )));
        }
        if labels.insert(key.to_owned(), value.to_owned()).is_some() {
            return Err(Error::usage(crate::msg!(
                "history-error-label-twice",
                key = key.to_owned()
            )));
        }
    }
    Ok(labels)
}

/// `YYYY-MM-DD` (a timestamp's date part is accepted: `2026-12-01T03:00:00Z`), as the
/// canonical `YYYY-MM-DD`.
pub fn parse_date(text: &str) -> Option<String> {
    let day = text.trim().get(..10)?;
    let rest = &text.trim()[10..];
    if !(rest.is_empty() || rest.starts_with('T') || rest.starts_with(' ')) {
        return None;
    }
    chrono::NaiveDate::parse_from_str(day, "%Y-%m-%d")
        .ok()
        .map(|d| d.format("%Y-%m-%d").to_string())
}

/// Today in UTC: the date of runs added without `--date`.
pub fn today() -> String {
    chrono::Utc::now()
        .date_naive()
        .format("%Y-%m-%d")
        .to_string()
}

/// A run's identity: SHA-256 over its canonical JSON line (every value it was read
/// with, identity columns included), its labels and its date. The same file added twice
/// on the same date with the same labels gives the same ids; a new night or commit does
/// not.
pub fn run_id(run: &Run, labels: &Labels, date: &str) -> String {
    let mut text = run_to_json_line(run);
    for (k, v) in labels {
        text.push('\n');
        text.push_str(k);
        text.push('=');
        text.push_str(v);
    }
    text.push_str("\ndate=");
    text.push_str(date);
    hex(digest(&SHA256, text.as_bytes()).as_ref(), 32)
}

/// A part file's name: the hash of the sorted ids of the runs it holds.
pub fn content_hash(ids: &[&str]) -> String {
    let mut sorted: Vec<&str> = ids.to_vec();
    sorted.sort_unstable();
    hex(digest(&SHA256, sorted.join("\n").as_bytes()).as_ref(), 16)
}

fn hex(bytes: &[u8], n: usize) -> String {
    bytes.iter().take(n).map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_dates() {
        let l = parse_labels(&["commit=abc".into(), "branch=main=x".into()]).unwrap();
        assert_eq!(l["branch"], "main=x");
        assert!(parse_labels(&["commit".into()]).is_err());
        assert!(parse_labels(&["9x=1".into()]).is_err());
        assert!(parse_labels(&["date=2026-01-01".into()]).is_err());
        assert!(parse_labels(&["a=1".into(), "a=2".into()]).is_err());
        assert_eq!(parse_date("2026-12-01").as_deref(), Some("2026-12-01"));
        assert_eq!(
            parse_date("2026-12-01T03:00:00Z").as_deref(),
            Some("2026-12-01")
        );
        assert_eq!(parse_date("2026-02-30"), None);
        assert_eq!(parse_date("20261201"), None);
    }

    #[test]
    fn identity_depends_on_content_labels_and_date() {
        let mut run = Run::new(crate::model::Format::VllmServeJson, None);
        run.set_num("request_throughput", 1.5);
        let labels = parse_labels(&["commit=abc".into()]).unwrap();
        let a = run_id(&run, &labels, "2026-12-01");
        assert_eq!(a, run_id(&run, &labels, "2026-12-01"));
        assert_ne!(a, run_id(&run, &labels, "2026-12-02"));
        assert_ne!(a, run_id(&run, &Labels::new(), "2026-12-01"));
        run.set_num("request_throughput", 1.6);
        assert_ne!(a, run_id(&run, &labels, "2026-12-01"));
        assert_eq!(a.len(), 64);
    }
}
