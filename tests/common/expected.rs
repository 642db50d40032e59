//! The hand-written expectations of `fixtures/expected/` (format: `fixtures/expected/README.md`)
//! and the check of one fixture against its expectation. Used by `ingest_expected.rs` (the
//! formats whose readers exist) and `ingest_expected_perf.rs` (the readers still being
//! written), which differ only in which expectation files they take.

use std::path::{Path, PathBuf};

use perflab::ingest::{read_file, InputFile};
use perflab::model::{Run, Value};
use perflab::Error;

/// Files among the fixtures that describe the others and hold no run.
pub const NOT_RUNS: [&str; 2] = ["README.md", "PROVENANCE.md"];

/// The folders of fixtures, relative to `fixtures/`; each has its expectations under
/// `fixtures/expected/<folder>/`.
pub const FIXTURE_DIRS: [&str; 2] = ["corpus", "variants"];

/// Formats whose readers are in the crate; fixtures with only these (or with no run) are
/// checked by `ingest_expected.rs`.
pub const READY_FORMATS: [&str; 8] = [
    "vllm-serve-text",
    "sglang-serve-text",
    "vllm-serve-json",
    "sglang-serve-jsonl",
    "vllm-throughput-text",
    "vllm-throughput-json",
    "vllm-latency-text",
    "vllm-latency-json",
];

/// Converted values (seconds printed, milliseconds stored) may differ from the decimal written
/// here by the rounding of one multiplication.
const SECONDS_REL_TOLERANCE: f64 = 1e-9;

pub fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

#[derive(Debug, Clone)]
pub enum Expected {
    Num(f64),
    Null,
    Text(String),
    List(Vec<f64>),
}

#[derive(Debug)]
pub struct ExpectedRun {
    pub format: String,
    pub line: Option<u64>,
    /// In the order written, which is the order the file prints them.
    pub values: Vec<(String, Expected)>,
    pub from_seconds: Vec<(String, f64)>,
    pub absent: Vec<String>,
}

#[derive(Debug)]
pub struct ExpectedWarning {
    pub line: Option<u64>,
    pub contains: String,
}

#[derive(Debug)]
pub enum Outcome {
    Runs {
        runs: Vec<ExpectedRun>,
        warnings: Vec<ExpectedWarning>,
    },
    NoRuns,
    Error {
        line: Option<u64>,
        contains: Vec<String>,
    },
}

#[derive(Debug)]
pub struct Expectation {
    /// The fixture's path relative to `fixtures/`, e.g. `corpus/generated/.../result.json`.
    pub fixture: String,
    pub outcome: Outcome,
}

impl Expectation {
    /// The formats this expectation names (empty for no runs or an error).
    pub fn formats(&self) -> Vec<&str> {
        match &self.outcome {
            Outcome::Runs { runs, .. } => runs.iter().map(|r| r.format.as_str()).collect(),
            _ => vec![],
        }
    }

    /// True when every format named has a reader in the crate today.
    pub fn is_ready(&self) -> bool {
        self.formats().iter().all(|f| READY_FORMATS.contains(f))
    }
}

/// Every file under `dir`, relative to `base`, `/`-separated, sorted; dot-files skipped.
pub fn files_under(base: &Path, dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display()));
        for entry in entries {
            let path = entry.expect("directory entry").path();
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            if name.as_deref().is_some_and(|n| n.starts_with('.')) {
                continue;
            }
            if path.is_dir() {
                stack.push(path);
            } else {
                let rel = path.strip_prefix(base).expect("under base");
                let parts: Vec<_> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy())
                    .collect();
                out.push(parts.join("/"));
            }
        }
    }
    out.sort();
    out
}

/// Fixtures that must have an expectation: every file of the fixture folders except those
/// listed in [`NOT_RUNS`].
pub fn fixtures_needing_expectations() -> Vec<String> {
    let base = fixtures_dir();
    FIXTURE_DIRS
        .iter()
        .flat_map(|d| files_under(&base, &base.join(d)))
        .filter(|f| !is_not_runs(f))
        .collect()
}

pub fn is_not_runs(fixture: &str) -> bool {
    let name = fixture.rsplit('/').next().unwrap_or(fixture);
    NOT_RUNS.contains(&name)
}

