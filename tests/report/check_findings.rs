//! The findings `check` gained on the document model (issue 11), each on the real
//! published report that shows it: a success rate against the `--num-prompts` of the
//! benchmark command, the latency summary table, `-` cells that hide a gain, a conclusion
//! tied to the run of the recommended serving command, values no block prints, and the
//! terminal output that prints each finding once and groups warnings of one kind.

use std::path::Path;

use perflab::check::{check, render_text, Checked, Finding, Quantity, Verdict};

const DIR: &str = "fixtures/reports/published";
const REFERENCE: &str = "fixtures/reports/qwen3.5-9b-h100.en.md";

fn text(rel: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&path).expect("fixture exists")
}

fn published(name: &str) -> String {
    text(&format!("{DIR}/{name}"))
}

fn run(name: &str, text: &str) -> Checked {
    check(Path::new(name), text).expect("report reads")
}

fn english() -> perflab::l10n::Localizer {
    perflab::l10n::Localizer::new("en").expect("English")
}

/// `(line, quantity, claimed, verdict)` of every claim on `line`.
fn on_line(checked: &Checked, line: u64) -> Vec<(Quantity, String, Verdict)> {
    checked
        .claims
        .iter()
        .filter(|c| c.line == line)
        .map(|c| (c.quantity, c.claimed.clone(), c.verdict))
        .collect()
}

#[test]
fn success_rate_against_the_benchmark_commands_num_prompts() {
    // The benchmark script runs ShareGPT with `--num-prompts 1000`; TensorRT-LLM's blocks
    // say `Successful requests: 984`. The random 4K runs (`--num-prompts 500`) completed
    // 500, and the 128-input runs, whose command the report does not print, are not
    // judged.
    let name = "deepseek-v3.2__h200.md";
    let checked = run(name, &published(name));
    let rates: Vec<(u64, f64, f64)> = checked
        .findings
        .iter()
        .filter_map(|f| match f {
            Finding::SuccessRate {
                line,
                completed,
                total,
                ..
            } => Some((*line, *completed, *total)),
            _ => None,
        })
        .collect();
    assert_eq!(
        rates,
        [
            (171, 984.0, 1000.0),
            (792, 984.0, 1000.0),
            (827, 984.0, 1000.0)
        ]
    );
    let out = render_text(&checked, &english());
    assert!(
        out.contains(&format!(
            "{name}:171: warning: success rate 98.4% (984 of 1000 requests)"
        )),
        "{out}"
    );
    // Every ShareGPT run of the 235B report completed 984 of its 1000 prompts, each with
    // another total of input tokens: 16 requests failed in each. The 128-input runs (984
    // too) ran a command the report does not print.
    let name = "qwen3-235b-a22b__h100.md";
    let checked = run(name, &published(name));
    // The baseline lost as many: those runs still compare like with like, and the
    // summary's `+78.7%` and `+3.4%` are checked (and hold).
    assert_eq!(checked.unverifiable().count(), 0);
    let lines: Vec<u64> = checked
        .findings
        .iter()
        .filter_map(|f| match f {
            Finding::SuccessRate {
                line,
                completed,
                total,
                ..
            } if *completed == 984.0 && *total == 1000.0 => Some(*line),
            _ => None,
        })
        .collect();
    assert_eq!(lines, [89, 122, 159, 195, 228, 289]);
    // Printed once, with the lines of the others.
    let out = render_text(&checked, &english());
    assert!(
        out.contains(&format!(
            "{name}:89: warning: success rate 98.4% (984 of 1000 requests), on 6 blocks (lines 89, 122, 159, 195, 228, 289)"
        )),
        "{out}"
    );
}

#[test]
fn the_latency_summary_table_is_checked() {
    // `| ShareGPT 8RPS (r=8) | Prefix Cache | 2.69s | 2.62s | (1.03x slower) |`: the
    // section's run, the baseline, and 2.69 / 2.62.
    let name = "qwen3.5-9b__h100-latency.md";
    let original = published(name);
    let checked = run(name, &original);
    for line in 589..=595 {
        let claims = on_line(&checked, line);
        assert_eq!(claims.len(), 3, "line {line}: {claims:?}");
        assert!(
            claims.iter().all(|(_, _, v)| *v == Verdict::Holds),
            "line {line}: {claims:?}"
        );
    }
    assert_eq!(
        on_line(&checked, 590),
        [
            (Quantity::Value, "2.69".to_owned(), Verdict::Holds),
            (Quantity::Value, "2.62".to_owned(), Verdict::Holds),
            (Quantity::Ratio, "1.03".to_owned(), Verdict::Holds),
        ]
    );
    // A changed ratio, or a value the section's run does not print, is flagged.
    let row = "| ShareGPT 8RPS (r=8) | Prefix Cache | 2.69s | 2.62s |";
    assert!(original.contains(row));
    let changed = original.replace("(1.03x slower)", "(1.13x slower)");
    let wrong: Vec<(u64, String)> = run(name, &changed)
        .wrong()
        .map(|c| (c.line, c.claimed.clone()))
        .collect();
    assert_eq!(wrong, [(590, "1.13".to_owned())]);
    let changed = original.replace(row, &row.replace("2.69s", "2.49s"));
    let wrong: Vec<(u64, String, Option<String>)> = run(name, &changed)
        .wrong()
        .map(|c| (c.line, c.claimed.clone(), c.recomputed.clone()))
        .collect();
    assert_eq!(wrong[0], (590, "2.49".to_owned(), Some("2.69".to_owned())));
}

