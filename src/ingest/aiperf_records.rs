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

pub struct AiperfRecordsReader;

/// The name of the per-request records AIPerf writes beside its summary exports.
pub const FILE_NAME: &str = "profile_export.jsonl";

/// One record as far as counting needs it: its phase and whether it failed. The
/// requests frame reads the whole record (`requests/aiperf.rs`) by the same rule: a
/// record outside the `profiling` phase (warm-up) is not a request of the run.
#[derive(serde::Deserialize)]
struct Record {
    #[serde(default)]
    metadata: Metadata,
    error: Option<serde::de::IgnoredAny>,
}

#[derive(Default, serde::Deserialize)]
struct Metadata {
    benchmark_phase: Option<String>,
}

/// (succeeded, failed) profiling records; `None` when the text is not AIPerf's records.
fn count_records(text: &str) -> Result<Option<(usize, usize)>, ParseError> {
    let head = &text[..crate::offsets::floor_char_boundary(text, 4096)];
    if !head.contains("\"request_start_ns\"") || !head.contains("\"benchmark_phase\"") {
        return Ok(None);
    }
    let clean = super::sanitize_json(text);
    let (mut ok, mut failed) = (0, 0);
    for (i, line) in clean.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let record: Record = serde_json::from_str(line).map_err(|e| {
            ParseError::new(
                Some(i as u64 + 1),
                crate::msg!("requests-error-json", reason = e.to_string()),
            )
        })?;
        if record
            .metadata
            .benchmark_phase
            .as_deref()
            .is_some_and(|p| p != "profiling")
        {
            continue;
        }
        match record.error {
            Some(_) => failed += 1,
            None => ok += 1,
        }
    }
    Ok(Some((ok, failed)))
}

/// The summary exports whose run the records belong to, when AIPerf wrote them.
const SUMMARIES: [&str; 2] = ["profile_export_aiperf.json", "profile_export_aiperf.csv"];

impl Reader for AiperfRecordsReader {
    fn formats(&self) -> &'static [Format] {
        &[Format::AiperfJson]
    }

    fn read(&self, source: &Source) -> ReadResult {
        if source.file_name() != FILE_NAME {
            return Ok(None);
        }
        if SUMMARIES
            .iter()
            .any(|s| source.path.with_file_name(s).is_file())
        {
            return Ok(None);
        }
        let Some((ok, failed)) = count_records(source.text)? else {
            return Ok(None);
        };
        if failed == 0 || ok > 0 {
            return Ok(None);
        }
        let mut run = Run::new(Format::AiperfJson, None);
        run.set_num("completed", 0.0);
        run.set_num("failed", failed as f64);
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
