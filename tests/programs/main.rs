//! Tests that need a program outside Rust: headless Chromium and its driver
//! (`html_browser.rs`), `rsvg-convert` (`chart_layout.rs`), a Python with moto and
//! DuckDB (`history_services.rs`), and one with Apache Otava (`otava_agreement.rs`).
//!
//! Own harness (libtest-mimic, `harness = false` in Cargo.toml): where a program is
//! missing, its tests are reported as *ignored*, never as passed, and the missing program
//! is named on stderr; the `PERFLAB_REQUIRE_*` variables (set by `.ci/run`) make a missing
//! program a failure instead.

#[path = "../common/mod.rs"]
mod common;
mod webdriver;

mod chart_layout;
mod history_services;
mod html_browser;
mod otava_agreement;

fn main() -> std::process::ExitCode {
    let args = libtest_mimic::Arguments::from_args();
    let mut trials = chart_layout::trials();
    trials.extend(history_services::trials());
    trials.extend(html_browser::trials());
    trials.extend(otava_agreement::trials());
    libtest_mimic::run(&args, trials).exit_code()
}
