//! `check` on the two published reports in `fixtures/reports/`, and on copies of them with
//! one claimed number changed at a time (or the baseline block swapped): every change
//! must be flagged. Expected lines were read off the fixture files by hand.

use std::path::Path;

use perflab::check::{check, Checked, ClaimSource, Finding, Quantity};
use perflab::published::{read_report, PrintedNumber};

const REFERENCE: &str = "fixtures/reports/qwen3.5-9b-h100.en.md";
const CORPUS: &str = "fixtures/reports/gpustack-qwen3-30b-a3b-910b.md";

fn text(rel: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    std::fs::read_to_string(&path).expect("fixture exists")
}

fn run(rel: &str, text: &str) -> Checked {
    check(Path::new(rel), text).expect("report reads")
}

#[test]
fn reference_has_one_wrong_claim_its_success_rate() {
    let checked = run(REFERENCE, &text(REFERENCE));
    let wrong: Vec<_> = checked.wrong().collect();
    assert_eq!(wrong.len(), 1, "{wrong:#?}");
    let c = wrong[0];
    // `| Speculative Decodng | Total TPS: 15059.89 (Success rate: 51.5%, ...)`: the block
    // says 514 successful requests of the profile's 1000.
    assert_eq!(c.line, 867);
    assert_eq!(c.quantity, Quantity::SuccessRate);
    assert_eq!(c.source, ClaimSource::SummaryTable);
    assert_eq!(c.claimed, "51.5");
    assert_eq!(c.recomputed.as_deref(), Some("51.4"));
    assert_eq!(c.inputs, vec![254]);
    // Every other kind of claim was found and holds: 5 summary sentences, the summary
    // table's 9 rows, the conclusion table's 4.
    let sentences = checked
        .claims
        .iter()
        .filter(|c| c.source == ClaimSource::SummarySentence)
        .map(|c| c.line)
        .collect::<std::collections::BTreeSet<_>>();
    assert_eq!(
        sentences.into_iter().collect::<Vec<_>>(),
        [194, 472, 568, 664, 859]
    );
    for line in 865..=873 {
        assert!(checked.claims.iter().any(|c| c.line == line), "row {line}");
    }
    for line in 22..=25 {
        let row: Vec<_> = checked.claims.iter().filter(|c| c.line == line).collect();
        // baseline TPS and TPOT, optimized TPS, its percentage and TPOT
        assert_eq!(row.len(), 5, "conclusion row {line}: {row:#?}");
    }
}

/// The Russian translation lost its Markdown (tab-separated tables, unquoted names in
/// its summary sentences, headings renamed but not the names in the sentences): check
/// reads it as the English original and finds the same claims and the same mistake.
#[test]
fn russian_translation_has_the_same_claims_and_the_same_mistake() {
    const RUSSIAN: &str = "fixtures/reports/qwen3.5-9b-h100.ru.md";
    let ru = run(RUSSIAN, &text(RUSSIAN));
    let en = run(REFERENCE, &text(REFERENCE));
    assert_eq!(ru.claims.len(), en.claims.len());
    let wrong: Vec<_> = ru.wrong().collect();
    assert_eq!(wrong.len(), 1, "{wrong:#?}");
    // `Спекулятивное декодирование\tОбщий TPS: 15059.89 (Доля успешных запросов: 51.5%, …`
    assert_eq!(wrong[0].line, 839);
    assert_eq!(wrong[0].quantity, Quantity::SuccessRate);
    assert_eq!(wrong[0].claimed, "51.5");
    assert_eq!(wrong[0].recomputed.as_deref(), Some("51.4"));
    // The five `Итог:` sentences are read, each with its figures.
    let sentences: std::collections::BTreeSet<u64> = ru
        .claims
        .iter()
        .filter(|c| c.source == ClaimSource::SummarySentence)
        .map(|c| c.line)
        .collect();
    assert_eq!(
        sentences.into_iter().collect::<Vec<_>>(),
        [181, 453, 547, 641, 832]
    );
    // A figure changed in the Russian text is flagged too.
    let changed = text(RUSSIAN).replacen("быстрее на 5027.72", "быстрее на 5127.72", 1);
    let checked = run(RUSSIAN, &changed);
    assert!(
        checked.wrong().any(|c| c.claimed == "5127.72"),
        "{:#?}",
        checked.claims
    );
}

#[test]
fn reference_warns_about_peaks_na_and_the_success_rate() {
    let checked = run(REFERENCE, &text(REFERENCE));
    let peaks: Vec<u64> = checked
        .findings
        .iter()
        .filter(|f| matches!(f, Finding::PeakAboveMean { .. }))
        .map(Finding::line)
        .collect();
    // Every peak in the millions; not SGLang's 92831.68 (31x its mean), nor the long
    // context (198.08, 227.24) and generation heavy (62x, 30x) blocks.
    assert_eq!(
        peaks,
        [
            125, 216, 261, 306, 354, 400, 446, 497, 543, 593, 639, 688, 737, 785, 833, 895, 938,
            981, 1024
        ]
    );
    let na: Vec<u64> = checked
        .findings
        .iter()
        .filter_map(|f| match f {
            Finding::NotAvailable { block_line, .. } => Some(*block_line),
            _ => None,
        })
        .collect();
    // All 24 blocks but the three `Seqs` ones, which print their P95s.
    assert_eq!(na.len(), 21);
    assert!(!na.contains(&346) && !na.contains(&392) && !na.contains(&438));
    let first_na = checked
        .findings
        .iter()
        .find(|f| matches!(f, Finding::NotAvailable { .. }))
        .unwrap();
    match first_na {
        Finding::NotAvailable { line, labels, .. } => {
            assert_eq!(*line, 135);
            assert_eq!(labels, &["P95 TTFT (ms)", "P95 TPOT (ms)", "P95 ITL (ms)"]);
        }
        _ => unreachable!(),
    }
    let rates: Vec<_> = checked
        .findings
        .iter()
        .filter(|f| matches!(f, Finding::SuccessRate { .. }))
        .collect();
    assert_eq!(rates.len(), 1);
    assert!(
        matches!(rates[0], Finding::SuccessRate { line: 254, completed, total, .. } if *completed == 514.0 && *total == 1000.0)
    );
    // The generation-heavy optimized block: mean TPOT 0.12 over a P99 of 0.03, mean ITL
    // 0.09 over 0.00.
    let means: Vec<u64> = checked
        .findings
        .iter()
        .filter(|f| matches!(f, Finding::MeanAboveP99 { .. }))
        .map(Finding::line)
        .collect();
    assert_eq!(means, [1210, 1215]);
    assert!(!checked.findings.iter().any(|f| matches!(
        f,
        Finding::ServedModel { .. } | Finding::EmptyResult { .. } | Finding::PeakBelowMean { .. }
    )));
}

