//! `translate` says what it did not translate, in the user's language: segments left in
//! the source language fail the command (exit 1) unless `--allow-untranslated`, and are
//! listed on stderr as `REPORT:LINE: text`; the messages follow PERFLAB_LANG / the locale,
//! not the output languages of `--lang`. On real reports: a vLLM block pasted without a
//! fence (a DGX Spark write-up, `fixtures/corpus/`), GPUStack's admonitions
//! (`fixtures/reports/published/glm-5.2__h200.md`) and prompt lengths
//! (`fixtures/reports/gpustack-qwen3-30b-a3b-910b.md`).

use std::path::Path;

use predicates::prelude::*;

use crate::common::cli::text;

/// A vLLM `Serving Benchmark Result` block outside any fence, lines 17–67.
const UNFENCED: &str = "fixtures/corpus/vllm-bench-serve-specdecode-e2el-dgx-spark-run-I.md";
const ADMONITIONS: &str = "fixtures/reports/published/glm-5.2__h200.md";
const PROMPTS: &str = "fixtures/reports/gpustack-qwen3-30b-a3b-910b.md";

/// The binary without the machine's LLM server or language.
fn perflab() -> assert_cmd::Command {
    let mut cmd = crate::common::cli::perflab();
    cmd.env_remove("PERFLAB_LLM_URL")
        .env_remove("PERFLAB_LLM_MODEL");
    cmd
}

fn fixture(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).expect("fixture")
}

