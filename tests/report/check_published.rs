//! `check` on reports as GPUStack published them (`fixtures/reports/published/`, see its
//! PROVENANCE.md). Each report must be flagged for exactly the mistakes it makes, found by
//! recomputing its numbers from its own blocks by hand (the expected values below), and
//! for nothing else: a checker that cries wolf is useless. Claims nothing in a report ties
//! to a block are unverifiable, which is neither wrong nor holding.

use std::path::Path;

use perflab::check::{check, Checked, Finding, Quantity, Verdict};
use perflab::published::PrintedNumber;

const DIR: &str = "fixtures/reports/published";

fn text(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(DIR).join(name);
    std::fs::read_to_string(&path).expect("fixture exists")
}

fn run(name: &str, text: &str) -> Checked {
    check(Path::new(name), text).expect("report reads")
}

/// A mistake: its line, the number as printed, and the right value where the hand
/// computation gave one.
type Mistake = (u64, &'static str, Option<&'static str>);

/// The wrong claims of `name` are exactly `expected` (by line and claimed value).
fn flags_exactly(name: &str, expected: &[Mistake]) -> Checked {
    let checked = run(name, &text(name));
    let mut got: Vec<(u64, String)> = checked
        .wrong()
        .map(|c| (c.line, c.claimed.clone()))
        .collect();
    got.sort();
    let mut want: Vec<(u64, String)> = expected
        .iter()
        .map(|(l, v, _)| (*l, (*v).to_owned()))
        .collect();
    want.sort();
    assert_eq!(got, want, "{name}: wrong claims");
    for (line, claimed, right) in expected {
        let Some(right) = right else { continue };
        let c = checked
            .wrong()
            .find(|c| c.line == *line && c.claimed == *claimed)
            .unwrap();
        assert_eq!(
            c.recomputed.as_deref(),
            Some(*right),
            "{name}:{line} {claimed}"
        );
    }
    checked
}

fn unverifiable_lines(checked: &Checked) -> Vec<u64> {
    let mut lines: Vec<u64> = checked.unverifiable().map(|c| c.line).collect();
    lines.dedup();
    lines
}

