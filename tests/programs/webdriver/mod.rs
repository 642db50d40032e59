//! WebDriver helpers of the browser tests (`tests/programs/html_browser.rs`): find Chromium and
//! chromedriver, start the driver, talk to it (chromedriver's plain HTTP + JSON, spoken
//! with a few lines of std), and open a page to run a script in it.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

pub fn find_program(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| names.iter().map(move |n| dir.join(n)))
        .find(|p| p.is_file())
}

/// chromedriver, stopped (by its own handle) when the test ends, pass or fail.
pub struct Driver {
    child: Child,
    pub port: u16,
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
pub fn http(port: u16, method: &str, path: &str, body: Option<&Value>) -> std::io::Result<Value> {
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

pub fn start_driver(chromedriver: &Path) -> Driver {
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

pub fn value_of(response: Value, what: &str) -> Value {
    let value = response["value"].clone();
    if value.get("error").is_some() {
        panic!("WebDriver {what} failed: {value}");
    }
    value
}

/// Chromium and chromedriver, found on PATH, or the list of what is missing with the
/// Debian package that provides it.
pub fn programs() -> Result<(PathBuf, PathBuf), Vec<&'static str>> {
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

/// Opens `html` (a file) in headless Chromium, runs `script` there and returns what it
/// returned with the browser's console log.
pub fn inspect(chromium: &Path, chromedriver: &Path, html: &Path, script: &str) -> (Value, Value) {
    let profile = tempfile::tempdir().unwrap();
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
                format!("--user-data-dir={}", profile.path().display()),
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
    let url = format!("file://{}", html.display());
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
    (page, log)
}

/// A browser session kept open across several steps: navigate, run scripts, resize,
/// take screenshots. Ends (and stops the driver) when dropped.
pub struct Session {
    driver: Driver,
    id: String,
    _profile: tempfile::TempDir,
}

impl Session {
    pub fn start(chromium: &Path, chromedriver: &Path, width: u32, height: u32) -> Session {
        let profile = tempfile::tempdir().unwrap();
        let driver = start_driver(chromedriver);
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:loggingPrefs": {"browser": "ALL"},
            "goog:chromeOptions": {
                "binary": chromium.display().to_string(),
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                    format!("--window-size={width},{height}"),
                    format!("--user-data-dir={}", profile.path().display()),
                ],
            },
        }}});
        let session = value_of(
            http(driver.port, "POST", "/session", Some(&capabilities)).unwrap(),
            "new session",
        );
        let id = session["sessionId"]
            .as_str()
            .expect("session id")
            .to_owned();
        Session {
            driver,
            id,
            _profile: profile,
        }
    }

    fn call(&self, method: &str, path: &str, body: Option<&Value>, what: &str) -> Value {
        let path = format!("/session/{}{path}", self.id);
        value_of(http(self.driver.port, method, &path, body).unwrap(), what)
    }

    pub fn goto(&self, url: &str) {
        self.call("POST", "/url", Some(&json!({ "url": url })), "navigate");
    }

    /// Runs `script` (a function body) and returns what it returned.
    pub fn exec(&self, script: &str) -> Value {
        self.call(
            "POST",
            "/execute/sync",
            Some(&json!({"script": script, "args": []})),
            "execute script",
        )
    }

    /// Waits up to 10 s for `condition` (a JavaScript expression) to be true.
    pub fn wait_for(&self, condition: &str) {
        for _ in 0..100 {
            if self.exec(&format!("return !!({condition});")) == json!(true) {
                return;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        panic!("timed out waiting for `{condition}`");
    }

    pub fn url(&self) -> String {
        self.call("GET", "/url", None, "current url")
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// The browser's console since the last call.
    pub fn log(&self) -> Vec<Value> {
        self.call("POST", "/se/log", Some(&json!({"type": "browser"})), "log")
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    pub fn set_size(&self, width: u32, height: u32) {
        self.call(
            "POST",
            "/window/rect",
            Some(&json!({"width": width, "height": height})),
            "set window size",
        );
    }

    /// A PNG of the viewport.
    pub fn screenshot(&self) -> Vec<u8> {
        let text = self.call("GET", "/screenshot", None, "screenshot");
        base64_decode(text.as_str().expect("base64 PNG"))
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = http(
            self.driver.port,
            "DELETE",
            &format!("/session/{}", self.id),
            None,
        );
    }
}

/// Standard base64 (WebDriver's screenshots), without a crate for twenty lines.
fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0);
    for v in text.bytes().filter_map(value) {
        acc = ((acc << 6) | v) & 0xFFFF;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}
