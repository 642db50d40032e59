//! AFL target: arbitrary bytes through the ingest entry point, as `perflab ingest` reads a
//! file. The first byte picks the file's extension (readers look at it), the rest is the
//! file. A crash is a panic, or a broken promise of ingest: a run without any metric, or an
//! error that does not name its line.

use std::path::Path;

use perflab::ingest::read_bytes;
use perflab::model::schema::IDENTITY;
use perflab::model::Value;

const EXTENSIONS: [&str; 6] = ["txt", "md", "json", "jsonl", "csv", "log"];

fn main() {
    afl::fuzz!(|data: &[u8]| {
        let Some((first, bytes)) = data.split_first() else {
            return;
        };
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
    });
}
