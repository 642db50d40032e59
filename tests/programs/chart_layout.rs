//! Every chart of the bundled studies, in every language, drawn by a real SVG renderer
//! (`rsvg-convert`, Debian's librsvg2-bin, what ImageMagick and most desktop viewers use):
//! each `<text>` is rendered on its own and its inked box measured in the pixels, so the
//! test sees the fonts rsvg really picked. It fails when a text draws nothing (a rotated
//! axis title that vanished, Chinese drawn without a CJK font), leaves the canvas, or
//! overlaps another text (a two-line title running into the legend).
//!
//! Own harness (libtest-mimic): without `rsvg-convert` the test is reported as ignored;
//! `PERFLAB_REQUIRE_RSVG=1` (set by `.ci/run`) makes that a failure.

use std::path::{Path, PathBuf};
use std::process::Command;

use libtest_mimic::{Failed, Trial};
use perflab::compare::StudyComparison;
use perflab::render::charts::{
    delta_chart, grouped_bars, BarChart, BarSeries, DeltaBar, DeltaChart, DeltaTone,
};
use perflab::render::report;
use perflab::render::templates::Templates;
use perflab::requests::Objectives;
use perflab::study;

/// The last one's variants kept their requests: its report adds their CDFs and latency
/// over time.
const STUDIES: [&str; 3] = [
    "fixtures/studies/qwen3.5-9b-h100/study.toml",
    "fixtures/studies/qwen3-30b-a3b-910b/study.toml",
    "fixtures/studies/vllm-detailed/study.toml",
];
const LANGS: [&str; 3] = ["en", "ru", "zh-CN"];

/// Space above and below each text's strip, so that ink leaving the canvas is seen.
const PAD: u32 = 60;