fn read(dir: &Path, name: &str) -> String {
    std::fs::read_to_string(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn untranslated_segments_fail_the_command_unless_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let run = |allow: bool| {
        let mut cmd = perflab();
        cmd.args(["translate", ADMONITIONS, "--lang", "ru", "--out"])
            .arg(dir.path());
        if allow {
            cmd.arg("--allow-untranslated");
        }
        cmd.output().unwrap()
    };
    let failed = run(false);
    assert_eq!(failed.status.code(), Some(1), "{}", text(&failed.stderr));
    // stdout holds the paths written, the summary is on stderr.
    assert_eq!(
        text(&failed.stdout).trim(),
        dir.path().join("glm-5.2__h200.ru.md").display().to_string()
    );
    let stderr = text(&failed.stderr);
    assert!(
        stderr.contains("segments were left in en in the ru translation; "),
        "{stderr}"
    );
    assert!(stderr.contains(&format!(
        "  {ADMONITIONS}:641: Larger chunked-prefill sizes OOM\n"
    )));
    assert!(stderr.contains(&format!("  {ADMONITIONS}:1004: GSM8K score\n")));
    // A long segment is cut at a space, with `…`.
    let long = stderr
        .lines()
        .find(|l| l.starts_with(&format!("  {ADMONITIONS}:1002: ")))
        .unwrap_or_else(|| panic!("line 1002 listed: {stderr}"));
    assert!(long.ends_with('…'), "{long}");
    let shown = long.split_once(":1002: ").unwrap().1;
    assert!(shown.chars().count() <= 80, "{shown}");
    assert!(fixture(ADMONITIONS).contains(shown.trim_end_matches('…')));
    // Each listed line is a line of the report holding the text shown.
    let source: Vec<String> = fixture(ADMONITIONS).lines().map(str::to_owned).collect();
    let listed: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with(&format!("  {ADMONITIONS}:")))
        .collect();
    assert!(listed.len() >= 10, "{stderr}");
    for l in &listed {
        let rest = &l[ADMONITIONS.len() + 3..];
        let (no, shown) = rest.split_once(": ").unwrap();
        let no: usize = no.parse().unwrap();
        assert!(
            source[no - 1].contains(shown.trim_end_matches('…')),
            "{l} / {}",
            source[no - 1]
        );
    }

    let allowed = run(true);
    assert_eq!(allowed.status.code(), Some(0), "{}", text(&allowed.stderr));
    let stderr = text(&allowed.stderr);
    assert!(
        stderr.contains("(accepted by --allow-untranslated):"),
        "{stderr}"
    );
    assert_eq!(
        stderr
            .lines()
            .filter(|l| l.starts_with(&format!("  {ADMONITIONS}:")))
            .count(),
        listed.len()
    );

    // Everything translated: exit 0 without the flag, nothing listed.
    perflab()
        .args([
            "translate",
            "fixtures/reports/qwen3.5-9b-h100.en.md",
            "--lang",
            "ru",
            "--out",
        ])
        .arg(dir.path())
        .assert()
        .code(0)
        .stderr(predicate::str::contains("0 left in en"))
        .stderr(predicate::str::contains("were left in").not());
    // Bad input stays exit 2.
    perflab()
        .args(["translate", "no-such-report.md", "--lang", "ru", "--out"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no-such-report.md"));
}

#[test]
fn messages_are_in_the_message_language_not_the_output_language() {
    let dir = tempfile::tempdir().unwrap();
    for (var, value) in [
        ("PERFLAB_LANG", "ru"),
        ("LANG", "ru_RU.UTF-8"),
        ("LC_ALL", "ru_RU.UTF-8"),
    ] {
        let out = perflab()
            .env(var, value)
            .args(["translate", UNFENCED, "--lang", "zh-CN", "--out"])
            .arg(dir.path())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let stderr = text(&out.stderr);
        assert!(
            stderr.starts_with("en → zh-CN: 9 сегментов: из памяти perflab 0"),
            "{var}: {stderr}"
        );
        assert!(
            stderr.contains("В переводе на zh-CN на языке en оставлено 9 сегментов; "),
            "{stderr}"
        );
        assert!(stderr.contains(&format!("  {UNFENCED}:1: Run I — ShareGPT replay")));
        assert!(stderr.contains("Проверено:"), "{stderr}");
        assert!(!stderr.contains("Verified") && !stderr.contains("已验证"));
    }
    // The output is Chinese whatever the messages' language.
    let zh = read(
        dir.path(),
        "vllm-bench-serve-specdecode-e2el-dgx-spark-run-I.zh-CN.md",
    );
    assert_eq!(zh.lines().count(), fixture(UNFENCED).lines().count());
    // No message language: English, whatever the output languages.
    perflab()
        .args(["translate", UNFENCED, "--lang", "ru,zh-CN", "--out"])
        .arg(dir.path())
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "en → ru: 9 segments: 0 from perflab's memory",
        ))
        .stderr(predicate::str::contains("Verified:"));
    // An error too is in the message language.
    perflab()
        .env("PERFLAB_LANG", "ru")
        .args(["translate", "no-such-report.md", "--lang", "zh-CN", "--out"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("нет такого файла"));
}

#[test]
fn an_unfenced_block_stays_a_block() {
    let dir = tempfile::tempdir().unwrap();
    perflab()
        .args([
            "translate",
            UNFENCED,
            "--lang",
            "ru",
            "--html",
            "--allow-untranslated",
            "--out",
        ])
        .arg(dir.path())
        .assert()
        .code(0);
    let name = "vllm-bench-serve-specdecode-e2el-dgx-spark-run-I.ru";
    // The Markdown keeps the block byte for byte, and none of its lines is a segment.
    let src = fixture(UNFENCED);
    let md = read(dir.path(), &format!("{name}.md"));
    let block = |t: &str| t.lines().skip(16).take(51).collect::<Vec<_>>().join("\n");
    assert!(block(&src).starts_with("============ Serving Benchmark Result"));
    assert!(block(&src).ends_with("=================================================="));
    assert_eq!(block(&md), block(&src));
    // The page shows it preformatted, and makes no heading of its rules.
    let html = read(dir.path(), &format!("{name}.html"));
    assert!(
        html.contains("<pre><code class=\"language-console\">============ Serving Benchmark Result ============\nSuccessful requests:"),
        "{html}"
    );
    assert!(html.contains("  Position 2:                            31.37     \n=================================================="));
    for tag in ["<h1", "<h2", "<h3"] {
        for heading in html.split(tag).skip(1) {
            let heading = heading.split("</h").next().unwrap_or_default();
            assert!(
                !heading.contains("Serving Benchmark Result")
                    && !heading.contains("Successful requests"),
                "{tag}{heading}"
            );
        }
    }
    assert_eq!(
        html.matches("<h1").count(),
        1,
        "only the title is a first-level heading"
    );
    assert_eq!(
        html.matches("<pre>").count(),
        2,
        "the command and the block"
    );

    // A report that lost its Markdown (the human Russian translation): every block, and
    // every command, preformatted; no heading made of a block.
    perflab()
        .args([
            "translate",
            "fixtures/reports/qwen3.5-9b-h100.ru.md",
            "--lang",
            "zh-CN",
        ])
        .args(["--html", "--allow-untranslated", "--out"])
        .arg(dir.path())
        .assert()
        .code(0);
    let html = read(dir.path(), "qwen3.5-9b-h100.zh-CN.html");
    let blocks = fixture("fixtures/reports/qwen3.5-9b-h100.ru.md")
        .matches("============ Serving Benchmark Result")
        .count();
    assert_eq!(
        html.matches("<pre><code class=\"language-console\">============ Serving Benchmark Result")
            .count(),
        blocks
    );
    assert!(!html.contains("<h1") && !html.contains("<h2"));
}

#[test]
fn admonition_titles_are_translated() {
    let dir = tempfile::tempdir().unwrap();
    let memory = dir.path().join("memory.jsonl");
    std::fs::write(
        &memory,
        concat!(
            "{\"lang\":\"ru\",\"source\":\"Larger chunked-prefill sizes OOM\",\"target\":\"Большие размеры chunked-prefill — OOM\"}\n",
            "{\"lang\":\"ru\",\"source\":\"FP8 KV cache accuracy check (GSM8K)\",\"target\":\"Проверка точности FP8 KV-кэша (GSM8K)\"}\n",
        ),
    )
    .unwrap();
    perflab()
        .args([
            "translate",
            ADMONITIONS,
            "--lang",
            "ru",
            "--html",
            "--allow-untranslated",
            "--memory",
        ])
        .arg(&memory)
        .arg("--out")
        .arg(dir.path())
        .assert()
        .code(0)
        .stderr(predicate::str::contains(format!("{ADMONITIONS}:641:")).not())
        .stderr(predicate::str::contains(format!("{ADMONITIONS}:1001:")).not());
    let md = read(dir.path(), "glm-5.2__h200.ru.md");
    let lines: Vec<&str> = md.lines().collect();
    assert_eq!(
        lines[640],
        "!!! warning \"Большие размеры chunked-prefill — OOM\""
    );
    assert_eq!(
        lines[1000],
        "!!! note \"Проверка точности FP8 KV-кэша (GSM8K)\""
    );
    // The shipped memory's titles.
    assert!(md.contains("??? info \"Результат бенчмарка\"\n"));
    let html = read(dir.path(), "glm-5.2__h200.ru.html");
    assert!(html.contains(
        "<div class=\"admonition warning\"><p class=\"admonition-title\">Большие размеры chunked-prefill — OOM</p>"
    ));
    assert!(
        html.contains("<p class=\"admonition-title\">Проверка точности FP8 KV-кэша (GSM8K)</p>")
    );
    assert!(html.contains("<summary>Результат бенчмарка</summary>"));
    // An admonition without a title is named by its kind, in Russian.
    assert!(html
        .contains("<div class=\"admonition note\"><p class=\"admonition-title\">Примечание</p>"));
    assert!(!html.contains("admonition-title\">note<"));

    // Left untranslated, a title is marked on the page, not shown as escaped markup.
    perflab()
        .args([
            "translate",
            ADMONITIONS,
            "--lang",
            "zh-CN",
            "--html",
            "--allow-untranslated",
            "--out",
        ])
        .arg(dir.path())
        .assert()
        .code(0);
    let html = read(dir.path(), "glm-5.2__h200.zh-CN.html");
    assert!(html.contains(
        "<p class=\"admonition-title\"><span class=\"untranslated\" lang=\"en\">Larger chunked-prefill sizes OOM</span></p>"
    ));
    assert!(!html.contains("&lt;span"));
    assert!(html.contains("<p class=\"admonition-title\">注意</p>"));
}

#[test]
fn counted_words_take_the_russian_plural_form() {
    let dir = tempfile::tempdir().unwrap();
    perflab()
        .args([
            "translate",
            PROMPTS,
            "--lang",
            "ru",
            "--allow-untranslated",
            "--out",
        ])
        .arg(dir.path())
        .assert()
        .code(0);
    let ru = read(dir.path(), "gpustack-qwen3-30b-a3b-910b.ru.md");
    let lines: Vec<&str> = ru.lines().collect();
    assert_eq!(
        &lines[56..60],
        [
            "    - Очень длинный запрос: 32000 входных токенов, 100 выходных токенов",
            "    - Длинный запрос: 4000 входных токенов, 200 выходных токенов",
            "    - Средний запрос: 2000 входных токенов, 100 выходных токенов",
            "    - Короткий запрос: 128 входных токенов, 4 выходных токена",
        ]
    );
    // And back: the Russian forms read as the English message, said in English forms.
    let back_dir = dir.path().join("back");
    perflab()
        .args(["translate"])
        .arg(dir.path().join("gpustack-qwen3-30b-a3b-910b.ru.md"))
        .args(["--lang", "en", "--allow-untranslated", "--out"])
        .arg(&back_dir)
        .assert()
        .code(0);
    let en = read(&back_dir, "gpustack-qwen3-30b-a3b-910b.en.md");
    assert!(en.contains("\n    - Short prompt: 128 input tokens, 4 output tokens\n"));

    // The summary counts in Russian forms too: 9 сегментов here.
    let one = dir.path().join("one.md");
    std::fs::write(
        &one,
        "# Optimizing Foo-7B Throughput\n\nOur servers were tuned by hand.\n",
    )
    .unwrap();
    perflab()
        .env("PERFLAB_LANG", "ru")
        .args(["translate"])
        .arg(&one)
        .args(["--lang", "ru", "--out"])
        .arg(dir.path())
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "en → ru: 2 сегмента: из памяти perflab 1",
        ))
        .stderr(predicate::str::contains("на языке en оставлен 1 сегмент; "));
}

