//! The promises every reader of strangers' text keeps, checked by the targets.

use std::path::Path;

use perflab::Error;

/// An error about an input names that input: the file the reader was given (and its
/// line where the format has lines, which the reader's own target checks).
pub fn names_the_file(error: &Error, file: &Path) {
    match error {
        Error::Parse { path, .. } | Error::Io { path, .. } | Error::NotARun { path, .. } => {
            assert_eq!(path, file, "an error naming another file: {error}")
        }
        other => panic!("an error about the input that names no file: {other:?}"),
    }
}

/// Script in a page made from a stranger's text: a script-capable tag, an event handler
/// or a script URL inside a tag. Text that shows them (`&lt;script&gt;`, a code
/// block) is fine; `charts`: the page draws its own inline SVG, which then is no
/// finding by itself (script inside it still is).
pub fn no_script(html: &str, charts: bool) {
    use std::sync::OnceLock;
    static PATTERNS: OnceLock<[regex::Regex; 4]> = OnceLock::new();
    let [tags, svg, handlers, urls] = PATTERNS.get_or_init(|| {
        [
            r"(?i)<(script|iframe|object|embed|math|style|form|base|meta)\b",
            r"(?i)<svg\b",
            r"(?i)<[^>]*\son[a-z]+\s*=",
            r#"(?i)<[^>]*(href|src|action|data)\s*=\s*["']?\s*(javascript|vbscript|data):"#,
        ]
        .map(|p| regex::Regex::new(p).expect("a valid pattern"))
    });
    let mut patterns = vec![tags, handlers, urls];
    if !charts {
        patterns.push(svg);
    }
    for re in patterns {
        if let Some(m) = re.find(html) {
            panic!("a page kept {re}: {:?}", &html[m.start()..m.end()]);
        }
    }
}
