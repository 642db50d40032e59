//! Round trips: import a published report, render the study with `perflab report`'s
//! renderer, and find every number of the original again — each block verbatim, each
//! parameter, and each claimed figure (the renderer recomputes figures from the blocks, so
//! a figure may differ in its last printed digit, as the report issue allows, and nothing
//! more). `translate` renders the same numbers with the texts it can translate.

use std::path::Path;

use perflab::compare::StudyComparison;
use perflab::import::{import, translate};
use perflab::published::read_report;
use perflab::render::report;
use perflab::render::templates::Templates;
use perflab::study;

const REFERENCE: &str = "fixtures/reports/qwen3.5-9b-h100.en.md";
const CORPUS: &str = "fixtures/reports/gpustack-qwen3-30b-a3b-910b.md";

fn text(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).expect("fixture")
}

/// The Markdown `perflab report` writes for the study imported from `rel`, in `lang`.
fn rendered(rel: &str, lang: &str) -> String {
    let mut im = import(Path::new(rel), &text(rel)).expect("imports");
    translate(&mut im.study, lang).expect("translates");
    let dir = tempfile::tempdir().unwrap();
    im.write(dir.path()).unwrap();
    let study = study::load(&dir.path().join("study.toml")).expect("the imported study loads");
    let cmp = StudyComparison::new(&study).expect("compares");
    let templates = Templates::new(None).unwrap();
    report::render(&study, &cmp, lang, &templates)
        .expect("renders")
        .markdown
}

/// Decimal numbers of a text outside its benchmark blocks, with their lines.
fn claimed_numbers(text: &str) -> Vec<(String, usize)> {
    let re = regex::Regex::new(r"[+-]?\d+\.\d+").unwrap();
    let mut out = Vec::new();
    let mut in_block = false;
    for (i, line) in text.lines().enumerate() {
        if line.contains("Serving Benchmark Result") {
            in_block = true;
        }
        if in_block {
            let t = line.trim();
            if t.len() >= 10 && t.chars().all(|c| c == '=') {
                in_block = false;
            }
            continue;
        }
        out.extend(re.find_iter(line).map(|m| (m.as_str().to_owned(), i + 1)));
    }
    out
}

/// `x` as printed, found among `numbers` at its decimals, or one unit of its last digit
/// away.
fn found(x: &str, numbers: &[(String, usize)]) -> bool {
    let decimals = x.split('.').nth(1).map_or(0, str::len) as i32;
    let unit = 10f64.powi(-decimals);
    let v: f64 = x.parse().unwrap();
    numbers.iter().any(|(y, _)| {
        let yd = y.split('.').nth(1).map_or(0, str::len) as i32;
        let yv: f64 = y.parse().unwrap();
        let rounded = (yv / unit).round() * unit;
        yd >= decimals && (rounded - v).abs() <= unit * 1.000_001
    })
}

fn assert_round_trip(rel: &str, lang: &str) -> String {
    let original = text(rel);
    let md = rendered(rel, lang);
    // Every block, as the tool printed it.
    let report = read_report(Path::new(rel), &original).unwrap().report;
    for b in &report.blocks {
        assert!(
            md.contains(b.raw.trim_end()),
            "{rel}: block at line {} not rendered",
            b.line
        );
    }
    // Every backend parameter.
    for exp in &report.experiments {
        for v in &exp.variants {
            for arg in v.params.iter().flat_map(|p| &p.args) {
                assert!(
                    md.contains(arg.as_str()),
                    "{rel}: parameter {arg} of {}",
                    v.name
                );
            }
        }
    }
    // Every claimed figure.
    let rendered_numbers = claimed_numbers(&md);
    for (x, line) in claimed_numbers(&original) {
        assert!(
            found(&x, &rendered_numbers),
            "{rel}:{line}: {x} not in the {lang} report"
        );
    }
    md
}

#[test]
fn reference_round_trip_keeps_every_number() {
    let md = assert_round_trip(REFERENCE, "en");
    // Figures as the reference prints them.
    for figure in [
        "(+2.09%)",
        "(+15.59%)",
        "(+0.75%)",
        "(+1.74%)",
        "(-2.62%)",
        "(+0.88%)",
    ] {
        assert!(md.contains(figure), "{figure}");
    }
    // The one figure the reference got wrong comes back right: 514 of 1000 is 51.4%.
    assert!(md.contains("51.4%") && !md.contains("51.5%"));
}

