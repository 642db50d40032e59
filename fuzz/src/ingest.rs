//! `perflab ingest`'s reading of one file (`ingest::read_bytes`: invalid UTF-8
//! replaced, terminal colours removed, every reader tried, `ingest::settle` applied). The
//! first byte picks the file's extension (`txt md json jsonl csv log`; some readers look
//! at it), the rest is the file.

use std::path::Path;

use perflab::ingest::read_bytes;
use perflab::ingest::text::decode;
use perflab::model::schema::IDENTITY;
use perflab::model::Value;

const EXTENSIONS: [&str; 6] = ["txt", "md", "json", "jsonl", "csv", "log"];

/// A fixture under 32 KiB (the fuzzers work best on small seeds, and the fixtures'
/// expected outputs are not inputs), prefixed with the byte of its extension.
pub fn seed(path: &Path, bytes: &[u8]) -> Option<Vec<u8>> {
    let expected = path.components().any(|c| {
        let c = c.as_os_str();
        c == "expected" || c == "studies"
    });
    if expected || bytes.len() >= 32 << 10 {
        return None;
    }
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("log");
    let byte = EXTENSIONS.iter().position(|e| *e == ext).unwrap_or(5) as u8;
    Some([&[byte][..], bytes].concat())
}

/// Runs that each hold a metric, or an error that names its line; the text decoded
/// exactly as `String::from_utf8_lossy` decodes it (`decode` hands out `str`s it did not
/// validate again: its `unsafe` blocks rest on that).
pub fn read(data: &[u8]) {
    let Some((first, bytes)) = data.split_first() else {
        return;
    };
    assert_eq!(decode(bytes), String::from_utf8_lossy(bytes), "decode");
    let name = format!("input.{}", EXTENSIONS[*first as usize % EXTENSIONS.len()]);
    match read_bytes(Path::new(&name), bytes, None) {
        Ok(Some(parsed)) => {
            for run in &parsed.runs {
                let has_metric = run.values.iter().any(|(col, v)| {
                    matches!(v, Value::Num(_) | Value::List(_))
                        && !IDENTITY.contains(&col.as_ref())
                        && !["request_rate", "max_concurrency"].contains(&col.as_ref())
                });
                assert!(has_metric, "a run without any metric: {run:?}");
            }
        }
        Ok(None) => {}
        Err(e) => assert!(e.line.is_some(), "an error without its line: {}", e.message),
    }
}
