//! The known misses of `check` on GPUStack's published reports (issue 23 §5), each on
//! the real report (or real benchmark output) that shows it: a summary cell wrapped in
//! `<span>`, a `Throughput Improvement` column in a latency study, and vLLM's
//! `Traffic request rate: inf`.

use std::path::Path;

use perflab::check::{check, render_text, Checked, Finding, Quantity, Verdict};

fn text(rel: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&path).expect("fixture exists")
}

fn run(rel: &str) -> Checked {
    check(Path::new(rel), &text(rel)).expect("report reads")
}

fn english() -> perflab::l10n::Localizer {
    perflab::l10n::Localizer::new("en").expect("English")
}

/// `(line, claimed, recomputed)` of every wrong claim from `first` on.
fn wrong_from(checked: &Checked, first: u64) -> Vec<(u64, String, Option<String>)> {
    checked
        .wrong()
        .filter(|c| c.line >= first)
        .map(|c| (c.line, c.claimed.clone(), c.recomputed.clone()))
        .collect()
}

#[test]
fn a_throughput_improvement_column_is_a_throughput_gain_in_a_latency_study() {
    // The Qwen3-8B latency study's summary is headed `Throughput Improvement`: each row
    // is the total token throughput of the step's best run over the previous step's
    // winner. From the blocks: Engine Selection, SGLang 1079.74 (line 129) over vLLM's
    // baseline 1020.76 (line 95) = 1.0578, +5.78%; Quantization, 1351.41 (line 233) over
    // 1079.74 = 1.2516, +25.16% (the `-` CUDA-graph step's 1077.94 adopted nothing);
    // Speculative Decoding, 2011.70 (line 332) over 1351.41 = 1.4886, +48.86%. The
    // report says +4.3%, +25.8% and +66.2%: all three are wrong.
    let checked = run("fixtures/reports/published/qwen3-8b__h100-latency.md");
    let s = |v: &str| v.to_owned();
    assert_eq!(
        wrong_from(&checked, 590),
        [
            (597, s("+4.3"), Some(s("+5.8"))),
            (598, s("+25.8"), Some(s("+25.2"))),
            (599, s("+66.2"), Some(s("+48.9"))),
        ]
    );
    let rows: Vec<(u64, Vec<u64>)> = checked
        .claims
        .iter()
        .filter(|c| (597..=599).contains(&c.line))
        .inspect(|c| {
            assert_eq!(c.quantity, Quantity::PercentChange);
            assert_eq!(c.metric.as_deref(), Some("total_token_throughput"));
        })
        .map(|c| (c.line, c.inputs.clone()))
        .collect();
    assert_eq!(
        rows,
        [
            (597, vec![129, 95]),
            (598, vec![233, 129]),
            (599, vec![332, 233])
        ]
    );
    // The `-` rows: no later step beats Speculative Decoding's 2011.70. `Max CUDA graph
    // batch size` is the section `2. Maximum batch size for cuda graph in SGLang` (its
    // 1077.94 at line 199), not the fourth section by position (Attention Backend).
    let dashes: Vec<(u64, Vec<u64>)> = checked
        .claims
        .iter()
        .filter(|c| (600..=602).contains(&c.line))
        .inspect(|c| assert_eq!((c.quantity, c.verdict), (Quantity::NoGain, Verdict::Holds)))
        .map(|c| (c.line, c.inputs.clone()))
        .collect();
    assert_eq!(
        dashes,
        [
            (600, vec![199, 332]),
            (601, vec![268, 332]),
            (602, vec![577, 332])
        ]
    );
}

