//! `perflab check` by the arithmetic an author did (issue 39): a change column's
//! convention is the formula that explains most of its cells, the sides are the order
//! under which that formula is a standard one, and a cell the convention does not give
//! is wrong, named with the formula it would need. Real threads (fixtures/threads/, URL
//! and date in each), and the same tables with one thing changed, fed on standard input.

use serde_json::Value;

use crate::common::cli::{perflab, text};

fn check_text(body: &str) -> (i32, Value) {
    let out = perflab()
        .args(["check", "--json", "-"])
        .write_stdin(body.to_owned())
        .output()
        .unwrap();
    let json = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", text(&out.stderr)));
    (out.status.code().unwrap(), json)
}

fn fixture(file: &str) -> String {
    std::fs::read_to_string(format!("fixtures/threads/{file}")).unwrap()
}

fn verdicts(json: &Value) -> Vec<(u64, String, String)> {
    json["claims"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["line"].as_u64().unwrap(),
                c["claimed"].as_str().unwrap().to_owned(),
                c["verdict"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[test]
fn a_bare_speedup_column_holds_cell_by_cell() {
    // llama.cpp#4844, t/s master → t/s sl/backend-sched, Speedup = after / before:
    // line 17: 5394.60 / 4875.12 = 1.1066 → 1.11
    // line 18:   50.37 /   55.19 = 0.9127 → 0.91 (a loss, written below 1)
    // line 19: 4369.56 / 4048.87 = 1.0792 → 1.08
    // line 20:  125.72 /  126.22 = 0.9960 → 1.00
    let (code, json) = check_text(&fixture("llamacpp-pr4844.md"));
    assert_eq!(code, 0);
    let v = verdicts(&json);
    assert_eq!(v.len(), 4, "{v:?}");
    assert!(v.iter().all(|(_, _, v)| v == "holds"), "{v:?}");
    assert_eq!(json["claims"][1]["recomputed"], "0.913");
    assert_eq!(json["pair"]["before"]["label"], "t/s master");
}

#[test]
fn an_inverted_ratio_is_named_by_the_line_and_the_formula_it_needs() {
    // The same table with line 18's 0.91 printed as 1.10: 55.19 / 50.37 = 1.0957, the
    // ratio inverted (before / after); the other three cells settle after / before.
    let body = fixture("llamacpp-pr4844.md").replace(
        "|        55.19 |                  50.37 |      0.91 |",
        "|        55.19 |                  50.37 |      1.10 |",
    );
    let (code, json) = check_text(&body);
    assert_eq!(code, 1);
    let wrong: Vec<_> = verdicts(&json)
        .into_iter()
        .filter(|(_, _, v)| v == "wrong")
        .collect();
    assert_eq!(wrong, [(18, "1.10".to_owned(), "wrong".to_owned())]);
    let f = &json["findings"][0];
    assert_eq!(f["mistake"], "against-convention");
    assert_eq!(f["convention"], "gain");
    assert_eq!(f["needs"], "inverted");
    // Said in words, with the line.
    let out = perflab()
        .args(["check", "-"])
        .write_stdin(body)
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("-:18: warning: 1.10x is not what the rest of its column computes"),
        "{stdout}"
    );
    assert!(stdout.contains("the ratio inverted"), "{stdout}");
}

#[test]
fn a_pr_column_named_main_is_not_taken_for_the_before() {
    // The false alarm of issue 39: the PR's column called `main + #4844` and printed
    // first. Words alone make it the before (`main`); the arithmetic (after / before of
    // t/s in every row) makes the other column the before, and every cell holds.
    let body = fixture("llamacpp-pr4844.md")
        .replace(
            "t/s master |   t/s sl/backend-sched",
            "t/s main | t/s main + #4844",
        )
        .replace("t/s master", "t/s main");
    let (code, json) = check_text(&body);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["pair"]["before"]["label"], "t/s main");
    assert_eq!(json["pair"]["after"]["label"], "t/s main + #4844");
    // The columns swapped (the PR's, B, printed first) and no word on either: the
    // arithmetic alone tells that A is the before.
    let swapped = fixture("llamacpp-pr4844.md")
        .replace("t/s master |   t/s sl/backend-sched", "t/s A |   t/s B")
        .lines()
        .map(|l| {
            let c: Vec<&str> = l.split('|').collect();
            if c.len() == 9 {
                [c[0], c[1], c[2], c[3], c[4], c[6], c[5], c[7], c[8]].join("|")
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let (code, json) = check_text(&swapped);
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["pair"]["by"], "arithmetic");
    assert_eq!(json["pair"]["before"]["label"], "t/s A");
    assert!(verdicts(&json).iter().all(|(_, _, v)| v == "holds"));
}

#[test]
fn the_change_inside_the_value_cell() {
    // vllm#42444's first rows with the Delta written into the After cell, as
    // `37.62 (-0.5%)`: 37.62 / 37.80 − 1 = −0.476% → −0.5; 29.14 / 30.81 − 1 = −5.42%;
    // a third cell changed to −7.0% where 39.93 / 43.33 − 1 = −7.85%: wrong.
    let body = "| Metric | Before | After |\n|---|---:|---:|\n\
        | Request throughput (req/s) | 37.80 | 37.62 (-0.5%) |\n\
        | Mean TTFT (ms) | 30.81 | 29.14 (-5.4%) |\n\
        | P90 TTFT (ms) | 43.33 | 39.93 (-7.0%) |\n";
    let (code, json) = check_text(body);
    assert_eq!(code, 1);
    let v = verdicts(&json);
    assert_eq!(
        v,
        [
            (3, "-0.5".to_owned(), "holds".to_owned()),
            (4, "-5.4".to_owned(), "holds".to_owned()),
            (5, "-7.0".to_owned(), "wrong".to_owned()),
        ]
    );
    assert_eq!(json["claims"][2]["recomputed"], "-7.85");
}

#[test]
fn the_figure_before_its_pair_with_thousands() {
    // "+6.1% (410K → 435K tok/s)": 435 / 410 − 1 = +6.10% ([+5.85, +6.35] with ±0.5K);
    // "+4% at rate 30: 9,871 vs 9,492": 9871 / 9492 − 1 = +3.99%.
    let body = "Results:\n\n- output throughput +6.1% (410K → 435K tok/s)\n- +4% at rate 30: 9,871 vs 9,492 tok/s\n- output throughput +9.1% (410K → 435K tok/s)\n";
    let (code, json) = check_text(body);
    assert_eq!(code, 1);
    let v = verdicts(&json);
    assert_eq!(
        v,
        [
            (3, "+6.1".to_owned(), "holds".to_owned()),
            (4, "+4".to_owned(), "holds".to_owned()),
            (5, "+9.1".to_owned(), "wrong".to_owned()),
        ],
        "{json}"
    );
}

#[test]
fn an_aligned_table_in_a_fence_pairs_the_columns_its_arithmetic_gives() {
    // vllm#25998 (held out, then used for this fix): `speedup_%` is the drop of a time as
    // a fraction, (baseline_mean − trtllm_mean) / baseline_mean; the two columns nearest
    // it are a mean and a spread. Line 16: (0.224 − 0.168) / 0.224 = 0.250 → 0.249 with
    // ±0.0005 on each input; line 27: (4.829 − 3.784) / 4.829 = 0.2164 → 0.216.
    let (code, json) = check_text(&fixture("held-out/vllm-pr25998.md"));
    assert_eq!(code, 0, "{json}");
    let v = verdicts(&json);
    assert_eq!(v.len(), 12, "{v:?}");
    assert!(v.iter().all(|(_, _, v)| v == "holds"), "{v:?}");
    assert_eq!(v[0].0, 16);
    assert_eq!(json["pair"]["before"]["label"], "baseline_mean");
    assert_eq!(json["pair"]["after"]["label"], "trtllm_mean");
}

#[test]
fn a_cell_one_unit_of_its_last_digit_off_is_not_called_wrong() {
    // ik_llama.cpp#121 (held out; its one false alarm): line 32, 99.59 / 26.49 with
    // ±0.005 on each is [3.7586, 3.7604], and the cell says 3.758 ([3.7575, 3.7585]):
    // 0.0001 short, one unit of its last digit, while the column's other eight cells are
    // after / before exactly (line 14: 99.59 / 71.04 = 1.4019 → 1.402). The author
    // divided other values than the printed means: unverifiable, with the reason.
    let (code, json) = check_text(&fixture("held-out/ik-llamacpp-pr121.md"));
    assert_eq!(code, 0, "{json}");
    let v = verdicts(&json);
    assert_eq!(v.len(), 9, "{v:?}");
    let off: Vec<_> = v.iter().filter(|(_, _, v)| v != "holds").collect();
    assert_eq!(off, [&(32, "3.758".to_owned(), "unverifiable".to_owned())]);
    let c = json["claims"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["line"] == 32)
        .unwrap();
    assert_eq!(c["reason"], "near-miss");
    assert_eq!(c["recomputed"], "3.7595");
    assert!(json["findings"].as_array().unwrap().is_empty(), "{json}");
    let out = perflab()
        .args(["check", "fixtures/threads/held-out/ik-llamacpp-pr121.md"])
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(":32: unverifiable ratio") && stdout.contains("one unit of its last digit"),
        "{stdout}"
    );
    // Ten units off (3.768) is a slip, not a rounding: wrong, by the column's formula.
    let slip = fixture("held-out/ik-llamacpp-pr121.md").replace("| 3.758 |", "| 3.768 |");
    let (code, json) = check_text(&slip);
    assert_eq!(code, 1, "{json}");
    let wrong: Vec<_> = verdicts(&json)
        .into_iter()
        .filter(|(_, _, v)| v == "wrong")
        .collect();
    assert_eq!(wrong, [(32, "3.768".to_owned(), "wrong".to_owned())]);
    assert_eq!(json["findings"][0]["convention"], "gain");
}
