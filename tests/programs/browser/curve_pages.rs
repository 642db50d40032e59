//! The pages of load sweeps, opened in headless Chromium: `perflab curves` of the real
//! vLLM sweep, `perflab diff` of two sweeps and a study report's load curve.

use std::path::Path;

use serde_json::{json, Value};

use super::perflab;
use crate::common::sweep::{sweep_of, SWEEP};
use crate::webdriver;

/// The `perflab curves` page of the real `vllm bench sweep serve` folder, in Russian.
pub fn check_curves_page(chromium: &Path, chromedriver: &Path) {
    let dir = tempfile::tempdir().unwrap();
    perflab()
        .args([
            "curves",
            SWEEP,
            "--x",
            "max_concurrency",
            "--y",
            "p99_ttft_ms,output_throughput",
            "--slo",
            "p99_ttft_ms<=50",
            "--lang",
            "ru",
            "--out",
        ])
        .arg(dir.path())
        .assert()
        .success();
    let script = r#"
        const svgs = [...document.querySelectorAll('svg')];
        return {
          ready: document.readyState,
          lang: document.documentElement.lang,
          tables: document.querySelectorAll('table').length,
          svgs: svgs.map(svg => {
            const box = svg.getBoundingClientRect();
            const texts = [...svg.querySelectorAll('text')];
            return {
              width: box.width, height: box.height,
              label: svg.getAttribute('aria-label'),
              circles: svg.querySelectorAll('circle').length,
              text: texts.map(t => t.textContent.trim()).join('|'),
              unmeasured: texts.filter(t => t.textContent.trim() && !(t.getComputedTextLength() > 0))
                .map(t => t.textContent.trim()),
            };
          }),
        };"#;
    let (page, log) = webdriver::inspect(
        chromium,
        chromedriver,
        &dir.path().join("curves.ru.html"),
        script,
    );
    assert_eq!(page["ready"], "complete", "{page}");
    assert_eq!(page["lang"], "ru");
    let severe: Vec<&Value> = log
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["level"] == "SEVERE")
        .collect();
    assert!(severe.is_empty(), "browser console errors: {severe:?}");
    assert_eq!(page["tables"], 2, "capacity and frontier tables");
    let svgs = page["svgs"].as_array().unwrap();
    assert_eq!(svgs.len(), 3, "two curves and the frontier: {page}");
    for svg in svgs {
        assert!(svg["width"].as_f64().unwrap() > 100.0, "{svg}");
        assert!(svg["height"].as_f64().unwrap() > 100.0, "{svg}");
        assert_eq!(svg["unmeasured"], json!([]), "{svg}");
    }
    // TTFT chart: 8 points + 2 legend markers; the SLO line and capacity are labelled.
    assert_eq!(svgs[0]["circles"], json!(10), "{}", svgs[0]);
    let ttft = svgs[0]["text"].as_str().unwrap();
    assert!(
        ttft.contains("p99_ttft_ms<=50") && ttft.contains("ёмкость 31.96"),
        "{ttft}"
    );
    let pareto = svgs[2]["text"].as_str().unwrap();
    assert!(
        pareto.contains("Фронт") && pareto.contains("itl_ms=6"),
        "{pareto}"
    );
}

