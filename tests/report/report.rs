//! The study report against the reference it must reproduce. Every expected number below
//! was copied by hand from the reference report (`qwen3.5-9b-h100.en.md`) or from the
//! 910B report of the corpus; recomputed figures may differ from them by one unit in the
//! last printed digit (the reference computed from unrounded values), and by nothing more.

use std::path::Path;

use perflab::compare::StudyComparison;
use perflab::render::report::{self, RenderedReport};
use perflab::render::templates::Templates;
use perflab::study;

use crate::common::cli::perflab;

const REFERENCE: &str = "fixtures/studies/qwen3.5-9b-h100/study.toml";
const ASCEND: &str = "fixtures/studies/qwen3-30b-a3b-910b/study.toml";
const LANGS: [&str; 3] = ["en", "ru", "zh-CN"];

fn render(path: &str, lang: &str) -> RenderedReport {
    let study = study::load(Path::new(path)).expect("study loads");
    let cmp = StudyComparison::new(&study).expect("study compares");
    let templates = Templates::new(None).expect("templates");
    report::render(&study, &cmp, lang, &templates).expect("report renders")
}

/// Numbers of a line, in order: `11527.14`, `+2.09%`, `77.36%`. Digits glued to letters
/// (`P99`, `H100`) and text in `**bold**` (labels) are not numbers of the line.
fn numbers(line: &str) -> Vec<String> {
    let mut plain = String::new();
    for (i, part) in line.split("**").enumerate() {
        if i % 2 == 0 {
            plain.push_str(part);
        }
        plain.push(' ');
    }
    let chars: Vec<char> = plain.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let starts_number = c.is_ascii_digit()
            || ((c == '+' || c == '-') && chars.get(i + 1).is_some_and(char::is_ascii_digit));
        let glued =
            i > 0 && (chars[i - 1].is_alphanumeric() || matches!(chars[i - 1], '.' | '_' | '#'));
        if starts_number && !glued {
            let mut j = i + 1;
            while j < chars.len()
                && (chars[j].is_ascii_digit()
                    || (chars[j] == '.' && chars.get(j + 1).is_some_and(char::is_ascii_digit)))
            {
                j += 1;
            }
            if chars.get(j) == Some(&'%') {
                j += 1;
            }
            let glued_after = chars.get(j).is_some_and(|c| c.is_alphabetic());
            if !glued_after {
                out.push(chars[i..j].iter().collect());
            }
            i = j;
        } else {
            i += 1;
        }
    }
    out
}

/// `actual` equals `expected` but for at most one unit in the last printed digit, with
/// the same number of decimals, the same sign and the same percent sign.
fn close(actual: &str, expected: &str) -> bool {
    let decimals = |s: &str| {
        s.trim_end_matches('%')
            .split_once('.')
            .map_or(0, |(_, d)| d.len())
    };
    let value = |s: &str| s.trim_end_matches('%').parse::<f64>().ok();
    if decimals(actual) != decimals(expected)
        || actual.ends_with('%') != expected.ends_with('%')
        || actual.starts_with('+') != expected.starts_with('+')
    {
        return false;
    }
    let unit = 10f64.powi(-(decimals(expected) as i32));
    match (value(actual), value(expected)) {
        (Some(a), Some(e)) => (a - e).abs() <= unit * 1.0001,
        _ => false,
    }
}

fn assert_numbers(line: &str, expected: &[&str]) {
    let got = numbers(line);
    assert_eq!(
        got.len(),
        expected.len(),
        "numbers {got:?} of line\n{line}\nexpected {expected:?}"
    );
    for (g, e) in got.iter().zip(expected) {
        assert!(
            close(g, e),
            "{g} is not {e} (±1 in the last digit) in line\n{line}"
        );
    }
}

/// The line that contains all of `needles`, exactly one.
fn line_with<'a>(md: &'a str, needles: &[&str]) -> &'a str {
    let found: Vec<&str> = md
        .lines()
        .filter(|l| needles.iter().all(|n| l.contains(n)))
        .collect();
    assert_eq!(
        found.len(),
        1,
        "expected one line with {needles:?}, found {found:#?}"
    );
    found[0]
}

/// Table rows of the section that starts at `heading` (up to the next heading).
fn table_rows<'a>(md: &'a str, heading_id_text: &str) -> Vec<&'a str> {
    let start = md
        .find(heading_id_text)
        .unwrap_or_else(|| panic!("no {heading_id_text:?}"));
    md[start..]
        .lines()
        .skip(1)
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .collect()
}

fn cells(row: &str) -> Vec<&str> {
    row.trim()
        .trim_matches('|')
        .split(" | ")
        .map(str::trim)
        .collect()
}

