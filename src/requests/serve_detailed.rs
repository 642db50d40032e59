//! Requests of vLLM's `vllm bench serve --save-detailed` result JSON and SGLang's
//! `bench_serving --output-details` JSONL: parallel lists, one entry per request, beside
//! the run's summary keys (vllm/benchmarks/serve.py, `benchmark()`'s `result` dict;
//! sglang/bench_serving.py, `result_details`).
//!
//! - `ttfts`, `latencies`, `start_times` and every `itls` gap are seconds (vLLM's
//!   `time.perf_counter()` differences); `start_times` are absolute on that clock.
//! - `input_lens` (prompt tokens), `output_lens` (vLLM: the counted output tokens, 0 for
//!   a failed request).
//! - `errors`: `""` for a request that succeeded, else the failure text. A failed
//!   request's times are placeholders (0.0) and become nulls here.
//! - SGLang keeps no `latencies` or `start_times`: its E2EL and TPOT stay null.
//!
//! TPOT per request is vLLM's `calculate_metrics`: `(latency − ttft) / (output_len − 1)`
//! for a successful request with more than one output token, else none.
//!
//! Several objects one after another (`--append-result`, SGLang's JSONL) are several runs,
//! in order, as `ingest/serve_json.rs` numbers them.

use std::sync::LazyLock;

use memchr::memmem::Finder;

use super::columns::{Nullable, Requests};
use super::detailed_lists::{with_room, Detailed, Floats, Gaps};
use super::{Rule, RunRequests};

type ReadError = (Option<u64>, String);

/// The objects of a text, read: each with its line and place among the objects, and the
/// syntax error that ended the text early, if one did.
pub struct Lists {
    objects: Vec<(u64, u32, Detailed)>,
    error: Option<ReadError>,
}

impl std::fmt::Debug for Lists {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lists")
            .field("objects", &self.objects.len())
            .finish_non_exhaustive()
    }
}

/// `Ok(None)` when the text is no serve result with per-request lists.
pub fn read(text: &str) -> Result<Option<Vec<RunRequests>>, ReadError> {
    match parse(text) {
        Some(lists) => build(lists),
        None => Ok(None),
    }
}

/// The per-request lists of every object of the text, before they become requests (the
/// caller may free the text in between); `None` when no object has them and the text
/// parsed, or the text is not a JSON object.
pub fn parse(text: &str) -> Option<Lists> {
    if !text.trim_start().starts_with('{') {
        return None;
    }
    // Cheap refusal first: a summary-only result has no `"ttfts"` key.
    // The searcher is built once, not once per file (3% of a 100,000-file ingest).
    static TTFTS: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(b"\"ttfts\""));
    TTFTS.find(text.as_bytes())?;
    let clean = crate::ingest::sanitize_json(text);
    if let Some(objects) = super::detailed_fast::parse(&clean) {
        let any = objects.iter().any(|(_, _, d)| d.ttfts.is_some());
        return any.then_some(Lists {
            objects,
            error: None,
        });
    }
    let mut stream = serde_json::Deserializer::from_str(&clean).into_iter::<Detailed>();
    let mut lists = Lists {
        objects: Vec::new(),
        error: None,
    };
    let mut run_index = 1u32;
    let commas = |text: &str| memchr::memchr_iter(b',', text.as_bytes()).count();
    let (mut commas_after, mut counted) = (commas(&clean), 0);
    loop {
        let at = stream.byte_offset();
        commas_after -= commas(&clean[counted..at]);
        counted = at;
        let Some(next) = with_room(commas_after + 1, || stream.next()) else {
            break;
        };
        let line = line_at(&clean, at);
        match next {
            Ok(detailed) => lists.objects.push((line, run_index, detailed)),
            Err(e) => {
                let line = (e.line() > 0).then_some(e.line() as u64).or(Some(line));
                let reason = crate::tr!("requests-error-json", reason = e.to_string());
                lists.error = Some((line, reason));
                break;
            }
        }
        run_index += 1;
    }
    let any = lists.objects.iter().any(|(_, _, d)| d.ttfts.is_some());
    (any || lists.error.is_some()).then_some(lists)
}

/// The requests of the lists [`parse`] read; the first error in file order, as a reader
/// that built each object's requests before parsing the next would meet it.
pub fn build(lists: Lists) -> Result<Option<Vec<RunRequests>>, ReadError> {
    let mut runs = Vec::new();
    for (line, run_index, detailed) in lists.objects {
        if let Some(run) = to_run(detailed, run_index).map_err(|m| (Some(line), m))? {
            runs.push(run);
        }
    }
    if let Some(error) = lists.error {
        return Err(error);
    }
    if runs.is_empty() {
        return Ok(None);
    }
    Ok(Some(runs))
}

