//! Every word a person reads comes from `locales/`: this test reads `src/` and fails on
//! a string literal with an English phrase passed to something that prints or builds a
//! message (`format!`, `anyhow!`, `println!`, `writeln!`, `Error::Usage(…)`, …), outside
//! `#[cfg(test)]` code. A short, reviewed allow-list holds what is not for people (see
//! each reason); `--help` texts are doc comments and stay English.

use std::path::{Path, PathBuf};

/// Calls whose string arguments end up in front of a person.
const SINKS: [&str; 18] = [
    "format!",
    "anyhow!",
    "bail!",
    "println!",
    "eprintln!",
    "print!",
    "eprint!",
    "writeln!",
    "write!",
    "panic!",
    "Usage",
    "parse",
    "Render",
    "Frame",
    "context",
    "error",
    "error_at",
    "chart_error",
];

/// (file, start of the literal, why it may stay English).
const ALLOWED: [(&str, &str, &str); 4] = [
    (
        "src/import/mod.rs",
        "# Provenance: {}, lines {}-{}, imported by perflab.",
        "the first line of each copied raw file, one fixed form that tools read back",
    ),
    (
        "src/l10n/mod.rs",
        "Fluent syntax",
        "a broken embedded locale file is a build defect, reported before any locale loads",
    ),
    (
        "src/l10n/mod.rs",
        "duplicate Fluent messages",
        "a broken embedded locale file is a build defect, reported before any locale loads",
    ),
    (
        "src/l10n/mod.rs",
        "unknown language `{lang}`",
        "Localizer::new of a name that resolve_lang never returns: a programming error",
    ),
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read src/") {
        let path = entry.expect("dir entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// String literals of Rust source: (byte offset of the opening quote, content), with
/// comments, char literals and lifetimes skipped.
fn literals(src: &str) -> Vec<(usize, String)> {
    let chars: Vec<(usize, char)> = src.char_indices().collect();
    let at = |i: usize| chars.get(i).map(|c| c.1);
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i].1;
        let ident_before = i > 0 && (chars[i - 1].1.is_alphanumeric() || chars[i - 1].1 == '_');
        if c == '/' && at(i + 1) == Some('/') {
            while i < chars.len() && chars[i].1 != '\n' {
                i += 1;
            }
        } else if c == '/' && at(i + 1) == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i].1 == '*' && chars[i + 1].1 == '/') {
                i += 1;
            }
            i += 2;
        } else if c == 'r' && !ident_before && matches!(at(i + 1), Some('"') | Some('#')) {
            let mut j = i + 1;
            let mut hashes = 0;
            while at(j) == Some('#') {
                hashes += 1;
                j += 1;
            }
            if at(j) != Some('"') {
                i += 1;
                continue;
            }
            let start = j;
            j += 1;
            let body_start = j;
            loop {
                if j >= chars.len() {
                    break;
                }
                if chars[j].1 == '"' && (1..=hashes).all(|h| at(j + h) == Some('#')) {
                    break;
                }
                j += 1;
            }
            let body: String = chars[body_start..j.min(chars.len())]
                .iter()
                .map(|c| c.1)
                .collect();
            out.push((chars[start].0, body));
            i = j + 1 + hashes;
        } else if c == '"' {
            let start = i;
            let mut body = String::new();
            i += 1;
            while i < chars.len() && chars[i].1 != '"' {
                if chars[i].1 == '\\' {
                    i += 1;
                    body.push(' ');
                } else {
                    body.push(chars[i].1);
                }
                i += 1;
            }
            out.push((chars[start].0, body));
            i += 1;
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{1F}') or a lifetime ('a).
            if at(i + 1) == Some('\\') {
                i += 2;
                while i < chars.len() && chars[i].1 != '\'' {
                    i += 1;
                }
                i += 1;
            } else if at(i + 2) == Some('\'') {
                i += 3;
            } else {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The name of the call whose argument list holds byte `offset`: `format!`,
/// `Error::Usage` → `Usage`, `self.error_at` → `error_at`.
fn callee(src: &str, offset: usize) -> Option<String> {
    let bytes = src.as_bytes();
    let mut depth = 0i32;
    let mut i = offset;
    while i > 0 {
        i -= 1;
        match bytes[i] {
            b')' | b']' => depth += 1,
            b'(' | b'[' if depth > 0 => depth -= 1,
            b'(' => {
                let name_end = i;
                let mut s = name_end;
                while s > 0
                    && (bytes[s - 1].is_ascii_alphanumeric() || b"_!".contains(&bytes[s - 1]))
                {
                    s -= 1;
                }
                return Some(src[s..name_end].to_owned());
            }
            b';' | b'{' | b'}' if depth == 0 => return None,
            _ => {}
        }
    }
    None
}

/// Whether `text` reads as an English phrase: two words of letters side by side, one of
/// them three letters or more, outside `{placeholders}`, `<tags>` and `` `code` ``.
fn is_english_phrase(text: &str) -> bool {
    let mut plain = String::new();
    let mut skip: Option<char> = None;
    for c in text.chars() {
        match (skip, c) {
            (None, '{') => skip = Some('}'),
            (None, '<') => skip = Some('>'),
            (None, '`') => skip = Some('`'),
            (Some(end), c) if c == end => {
                skip = None;
                plain.push(' ');
            }
            (Some(_), _) => {}
            (None, c) => plain.push(c),
        }
    }
    let words: Vec<&str> = plain.split(' ').collect();
    words.windows(2).any(|w| {
        let letters = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphabetic());
        let w0 = w[0].trim_start_matches('(');
        let w1 = w[1].trim_end_matches([',', '.', ':', ';', ')']);
        letters(w0) && letters(w1) && (w0.len() >= 3 || w1.len() >= 3)
    })
}

