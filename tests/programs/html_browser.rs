//! Opens perflab's pages in headless Chromium through WebDriver (`tests/programs/webdriver/`) and
//! checks what a reader would see: the page loads, the browser logs no error, every
//! inline chart has a size and its texts are laid out. The pages: a report page with
//! Cyrillic and Chinese charts here, the pages of load sweeps in
//! `tests/programs/browser/curve_pages.rs`, and the history site in
//! `tests/programs/browser/history_site.rs`.
//!
//! Needs Debian's `chromium`, `chromium-driver` and `fonts-noto-cjk` (`.ci/run` installs
//! them). This file has its own harness (libtest-mimic) so that, where Chromium or its
//! driver is missing, each test is reported as *ignored* (never as passed) with the
//! missing programs named on stderr; `PERFLAB_REQUIRE_BROWSER=1` (set by `.ci/run`)
//! turns a missing program into a failure, and so does `--include-ignored`.
//! `PERFLAB_KEEP_PAGE=FILE` keeps a copy of the page, e.g. for
//! `chromium --headless --screenshot`.

#[path = "browser/curve_pages.rs"]
mod curve_pages;
#[path = "browser/history_site.rs"]
mod history_site;

use std::collections::BTreeMap;
use std::path::Path;

use libtest_mimic::{Failed, Trial};
use perflab::render::charts::{grouped_bars, BarChart, BarSeries};
use perflab::render::html::page;
use serde_json::{json, Value};

use crate::common::cli::perflab;
use crate::webdriver;

fn series(name: &str, values: &[Option<f64>], labels: &[Option<&str>]) -> BarSeries {
    BarSeries {
        name: name.to_owned(),
        values: values.to_vec(),
        labels: labels.iter().map(|l| l.map(str::to_owned)).collect(),
    }
}

/// The conclusion chart of the reference study, in Russian.
fn russian_chart() -> BarChart {
    BarChart {
        title: "Базовая и оптимизированная конфигурация по профилям".to_owned(),
        categories: [
            "ShareGPT",
            "Пропускная способность",
            "Длинный контекст",
            "Генерация",
        ]
        .map(str::to_owned)
        .to_vec(),
        series: vec![
            series(
                "Базовая (vLLM без оптимизаций)",
                &[
                    Some(11527.14),
                    Some(29822.16),
                    Some(32416.84),
                    Some(2973.42),
                ],
                &[
                    Some("11527.14"),
                    Some("29822.16"),
                    Some("32416.84"),
                    Some("2973.42"),
                ],
            ),
            series(
                "Оптимизированная",
                &[
                    Some(11768.22),
                    Some(34470.14),
                    Some(32658.73),
                    Some(3025.11),
                ],
                &[
                    Some("11768.22\n+2.09%"),
                    Some("34470.14\n+15.59%"),
                    Some("32658.73\n+0.75%"),
                    Some("3025.11\n+1.74%"),
                ],
            ),
        ],
        y_label: "Общая пропускная способность (ток/с)".to_owned(),
    }
}

/// Every variant of one experiment, in Chinese, with a skipped run.
fn chinese_chart() -> BarChart {
    BarChart {
        title: "推理引擎选择：各变体总吞吐量".to_owned(),
        categories: ["vLLM", "SGLang", "--max-num-seqs=512", "推测解码"]
            .map(str::to_owned)
            .to_vec(),
        series: vec![series(
            "总吞吐量",
            &[Some(11527.14), Some(6499.42), Some(11768.22), None],
            &[
                Some("11527.14"),
                Some("6499.42"),
                Some("11768.22"),
                Some("已跳过"),
            ],
        )],
        y_label: "总吞吐量 (tok/s)".to_owned(),
    }
}

