//! The quick way to the per-request lists of a `--save-detailed` result
//! (`detailed_lists.rs` is the reference): the objects of the text read with
//! `ingest::json_scan`, every list straight into its column. Through serde_json's
//! visitors, a million requests' 13 million numbers were most of the time an ingest of
//! the file took (its exact float algorithm, a call per value).
//!
//! It reads only what it takes on whole: a stream of objects, each key at most once,
//! each list of the type the reference reads. Anything else (a syntax error, an array at
//! the top, a key given twice, a value of another type, an escape, a number out of range)
//! is `None`, and the caller reads the text with the reference, which gives the same
//! lists or serde_json's own error.

use crate::ingest::json_scan::{self, Scan};

use super::columns::Gaps;
use super::detailed_lists::{push, with_room, Detailed, Floats, FIELDS};

/// Every object of the text with the line it starts on and its place among the objects
/// (from 1), or `None`: the text is left to the reference reader.
pub fn parse(clean: &str) -> Option<Vec<(u64, u32, Detailed)>> {
    let bytes = clean.as_bytes();
    // Room for a large list: one value more than the commas after its object's start
    // (`with_room`), as the reference reader reserves.
    let mut commas_after = memchr::memchr_iter(b',', bytes).count();
    let mut counted = 0;
    let objects = json_scan::objects(clean, |scan| {
        commas_after -= memchr::memchr_iter(b',', &bytes[counted..scan.pos()]).count();
        counted = scan.pos();
        with_room(commas_after + 1, || object(scan))
    })?;
    let numbered = objects.into_iter().zip(1u32..);
    Some(numbered.map(|((line, d), i)| (line, i, d)).collect())
}

/// One object's fields; other keys skipped (their syntax checked); a field given twice
/// is the reference's error.
fn object(scan: &mut Scan) -> Option<Detailed> {
    let mut d = Detailed::default();
    let mut seen = [false; FIELDS.len()];
    json_scan::members(scan, |scan, key| {
        match FIELDS.iter().position(|f| *f == key) {
            Some(field) if !std::mem::replace(&mut seen[field], true) => value(scan, field, &mut d),
            Some(_) => None,
            None => scan.skip_value(),
        }
    })?;
    Some(d)
}

/// The value of field `field` (its place in [`FIELDS`]); `null` leaves it unset.
fn value(scan: &mut Scan, field: usize, d: &mut Detailed) -> Option<()> {
    if scan.peek()? == b'n' {
        return scan.null();
    }
    match field {
        0 => d.ttfts = Some(floats(scan)?),
        1 => d.itls = Some(gaps(scan)?),
        2 => d.latencies = Some(floats(scan)?),
        3 => d.start_times = Some(floats(scan)?),
        4 => d.input_lens = Some(floats(scan)?),
        5 => d.output_lens = Some(floats(scan)?),
        6 => d.errors = Some(errors(scan)?),
        _ => d.duration = Some(scan.f64()?),
    }
    Some(())
}

fn floats(scan: &mut Scan) -> Option<Floats> {
    let mut values = Vec::new();
    if !scan.list_start()? {
        loop {
            push(&mut values, scan.f64_or_null()?);
            if scan.list_next()? {
                break;
            }
        }
    }
    Some(Floats(values))
}

/// A list of lists of gaps (or nulls), into one vector as the reference reads it: the
/// offsets start at 0 with the first request's list.
fn gaps(scan: &mut Scan) -> Option<Gaps> {
    let mut gaps = Gaps::default();
    if scan.list_start()? {
        return Some(gaps);
    }
    gaps.offsets.push(0);
    loop {
        if scan.peek()? == b'n' {
            scan.null()?;
            push(&mut gaps.valid, false);
        } else {
            if !scan.list_start()? {
                loop {
                    push(&mut gaps.values, scan.f64_or_null()?);
                    if scan.list_next()? {
                        break;
                    }
                }
            }
            push(&mut gaps.valid, true);
        }
        push(&mut gaps.offsets, gaps.values.len());
        if scan.list_next()? {
            return Some(gaps);
        }
    }
}

fn errors(scan: &mut Scan) -> Option<Vec<Option<String>>> {
    let mut errors = Vec::new();
    if !scan.list_start()? {
        loop {
            let error = match scan.peek()? {
                b'n' => scan.null().map(|()| None)?,
                b'"' => Some(scan.string()?.into_owned()),
                _ => return None,
            };
            push(&mut errors, error);
            if scan.list_next()? {
                break;
            }
        }
    }
    Some(errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whatever this reads, the reference reads the same (compared as printed: NaN is a
    /// null there); what it leaves, the reference reads or refuses.
    #[test]
    fn the_quick_way_gives_the_lists_of_the_reference() {
        let cases = [
            r#"{"ttfts": [0.1, null, 2], "itls": [[0.01, null], null, []], "errors": ["", null, "x"],
               "latencies": null, "duration": 3.5, "other": {"a": [1, [2]], "b": "\u00e9"}}"#,
            "{\"ttfts\": [0.1], \"input_lens\": [7], \"output_lens\": [9]}\n\n{\"ttfts\": []}",
            r#"{"itls": [], "errors": ["a\"b", "\n"], "start_times": [1e3, -0, 1E-2]}"#,
            r#"{}"#,
            r#"{"ttfts": [0.1], "ttfts": [0.2]}"#,
            r#"{"ttfts": [0.1,]}"#,
            r#"{"ttfts": [1e999]}"#,
            r#"{"ttfts": [01]}"#,
            r#"{"ttfts": [0.1]}{"ttfts": [0.2]}"#,
            r#"[[0.5], [[0.1]]]"#,
            r#"{"itls": [[0.1, true]]}"#,
            r#"{"ttfts": [0.1"#,
        ];
        for case in cases {
            let reference: Vec<_> = serde_json::Deserializer::from_str(case)
                .into_iter::<Detailed>()
                .collect();
            let Some(ours) = parse(case) else {
                continue;
            };
            let reference: Vec<Detailed> = reference.into_iter().map(Result::unwrap).collect();
            assert_eq!(ours.len(), reference.len(), "{case}");
            for ((_, _, o), r) in ours.iter().zip(&reference) {
                assert_eq!(format!("{o:?}"), format!("{r:?}"), "{case}");
            }
        }
        assert!(parse(cases[0]).is_some() && parse(cases[1]).is_some());
        assert_eq!(parse(cases[1]).unwrap()[1].0, 3);
    }
}
