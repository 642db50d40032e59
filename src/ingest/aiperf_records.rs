//! AIPerf's per-request records (`profile_export.jsonl`) as the run, where they are all
//! the run left: when every request fails, AIPerf 0.13 writes no `profile_export_aiperf.json`
//! or `.csv` (`export_results` stops on `All N inference request(s) failed`), only the
//! records, one `{"metadata": …, "metrics": {"error_isl": …}, "error": {…}}` per failed
//! request. Such a file is a run with `completed` 0 and `failed` = its profiling records
//! (warm-up records are not the run's, as in `requests/aiperf.rs`), of AIPerf's JSON
//! format (`aiperf-json`); its requests frame is the same file's. A console beside it (the
//! `Processed 0 valid requests and N errors` one) is the same run (`same_run.rs`).
//!
//! Beside a summary export, or with a successful record, the file is the requests of the
//! run the summary holds, and no run of its own.

use super::reader::{ParseError, Parsed, ReadResult, Reader, Source};
use crate::model::{Format, Run};
use crate::requests::{self, Rule};

pub struct AiperfRecordsReader;

/// The summary exports whose run the records belong to, when AIPerf wrote them.
const SUMMARIES: [&str; 2] = ["profile_export_aiperf.json", "profile_export_aiperf.csv"];

impl Reader for AiperfRecordsReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::AiperfJson]
    }

    fn read(&self, source: &Source) -> ReadResult {
        if source.file_name() != requests::AIPERF_RECORDS {
            return Ok(None);
        }
        if SUMMARIES
            .iter()
            .any(|s| source.path.with_file_name(s).is_file())
        {
            return Ok(None);
        }
        let runs = match requests::read_text(source.text) {
            Ok(Some(runs)) => runs,
            Ok(None) => return Ok(None),
            Err((line, message)) => return Err(ParseError::new(line, message)),
        };
        let Some(records) = runs.into_iter().find(|r| r.rule == Rule::Aiperf) else {
            return Ok(None);
        };
        if records.requests.is_empty() || records.requests.iter().any(|r| r.ok) {
            return Ok(None);
        }
        let mut run = Run::new(Format::AiperfJson, None);
        run.set_num("completed", 0.0);
        run.set_num("failed", records.requests.len() as f64);
        Ok(Some(Parsed {
            runs: vec![run],
            warnings: vec![],
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    const DIR: &str = "fixtures/aiperf/0.13.0-all-failed-artifacts/run-all-failed";

    #[test]
    fn records_of_failed_requests_only_are_a_run_that_failed() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(DIR)
            .join("profile_export.jsonl");
        let text = std::fs::read_to_string(&path).unwrap();
        let parsed = AiperfRecordsReader
            .read(&Source::new(&path, &text))
            .unwrap()
            .unwrap();
        assert_eq!(parsed.runs.len(), 1);
        let r = &parsed.runs[0];
        assert_eq!(r.format, Format::AiperfJson);
        assert_eq!(r.get("completed"), Some(0.0));
        assert_eq!(r.get("failed"), Some(text.lines().count() as f64));
        assert_eq!(r.get("failed"), Some(10.0));
    }

    #[test]
    fn records_beside_their_summary_or_with_a_success_are_no_run() {
        // A successful run's records: the summary beside them is the run.
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(
            "fixtures/aiperf/0.13.0-chat-nostream-c2/run-chat-nostream-c2/profile_export.jsonl",
        );
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(AiperfRecordsReader
            .read(&Source::new(&path, &text))
            .unwrap()
            .is_none());
        // The same records alone still hold successes: not a failed run.
        let alone = Path::new("profile_export.jsonl");
        assert!(AiperfRecordsReader
            .read(&Source::new(alone, &text))
            .unwrap()
            .is_none());
    }

    #[test]
    fn a_cut_record_is_an_error_at_its_line() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(DIR)
            .join("profile_export.jsonl");
        let text = std::fs::read_to_string(&path).unwrap();
        let cut_at = text.match_indices('\n').nth(2).unwrap().0 + 40;
        let e = AiperfRecordsReader
            .read(&Source::new(
                Path::new("profile_export.jsonl"),
                &text[..cut_at],
            ))
            .unwrap_err();
        assert_eq!(e.line, Some(4), "{e:?}");
    }
}
