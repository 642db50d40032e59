#![cfg(test)]
//! The before/after reader on documents built from real results (the classic mistakes
//! were not found in a real thread: fixtures/threads/README.md); the real threads are
//! checked end to end in tests/report/check_threads.rs.

use super::*;

const SERVE_MAIN: &str = "============ Serving Benchmark Result ============
Successful requests:                     1000
Benchmark duration (s):                  40.11
Request throughput (req/s):              24.93
Output token throughput (tok/s):         4815.37
Total Token throughput (tok/s):          10134.95
---------------Time to First Token----------------
Mean TTFT (ms):                          120.40
----------------End-to-end Latency----------------
Mean E2EL (ms):                          3600.00
==================================================";

fn doc(claim: &str, after_e2el: &str, after_rps: &str) -> String {
    let after = SERVE_MAIN
        .replace("3600.00", after_e2el)
        .replace("24.93", after_rps);
    format!("Main:\n\n```\n{SERVE_MAIN}\n```\n\nThis PR:\n\n```\n{after}\n```\n\n{claim}\n")
}

fn first(c: &ThreadChecked) -> &Claim {
    c.claims.first().expect("a claim")
}

#[test]
fn a_speedup_called_a_reduction_is_named() {
    // 3600 → 2694.67: a 25.15% reduction; 3600 / 2694.67 − 1 = 33.60%.
    let c = check(&doc("33.6% E2E latency reduction.", "2694.67", "24.93"));
    let pair = c.pair.as_ref().expect("pair");
    assert_eq!(
        (pair.before.label.as_str(), pair.after.label.as_str()),
        ("Main", "This PR")
    );
    assert_eq!(pair.by, PairedBy::Words);
    let claim = first(&c);
    assert_eq!(claim.verdict, Verdict::Wrong);
    assert_eq!(claim.metric.as_deref(), Some("mean_e2el_ms"));
    assert_eq!(claim.recomputed.as_deref(), Some("25.15"));
    assert!(matches!(
        c.findings.as_slice(),
        [Finding::Mistake {
            mistake: Mistake::SpeedupCalledReduction,
            ..
        }]
    ));
}

#[test]
fn a_gain_divided_by_the_new_value_is_named() {
    // 24.93 → 35.08 req/s: +40.71%; (35.08 − 24.93) / 35.08 = 28.93%, "29%".
    let c = check(&doc(
        "This increases throughput by 29%.",
        "3600.00",
        "35.08",
    ));
    let claim = first(&c);
    assert_eq!(claim.verdict, Verdict::Wrong);
    assert_eq!(claim.recomputed.as_deref(), Some("40.7"));
    assert!(matches!(
        c.findings.as_slice(),
        [Finding::Mistake {
            mistake: Mistake::DividedByNew,
            ..
        }]
    ));
}

#[test]
fn a_right_claim_holds_and_a_figure_of_another_metric_says_which() {
    let c = check(&doc(
        "This increases throughput by 40.7%.",
        "3600.00",
        "35.08",
    ));
    assert_eq!(first(&c).verdict, Verdict::Holds);
    assert!(c.findings.is_empty());
    // The latency figure said of TTFT, which did not move.
    let c = check(&doc("TTFT is 25.15% lower.", "2694.67", "24.93"));
    assert_eq!(first(&c).verdict, Verdict::Wrong);
    assert!(matches!(
        &c.findings[..],
        [Finding::Mistake { mistake: Mistake::OtherMetric { holds_for }, .. }] if holds_for == "mean_e2el_ms"
    ));
}

#[test]
fn two_results_without_words_are_paired_in_order_and_said_so() {
    let text = format!(
        "```\n{SERVE_MAIN}\n```\n\n```\n{}\n```\n\nLatency reduced by 25.15%.\n",
        SERVE_MAIN.replace("3600.00", "2694.67")
    );
    let c = check(&text);
    assert_eq!(c.pair.as_ref().unwrap().by, PairedBy::Order);
    assert_eq!(first(&c).verdict, Verdict::Holds);
}

#[test]
fn a_gain_the_trials_do_not_tell_from_noise_is_a_finding() {
    // Means 24.2400 → 24.3567 req/s (+0.48%); Welch t ≈ 0.65 on 3 + 3 trials, p ≈ 0.57.
    let text = "Main (3 trials):\n```\nThroughput: 24.32 requests/s, 12453.04 tokens/s\nThroughput: 24.11 requests/s, 12342.76 tokens/s\nThroughput: 24.29 requests/s, 12434.40 tokens/s\n```\nThis PR (3 trials):\n```\nThroughput: 24.62 requests/s, 12600.00 tokens/s\nThroughput: 24.05 requests/s, 12310.00 tokens/s\nThroughput: 24.40 requests/s, 12490.00 tokens/s\n```\nA 0.5% improvement in request throughput.\n";
    let c = check(text);
    assert_eq!(first(&c).verdict, Verdict::Holds);
    assert_eq!(first(&c).metric.as_deref(), Some("request_throughput"));
    match c.findings.as_slice() {
        [Finding::WithinNoise { p, trials, .. }] => {
            assert_eq!(*trials, [3, 3]);
            assert!(*p > 0.5 && *p < 0.65, "p = {p}");
        }
        other => panic!("{other:?}"),
    }
}
