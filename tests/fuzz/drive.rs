//! The bounded fuzzer: a target run on its seeds, then on mutated seeds until its time
//! or case budget is spent. Settings from the environment: `PERFLAB_FUZZ_SECONDS` (per
//! target, default 20), `PERFLAB_FUZZ_CASES` (a cap, default none), `PERFLAB_FUZZ_SEED`
//! (the generator's seed, default 37) and `PERFLAB_FUZZ_HANG_SECONDS` (a case slower
//! than this is a hang, default 60: the debug build is slow on large inputs). Every
//! input that breaks a promise is written to `target/fuzz-crashes/`; a hang ends the
//! process after writing its input there.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Once};
use std::time::{Duration, Instant};

use crate::mutate::{mutate, Rng};
use crate::seeds;
use crate::targets::Target;

/// Campaigns stop after this many failures: they are usually one bug.
const MOST_FAILURES: usize = 5;

fn env_number(name: &str, default: f64) -> f64 {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v}: not a number")),
        Err(_) => default,
    }
}

std::thread_local! {
    /// Set while this thread runs a case: its panics are the case's outcome, not output.
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static LAST_PANIC: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// A panic hook that keeps the message and place of a case's panic instead of printing
/// it (a campaign may see thousands), and prints every other panic as before.
fn quiet_panics_of_cases() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if QUIET.with(|q| q.get()) {
                let place = info
                    .location()
                    .map(|l| format!(" at {}:{}", l.file(), l.line()))
                    .unwrap_or_default();
                let payload = info.payload();
                let message = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                LAST_PANIC.with(|p| *p.borrow_mut() = format!("{message}{place}"));
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs `target` on `input`; a panic (a broken promise) is the error, with its place.
pub fn run_caught(target: &Target, input: &[u8]) -> Result<(), String> {
    quiet_panics_of_cases();
    QUIET.with(|q| q.set(true));
    let outcome = catch_unwind(AssertUnwindSafe(|| (target.run)(input)));
    QUIET.with(|q| q.set(false));
    outcome.map_err(|_| LAST_PANIC.with(|p| p.borrow().clone()))
}

fn crashes_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("fuzz-crashes")
}

/// Writes a failing input where it can be replayed from; returns its path.
fn keep(target: &Target, what: &str, case: u64, input: &[u8]) -> PathBuf {
    let dir = crashes_dir();
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{}-{what}-{case}.bin", target.name));
    if let Err(e) = std::fs::write(&path, input) {
        eprintln!("could not write {}: {e}", path.display());
    }
    path
}

/// The first bytes of an input, escaped, to read in a failure's message.
fn preview(input: &[u8]) -> String {
    let head = &input[..input.len().min(300)];
    format!(
        "{:?}{}",
        String::from_utf8_lossy(head),
        if input.len() > 300 { "…" } else { "" }
    )
}

/// The case running now: when it started, its number and its input.
type Running = Arc<Mutex<Option<(Instant, u64, Vec<u8>)>>>;

/// Ends the process when one case runs past the hang limit, after keeping its input: a
/// reader that never returns cannot be caught otherwise.
struct Watchdog {
    current: Running,
    done: Arc<AtomicBool>,
}

impl Watchdog {
    fn start(target: &'static Target, limit: Duration) -> Watchdog {
        let current: Running = Arc::default();
        let done = Arc::new(AtomicBool::new(false));
        let (watched, finished) = (current.clone(), done.clone());
        std::thread::spawn(move || {
            while !finished.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(250));
                let guard = watched.lock().unwrap_or_else(|e| e.into_inner());
                if let Some((since, case, input)) = guard.as_ref() {
                    if since.elapsed() > limit {
                        let path = keep(target, "hang", *case, input);
                        eprintln!(
                            "fuzz {}: case {case} ran past {limit:?} (a hang); its input: {} {}",
                            target.name,
                            path.display(),
                            preview(input)
                        );
                        std::process::exit(1);
                    }
                }
            }
        });
        Watchdog { current, done }
    }

    fn begin(&self, case: u64, input: &[u8]) {
        *self.current.lock().unwrap_or_else(|e| e.into_inner()) =
            Some((Instant::now(), case, input.to_vec()));
    }

    fn end(&self) {
        *self.current.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}

impl Drop for Watchdog {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
    }
}

/// A campaign on `target`: mutated seeds (and past failures) until the budget is spent;
/// fails with every broken promise's input kept.
pub fn campaign(target: &'static Target) {
    let seconds = env_number("PERFLAB_FUZZ_SECONDS", 20.0);
    let most_cases = env_number("PERFLAB_FUZZ_CASES", f64::INFINITY);
    let seed = env_number("PERFLAB_FUZZ_SEED", 37.0) as u64;
    let hang = Duration::from_secs_f64(env_number("PERFLAB_FUZZ_HANG_SECONDS", 60.0));
    let mut seeds = seeds::load(target);
    seeds.extend(seeds::regressions(target));
    assert!(!seeds.is_empty(), "{}: no seeds", target.name);
    // One generator per target, so that a target's cases do not depend on the others'.
    let name_hash = target.name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
    });
    let mut rng = Rng::new(seed ^ name_hash);
    let watchdog = Watchdog::start(target, hang);
    let started = Instant::now();
    let (mut cases, mut slowest) = (0u64, (Duration::ZERO, 0u64));
    let mut failures = Vec::new();
    while started.elapsed().as_secs_f64() < seconds
        && (cases as f64) < most_cases
        && failures.len() < MOST_FAILURES
    {
        // Mutations only: the seeds as they are are a test of `cargo test` already.
        let input = mutate(&mut rng, &seeds);
        watchdog.begin(cases, &input);
        let case_started = Instant::now();
        let outcome = run_caught(target, &input);
        let took = case_started.elapsed();
        watchdog.end();
        if took > slowest.0 {
            slowest = (took, cases);
        }
        if let Err(why) = outcome {
            let path = keep(target, "crash", cases, &input);
            failures.push(format!(
                "case {cases}: {why}\n  input: {} ({} bytes) {}",
                path.display(),
                input.len(),
                preview(&input)
            ));
        }
        cases += 1;
    }
    drop(watchdog);
    let took = started.elapsed().as_secs_f64();
    eprintln!(
        "fuzz {}: {cases} cases ({} seeds) in {took:.1} s, {:.0}/s, seed {seed}, {} failures, 0 hangs, slowest case {} ({:.2} s)",
        target.name,
        seeds.len(),
        cases as f64 / took.max(1e-9),
        failures.len(),
        slowest.1,
        slowest.0.as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "fuzz {}: {} inputs broke a promise; each is kept to replay: copied into {}, \
         `cargo test --test fuzz` runs it\n{}",
        target.name,
        failures.len(),
        seeds::regressions_dir(target).display(),
        failures.join("\n")
    );
}
