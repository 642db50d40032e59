//! `translate` on real published reports: the same document in another language. The
//! English reference into Russian with the shipped memory only (compared with the human
//! translation `fixtures/reports/qwen3.5-9b-h100.ru.md`), three other GPUStack layouts,
//! the way back to English, and the LLM path through an OpenAI-compatible server of the
//! test's own on loopback.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use assert_cmd::Command;
use predicates::prelude::*;

use perflab::check::check;
use perflab::published::inline::numbers;
use perflab::published::{read_blocks_and_document, NodeKind};
use perflab::translate::{translate, Options, Source, Translated, UserMemory};

use crate::common;

const REFERENCE: &str = "fixtures/reports/qwen3.5-9b-h100.en.md";
const HUMAN_RU: &str = "fixtures/reports/qwen3.5-9b-h100.ru.md";

fn text(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).expect("fixture")
}

fn shipped_only(rel: &str, src: &str, to: &'static str) -> Translated {
    let mut memory = UserMemory::default();
    translate(
        Path::new(rel),
        src,
        Options {
            from: None,
            to,
            memory: &mut memory,
            llm: None,
        },
    )
    .expect("translates")
}

/// The lines of every fence, in order.
fn fences(src: &str) -> Vec<String> {
    let (_, doc) = read_blocks_and_document(Path::new("x.md"), src).unwrap();
    let lines: Vec<&str> = src.lines().collect();
    doc.nodes
        .iter()
        .filter(|n| matches!(n.kind, NodeKind::Fence(_)))
        .map(|n| lines[n.line as usize - 1..n.end_line as usize].join("\n"))
        .collect()
}

fn kinds(src: &str) -> Vec<(NodeKind, u64, usize)> {
    let (_, doc) = read_blocks_and_document(Path::new("x.md"), src).unwrap();
    doc.nodes
        .iter()
        .map(|n| (n.kind.clone(), n.line, n.regions.len()))
        .collect()
}

fn sorted_numbers(src: &str) -> Vec<String> {
    let mut n: Vec<String> = numbers(src).into_iter().map(str::to_owned).collect();
    n.sort();
    n
}

#[test]
fn english_reference_into_russian_with_the_shipped_memory_only() {
    let en = text(REFERENCE);
    let ru = shipped_only(REFERENCE, &en, "ru");
    let left: Vec<_> = ru
        .untranslated()
        .map(|s| (s.line, s.text.clone()))
        .collect();
    assert!(left.is_empty(), "untranslated: {left:#?}");
    assert_eq!(ru.count(Source::Llm) + ru.count(Source::User), 0);
    assert!(ru.differences.is_empty(), "{:#?}", ru.differences);
    // The same nodes on the same lines (headings, table rows and their cells,
    // admonitions, fences), the same fences byte for byte, every number kept.
    assert_eq!(kinds(&en), kinds(&ru.text));
    assert_eq!(fences(&en), fences(&ru.text));
    assert_eq!(sorted_numbers(&en), sorted_numbers(&ru.text));
    assert_eq!(en.lines().count(), ru.text.lines().count());
    // `check` on the translation: the same wrong success rate, on the same line.
    let checked = check(Path::new("ru.md"), &ru.text).unwrap();
    let wrong: Vec<_> = checked.wrong().collect();
    assert_eq!(wrong.len(), 1, "{wrong:#?}");
    assert_eq!((wrong[0].line, wrong[0].claimed.as_str()), (867, "51.5"));
    assert_eq!(wrong[0].recomputed.as_deref(), Some("51.4"));
    let en_claims = check(Path::new(REFERENCE), &en).unwrap().claims.len();
    assert_eq!(checked.claims.len(), en_claims);
    // The human translation's sentences, where the shipped memory took them from it
    // (the human one lost its Markdown: no backquotes, no links).
    let human = text(HUMAN_RU);
    let ours = ru.text.replace('`', "");
    for sentence in human.lines().filter(|l| {
        l.starts_with("Итог:")
            || l.starts_with("Наши бенчмарки")
            || l.starts_with("Тесты проводились")
            || l.starts_with("Рекомендуемая конфигурация")
            || l.starts_with("Для перечисленных ниже")
    }) {
        assert!(ours.contains(sentence), "{sentence}");
    }
    assert!(ru.text.contains("\n### Кэш префиксов\n"));
    assert!(ru.text.contains("??? info \"Результат бенчмарка\"\n"));
    assert!(ru
        .text
        .contains("| **Профиль ShareGPT** | Общий TPS: 11527.14<br>Среднее TPOT(ms): 15.12 |"));
}