#[test]
fn conclusion_table_matches_the_reference_in_every_language() {
    // (baseline TPS, baseline TPOT, optimized TPS, %, optimized TPOT) per profile row.
    let expected = [
        ["11527.14", "15.12", "11768.22", "+2.09%", "15.85"],
        ["29822.16", "34.63", "34470.14", "+15.59%", "36.97"],
        ["32416.84", "10.21", "32658.73", "+0.75%", "9.97"],
        ["2973.42", "0.33", "3025.11", "+1.74%", "0.12"],
    ];
    for lang in LANGS {
        let r = render(REFERENCE, lang);
        let conclusion =
            &r.markdown[..r.markdown.find("\n## ").map_or(r.markdown.len(), |i| i + 1)];
        let (_, after_conclusion) = r.markdown.split_once("\n## ").unwrap();
        let section_end = after_conclusion.find("\n## ").unwrap();
        let section = &after_conclusion[..section_end];
        let rows: Vec<&str> = section.lines().filter(|l| l.starts_with("| **")).collect();
        assert_eq!(rows.len(), 4, "{lang}: {rows:#?}\n{conclusion}");
        for (row, exp) in rows.iter().zip(&expected) {
            let c = cells(row);
            assert_numbers(&format!("{} {}", c[1], c[2]), exp);
            assert!(c[2].contains("perflab-better"), "{lang}: {row}");
        }
    }
}

#[test]
fn recommended_command_is_the_best_valid_configuration() {
    let command = "vllm serve Qwen/Qwen3.5-9B \\\n    --reasoning-parser=qwen3 \\\n    --performance-mode=throughput \\\n    --max-model-len=32768 \\\n    --max-num-seqs=512\n";
    for lang in LANGS {
        let r = render(REFERENCE, lang);
        assert!(
            r.markdown.contains(&format!("```bash\n{command}```")),
            "{lang}:\n{}",
            r.markdown
        );
    }
}

#[test]
fn group_summaries_match_the_reference() {
    // best, worst, difference, % over the worst; TPOT best run, worst run, difference, %.
    let cases: [(&str, [&str; 8]); 5] = [
        (
            "**vLLM**",
            [
                "11527.14", "6499.41", "5027.72", "77.36%", "15.12", "138.86", "123.74", "89.11%",
            ],
        ),
        (
            "**Seqs 1024**",
            [
                "11532.64", "11388.13", "144.51", "1.27%", "16.87", "16.91", "0.04", "0.25%",
            ],
        ),
        (
            "**32k**",
            [
                "11672.72", "11512.90", "159.82", "1.39%", "16.53", "15.83", "0.70", "4.43%",
            ],
        ),
        (
            "**Max Num Seqs 512**",
            [
                "11768.22", "11019.18", "749.05", "6.80%", "15.85", "44.58", "28.73", "64.45%",
            ],
        ),
        (
            "**Batch Token 48k and Seqs 768**",
            [
                "11628.47", "11333.89", "294.57", "2.60%", "15.65", "16.39", "0.74", "4.51%",
            ],
        ),
    ];
    let words = [
        ("en", "reduced", "increased", "slower"),
        ("ru", "снижение", "рост", "медленнее"),
        ("zh-CN", "降低", "增加", "更慢"),
    ];
    for (lang, reduced, increased, slower) in words {
        let r = render(REFERENCE, lang);
        let summaries: Vec<&str> = r
            .markdown
            .lines()
            .filter(|l| l.starts_with("**") && l.contains("** **"))
            .collect();
        assert_eq!(
            summaries.len(),
            5,
            "{lang}: one summary per experiment of several valid variants: {summaries:#?}"
        );
        for (best, exp) in &cases {
            let line = line_with(&r.markdown, &[&format!("** {best}")]);
            let (_, sentence) = line.split_once("** ").unwrap();
            assert_numbers(sentence, exp);
        }
        let tokens = line_with(&r.markdown, &["** **32k**"]);
        assert!(
            tokens.contains(increased) && tokens.contains(slower),
            "{lang}: {tokens}"
        );
        let engine = line_with(&r.markdown, &["** **vLLM**"]);
        assert!(
            engine.contains(reduced) && !engine.contains(slower),
            "{lang}: {engine}"
        );
    }
}

