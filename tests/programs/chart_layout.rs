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
use perflab::render::charts::{grouped_bars, BarChart, BarSeries};
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