#[test]
fn english_reference_into_chinese_keeps_claims_and_numbers() {
    let en = text(REFERENCE);
    let zh = shipped_only(REFERENCE, &en, "zh-CN");
    assert_eq!(zh.untranslated().count(), 0);
    assert!(zh.differences.is_empty(), "{:#?}", zh.differences);
    assert_eq!(fences(&en), fences(&zh.text));
    assert_eq!(sorted_numbers(&en), sorted_numbers(&zh.text));
    assert!(zh.text.contains("## 结论\n"));
}

/// The latency report and two other layouts: each keeps its conclusion table, its
/// commands and every number, and verifies against its source.
#[test]
fn other_layouts_keep_conclusion_commands_and_numbers() {
    for rel in [
        "fixtures/reports/published/qwen3.5-9b__h100-latency.md",
        "fixtures/reports/published/qwen3-32b__a100.md",
        "fixtures/reports/published/qwen3.5-35b-a3b__h200.md",
    ] {
        let src = text(rel);
        for to in ["ru", "zh-CN"] {
            let t = shipped_only(rel, &src, to);
            assert!(t.differences.is_empty(), "{rel} {to}: {:#?}", t.differences);
            assert_eq!(kinds(&src), kinds(&t.text), "{rel} {to}");
            assert_eq!(fences(&src), fences(&t.text), "{rel} {to}");
            assert_eq!(sorted_numbers(&src), sorted_numbers(&t.text), "{rel} {to}");
            let (a, b) = (check(Path::new(rel), &src), check(Path::new(rel), &t.text));
            if let (Ok(a), Ok(b)) = (a, b) {
                // In any order within a line (claims are ordered by where their
                // number stands in the line).
                let verdicts = |c: &perflab::check::Checked| {
                    let mut v: Vec<_> = c
                        .claims
                        .iter()
                        .map(|c| (c.line, c.claimed.clone(), format!("{:?}", c.verdict)))
                        .collect();
                    v.sort();
                    v
                };
                assert_eq!(verdicts(&a), verdicts(&b), "{rel} {to}");
            }
            // Most of the generator's text came from the memory.
            assert!(
                t.count(Source::Shipped) > t.count(Source::Untranslated),
                "{rel} {to}: {} of {}",
                t.count(Source::Shipped),
                t.segments.len()
            );
        }
    }
    let latency = text("fixtures/reports/published/qwen3.5-9b__h100-latency.md");
    let ru = shipped_only("latency.md", &latency, "ru");
    assert!(ru.text.contains("Средняя задержка запроса: 2.09s/req"));
    assert!(ru.text.contains("(1.26x быстрее)"));
    assert!(ru.text.contains("--performance-mode=interactivity"));
    assert!(ru.text.starts_with("# Оптимизация задержки Qwen3.5-9B\n"));
}

#[test]
fn english_to_russian_and_back_gives_the_generators_sentences() {
    let en = text(REFERENCE);
    let ru = shipped_only(REFERENCE, &en, "ru");
    let back = shipped_only("ru.md", &ru.text, "en");
    assert_eq!(back.from, "ru");
    assert!(back.differences.is_empty(), "{:#?}", back.differences);
    let differing: Vec<(usize, &str, &str)> = en
        .lines()
        .zip(back.text.lines())
        .enumerate()
        .filter(|(_, (a, b))| a != b)
        .map(|(i, (a, b))| (i + 1, a, b))
        .collect();
    // Only the summary table's misspelt row name comes back spelt as the glossary's
    // title.
    assert_eq!(
        differing,
        [(
            867,
            en.lines().nth(866).unwrap(),
            en.lines()
                .nth(866)
                .unwrap()
                .replace("Speculative Decodng", "Speculative Decoding")
                .leak() as &str
        )]
    );
}

/// What the mock server answers: a translation that keeps everything, except for a
/// segment holding `7.5`, where it changes the number.
fn answer_for(content: &str) -> String {
    if content.contains("7.5") {
        format!("ПЕРЕВОД {}", content.replace("7.5", "7.6"))
    } else {
        format!("ПЕРЕВОД {content}")
    }
}

#[derive(Clone, Copy)]
enum Behaviour {
    Translate,
    Error500,
    Hang,
}

/// An OpenAI-compatible `/v1/chat/completions` on loopback: returns its URL and the
/// count of requests it received.
fn mock_server(behaviour: Behaviour) -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    let count = Arc::new(AtomicUsize::new(0));
    let seen = count.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let seen = seen.clone();
            std::thread::spawn(move || serve(stream, behaviour, &seen));
        }
    });
    (url, count)
}

