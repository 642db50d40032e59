//! The one way integration tests start the binary: in the crate's folder (or a folder
//! given), with the language and CI environment of the machine cleared, so that a test
//! passes a language only by `--lang` (or says it sets `PERFLAB_LANG` on purpose).

use std::path::Path;

/// `perflab` with `LANG`, `LC_*`, `LANGUAGE`, `PERFLAB_LANG` and `GITHUB_STEP_SUMMARY`
/// removed, run in the crate's root.
pub fn perflab() -> assert_cmd::Command {
    perflab_in(Path::new(env!("CARGO_MANIFEST_DIR")))
}

/// The same, run in `cwd` (a temporary folder keeps a stray `perflab.toml` out).
pub fn perflab_in(cwd: &Path) -> assert_cmd::Command {
    assert_cmd::Command::from_std(perflab_process_in(cwd))
}

/// The same environment as a plain process, for a test that spawns the binary and
/// kills it or runs several at once (`assert_cmd` only runs to the end).
pub fn perflab_process_in(cwd: &Path) -> std::process::Command {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin!("perflab"));
    cmd.current_dir(cwd);
    for var in [
        "LANG",
        "LC_ALL",
        "LC_MESSAGES",
        "LANGUAGE",
        "PERFLAB_LANG",
        "GITHUB_STEP_SUMMARY",
    ] {
        cmd.env_remove(var);
    }
    cmd
}

/// The whole of a stream, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