/// The tests, ignored when `rsvg-convert` is missing and not required.
pub fn trials() -> Vec<Trial> {
    let rsvg = find_program("rsvg-convert");
    let required = std::env::var("PERFLAB_REQUIRE_RSVG").is_ok_and(|v| v == "1");
    if rsvg.is_none() {
        eprintln!(
            "chart_layout: `rsvg-convert` (Debian package librsvg2-bin) is not on PATH; the \
             chart test is {}",
            if required {
                "required (PERFLAB_REQUIRE_RSVG=1)"
            } else {
                "ignored"
            }
        );
    }
    let ignored = rsvg.is_none() && !required;
    let mut trials = Vec::new();
    for lang in LANGS {
        let rsvg = rsvg.clone();
        trials.push(
            Trial::test(
                format!("chart_layout::study_charts_have_no_overlapping_text_{lang}"),
                move || {
                    let rsvg = rsvg.ok_or("`rsvg-convert` (librsvg2-bin) is not on PATH")?;
                    let mut problems = Vec::new();
                    for path in STUDIES {
                        for (name, svg) in study_charts(path, lang) {
                            problems.extend(check_chart(&rsvg, &name, &svg));
                        }
                    }
                    failures(problems)
                },
            )
            .with_ignored_flag(ignored),
        );
    }
    for lang in LANGS {
        let rsvg = rsvg.clone();
        trials.push(
            Trial::test(
                format!("history_charts_have_no_overlapping_text_{lang}"),
                move || {
                    let rsvg = rsvg.ok_or("`rsvg-convert` (librsvg2-bin) is not on PATH")?;
                    let mut problems = Vec::new();
                    for (name, svg) in history_charts(lang) {
                        problems.extend(check_chart(&rsvg, &name, &svg));
                    }
                    failures(problems)
                },
            )
            .with_ignored_flag(ignored),
        );
    }
    let rsvg_hard = rsvg.clone();
    trials.push(
        Trial::test(
            "chart_layout::long_russian_title_and_legend_do_not_overlap",
            move || {
                let rsvg = rsvg_hard.ok_or("`rsvg-convert` (librsvg2-bin) is not on PATH")?;
                let svg = grouped_bars(&long_russian_chart()).map_err(|e| e.to_string())?;
                failures(check_chart(&rsvg, "long Russian chart", &svg))
            },
        )
        .with_ignored_flag(ignored),
    );
    // Latin and Cyrillic charts also hold with the wider DejaVu Sans as the only font
    // (Chinese needs a CJK font: .ci/run installs fonts-noto-cjk).
    for lang in ["en", "ru"] {
        let rsvg = rsvg.clone();
        let no_dejavu = !Path::new(DEJAVU).is_dir();
        trials.push(
            Trial::test(
                format!("chart_layout::study_charts_hold_with_dejavu_only_{lang}"),
                move || {
                    let rsvg = rsvg.ok_or("`rsvg-convert` (librsvg2-bin) is not on PATH")?;
                    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
                    let conf = dejavu_only(dir.path());
                    let mut problems = Vec::new();
                    for (name, svg) in study_charts(STUDIES[0], lang) {
                        problems.extend(check_chart_with(&rsvg, Some(&conf), &name, &svg));
                    }
                    failures(problems)
                },
            )
            .with_ignored_flag(ignored || no_dejavu),
        );
    }
    // The diff's delta chart: labels, values at the bars' ends and the scale, in three
    // scripts, with the default fonts and with DejaVu only; no text on a bar either.
    for dejavu in [false, true] {
        let rsvg = rsvg.clone();
        let no_dejavu = dejavu && !Path::new(DEJAVU).is_dir();
        let name = if dejavu {
            "chart_layout::delta_chart_holds_with_dejavu_only"
        } else {
            "chart_layout::delta_chart_has_no_overlapping_text_or_text_on_bars"
        };
        trials.push(
            Trial::test(name, move || {
                let rsvg = rsvg.ok_or("`rsvg-convert` (librsvg2-bin) is not on PATH")?;
                let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
                let conf = dejavu.then(|| dejavu_only(dir.path()));
                let mut charts = vec![("delta chart", delta_sample(true))];
                if !dejavu {
                    charts.push(("Chinese delta chart", delta_sample(false)));
                }
                let mut problems = Vec::new();
                for (name, chart) in charts {
                    let svg = delta_chart(&chart).map_err(|e| e.to_string())?;
                    problems.extend(check_chart_with(&rsvg, conf.as_deref(), name, &svg));
                    problems.extend(text_on_bars(&rsvg, conf.as_deref(), name, &svg));
                }
                failures(problems)
            })
            .with_ignored_flag(ignored || no_dejavu),
        );
    }
    // The check itself must be able to fail: a title drawn over the legend, as the
    // two-line Russian title was reported to be, and a text pushed off the canvas.
    let rsvg_self = rsvg.clone();
    trials.push(
        Trial::test(
            "chart_layout::the_check_catches_overlapping_and_clipped_text",
            move || {
                let rsvg = rsvg_self.ok_or("`rsvg-convert` (librsvg2-bin) is not on PATH")?;
                let svg = grouped_bars(&long_russian_chart()).map_err(|e| e.to_string())?;
                // Move the legend's first name up onto the title's line.
                let legend = "Базовая (vLLM без оптимизаций)";
                let broken = moved_text(&svg, legend, "y", 20);
                let problems = check_chart(&rsvg, "broken", &broken);
                if !problems
                    .iter()
                    .any(|p| p.contains("overlaps") && p.contains(legend))
                {
                    return Err(format!("overlap not caught: {problems:?}").into());
                }
                let clipped = moved_text(&svg, legend, "x", 790);
                let problems = check_chart(&rsvg, "clipped", &clipped);
                if !problems.iter().any(|p| p.contains("leaves the")) {
                    return Err(format!("clipping not caught: {problems:?}").into());
                }
                // Move the +∞% printed after a full rise back onto its bar.
                let svg = delta_chart(&delta_sample(true)).map_err(|e| e.to_string())?;
                let on_bar = moved_text(&svg, "+∞%", "x", 600);
                let problems = text_on_bars(&rsvg, None, "on a bar", &on_bar);
                if !problems
                    .iter()
                    .any(|p| p.contains("+∞%") && p.contains("lies on"))
                {
                    return Err(format!("text on a bar not caught: {problems:?}").into());
                }
                Ok(())
            },
        )
        .with_ignored_flag(ignored),
    );
    trials
}

/// `svg` with attribute `name` of the `<text>` that holds `content` set to `value`.
fn moved_text(svg: &str, content: &str, name: &str, value: i64) -> String {
    let end = svg.find(content).expect("text in the chart");
    let start = svg[..end].rfind("<text").expect("its tag");
    let tag = &svg[start..end];
    let key = format!(" {name}=\"");
    let at = tag.find(&key).expect("attribute") + key.len();
    let close = tag[at..].find('"').expect("quote") + at;
    format!(
        "{}{}{value}{}",
        &svg[..start],
        &tag[..at],
        &svg[start + close..]
    )
}

fn failures(problems: Vec<String>) -> Result<(), Failed> {
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n").into())
    }
}

fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

fn study_charts(path: &str, lang: &str) -> Vec<(String, String)> {
    let mut study = study::load(Path::new(path)).expect("study loads");
    let objectives = Objectives::default();
    let (requests, _) = study::requests::attach(&mut study, &objectives).expect("requests");
    let cmp = StudyComparison::new(&study).expect("study compares");
    let templates = Templates::new(None).expect("templates");
    let r = report::render_with_requests(&study, &cmp, &requests, &objectives, lang, &templates)
        .expect("report renders");
    assert!(!r.charts.is_empty(), "{path} has charts");
    r.charts.into_iter().collect()
}

/// History charts: 60 nights with missing ones and a step seven nights before the last
/// (its mark near the right edge), and 400 nights across a new year; every night with a
/// 40-digit commit.
fn history_charts(lang: &str) -> Vec<(String, String)> {
    use perflab::history::trend::{analyse, Point, Series, TrendSpec, Trends};
    let spec = TrendSpec {
        metrics: vec!["p99_ttft_ms".into()],
        default_metrics: false,
        key: vec!["model_id".into()],
        filters: Vec::new(),
        since: None,
        settings: perflab::history::Settings::default(),
        recent: 30,
    };
    let start = chrono_day("2026-01-01");
    let series = |nights: i64, step_at: i64, skip: &dyn Fn(i64) -> bool| {
        let points = (0..nights)
            .filter(|n| !skip(*n))
            .map(|n| Point {
                date: (start + chrono::TimeDelta::days(n))
                    .format("%Y-%m-%d")
                    .to_string()
                    .into(),
                run_id: format!("{n:064}").into(),
                labels: std::sync::Arc::new([("commit".to_owned(), commit(n))].into()),
                value: if n >= step_at { 130.0 } else { 100.0 } + (n % 4) as f64,
            })
            .collect();
        let mut s = Series {
            key: vec![(
                "model_id".into(),
                format!("Qwen/Qwen3-30B-A3B night {nights}"),
            )],
            metric: "p99_ttft_ms".into(),
            points,
            change_points: Vec::new(),
            latest: None,
        };
        analyse(&mut s, &spec);
        s
    };
    let trends = Trends {
        metrics: spec.metrics.clone(),
        key: spec.key.clone(),
        series: vec![
            series(60, 53, &|n| n % 9 == 4),
            series(400, 200, &|n| n % 30 == 7),
        ],
        settings: spec.settings,
        recent: spec.recent,
    };
    assert!(
        trends.series.iter().all(|s| !s.change_points.is_empty()),
        "each chart has a change point"
    );
    let templates = Templates::new(None).expect("templates");
    let page = perflab::render::history::render(&trends, "store", lang, &templates)
        .expect("history renders");
    assert_eq!(page.charts.len(), 2);
    page.charts.into_iter().collect()
}

/// A made-up 40-digit commit hash of night `n`.
fn commit(n: i64) -> String {
    let h = (n as u128 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835);
    format!("{:032x}{:08x}", h, (h >> 96) as u32)
}

fn chrono_day(date: &str) -> chrono::NaiveDate {
    chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").expect("date")
}

fn series(name: &str, values: &[f64], labels: &[&str]) -> BarSeries {
    BarSeries {
        name: name.to_owned(),
        values: values.iter().map(|v| Some(*v)).collect(),
        labels: labels.iter().map(|l| Some((*l).to_owned())).collect(),
    }
}

/// The reference study's conclusion chart in Russian with its full-length title, which
/// wraps onto two lines above a legend of long series names.
fn long_russian_chart() -> BarChart {
    BarChart {
        title: "Базовая и оптимизированная конфигурация по профилям нагрузки: общая \
                пропускная способность"
            .to_owned(),
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
                &[11527.14, 29822.16, 32416.84, 2973.42],
                &["11527.14", "29822.16", "32416.84", "2973.42"],
            ),
            series(
                "Оптимизированная (FP8, префиксный кэш, CUDA-графы)",
                &[11768.22, 34470.14, 32658.73, 3025.11],
                &[
                    "11768.22\n+2.09%",
                    "34470.14\n+15.59%",
                    "32658.73\n+0.75%",
                    "3025.11\n+1.74%",
                ],
            ),
        ],
        y_label: "Общая пропускная способность (ток/с)".to_owned(),
    }
}

