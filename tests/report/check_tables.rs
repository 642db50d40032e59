//! `perflab check` on the author tables that are not one before column, one after and one
//! change (fixtures/threads/, arithmetic in fixtures/threads/EXPECTED.md): rows measured
//! against base rows, five value columns with two figures a cell, a box-drawn table, an
//! HTML table, pairs written inline ("3,324 vs 2,376 (+39.9%)"), ranges and parities.

use serde_json::Value;

use crate::common::cli::{perflab, text};

fn check_text(doc: &str) -> (i32, Value) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("thread.md");
    std::fs::write(&path, doc).unwrap();
    let out = perflab()
        .args(["check", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    let json = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", text(&out.stderr)));
    (out.status.code().unwrap(), json)
}

fn fixture(file: &str) -> String {
    std::fs::read_to_string(format!("fixtures/threads/{file}")).unwrap()
}

fn claims(json: &Value) -> &Vec<Value> {
    json["claims"].as_array().unwrap()
}

fn count(json: &Value, verdict: &str) -> usize {
    claims(json)
        .iter()
        .filter(|c| c["verdict"] == verdict)
        .count()
}

#[test]
fn rows_against_base_rows_find_the_digit_slip() {
    // vllm-ascend#4936: base rows v0.9.1 Round1/Round2 ("-"); dev Round1 TPOT 20.26 →
    // 18.68 is (20.26 − 18.68) / 20.26 = 7.799%, printed +8.80% in TPOT and ITL.
    let (code, json) = check_text(&fixture("vllm-ascend-pr4936.md"));
    assert_eq!(code, 1);
    assert_eq!(claims(&json).len(), 24);
    let wrong: Vec<&Value> = claims(&json)
        .iter()
        .filter(|c| c["verdict"] == "wrong")
        .collect();
    assert_eq!(wrong.len(), 2, "{wrong:?}");
    for c in wrong {
        assert_eq!(c["line"], 28);
        assert_eq!(c["claimed"], "+8.80");
        assert_eq!(c["recomputed"], "+7.799");
        assert!(
            c["subject"]
                .as_str()
                .unwrap()
                .ends_with("↔ vLLM Ascend v0.9.1 Round1"),
            "{c}"
        );
    }
    // Round3 has no base row of its own: the last base above it (Round2), said.
    let r3 = claims(&json)
        .iter()
        .find(|c| c["line"] == 29 && c["metric"] == "mean_tpot_ms")
        .unwrap();
    assert_eq!(r3["verdict"], "holds");
    assert!(r3["subject"].as_str().unwrap().ends_with("Round2"), "{r3}");
}

#[test]
fn five_value_columns_compare_the_pair_next_to_the_change() {
    // sgl-kernel-xpu#389: "1.36× / −26.6%" of the reproduced pair 105.14 → 77.18 ms; the
    // PR's own pair (96.44 → 87.00) would give 1.11×.
    let (code, json) = check_text(&fixture("sgl-kernel-xpu-pr389.md"));
    assert_eq!(code, 0);
    assert_eq!(
        json["pair"]["before"]["label"],
        "Baseline 03637f08 reproduced"
    );
    assert_eq!(json["pair"]["after"]["label"], "PR389 reproduced");
    let table: Vec<&Value> = claims(&json)
        .iter()
        .filter(|c| c["source"] == "author-table")
        .collect();
    assert_eq!(table.len(), 12);
    assert!(table.iter().all(|c| c["verdict"] == "holds"));
    assert_eq!(table[0]["claimed"], "1.36");
    assert_eq!(table[0]["recomputed"], "1.362");
    // The prose repeats four pairs inline ("105.14 → 77.18 ms (**1.36×**)"): they hold.
    assert!(count(&json, "holds") >= 16, "{json}");

    // Reading the PR's own columns instead is what the change column rules out.
    let doc = fixture("sgl-kernel-xpu-pr389.md").replace("**1.36×** / −26.6%", "**1.11×** / −9.8%");
    let (code, json) = check_text(&doc);
    assert_eq!(code, 1);
    assert_eq!(count(&json, "wrong"), 2);
}

#[test]
fn a_box_drawn_table_and_its_no_change_rows() {
    // ROCm/vllm#923: Δ of a latency in a box-drawn table; "no change" on −1.2% and −0.4%.
    let (code, json) = check_text(&fixture("rocm-vllm-pr923.md"));
    assert_eq!(code, 0);
    assert_eq!(json["pair"]["before"]["label"], "Before (ms)");
    let c = claims(&json);
    assert_eq!(
        c.iter()
            .filter(|c| c["quantity"] == "percent-change")
            .count(),
        4
    );
    let parity: Vec<&Value> = c.iter().filter(|c| c["quantity"] == "parity").collect();
    assert_eq!(parity.len(), 2);
    assert!(parity.iter().all(|p| p["verdict"] == "holds"));
    assert_eq!(parity[0]["subject"], "Qwen3-30B-A3B w4a16 (MoE)");
    assert_eq!(parity[0]["recomputed"], "-1.20");

    // "no change" on the −32.8% row is wrong.
    let doc = fixture("rocm-vllm-pr923.md").replace("main target ✓ ", "no change ✓  ");
    let (code, json) = check_text(&doc);
    assert_eq!(code, 1);
    let wrong: Vec<&Value> = claims(&json)
        .iter()
        .filter(|c| c["verdict"] == "wrong")
        .collect();
    assert_eq!(wrong.len(), 1);
    assert_eq!(wrong[0]["subject"], "Qwen3-8B-AWQ");
    assert_eq!(wrong[0]["recomputed"], "-32.78");
}

#[test]
fn an_html_table_reads_as_the_same_table() {
    // ROCm/vllm#923's rows written as HTML, as GitHub renders a pasted table.
    let doc = "<table>\n<tr><th>Model</th><th>Before (ms)</th><th>After (ms)</th><th>&Delta;</th></tr>\n<tr><td>Qwen3-8B-AWQ</td><td>175.54</td><td>118.00</td><td>-32.8%</td></tr>\n<tr><td>Llama-3.1-8B-AWQ-INT4</td><td>159.65</td><td>115.12</td><td>-29.7%</td></tr>\n</table>\n";
    let (code, json) = check_text(doc);
    assert_eq!(code, 1);
    let c = claims(&json);
    assert_eq!(c.len(), 2);
    assert_eq!(c[0]["verdict"], "holds");
    // 115.12 / 159.65 − 1 = −27.89%.
    assert_eq!(c[1]["verdict"], "wrong");
    assert_eq!(c[1]["line"], 4);
    assert_eq!(c[1]["recomputed"], "-27.89");
}

#[test]
fn pairs_written_inline_are_judged_in_the_authors_order() {
    // vllm#53948: "Fix throughput: 3,324 vs 2,376 output tok/s (+39.9%)" and four more
    // lines, each A vs B with A the fix; the table above holds three Improvement cells.
    let (code, json) = check_text(&fixture("vllm-pr53948.md"));
    assert_eq!(code, 0);
    let prose: Vec<&Value> = claims(&json)
        .iter()
        .filter(|c| c["source"] == "prose")
        .collect();
    assert_eq!(prose.len(), 5, "{prose:?}");
    assert!(prose.iter().all(|c| c["verdict"] == "holds"), "{prose:?}");
    assert_eq!(prose[0]["metric"], "output_throughput");
    assert_eq!(prose[0]["recomputed"], "+39.90");
    // P99 TPOT 204 vs 348 ms: −41.38% centrally; "−41.3%" holds only because 204 and
    // 348 stand for [203.5, 204.5] and [347.5, 348.5].
    assert_eq!(prose[3]["verdict"], "holds");
}

#[test]
fn ranges_hold_on_the_rows_or_name_the_rows_left_out() {
    // inferencex#1808's Δ column runs +5.62 (conc 4) .. +10.76 (conc 32); #1804 states
    // "+5.6..+10.8% across conc 4..256" with no table: unverifiable there.
    let doc = fixture("inferencex-pr1808.md").replace(
        "conc 1–2 unchanged",
        "Uplift +5.6..+10.8% across conc 4..256; conc 1–2 unchanged",
    );
    let (code, json) = check_text(&doc);
    assert_eq!(code, 0);
    let range = claims(&json)
        .iter()
        .find(|c| c["quantity"] == "range")
        .unwrap();
    assert_eq!(range["verdict"], "holds");
    assert_eq!(range["claimed"], "+5.6..+10.8");

    let doc = fixture("inferencex-pr1808.md").replace(
        "conc 1–2 unchanged",
        "Uplift +6.4..+9.4% across conc 4..256; conc 1–2 unchanged",
    );
    let out = {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.md");
        std::fs::write(&path, &doc).unwrap();
        perflab().arg("check").arg(&path).output().unwrap()
    };
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("the range +6.4..+9.4% leaves out rows 32, 4"),
        "{stdout}"
    );

    let (code, json) = check_text(&fixture("inferencex-pr1804.md"));
    assert_eq!(code, 0);
    assert_eq!(count(&json, "unverifiable"), 2, "{json}");
    assert_eq!(count(&json, "wrong"), 0);
}