#[test]
fn summary_of_optimizations_matches_the_reference() {
    // Optimized TPS, its % against the baseline (or the success rate), optimized TPOT,
    // then the baseline's TPS and TPOT.
    let expected: [&[&str]; 9] = [
        &["11527.14", "+0.00%", "15.12", "11527.14", "15.12"],
        &["11224.70", "-2.62%", "16.66", "11527.14", "15.12"],
        &["15059.89", "51.4%", "42.50", "11527.14", "15.12"],
        &["11496.39", "-0.27%", "16.41", "11527.14", "15.12"],
        &["11532.64", "+0.05%", "16.87", "11527.14", "15.12"],
        &["11672.72", "+1.26%", "16.53", "11527.14", "15.12"],
        &["11768.22", "+2.09%", "15.85", "11527.14", "15.12"],
        &["11333.89", "-1.68%", "16.39", "11527.14", "15.12"],
        &["11628.47", "+0.88%", "15.65", "11527.14", "15.12"],
    ];
    let headings = [
        ("en", "### Summary of optimizations"),
        ("ru", "### Сводка методов оптимизации"),
        ("zh-CN", "### 优化方法汇总"),
    ];
    for (lang, heading) in headings {
        let r = render(REFERENCE, lang);
        let rows = table_rows(&r.markdown, heading);
        assert_eq!(rows.len(), 9, "{lang}: {rows:#?}");
        for (row, exp) in rows.iter().zip(expected) {
            let c = cells(row);
            assert_numbers(&format!("{} {}", c[1], c[2]), exp);
        }
        // The speculative-decoding run completed 514 of 1000 requests: shown, skipped.
        let spec = cells(rows[2]);
        assert!(
            spec[1].contains("perflab-skipped") && spec[1].contains("51.4%"),
            "{lang}: {}",
            rows[2]
        );
        assert!(cells(rows[1])[1].contains("perflab-worse"));
        assert!(cells(rows[6])[1].contains("perflab-better"));
    }
}

#[test]
fn skipped_speculative_decoding_run_says_why() {
    for (lang, words) in [
        ("en", "514 of 1000 requests"),
        ("ru", "выполнено 514 запросов из 1000"),
        ("zh-CN", "1000 个请求中完成 514 个"),
    ] {
        let r = render(REFERENCE, lang);
        let line = line_with(&r.markdown, &["51.4%", words]);
        assert!(line.starts_with("> "), "{lang}: {line}");
        assert!(
            !r.markdown.contains("num_speculative_tokens\":4} \\"),
            "{lang}: never in the recommended command"
        );
    }
}

#[test]
fn every_benchmark_block_appears_verbatim() {
    let r = render(REFERENCE, "en");
    let dir = Path::new("fixtures/studies/qwen3.5-9b-h100/runs");
    let mut names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    assert_eq!(names.len(), 24);
    for path in names {
        let text = std::fs::read_to_string(&path).unwrap();
        let block = text.split_once('\n').unwrap().1.trim_end();
        assert!(
            r.markdown.contains(&format!("```text\n{block}\n```")),
            "{} not in the report",
            path.display()
        );
    }
}

#[test]
fn second_study_of_another_shape_renders() {
    // The 910B report prints its % with one decimal and a TPOT of 277.5 where the block
    // says 277.51; perflab prints two decimals from the blocks.
    let expected = [
        ["1227.19", "318.03", "4712.47", "+284.0%", "964.45"],
        ["5340.68", "312.49", "15040.15", "+181.6%", "1249.72"],
        ["7843.85", "344.86", "15591.71", "+98.8%", "194.54"],
        ["5881.36", "277.51", "13362.49", "+127.2%", "130.97"],
        ["3704.57", "503.84", "10830.52", "+192.4%", "242.08"],
    ];
    for lang in LANGS {
        let r = render(ASCEND, lang);
        let md = &r.markdown;
        let rows: Vec<&str> = md.lines().filter(|l| l.starts_with("| **")).collect();
        assert_eq!(
            rows.len(),
            6,
            "{lang}: five profiles of the reference and ShareGPT at batch size 4"
        );
        for (row, exp) in rows.iter().zip(&expected) {
            let c = cells(row);
            let got = numbers(&format!("{} {}", c[1], c[2]));
            assert_eq!(got.len(), 5, "{row}");
            for (i, (g, e)) in got.iter().zip(exp).enumerate() {
                if i == 3 {
                    // One decimal in the reference: round ours to one decimal.
                    let ours: f64 = g.trim_end_matches('%').parse().unwrap();
                    let theirs: f64 = e.trim_end_matches('%').parse().unwrap();
                    assert!((ours - theirs).abs() <= 0.1 + 1e-9, "{g} vs {e}");
                } else {
                    assert!(close(g, e), "{g} vs {e} in {row}");
                }
            }
        }
        // The crashed variant is shown with its reason, and in the summary as no result.
        assert!(md.contains("Crash, not supported for the model"), "{lang}");
        assert!(
            md.contains("```bash\nmindie serve Qwen/Qwen3-30B-A3B\n```"),
            "{lang}: MindIE recommended"
        );
        let summary = line_with(md, &["** **MindIE**"]);
        assert_numbers(
            summary.split_once("** ").unwrap().1,
            &[
                "4712.47", "1227.19", "3485.28", "284.00%", "964.45", "318.03", "646.42", "203.26%",
            ],
        );
    }
}

