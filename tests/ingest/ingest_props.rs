//! Ingest never panics and never turns bad input into a silent result: random bytes, text
//! that mixes the anchors readers look for, and every fixture of every reader mutated (cut
//! short at many points, multibyte characters anywhere including across 4 KiB and 64 KiB,
//! JSON values swapped for other types, duplicate keys, a BOM, CRLF, NUL bytes, a 1 MB
//! line, 100,000-deep nesting) all give runs that each hold a metric, or an error that names
//! its line. Case counts are kept small: this runs unoptimised in CI on two cores.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use perflab::ingest::{read_source, Source};
use perflab::model::schema::IDENTITY;
use perflab::model::{Format, Run, Value};
use proptest::prelude::*;
use serde_json::Value as Json;

/// Extensions some readers look at before reading; random input is tried under each.
const EXTENSIONS: [&str; 6] = ["txt", "md", "json", "jsonl", "csv", "log"];

/// Reads `text` as a file named `name`, detecting the format or forcing one, and judges the
/// outcome: no panic; runs that each hold a metric (of the forced format, if one is), or an
/// error that names its line. `what` says which mutation made the text.
fn read_as(name: &str, text: &str, forced: Option<Format>, what: &str) {
    let source = Source::new(Path::new(name), text);
    let result = catch_unwind(AssertUnwindSafe(|| read_source(&source, forced)))
        .unwrap_or_else(|_| panic!("{name} [{what}]: a reader panicked"));
    match result {
        Ok(Some(parsed)) => {
            for run in &parsed.runs {
                assert!(
                    has_metric(run),
                    "{name} [{what}]: a run without any metric: {run:?}"
                );
                if let Some(f) = forced {
                    assert_eq!(run.format, f, "{name} [{what}]: not the forced format");
                }
            }
        }
        Ok(None) => {}
        Err(e) => assert!(
            e.line.is_some(),
            "{name} [{what}]: an error without its line: {}",
            e.message
        ),
    }
}

fn read(name: &str, text: &str, forced: Option<Format>) {
    read_as(name, text, forced, "as is");
}

/// A number in a column that measures something (not the run's identity or setup).
fn has_metric(run: &Run) -> bool {
    run.values.iter().any(|(col, v)| {
        matches!(v, Value::Num(_) | Value::List(_))
            && !IDENTITY.contains(&col.as_ref())
            && !["request_rate", "max_concurrency"].contains(&col.as_ref())
    })
}

/// Text fragments readers anchor on, and the pieces around them.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("============ Serving Benchmark Result ============".to_owned()),
        Just("Serving Benchmark Result".to_owned()),
        Just("==================================================".to_owned()),
        Just("====".to_owned()),
        Just("---------------Time to First Token----------------".to_owned()),
        Just("Throughput:".to_owned()),
        Just(
            "Throughput: 7.15 requests/s, 4656.00 total tokens/s, 1072.15 output tokens/s"
                .to_owned()
        ),
        Just("Avg latency:".to_owned()),
        Just("99% percentile latency: ".to_owned()),
        Just("{\"completed\"".to_owned()),
        Just("{\"completed\": 4, \"request_throughput\": ".to_owned()),
        Just("\"request_rate\": Infinity".to_owned()),
        Just("Successful requests:".to_owned()),
        Just("Mean TTFT (ms):".to_owned()),
        Just("P99.9 E2E Latency (s):".to_owned()),
        Just("Per-position acceptance (%):".to_owned()),
        Just("  Position 0:".to_owned()),
        Just("Backend:".to_owned()),
        Just("N/A".to_owned()),
        Just("-0.00".to_owned()),
        Just("[result]".to_owned()),
        Just("1,146.31".to_owned()),
        Just("inf".to_owned()),
        Just("    ".to_owned()),
        Just("# ".to_owned()),
        Just("\n".to_owned()),
        Just("\r\n".to_owned()),
        Just("\r".to_owned()),
        Just("{".to_owned()),
        Just("}".to_owned()),
        "[ -~]{0,24}",
        "[0-9.eE+-]{1,12}",
    ]
}