fn serve(stream: TcpStream, behaviour: Behaviour, seen: &AtomicUsize) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).unwrap_or(0) == 0 {
        return;
    }
    let mut length = 0usize;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) == 0 || header.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = header.split_once(':') {
            if k.eq_ignore_ascii_case("content-length") {
                length = v.trim().parse().unwrap_or(0);
            }
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).unwrap();
    seen.fetch_add(1, Ordering::SeqCst);
    let mut stream = stream;
    let (status, payload) = match behaviour {
        Behaviour::Hang => {
            std::thread::sleep(std::time::Duration::from_secs(30));
            return;
        }
        Behaviour::Error500 => (
            "500 Internal Server Error",
            "{\"error\":\"boom\"}".to_owned(),
        ),
        Behaviour::Translate => {
            let request: serde_json::Value = serde_json::from_slice(&body).unwrap();
            assert_eq!(request["messages"][0]["role"], "system");
            assert!(request["messages"][0]["content"]
                .as_str()
                .unwrap()
                .contains("Russian"));
            let content = request["messages"][1]["content"].as_str().unwrap();
            let answer = serde_json::json!({
                "choices": [{"message": {"role": "assistant", "content": answer_for(content)}}]
            });
            ("200 OK", answer.to_string())
        }
    };
    let _ = write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{payload}",
        payload.len()
    );
}

/// The binary without the machine's LLM server: `--llm` tests name theirs.
fn perflab() -> Command {
    let mut cmd = common::cli::perflab();
    cmd.env_remove("PERFLAB_LLM_URL")
        .env_remove("PERFLAB_LLM_MODEL");
    cmd
}

const FREE_TEXT: &str = "# Optimizing Foo-7B Throughput\n\n## Conclusion\n\nOur servers were tuned by hand for this run.\n\nThe `vllm serve` command ran on 8 GPUs, see [the notes](https://example.com/notes).\n\n```bash\nvllm serve foo --max-num-seqs=512\n```\n";

#[test]
fn free_text_goes_through_the_llm_and_the_memory_makes_the_second_run_offline() {
    let (url, count) = mock_server(Behaviour::Translate);
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("foo.md");
    std::fs::write(&report, FREE_TEXT).unwrap();
    let memory = dir.path().join("memory.jsonl");
    let run = |out: &str| {
        perflab()
            .env("PERFLAB_LANG", "ru")
            .args(["--lang", "ru", "translate"])
            .arg(&report)
            .args(["--llm", &url, "--llm-model", "mock", "--memory"])
            .arg(&memory)
            .arg("--out")
            .arg(dir.path().join(out))
            .assert()
            .code(0)
    };
    run("first");
    assert_eq!(
        count.load(Ordering::SeqCst),
        2,
        "one request per free-text segment"
    );
    let first = std::fs::read_to_string(dir.path().join("first/foo.ru.md")).unwrap();
    assert!(first.contains("\nПЕРЕВОД Our servers were tuned by hand for this run.\n"));
    assert!(first.contains("ПЕРЕВОД The `vllm serve` command ran on 8 GPUs, see [the notes](https://example.com/notes)."));
    assert!(first.starts_with("# Оптимизация пропускной способности Foo-7B\n\n## Вывод\n"));
    assert!(first.contains("```bash\nvllm serve foo --max-num-seqs=512\n```\n"));
    let pairs = std::fs::read_to_string(&memory).unwrap();
    assert_eq!(pairs.lines().count(), 2);
    run("second").stderr(predicate::str::contains("из вашей памяти 2, от LLM 0"));
    assert_eq!(
        count.load(Ordering::SeqCst),
        2,
        "the second run asks nothing"
    );
    let second = std::fs::read(dir.path().join("second/foo.ru.md")).unwrap();
    assert_eq!(second, first.into_bytes());
    assert_eq!(std::fs::read_to_string(&memory).unwrap(), pairs);
}

#[test]
fn an_answer_that_changes_a_number_is_rejected() {
    let (url, count) = mock_server(Behaviour::Translate);
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("bar.md");
    std::fs::write(
        &report,
        "# Optimizing Bar Throughput\n\nThe cluster had 7.5 racks in total.\n",
    )
    .unwrap();
    let memory = dir.path().join("memory.jsonl");
    perflab()
        .env("PERFLAB_LANG", "ru")
        .args(["translate"])
        .arg(&report)
        .args([
            "--lang",
            "ru",
            "--llm",
            &url,
            "--llm-model",
            "mock",
            "--memory",
        ])
        .arg(&memory)
        .arg("--out")
        .arg(dir.path())
        .assert()
        // The rejected segment stays in English, which fails the command.
        .code(1)
        .stderr(predicate::str::contains("Отклонён 1 ответ LLM"))
        .stderr(predicate::str::contains(format!(
            "{}:3: The cluster had 7.5 racks in total.",
            report.display()
        )));
    // Asked once more, then rejected; nothing went into the memory.
    assert_eq!(count.load(Ordering::SeqCst), 2);
    let out = std::fs::read_to_string(dir.path().join("bar.ru.md")).unwrap();
    assert!(out.contains("\nThe cluster had 7.5 racks in total.\n"));
    assert!(!memory.exists() || std::fs::read_to_string(&memory).unwrap().is_empty());
}