/// A diff's delta chart: full-length drops and rises (the widest values beside the
/// labels and the canvas edge), ±∞, no change, a label cut at the front; Latin and
/// Cyrillic labels, or Chinese ones.
fn delta_sample(latin: bool) -> DeltaChart {
    let bar = |label: &str, percent: f64, tone: DeltaTone| DeltaBar {
        label: label.to_owned(),
        percent,
        tone,
    };
    let (title, labels) = if latin {
        (
            "Изменение наблюдаемых метрик (% от среднего базовой линии)",
            [
                "results/baseline/vllm-0.8.5/sharegpt-1000/bench.txt#1 total_token_throughput",
                "bench.txt#1 Пропускная способность",
                "bench.txt#1 p99_ttft_ms",
                "bench.txt#1 mean_tpot_ms",
                "bench.txt#1 failed",
                "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW#1 itl",
            ],
        )
    } else {
        (
            "观测指标的变化（基线均值的百分比）",
            [
                "基线/吞吐量测试/bench.txt#1 总吞吐量",
                "bench.txt#1 输出吞吐量",
                "bench.txt#1 首字延迟 P99",
                "bench.txt#1 每输出词元时间",
                "bench.txt#1 失败请求",
                "长路径/长路径/长路径/长路径/长路径/长路径/长路径/长路径/长路径/bench.txt#1 itl",
            ],
        )
    };
    let percents = [-100.0, 100.0, f64::NEG_INFINITY, f64::INFINITY, 0.0, -0.4];
    let tones = [
        DeltaTone::Regression,
        DeltaTone::Better,
        DeltaTone::WithinNoise,
        DeltaTone::Worse,
        DeltaTone::Neutral,
        DeltaTone::Neutral,
    ];
    DeltaChart {
        title: title.to_owned(),
        bars: labels
            .iter()
            .zip(percents)
            .zip(tones)
            .map(|((l, p), t)| bar(l, p, t))
            .collect(),
        scale: 100.0,
    }
}

/// Texts whose ink lies on one of the chart's bars (every `<rect>` but the background).
fn text_on_bars(rsvg: &Path, fonts: Option<&Path>, name: &str, svg: &str) -> Vec<String> {
    let texts = texts(svg);
    let (_, _, boxes) = measure(rsvg, fonts, svg, &texts);
    let number = |tag: &str, name: &str| -> i64 {
        attr(tag, name)
            .and_then(|v| v.parse().ok())
            .expect("a numeric attribute")
    };
    let bars: Vec<Box2> = svg
        .split("<rect")
        .skip(1)
        .filter_map(|r| r.split_once("/>").map(|(tag, _)| tag))
        .filter(|tag| !tag.contains(" x=\"0\" y=\"0\""))
        .map(|tag| {
            let (x, y) = (number(tag, "x"), number(tag, "y"));
            (x, y, x + number(tag, "width"), y + number(tag, "height"))
        })
        .collect();
    assert!(!bars.is_empty(), "{name}: no bar");
    let mut problems = Vec::new();
    for (t, b) in texts.iter().zip(&boxes) {
        let Some(a) = b else { continue };
        for bar in &bars {
            if a.0 < bar.2 && bar.0 < a.2 && a.1 < bar.3 && bar.1 < a.3 {
                problems.push(format!(
                    "{name}: `{}` {a:?} lies on the bar {bar:?}",
                    t.content
                ));
            }
        }
    }
    problems
}

/// One `<text>` element of a chart: its opening tag and its content, as written.
struct Text {
    open_tag: String,
    content: String,
}

fn texts(svg: &str) -> Vec<Text> {
    svg.split("<text")
        .skip(1)
        .filter_map(|rest| {
            let (attrs, rest) = rest.split_once('>')?;
            let (content, _) = rest.split_once("</text>")?;
            Some(Text {
                open_tag: format!("<text{attrs}>"),
                content: content.trim().to_owned(),
            })
        })
        .filter(|t| !t.content.is_empty())
        .collect()
}

fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let at = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    tag[at..].split('"').next()
}

/// Inked box of a text, in chart pixels: (left, top, right, bottom), right and bottom
/// exclusive.
type Box2 = (i64, i64, i64, i64);

