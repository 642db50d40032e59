//! The readers and the recomputation on the real detailed outputs in `fixtures/`.

use super::*;
use crate::ingest::{read_file as read_runs, InputFile};

pub(super) fn fixture(rel: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(rel)
}

pub(super) fn runs_of(rel: &str) -> Vec<Run> {
    let input = InputFile {
        path: fixture(rel),
        display: rel.to_owned(),
        explicit: true,
    };
    read_runs(&input, None).unwrap().unwrap().runs
}

#[test]
fn vllm_detailed_result_reads_every_request() {
    let runs = read_file(&fixture("vllm/0.33.0-run8-detailed-zh/result.json"))
        .unwrap()
        .unwrap();
    assert_eq!(runs.len(), 1);
    let rs: Vec<Request> = runs[0].requests.iter().collect();
    assert_eq!(rs.len(), 10);
    assert!(rs.iter().all(|r| r.ok && r.error.is_none()));
    assert_eq!(rs[0].input_tokens, Some(45));
    assert_eq!(rs[0].output_tokens, Some(12));
    assert!((rs[0].ttft_ms.unwrap() - 23.6916009999959).abs() < 1e-9);
    assert_eq!(rs[0].itl_ms.as_ref().unwrap().len(), 11);
    assert_eq!(
        rs.iter()
            .filter_map(|r| r.start_ms)
            .fold(f64::INFINITY, f64::min),
        0.0
    );
}

#[test]
fn every_printed_vllm_statistic_is_recomputed_from_the_requests() {
    // vLLM 0.33 prints TTFT, TPOT and ITL by default (`--percentile-metrics`); E2EL only
    // when asked, so this file has none.
    let rel = "vllm/0.33.0-run8-detailed-zh/result.json";
    let run = &runs_of(rel)[0];
    let requests = &read_file(&fixture(rel)).unwrap().unwrap()[0];
    let checked = recompute::recompute(run, requests);
    let columns: Vec<&str> = checked.iter().map(|(c, _, _)| c.as_str()).collect();
    for want in [
        "completed",
        "total_input_tokens",
        "total_output_tokens",
        "mean_ttft_ms",
        "median_ttft_ms",
        "std_ttft_ms",
        "p99_ttft_ms",
        "mean_tpot_ms",
        "p99_tpot_ms",
        "median_itl_ms",
        "p99_itl_ms",
    ] {
        assert!(columns.contains(&want), "{want} not checked: {columns:?}");
    }
    for (column, file, v) in &checked {
        assert!(
            recompute::agrees(*file, *v),
            "{column}: file {file}, recomputed {v}"
        );
    }
}

#[test]
fn an_edited_percentile_is_a_mismatch_naming_it() {
    let rel = "vllm/0.33.0-run8-detailed-zh/result.json";
    let mut run = runs_of(rel)[0].clone();
    let requests = &read_file(&fixture(rel)).unwrap().unwrap()[0];
    let p99 = run.get("p99_ttft_ms").unwrap();
    run.set_num("p99_ttft_ms", p99 + 0.01);
    let bad = recompute::mismatches(&run, requests);
    assert_eq!(bad.len(), 1);
    assert_eq!(bad[0].column, "p99_ttft_ms");
}

#[test]
fn guidellm_requests_match_its_counts_and_means() {
    let rel = "guidellm/0.8.1-run1/benchmarks.json";
    let runs = runs_of(rel);
    let requests = read_file(&fixture(rel)).unwrap().unwrap();
    assert_eq!(requests.len(), runs.len());
    let rr = &requests[0];
    assert_eq!(rr.requests.len(), 40);
    let starts: Vec<f64> = rr.requests.iter().filter_map(|r| r.start_ms).collect();
    assert!(starts.windows(2).all(|w| w[0] <= w[1]));
    let checked = recompute::recompute(&runs[0], rr);
    let columns: Vec<&str> = checked.iter().map(|(c, _, _)| c.as_str()).collect();
    assert!(
        columns.contains(&"mean_ttft_ms") && columns.contains(&"mean_e2el_ms"),
        "{columns:?}"
    );
    for (column, file, v) in &checked {
        assert!(
            recompute::agrees(*file, *v),
            "{column}: file {file}, recomputed {v}"
        );
    }
}

#[test]
fn guidellm_failed_requests_are_not_ok_and_keep_their_error() {
    let rel = "guidellm/0.8.1-run5-all-failed/benchmarks.json";
    let requests = read_file(&fixture(rel)).unwrap().unwrap();
    let rs: Vec<Request> = requests[0].requests.iter().collect();
    assert!(!rs.is_empty() && rs.iter().all(|r| !r.ok));
    assert!(rs[0].error.as_deref().unwrap().contains("500"));
    assert!(rs.iter().all(|r| r.ttft_ms.is_none()));
}

#[test]
fn summary_only_results_hold_no_requests() {
    assert_eq!(
        read_file(&fixture("vllm/0.33.0-run6-c2/result.json")).unwrap(),
        None
    );
    assert_eq!(
        read_file(&fixture(
            "genai-perf/0.0.16-run1-chat-c4/profile_export_genai_perf.json"
        ))
        .unwrap(),
        None
    );
}