#[test]
fn a_failing_or_silent_server_ends_in_a_clear_message() {
    for (behaviour, what) in [
        (Behaviour::Error500, "HTTP-статус 500"),
        (Behaviour::Hang, "нет ответа за 1 с"),
    ] {
        let (url, count) = mock_server(behaviour);
        let dir = tempfile::tempdir().unwrap();
        let report = dir.path().join("foo.md");
        std::fs::write(&report, FREE_TEXT).unwrap();
        perflab()
            .env("PERFLAB_LANG", "ru")
            .args(["translate"])
            .arg(&report)
            .args(["--lang", "ru", "--llm", &url, "--llm-model", "mock"])
            .args([
                "--llm-timeout",
                "1",
                "--llm-retries",
                "1",
                "--llm-jobs",
                "1",
            ])
            .arg("--out")
            .arg(dir.path())
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "LLM по адресу {url}/chat/completions не ответила"
            )))
            .stderr(predicate::str::contains(what));
        // The first request and its one retry; then nothing more is asked.
        assert_eq!(count.load(Ordering::SeqCst), 2, "{what}");
        assert!(!dir.path().join("foo.ru.md").exists());
    }
}

/// Reading and writing the document with nothing to translate gives the source back byte
/// for byte: the writer loses nothing.
#[test]
fn the_same_language_gives_the_source_back() {
    for rel in [
        REFERENCE,
        HUMAN_RU,
        "fixtures/reports/published/qwen3.5-9b__h100-latency.md",
    ] {
        let src = text(rel);
        let from = perflab::published::language_of(&src);
        let same = shipped_only(rel, &src, from);
        assert_eq!(same.text, src, "{rel}");
        assert!(same.segments.is_empty() && same.differences.is_empty());
    }
}

/// `import` reads the document's facts where the report states them: the model given as
/// a list item under `### Model`, the engine each block's serving command names.
#[test]
fn import_takes_the_model_from_a_list_item_and_the_engine_from_the_command() {
    let rel = "fixtures/reports/published/qwen3.5-35b-a3b__h200.md";
    let im = perflab::import::import(Path::new(rel), &text(rel)).unwrap();
    assert_eq!(im.study.model, "Qwen/Qwen3.5-35B-A3B");
    let rel = "fixtures/reports/published/qwen3-32b__a100.md";
    let im = perflab::import::import(Path::new(rel), &text(rel)).unwrap();
    let engines: Vec<(String, String)> = im
        .study
        .experiments
        .iter()
        .flat_map(|e| e.variants.iter())
        .map(|v| (v.name.clone(), v.engine.clone()))
        .collect();
    for (name, engine) in &engines {
        if name.starts_with("tensorrt-llm") {
            assert_eq!(engine, "TensorRT-LLM", "{engines:?}");
        } else if name.starts_with("sglang") {
            assert_eq!(engine, "SGLang", "{engines:?}");
        }
    }
    assert!(engines.iter().any(|(n, _)| n.starts_with("tensorrt-llm")));
}

/// The human Russian translation (plain text, its Markdown lost) back into English: the
/// shipped memory gives back the generator's sentences, the output stays plain text, and
/// `check` finds the same claims in it.
#[test]
fn the_human_russian_translation_back_into_english() {
    let ru = text(HUMAN_RU);
    let en = shipped_only(HUMAN_RU, &ru, "en");
    assert_eq!(en.from, "ru");
    assert!(en.differences.is_empty(), "{:#?}", en.differences);
    assert_eq!(fences(&ru), fences(&en.text));
    let original = text(REFERENCE).replace('`', "");
    for sentence in [
        "Comparison of benchmark results before and after optimization:",
        "Summary: vLLM Total TPS = 11527.14, SGLang Total TPS = 6499.41. vLLM is faster by 5027.72 tok/s (77.36%); Mean TPOT = 15.12 ms vs 138.86 ms, reduced by 123.74 ms (89.11%).",
        "The tests are conducted on specific hardware and software setups. Advances in the inference engine may lead to new conclusions.",
        "Max Batched Tokens && Performance Mode",
    ] {
        assert!(original.contains(sentence), "{sentence}");
        assert!(en.text.contains(sentence), "{sentence}");
    }
    let checked = check(Path::new("en.txt"), &en.text).unwrap();
    let wrong: Vec<_> = checked.wrong().collect();
    assert_eq!(wrong.len(), 1, "{wrong:#?}");
    assert_eq!((wrong[0].line, wrong[0].claimed.as_str()), (839, "51.5"));
    // Into Chinese too: plain text that `check` reads through the memory's English.
    let zh = shipped_only(HUMAN_RU, &ru, "zh-CN");
    assert!(zh.differences.is_empty(), "{:#?}", zh.differences);
    assert!(zh.text.contains("\n实验设置\n"));
}