/// All expectation files, parsed; panics with the file's name on a malformed one.
pub fn load_all() -> Vec<Expectation> {
    let base = fixtures_dir().join("expected");
    let mut out = Vec::new();
    for d in FIXTURE_DIRS {
        for rel in files_under(&base, &base.join(d)) {
            let Some(fixture) = rel.strip_suffix(".toml") else {
                continue;
            };
            let text = std::fs::read_to_string(base.join(&rel)).expect("readable expectation");
            let outcome = parse_outcome(&text).unwrap_or_else(|e| panic!("expected/{rel}: {e}"));
            out.push(Expectation {
                fixture: fixture.to_owned(),
                outcome,
            });
        }
    }
    out
}

fn parse_outcome(text: &str) -> Result<Outcome, String> {
    let doc: toml::Table = text.parse().map_err(|e| format!("{e}"))?;
    for key in doc.keys() {
        if !["runs", "warnings", "no_runs", "error"].contains(&key.as_str()) {
            return Err(format!("unknown top-level key `{key}`"));
        }
    }
    if doc.contains_key("no_runs") {
        return Ok(Outcome::NoRuns);
    }
    if let Some(err) = doc.get("error") {
        let t = err.as_table().ok_or("`error` must be a table")?;
        let contains = match t.get("contains") {
            Some(toml::Value::String(s)) => vec![s.clone()],
            Some(toml::Value::Array(a)) => a
                .iter()
                .map(|v| {
                    v.as_str()
                        .map(str::to_owned)
                        .ok_or("`contains` holds strings")
                })
                .collect::<Result<_, _>>()?,
            _ => vec![],
        };
        return Ok(Outcome::Error {
            line: parse_line(t.get("line"))?,
            contains,
        });
    }
    let runs = doc
        .get("runs")
        .and_then(toml::Value::as_array)
        .ok_or("expected [[runs]], `no_runs` or [error]")?
        .iter()
        .map(parse_run)
        .collect::<Result<_, _>>()?;
    let warnings = match doc.get("warnings") {
        None => vec![],
        Some(w) => w
            .as_array()
            .ok_or("`warnings` must be [[warnings]]")?
            .iter()
            .map(|w| {
                let t = w.as_table().ok_or("a warning is a table")?;
                Ok::<_, String>(ExpectedWarning {
                    line: parse_line(t.get("line"))?,
                    contains: t
                        .get("contains")
                        .and_then(toml::Value::as_str)
                        .unwrap_or("")
                        .to_owned(),
                })
            })
            .collect::<Result<_, _>>()?,
    };
    Ok(Outcome::Runs { runs, warnings })
}

fn parse_line(v: Option<&toml::Value>) -> Result<Option<u64>, String> {
    match v {
        Some(toml::Value::Integer(i)) if *i > 0 => Ok(Some(*i as u64)),
        Some(toml::Value::String(s)) if s == "null" => Ok(None),
        None => Ok(None),
        Some(other) => Err(format!(
            "`line` must be a positive integer or \"null\", not {other}"
        )),
    }
}

fn parse_run(v: &toml::Value) -> Result<ExpectedRun, String> {
    let t = v.as_table().ok_or("a run is a table")?;
    let format = t
        .get("format")
        .and_then(toml::Value::as_str)
        .ok_or("a run needs `format`")?
        .to_owned();
    if !t.contains_key("line") {
        return Err(format!(
            "a {format} run needs `line` (\"null\" for whole-file results)"
        ));
    }
    let line = parse_line(t.get("line"))?;
    let mut values = Vec::new();
    if let Some(vals) = t.get("values").and_then(toml::Value::as_table) {
        for (k, v) in vals {
            values.push((
                k.clone(),
                parse_expected(v).map_err(|e| format!("{k}: {e}"))?,
            ));
        }
    }
    let mut from_seconds = Vec::new();
    if let Some(vals) = t.get("from_seconds").and_then(toml::Value::as_table) {
        for (k, v) in vals {
            match parse_expected(v) {
                Ok(Expected::Num(x)) => from_seconds.push((k.clone(), x)),
                _ => return Err(format!("from_seconds.{k} must be a number")),
            }
        }
    }
    let absent = match t.get("absent") {
        None => vec![],
        Some(a) => a
            .as_array()
            .ok_or("`absent` is a list")?
            .iter()
            .map(|v| {
                v.as_str()
                    .map(str::to_owned)
                    .ok_or("`absent` holds column names")
            })
            .collect::<Result<_, _>>()?,
    };
    if values.is_empty() && from_seconds.is_empty() {
        return Err(format!("the {format} run at line {line:?} lists no value"));
    }
    Ok(ExpectedRun {
        format,
        line,
        values,
        from_seconds,
        absent,
    })
}