#[test]
fn a_dash_that_hides_a_gain_is_wrong() {
    // `| Max Batched Token Numbers | - |`: `--max_num_tokens=16384` makes 5776.50 tok/s
    // against the engine step's TensorRT-LLM 5760.97, +0.27%. `Quantization -` holds:
    // vLLM AWQ's 3745.97 gains nothing.
    let name = "qwen3-14b__a100.md";
    let checked = run(name, &published(name));
    let dashes: Vec<(u64, Option<String>, Verdict)> = checked
        .claims
        .iter()
        .filter(|c| c.quantity == Quantity::NoGain)
        .map(|c| (c.line, c.recomputed.clone(), c.verdict))
        .collect();
    assert_eq!(
        dashes,
        [
            (337, Some("-34.98".to_owned()), Verdict::Holds),
            (338, Some("+0.27".to_owned()), Verdict::Wrong),
        ]
    );
    let out = render_text(&checked, &english());
    assert!(
        out.contains(&format!(
            "{name}:338: wrong gain total_token_throughput for Max Batched Token Numbers: claimed -, recomputed +0.27%"
        )),
        "{out}"
    );
}

#[test]
fn a_value_no_block_prints_is_unverifiable_with_its_metric() {
    // Line 19 quotes 5770.24 tok/s and 260.46 ms for ShareGPT: no block prints either,
    // and the recommended command ran only the random cases. Each figure is unverifiable,
    // with its metric; none is wrong.
    let name = "qwen3-14b__a100.md";
    let checked = run(name, &published(name));
    let optimized: Vec<(Quantity, Option<String>, String, Verdict)> = checked
        .claims
        .iter()
        .filter(|c| c.line == 19 && c.verdict != Verdict::Holds)
        .map(|c| (c.quantity, c.metric.clone(), c.claimed.clone(), c.verdict))
        .collect();
    let metric = |m: &str| Some(m.to_owned());
    assert_eq!(
        optimized,
        [
            (
                Quantity::Value,
                metric("total_token_throughput"),
                "5770.24".to_owned(),
                Verdict::Unverifiable
            ),
            (
                Quantity::PercentChange,
                metric("total_token_throughput"),
                "+47.1".to_owned(),
                Verdict::Unverifiable
            ),
            (
                Quantity::Value,
                metric("mean_tpot_ms"),
                "260.46".to_owned(),
                Verdict::Unverifiable
            ),
        ]
    );
    // The baseline cell quotes the baseline's own block, and holds.
    assert!(checked
        .claims
        .iter()
        .any(|c| c.line == 19 && c.claimed == "3922.41" && c.verdict == Verdict::Holds));
}

#[test]
fn the_conclusion_is_tied_to_the_run_of_the_recommended_command() {
    // The recommended `vllm serve openai/gpt-oss-20b --async-scheduling` is the async
    // scheduling run (10919.92 tok/s, 43.25 ms). A conclusion quoting the run with 4096
    // batched tokens instead (10939.12 tok/s, 44.99 ms, +12.3% over the baseline's
    // 9743.28) is wrong, although a block prints every number it quotes.
    let name = "gpt-oss-20b__a100.md";
    let original = published(name);
    let cell = "Total TPS: 10919.92 <span style=\"background-color:lightgreen;\">(+12.1%)</span><br>Mean TPOT(ms): 43.25";
    assert!(original.contains(cell));
    let other = cell
        .replace("10919.92", "10939.12")
        .replace("+12.1", "+12.3")
        .replace("43.25", "44.99");
    let wrong: Vec<(u64, String, Option<String>)> = run(name, &original.replace(cell, &other))
        .wrong()
        .filter(|c| c.line == 19)
        .map(|c| (c.line, c.claimed.clone(), c.recomputed.clone()))
        .collect();
    assert_eq!(
        wrong,
        [
            (19, "10939.12".to_owned(), Some("10919.92".to_owned())),
            (19, "+12.3".to_owned(), Some("+12.1".to_owned())),
            (19, "44.99".to_owned(), Some("43.25".to_owned())),
        ]
    );
    // As published, the row holds.
    assert!(run(name, &original).wrong().all(|c| c.line != 19));
}

#[test]
fn warnings_of_one_kind_on_many_blocks_are_one_line() {
    let checked = run(REFERENCE, &text(REFERENCE));
    let out = render_text(&checked, &english());
    let warnings: Vec<&str> = out.lines().filter(|l| l.contains(": warning: ")).collect();
    // Every finding is still in the outcome (and in `--json`); the terminal gets one
    // line per kind.
    assert!(checked.findings.len() > 50, "{}", checked.findings.len());
    assert!(warnings.len() < 10, "{warnings:#?}");
    let zero = warnings
        .iter()
        .find(|l| l.contains("median of zero"))
        .expect("the zero medians, grouped");
    assert!(zero.contains(" blocks (lines "), "{zero}");
    let count = checked
        .findings
        .iter()
        .filter(|f| matches!(f, Finding::ZeroMedian { .. }))
        .count();
    assert!(zero.contains(&format!("on {count} blocks")), "{zero}");
    // The success rate stands alone.
    assert!(warnings
        .iter()
        .any(|l| l.contains(":254: warning: success rate 51.4% (514 of 1000 requests)")));
}

#[test]
fn each_finding_is_printed_once() {
    for name in [
        "deepseek-v3.2__h200.md",
        "qwen3-8b__h100-latency.md",
        "qwen3-14b__a100.md",
        "qwen3-235b-a22b__h100.md",
    ] {
        let out = render_text(&run(name, &published(name)), &english());
        let mut lines: Vec<&str> = out.lines().collect();
        let all = lines.len();
        lines.sort();
        lines.dedup();
        assert_eq!(lines.len(), all, "{name}: {out}");
    }
}
