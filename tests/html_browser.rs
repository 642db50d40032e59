//! Opens a rendered report page in headless Chromium through WebDriver (chromedriver's
//! plain HTTP + JSON, spoken with a few lines of std below) and checks what a reader
//! would see: the page loads, the browser logs no error, every inline chart has a size,
//! and the Cyrillic and Chinese chart texts are in the page.
//!
//! Needs Debian's `chromium`, `chromium-driver` and `fonts-noto-cjk` (`.ci/run` installs
//! them). This file has its own harness (libtest-mimic) so that, where Chromium or its
//! driver is missing, the test is reported as *ignored* (never as passed) with the
//! missing programs named on stderr; `PERFLAB_REQUIRE_BROWSER=1` (set by `.ci/run`)
//! turns a missing program into a failure, and so does `--include-ignored`.
//! `PERFLAB_KEEP_PAGE=FILE` keeps a copy of the page, e.g. for
//! `chromium --headless --screenshot`.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use libtest_mimic::{Arguments, Failed, Trial};
use perflab::render::charts::{grouped_bars, BarChart, BarSeries};
use perflab::render::html::page;
use serde_json::{json, Value};

fn series(name: &str, values: &[Option<f64>], labels: &[Option<&str>]) -> BarSeries {
    BarSeries {
        name: name.to_owned(),
        values: values.to_vec(),
        labels: labels.iter().map(|l| l.map(str::to_owned)).collect(),
    }
}

/// The conclusion chart of the reference study, in Russian.
fn russian_chart() -> BarChart {
    BarChart {
        title: "Базовая и оптимизированная конфигурация по профилям".to_owned(),
        categories: [
            "ShareGPT",
            "Пропускная способность",
            "Длинный контекст",
            "Генерация",
        ]
        .map(str::to_owned)
        .to_vec(),
        series: vec![
            series(
                "Базовая (vLLM без оптимизаций)",
                &[
                    Some(11527.14),
                    Some(29822.16),
                    Some(32416.84),
                    Some(2973.42),
                ],
                &[
                    Some("11527.14"),
                    Some("29822.16"),
                    Some("32416.84"),
                    Some("2973.42"),
                ],
            ),
            series(
                "Оптимизированная",
                &[
                    Some(11768.22),
                    Some(34470.14),
                    Some(32658.73),
                    Some(3025.11),
                ],
                &[
                    Some("11768.22\n+2.09%"),
                    Some("34470.14\n+15.59%"),
                    Some("32658.73\n+0.75%"),
                    Some("3025.11\n+1.74%"),
                ],
            ),
        ],
        y_label: "Общая пропускная способность (ток/с)".to_owned(),
    }
}

/// Every variant of one experiment, in Chinese, with a skipped run.
fn chinese_chart() -> BarChart {
    BarChart {
        title: "推理引擎选择：各变体总吞吐量".to_owned(),
        categories: ["vLLM", "SGLang", "--max-num-seqs=512", "推测解码"]
            .map(str::to_owned)
            .to_vec(),
        series: vec![series(
            "总吞吐量",
            &[Some(11527.14), Some(6499.42), Some(11768.22), None],
            &[
                Some("11527.14"),
                Some("6499.42"),
                Some("11768.22"),
                Some("已跳过"),
            ],
        )],
        y_label: "总吞吐量 (tok/s)".to_owned(),
    }
}

