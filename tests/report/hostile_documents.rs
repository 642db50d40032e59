//! Documents strangers wrote, made hostile: every reader of a published report, a
//! pull-request thread or a pasted excerpt (`check`, `import`, `translate` and its HTML
//! page, the before/after pair of `diff DOC.md`) must end in a result or an error on
//! any of them, never a panic, and a translated page never carries script. The inputs
//! are the real documents of `fixtures/`, each cut at many places (inside multi-byte
//! characters' neighbours too) and with lines that the issue-37 review found to break
//! readers: an admonition body indented by two spaces before Chinese text, raw HTML with
//! handlers and `javascript:` links, backquotes and pipes in table cells, a BOM and CRLF.
//! Deterministic: the places come from a fixed sequence, not from the clock.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use perflab::translate::{self, Options, UserMemory};

const DOCUMENTS: &[&str] = &[
    "fixtures/reports/qwen3.5-9b-h100.en.md",
    "fixtures/reports/qwen3.5-9b-h100.ru.md",
    "fixtures/reports/gpustack-qwen3-30b-a3b-910b.md",
    "fixtures/reports/published/glm-5.2__h200.md",
    "fixtures/reports/published/qwen3-8b__h100-latency.md",
    "fixtures/corpus/vllm-bench-serve-specdecode-e2el-dgx-spark-run-I.md",
    "fixtures/corpus/sglang-bench-serving-cookbook-nemotron-nano-fp8-bf16.md",
    "fixtures/threads/vllm-pr7117.md",
];

/// Lines that broke a reader once, or could: each is put at a line start.
const HOSTILE_LINES: &[&str] = &[
    "!!! note \"说明\"\n    正文\n  中文内容，缩进两个空格\n",
    "??? info \"基准测试结果\"\n  ```\n  吞吐量: 1.0\n  ```\n",
    "<img src=x onerror=alert(1)> [link](javascript:alert(2)) <svg onload=alert(3)>\n",
    "| `a|b` | <script>alert(4)</script> | 1,146.31 |\n|---|---|---|\n| 中文 | ж | -0.00 |\n",
    "\u{feff}Total token throughput (tok/s):\t\t1052.55\r\n",
    "> ============ Serving Benchmark Result ============\n> Successful requests: 1\n",
    "```\n",
    "    \u{3000}全角空格 Mean TTFT (ms): 中 12\n",
];

/// A fixed sequence in `0..n` (an LCG), so that a failure names its case for good.
fn places(seed: u64, n: usize, count: usize) -> Vec<usize> {
    let mut x = seed;
    (0..count)
        .map(|_| {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 33) as usize) % n.max(1)
        })
        .collect()
}

fn floor_char(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The document's variants: cut at `cuts` places, and each hostile line put at a line
/// start of the document.
fn variants(text: &str, seed: u64, cuts: usize) -> Vec<String> {
    let mut out: Vec<String> = places(seed, text.len(), cuts)
        .into_iter()
        .map(|i| text[..floor_char(text, i)].to_owned())
        .collect();
    let starts: Vec<usize> = std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .filter(|&i| i < text.len())
        .collect();
    for (k, line) in HOSTILE_LINES.iter().enumerate() {
        for at in places(seed ^ (k as u64 + 1), starts.len(), 1) {
            let at = starts[at];
            out.push(format!("{}{line}{}", &text[..at], &text[at..]));
        }
    }
    out
}

fn script_patterns() -> Vec<regex::Regex> {
    [
        r"(?i)<(script|iframe|object|embed|svg|math|style|form|base|meta)\b",
        r"(?i)<[^>]*\son[a-z]+\s*=",
        r#"(?i)<[^>]*(href|src|action|data)\s*=\s*["']?\s*(javascript|vbscript|data):"#,
    ]
    .iter()
    .map(|p| regex::Regex::new(p).unwrap())
    .collect()
}

/// Every reader of `text`; the first panic, with the reader's name.
fn read_all(path: &Path, text: &str) -> Result<(), String> {
    let step = |name: &str, f: &mut dyn FnMut()| {
        catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
            let why = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            format!("{name} panicked: {why}")
        })
    };
    step("check", &mut || {
        let _ = perflab::check::check(path, text);
    })?;
    step("import", &mut || {
        let _ = perflab::import::import(path, text);
    })?;
    step("diff DOC.md", &mut || {
        let _ = perflab::check::document_pair(text);
    })?;
    for to in ["ru"] {
        let mut html = None;
        step("translate", &mut || {
            let mut memory = UserMemory::open(None).unwrap();
            let opts = Options {
                from: None,
                to,
                memory: &mut memory,
                llm: None,
            };
            if let Ok(done) = translate::translate(path, text, opts) {
                html = Some(translate::html::page(&done.marked, "t", to, &done.unfenced));
            }
        })?;
        if let Some(Ok(page)) = html {
            let body = &page[page.find("<main").unwrap_or(0)..];
            // A tag, a handler or a script URL inside a tag; text that shows them
            // (`&lt;script&gt;`, a code block) is fine.
            for re in script_patterns() {
                if let Some(m) = re.find(body) {
                    let at = floor_char(body, m.start().saturating_sub(60));
                    let to = floor_char(body, (m.end() + 20).min(body.len()));
                    return Err(format!("translate --html kept {re}: {}", &body[at..to]));
                }
            }
        }
    }
    Ok(())
}

#[test]
fn no_reader_of_a_strangers_document_panics_or_keeps_script() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut failures = Vec::new();
    let mut cases = 0;
    for (d, rel) in DOCUMENTS.iter().enumerate() {
        let path: PathBuf = root.join(rel);
        let text = std::fs::read_to_string(&path).unwrap();
        for (v, variant) in variants(&text, d as u64 + 37, 8).into_iter().enumerate() {
            cases += 1;
            if let Err(e) = read_all(&path, &variant) {
                failures.push(format!("{rel} variant {v}: {e}"));
            }
        }
    }
    assert!(cases > 120, "{cases}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
