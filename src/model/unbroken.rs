//! Reading Parquet that strangers wrote without a crash: polars' reader panics on some
//! broken files, and [`unbroken`] turns that panic into the error of the read.

use polars::prelude::PolarsResult;

/// `read` of a Parquet file, its panic an error too: polars' reader panics on some
/// broken files (a thrift field of another type than its header says: "thrift bool
/// field", found by the fuzzer, `tests/fuzz/regressions/history/`), and a file that
/// another tool wrote (a history part, a saved runs frame) must end in the error that
/// names it, not in a crash. The panic is not printed: the error says what it says.
pub fn unbroken<T>(read: impl FnOnce() -> PolarsResult<T>) -> std::result::Result<T, String> {
    quiet_when_caught();
    CAUGHT_HERE.with(|c| c.set(true));
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(read));
    CAUGHT_HERE.with(|c| c.set(false));
    match outcome {
        Ok(read) => read.map_err(|e| e.to_string()),
        Err(panic) => Err(panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default()),
    }
}

std::thread_local! {
    /// Set while this thread reads Parquet inside [`unbroken`].
    static CAUGHT_HERE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Wraps the process's panic hook once so that a panic [`unbroken`] catches prints
/// nothing (a message and a backtrace before the error that names the part read as a
/// crash); every other panic goes to the hook as before.
fn quiet_when_caught() {
    static WRAPPED: std::sync::Once = std::sync::Once::new();
    WRAPPED.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !CAUGHT_HERE.with(|c| c.get()) {
                previous(info);
            }
        }));
    });
}
