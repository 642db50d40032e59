//! The history site (`perflab history report --out DIR`) in headless Chromium, as a team
//! reads it: a store of 30 nights of six workloads made from the real vLLM result in
//! fixtures/history, with two regressions and an improvement seeded; the first page lists
//! the regressions first, a filter narrows the every-series table and its address brings
//! the same view back, a click opens the series page with its chart and change points,
//! the browser logs no error, and screenshots at 1400 and 400 px are kept for a reader
//! (`PERFLAB_SCREENSHOTS=DIR`; else in the test's temporary folder).

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use crate::common::cli::perflab;
use crate::webdriver::Session;

const NIGHTS: usize = 30;
const MODELS: [&str; 3] = ["llama-3-8b", "qwen3-14b", "mistral-7b"];
const CONCURRENCY: [u32; 2] = [8, 16];

/// The factor on workload (model, concurrency)'s throughputs on night `i`: llama at 8
/// drops 15% from night 25, qwen at 16 rises 12% from night 25, mistral at 16 drops 8%
/// from night 27 (a provisional step: 3 nights after it); a little noise every night.
fn factor(model: &str, conc: u32, i: usize) -> f64 {
    let noise = 1.0 + 0.002 * ((i * 7 + conc as usize) % 5) as f64;
    let step = match (model, conc) {
        ("llama-3-8b", 8) if i >= 25 => 0.85,
        ("qwen3-14b", 16) if i >= 25 => 1.12,
        ("mistral-7b", 16) if i >= 27 => 0.92,
        _ => 1.0,
    };
    noise * step
}

fn date(i: usize) -> String {
    format!("2026-03-{:02}", i + 1)
}

/// The store, one `history add` a night of six result files, and the site in three
/// languages.
fn site(dir: &Path) -> PathBuf {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/history/vllm-result.json");
    let real: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let store = dir.join("store");
    for i in 0..NIGHTS {
        let night = dir.join(format!("night-{i:02}"));
        std::fs::create_dir_all(&night).unwrap();
        for model in MODELS {
            for conc in CONCURRENCY {
                let mut run = real.clone();
                run["model_id"] = json!(model);
                run["max_concurrency"] = json!(conc);
                for key in [
                    "request_throughput",
                    "output_throughput",
                    "total_token_throughput",
                ] {
                    let v = run[key].as_f64().unwrap() * (conc as f64 / 8.0);
                    run[key] = json!(v * factor(model, conc, i));
                }
                let file = night.join(format!("{model}-{conc}.json"));
                std::fs::write(file, run.to_string()).unwrap();
            }
        }
        perflab()
            .args(["history", "add"])
            .arg(&night)
            .arg("--store")
            .arg(&store)
            .args(["--date", &date(i)])
            .args([
                "--label",
                &format!("commit={:07x}{}", 0xabc000 + i, "0".repeat(33)),
            ])
            .args(["--label", "machine=h100-node-1"])
            .assert()
            .success();
    }
    let out = dir.join("site");
    perflab()
        .args(["--lang", "en,ru,zh-CN", "history", "report"])
        .args(["--metric", "output_throughput,p99_ttft_ms"])
        .arg("--store")
        .arg(&store)
        .arg("--out")
        .arg(&out)
        .assert()
        .success();
    out
}

fn url(dir: &Path, page: &str) -> String {
    format!("file://{}/{page}", dir.display())
}

fn no_errors(session: &Session, page: &str) {
    let severe: Vec<Value> = session
        .log()
        .into_iter()
        .filter(|e| e["level"] == "SEVERE")
        .collect();
    assert!(
        severe.is_empty(),
        "{page}: browser console errors: {severe:?}"
    );
}

fn shoot(session: &Session, shots: &Path, name: &str) {
    let png = session.screenshot();
    assert!(png.starts_with(b"\x89PNG"), "{name}: not a PNG");
    std::fs::write(shots.join(name), png).unwrap();
}