fn line_at(text: &str, offset: usize) -> u64 {
    // The object starts after the whitespace that follows `offset`.
    let bytes = text.as_bytes();
    let offset = offset.min(bytes.len());
    let rest = &bytes[offset..];
    let ws = rest.len() - rest.trim_ascii_start().len();
    memchr::memchr_iter(b'\n', &bytes[..offset + ws]).count() as u64 + 1
}

/// One result object's lists as requests. Every list present must have one entry per
/// request; a list of another length is an error naming it. The lists become the
/// requests' columns in place (seconds scaled to milliseconds where they lie), so a
/// million requests take no memory beyond their lists.
fn to_run(d: Detailed, run_index: u32) -> Result<Option<RunRequests>, String> {
    let Some(ttfts) = d.ttfts else {
        return Ok(None);
    };
    let n = ttfts.0.len();
    let check = |name: &str, len: Option<usize>| -> Result<(), String> {
        match len {
            Some(len) if len != n => Err(crate::tr!(
                "requests-error-lengths",
                list = name.to_owned(),
                len = len as i64,
                n = n as i64
            )),
            _ => Ok(()),
        }
    };
    let len = |v: &Option<Floats>| v.as_ref().map(|v| v.0.len());
    check("itls", d.itls.as_ref().map(|g| g.len()))?;
    check("latencies", len(&d.latencies))?;
    check("start_times", len(&d.start_times))?;
    check("input_lens", len(&d.input_lens))?;
    check("output_lens", len(&d.output_lens))?;
    check("errors", d.errors.as_ref().map(Vec::len))?;
    let mut errors = d.errors.unwrap_or_default();
    for e in &mut errors {
        if e.as_deref() == Some("") {
            *e = None;
        }
    }
    let ok: Vec<bool> = (0..n)
        .map(|i| errors.get(i).is_none_or(Option::is_none))
        .collect();
    let values = Values {
        ok: &ok,
        ttfts: &ttfts,
        latencies: d.latencies.as_ref(),
        input_lens: d.input_lens.as_ref(),
        output_lens: d.output_lens.as_ref(),
        itls: d.itls.as_ref(),
    };
    values.validate()?;
    let tpot_ms = values.tpot_ms();
    let start_ms = start_offsets_ms(d.start_times);
    let mut itl_ms = d.itls.unwrap_or_default();
    // A failed request's gaps are no gaps; its values stay in the vector, unread.
    for (valid, ok) in itl_ms.valid.iter_mut().zip(&ok) {
        *valid &= ok;
    }
    itl_ms.values.iter_mut().for_each(|g| *g *= 1000.0);
    let requests = Requests {
        index: (0..n as u32).collect(),
        ttft_ms: milliseconds(Some(ttfts), &ok),
        e2el_ms: milliseconds(d.latencies, &ok),
        input_tokens: tokens(d.input_lens),
        output_tokens: tokens(d.output_lens),
        tpot_ms,
        start_ms,
        itl_ms,
        itl_mean_ms: Nullable::default(),
        error: errors,
        ok,
    };
    Ok(Some(RunRequests {
        run_index,
        rule: Rule::Numpy,
        duration_s: d.duration.filter(|x| x.is_finite() && *x > 0.0),
        requests,
    }))
}

/// The lists a request's values are checked and computed from.
struct Values<'a> {
    ok: &'a [bool],
    ttfts: &'a Floats,
    latencies: Option<&'a Floats>,
    input_lens: Option<&'a Floats>,
    output_lens: Option<&'a Floats>,
    itls: Option<&'a Gaps>,
}

impl Values<'_> {
    /// The first bad value, request by request, in the order the values of one request
    /// are read: token counts, then (of a successful request) TTFT, latency and gaps.
    fn validate(&self) -> Result<(), String> {
        for (i, &ok) in self.ok.iter().enumerate() {
            for (list, name) in [
                (self.input_lens, "input_lens"),
                (self.output_lens, "output_lens"),
            ] {
                if let Some(x) = list.and_then(|l| l.get(i)) {
                    if !(x >= 0.0 && x.fract() == 0.0) {
                        return Err(bad_value(name, i, x));
                    }
                }
            }
            if !ok {
                continue;
            }
            for (list, name) in [(Some(self.ttfts), "ttfts"), (self.latencies, "latencies")] {
                if let Some(x) = list.and_then(|l| l.get(i)) {
                    if x < 0.0 {
                        return Err(bad_value(name, i, x));
                    }
                }
            }
            if let Some(gaps) = self.itls.and_then(|l| l.get(i)) {
                if let Some(&g) = gaps.iter().find(|g| g.is_nan() || **g < 0.0) {
                    return Err(bad_value("itls", i, g));
                }
            }
        }
        Ok(())
    }

    /// vLLM's calculate_metrics, in seconds as it computes, then in milliseconds.
    fn tpot_ms(&self) -> Nullable<f64> {
        let (Some(latencies), Some(outputs)) = (self.latencies, self.output_lens) else {
            return Nullable::default();
        };
        let mut tpot = Nullable::default();
        tpot.values.reserve(self.ok.len());
        tpot.valid.reserve(self.ok.len());
        for (i, &ok) in self.ok.iter().enumerate() {
            let value = match (ok, latencies.get(i), self.ttfts.get(i), outputs.get(i)) {
                (true, Some(lat), Some(t), Some(out)) if out as u64 > 1 => {
                    Some((lat - t) / (out as u64 - 1) as f64 * 1000.0)
                }
                _ => None,
            };
            tpot.push(value);
        }
        tpot
    }
}