fn anchored_text() -> impl Strategy<Value = String> {
    prop::collection::vec(fragment(), 0..80).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2048), ext in 0..EXTENSIONS.len()) {
        let text = String::from_utf8_lossy(&bytes);
        read(&format!("random.{}", EXTENSIONS[ext]), &text, None);
    }

    #[test]
    fn text_mixing_the_anchors_never_panics(text in anchored_text(), ext in 0..EXTENSIONS.len()) {
        read(&format!("mixed.{}", EXTENSIONS[ext]), &text, None);
    }

    #[test]
    fn anchored_text_with_a_forced_format_never_panics(text in anchored_text(), f in 0..Format::ALL.len()) {
        read("mixed.txt", &text, Some(Format::ALL[f]));
    }

    #[test]
    fn a_fixture_cut_anywhere_never_panics(pick in any::<prop::sample::Index>(), cut in any::<prop::sample::Index>()) {
        let fixtures = fixtures();
        let (name, bytes) = &fixtures[pick.index(fixtures.len())];
        let end = cut.index(bytes.len() + 1);
        read(name, &String::from_utf8_lossy(&bytes[..end]), None);
    }
}

/// The folders of `fixtures/` that hold tool outputs, every reader's: the corpus and its
/// variants, each tool's own runs, the diff inputs and the published reports.
const OUTPUT_DIRS: [&str; 9] = [
    "corpus",
    "variants",
    "aiperf",
    "genai-perf",
    "guidellm",
    "vllm",
    "sglang",
    "diff",
    "reports",
];

/// Every fixture file with its contents, READMEs included (they are files a user may walk).
fn fixtures() -> Vec<(String, Vec<u8>)> {
    let base = crate::common::expected::fixtures_dir();
    OUTPUT_DIRS
        .iter()
        .flat_map(|d| crate::common::expected::files_under(&base, &base.join(d)))
        .map(|rel| {
            let bytes = std::fs::read(base.join(&rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
            (rel, bytes)
        })
        .collect()
}

/// The fixtures as text (invalid UTF-8 replaced, as the driver does), read once.
fn text_fixtures() -> Vec<(String, String)> {
    static TEXTS: std::sync::OnceLock<Vec<(String, String)>> = std::sync::OnceLock::new();
    TEXTS
        .get_or_init(|| {
            fixtures()
                .into_iter()
                .map(|(name, bytes)| (name, String::from_utf8_lossy(&bytes).into_owned()))
                .collect()
        })
        .clone()
}

/// The largest character boundary at or below `i`.
fn floor(text: &str, i: usize) -> usize {
    (0..=i.min(text.len()))
        .rev()
        .find(|&j| text.is_char_boundary(j))
        .unwrap_or(0)
}

/// `text` with `insert` put at the character boundary at or below `at`.
fn inserted(text: &str, at: usize, insert: &str) -> String {
    let at = floor(text, at);
    let mut out = String::with_capacity(text.len() + insert.len());
    out.push_str(&text[..at]);
    out.push_str(insert);
    out.push_str(&text[at..]);
    out
}

/// Positions spread over a text: `n` of them, first and last included.
fn spread(len: usize, n: usize) -> impl Iterator<Item = usize> {
    (0..n).map(move |i| if n < 2 { 0 } else { len * i / (n - 1) })
}

fn is_json(name: &str) -> bool {
    name.ends_with(".json") || name.ends_with(".jsonl")
}

/// Cuts per fixture for the exhaustive sweep: enough to land inside every block of the
/// small files, few enough that the 270 KB guidellm JSON costs about as much as the rest.
const CUTS_PER_FIXTURE: usize = 150;

#[test]
fn every_fixture_truncated_at_every_nth_byte_never_panics() {
    for (name, bytes) in fixtures() {
        // An odd step so that cuts fall at every position modulo small line lengths.
        let step = (bytes.len() / CUTS_PER_FIXTURE).max(1) | 1;
        for end in (0..=bytes.len()).step_by(step) {
            read(&name, &String::from_utf8_lossy(&bytes[..end]), None);
        }
    }
}

#[test]
fn every_fixture_read_with_every_format_forced_never_panics() {
    for (name, bytes) in fixtures() {
        let text = String::from_utf8_lossy(&bytes);
        for format in Format::ALL {
            read(&name, &text, Some(format));
        }
    }
}

/// Characters of one to four bytes in UTF-8.
const MULTIBYTE: [&str; 4] = ["é", "中", "😀", "\u{feff}"];

#[test]
fn multibyte_characters_anywhere_never_break_a_reader() {
    for (name, text) in text_fixtures() {
        for (i, at) in spread(text.len(), 24).enumerate() {
            let ch = MULTIBYTE[i % MULTIBYTE.len()];
            read_as(
                &name,
                &inserted(&text, at, ch),
                None,
                &format!("{ch} at {at}"),
            );
        }
    }
}

/// A copy of `text` grown past 64 KiB (the file repeated, as a log of many runs is), then a
/// 3-byte character put across `boundary` (4 KiB and 64 KiB, sizes a reader might cut at),
/// whole and cut just after the boundary.
#[test]
fn a_character_across_4_and_64_kib_never_breaks_a_reader() {
    for (name, text) in text_fixtures() {
        if text.is_empty() {
            continue;
        }
        let mut big = String::with_capacity(70_000 + text.len());
        while big.len() < 70_000 {
            big.push_str(&text);
            big.push('\n');
        }
        for boundary in [4096, 65536] {
            for back in 1..=2 {
                let at = floor(&big, boundary - back);
                let grown = inserted(&big, at, "中");
                let what = format!("中 at {at} across {boundary}");
                read_as(&name, &grown, None, &what);
                let cut = floor(&grown, boundary + 1);
                read_as(&name, &grown[..cut], None, &format!("{what}, cut at {cut}"));
            }
        }
        // Only the text under the size limit: the original length and Chinese after it.
        let zh = "中文的生成文本。".repeat(9000);
        for at in [0, text.len() / 2] {
            read_as(&name, &inserted(&text, at, &zh), None, "70 KB of Chinese");
        }
    }
}

/// JSON values readers may meet where they expect a number.
fn replacements() -> [Json; 9] {
    [
        Json::from("many"),
        serde_json::json!([1, 2]),
        serde_json::json!({"x": 1}),
        Json::from(true),
        Json::Null,
        Json::from("inf"),
        Json::from("NaN"),
        Json::from(-1.5),
        Json::from(1e308),
    ]
}

/// Replaces the value at `path` (object keys) in `doc`.
fn with_value(doc: &Json, path: &[String], value: &Json) -> Json {
    let mut doc = doc.clone();
    let mut at = &mut doc;
    for key in path {
        match at.get_mut(key) {
            Some(next) => at = next,
            None => return doc,
        }
    }
    *at = value.clone();
    doc
}

/// Paths of the keys of the top-level object and of the objects one level down (where
/// genai-perf and AIPerf keep their statistics), at most `max`.
fn key_paths(doc: &Json, max: usize) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let Json::Object(top) = doc else {
        return out;
    };
    for (k, v) in top {
        out.push(vec![k.clone()]);
        if let Json::Object(inner) = v {
            out.extend(inner.keys().take(12).map(|k2| vec![k.clone(), k2.clone()]));
        }
    }
    out.truncate(max);
    out
}

/// The JSON documents of a fixture: the file, or each line of a JSONL file.
fn json_documents(text: &str) -> Vec<(usize, Json)> {
    if let Ok(doc) = serde_json::from_str::<Json>(text) {
        return vec![(0, doc)];
    }
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| serde_json::from_str(l).ok().map(|d| (i, d)))
        .collect()
}