fn sample_page() -> String {
    let charts = BTreeMap::from([
        (
            "charts/conclusion.svg".to_owned(),
            grouped_bars(&russian_chart()).unwrap(),
        ),
        (
            "charts/engines.svg".to_owned(),
            grouped_bars(&chinese_chart()).unwrap(),
        ),
        ("charts/cdf.svg".to_owned(), chinese_cdf()),
    ]);
    let markdown = "# Оптимизация пропускной способности Qwen3.5-9B\n\n\
        ## Вывод\n\n\
        ![Итог](charts/conclusion.svg)\n\n\
        | Профиль | Базовая | Оптимизированная |\n\
        |---|---|---|\n\
        | **ShareGPT** | Total TPS: 11527.14<br>Mean TPOT(ms): 15.12 | Total TPS: 11768.22 \
        <span style=\"background-color:lightgreen;\">(+2.09%)</span><br>Mean TPOT(ms): 15.85 |\n\n\
        Метка пользователя: &lt;script&gt;alert(1)&lt;/script&gt;\n\n\
        ```bash\nvllm serve Qwen/Qwen3.5-9B \\\n    --max-num-seqs=512\n```\n\n\
        ## 推理引擎选择\n\n\
        ![引擎](charts/engines.svg)\n\n\
        ![TTFT](charts/cdf.svg)\n\n\
        ```text vLLM, ShareGPT\n============ Serving Benchmark Result ============\n\
        Successful requests:                     1000\n\
        Total Token throughput (tok/s):          11527.14\n```\n";
    page(markdown, "Qwen3.5-9B — отчёт", "ru", &charts).unwrap()
}

/// The TTFT CDF of a diff (`render::requests`), in Chinese: baseline solid, candidate
/// dashed, 300 synthetic requests a side.
fn chinese_cdf() -> String {
    use perflab::render::requests::{cdf_chart, Side};
    use perflab::requests::{Metric, Request, Rule, RunRequests};
    let side = |scale: f64| RunRequests {
        run_index: 0,
        rule: Rule::Numpy,
        duration_s: Some(1.0),
        requests: (0..300)
            .map(|i| Request {
                index: i,
                ok: true,
                ttft_ms: Some(scale * (20.0 + f64::from(i % 23))),
                ..Request::default()
            })
            .collect(),
    };
    let (base, cand) = (side(1.0), side(1.1));
    let l10n = perflab::l10n::Localizer::new("zh-CN").unwrap();
    let sides = [
        Side { name: "基线", requests: &base, dashed: false },
        Side { name: "候选", requests: &cand, dashed: true },
    ];
    perflab::render::charts::line_chart(&cdf_chart(Metric::Ttft, &sides, &l10n).unwrap()).unwrap()
}

fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// chromedriver, stopped (by its own handle) when the test ends, pass or fail.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
    listener.local_addr().expect("local address").port()
}

/// One HTTP/1.1 request to chromedriver on loopback; returns the JSON body.
fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> std::io::Result<Value> {
    let mut stream = TcpStream::connect(("127.0.0.1", port))?;
    stream.set_read_timeout(Some(Duration::from_secs(60)))?;
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\
         Content-Type: application/json; charset=utf-8\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )?;
    // chromedriver may keep the connection open despite `Connection: close`, so read the
    // head, then exactly Content-Length bytes, instead of waiting for the peer to close.
    let mut raw = Vec::new();
    let mut buf = [0u8; 8192];
    let split = loop {
        if let Some(p) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break p;
        }
        let n = stream.read(&mut buf)?;
        if n == 0 {
            return Err(std::io::Error::other("no HTTP header end"));
        }
        raw.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
    let length = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse::<usize>().ok());
    match length {
        Some(len) => {
            while raw.len() < split + 4 + len {
                let n = stream.read(&mut buf)?;
                if n == 0 {
                    break;
                }
                raw.extend_from_slice(&buf[..n]);
            }
        }
        None => {
            stream.read_to_end(&mut raw)?;
        }
    }
    let mut content = raw[split + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        content = dechunk(&content);
    }
    serde_json::from_slice(&content).map_err(std::io::Error::other)
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = data.windows(2).position(|w| w == b"\r\n") {
        let size = std::str::from_utf8(&data[..eol])
            .ok()
            .and_then(|s| usize::from_str_radix(s.split(';').next().unwrap_or("").trim(), 16).ok())
            .unwrap_or(0);
        if size == 0 || eol + 2 + size > data.len() {
            break;
        }
        out.extend_from_slice(&data[eol + 2..eol + 2 + size]);
        data = &data[(eol + 4 + size).min(data.len())..];
    }
    out
}

