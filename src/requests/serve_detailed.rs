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

use super::detailed_lists::{Detailed, Floats};
use super::{offsets_from_first, Request, Rule, RunRequests};

type ReadError = (Option<u64>, String);

/// The objects of a text, read: each with its line and place among the objects, and the
/// syntax error that ended the text early, if one did.
pub struct Lists {
    objects: Vec<(u64, u32, Detailed)>,
    error: Option<ReadError>,
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
    let mut stream = serde_json::Deserializer::from_str(&clean).into_iter::<Detailed>();
    let mut lists = Lists {
        objects: Vec::new(),
        error: None,
    };
    let mut run_index = 1u32;
    loop {
        let at = stream.byte_offset();
        let Some(next) = stream.next() else { break };
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
/// request; a list of another length is an error naming it.
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
    let at = |v: &Option<Floats>, i: usize| v.as_ref().and_then(|v| v.get(i));
    let starts: Vec<Option<f64>> = (0..n).map(|i| at(&d.start_times, i)).collect();
    let offsets = offsets_from_first(&starts);
    drop(starts);
    let mut requests = Vec::with_capacity(n);
    let mut errors = d.errors.map(Vec::into_iter);
    for (i, start) in offsets.into_iter().enumerate() {
        let ttft = ttfts.get(i);
        let error = errors
            .as_mut()
            .and_then(Iterator::next)
            .flatten()
            .filter(|e| !e.is_empty());
        let ok = error.is_none();
        let tokens = |v: &Option<Floats>, name: &str| -> Result<Option<u64>, String> {
            match at(v, i) {
                None => Ok(None),
                Some(x) if x >= 0.0 && x.fract() == 0.0 => Ok(Some(x as u64)),
                Some(x) => Err(bad_value(name, i, x)),
            }
        };
        let input_tokens = tokens(&d.input_lens, "input_lens")?;
        let output_tokens = tokens(&d.output_lens, "output_lens")?;
        let seconds = |x: Option<f64>, name: &str| -> Result<Option<f64>, String> {
            match x {
                Some(x) if x < 0.0 => Err(bad_value(name, i, x)),
                other => Ok(other.map(|s| s * 1000.0)),
            }
        };
        let ttft_ms = if ok { seconds(ttft, "ttfts")? } else { None };
        let e2el_ms = if ok {
            seconds(at(&d.latencies, i), "latencies")?
        } else {
            None
        };
        let itl_ms = match d.itls.as_ref().and_then(|l| l.get(i)) {
            Some(gaps) if ok => {
                let mut ms = Vec::with_capacity(gaps.len());
                for &g in gaps {
                    if g.is_nan() || g < 0.0 {
                        return Err(bad_value("itls", i, g));
                    }
                    ms.push(g * 1000.0);
                }
                Some(ms)
            }
            _ => None,
        };
        // vLLM's calculate_metrics, in seconds as it computes, then in milliseconds.
        let tpot_ms = match (ok, at(&d.latencies, i), ttft, output_tokens) {
            (true, Some(lat), Some(t), Some(out)) if out > 1 => {
                Some((lat - t) / (out - 1) as f64 * 1000.0)
            }
            _ => None,
        };
        requests.push(Request {
            index: i as u32,
            ok,
            error,
            input_tokens,
            output_tokens,
            ttft_ms,
            tpot_ms,
            e2el_ms,
            start_ms: start.map(|s| s * 1000.0),
            itl_ms,
            itl_mean_ms: None,
        });
    }
    Ok(Some(RunRequests {
        run_index,
        rule: Rule::Numpy,
        duration_s: d.duration.filter(|x| x.is_finite() && *x > 0.0),
        requests,
    }))
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
        let r = &runs[0].requests;
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