/// `perflab diff` of two sweeps as an HTML page, in Chinese: both curves on one chart.
pub fn check_diff_page_of_two_sweeps(chromium: &Path, chromedriver: &Path) {
    let (fast, slow) = (sweep_of(2, 1), sweep_of(6, 1));
    let page_dir = tempfile::tempdir().unwrap();
    let html = page_dir.path().join("diff.html");
    perflab()
        .arg("diff")
        .arg(fast.path())
        .arg(slow.path())
        .args([
            "--curve-x",
            "max_concurrency",
            "--slo",
            "mean_tpot_ms<=7",
            "--curve-by",
            "",
            "--fail-on",
            "capacity<-5%",
            "--lang",
            "zh-CN",
            "--html",
        ])
        .arg(&html)
        .assert()
        .code(1);
    let script = r#"
        const svgs = [...document.querySelectorAll('svg')];
        return {
          ready: document.readyState,
          verdict: (document.querySelector('.verdict') || {}).textContent || '',
          svgs: svgs.map(svg => {
            const box = svg.getBoundingClientRect();
            const texts = [...svg.querySelectorAll('text')];
            return {
              width: box.width, height: box.height,
              circles: svg.querySelectorAll('circle').length,
              text: texts.map(t => t.textContent.trim()).join('|'),
              unmeasured: texts.filter(t => t.textContent.trim() && !(t.getComputedTextLength() > 0))
                .map(t => t.textContent.trim()),
            };
          }),
        };"#;
    let (page, log) = webdriver::inspect(chromium, chromedriver, &html, script);
    assert_eq!(page["ready"], "complete", "{page}");
    let severe: Vec<&Value> = log
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["level"] == "SEVERE")
        .collect();
    assert!(severe.is_empty(), "browser console errors: {severe:?}");
    // The verdict line says what the exit code says: the capacity regressed.
    let verdict = page["verdict"].as_str().unwrap();
    assert!(verdict.contains("容量回退"), "{verdict}");
    let svgs = page["svgs"].as_array().unwrap();
    let chart = svgs
        .iter()
        .find(|s| s["text"].as_str().unwrap().contains("mean_tpot_ms<=7"))
        .unwrap_or_else(|| panic!("no capacity chart: {page}"));
    assert!(chart["width"].as_f64().unwrap() > 100.0, "{chart}");
    assert_eq!(chart["unmeasured"], json!([]), "{chart}");
    // Four loads on each sweep's curve, plus the two legend markers, both named.
    assert_eq!(chart["circles"], json!(10), "{chart}");
    let text = chart["text"].as_str().unwrap();
    assert!(
        text.contains("基线：") && text.contains("候选："),
        "{chart}"
    );
}

/// The load curve of a study report (the latency report's rates), in Chinese.
pub fn check_report_load_curve(chromium: &Path, chromedriver: &Path) {
    let dir = tempfile::tempdir().unwrap();
    perflab()
        .args([
            "report",
            "fixtures/studies/qwen3.5-9b-h100-latency/study.toml",
            "--lang",
            "zh-CN",
            "--allow-untranslated",
            "--out",
        ])
        .arg(dir.path())
        .assert()
        .success();
    let script = r#"
        const svg = [...document.querySelectorAll('svg')]
          .find(s => [...s.querySelectorAll('text')].some(t => t.textContent.includes('mean_e2el_ms<=3000')));
        if (!svg) { return { found: false }; }
        const box = svg.getBoundingClientRect();
        const texts = [...svg.querySelectorAll('text')];
        return {
          found: true, ready: document.readyState, lang: document.documentElement.lang,
          width: box.width, height: box.height,
          circles: svg.querySelectorAll('circle').length,
          text: texts.map(t => t.textContent.trim()).join('|'),
          unmeasured: texts.filter(t => t.textContent.trim() && !(t.getComputedTextLength() > 0))
            .map(t => t.textContent.trim()),
        };"#;
    let (page, log) = webdriver::inspect(
        chromium,
        chromedriver,
        &dir.path().join("report.zh-CN.html"),
        script,
    );
    assert_eq!(page["found"], true, "{page}");
    assert_eq!(page["ready"], "complete", "{page}");
    assert_eq!(page["lang"], "zh-CN");
    let severe: Vec<&Value> = log
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["level"] == "SEVERE")
        .collect();
    assert!(severe.is_empty(), "browser console errors: {severe:?}");
    assert!(page["width"].as_f64().unwrap() > 100.0, "{page}");
    assert!(page["height"].as_f64().unwrap() > 100.0, "{page}");
    assert_eq!(page["unmeasured"], json!([]), "{page}");
    // Four rates on each of two curves, plus the two legend markers.
    assert_eq!(page["circles"], json!(10), "{page}");
}