#[test]
fn reports_and_charts_are_byte_identical_across_runs() {
    let study = study::load(Path::new(REFERENCE)).unwrap();
    let cmp = StudyComparison::new(&study).unwrap();
    let templates = Templates::new(None).unwrap();
    let reports = |()| -> Vec<RenderedReport> {
        LANGS
            .iter()
            .map(|l| report::render(&study, &cmp, l, &templates).unwrap())
            .collect()
    };
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let files_a = report::write(a.path(), &reports(())).unwrap();
    let files_b = report::write(b.path(), &reports(())).unwrap();
    assert_eq!(files_a.len(), files_b.len());
    assert!(
        files_a.len() >= 3 * (2 + 1 + 9 + 3),
        "md, html and every chart per language: {}",
        files_a.len()
    );
    for (fa, fb) in files_a.iter().zip(&files_b) {
        assert_eq!(
            fa.strip_prefix(a.path()).unwrap(),
            fb.strip_prefix(b.path()).unwrap()
        );
        assert_eq!(
            std::fs::read(fa).unwrap(),
            std::fs::read(fb).unwrap(),
            "{}",
            fa.display()
        );
    }
    // Every chart the Markdown shows exists beside it.
    for r in reports(()) {
        for line in r.markdown.lines().filter(|l| l.starts_with("![")) {
            let path = line.rsplit_once("](").unwrap().1.trim_end_matches(')');
            assert!(a.path().join(path).is_file(), "{path}");
        }
    }
}

#[test]
fn user_text_cannot_inject_markup() {
    let dir = tempfile::tempdir().unwrap();
    let runs = Path::new("fixtures/studies/qwen3.5-9b-h100/runs");
    std::fs::copy(runs.join("engine-vllm.txt"), dir.path().join("a.txt")).unwrap();
    std::fs::copy(runs.join("engine-sglang.txt"), dir.path().join("b.txt")).unwrap();
    let toml = r#"
model = "m<b>x</b>"
hardware = "h | pipe"
title = "<script>alert(1)</script>"
[[engines]]
name = "vLLM"
[[profiles]]
name = "P"
total_requests = 1000
[[experiments]]
id = "e"
title = "<img src=x onerror=alert(1)>"
[[experiments.variants]]
name = "a"
label = "<script>alert('a')</script>"
engine = "vLLM"
profile = "P"
parameters = ["--x=```", "<script>"]
result = "a.txt"
[[experiments.variants]]
name = "b"
label = "**bold** | [link](javascript:x)"
engine = "vLLM"
profile = "P"
result = "b.txt"
[notes]
en = ["<script>note</script>", "See the results (https://github.com/Tencent/AngelSlim/blob/main/README_en.md#-benchmark)."]
"#;
    std::fs::write(dir.path().join("study.toml"), toml).unwrap();
    let r = render(dir.path().join("study.toml").to_str().unwrap(), "en");
    // `\<` is Markdown's own escape: the text shows `<script>`, no tag starts.
    assert!(
        !r.markdown.replace("\\<", "").contains("<script>alert"),
        "{}",
        r.markdown
    );
    assert!(!r.html.to_lowercase().contains("<script"), "{}", r.html);
    assert!(!r.html.contains("<img src=x"), "{}", r.html);
    assert!(!r.html.contains("href=\"javascript"), "{}", r.html);
    assert!(
        r.html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "the title shows as text"
    );
    // A link's target is written as it is, never escaped.
    assert!(
        r.html.contains(
            "href=\"https://github.com/Tencent/AngelSlim/blob/main/README_en.md#-benchmark\""
        ),
        "{}",
        r.html
    );
    // The parameter with a fence inside stays inside its code block.
    assert!(
        r.markdown.contains("````bash\n--x=```\n<script>\n````"),
        "{}",
        r.markdown
    );
    for svg in r.charts.values() {
        assert!(!svg.contains("<script"), "{svg}");
    }
}

#[test]
fn the_default_title_escapes_the_model_once() {
    let dir = tempfile::tempdir().unwrap();
    let runs = Path::new("fixtures/studies/qwen3.5-9b-h100/runs");
    std::fs::copy(runs.join("engine-vllm.txt"), dir.path().join("a.txt")).unwrap();
    let toml = r#"
model = "org/m_x*<b>"
hardware = "H"
[[engines]]
name = "vLLM"
[[profiles]]
name = "P"
total_requests = 1000
[[experiments]]
id = "e"
title = "E"
[[experiments.variants]]
name = "a"
label = "a"
engine = "vLLM"
profile = "P"
result = "a.txt"
"#;
    std::fs::write(dir.path().join("study.toml"), toml).unwrap();
    let r = render(dir.path().join("study.toml").to_str().unwrap(), "en");
    let heading = r.markdown.lines().find(|l| l.starts_with("# ")).unwrap();
    // Each character escaped once: `\*`, `\<`; never `\\\*`.
    assert!(heading.ends_with("org/m_x\\*\\<b>"), "{heading}");
    assert!(!heading.contains("\\\\"), "{heading}");
    // The page shows the model as it is written.
    assert!(r.html.contains("org/m_x*&lt;b&gt;"), "{}", r.html);
}