fn served_warnings(checked: &Checked) -> Vec<(u64, String)> {
    checked
        .findings
        .iter()
        .filter_map(|f| match f {
            Finding::ServedModel { line, served, .. } => Some((*line, served.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn latency_in_seconds_holds() {
    // `Mean latency: 2.09s/req` and `Mean Latency = 2.62s` quote blocks printing
    // `Mean Latency(s): 2.09`: every one holds.
    let checked = flags_exactly("qwen3.5-9b__h100-latency.md", &[]);
    let latency: Vec<u64> = checked
        .claims
        .iter()
        .filter(|c| c.metric.as_deref() == Some("mean_e2el_ms"))
        .map(|c| c.line)
        .collect();
    // 14 latencies, the conclusion's 4 `(1.26x faster)` ratios, and each of the 3
    // `is faster by 5.51s (3.10x faster)` sentences' order, difference and ratio; and the
    // latency summary table's 7 rows (lines 589-595), each an optimized and a baseline
    // latency and their ratio.
    assert_eq!(latency.len(), 27 + 21, "{latency:?}");
    assert!(checked.claims.iter().all(|c| c.verdict == Verdict::Holds));
}

#[test]
fn gpu_scaled_values_and_step_over_step_rows_hold() {
    // `Total TPS: 7081.34x2 (+134.8%)`: the percentage is of 7081.34 × 2 over 6030.90.
    // The summary's `Parallelism +80.2%` is TP4's 7081.34 × 2 over TP8's 7859.29;
    // `Attention Backend -` (a `//TODO` section) leaves the other rows alone.
    for name in ["glm-4.6__h200.md", "glm-4.x__h200.md"] {
        let checked = flags_exactly(name, &[]);
        assert_eq!(checked.unverifiable().count(), 0, "{name}");
        assert!(
            served_warnings(&checked).is_empty(),
            "{name}: GLM-4.6-FP8 is GLM-4.6"
        );
    }
    // `+78.7%` is 7527.80 × 2 over 8424.86; `+3.4%` is 7787.17 over 7527.80. Line 182's
    // `improved from 6095.37 tok/s to 6325.41 tok/s` is copied from the gpt-oss-120b
    // report: no block of this one prints either number.
    flags_exactly(
        "qwen3-235b-a22b__h100.md",
        &[(182, "6095.37", None), (182, "6325.41", None)],
    );
    // `Chunked Prefill +1.2%`: the section's own result names 4986.20 → 5046.28.
    flags_exactly("gpt-oss-120b__a100.md", &[]);
}

#[test]
fn title_parts_in_any_order_and_whole_case_names() {
    // `KV Cache Dtype && Performance Mode && Prefix Cache && Quantization` is the section
    // `KV Cache Dtype && Prefix Cache && Performance Mode && Quantization`.
    let checked = flags_exactly("qwen3.5-35b-a3b__h200.md", &[]);
    assert!(checked
        .claims
        .iter()
        .any(|c| c.line == 468 && c.claimed == "+7.60" && c.verdict == Verdict::Holds));
    // `Generation Heavy (1K in / 2K out)` is its own case, not `Short Context (1K in /
    // 128 out)`.
    let checked = flags_exactly("glm-5.2__h200.md", &[]);
    assert!(checked
        .claims
        .iter()
        .any(|c| c.line == 29 && c.claimed == "2267.33" && c.verdict == Verdict::Holds));
}

#[test]
fn real_mistakes_are_flagged() {
    // 25172.82 / 24223.22 = +3.92%. `Batched Tokens -` hides a gain: 4096 batched tokens
    // make 10939.12 tok/s against async scheduling's 10919.92, +0.18%.
    flags_exactly(
        "gpt-oss-20b__a100.md",
        &[(20, "+4.0", Some("+3.9")), (258, "-", Some("+0.18"))],
    );
    // 1580.36 / 1798.45 = -12.1%.
    let checked = flags_exactly("qwen3-32b__a100.md", &[(23, "-13.8", Some("-12.1"))]);
    // The TensorRT-LLM step serves the 14B model in the 32B report.
    assert_eq!(
        served_warnings(&checked),
        [(277, "Qwen/Qwen3-14B".to_owned())]
    );
    // SGLang's block says 8403.97; Engine Selection 8403.97 / 6595.66 = +27.4%;
    // Quantization 10426.27 / 8403.97 = +24.1% (and +58.1% over the baseline).
    flags_exactly(
        "qwen3-14b__h100.md",
        &[
            (180, "8424.86", Some("8403.97")),
            (305, "+27.7", Some("+27.4")),
            (306, "+23.8", Some("+24.1")),
            // `Attention Backend -`: its best run gains +0.08% over the quantized
            // SGLang run, beyond the printed rounding.
            (307, "-", Some("+0.08")),
        ],
    );
}

#[test]
fn per_gpu_percentages() {
    // `(+21.1%/GPU)`: the optimized run uses 2 GPUs, the baseline 1; 34491.13 / 2 over
    // 14247.47 is +21.04%. The other four rows' per-GPU percentages hold.
    let checked = flags_exactly("gpt-oss-120b__h100.md", &[(21, "+21.1", Some("+21.0"))]);
    let per_gpu: Vec<u64> = checked
        .claims
        .iter()
        .filter(|c| c.claimed.starts_with(['+', '-']))
        .filter(|c| (18..=22).contains(&c.line) && c.verdict == Verdict::Holds)
        .map(|c| c.line)
        .collect();
    assert_eq!(per_gpu, [18, 19, 20, 22]);
}

#[test]
fn a_conclusion_table_that_is_not_the_reports_data() {
    // Lines 28-32 quote numbers no block prints (FINDINGS: baseline and optimized from
    // the blocks: ShareGPT 5713.95 / 7351.59, Short 10071.49 / 18227.38, Medium 10925.59 /
    // 27712.54, Long 9974.26 / 20545.67, Very Long 9709.27 / 20045.18).
    let expected: &[Mistake] = &[
        (28, "4113.24", Some("5713.95")),
        (28, "613.22", None),
        (28, "+78.8", Some("+28.7")),
        (29, "10539.36", Some("10071.49")),
        (29, "747.47", None),
        (29, "19778.53", Some("18227.38")),
        (29, "+87.7", Some("+81.0")),
        (29, "753.97", None),
        (30, "10488.24", Some("10925.59")),
        (30, "375.72", None),
        (30, "27385.86", Some("27712.54")),
        (30, "+161.1", Some("+153.6")),
        (30, "200.06", None),
        (31, "9313.06", Some("9974.26")),
        (31, "245.07", None),
        (31, "20094.60", Some("20545.67")),
        (31, "+115.8", Some("+106.0")),
        (31, "171.34", None),
        (32, "9789.64", Some("9709.27")),
        (32, "463.89", None),
        (32, "20022.76", Some("20045.18")),
        (32, "+104.5", Some("+106.5")),
        (32, "245.69", None),
        // `Total(vs Baseline) +56.97%`: fa3's 8968.32 over the baseline's 5713.95 is
        // +56.95% (check_gpustack_misses.rs).
        (862, "+56.97", Some("+56.95")),
    ];
    let checked = flags_exactly("deepseek-v3.2__h200.md", expected);
    // `Ultra Long Prompt` has no block at all; no recomputed value from the ShareGPT
    // baseline. The summary rows are about `####` sub-sections.
    let lines = unverifiable_lines(&checked);
    assert!(lines.contains(&33), "{lines:?}");
    assert!(checked
        .claims
        .iter()
        .filter(|c| c.line == 33)
        .all(|c| c.verdict == Verdict::Unverifiable && c.recomputed.is_none()));
}

#[test]
fn claims_no_block_prints_are_unverifiable() {
    // vLLM's serve blocks print no E2E latency: the conclusion's `Mean latency: 1.66s/req`
    // cannot be checked, and is not wrong; nor can line 179's latencies. Its order is
    // checked on the numbers it states: 1.68 < 1.74, not `>`. The summary's `Throughput
    // Improvement` rows are throughput gains, recomputed (check_gpustack_misses.rs).
    let checked = flags_exactly(
        "qwen3-8b__h100-latency.md",
        &[
            (179, "1.68 > 1.74", Some("1.68 < 1.74")),
            (597, "+4.3", Some("+5.8")),
            (598, "+25.8", Some("+25.2")),
            (599, "+66.2", Some("+48.9")),
        ],
    );
    assert_eq!(unverifiable_lines(&checked), [22, 23, 24, 25, 179]);
    assert!(!checked.passes(false));
}

#[test]
fn times_faster_in_the_conclusion_holds() {
    // `Mean latency: 1.65s/req (1.26x faster)` against 2.09s/req: 2.09 / 1.65 = 1.267, and
    // 2.085 / 1.655 = 1.260 is inside the printed rounding; the other rows hold outright.
    let name = "qwen3.5-9b__h100-latency.md";
    let original = text(name);
    let checked = flags_exactly(name, &[]);
    let ratios: Vec<(u64, &str)> = checked
        .claims
        .iter()
        .filter(|c| c.verdict == Verdict::Holds && c.subject.starts_with("Rate"))
        .filter(|c| original.contains(&format!("({}x faster)", c.claimed)))
        .map(|c| (c.line, c.claimed.as_str()))
        .collect();
    assert_eq!(
        ratios,
        [(23, "1.26"), (24, "1.23"), (25, "1.13"), (26, "1.17")]
    );
    // A changed ratio is flagged.
    let changed = original.replace("(1.26x faster)", "(1.36x faster)");
    let after = run(name, &changed);
    let wrong: Vec<(u64, String)> = after.wrong().map(|c| (c.line, c.claimed.clone())).collect();
    assert_eq!(wrong, [(23, "1.36".to_owned())]);

    // Line 204: `is faster by 5.51s (3.10x faster)`: 8.13 - 2.62 s and 8.13 / 2.62.
    let line_204: Vec<&str> = checked
        .claims
        .iter()
        .filter(|c| c.line == 204 && c.verdict == Verdict::Holds)
        .map(|c| c.claimed.as_str())
        .collect();
    assert!(line_204.contains(&"5.51") && line_204.contains(&"3.10"));
    // TTFT 98.72 / 41.12 = 2.40; TPOT 28.88 / 1.34 = 21.55, and 28.885 / 1.335 = 21.64
    // is inside the printed rounding.
    assert!(line_204.contains(&"2.40") && line_204.contains(&"21.62"));
    let changed = original.replace("(21.62x faster)", "(23.62x faster)");
    let wrong: Vec<(u64, String)> = run(name, &changed)
        .wrong()
        .map(|c| (c.line, c.claimed.clone()))
        .collect();
    assert_eq!(wrong, [(204, "23.62".to_owned())]);
    let changed = original.replace("(3.10x faster)", "(3.40x faster)");
    let wrong: Vec<(u64, String)> = run(name, &changed)
        .wrong()
        .map(|c| (c.line, c.claimed.clone()))
        .collect();
    assert_eq!(wrong, [(204, "3.40".to_owned())]);
}

#[test]
fn an_order_line_is_checked_on_its_own_numbers() {
    let name = "qwen3-8b__h100-latency.md";
    let line = "Mean latency per request: SGLang(1.61 s) < vLLM (1.68 s) > TensorRT-LLM (1.74 s)";
    let order = |text: &str| -> Vec<(String, Verdict)> {
        run(name, text)
            .claims
            .iter()
            .filter(|c| c.line == 179 && c.claimed.contains(['<', '>']))
            .map(|c| (c.claimed.clone(), c.verdict))
            .collect()
    };
    let original = text(name);
    assert!(original.contains(line));
    assert_eq!(
        order(&original),
        [
            ("1.61 < 1.68".to_owned(), Verdict::Holds),
            ("1.68 > 1.74".to_owned(), Verdict::Wrong)
        ]
    );
    // A changed number breaks the order that held; the corrected sign holds.
    let fixed = original.replace(line, &line.replace("1.61", "1.70").replace(") >", ") <"));
    assert_eq!(
        order(&fixed),
        [
            ("1.70 < 1.68".to_owned(), Verdict::Wrong),
            ("1.68 < 1.74".to_owned(), Verdict::Holds)
        ]
    );
}

/// `v` changed beyond any rounding: 10% more, plus one.
fn perturbed(claimed: &str) -> String {
    let n = PrintedNumber::claimed(claimed).expect("a claimed number");
    let v = if n.value < 0.0 {
        n.value * 1.1 - 1.0
    } else {
        n.value * 1.1 + 1.0
    };
    n.format_like(v)
}

/// Every number that holds, changed in turn, is flagged.
fn mutate_each_holding_claim(name: &str) -> usize {
    let original = text(name);
    let checked = run(name, &original);
    let mut mutated = 0;
    for claim in checked
        .claims
        .iter()
        .filter(|c| c.verdict == Verdict::Holds && c.range.is_some())
    {
        let (start, end) = claim.span.expect("a numeric claim knows where it is");
        assert_eq!(&original[start..end], claim.claimed, "span of {claim:?}");
        let mut copy = original.clone();
        copy.replace_range(start..end, &perturbed(&claim.claimed));
        let after = run(name, &copy);
        let flagged = after
            .wrong()
            .any(|c| c.line == claim.line && c.span.is_some_and(|s| s.0 == start));
        assert!(
            flagged,
            "{name}: changing {} at line {} to {} was not flagged",
            claim.claimed,
            claim.line,
            perturbed(&claim.claimed)
        );
        mutated += 1;
    }
    mutated
}

#[test]
fn every_holding_number_changed_is_flagged() {
    assert!(mutate_each_holding_claim("qwen3.5-9b__h100-latency.md") >= 14);
    assert!(mutate_each_holding_claim("glm-4.6__h200.md") >= 20);
    assert!(mutate_each_holding_claim("qwen3-235b-a22b__h100.md") >= 20);
    assert!(mutate_each_holding_claim("gpt-oss-120b__a100.md") >= 20);
    assert!(mutate_each_holding_claim("gpt-oss-120b__h100.md") >= 10);
    assert!(mutate_each_holding_claim("qwen3.5-35b-a3b__h200.md") >= 40);
    assert!(mutate_each_holding_claim("glm-5.2__h200.md") >= 100);
}

/// The claims of a `Result: Throughput improved from X tok/s to Y tok/s` line.
fn improved_claims(checked: &Checked, line: u64) -> Vec<(Quantity, String, Verdict)> {
    checked
        .claims
        .iter()
        .filter(|c| c.line == line)
        .map(|c| (c.quantity, c.claimed.clone(), c.verdict))
        .collect()
}

#[test]
fn throughput_improved_from_to() {
    use Quantity::{Order, Value};
    use Verdict::{Holds, Wrong};
    let claims = |v: &[(Quantity, &str, Verdict)]| -> Vec<(Quantity, String, Verdict)> {
        v.iter()
            .map(|(q, c, v)| (*q, (*c).to_owned(), *v))
            .collect()
    };
    // `from` is where the step started (4768.75 is the engine choice's vLLM block, 4986.20
    // async scheduling's), `to` a block of the section itself.
    let name = "gpt-oss-120b__a100.md";
    let original = text(name);
    let checked = run(name, &original);
    assert_eq!(
        improved_claims(&checked, 194),
        claims(&[
            (Order, "4768.75 < 4986.20", Holds),
            (Value, "4768.75", Holds),
            (Value, "4986.20", Holds),
        ])
    );
    assert_eq!(
        improved_claims(&checked, 304),
        claims(&[
            (Order, "4986.20 < 5046.28", Holds),
            (Value, "4986.20", Holds),
            (Value, "5046.28", Holds),
        ])
    );
    let checked = run("gpt-oss-120b__h100.md", &text("gpt-oss-120b__h100.md"));
    assert_eq!(
        improved_claims(&checked, 205),
        claims(&[
            (Order, "6095.37 < 6325.41", Holds),
            (Value, "6095.37", Holds),
            (Value, "6325.41", Holds),
        ])
    );
    // The same sentence copied into the 235B report: neither number is its own, and there
    // is nothing to recompute them from; the order of the numbers as stated still holds.
    let checked = run(
        "qwen3-235b-a22b__h100.md",
        &text("qwen3-235b-a22b__h100.md"),
    );
    assert_eq!(
        improved_claims(&checked, 182),
        claims(&[
            (Order, "6095.37 < 6325.41", Holds),
            (Value, "6095.37", Wrong),
            (Value, "6325.41", Wrong),
        ])
    );
    assert!(checked
        .wrong()
        .filter(|c| c.line == 182)
        .all(|c| c.recomputed.is_none()));

    // A changed number is flagged: `to` no block prints, and `improved` no longer holds.
    let sentence = "improved from 4768.75 tok/s to 4986.20 tok/s";
    assert!(original.contains(sentence));
    let changed = original.replace(sentence, "improved from 4768.75 tok/s to 4686.20 tok/s");
    let after = run(name, &changed);
    assert_eq!(
        improved_claims(&after, 194),
        claims(&[
            (Order, "4768.75 < 4686.20", Wrong),
            (Value, "4768.75", Holds),
            (Value, "4686.20", Wrong),
        ])
    );
    // `to` must be the section's own: the previous step's 4768.75 is not.
    let changed = original.replace(sentence, "improved from 4768.75 tok/s to 4768.75 tok/s");
    let wrong: Vec<(u64, String)> = run(name, &changed)
        .wrong()
        .filter(|c| c.line == 194)
        .map(|c| (c.line, c.claimed.clone()))
        .collect();
    assert_eq!(wrong, [(194, "4768.75".to_owned())]);
}
