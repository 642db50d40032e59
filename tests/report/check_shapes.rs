//! `perflab check` on the shapes of issue 39 that gather cells into pairs without a
//! change column: two tables, one per side, and claims of a direction only ("much
//! faster"), headings included. Real threads (fixtures/threads/, URL and date in each)
//! with their arithmetic worked by hand, and the same text with one thing changed.

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

/// Line, claimed, verdict, recomputed of every claim.
fn verdicts(json: &Value) -> Vec<(u64, String, String, String)> {
    json["claims"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["line"].as_u64().unwrap(),
                c["claimed"].as_str().unwrap().to_owned(),
                c["verdict"].as_str().unwrap().to_owned(),
                c["recomputed"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect()
}

#[test]
fn two_tables_one_per_side_and_a_direction_in_the_heading() {
    // ik_llama.cpp#518: the PR's sweep (lines 19–23, "with this PR") over mainline's
    // (lines 29–33, "mainline": no role word, so the other side), rows matched by PP,
    // TG, N_KV. S_PP t/s, after / before:
    //   N_KV 0:    295.36 / 28.04 = 10.533 (+953.4%)
    //   N_KV 512:  283.62 / 27.37 = 10.362
    //   N_KV 1024: 275.73 / 26.88 = 10.258
    //   N_KV 1536: 268.74 / 26.28 = 10.226
    //   N_KV 2048: 261.97 / 26.03 = 10.064 (+906.4%)
    // Line 35 "10X faster PP": 10 stands for [9.5, 10.5]; N_KV 512 gives 10.36: holds.
    // Line 10 (the heading) "much faster CPU prompt processing": every row of S_PP t/s
    // went up: holds. T_PP s is a time and names no throughput: not judged on it.
    let (code, json) = check_text(&fixture("ik-llamacpp-pr518.md"));
    assert_eq!(code, 0, "{json}");
    let v = verdicts(&json);
    assert_eq!(
        v,
        [
            (35, "10".into(), "holds".into(), "10.4".into()),
            (
                10,
                "much faster".into(),
                "holds".into(),
                "+906.4..+953.4%".into()
            ),
        ],
        "{json}"
    );
    assert_eq!(json["claims"][0]["metric"], "input_throughput");
    assert_eq!(
        json["claims"][1]["inputs"],
        serde_json::json!([19, 20, 21, 22, 23])
    );
    assert_eq!(json["pair"]["by"], "words");
    assert!(json["pair"]["before"]["label"]
        .as_str()
        .unwrap()
        .contains("mainline"));
    // The tables printed the other way round (mainline's under the PR's words): every
    // row of S_PP t/s went down, so "much faster" is wrong, named by its line; "10X" is
    // now a ratio no row gives (0.09 to 0.10).
    let doc = fixture("ik-llamacpp-pr518.md");
    let lines: Vec<&str> = doc.lines().collect();
    let mut swapped: Vec<&str> = lines[..18].to_vec();
    swapped.extend(&lines[28..33]);
    swapped.extend(&lines[23..28]);
    swapped.extend(&lines[18..23]);
    swapped.extend(&lines[33..]);
    let (code, json) = check_text(&(swapped.join("\n") + "\n"));
    assert_eq!(code, 1, "{json}");
    let wrong: Vec<_> = verdicts(&json)
        .into_iter()
        .filter(|c| c.2 == "wrong")
        .map(|c| (c.0, c.1))
        .collect();
    assert_eq!(
        wrong,
        [(35, "10".to_owned()), (10, "much faster".to_owned())]
    );
}

#[test]
fn a_direction_is_unverifiable_when_its_rows_disagree_and_absent_without_rows() {
    // The same sweep with mainline's first row made faster than the PR's (300.00 vs
    // 295.36: −1.5%) while the other four rows gain ~10x: the rows disagree, so the
    // heading's "much faster" is neither held nor wrong, and says why.
    let body = fixture("ik-llamacpp-pr518.md").replace(
        "|   512 |    128 |      0 |   18.261 |    28.04 |",
        "|   512 |    128 |      0 |   18.261 |   300.00 |",
    );
    let (_, json) = check_text(&body);
    let heading = json["claims"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["line"] == 10)
        .unwrap();
    assert_eq!(heading["verdict"], "unverifiable");
    assert_eq!(heading["reason"], "mixed");
    let out = perflab()
        .args(["check", "-"])
        .write_stdin(body)
        .output()
        .unwrap();
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(":10: unverifiable order input_throughput"),
        "{stdout}"
    );
    assert!(stdout.contains("moved both ways"), "{stdout}");
    // Words with nothing to judge them on are not claims: the heading alone.
    let out = perflab()
        .args(["check", "-"])
        .write_stdin("# IQ3_S: much faster CPU prompt processing\n")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_now_block_printed_above_its_before() {
    // xinference#2050's two results with the after moved above the before and called
    // "## Now" (no role word): "## Before" names one side, so the other is the after,
    // whichever comes first. Two claims added to its text:
    //   "6.4x higher throughput": 4.98 / 0.78 = 6.385, [4.975 / 0.785, 4.985 / 0.775] =
    //   [6.338, 6.432] → 6.4: holds;
    //   "Throughput is much higher": requests/s 0.78 → 4.98 went up: holds.
    let doc = fixture("xinference-pr2050.md");
    let lines: Vec<&str> = doc.lines().collect();
    let before = lines.iter().position(|l| *l == "## Before").unwrap();
    let after = lines.iter().position(|l| *l == "## After").unwrap();
    let mut body: Vec<String> = lines[..before].iter().map(|l| l.to_string()).collect();
    body.push("## Now".into());
    body.extend(lines[after + 1..].iter().map(|l| l.to_string()));
    body.push(String::new());
    body.extend(lines[before..after].iter().map(|l| l.to_string()));
    body.push("6.4x higher throughput with srt. Throughput is much higher.".into());
    let (code, json) = check_text(&(body.join("\n") + "\n"));
    assert_eq!(code, 0, "{json}");
    assert_eq!(json["pair"]["before"]["label"], "Before");
    assert_eq!(json["pair"]["after"]["label"], "Now");
    let v: Vec<(String, String)> = verdicts(&json).into_iter().map(|c| (c.1, c.2)).collect();
    assert_eq!(
        v,
        [
            ("6.4".to_owned(), "holds".to_owned()),
            ("much higher".to_owned(), "holds".to_owned())
        ],
        "{json}"
    );
}
