//! The per-request exports of SGLang (`--output-details`) and genai-perf
//! (`profile_export.json`) on real runs against the loopback mock (fixtures/sglang and
//! fixtures/genai-perf READMEs): what each file lets perflab recompute, recomputed.

use super::tests::{fixture, runs_of};
use super::*;

fn checked_columns(run: &Run, requests: &RunRequests) -> Vec<String> {
    let checked = recompute::recompute(run, requests);
    for (column, file, v) in &checked {
        assert!(
            recompute::agrees(*file, *v),
            "{column}: file {file}, recomputed {v}"
        );
    }
    checked.into_iter().map(|(c, _, _)| c).collect()
}

const GENAI_PERF_RUNS: [(&str, usize); 2] = [
    (
        "genai-perf/0.0.16-run1-chat-c4-artifacts/mock-model-openai-chat-concurrency4",
        40,
    ),
    (
        "genai-perf/0.0.16-run3-completions-rate20-goodput/mock-model-openai-completions-request_rate20.0",
        50,
    ),
];

/// genai-perf's summary beside `profile_export.json`: every statistic of TTFT and request
/// latency (p1 … p99, min, max, std), the request count and the request throughput come
/// back from the requests; the role chunk and `[DONE]` are not responses.
#[test]
fn genai_perf_requests_give_the_summary_beside_them() {
    for (dir, n) in GENAI_PERF_RUNS {
        let rel = format!("{dir}/profile_export_genai_perf.json");
        let run = &runs_of(&rel)[0];
        let requests = read_file(&fixture(&rel)).unwrap().unwrap();
        assert_eq!(requests.len(), 1);
        let rr = &requests[0];
        assert_eq!(rr.requests.len(), n, "{rel}");
        assert!(rr
            .requests
            .iter()
            .all(|r| r.ok && r.output_tokens.is_none()));
        let columns = checked_columns(run, rr);
        for metric in ["ttft", "e2el"] {
            for stat in [
                "mean", "p1", "p25", "p50", "p90", "p99", "min", "max", "std",
            ] {
                let want = format!("{stat}_{metric}_ms");
                assert!(
                    columns.contains(&want),
                    "{rel}: {want} not checked: {columns:?}"
                );
            }
        }
        assert!(columns.contains(&"completed".to_owned()), "{columns:?}");
        // genai-perf: request_throughput = requests / (last response − first start).
        let throughput = run.get("request_throughput").unwrap();
        let ours = n as f64 / rr.duration_s.unwrap();
        assert!(
            recompute::agrees(throughput, ours),
            "{throughput} vs {ours}"
        );
        // The CSV export is the same run and gets the same requests.
        let csv = fixture(&format!("{dir}/profile_export_genai_perf.csv"));
        assert_eq!(read_file(&csv).unwrap().unwrap(), requests);
    }
}

#[test]
fn genai_perf_chunk_gaps_are_the_itl_and_starts_are_offsets() {
    let (dir, _) = GENAI_PERF_RUNS[1];
    let rr = &read_file(&fixture(&format!("{dir}/profile_export.json")))
        .unwrap()
        .unwrap()[0];
    // perf_analyzer lists requests as they completed: starts are offsets from the earliest.
    let starts: Vec<f64> = rr.requests.iter().map(|r| r.start_ms.unwrap()).collect();
    assert_eq!(starts.iter().copied().fold(f64::INFINITY, f64::min), 0.0);
    assert!(
        starts.iter().all(|s| (0.0..3000.0).contains(s)),
        "{starts:?}"
    );
    let r = &rr.requests.row(0);
    // The mock streams 64 ± 8 tokens a chunk each: one gap fewer than content chunks.
    let gaps = r.itl_ms.as_ref().unwrap();
    assert!((40..=90).contains(&gaps.len()), "{}", gaps.len());
    let sum: f64 = gaps.iter().sum();
    let span = r.e2el_ms.unwrap() - r.ttft_ms.unwrap();
    assert!((sum - span).abs() < 1e-6, "{sum} vs {span}");
}