#[test]
fn an_unlimited_request_rate_is_not_a_missing_value() {
    // SGLang's and vLLM's `bench_serving` print `Traffic request rate: inf` when no rate
    // limits the requests: a value, not an `N/A`.
    for rel in [
        "fixtures/corpus/sglang-bench-serving-cookbook-nemotron-nano-fp8-bf16.md",
        "fixtures/variants/sglang-cookbook-nemotron-hash-prefixed.md",
    ] {
        let source = text(rel);
        assert!(source.contains("Traffic request rate:                    inf"));
        let checked = run(rel);
        assert_eq!(checked.blocks, 2, "{rel}");
        assert!(
            !checked
                .findings
                .iter()
                .any(|f| matches!(f, Finding::NotAvailable { .. })),
            "{rel}: {:?}",
            checked.findings
        );
        let out = render_text(&checked, &english());
        assert!(!out.contains("N/A"), "{out}");
    }
    // A real `N/A` is still one.
    let source = text("fixtures/corpus/sglang-bench-serving-cookbook-nemotron-nano-fp8-bf16.md")
        .replacen(
            "Traffic request rate:                    inf",
            "Traffic request rate:                    N/A",
            1,
        );
    let checked = check(Path::new("n-a.md"), &source).expect("report reads");
    assert!(checked
        .findings
        .iter()
        .any(|f| matches!(f, Finding::NotAvailable { .. })));
}

#[test]
fn the_total_row_of_a_summary_in_span_cells_is_checked() {
    // DeepSeek-V3.2 on H200: every cell of the summary is wrapped in `<span
    // style=...>`. The steps chain on ShareGPT: Parallelism 7351.59 / 5713.95 = +28.66%,
    // Tool Call 8376.43 / 7351.59 = +13.94%, Context Length 8750.49 / 8376.43 = +4.47%,
    // Attention Backend (fa3, line 720) 8968.32 / 8750.49 = +2.49%; the total is fa3
    // over the vLLM baseline (line 111): 8968.32 / 5713.95 = 1.569546, +56.95%, not the
    // +56.97% printed (the product of the rounded steps).
    let rel = "fixtures/reports/published/deepseek-v3.2__h200.md";
    let source = text(rel);
    assert!(source.contains(
        r#"| Total(vs Baseline)      | <span style="background-color:lightgreen;">+56.97%</span> |"#
    ));
    let checked = run(rel);
    let total: Vec<_> = checked.claims.iter().filter(|c| c.line == 862).collect();
    assert_eq!(total.len(), 1, "{total:?}");
    let c = total[0];
    assert_eq!(
        (c.quantity, c.metric.as_deref(), c.claimed.as_str()),
        (
            Quantity::PercentChange,
            Some("total_token_throughput"),
            "+56.97"
        )
    );
    assert_eq!(c.verdict, Verdict::Wrong);
    assert_eq!(c.recomputed.as_deref(), Some("+56.95"));
    assert_eq!(c.inputs, [720, 111]);
    let (start, end) = c.span.expect("where the number is");
    assert_eq!(&source[start..end], "+56.97");
    // The message names the metric and the row, and quotes the percentage; no row is
    // `claimed` by its own label.
    let out = render_text(&checked, &english());
    assert!(out.contains(
        ":862: wrong percentage total_token_throughput for Total(vs Baseline): claimed +56.97%, recomputed +56.95%"
    ), "{out}");
    assert!(!out.contains("claimed Total(vs Baseline)"), "{out}");
    for label in [
        "Parallelism",
        "Tool Call Configuration",
        "Attention Backend",
    ] {
        assert!(!out.contains(&format!("claimed {label}")), "{out}");
    }
    // The rows whose steps are `####` sub-sections stay unverifiable, as percentages.
    let rows: Vec<(u64, Quantity, String, Verdict)> = checked
        .claims
        .iter()
        .filter(|c| (855..=858).contains(&c.line))
        .map(|c| (c.line, c.quantity, c.claimed.clone(), c.verdict))
        .collect();
    let u = |l: u64, v: &str| {
        (
            l,
            Quantity::PercentChange,
            v.to_owned(),
            Verdict::Unverifiable,
        )
    };
    assert_eq!(
        rows,
        [
            u(855, "+28.66"),
            u(856, "+13.94"),
            u(857, "+4.47"),
            u(858, "+2.49")
        ]
    );
    // The right figure holds.
    let fixed = source.replacen("+56.97%", "+56.95%", 1);
    let after = check(Path::new(rel), &fixed).expect("report reads");
    assert!(after
        .claims
        .iter()
        .any(|c| c.line == 862 && c.claimed == "+56.95" && c.verdict == Verdict::Holds));
    assert!(!after.wrong().any(|c| c.line == 862));
}