/// The `class="…"` values of an HTML document (comrak's `language-*` of code fences
/// excepted: they name the fence's info string, not a style of perflab's).
fn classes(html: &str) -> std::collections::BTreeSet<String> {
    html.split("class=\"")
        .skip(1)
        .filter_map(|rest| rest.split_once('"').map(|(c, _)| c))
        .flat_map(str::split_whitespace)
        .filter(|c| !c.starts_with("language-"))
        .map(str::to_owned)
        .collect()
}

#[test]
fn html_styles_every_class_it_emits() {
    for lang in LANGS {
        let r = render(REFERENCE, lang);
        let style = r
            .html
            .split_once("<style>")
            .and_then(|(_, s)| s.split_once("</style>"))
            .map(|(s, _)| s)
            .expect("the page has a style sheet");
        let found = classes(&r.html);
        assert!(found.contains("perflab-better"), "{found:?}");
        for class in found {
            assert!(
                style.contains(&format!(".{class} "))
                    || style.contains(&format!(".{class},"))
                    || style.contains(&format!(".{class}{{")),
                "{lang}: class `{class}` has no style"
            );
        }
    }
}

#[test]
fn headings_keep_their_ampersands_and_links_their_targets() {
    let r = render(REFERENCE, "en");
    assert!(
        r.markdown
            .contains("### Max Batched Tokens && Performance Mode\n"),
        "{}",
        r.markdown
    );
    assert!(!r.markdown.contains("&amp;"), "{}", r.markdown);
    assert!(r
        .html
        .contains(">Max Batched Tokens &amp;&amp; Performance Mode</h3>"));
    assert!(!r.html.contains("%5C"), "a link target was escaped");
}

#[test]
fn every_message_a_template_asks_for_exists() {
    let en = perflab::l10n::message_ids("en");
    for entry in std::fs::read_dir("templates")
        .unwrap()
        .chain(std::fs::read_dir("templates/report").unwrap())
    {
        let path = entry.unwrap().path();
        if path.is_dir() {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        for piece in text.split("t[\"").skip(1) {
            let id = piece.split('"').next().unwrap();
            assert!(
                en.contains(id),
                "{} asks for `{id}`, which locales/en lacks",
                path.display()
            );
        }
    }
}

#[test]
fn russian_plurals_have_three_forms() {
    let l = perflab::l10n::Localizer::new("ru").unwrap();
    let say = |n: i64| {
        l.tr_args(
            "variant-skipped",
            &[
                ("rate", "x".into()),
                ("completed", n.into()),
                ("requested", 1000.into()),
            ],
        )
    };
    assert!(say(1).contains("выполнено 1 запрос из"), "{}", say(1));
    assert!(say(3).contains("выполнено 3 запроса из"), "{}", say(3));
    assert!(
        say(514).contains("выполнено 514 запросов из"),
        "{}",
        say(514)
    );
    assert!(say(21).contains("выполнено 21 запрос из"), "{}", say(21));
    let en = perflab::l10n::Localizer::new("en").unwrap();
    let one = en.tr_args(
        "variant-skipped",
        &[
            ("rate", "x".into()),
            ("completed", 0.into()),
            ("requested", 1.into()),
        ],
    );
    assert!(one.contains("0 of 1 request completed"), "{one}");
}

#[test]
fn cli_report_writes_every_language_and_the_json() {
    let out = tempfile::tempdir().unwrap();
    perflab()
        .args([
            "report",
            REFERENCE,
            "--lang",
            "en,ru,zh-CN",
            "--json",
            "--out",
        ])
        .arg(out.path())
        .assert()
        .success();
    for lang in LANGS {
        assert!(out.path().join(format!("report.{lang}.md")).is_file());
        assert!(out.path().join(format!("report.{lang}.html")).is_file());
        assert!(out
            .path()
            .join(format!("charts/conclusion.{lang}.svg"))
            .is_file());
    }
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.path().join("comparison.json")).unwrap())
            .unwrap();
    // Recommended: "Max Num Seqs && Performance Mode" (experiment 6), variant "512" (1).
    assert_eq!(
        json["recommended"],
        serde_json::json!({"experiment": 6, "variant": 1})
    );
    assert_eq!(
        json["experiments"][2]["variants"][0]["status"]["status"],
        "skipped"
    );
    assert_eq!(
        json["experiments"][2]["variants"][0]["success"]["percent_text"],
        "51.4%"
    );
}