#[test]
fn hostile_genai_perf_exports_are_errors_not_panics() {
    let head = r#"{"endpoint": "v1/completions", "service_kind": "openai", "experiments": [{"requests": ["#;
    let chunk = r#"{"response": "data: {\"choices\": [{\"text\": \" a\"}]}\n\n"}"#;
    let cases = [
        // A timestamp missing its response.
        format!(
            r#"{head}{{"timestamp": 10, "response_timestamps": [20, 30], "response_outputs": [{chunk}]}}]}}]}}"#
        ),
        // A response before the request started.
        format!(
            r#"{head}{{"timestamp": 50, "response_timestamps": [20], "response_outputs": [{chunk}]}}]}}]}}"#
        ),
        // Responses going back in time.
        format!(
            r#"{head}{{"timestamp": 10, "response_timestamps": [40, 20], "response_outputs": [{chunk}, {chunk}]}}]}}]}}"#
        ),
        // A negative time, a string time, a cut file.
        format!(
            r#"{head}{{"timestamp": -5, "response_timestamps": [20], "response_outputs": [{chunk}]}}]}}]}}"#
        ),
        format!(
            r#"{head}{{"timestamp": "x", "response_timestamps": [20], "response_outputs": [{chunk}]}}]}}]}}"#
        ),
        format!(r#"{head}{{"timestamp": 10, "response_timestamps": [20], "response_outp"#),
    ];
    for case in &cases {
        assert!(read_text(case).is_err(), "{case}");
    }
    let fine = format!(
        r#"{head}{{"timestamp": 10, "response_timestamps": [2000010, 3000010], "response_outputs": [{chunk}, {{"response": "data: [DONE]\n\n"}}]}}]}}]}}"#
    );
    let runs = read_text(&fine).unwrap().unwrap();
    let r = &runs[0].requests.row(0);
    assert_eq!(
        (r.ttft_ms, r.e2el_ms),
        (Some(2.0), Some(2.0)),
        "[DONE] is no response"
    );
}

const SGLANG_RUN2: &str =
    "sglang/0.5.23-run2-sglang-oai-chat-conc4-details/run2-sglang-oai-chat-conc4-details.jsonl";
const SGLANG_RUN3: &str = "sglang/0.5.23-run3-vllm-backend-failures-goodput-details/run3-vllm-backend-failures-goodput-details.jsonl";

/// SGLang keeps TTFT and the chunk gaps exactly as it used them: every TTFT and ITL
/// statistic it printed comes back from the requests; it keeps no per-request latency,
/// so E2EL and TPOT are not recomputed (and stay null per request).
#[test]
fn every_sglang_ttft_and_itl_statistic_is_recomputed_from_its_details() {
    for (rel, ok, failed) in [(SGLANG_RUN2, 60, 0), (SGLANG_RUN3, 46, 4)] {
        let run = &runs_of(rel)[0];
        let rr = &read_file(&fixture(rel)).unwrap().unwrap()[0];
        assert_eq!(rr.requests.iter().filter(|r| r.ok).count(), ok, "{rel}");
        assert_eq!(
            rr.requests.iter().filter(|r| !r.ok).count(),
            failed,
            "{rel}"
        );
        assert!(rr.requests.iter().all(|r| r.e2el_ms.is_none()));
        let columns = checked_columns(run, rr);
        for metric in ["ttft", "itl"] {
            for stat in ["mean", "median", "std", "p90", "p95", "p99"] {
                let want = format!("{stat}_{metric}_ms");
                assert!(
                    columns.contains(&want),
                    "{rel}: {want} not checked: {columns:?}"
                );
            }
        }
        for want in ["completed", "total_input_tokens", "total_output_tokens"] {
            assert!(
                columns.iter().any(|c| c == want),
                "{rel}: {want}: {columns:?}"
            );
        }
        assert!(!columns
            .iter()
            .any(|c| c.contains("e2el") || c.contains("tpot")));
    }
}

/// SGLang's `--goodput ttft:25 tpot:3 e2el:80` run printed, per metric, the share of all
/// requests (failures included) within it: `TTFT SLO attainment (%): 66.00`. perflab's
/// `--slo ttft<=25` gives the same share; TPOT and E2EL need the latency SGLang did not
/// write, so an objective on them gives no goodput rather than a wrong one.
#[test]
fn sglang_ttft_attainment_equals_what_sglang_printed() {
    let mut run = runs_of(SGLANG_RUN3)[0].clone();
    let rr = &read_file(&fixture(SGLANG_RUN3)).unwrap().unwrap()[0];
    let console = std::fs::read_to_string(fixture(
        "sglang/0.5.23-run3-vllm-backend-failures-goodput-details/console.txt",
    ))
    .unwrap();
    let objectives = Objectives::parse(&["ttft<=25".to_owned()]).unwrap();
    attach::apply(&mut run, rr, &objectives);
    let attainment = run.get("slo_attainment").unwrap();
    let printed = format!(
        "{:<40} {:<10.2}",
        "TTFT SLO attainment (%):",
        attainment * 100.0
    );
    assert!(console.contains(printed.trim_end()), "{printed}");
    assert_eq!(attainment, 0.66);

    let mut run = runs_of(SGLANG_RUN3)[0].clone();
    let objectives = Objectives::parse(&["ttft<=25".to_owned(), "e2el<=80".to_owned()]).unwrap();
    attach::apply(&mut run, rr, &objectives);
    assert_eq!(run.get("slo_goodput"), None);
}

/// SGLang prints `Max ITL (ms): 12.86` only on its console; merged into the run from the
/// console beside the JSONL, it agrees with the requests' 12.864187 within its rounding,
/// so no warning; a value off by more than its last printed decimal still warns.
#[test]
fn a_console_value_agrees_within_its_printed_rounding() {
    let dir = fixture("sglang/0.5.23-run2-sglang-oai-chat-conc4-details");
    let ingested = crate::ingest::ingest(&[dir], &Default::default()).unwrap();
    let mut runs = ingested.into_runs();
    assert_eq!(runs.len(), 1, "the console and the JSONL are one run");
    let run = &mut runs[0];
    assert_eq!(
        run.get("max_itl_ms"),
        Some(12.86),
        "filled in from console.txt"
    );
    let rr = &read_file(&fixture(SGLANG_RUN2)).unwrap().unwrap()[0];
    assert_eq!(recompute::mismatches(run, rr), vec![]);
    run.set_num("max_itl_ms", 12.87);
    let off = recompute::mismatches(run, rr);
    assert_eq!(off.len(), 1, "{off:?}");
    assert_eq!(off[0].column, "max_itl_ms");
}