fn parse_expected(v: &toml::Value) -> Result<Expected, String> {
    match v {
        toml::Value::Integer(i) => Ok(Expected::Num(*i as f64)),
        toml::Value::Float(x) => Ok(Expected::Num(*x)),
        toml::Value::String(s) if s == "null" => Ok(Expected::Null),
        toml::Value::String(s) => Ok(Expected::Text(s.clone())),
        toml::Value::Array(a) => a
            .iter()
            .map(|x| match x {
                toml::Value::Integer(i) => Ok(*i as f64),
                toml::Value::Float(f) => Ok(*f),
                _ => Err("a list holds numbers".to_owned()),
            })
            .collect::<Result<_, _>>()
            .map(Expected::List),
        other => Err(format!("unsupported value {other}")),
    }
}

/// Reads one fixture as `perflab ingest` reads a file found in a directory.
pub fn ingest_fixture(fixture: &str) -> perflab::Result<Option<perflab::ingest::FileRuns>> {
    let input = InputFile {
        path: fixtures_dir().join(fixture),
        display: fixture.to_owned(),
        explicit: false,
    };
    read_file(&input, None)
}

fn show(v: Option<&Value>) -> String {
    match v {
        None => "absent".into(),
        Some(Value::Num(x)) => format!("{x}"),
        Some(Value::Null) => "null".into(),
        Some(Value::Text(s)) => format!("{s:?}"),
        Some(Value::List(l)) => format!("{l:?}"),
    }
}

fn matches(expected: &Expected, got: Option<&Value>) -> bool {
    match (expected, got) {
        // Exact: the expectation is the printed decimal, parsed as f64 the same way.
        (Expected::Num(x), Some(Value::Num(y))) => x == y,
        (Expected::Null, Some(Value::Null)) => true,
        (Expected::Text(s), Some(Value::Text(t))) => s == &**t,
        (Expected::List(a), Some(Value::List(b))) => a == &**b,
        _ => false,
    }
}