/// A copy of the 910B study in a temporary folder, with `from` replaced by `to`.
fn edited_ascend_study(from: &str, to: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(ASCEND).unwrap();
    assert!(text.contains(from), "{from}");
    let study = dir.path().join("study.toml");
    std::fs::write(&study, text.replacen(from, to, 1)).unwrap();
    std::fs::create_dir(dir.path().join("runs")).unwrap();
    for entry in std::fs::read_dir(Path::new(ASCEND).parent().unwrap().join("runs")).unwrap() {
        let p = entry.unwrap().path();
        std::fs::copy(&p, dir.path().join("runs").join(p.file_name().unwrap())).unwrap();
    }
    (dir, study)
}

fn report_stderr(study: &Path, out: &Path) -> String {
    let out = perflab()
        .arg("report")
        .arg(study)
        .arg("--out")
        .arg(out)
        .assert()
        .code(2);
    String::from_utf8_lossy(&out.get_output().stderr).into_owned()
}

#[test]
fn cli_study_errors_name_the_key_and_exit_2() {
    let (dir, study) = edited_ascend_study(
        "profile = \"ShareGPT\"\nresult = \"runs/engine-mindie.txt\"",
        "profile = \"Foo\"\nresult = \"runs/engine-mindie.txt\"",
    );
    let stderr = report_stderr(&study, &dir.path().join("out"));
    assert!(
        stderr.contains(
            "study.toml:75: experiments[0].variants[1].profile = \"Foo\": no such profile"
        ),
        "{stderr}"
    );

    // A result file that holds no run: the crash comment of the 910B report.
    let (dir, study) = edited_ascend_study(
        "missing = \"Crash, not supported for the model\"",
        "result = \"runs/prefix-cache-crash.txt\"",
    );
    let stderr = report_stderr(&study, &dir.path().join("out"));
    assert!(
        stderr.contains("experiments[1].variants[0].result = \"runs/prefix-cache-crash.txt\": "),
        "{stderr}"
    );

    let (dir, study) = edited_ascend_study("run = 4", "run = 7");
    let stderr = report_stderr(&study, &dir.path().join("out"));
    assert!(
        stderr.contains("scenarios[1].baseline.run = 7: no such run: the file holds 5 runs"),
        "{stderr}"
    );

    let (dir, study) = edited_ascend_study(
        "result = \"runs/quantization-w8a8.txt\"",
        "result = \"runs/nope.txt\"",
    );
    let stderr = report_stderr(&study, &dir.path().join("out"));
    assert!(
        stderr.contains("experiments[2].variants[0].result = \"runs/nope.txt\": cannot read"),
        "{stderr}"
    );
}

#[test]
fn cli_compare_two_runs_in_every_language() {
    let runs = "fixtures/studies/qwen3-30b-a3b-910b/runs";
    let out = perflab()
        .args(["compare", "--lang", "en"])
        .arg(format!("{runs}/other-baseline.txt#2"))
        .arg(format!("{runs}/other-optimized.txt#2"))
        .assert()
        .success();
    let stdout = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    // Long Prompt (4K input): 5881.36 → 13362.49 tok/s; TPOT 277.51 → 130.97 ms.
    let first = stdout.lines().next().unwrap();
    assert_numbers(
        first,
        &[
            "13362.49", "5881.36", "7481.13", "127.20%", "130.97", "277.51", "146.54", "52.81%",
        ],
    );
    assert!(stdout.contains("+127.20%"), "{stdout}");
    let ru = perflab()
        .args(["compare", "--lang", "ru"])
        .arg(format!("{runs}/other-baseline.txt#2"))
        .arg(format!("{runs}/other-optimized.txt#2"))
        .assert()
        .success();
    assert!(String::from_utf8_lossy(&ru.get_output().stdout).contains("быстрее на 7481.13 tok/s"));
    // A file of several runs needs #N.
    perflab()
        .args(["compare"])
        .arg(format!("{runs}/other-baseline.txt"))
        .arg(format!("{runs}/engine-vllm.txt"))
        .assert()
        .code(2);
    perflab()
        .args(["compare"])
        .arg(format!("{runs}/other-baseline.txt#9"))
        .arg(format!("{runs}/engine-vllm.txt"))
        .assert()
        .code(2);
}

