//! The readers of per-request lists (`src/requests/`): vLLM's and SGLang's
//! `--save-detailed` results, AIPerf's `profile_export.jsonl`, genai-perf's
//! `profile_export.json`, GuideLLM's `benchmarks.json`, as `ingest --requests` and
//! `diff` read them. The input is the file's bytes.

use std::path::Path;

use perflab::requests::{self, goodput::goodput, RequestsWriter};
use perflab::slo::Slo;

use super::promise::names_the_file;

/// The folders whose JSON and JSON Lines files seed it: the tools that save requests.
pub const SEED_FOLDERS: &[&str] = &[
    "fixtures/vllm",
    "fixtures/diff",
    "fixtures/sglang",
    "fixtures/aiperf",
    "fixtures/genai-perf",
    "fixtures/guidellm",
    "fixtures/corpus/generated",
];

/// The name the file is read under (no summary export or stage file beside it).
const FILE: &str = "fuzz/result.json";

/// Per-request objectives, so that goodput reads every request's values.
fn objectives() -> Vec<Slo> {
    ["ttft<=200", "tpot<=50", "e2el<=5000"]
        .iter()
        .map(|s| Slo::parse(s).expect("a valid objective"))
        .collect()
}

/// Requests read, each row readable and the whole run writable as the requests frame;
/// or an error naming the file and its line.
pub fn read(data: &[u8]) {
    let path = Path::new(FILE);
    let text = String::from_utf8_lossy(data);
    match requests::read_text_of(path, &text) {
        Ok(Some(runs)) => {
            let mut frame = RequestsWriter::memory();
            for run in &runs {
                assert!(run.run_index >= 1, "a run numbered from 0");
                let rows = run.requests.iter().count();
                assert_eq!(rows, run.requests.len(), "rows and their count disagree");
                let _ = goodput(run, &objectives(), run.duration_s);
                if let Err(e) = frame.write("fuzz", run) {
                    panic!("requests read that the frame cannot hold: {e}");
                }
            }
            if let Err(e) = frame.finish_frame() {
                panic!("requests read that the frame cannot hold: {e}");
            }
        }
        Ok(None) => {}
        Err(e) => {
            names_the_file(&e, path);
            if let perflab::Error::Parse { line, message, .. } = &e {
                assert!(line.is_some(), "an error without its line: {message}");
            }
        }
    }
}