/// Checks one fixture against its expectation; each failure names the fixture, the run and
/// the key.
pub fn check(exp: &Expectation) -> Vec<String> {
    let name = &exp.fixture;
    let result = ingest_fixture(name);
    let mut failures = Vec::new();
    match (&exp.outcome, result) {
        (Outcome::NoRuns, Ok(None)) => {}
        (Outcome::NoRuns, Ok(Some(f))) => failures.push(format!(
            "{name}: expected no run, got {} ({})",
            f.runs.len(),
            f.runs
                .iter()
                .map(|r| format!("{} at line {:?}", r.format, r.line))
                .collect::<Vec<_>>()
                .join(", ")
        )),
        (Outcome::NoRuns | Outcome::Runs { .. }, Err(e)) => {
            failures.push(format!("{name}: expected to read, got the error: {e}"))
        }
        (Outcome::Error { line, contains }, Err(e)) => match &e {
            Error::Parse {
                line: got, message, ..
            } => {
                if got != line {
                    failures.push(format!(
                        "{name}: error line: expected {line:?}, got {got:?} ({e})"
                    ));
                }
                for c in contains {
                    if !message.contains(c.as_str()) {
                        failures.push(format!("{name}: error message lacks {c:?}: {e}"));
                    }
                }
            }
            other => failures.push(format!("{name}: expected a parse error, got: {other}")),
        },
        (Outcome::Error { .. }, Ok(got)) => failures.push(format!(
            "{name}: expected an error, got {} runs",
            got.map_or(0, |f| f.runs.len())
        )),
        (Outcome::Runs { runs, .. }, Ok(None)) => {
            failures.push(format!("{name}: expected {} runs, got none", runs.len()))
        }
        (Outcome::Runs { runs, warnings }, Ok(Some(file))) => {
            if runs.len() != file.runs.len() {
                failures.push(format!(
                    "{name}: expected {} runs, got {}: {}",
                    runs.len(),
                    file.runs.len(),
                    file.runs
                        .iter()
                        .map(|r| format!("{} at line {:?}", r.format, r.line))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            for (i, (want, got)) in runs.iter().zip(&file.runs).enumerate() {
                check_run(&format!("{name}: run {i}"), want, got, i, &mut failures);
            }
            check_warnings(name, warnings, &file.warnings, &mut failures);
        }
    }
    failures
}

fn check_run(at: &str, want: &ExpectedRun, got: &Run, index: usize, failures: &mut Vec<String>) {
    let at = format!("{at} (line {:?})", want.line);
    if got.format.as_str() != want.format {
        failures.push(format!(
            "{at}: format: expected {}, got {}",
            want.format, got.format
        ));
    }
    if got.line != want.line {
        failures.push(format!(
            "{at}: line: expected {:?}, got {:?}",
            want.line, got.line
        ));
    }
    // Runs count from 1 in the frame, as `FILE#N` takes them.
    if got.run_index as usize != index + 1 {
        failures.push(format!(
            "{at}: run_index: expected {}, got {}",
            index + 1,
            got.run_index
        ));
    }
    for (key, expected) in &want.values {
        let value = got.values.get(key.as_str());
        if !matches(expected, value) {
            failures.push(format!(
                "{at}: {key}: expected {expected:?}, got {}",
                show(value)
            ));
        }
    }
    for (key, ms) in &want.from_seconds {
        let value = got.values.get(key.as_str());
        let ok = matches!(value, Some(Value::Num(y)) if (y - ms).abs() <= SECONDS_REL_TOLERANCE * ms.abs());
        if !ok {
            failures.push(format!(
                "{at}: {key}: expected {ms} (converted from seconds), got {}",
                show(value)
            ));
        }
    }
    for key in &want.absent {
        if let Some(v) = got.values.get(key.as_str()) {
            failures.push(format!(
                "{at}: {key}: expected absent, got {}",
                show(Some(v))
            ));
        }
    }
}

fn check_warnings(
    name: &str,
    want: &[ExpectedWarning],
    got: &[perflab::ingest::Warning],
    failures: &mut Vec<String>,
) {
    if want.len() != got.len() {
        failures.push(format!(
            "{name}: expected {} warnings, got {}: {got:?}",
            want.len(),
            got.len()
        ));
        return;
    }
    for (i, (w, g)) in want.iter().zip(got).enumerate() {
        if w.line.is_some() && w.line != g.line {
            failures.push(format!(
                "{name}: warning {i}: line: expected {:?}, got {:?}",
                w.line, g.line
            ));
        }
        if !g.message.contains(&w.contains) {
            failures.push(format!(
                "{name}: warning {i}: message lacks {:?}: {}",
                w.contains, g.message
            ));
        }
    }
}

/// Checks every expectation `pick` selects and fails once with all the differences.
pub fn check_selected(pick: impl Fn(&Expectation) -> bool) {
    let selected: Vec<Expectation> = load_all().into_iter().filter(|e| pick(e)).collect();
    assert!(!selected.is_empty(), "no expectation selected");
    let failures: Vec<String> = selected.iter().flat_map(check).collect();
    assert!(
        failures.is_empty(),
        "{} differences between fixtures and their hand-written expectations:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The run of a fixture that holds exactly one, for pairing a console with its result file.
pub fn only_run(fixture: &str) -> Run {
    let file = ingest_fixture(fixture)
        .unwrap_or_else(|e| panic!("{fixture}: {e}"))
        .unwrap_or_else(|| panic!("{fixture}: no run"));
    assert_eq!(file.runs.len(), 1, "{fixture}: expected one run");
    file.runs.into_iter().next().expect("one run")
}

/// The console summary and the result file of the same run agree to the console's printed
/// precision (two decimals for every tool here): every value the console prints is in the
/// result file, within half a unit of the last printed digit. `console_only` lists columns
/// the result file does not save.
pub fn check_pair(console: &str, result: &str, console_only: &[&str]) {
    let c = only_run(console);
    let r = only_run(result);
    let mut failures = Vec::new();
    for (key, cv) in &c.values {
        if console_only.contains(&key.as_ref()) {
            continue;
        }
        let rv = r.values.get(key);
        let ok = match (cv, rv) {
            (Value::Num(a), Some(Value::Num(b))) => (a - b).abs() <= 0.005 + 1e-9 * b.abs(),
            (Value::Null, Some(Value::Null)) => true,
            (Value::Text(a), Some(Value::Text(b))) => a == b,
            (Value::List(a), Some(Value::List(b))) => {
                a.len() == b.len()
                    && a.iter()
                        .zip(b.iter())
                        .all(|(x, y)| (x - y).abs() <= 0.005 + 1e-9 * y.abs())
            }
            _ => false,
        };
        if !ok {
            failures.push(format!(
                "{key}: console {} vs result file {}",
                show(Some(cv)),
                show(rv)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{console} and {result} disagree:\n{}",
        failures.join("\n")
    );
}