#[test]
fn latency_study_reports_ratios() {
    // The reference's runs ranked by mean end-to-end latency (printed `Mean Latency(s)`):
    // vLLM 24.11 s, SGLang 39.08 s, speculative decoding 11.77 s but 514 of 1000 requests.
    let dir = tempfile::tempdir().unwrap();
    let runs = Path::new("fixtures/studies/qwen3.5-9b-h100/runs");
    for f in [
        "engine-vllm.txt",
        "engine-sglang.txt",
        "speculative-decoding.txt",
    ] {
        std::fs::copy(runs.join(f), dir.path().join(f)).unwrap();
    }
    let toml = r#"
model = "Qwen/Qwen3.5-9B"
hardware = "H100"
[metrics]
primary = "mean_e2el_ms"
secondary = "mean_ttft_ms"
[[engines]]
name = "vLLM"
[[engines]]
name = "SGLang"
[[profiles]]
name = "ShareGPT"
total_requests = 1000
[[experiments]]
id = "engine"
[[experiments.variants]]
name = "vllm"
engine = "vLLM"
profile = "ShareGPT"
result = "engine-vllm.txt"
[[experiments.variants]]
name = "sglang"
engine = "SGLang"
profile = "ShareGPT"
result = "engine-sglang.txt"
[[experiments]]
id = "spec"
[[experiments.variants]]
name = "mtp"
engine = "vLLM"
profile = "ShareGPT"
result = "speculative-decoding.txt"
"#;
    std::fs::write(dir.path().join("study.toml"), toml).unwrap();
    let study = study::load(&dir.path().join("study.toml")).unwrap();
    let cmp = StudyComparison::new(&study).unwrap();
    // The faster spec-decoding run failed requests: vLLM stays recommended.
    assert_eq!(cmp.recommended, cmp.baseline);
    let r = render(dir.path().join("study.toml").to_str().unwrap(), "en");
    // 39080 / 24110 = 1.62; TTFT 1604.23 vs 26217.15 ms.
    let summary = line_with(&r.markdown, &["** **vllm**"]);
    assert!(
        summary.contains("is 1.62x faster (14970.00 ms less)"),
        "{summary}"
    );
    assert!(
        summary.contains("reduced by 24612.92 ms (93.88%)"),
        "{summary}"
    );
    assert!(
        r.markdown.contains("No variant beat the baseline"),
        "{}",
        r.markdown
    );
    let rows = table_rows(&r.markdown, "### Summary of optimizations");
    assert!(cells(rows[0])[1].contains("(same)"), "{}", rows[0]);
    assert!(
        cells(rows[1])[1].contains("success rate 51.4%, optimization skipped"),
        "{}",
        rows[1]
    );
    let ru = render(dir.path().join("study.toml").to_str().unwrap(), "ru");
    assert!(line_with(&ru.markdown, &["** **vllm**"]).contains("быстрее в 1.62x"));
}

#[test]
fn templates_are_overridable_file_by_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("report")).unwrap();
    std::fs::write(
        dir.path().join("report/variant.md.j2"),
        "\n\nVARIANT {{ v.label | md }}",
    )
    .unwrap();
    let study = study::load(Path::new(REFERENCE)).unwrap();
    let cmp = StudyComparison::new(&study).unwrap();
    let templates = Templates::new(Some(dir.path())).unwrap();
    let r = report::render(&study, &cmp, "en", &templates).unwrap();
    assert!(
        r.markdown.contains("\n\nVARIANT Seqs 2048\n"),
        "{}",
        r.markdown
    );
    // The rest still comes from the embedded templates.
    assert!(r
        .markdown
        .starts_with("# Optimizing Qwen3.5-9B Throughput\n\n## Conclusion\n"));
    std::fs::write(
        dir.path().join("report/variant.md.j2"),
        "ok\n{{ v.label | nope }}",
    )
    .unwrap();
    let templates = Templates::new(Some(dir.path())).unwrap();
    let e = report::render(&study, &cmp, "en", &templates)
        .unwrap_err()
        .to_string();
    assert!(e.contains("report/variant.md.j2:2"), "{e}");
}