#[test]
fn json_values_of_every_type_are_runs_or_errors_with_a_line() {
    for (name, text) in text_fixtures().into_iter().filter(|(n, _)| is_json(n)) {
        let lines: Vec<&str> = text.lines().collect();
        for (line, doc) in json_documents(&text) {
            for path in key_paths(&doc, 40) {
                for value in replacements() {
                    let changed = with_value(&doc, &path, &value).to_string();
                    let mutated = if lines.len() > 1 && line < lines.len() {
                        let mut l = lines.clone();
                        l[line] = &changed;
                        l.join("\n")
                    } else {
                        changed
                    };
                    let what = format!("{} = {value}", path.join("."));
                    read_as(&name, &mutated, None, &what);
                }
            }
        }
    }
}

#[test]
fn duplicate_keys_bom_crlf_and_nul_bytes_never_break_a_reader() {
    for (name, text) in text_fixtures() {
        if is_json(&name) {
            for (_, doc) in json_documents(&text).into_iter().take(1) {
                for path in key_paths(&doc, 20).into_iter().filter(|p| p.len() == 1) {
                    let key = serde_json::to_string(&path[0]).unwrap_or_default();
                    for value in ["\"many\"", "0", "null", "{}"] {
                        let dup = text.replacen('{', &format!("{{{key}: {value}, "), 1);
                        read_as(&name, &dup, None, &format!("duplicate {key} = {value}"));
                    }
                }
            }
        }
        read_as(&name, &format!("\u{feff}{text}"), None, "BOM");
        read_as(&name, &text.replace('\n', "\r\n"), None, "CRLF");
        read_as(&name, &text.replace(' ', "\0"), None, "NUL for every space");
        for at in spread(text.len(), 16) {
            read_as(
                &name,
                &inserted(&text, at, "\0"),
                None,
                &format!("NUL at {at}"),
            );
        }
    }
}