fn start_driver(chromedriver: &Path) -> Driver {
    let port = free_port();
    let child = Command::new(chromedriver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", chromedriver.display()));
    let driver = Driver { child, port };
    // Bounded wait for the driver to listen: up to 60 s on a busy machine.
    for _ in 0..600 {
        if let Ok(status) = http(port, "GET", "/status", None) {
            if status["value"]["ready"] == json!(true) {
                return driver;
            }
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    panic!("chromedriver did not become ready on port {port}");
}

fn value_of(response: Value, what: &str) -> Value {
    let value = response["value"].clone();
    if value.get("error").is_some() {
        panic!("WebDriver {what} failed: {value}");
    }
    value
}

/// Chromium and chromedriver, found on PATH, or the list of what is missing with the
/// Debian package that provides it.
fn browser_programs() -> Result<(PathBuf, PathBuf), Vec<&'static str>> {
    let chromium = find_program(&["chromium", "chromium-browser", "google-chrome"]);
    let chromedriver = find_program(&["chromedriver"]);
    match (chromium, chromedriver) {
        (Some(c), Some(d)) => Ok((c, d)),
        (c, d) => Err([
            c.is_none()
                .then_some("`chromium` (Debian package chromium) is not on PATH"),
            d.is_none()
                .then_some("`chromedriver` (Debian package chromium-driver) is not on PATH"),
        ]
        .into_iter()
        .flatten()
        .collect()),
    }
}

fn main() -> std::process::ExitCode {
    let args = Arguments::from_args();
    let required = std::env::var("PERFLAB_REQUIRE_BROWSER").is_ok_and(|v| v == "1");
    let missing = browser_programs().err().unwrap_or_default();
    if !missing.is_empty() {
        eprintln!(
            "html_browser: {}; the browser test is {} (`.ci/run` installs chromium, \
             chromium-driver and fonts-noto-cjk)",
            missing.join("; "),
            if required {
                "required (PERFLAB_REQUIRE_BROWSER=1)"
            } else {
                "ignored"
            }
        );
    }
    let trial = Trial::test("report_page_renders_in_headless_chromium", || {
        report_page_renders_in_headless_chromium()
    })
    .with_ignored_flag(!missing.is_empty() && !required);
    libtest_mimic::run(&args, vec![trial]).exit_code()
}

fn report_page_renders_in_headless_chromium() -> Result<(), Failed> {
    let (chromium, chromedriver) = browser_programs().map_err(|missing| missing.join("; "))?;
    // The checks below panic with their own messages; libtest-mimic counts a panic as a
    // failure.
    check_page(&chromium, &chromedriver);
    Ok(())
}

fn check_page(chromium: &Path, chromedriver: &Path) {
    let dir = tempfile::tempdir().unwrap();
    let html_path = dir.path().join("report.ru.html");
    std::fs::write(&html_path, sample_page()).unwrap();
    if let Ok(keep) = std::env::var("PERFLAB_KEEP_PAGE") {
        std::fs::copy(&html_path, keep).unwrap();
    }
    let profile = dir.path().join("chromium-profile");
    std::fs::create_dir(&profile).unwrap();

    let driver = start_driver(chromedriver);
    let port = driver.port;
    let capabilities = json!({"capabilities": {"alwaysMatch": {
        "browserName": "chrome",
        "goog:loggingPrefs": {"browser": "ALL"},
        "goog:chromeOptions": {
            "binary": chromium.display().to_string(),
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                "--window-size=1200,900",
                format!("--user-data-dir={}", profile.display()),
            ],
        },
    }}});
    let session = value_of(
        http(port, "POST", "/session", Some(&capabilities)).unwrap(),
        "new session",
    );
    let id = session["sessionId"]
        .as_str()
        .expect("session id")
        .to_owned();
    let url = format!("file://{}", html_path.display());
    value_of(
        http(
            port,
            "POST",
            &format!("/session/{id}/url"),
            Some(&json!({ "url": url })),
        )
        .unwrap(),
        "navigate",
    );

    let script = r#"
        const svgs = [...document.querySelectorAll('svg')];
        return {
          ready: document.readyState,
          lang: document.documentElement.lang,
          title: document.title,
          scripts: document.querySelectorAll('script').length,
          text: document.body.innerText,
          details: [...document.querySelectorAll('details > summary')].map(s => s.textContent),
          tables: document.querySelectorAll('table').length,
          svgs: svgs.map(svg => {
            const box = svg.getBoundingClientRect();
            const texts = [...svg.querySelectorAll('text')];
            return {
              width: box.width, height: box.height,
              label: svg.getAttribute('aria-label'),
              text: texts.map(t => t.textContent.trim()).join('|'),
              unmeasured: texts.filter(t => t.textContent.trim() && !(t.getComputedTextLength() > 0))
                .map(t => t.textContent.trim()),
            };
          }),
        };"#;
    let page = value_of(
        http(
            port,
            "POST",
            &format!("/session/{id}/execute/sync"),
            Some(&json!({"script": script, "args": []})),
        )
        .unwrap(),
        "execute script",
    );
    let log = value_of(
        http(
            port,
            "POST",
            &format!("/session/{id}/se/log"),
            Some(&json!({"type": "browser"})),
        )
        .unwrap(),
        "browser log",
    );
    let _ = http(port, "DELETE", &format!("/session/{id}"), None);
    drop(driver);

    assert_eq!(page["ready"], "complete", "{page}");
    assert_eq!(page["lang"], "ru");
    assert_eq!(page["title"], "Qwen3.5-9B — отчёт");
    let severe: Vec<&Value> = log
        .as_array()
        .expect("log entries")
        .iter()
        .filter(|e| e["level"] == "SEVERE")
        .collect();
    assert!(severe.is_empty(), "browser console errors: {severe:?}");

    // User text that looked like a tag is shown, not run.
    assert_eq!(page["scripts"], 0, "{page}");
    let text = page["text"].as_str().unwrap();
    assert!(
        text.contains("Метка пользователя: <script>alert(1)</script>"),
        "{text}"
    );
    assert!(
        text.contains("vllm serve Qwen/Qwen3.5-9B"),
        "commands stay visible: {text}"
    );
    assert_eq!(page["details"], json!(["vLLM, ShareGPT"]));
    assert_eq!(page["tables"], 1);

    let svgs = page["svgs"].as_array().unwrap();
    assert_eq!(svgs.len(), 3, "{page}");
    for svg in svgs {
        assert!(
            svg["width"].as_f64().unwrap() > 100.0,
            "chart has no width: {svg}"
        );
        assert!(
            svg["height"].as_f64().unwrap() > 100.0,
            "chart has no height: {svg}"
        );
        assert_eq!(
            svg["unmeasured"],
            json!([]),
            "texts the browser did not lay out: {svg}"
        );
    }
    // Long labels wrap onto several <text> lines; compare with the lines joined.
    let ru = svgs[0]["text"].as_str().unwrap().replace('|', " ");
    for expected in [
        "Базовая и оптимизированная конфигурация по профилям",
        "Оптимизированная",
        "Общая пропускная способность (ток/с)",
        "Длинный контекст",
        "+15.59%",
        "11527.14",
    ] {
        assert!(
            ru.contains(expected),
            "Russian chart lacks `{expected}`: {ru}"
        );
    }
    assert_eq!(
        svgs[0]["label"],
        "Базовая и оптимизированная конфигурация по профилям"
    );
    let zh = svgs[1]["text"].as_str().unwrap();
    for expected in [
        "推理引擎选择：各变体总吞吐量",
        "总吞吐量 (tok/s)",
        "推测解码",
        "已跳过",
        "6499.42",
    ] {
        assert!(
            zh.contains(expected),
            "Chinese chart lacks `{expected}`: {zh}"
        );
    }
    let cdf = svgs[2]["text"].as_str().unwrap().replace('|', " ");
    for expected in ["TTFT：延迟不超过某值的请求占比", "请求占比", "TTFT（毫秒）", "基线", "候选"] {
        assert!(cdf.contains(expected), "CDF chart lacks `{expected}`: {cdf}");
    }
}