/// A real `vllm bench serve --goodput ttft:26 tpot:2.4 --save-detailed` run (fixture
/// README): perflab's goodput under the same SLOs is vLLM's `request_goodput`.
#[test]
fn goodput_equals_what_vllm_printed_for_the_same_slos() {
    let rel = "vllm/0.33.0-run9-goodput-failures/result.json";
    let mut run = runs_of(rel)[0].clone();
    let requests = &read_file(&fixture(rel)).unwrap().unwrap()[0];
    assert_eq!(requests.requests.iter().filter(|r| !r.ok).count(), 3);
    let objectives = Objectives::parse(&["ttft<=26".to_owned(), "tpot<=2.4".to_owned()]).unwrap();
    let warnings = attach::apply(&mut run, requests, &objectives);
    assert!(warnings.is_empty(), "{warnings:?}");
    let vllm = run.get("request_goodput").unwrap();
    let ours = run.get("slo_goodput").unwrap();
    assert!(recompute::agrees(vllm, ours), "vLLM {vllm}, perflab {ours}");
    // The console line vLLM printed for this run.
    let console =
        std::fs::read_to_string(fixture("vllm/0.33.0-run9-goodput-failures/console.txt")).unwrap();
    // vLLM prints `"{:<40} {:<10.2f}".format(label, value)`.
    let label = "Request goodput (req/s):";
    assert!(console.contains(&format!("{label:<40} {ours:.2}")));
    let attainment = run.get("slo_attainment").unwrap();
    assert!((attainment - ours * run.get("duration").unwrap() / 40.0).abs() < 1e-12);
    // Every statistic this run printed is recomputed from its requests, failures and all.
    for (column, file, v) in recompute::recompute(&run, requests) {
        assert!(
            recompute::agrees(file, v),
            "{column}: file {file}, recomputed {v}"
        );
    }
}

#[test]
fn a_request_metric_nobody_recorded_gives_no_goodput() {
    let rr = RunRequests {
        run_index: 0,
        rule: Rule::Numpy,
        duration_s: Some(1.0),
        requests: vec![Request {
            ok: true,
            ttft_ms: Some(10.0),
            output_tokens: Some(5),
            ..Request::default()
        }]
        .into(),
    };
    let slos = Objectives::parse(&["e2el<=100".to_owned()])
        .unwrap()
        .per_request;
    assert_eq!(goodput::goodput(&rr, &slos, None), None);
    let slos = Objectives::parse(&["ttft<=10".to_owned()])
        .unwrap()
        .per_request;
    let g = goodput::goodput(&rr, &slos, None).unwrap();
    assert_eq!((g.good, g.attainment, g.goodput), (1, Some(1.0), Some(1.0)));
}

#[test]
fn a_million_requests_read_without_trouble() {
    let n = 1_000_000;
    let mut text = String::from("{\"duration\": 100.0, \"ttfts\": [");
    let list = |text: &mut String, value: &str| {
        for i in 0..n {
            if i > 0 {
                text.push(',');
            }
            text.push_str(value);
        }
    };
    list(&mut text, "0.02");
    text.push_str("], \"latencies\": [");
    list(&mut text, "0.05");
    text.push_str("], \"output_lens\": [");
    list(&mut text, "16");
    text.push_str("], \"errors\": [");
    list(&mut text, "\"\"");
    text.push_str("]}");
    let runs = read_text(&text).unwrap().unwrap();
    assert_eq!(runs[0].requests.len(), n);
    let tpot = runs[0].requests.row(n - 1).tpot_ms.unwrap();
    assert!((tpot - 2.0).abs() < 1e-9);
}

/// A real `aiperf profile --streaming` run against a mock failing 10% of requests
/// (fixtures/aiperf/README.md): its summary's every statistic from its records.
#[test]
fn aiperf_records_give_the_summary_beside_them() {
    let rel = "aiperf/0.13.0-run6-completions-c4-failures/profile_export_aiperf.json";
    let runs = runs_of(rel);
    let requests = read_file(&fixture(rel)).unwrap().unwrap();
    let rr = &requests[0];
    assert_eq!(rr.requests.len(), 40);
    let failed: Vec<Request> = rr.requests.iter().filter(|r| !r.ok).collect();
    assert_eq!(failed.len(), 3);
    assert!(failed[0]
        .error
        .as_deref()
        .unwrap()
        .contains("mock injected failure"));
    assert_eq!(failed[0].input_tokens, Some(62));
    let checked = recompute::recompute(&runs[0], rr);
    let columns: Vec<&str> = checked.iter().map(|(c, _, _)| c.as_str()).collect();
    for want in [
        "completed",
        "failed",
        "p1_ttft_ms",
        "p99_ttft_ms",
        "std_ttft_ms",
        "min_ttft_ms",
        "p50_tpot_ms",
        "p99_e2el_ms",
        "mean_itl_ms",
        "max_itl_ms",
    ] {
        assert!(columns.contains(&want), "{want} not checked: {columns:?}");
    }
    assert!(
        !columns.contains(&"p99_itl_ms"),
        "a t-digest estimate is not recomputed"
    );
    for (column, file, v) in &checked {
        assert!(
            recompute::agrees(*file, *v),
            "{column}: file {file}, recomputed {v}"
        );
    }
    // The CSV export is the same run and gets the same requests.
    let csv = fixture("aiperf/0.13.0-run6-completions-c4-failures/profile_export_aiperf.csv");
    assert_eq!(read_file(&csv).unwrap().unwrap(), requests);
}
