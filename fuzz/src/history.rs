//! The history store read back (`src/history/`): a part of the store, which another tool
//! (Spark, DuckDB, a hand-edited copy) may have written, read by `history report` (the
//! trends, their JSON lines and the page with its charts) and by `diff --against-history`
//! (every stored run). The input is the part's bytes, written into a store of perflab's
//! whose marker is right, as the only part of its date.

use std::path::{Path, PathBuf};

use perflab::app::history::{add, report, AddRequest, ReportRequest};
use perflab::app::Env;
use perflab::history::read::load_runs;
use perflab::history::Store;
use perflab::render::templates::Templates;

use super::promise::no_script;

/// Result files that `history add` keeps, of several tools: their parts seed it.
pub const SEED_FOLDERS: &[&str] = &[
    "fixtures/history",
    "fixtures/vllm",
    "fixtures/sglang",
    "fixtures/diff",
    "fixtures/llama-bench",
    "fixtures/guidellm",
];

/// The date every part is written under, and its place in the store.
const DATE: &str = "2026-12-01";
const PART: &str = "date=2026-12-01/part-fuzz.parquet";

fn english() -> Env {
    Env::new("en", Default::default()).expect("the English messages")
}

/// A store of this thread's own, whose marker is written; removed with the thread.
fn store_dir() -> PathBuf {
    thread_local! {
        static STORE: tempfile::TempDir = {
            let dir = tempfile::tempdir().expect("a temporary folder");
            let store = Store::open(&dir.path().to_string_lossy(), true).expect("a store");
            store.check_marker(true).expect("the store's marker");
            std::fs::create_dir_all(dir.path().join(PART).parent().expect("a folder"))
                .expect("the date's folder");
            dir
        };
    }
    STORE.with(|dir| dir.path().to_path_buf())
}

/// A fixture as a store part: what `history add` writes for its runs (labelled with
/// multi-byte words), `None` when it holds no run.
pub fn part_of(path: &Path, _: &[u8]) -> Option<Vec<u8>> {
    let dir = tempfile::tempdir().ok()?;
    let request = AddRequest {
        paths: vec![path.to_path_buf()],
        store: dir.path().to_string_lossy().into_owned(),
        labels: vec!["host=节点-1".into(), "gpu=H100 <b>80GB</b>".into()],
        date: Some(DATE.into()),
    };
    add(&request, &english()).ok()?;
    let folder = dir.path().join(format!("date={DATE}"));
    let part = std::fs::read_dir(folder).ok()?.next()?.ok()?.path();
    std::fs::read(part).ok()
}

/// The part read back by `history report` (page and JSON lines) and by `diff
/// --against-history`: a result, or an error; a page without script from the store.
pub fn read_part(data: &[u8]) {
    let dir = store_dir();
    std::fs::write(dir.join(PART), data).expect("the part written");
    let store = dir.to_string_lossy().into_owned();
    let env = english();
    let request = ReportRequest {
        store: store.clone(),
        recent: 30,
        ..Default::default()
    };
    match report(&request, &env) {
        Ok(outcome) => {
            outcome.json_lines();
            let templates = Templates::new(None).expect("the shipped templates");
            let page = outcome
                .page("en", &templates)
                .unwrap_or_else(|e| panic!("trends read whose page cannot be made: {e}"));
            let body = &page.html[page.html.find("<main").unwrap_or(0)..];
            no_script(body, true);
        }
        Err(e) => names_the_store(&e, &store),
    }
    let opened = Store::open(&store, false).expect("the store");
    if let Err(e) = load_runs(&opened, None) {
        names_the_store(&e, &store);
    }
}

/// An error about the store's files names the part it is about, or the store; the one
/// error about what was asked (no run has the metrics the report watches) names those.
fn names_the_store(error: &perflab::Error, store: &str) {
    if let perflab::Error::Usage(text) = error {
        if text.id.as_deref() == Some("history-error-no-metrics") {
            return;
        }
    }
    let message = error.to_string();
    assert!(
        message.contains(PART) || message.contains(store),
        "an error that names neither the part nor the store: {message}"
    );
}