#[test]
fn corpus_report_holds_and_warns_about_itl_the_crash_and_the_model() {
    let checked = run(CORPUS, &text(CORPUS));
    let wrong: Vec<_> = checked.wrong().collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
    // The conclusion's 277.5 is the block's 277.51 rounded: it holds.
    let rounded = checked
        .claims
        .iter()
        .find(|c| c.line == 23 && c.claimed == "277.5")
        .expect("the Long Prompt baseline TPOT is a claim");
    assert!(rounded.holds);
    assert_eq!(rounded.inputs, vec![260]);
    // `Result: MineIE (4712.47 tok/s) > vLLM (1227.19 tok/s)` is read despite the typo.
    assert!(checked
        .claims
        .iter()
        .any(|c| c.line == 149 && c.quantity == Quantity::Order));
    let summary: Vec<_> = checked
        .findings
        .iter()
        .map(|f| match f {
            Finding::MeanAboveP99 { line, metric, .. } => format!("{line} mean {metric}"),
            Finding::EmptyResult { line, text } => format!("{line} empty {text}"),
            Finding::ServedModel { line, served, .. } => format!("{line} served {served}"),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(
        summary,
        [
            "143 mean itl",
            "162 empty Crash, not supported for the model",
            "171 served vllm-ascend/Qwen3-8B-W8A8",
            "239 mean itl",
            "375 mean itl",
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

fn mutate_each_claim(rel: &str) {
    let original = text(rel);
    let checked = run(rel, &original);
    let numeric = [
        Quantity::Value,
        Quantity::Difference,
        Quantity::PercentChange,
        Quantity::SuccessRate,
    ];
    let mut mutated = 0;
    for claim in checked
        .claims
        .iter()
        .filter(|c| numeric.contains(&c.quantity))
    {
        let (start, end) = claim.span.expect("a numeric claim knows where it is");
        assert_eq!(&original[start..end], claim.claimed, "span of {claim:?}");
        let mut copy = original.clone();
        copy.replace_range(start..end, &perturbed(&claim.claimed));
        let after = run(rel, &copy);
        let flagged = after
            .wrong()
            .any(|c| c.line == claim.line && c.span.is_some_and(|s| s.0 == start));
        assert!(
            flagged,
            "changing {} at line {} to {} was not flagged",
            claim.claimed,
            claim.line,
            perturbed(&claim.claimed)
        );
        mutated += 1;
    }
    assert!(mutated > 20, "only {mutated} claims mutated");
}

#[test]
fn every_claimed_number_changed_is_flagged_in_the_reference() {
    mutate_each_claim(REFERENCE);
}

#[test]
fn every_claimed_number_changed_is_flagged_in_the_corpus_report() {
    mutate_each_claim(CORPUS);
}

/// Swaps the text of the study's baseline block with the block of the experiment's
/// other variant.
fn swap_baseline(rel: &str) -> Checked {
    let original = text(rel);
    let report = read_report(Path::new(rel), &original).unwrap().report;
    let (e, v) = report.baseline().expect("a baseline");
    let other = (0..report.experiments[e].variants.len())
        .find(|&i| i != v)
        .expect("a second variant");
    let a = report.experiments[e].variants[v].blocks[0];
    let b = report.experiments[e].variants[other].blocks[0];
    let lines: Vec<&str> = original.split_inclusive('\n').collect();
    let range = |blk: usize| {
        let bl = &report.blocks[blk];
        (bl.line as usize - 1, bl.end_line as usize)
    };
    let ((a0, a1), (b0, b1)) = (range(a), range(b));
    assert!(a1 <= b0, "baseline first");
    let mut out = String::new();
    out.extend(lines[..a0].iter().copied());
    out.extend(lines[b0..b1].iter().copied());
    out.extend(lines[a1..b0].iter().copied());
    out.extend(lines[a0..a1].iter().copied());
    out.extend(lines[b1..].iter().copied());
    run(rel, &out)
}

#[test]
fn swapping_the_baseline_block_is_flagged() {
    let reference = swap_baseline(REFERENCE);
    let lines: Vec<u64> = reference.wrong().map(|c| c.line).collect();
    // The engine summary and every baseline cell of the summary table.
    assert!(lines.contains(&194), "{lines:?}");
    for row in 865..=873 {
        assert!(lines.contains(&row), "row {row}: {lines:?}");
    }
    let corpus = swap_baseline(CORPUS);
    let lines: Vec<u64> = corpus.wrong().map(|c| c.line).collect();
    // The `Result:` line and the ShareGPT row of the conclusion.
    assert!(lines.contains(&149), "{lines:?}");
    assert!(lines.contains(&20), "{lines:?}");
}