#[test]
fn prose_beside_a_table_is_judged_on_its_rows() {
    // inferencex#1808's best row is conc 32, 295.6 → 327.4 = +10.76%: "up to 10.8%"
    // holds, "up to 12%" overclaims every row.
    for (said, verdict, recomputed) in [("10.8%", "holds", "10.76"), ("12%", "wrong", "10.8")] {
        let doc = fixture("inferencex-pr1808.md").replace(
            "conc 1–2 unchanged",
            &format!("Throughput improves by up to {said}; conc 1–2 unchanged"),
        );
        let (_, json) = check_text(&doc);
        let c = claims(&json)
            .iter()
            .find(|c| c["source"] == "prose" && c["quantity"] == "percent-change")
            .unwrap_or_else(|| panic!("{json}"));
        assert_eq!(c["verdict"], verdict, "{c}");
        assert_eq!(c["subject"], "32");
        assert_eq!(c["recomputed"], recomputed);
    }
}

#[test]
fn a_claim_beside_results_perflab_cannot_read_is_unverifiable() {
    // rocm-systems#9406: RCCL bus bandwidth in tab-separated tables, "up to 1.23x" twice.
    let (code, json) = check_text(&fixture("rocm-systems-pr9406.md"));
    assert_eq!(code, 0);
    assert_eq!(count(&json, "unverifiable"), 2, "{json}");
    assert_eq!(claims(&json).len(), 2);
    assert!(json.get("pair").is_none());
}