pub fn check_history_site(chromium: &Path, chromedriver: &Path) {
    let tmp = tempfile::tempdir().unwrap();
    let out = site(tmp.path());
    let shots = std::env::var_os("PERFLAB_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| tmp.path().join("shots"));
    std::fs::create_dir_all(&shots).unwrap();
    let session = Session::start(chromium, chromedriver, 1400, 1000);

    // What changed: regressions first, the larger first, the provisional one marked.
    session.goto(&url(&out, "index.en.html"));
    let moves = session.exec(
        r#"return [...document.querySelectorAll('li.move')].map(li => ({
            cls: li.className, name: li.querySelector('a.name').textContent,
            metric: li.querySelector('.metric').textContent,
            step: li.querySelector('.step').textContent,
            prov: !!li.querySelector('.prov'), means: li.querySelector('.means').textContent,
            href: li.querySelector('a.name').getAttribute('href') }));"#,
    );
    let moves = moves.as_array().unwrap();
    let summary: Vec<String> = moves
        .iter()
        .map(|m| format!("{} {} {}", m["cls"], m["name"], m["step"]))
        .collect();
    assert!(moves.len() >= 3, "{summary:?}");
    assert_eq!(moves[0]["cls"], "move worse", "{summary:?}");
    assert_eq!(
        moves[0]["name"], "llama-3-8b · max_concurrency=8",
        "{summary:?}"
    );
    assert!(
        moves[0]["step"].as_str().unwrap().starts_with("-1"),
        "{summary:?}"
    );
    assert!(
        moves[0]["means"].as_str().unwrap().contains(" ± "),
        "{:?}",
        moves[0]
    );
    let worse: Vec<usize> = (0..moves.len())
        .filter(|&i| moves[i]["cls"] == "move worse")
        .collect();
    let better: Vec<usize> = (0..moves.len())
        .filter(|&i| moves[i]["cls"] == "move better")
        .collect();
    assert!(
        !better.is_empty() && worse.iter().max() < better.iter().min(),
        "regressions first: {summary:?}"
    );
    let mistral = moves
        .iter()
        .find(|m| m["name"] == "mistral-7b · max_concurrency=16")
        .unwrap_or_else(|| panic!("the night-27 drop is listed: {summary:?}"));
    assert_eq!(mistral["prov"], true, "{mistral}");
    assert_eq!(mistral["cls"], "move worse", "{mistral}");
    let qwen = moves
        .iter()
        .find(|m| m["name"] == "qwen3-14b · max_concurrency=16")
        .unwrap();
    assert_eq!(qwen["cls"], "move better");
    let intro = session.exec("return document.querySelector('main p').textContent;");
    assert!(
        intro
            .as_str()
            .unwrap()
            .starts_with("6 series of 180 runs in "),
        "counts are workloads and runs: {intro}"
    );
    no_errors(&session, "index.en.html");
    shoot(&session, &shots, "changed-1400.png");

    // A click opens the series page: its chart drawn, its change point with the commits.
    session.exec("document.querySelector('li.move a.name').click(); return null;");
    session.wait_for("document.querySelector('svg.trend')");
    let href = moves[0]["href"].as_str().unwrap();
    assert!(href.starts_with("trend.en.html#"), "{href}");
    assert!(session.url().ends_with(href), "{} {href}", session.url());
    let page = session.exec(
        r#"return { title: document.getElementById('title').textContent,
            marks: [...document.querySelectorAll('svg.trend text.worse')].map(t => t.textContent),
            between: [...document.querySelectorAll('.between')].map(b => b.textContent),
            runs: document.querySelectorAll('details.runs tbody tr').length };"#,
    );
    assert_eq!(page["title"], "llama-3-8b · max_concurrency=8", "{page}");
    assert_eq!(page["runs"], NIGHTS, "{page}");
    let marks = page["marks"].to_string();
    assert!(
        marks.contains("0abc019 -1"),
        "the commit of night 25 marked: {page}"
    );
    let between = page["between"][0].as_str().unwrap_or_default();
    assert!(
        between.contains(&date(24)) && between.contains(&date(25)) && between.contains("abc018"),
        "last good and first bad: {page}"
    );
    no_errors(&session, "trend.en.html");
    shoot(&session, &shots, "trend-1400.png");

    // Every series: a filter narrows the rows and the address keeps it.
    session.goto(&url(&out, "series.en.html"));
    session.wait_for("document.querySelectorAll('#all tbody tr').length === 6");
    let filtered = session.exec(
        r#"const input = document.querySelector('input[name=model_id]');
           input.value = 'qwen'; input.dispatchEvent(new Event('input'));
           return { rows: [...document.querySelectorAll('#all tbody td.name')].map(td => td.textContent),
                    hash: location.hash, shown: document.getElementById('shown').textContent };"#,
    );
    assert_eq!(
        filtered["rows"],
        json!([
            "qwen3-14b · max_concurrency=8",
            "qwen3-14b · max_concurrency=16"
        ]),
        "{filtered}"
    );
    assert_eq!(filtered["hash"], "#model_id=qwen", "{filtered}");
    assert_eq!(filtered["shown"], "2 of 6 series");
    no_errors(&session, "series.en.html");
    shoot(&session, &shots, "series-1400.png");
    // The address alone brings the view back, sorted too.
    session.goto(&url(
        &out,
        "series.en.html#model_id=qwen&sort=output_throughput.latest&desc=1",
    ));
    session.exec("location.reload(); return null;");
    session.wait_for("document.getElementById('shown').textContent === '2 of 6 series'");
    let linked = session.exec(
        r#"return { rows: [...document.querySelectorAll('#all tbody td.name')].map(td => td.textContent),
                    filter: document.querySelector('input[name=model_id]').value,
                    sort: document.querySelector('select[name=sort]').value };"#,
    );
    assert_eq!(
        linked,
        json!({"rows": ["qwen3-14b · max_concurrency=16", "qwen3-14b · max_concurrency=8"],
               "filter": "qwen", "sort": "output_throughput.latest"}),
    );

    // Narrow screens, and the other languages: the same pages, no error.
    session.set_size(400, 900);
    for (page, shot) in [
        ("index.ru.html", "changed-400-ru.png"),
        ("series.zh-CN.html", "series-400-zh.png"),
        ("trend.en.html#2", "trend-400.png"),
    ] {
        session.goto(&url(&out, page));
        session.exec("location.reload(); return null;");
        session.wait_for("document.readyState === 'complete'");
        if page.starts_with("trend") {
            session.wait_for("document.querySelector('svg.trend')");
        }
        no_errors(&session, page);
        let overflow = session.exec(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth;",
        );
        assert!(
            overflow.as_i64().unwrap() <= 1,
            "{page} is wider than a 400 px screen by {overflow} px"
        );
        shoot(&session, &shots, shot);
    }
    session.goto(&url(&out, "trend.en.html#999"));
    session.exec("location.reload(); return null;");
    session.wait_for("document.querySelector('#trend p')");
    let text = session.exec("return document.getElementById('trend').textContent;");
    assert_eq!(text, "No series 999 in this report.");
}
