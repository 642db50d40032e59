//! What the binary does to its own process before any command: transparent huge pages
//! turned off (`src/main.rs`, the one `unsafe` block outside ingest's decoding:
//! `prctl(PR_SET_THP_DISABLE)`), seen from outside in the kernel's view of the process.

/// The `THP_enabled` line of a `/proc/PID/status` (Linux 5.0 and later).
#[cfg(target_os = "linux")]
fn thp_enabled(status: &str) -> Option<u32> {
    status
        .lines()
        .find_map(|l| l.strip_prefix("THP_enabled:"))
        .and_then(|v| v.trim().parse().ok())
}

#[cfg(target_os = "linux")]
#[test]
fn the_binary_runs_with_transparent_huge_pages_off() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};

    // The flag is inherited through fork and exec: the test's own process must have huge
    // pages allowed, or a 0 in the binary's would not be the binary's doing.
    let mine = std::fs::read_to_string("/proc/self/status").unwrap();
    assert_eq!(thp_enabled(&mine), Some(1), "this process: {mine}");
    // `check -` waits for its standard input: the process lives until it is closed.
    let mut child =
        crate::common::cli::perflab_process_in(std::path::Path::new(env!("CARGO_MANIFEST_DIR")))
            .args(["check", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
    let status_file = format!("/proc/{}/status", child.id());
    let started = Instant::now();
    let mut seen = None;
    // Until `main` has run its first line (before that, the status is the test's).
    while started.elapsed() < Duration::from_secs(20) {
        seen = std::fs::read_to_string(&status_file)
            .ok()
            .and_then(|s| thp_enabled(&s));
        if seen == Some(0) {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(child.stdin.take());
    let exit = child.wait().unwrap();
    assert_eq!(seen, Some(0), "THP_enabled of the binary's process");
    // An empty report is an error, not a crash: the call left the process sound.
    assert_eq!(exit.code(), Some(2), "{exit:?}");
}