/// A list of seconds as milliseconds, in place; null where missing or the request
/// failed (its times are placeholders).
fn milliseconds(list: Option<Floats>, ok: &[bool]) -> Nullable<f64> {
    let Some(Floats(mut values)) = list else {
        return Nullable::default();
    };
    let valid = values
        .iter()
        .zip(ok)
        .map(|(x, ok)| *ok && !x.is_nan())
        .collect();
    values.iter_mut().for_each(|x| *x *= 1000.0);
    Nullable::from_parts(values, valid)
}

/// Token counts (checked whole and not negative by [`Values::validate`]), in place.
fn tokens(list: Option<Floats>) -> Nullable<u64> {
    let Some(Floats(values)) = list else {
        return Nullable::default();
    };
    let valid = values.iter().map(|x| !x.is_nan()).collect();
    // Same size and alignment: collected into the list's own allocation.
    let values = values
        .into_iter()
        .map(|x| if x.is_nan() { 0 } else { x as u64 })
        .collect();
    Nullable::from_parts(values, valid)
}

/// The starts after the run's earliest, in milliseconds (`offsets_from_first`'s rule:
/// tools record a monotonic clock whose zero means nothing).
fn start_offsets_ms(list: Option<Floats>) -> Nullable<f64> {
    let Some(Floats(mut values)) = list else {
        return Nullable::default();
    };
    let first = values
        .iter()
        .copied()
        .filter(|s| s.is_finite())
        .fold(f64::INFINITY, f64::min);
    let valid = values
        .iter()
        .map(|s| s.is_finite() && first.is_finite())
        .collect();
    values.iter_mut().for_each(|s| *s = (*s - first) * 1000.0);
    Nullable::from_parts(values, valid)
}

fn bad_value(list: &str, index: usize, value: f64) -> String {
    crate::tr!(
        "requests-error-value",
        list = list.to_owned(),
        index = index as i64,
        value = crate::model::frame::format_number(value)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unequal_lists_name_the_list() {
        let text = r#"{"ttfts": [0.1, 0.2], "latencies": [0.3], "errors": ["", ""]}"#;
        let (line, msg) = read(text).unwrap_err();
        assert_eq!(line, Some(1));
        assert!(msg.contains("latencies"), "{msg}");
    }

    #[test]
    fn negative_times_and_nan_gaps_are_errors() {
        let neg = r#"{"ttfts": [-0.1], "errors": [""]}"#;
        assert!(read(neg).unwrap_err().1.contains("ttfts"));
        let nan = r#"{"ttfts": [0.1], "itls": [[0.01, NaN]], "errors": [""]}"#;
        assert!(read(nan).unwrap_err().1.contains("itls"));
    }

    #[test]
    fn nan_ttft_is_a_missing_value_and_failed_requests_have_no_times() {
        let text = r#"{"ttfts": [NaN, 0.0, 0.02], "latencies": [0.5, 0.0, 0.1],
            "output_lens": [5, 0, 11], "errors": ["", "HTTP 500", ""], "duration": 2}"#;
        let runs = read(text).unwrap().unwrap();
        let r: Vec<super::super::Request> = runs[0].requests.iter().collect();
        assert_eq!(r[0].ttft_ms, None);
        assert!(!r[1].ok && r[1].ttft_ms.is_none() && r[1].e2el_ms.is_none());
        assert_eq!(r[1].error.as_deref(), Some("HTTP 500"));
        let tpot = r[2].tpot_ms.unwrap();
        assert!((tpot - (0.1 - 0.02) / 10.0 * 1000.0).abs() < 1e-12);
        assert_eq!(runs[0].duration_s, Some(2.0));
    }

    #[test]
    fn appended_objects_are_runs_in_order() {
        let text = "{\"ttfts\": [0.1]}\n{\"completed\": 1}\n{\"ttfts\": [0.2, 0.3]}\n";
        let runs = read(text).unwrap().unwrap();
        assert_eq!(runs.len(), 2);
        assert_eq!((runs[0].run_index, runs[1].run_index), (1, 3));
        assert_eq!(runs[1].requests.len(), 2);
    }

    #[test]
    fn a_truncated_file_is_an_error_with_its_line() {
        let text = "{\"ttfts\": [0.1,\n 0.2";
        let (line, _) = read(text).unwrap_err();
        assert_eq!(line, Some(2));
    }
}