/// The real vLLM block of `fixtures/diff/` with its labels in Chinese, as a localized
/// fork prints them, fenced between two English paragraphs.
fn excerpt_with_chinese_labels() -> String {
    let mut block = fixture("fixtures/diff/vllm-bench-serve-pr33743.txt");
    for (en, zh) in [
        ("Serving Benchmark Result", "服务基准测试结果"),
        ("Successful requests:", "成功请求数:"),
        ("Failed requests:", "失败请求数:"),
        ("Benchmark duration (s):", "基准测试时长 (秒):"),
        ("Total input tokens:", "输入令牌总数:"),
        ("Total generated tokens:", "生成令牌总数:"),
        ("Request throughput (req/s):", "请求吞吐量 (请求/秒):"),
    ] {
        assert_eq!(block.matches(en).count(), 1, "{en}");
        block = block.replacen(en, zh, 1);
    }
    format!(
        "# Gemma 3 27B on one GPU\n\nWe measured the serving throughput with the random \
         dataset and sixteen prompts.\n\n```\n{block}```\n\nThe time to first token was \
         high because every prompt arrived at once.\n"
    )
}

#[test]
fn english_prose_beside_chinese_labels_is_not_a_chinese_report() {
    // The labels inside the block made the whole excerpt "Chinese": its English prose
    // then was no segment at all, and `--lang ru` said "0 segments", "Verified", exit 0,
    // and wrote the excerpt unchanged. The prose decides the language.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("excerpt.md");
    std::fs::write(&path, excerpt_with_chinese_labels()).unwrap();
    let out = perflab()
        .arg("translate")
        .arg(&path)
        .args(["--lang", "ru", "--out"])
        .arg(dir.path().join("out"))
        .assert()
        .code(1)
        .get_output()
        .clone();
    let stderr = text(&out.stderr);
    assert!(stderr.starts_with("en → ru: 3 segments"), "{stderr}");
    assert!(
        stderr.contains("excerpt.md:3: We measured the serving throughput"),
        "{stderr}"
    );
    assert!(
        stderr.contains("excerpt.md:33: The time to first token"),
        "{stderr}"
    );
}

