//! `import` → `report` keeps what a published report was about: a latency report's
//! conclusion stays a latency conclusion (its latencies and speed-ups, in every language),
//! and the recommended serving command is the report's own, byte for byte. A study that
//! states a goal its primary metric contradicts is an error naming the line.

use std::path::Path;

use perflab::compare::StudyComparison;
use perflab::import::{import, Imported};
use perflab::render::report;
use perflab::render::templates::Templates;
use perflab::study;

const DIR: &str = "fixtures/reports/published";
const LATENCY: &str = "qwen3.5-9b__h100-latency.md";
const TRTLLM: &str = "qwen3-32b__a100.md";

fn source(name: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR).join(name))
        .expect("fixture")
}

/// The study imported from a published report, and its report's Markdown per language.
fn imported_and_rendered(name: &str, langs: &[&str]) -> (Imported, Vec<String>) {
    let path = Path::new(DIR).join(name);
    let im = import(&path, &source(name)).expect("imports");
    let dir = tempfile::tempdir().unwrap();
    im.write(dir.path()).unwrap();
    let loaded = study::load(&dir.path().join("study.toml")).expect("the imported study loads");
    let cmp = StudyComparison::new(&loaded).expect("compares");
    let templates = Templates::new(None).unwrap();
    let md = langs
        .iter()
        .map(|lang| {
            report::render(&loaded, &cmp, lang, &templates)
                .expect("renders")
                .markdown
        })
        .collect();
    (im, md)
}

/// The body of the report's `Serving Command` fence, its admonition indentation removed.
fn serving_command_of(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("\"Serving Command\""))
        .expect("a serving command");
    let open = lines[at + 1];
    let indent = open.len() - open.trim_start().len();
    assert!(open.trim_start().starts_with("```"), "{open}");
    lines[at + 2..]
        .iter()
        .take_while(|l| l.trim() != "```")
        .map(|l| &l[indent.min(l.len())..])
        .collect::<Vec<_>>()
        .join("\n")
}

/// The cells of the rendered conclusion table's row `label`.
fn row<'a>(md: &'a str, label: &str) -> Vec<&'a str> {
    let line = md
        .lines()
        .find(|l| l.starts_with(&format!("| **{label}** |")))
        .unwrap_or_else(|| panic!("no row {label} in\n{md}"));
    line.trim_matches('|').split(" | ").map(str::trim).collect()
}

/// `(baseline, optimized)` latencies the source's conclusion quotes, per row label.
fn source_latencies(text: &str) -> Vec<(String, String, String)> {
    let re = regex::Regex::new(
        r"^\| \*\*(Rate \d+)\*\* \| Mean latency: ([\d.]+)s/req \| Mean latency: ([\d.]+)s/req",
    )
    .unwrap();
    text.lines()
        .filter_map(|l| {
            let c = re.captures(l)?;
            Some((c[1].to_owned(), c[2].to_owned(), c[3].to_owned()))
        })
        .collect()
}

#[test]
fn a_latency_report_keeps_a_latency_conclusion_and_its_own_command() {
    let text = source(LATENCY);
    let (im, md) = imported_and_rendered(LATENCY, &["en", "ru", "zh-CN"]);
    assert_eq!(im.study.goal.as_deref(), Some("latency"));
    assert_eq!(
        im.study.metrics.as_ref().map(|m| m.primary.as_str()),
        Some("mean_e2el_ms")
    );
    let command = serving_command_of(&text);
    assert!(command.contains("--language-model-only"), "{command}");
    assert!(
        command.contains("--performance-mode=interactivity"),
        "{command}"
    );
    let fenced = format!("```bash\n{command}\n```");
    for m in &md {
        assert!(
            m.contains(&fenced),
            "the report's own command, byte for byte:\n{m}"
        );
    }
    let en = &md[0];
    assert!(
        en.contains("Recommended configuration for the lowest latency of Qwen/Qwen3.5-9B"),
        "{en}"
    );
    let rows = source_latencies(&text);
    assert_eq!(rows.len(), 4, "{rows:?}");
    for (label, base, opt) in &rows {
        // The speed-up recomputed from the printed latencies (the source prints 1.26x for
        // 2.09 / 1.65 = 1.267, inside its rounding; the other rows agree to the digit).
        let ratio = format!(
            "{:.2}x",
            base.parse::<f64>().unwrap() / opt.parse::<f64>().unwrap()
        );
        let cells = row(en, label);
        assert_eq!(
            cells[1],
            format!("Mean E2E latency: {base}s/req"),
            "{label}"
        );
        assert_eq!(
            cells[2],
            format!(
                "Mean E2E latency: {opt}s/req <span class=\"perflab-better\">({ratio} faster)</span>"
            ),
            "{label}"
        );
        let ru = row(&md[1], label);
        assert!(ru[1].contains(&format!("{base} с/запрос")), "{ru:?}");
        assert!(ru[2].contains(&format!("{opt} с/запрос")), "{ru:?}");
        let zh = row(&md[2], label);
        assert!(zh[1].contains(&format!("{base} 秒/请求")), "{zh:?}");
        assert!(zh[2].contains(&format!("{opt} 秒/请求")), "{zh:?}");
    }
    assert!(row(en, "Rate 4")[2].contains("(1.23x faster)"));
    // No throughput left in the conclusion.
    let conclusion = &en[..en.find("| **Rate 16** |").unwrap()];
    assert!(!conclusion.contains("Total TPS"), "{conclusion}");
}

#[test]
fn a_trtllm_serve_command_is_kept_byte_for_byte() {
    let text = source(TRTLLM);
    let (im, md) = imported_and_rendered(TRTLLM, &["en", "ru"]);
    let command = serving_command_of(&text);
    assert_eq!(
        command,
        "trtllm-serve Qwen/Qwen3-32B --max_seq_len=40960 --enable_chunked_prefill"
    );
    assert_eq!(
        im.study.conclusion.as_ref().map(|c| c.command.as_str()),
        Some(command.as_str())
    );
    // A throughput report stays a throughput study.
    assert_eq!(im.study.goal, None);
    for m in &md {
        assert!(m.contains(&format!("```bash\n{command}\n```")), "{m}");
        assert!(!m.contains("vllm serve Qwen3-32B"), "{m}");
    }
    assert!(md[0].contains("Total TPS"), "{}", md[0]);
}

#[test]
fn a_goal_the_primary_metric_contradicts_is_an_error_with_its_line() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/studies/qwen3.5-9b-h100/study.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    let with = |goal: &str| format!("goal = \"{goal}\"\n{text}");
    let e = study::load_str(&path, &with("latency"))
        .unwrap_err()
        .to_string();
    assert!(e.contains("study.toml:1:"), "{e}");
    assert!(e.contains("total_token_throughput"), "{e}");
    let e = study::load_str(&path, &with("speed"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("study.toml:1:") && e.contains("`latency`"),
        "{e}"
    );
    // A latency goal with no primary metric ranks by mean end-to-end latency.
    let latency = with("latency").replace("primary = \"total_token_throughput\"\n", "");
    let s = study::load_str(&path, &latency).unwrap();
    assert_eq!(s.metrics.primary, "mean_e2el_ms");
    assert_eq!(s.metrics.goal, study::Goal::Latency);
    let s = study::load_str(&path, &with("throughput")).unwrap();
    assert_eq!(s.metrics.goal, study::Goal::Throughput);
}
