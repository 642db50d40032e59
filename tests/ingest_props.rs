//! Ingest never panics: random bytes, text that mixes the anchors readers look for, every
//! fixture cut short at many points, and every fixture read with every other format forced
//! all return a result or an error. Case counts are kept small: this runs unoptimised in CI
//! on two cores.

mod common;

use std::path::Path;

use perflab::ingest::{read_source, Source};
use perflab::model::Format;
use proptest::prelude::*;

/// Extensions some readers look at before reading; random input is tried under each.
const EXTENSIONS: [&str; 6] = ["txt", "md", "json", "jsonl", "csv", "log"];

/// Reads `text` as a file named `name`, detecting the format or forcing one. A panic fails
/// the test; the result itself is not judged.
fn read(name: &str, text: &str, forced: Option<Format>) {
    let source = Source::new(Path::new(name), text);
    if let Ok(Some(parsed)) = read_source(&source, forced) {
        if let Some(f) = forced {
            assert!(
                parsed.runs.iter().all(|r| r.format == f),
                "{name}: a run of another format than forced {f}"
            );
        }
    }
}

/// Text fragments readers anchor on, and the pieces around them.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("============ Serving Benchmark Result ============".to_owned()),
        Just("Serving Benchmark Result".to_owned()),
        Just("==================================================".to_owned()),
        Just("====".to_owned()),
        Just("---------------Time to First Token----------------".to_owned()),
        Just("Throughput:".to_owned()),
        Just(
            "Throughput: 7.15 requests/s, 4656.00 total tokens/s, 1072.15 output tokens/s"
                .to_owned()
        ),
        Just("Avg latency:".to_owned()),
        Just("99% percentile latency: ".to_owned()),
        Just("{\"completed\"".to_owned()),
        Just("{\"completed\": 4, \"request_throughput\": ".to_owned()),
        Just("\"request_rate\": Infinity".to_owned()),
        Just("Successful requests:".to_owned()),
        Just("Mean TTFT (ms):".to_owned()),
        Just("P99.9 E2E Latency (s):".to_owned()),
        Just("Per-position acceptance (%):".to_owned()),
        Just("  Position 0:".to_owned()),
        Just("Backend:".to_owned()),
        Just("N/A".to_owned()),
        Just("-0.00".to_owned()),
        Just("[result]".to_owned()),
        Just("1,146.31".to_owned()),
        Just("inf".to_owned()),
        Just("    ".to_owned()),
        Just("# ".to_owned()),
        Just("\n".to_owned()),
        Just("\r\n".to_owned()),
        Just("\r".to_owned()),
        Just("{".to_owned()),
        Just("}".to_owned()),
        "[ -~]{0,24}",
        "[0-9.eE+-]{1,12}",
    ]
}

fn anchored_text() -> impl Strategy<Value = String> {
    prop::collection::vec(fragment(), 0..80).prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2048), ext in 0..EXTENSIONS.len()) {
        let text = String::from_utf8_lossy(&bytes);
        read(&format!("random.{}", EXTENSIONS[ext]), &text, None);
    }

    #[test]
    fn text_mixing_the_anchors_never_panics(text in anchored_text(), ext in 0..EXTENSIONS.len()) {
        read(&format!("mixed.{}", EXTENSIONS[ext]), &text, None);
    }

    #[test]
    fn anchored_text_with_a_forced_format_never_panics(text in anchored_text(), f in 0..Format::ALL.len()) {
        read("mixed.txt", &text, Some(Format::ALL[f]));
    }

    #[test]
    fn a_fixture_cut_anywhere_never_panics(pick in any::<prop::sample::Index>(), cut in any::<prop::sample::Index>()) {
        let fixtures = fixtures();
        let (name, bytes) = &fixtures[pick.index(fixtures.len())];
        let end = cut.index(bytes.len() + 1);
        read(name, &String::from_utf8_lossy(&bytes[..end]), None);
    }
}

/// Every fixture file with its contents, READMEs included (they are files a user may walk).
fn fixtures() -> Vec<(String, Vec<u8>)> {
    let base = common::expected::fixtures_dir();
    common::expected::FIXTURE_DIRS
        .iter()
        .flat_map(|d| common::expected::files_under(&base, &base.join(d)))
        .map(|rel| {
            let bytes = std::fs::read(base.join(&rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
            (rel, bytes)
        })
        .collect()
}

/// Cuts per fixture for the exhaustive sweep: enough to land inside every block of the
/// small files, few enough that the 270 KB guidellm JSON costs about as much as the rest.
const CUTS_PER_FIXTURE: usize = 150;

#[test]
fn every_fixture_truncated_at_every_nth_byte_never_panics() {
    for (name, bytes) in fixtures() {
        // An odd step so that cuts fall at every position modulo small line lengths.
        let step = (bytes.len() / CUTS_PER_FIXTURE).max(1) | 1;
        for end in (0..=bytes.len()).step_by(step) {
            read(&name, &String::from_utf8_lossy(&bytes[..end]), None);
        }
    }
}

#[test]
fn every_fixture_read_with_every_format_forced_never_panics() {
    for (name, bytes) in fixtures() {
        let text = String::from_utf8_lossy(&bytes);
        for format in Format::ALL {
            read(&name, &text, Some(format));
        }
    }
}