fn sample_page() -> String {
    let charts = BTreeMap::from([
        (
            "charts/conclusion.svg".to_owned(),
            grouped_bars(&russian_chart()).unwrap(),
        ),
        (
            "charts/engines.svg".to_owned(),
            grouped_bars(&chinese_chart()).unwrap(),
        ),
        ("charts/cdf.svg".to_owned(), chinese_cdf()),
    ]);
    let markdown = "# Оптимизация пропускной способности Qwen3.5-9B\n\n\
        ## Вывод\n\n\
        ![Итог](charts/conclusion.svg)\n\n\
        | Профиль | Базовая | Оптимизированная |\n\
        |---|---|---|\n\
        | **ShareGPT** | Total TPS: 11527.14<br>Mean TPOT(ms): 15.12 | Total TPS: 11768.22 \
        <span style=\"background-color:lightgreen;\">(+2.09%)</span><br>Mean TPOT(ms): 15.85 |\n\n\
        Метка пользователя: &lt;script&gt;alert(1)&lt;/script&gt;\n\n\
        ```bash\nvllm serve Qwen/Qwen3.5-9B \\\n    --max-num-seqs=512\n```\n\n\
        ## 推理引擎选择\n\n\
        ![引擎](charts/engines.svg)\n\n\
        ![TTFT](charts/cdf.svg)\n\n\
        ```text vLLM, ShareGPT\n============ Serving Benchmark Result ============\n\
        Successful requests:                     1000\n\
        Total Token throughput (tok/s):          11527.14\n```\n";
    page(markdown, "Qwen3.5-9B — отчёт", "ru", &charts).unwrap()
}

/// The TTFT CDF of a diff (`render::requests`), in Chinese: baseline solid, candidate
/// dashed, 300 synthetic requests a side.
fn chinese_cdf() -> String {
    use perflab::render::requests::{cdf_chart, Side};
    use perflab::requests::{Metric, Request, Rule, RunRequests};
    let side = |scale: f64| RunRequests {
        run_index: 0,
        rule: Rule::Numpy,
        duration_s: Some(1.0),
        requests: (0..300)
            .map(|i| Request {
                index: i,
                ok: true,
                ttft_ms: Some(scale * (20.0 + f64::from(i % 23))),
                ..Request::default()
            })
            .collect(),
    };
    let (base, cand) = (side(1.0), side(1.1));
    let l10n = perflab::l10n::Localizer::new("zh-CN").unwrap();
    let sides = [
        Side {
            name: "基线",
            requests: &base,
            dashed: false,
        },
        Side {
            name: "候选",
            requests: &cand,
            dashed: true,
        },
    ];
    perflab::render::charts::line_chart(&cdf_chart(Metric::Ttft, &sides, &l10n).unwrap()).unwrap()
}