#[test]
fn corpus_round_trip_keeps_every_number_and_the_crash() {
    let md = assert_round_trip(CORPUS, "en");
    assert!(md.contains("Crash, not supported for the model"));
    // The conclusion's +284.0%, printed again at two decimals.
    assert!(md.contains("+284.00%"));
}

#[test]
fn translation_keeps_the_numbers_translates_titles_and_marks_the_rest() {
    let ru = assert_round_trip(REFERENCE, "ru");
    assert!(ru.starts_with("# Оптимизация пропускной способности Qwen3.5-9B"));
    assert!(ru.contains("### Выбор движка инференса"));
    assert!(ru.contains("### Максимальное число последовательностей и Режим производительности"));
    assert!(ru.contains("Длинный контекст"));
    // A note perflab cannot translate stays English, marked.
    assert!(ru.contains("не переведено\\] Our benchmark tests do not cover"));
    let zh = assert_round_trip(CORPUS, "zh-CN");
    assert!(zh.contains("选择推理引擎"));
    assert!(zh.contains("未翻译\\] Achieve high throughput"));
}

#[test]
fn perflab_own_reports_pass_its_check() {
    for (rel, min_claims) in [(REFERENCE, 100), (CORPUS, 40)] {
        let md = rendered(rel, "en");
        let checked = perflab::check::check(Path::new("report.en.md"), &md).unwrap();
        let wrong: Vec<_> = checked.wrong().collect();
        assert!(wrong.is_empty(), "{rel}: {wrong:#?}");
        assert!(
            checked.claims.len() >= min_claims,
            "{rel}: {} claims",
            checked.claims.len()
        );
    }
}

const RUSSIAN: &str = "fixtures/reports/qwen3.5-9b-h100.ru.md";

#[test]
fn russian_plain_text_imports_to_the_same_study() {
    // The translation lost its Markdown: headings, admonitions and fences are plain
    // paragraphs, the tables tab-separated.
    let ru = import(Path::new(RUSSIAN), &text(RUSSIAN)).unwrap();
    let en = import(Path::new(REFERENCE), &text(REFERENCE)).unwrap();
    let shape = |s: &perflab::import::StudyFile| -> Vec<(String, usize)> {
        s.experiments
            .iter()
            .map(|e| (e.id.clone(), e.variants.len()))
            .collect()
    };
    // Experiment titles in the glossary get the English ids.
    assert_eq!(shape(&ru.study), shape(&en.study));
    assert_eq!(ru.study.baseline, en.study.baseline);
    assert_eq!(ru.files.len(), 24);
    let params = |s: &perflab::import::StudyFile| -> Vec<Vec<String>> {
        s.experiments
            .iter()
            .flat_map(|e| e.variants.iter().map(|v| v.parameters.clone()))
            .collect()
    };
    assert_eq!(params(&ru.study), params(&en.study));
    let profiles: Vec<_> = ru.study.profiles.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        profiles,
        [
            "ShareGPT",
            "Пропускная способность",
            "Длинный контекст",
            "Интенсивная генерация"
        ]
    );
    // `Профиль высокой пропускной способности` in the conclusion is that profile.
    let scenarios: Vec<_> = ru
        .study
        .scenarios
        .iter()
        .map(|s| s.profile.as_str())
        .collect();
    assert_eq!(scenarios, profiles);
    let md = assert_round_trip(RUSSIAN, "ru");
    assert!(md.contains("### Выбор движка инференса"));
    // And back to English through the glossary.
    let back = rendered(RUSSIAN, "en");
    assert!(back.starts_with("# Optimizing Qwen3.5-9B Throughput"));
    assert!(
        back.contains("### Max Num Seqs && Performance Mode")
            || back.contains("### Max Num Seqs &amp;&amp; Performance Mode")
    );
    assert!(back.contains("[not translated\\] Наши бенчмарки"));
}