#[test]
fn a_one_megabyte_line_never_breaks_a_reader() {
    const MB: usize = 1_000_000;
    let lines = [
        "x".repeat(MB),
        "1".repeat(MB),
        format!("Mean TTFT (ms): {}", "9".repeat(MB)),
        format!("{{\"completed\": 1, \"x\": \"{}\"}}", "中".repeat(MB / 3)),
    ];
    for (name, text) in text_fixtures() {
        let middle = text[..floor(&text, text.len() / 2)]
            .rfind('\n')
            .map_or(0, |i| i + 1);
        for (i, line) in lines.iter().enumerate() {
            for at in [0, middle] {
                let what = format!("1 MB line #{i} at {at}");
                read_as(
                    &name,
                    &inserted(&text, at, &format!("{line}\n")),
                    None,
                    &what,
                );
            }
        }
    }
}

#[test]
fn nesting_100_000_deep_never_overflows_the_stack() {
    const DEPTH: usize = 100_000;
    let arrays = format!("{}{}", "[".repeat(DEPTH), "]".repeat(DEPTH));
    let objects = format!("{}1{}", "{\"a\":".repeat(DEPTH), "}".repeat(DEPTH));
    for ext in EXTENSIONS {
        for deep in [&arrays, &objects] {
            let name = format!("deep.{ext}");
            read_as(&name, deep, None, "deep alone");
            let result = format!("{{\"completed\": {deep}, \"request_throughput\": 1.0}}");
            read_as(&name, &result, None, "deep as a result's value");
            read_as(&name, &format!("log line\n{result}\n"), None, "deep inline");
        }
    }
    for (name, text) in text_fixtures().into_iter().filter(|(n, _)| is_json(n)) {
        let deep = text.replacen(':', &format!(": {arrays}, \"_\":"), 1);
        read_as(&name, &deep, None, "deep first value");
    }
}

/// Edits a fixture in place: a random insertion (any characters), deletion, duplication of
/// a range, or a number swapped for a word.
#[derive(Debug, Clone)]
enum Edit {
    Insert(prop::sample::Index, String),
    Delete(prop::sample::Index, usize),
    Duplicate(prop::sample::Index, usize),
    Word(prop::sample::Index, String),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<prop::sample::Index>(), "\\PC{0,12}").prop_map(|(i, s)| Edit::Insert(i, s)),
        (any::<prop::sample::Index>(), 0usize..400).prop_map(|(i, n)| Edit::Delete(i, n)),
        (any::<prop::sample::Index>(), 0usize..400).prop_map(|(i, n)| Edit::Duplicate(i, n)),
        (
            any::<prop::sample::Index>(),
            prop_oneof![
                Just("N/A".to_owned()),
                Just("inf".to_owned()),
                Just("\"x\"".to_owned()),
                Just("[]".to_owned()),
                Just("{}".to_owned()),
                Just("null".to_owned()),
                Just("-0.00".to_owned()),
                Just("1,146.31".to_owned()),
            ]
        )
            .prop_map(|(i, w)| Edit::Word(i, w)),
    ]
}

fn apply(text: &str, e: &Edit) -> String {
    match e {
        Edit::Insert(at, s) => inserted(text, at.index(text.len() + 1), s),
        Edit::Delete(at, n) => {
            let a = floor(text, at.index(text.len() + 1));
            let b = floor(text, a + n);
            format!("{}{}", &text[..a], &text[b..])
        }
        Edit::Duplicate(at, n) => {
            let a = floor(text, at.index(text.len() + 1));
            let b = floor(text, a + n);
            inserted(text, b, &text[a..b])
        }
        Edit::Word(at, w) => {
            // The number nearest after the position becomes the word.
            let a = floor(text, at.index(text.len() + 1));
            let Some(start) = text[a..].find(|c: char| c.is_ascii_digit()).map(|i| a + i) else {
                return text.to_owned();
            };
            let end = text[start..]
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .map_or(text.len(), |i| start + i);
            format!("{}{w}{}", &text[..start], &text[end..])
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn fixtures_edited_at_random_are_runs_or_errors_with_a_line(
        pick in any::<prop::sample::Index>(),
        edits in prop::collection::vec(edit(), 1..5),
    ) {
        let fixtures = text_fixtures();
        let (name, text) = &fixtures[pick.index(fixtures.len())];
        let mut text = text.clone();
        for e in &edits {
            text = apply(&text, e);
        }
        read_as(name, &text, None, &format!("{edits:?}"));
    }
}