/// A browser test: its name and its checks (which panic with their own messages;
/// libtest-mimic counts a panic as a failure).
type BrowserTest = (&'static str, fn(&Path, &Path));

const TESTS: [BrowserTest; 5] = [
    (
        "report_page_renders_in_headless_chromium",
        check_report_page,
    ),
    (
        "curves_page_renders_in_headless_chromium",
        curve_pages::check_curves_page,
    ),
    (
        "the_diff_page_of_two_sweeps_renders_both_curves_in_headless_chromium",
        curve_pages::check_diff_page_of_two_sweeps,
    ),
    (
        "the_reports_load_curve_renders_in_headless_chromium",
        curve_pages::check_report_load_curve,
    ),
    (
        "the_history_site_leads_with_regressions_and_filters_by_address",
        history_site::check_history_site,
    ),
];

/// The tests, each ignored when Chromium or its driver is missing and not required.
pub fn trials() -> Vec<Trial> {
    let required = std::env::var("PERFLAB_REQUIRE_BROWSER").is_ok_and(|v| v == "1");
    let missing = webdriver::programs().err().unwrap_or_default();
    if !missing.is_empty() {
        eprintln!(
            "html_browser: {}; the browser tests are {} (`.ci/run` installs chromium, \
             chromium-driver and fonts-noto-cjk)",
            missing.join("; "),
            if required {
                "required (PERFLAB_REQUIRE_BROWSER=1)"
            } else {
                "ignored"
            }
        );
    }
    TESTS
        .iter()
        .map(|&(name, check)| {
            Trial::test(
                format!("html_browser::{name}"),
                move || -> Result<(), Failed> {
                    let (chromium, chromedriver) =
                        webdriver::programs().map_err(|missing| missing.join("; "))?;
                    check(&chromium, &chromedriver);
                    Ok(())
                },
            )
            .with_ignored_flag(!missing.is_empty() && !required)
        })
        .collect()
}

fn check_report_page(chromium: &Path, chromedriver: &Path) {
    let dir = tempfile::tempdir().unwrap();
    let html_path = dir.path().join("report.ru.html");
    std::fs::write(&html_path, sample_page()).unwrap();
    if let Ok(keep) = std::env::var("PERFLAB_KEEP_PAGE") {
        std::fs::copy(&html_path, keep).unwrap();
    }
    let script = r#"
        const svgs = [...document.querySelectorAll('svg')];
        return {
          ready: document.readyState,
          lang: document.documentElement.lang,
          title: document.title,
          scripts: document.querySelectorAll('script').length,
          text: document.body.innerText,
          details: [...document.querySelectorAll('details > summary')].map(s => s.textContent),
          tables: document.querySelectorAll('table').length,
          svgs: svgs.map(svg => {
            const box = svg.getBoundingClientRect();
            const texts = [...svg.querySelectorAll('text')];
            return {
              width: box.width, height: box.height,
              label: svg.getAttribute('aria-label'),
              text: texts.map(t => t.textContent.trim()).join('|'),
              unmeasured: texts.filter(t => t.textContent.trim() && !(t.getComputedTextLength() > 0))
                .map(t => t.textContent.trim()),
            };
          }),
        };"#;
    let (page, log) = webdriver::inspect(chromium, chromedriver, &html_path, script);

    assert_eq!(page["ready"], "complete", "{page}");
    assert_eq!(page["lang"], "ru");
    assert_eq!(page["title"], "Qwen3.5-9B — отчёт");
    let severe: Vec<&Value> = log
        .as_array()
        .expect("log entries")
        .iter()
        .filter(|e| e["level"] == "SEVERE")
        .collect();
    assert!(severe.is_empty(), "browser console errors: {severe:?}");

    // User text that looked like a tag is shown, not run.
    assert_eq!(page["scripts"], 0, "{page}");
    let text = page["text"].as_str().unwrap();
    assert!(
        text.contains("Метка пользователя: <script>alert(1)</script>"),
        "{text}"
    );
    assert!(
        text.contains("vllm serve Qwen/Qwen3.5-9B"),
        "commands stay visible: {text}"
    );
    assert_eq!(page["details"], json!(["vLLM, ShareGPT"]));
    assert_eq!(page["tables"], 1);

    let svgs = page["svgs"].as_array().unwrap();
    assert_eq!(svgs.len(), 3, "{page}");
    for svg in svgs {
        assert!(
            svg["width"].as_f64().unwrap() > 100.0,
            "chart has no width: {svg}"
        );
        assert!(
            svg["height"].as_f64().unwrap() > 100.0,
            "chart has no height: {svg}"
        );
        assert_eq!(
            svg["unmeasured"],
            json!([]),
            "texts the browser did not lay out: {svg}"
        );
    }
    // Long labels wrap onto several <text> lines; compare with the lines joined.
    let ru = svgs[0]["text"].as_str().unwrap().replace('|', " ");
    for expected in [
        "Базовая и оптимизированная конфигурация по профилям",
        "Оптимизированная",
        "Общая пропускная способность (ток/с)",
        "Длинный контекст",
        "+15.59%",
        "11527.14",
    ] {
        assert!(
            ru.contains(expected),
            "Russian chart lacks `{expected}`: {ru}"
        );
    }
    assert_eq!(
        svgs[0]["label"],
        "Базовая и оптимизированная конфигурация по профилям"
    );
    let cdf = svgs[2]["text"].as_str().unwrap().replace('|', " ");
    for expected in [
        "TTFT：延迟不超过某值的请求占比",
        "请求占比",
        "TTFT（毫秒）",
        "基线",
        "候选",
    ] {
        assert!(
            cdf.contains(expected),
            "CDF chart lacks `{expected}`: {cdf}"
        );
    }
    let zh = svgs[1]["text"].as_str().unwrap();
    for expected in [
        "推理引擎选择：各变体总吞吐量",
        "总吞吐量 (tok/s)",
        "推测解码",
        "已跳过",
        "6499.42",
    ] {
        assert!(
            zh.contains(expected),
            "Chinese chart lacks `{expected}`: {zh}"
        );
    }
}