/// Renders each text alone in a strip of its own, all strips in one SVG (one rsvg run
/// per chart), and returns each text's inked box, or `None` when it drew nothing.
fn measure(
    rsvg: &Path,
    fonts: Option<&Path>,
    svg: &str,
    texts: &[Text],
) -> (u32, u32, Vec<Option<Box2>>) {
    let root = &svg[..svg.find('>').expect("svg tag")];
    let width: u32 = attr(root, "width")
        .and_then(|w| w.parse().ok())
        .expect("width");
    let height: u32 = attr(root, "height")
        .and_then(|h| h.parse().ok())
        .expect("height");
    let strip = height + 2 * PAD;
    let canvas = width + 2 * PAD;
    let mut doc = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{canvas}\" height=\"{total}\" \
         viewBox=\"0 0 {canvas} {total}\"><rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>",
        total = strip * texts.len() as u32
    );
    for (i, t) in texts.iter().enumerate() {
        doc.push_str(&format!(
            "<g transform=\"translate({PAD},{})\">{}{}</text></g>",
            i as u32 * strip + PAD,
            t.open_tag,
            t.content
        ));
    }
    doc.push_str("</svg>");
    let dir = tempfile::tempdir().expect("temp dir");
    let (svg_path, png_path) = (dir.path().join("strips.svg"), dir.path().join("strips.png"));
    std::fs::write(&svg_path, doc).expect("write strips");
    let mut command = Command::new(rsvg);
    if let Some(conf) = fonts {
        command.env("FONTCONFIG_FILE", conf);
    }
    let out = command
        .arg("-o")
        .arg(&png_path)
        .arg(&svg_path)
        .output()
        .expect("rsvg-convert runs");
    assert!(
        out.status.success(),
        "rsvg-convert: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let image = crate::common::png::decode(&std::fs::read(&png_path).expect("png written"))
        .expect("rsvg writes a PNG");
    assert_eq!(image.width, canvas);
    let boxes = (0..texts.len() as u32)
        .map(|i| {
            let mut b: Option<Box2> = None;
            for y in i * strip..(i + 1) * strip {
                for x in 0..canvas {
                    // Ink: a pixel clearly darker than the white background.
                    if image.min_channel(x, y) < 160 {
                        let cx = i64::from(x) - i64::from(PAD);
                        let cy = i64::from(y) - i64::from(i * strip + PAD);
                        b = Some(match b {
                            None => (cx, cy, cx + 1, cy + 1),
                            Some((l, t, r, bo)) => {
                                (l.min(cx), t.min(cy), r.max(cx + 1), bo.max(cy + 1))
                            }
                        });
                    }
                }
            }
            b
        })
        .collect();
    (width, height, boxes)
}

fn check_chart(rsvg: &Path, name: &str, svg: &str) -> Vec<String> {
    check_chart_with(rsvg, None, name, svg)
}

/// Fonts of a machine without Noto: a fontconfig file that knows DejaVu only, the
/// fallback of Debian's fonts-dejavu-core (wider than Noto Sans), when it is installed.
const DEJAVU: &str = "/usr/share/fonts/truetype/dejavu";

fn dejavu_only(dir: &Path) -> PathBuf {
    let conf = dir.join("fonts.conf");
    std::fs::write(
        &conf,
        format!(
            "<?xml version=\"1.0\"?>\n<fontconfig><dir>{DEJAVU}</dir>\
             <cachedir>{}</cachedir></fontconfig>\n",
            dir.join("cache").display()
        ),
    )
    .expect("write fonts.conf");
    conf
}

fn check_chart_with(rsvg: &Path, fonts: Option<&Path>, name: &str, svg: &str) -> Vec<String> {
    let texts = texts(svg);
    assert!(!texts.is_empty(), "{name}: no text");
    let (width, height, boxes) = measure(rsvg, fonts, svg, &texts);
    let mut problems = Vec::new();
    for (t, b) in texts.iter().zip(&boxes) {
        match b {
            None => problems.push(format!("{name}: `{}` draws nothing in rsvg", t.content)),
            Some((l, top, r, bottom)) => {
                if *l < 0 || *top < 0 || *r > i64::from(width) || *bottom > i64::from(height) {
                    problems.push(format!(
                        "{name}: `{}` leaves the {width}×{height} canvas: {:?}",
                        t.content,
                        (l, top, r, bottom)
                    ));
                }
            }
        }
    }
    for i in 0..texts.len() {
        for j in i + 1..texts.len() {
            if let (Some(a), Some(b)) = (boxes[i], boxes[j]) {
                if a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3 {
                    problems.push(format!(
                        "{name}: `{}` {:?} overlaps `{}` {:?}",
                        texts[i].content, a, texts[j].content, b
                    ));
                }
            }
        }
    }
    problems
}