#[test]
fn prose_in_a_third_language_is_named_and_fails() {
    // A Chinese table (the report's language, by its prose) with an English note: into
    // Russian, nothing translates the English, which was left as it was without a word.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("table.md");
    std::fs::write(
        &path,
        "# 吞吐量对比\n\n| 配置 | 总令牌吞吐量 (令牌/秒) |\n|---|---|\n| 基线配置 | 1052.55 |\n\
         | 开启前缀缓存 | 1160.20 |\n\nPrefix caching raised the total throughput by ten \
         percent.\n",
    )
    .unwrap();
    let run = |allow: bool| {
        let mut cmd = perflab();
        cmd.arg("translate")
            .arg(&path)
            .args(["--lang", "ru", "--out"])
            .arg(dir.path().join("out"));
        if allow {
            cmd.arg("--allow-untranslated");
        }
        cmd.output().unwrap()
    };
    let out = run(false);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.starts_with("zh-CN → ru:"), "{stderr}");
    assert!(
        stderr.contains("1 segment is in en, neither zh-CN (the report's language) nor ru"),
        "{stderr}"
    );
    assert!(
        stderr.contains("table.md:8: Prefix caching raised"),
        "{stderr}"
    );
    let allowed = run(true);
    assert!(text(&allowed.stderr).contains("table.md:8: Prefix caching"));
}