#[test]
fn variants_of_another_profile_are_never_ranked_against_the_baseline() {
    // The Throughput profile's run prints 34470.14 tok/s, far above any ShareGPT run, but
    // it ran another workload: it is shown, not compared, never recommended.
    let dir = tempfile::tempdir().unwrap();
    let runs = Path::new("fixtures/studies/qwen3.5-9b-h100/runs");
    for f in [
        "engine-vllm.txt",
        "prefix-cache.txt",
        "other-throughput-optimized.txt",
    ] {
        std::fs::copy(runs.join(f), dir.path().join(f)).unwrap();
    }
    let toml = r#"
model = "M"
hardware = "H"
[[engines]]
name = "vLLM"
[[profiles]]
name = "ShareGPT"
[[profiles]]
name = "Throughput"
[[experiments]]
id = "base"
[[experiments.variants]]
name = "default"
engine = "vLLM"
profile = "ShareGPT"
result = "engine-vllm.txt"
[[experiments]]
id = "other"
[[experiments.variants]]
name = "random"
engine = "vLLM"
profile = "Throughput"
parameters = ["--other-profile"]
result = "other-throughput-optimized.txt"
[[experiments]]
id = "cache"
[[experiments.variants]]
name = "on"
engine = "vLLM"
profile = "ShareGPT"
parameters = ["--enable-prefix-caching"]
result = "prefix-cache.txt"
[[experiments]]
id = "crashed"
[[experiments.variants]]
name = "x"
engine = "vLLM"
profile = "ShareGPT"
missing = "out of memory"
"#;
    std::fs::write(dir.path().join("study.toml"), toml).unwrap();
    let study = study::load(&dir.path().join("study.toml")).unwrap();
    let cmp = StudyComparison::new(&study).unwrap();
    assert_eq!(
        cmp.recommended, cmp.baseline,
        "prefix cache is slower, the other profile does not count"
    );
    let r = render(dir.path().join("study.toml").to_str().unwrap(), "en");
    assert!(
        r.markdown.contains("```bash\nvllm serve M\n```"),
        "{}",
        r.markdown
    );
    assert!(r.markdown.contains("No variant beat the baseline"));
    let rows = table_rows(&r.markdown, "### Summary of optimizations");
    assert_numbers(cells(rows[1])[1], &["34470.14", "36.97"]);
    assert!(cells(rows[1])[1].contains("(other profile)"), "{}", rows[1]);
    assert_numbers(cells(rows[2])[1], &["11224.70", "-2.62%", "16.66"]);
    assert_eq!(cells(rows[3])[1], "no result (out of memory)");
}

/// A `--save-detailed` result JSON is one line of per-request arrays: the report shows
/// the block vLLM printed for the run instead (`ingest::serve_block`), never the JSON.
#[test]
fn a_result_json_is_shown_as_the_block_its_tool_prints() {
    let r = render("fixtures/studies/vllm-detailed/study.toml", "en");
    assert!(r
        .markdown
        .contains("============ Serving Benchmark Result ============"));
    assert!(r
        .markdown
        .contains("Successful requests:                     37"));
    assert!(!r.markdown.contains("\"ttfts\""), "raw JSON in the report");
    assert!(
        r.markdown.lines().all(|l| l.len() < 500),
        "a line of raw JSON"
    );
}

/// SGLang's JSONL keeps no request count and no failures; the console beside it does.
/// A study that names only the JSONL still sees the 4 failed of 50 (the run is whole, as
/// `perflab ingest` makes it), so the report does not recommend it.
#[test]
fn a_result_file_is_made_whole_by_the_console_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let sglang = Path::new("fixtures/sglang/0.5.23-run3-vllm-backend-failures-goodput-details");
    let runs = dir.path().join("runs");
    std::fs::create_dir_all(runs.join("sglang")).unwrap();
    std::fs::copy(sglang.join("console.txt"), runs.join("sglang/console.txt")).unwrap();
    let jsonl = "run3-vllm-backend-failures-goodput-details.jsonl";
    std::fs::copy(sglang.join(jsonl), runs.join("sglang").join(jsonl)).unwrap();
    std::fs::copy(
        "fixtures/studies/qwen3.5-9b-h100/runs/engine-vllm.txt",
        runs.join("baseline.txt"),
    )
    .unwrap();
    let toml = format!(
        r#"
model = "mock-model"
hardware = "CPU"
[[engines]]
name = "vLLM"
[[profiles]]
name = "P"
total_requests = 50
[[experiments]]
id = "e"
title = "E"
[[experiments.variants]]
name = "base"
label = "baseline"
engine = "vLLM"
profile = "P"
result = "runs/baseline.txt"
[[experiments.variants]]
name = "sglang"
label = "sglang"
engine = "vLLM"
profile = "P"
result = "runs/sglang/{jsonl}"
"#
    );
    std::fs::write(dir.path().join("study.toml"), toml).unwrap();
    let study = perflab::study::load(&dir.path().join("study.toml")).unwrap();
    let run = study.experiments[0].variants[1].outcome.loaded().unwrap();
    assert_eq!(run.run.get("completed"), Some(46.0));
    assert_eq!(run.run.get("failed"), Some(4.0));
    assert_eq!(run.run.get("num_prompts"), Some(50.0));
    assert_eq!(run.run.text("model_id"), Some("mock-model"));
    let r = render(dir.path().join("study.toml").to_str().unwrap(), "en");
    assert!(
        r.markdown.contains("46 of 50 requests completed"),
        "{}",
        r.markdown
    );
}
