//! The rows `perflab ingest --json` prints, and checks of their values: the preamble the
//! tests of each reader (`tests/ingest/`) share.

use serde_json::{Map, Value as Json};

use super::cli::perflab;

/// One run as `ingest --json` prints it: column → value.
pub type Row = Map<String, Json>;

/// The rows of `perflab ingest --json PATH`, which must succeed.
pub fn rows(path: &str) -> Vec<Row> {
    rows_of(&[path])
}

/// The rows of `perflab ingest --json ARGS…`, which must succeed.
pub fn rows_of(args: &[&str]) -> Vec<Row> {
    let out = perflab()
        .args(["ingest", "--json"])
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| match serde_json::from_str(l) {
            Ok(Json::Object(o)) => o,
            other => panic!("not a JSON object: {l:?} ({other:?})"),
        })
        .collect()
}

/// The number in `col`, which the row must hold.
pub fn num(r: &Row, col: &str) -> f64 {
    r.get(col)
        .and_then(Json::as_f64)
        .unwrap_or_else(|| panic!("no number in {col}: {r:#?}"))
}

/// The text in `col`, which the row must hold.
pub fn text<'a>(r: &'a Row, col: &str) -> &'a str {
    r.get(col)
        .and_then(Json::as_str)
        .unwrap_or_else(|| panic!("no text in {col}: {r:#?}"))
}

/// `a` equals `b` to the last digits a parse and a division may move (1e-9 relative).
pub fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * b.abs().max(1.0)
}

/// The row's number in `col` is `want` ([`close`]).
#[track_caller]
pub fn is(r: &Row, col: &str, want: f64) {
    let got = num(r, col);
    assert!(close(got, want), "{col}: {got} != {want}");
}
