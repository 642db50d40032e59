//! Readers of published documents, pull-request threads and pasted excerpts: `check`
//! (and its two outputs), `import` (and the study it writes), the before/after pair of
//! `diff DOC.md`, and `translate` with its HTML page. The input is the document's
//! bytes, read as the commands read a file (invalid UTF-8 replaced); `translate`'s first
//! byte picks the language to translate into.

use std::path::Path;
use std::sync::OnceLock;

use perflab::l10n::Localizer;
use perflab::translate::{self, Options, UserMemory};

use super::promise::{names_the_file, no_script};

/// The name the document is read under; errors must name it.
const DOCUMENT: &str = "fuzz/document.md";

fn text(data: &[u8]) -> String {
    String::from_utf8_lossy(data).into_owned()
}

fn english() -> &'static Localizer {
    static ENGLISH: OnceLock<Localizer> = OnceLock::new();
    ENGLISH.get_or_init(|| Localizer::new("en").expect("the English messages"))
}

/// `perflab check`: a result whose claims both outputs print, or an error naming the
/// document.
pub fn check(data: &[u8]) {
    let path = Path::new(DOCUMENT);
    match perflab::check::check(path, &text(data)) {
        Ok(checked) => {
            perflab::check::render_text(&checked, english());
            if let Err(e) = perflab::check::render_json(&checked) {
                panic!("a checked document that --json cannot print: {e}");
            }
        }
        Err(e) => names_the_file(&e, path),
    }
}

/// `perflab import`: a study that `study.toml` and the lost list can be written from,
/// or an error naming the document.
pub fn import(data: &[u8]) {
    let path = Path::new(DOCUMENT);
    match perflab::import::import(path, &text(data)) {
        Ok(imported) => {
            if let Err(e) = imported.study.to_toml("imported") {
                panic!("an imported study that cannot be written: {e}");
            }
            if let Err(e) = serde_json::to_string(&imported.lost) {
                panic!("a lost list that cannot be written: {e}");
            }
        }
        Err(e) => names_the_file(&e, path),
    }
}

/// The before/after pair `diff DOC.md` compares: each side a span of the document's
/// lines (the runs ingest reads from the document are sorted into sides by them).
pub fn document_pair(data: &[u8]) {
    let text = text(data);
    if let Some(pair) = perflab::check::document_pair(&text) {
        let lines = text.lines().count() as u64 + 1;
        for (from, to) in [pair.before_span, pair.after_span] {
            assert!(
                from <= to && to <= lines,
                "a side outside the document: {from}..{to} of {lines} lines"
            );
        }
    }
}

/// The languages `translate`'s first byte picks from.
const LANGUAGES: [&str; 3] = ["ru", "zh", "en"];

/// A fixture as `translate`'s input: into Russian.
pub fn translate_seed(_: &Path, bytes: &[u8]) -> Option<Vec<u8>> {
    Some([&[0u8][..], bytes].concat())
}

/// `perflab translate --html`: a translation whose page carries no script, or an error
/// naming the document.
pub fn translate(data: &[u8]) {
    let Some((first, bytes)) = data.split_first() else {
        return;
    };
    let to = LANGUAGES[*first as usize % LANGUAGES.len()];
    let path = Path::new(DOCUMENT);
    let text = text(bytes);
    let mut memory = UserMemory::open(None).expect("the shipped translation memory");
    let opts = Options {
        from: None,
        to,
        memory: &mut memory,
        llm: None,
    };
    match translate::translate(path, &text, opts) {
        Ok(done) => {
            let page = translate::html::page(&done.marked, "fuzz", to, &done.unfenced)
                .unwrap_or_else(|e| panic!("a translation whose page cannot be made: {e}"));
            // The page's own head holds its style and policy; the document is in <main>.
            let body = &page[page.find("<main").unwrap_or(0)..];
            no_script(body, false);
        }
        Err(e) => names_the_file(&e, path),
    }
}