#[test]
fn src_builds_no_english_sentence() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    files.sort();
    let mut found = Vec::new();
    let mut allowed_used = vec![false; ALLOWED.len()];
    for path in files {
        let name = path
            .strip_prefix(root)
            .unwrap_or(&path)
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(&path).expect("read source");
        // Unit tests sit at the end of each file, after `#[cfg(test)]`.
        // A test-only file says so with `#![cfg(test)]` at its top.
        let code = if text.contains("#![cfg(test)]") {
            ""
        } else {
            text.split("#[cfg(test)]").next().unwrap_or("")
        };
        for (offset, literal) in literals(code) {
            let Some(call) = callee(code, offset) else {
                continue;
            };
            let call = call.rsplit("::").next().unwrap_or(&call).to_owned();
            if !SINKS.contains(&call.as_str()) || !is_english_phrase(&literal) {
                continue;
            }
            if let Some(k) = ALLOWED
                .iter()
                .position(|(f, start, _)| *f == name && literal.starts_with(start))
            {
                allowed_used[k] = true;
                continue;
            }
            let line = code[..offset].matches('\n').count() + 1;
            found.push(format!("{name}:{line}: {call}(\"{literal}\")"));
        }
    }
    assert!(
        found.is_empty(),
        "English text built in src/ (move it to locales/ and use tr!):\n{}",
        found.join("\n")
    );
    // A stale allow-list entry hides nothing and must go.
    for (used, (file, start, _)) in allowed_used.iter().zip(ALLOWED) {
        assert!(used, "allow-list entry no longer needed: {file}: {start}");
    }
}

#[test]
fn the_scanner_finds_english_and_skips_the_rest() {
    let src = r#"
        fn f() -> Result<()> {
            let c = '"';
            let s = format!("{n} runs written to {}", p);
            // eprintln!("a comment is not output");
            let t = format!("{}#{}", a, b);
            let h = format!("<td class=\"num\">{}</td>", x);
            Err(Error::Usage(tr!("error-id")))
        }
    "#;
    let hits: Vec<(String, String)> = literals(src)
        .into_iter()
        .filter_map(|(o, l)| Some((callee(src, o)?, l)))
        .filter(|(c, l)| SINKS.contains(&c.as_str()) && is_english_phrase(l))
        .collect();
    assert_eq!(
        hits,
        vec![("format!".to_owned(), "{n} runs written to {}".to_owned())]
    );
}
