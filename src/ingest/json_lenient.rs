//! JSON as benchmark tools write it: Python's `json.dumps` emits bare `NaN`, `Infinity`
//! and `-Infinity` (SGLang's `"request_rate": Infinity`), which strict JSON rejects.
//! They are rewritten to `null` outside strings (an unlimited rate is null in the runs
//! frame anyway), then parsed with serde_json.

use serde_json::Value;

use super::json_shallow::{Keep, Shallow};

/// Rewrites bare non-finite literals to `null`. Returns the input untouched (borrowed)
/// when it has none, which is the common case.
pub fn sanitize(text: &str) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    if memchr::memmem::find(bytes, b"NaN").is_none()
        && memchr::memmem::find(bytes, b"Infinity").is_none()
    {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    let mut escaped = false;
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let c = rest.chars().next().unwrap_or('\0');
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
        } else {
            let literal = ["-Infinity", "Infinity", "NaN"]
                .into_iter()
                .find(|lit| rest.starts_with(lit));
            if let Some(lit) = literal {
                out.push_str("null");
                i += lit.len();
                continue;
            }
        }
        out.push(c);
        i += c.len_utf8();
    }
    std::borrow::Cow::Owned(out)
}

/// One JSON value or the position of the first error as (line, message).
pub fn parse(text: &str) -> Result<Value, (u64, String)> {
    serde_json::from_str(&sanitize(text)).map_err(|e| (e.line() as u64, e.to_string()))
}

/// The whole-file JSON object a tool wrote (genai-bench, llm-load-test, llmperf,
/// evalscope): `Ok(None)` when `source` is no `.json` file holding an object, or when
/// `signed` (given its text) finds no key of the tool in it; a file the tool's keys sign
/// that does not parse is an error at its line, in the words `expected` makes of the
/// parser's error; one that parses to something else than an object is not the tool's.
pub fn signed_object(
    source: &super::reader::Source,
    signed: impl Fn(&[u8]) -> bool,
    expected: impl Fn(String) -> crate::error::Text,
) -> Result<Option<serde_json::Map<String, Value>>, super::reader::ParseError> {
    let text = source.text.trim_start_matches('\u{feff}');
    if source.extension() != "json"
        || !text.trim_start().starts_with('{')
        || !signed(text.as_bytes())
    {
        return Ok(None);
    }
    match parse(text) {
        Ok(Value::Object(obj)) => Ok(Some(obj)),
        Ok(_) => Ok(None),
        Err((line, error)) => Err(super::reader::ParseError::new(Some(line), expected(error))),
    }
}

/// Whether `key` (with its quotes: `"\"summary\""`) is written in `text`.
pub fn holds(text: &[u8], key: &str) -> bool {
    memchr::memmem::find(text, key.as_bytes()).is_some()
}

/// The values of a stream with their lines, and where it stopped (line, reason).
pub type Stream<T> = (Vec<(u64, T)>, Option<(u64, String)>);

/// [`parse_stream_as`] into whole `serde_json` values.
#[cfg(test)]
pub fn parse_stream(text: &str) -> Stream<Value> {
    parse_stream_as::<Value>(text)
}

/// [`stream_of_clean`] of a text as a tool wrote it.
#[cfg(test)]
pub fn parse_stream_as<T: serde::de::DeserializeOwned>(text: &str) -> Stream<T> {
    stream_of_clean(&sanitize(text))
}

/// [`parse_stream_as`] of [`Shallow`] objects, the quick way when the text is plain
/// (`json_shallow::stream_fast`).
pub fn parse_stream_shallow<K: Keep>(text: &str) -> Stream<Shallow<K>> {
    let clean = sanitize(text);
    match super::json_shallow::stream_fast::<K>(&clean) {
        Some(values) => (values, None),
        None => stream_of_clean(&clean),
    }
}

/// Every JSON value in a text holding several separated by whitespace (vLLM's
/// `--append-result`, JSONL; bare non-finite literals already null), each with the
/// 1-based line it starts on, as any deserializable type. Stops at the first value that
/// does not parse and reports its line.
fn stream_of_clean<T: serde::de::DeserializeOwned>(clean: &str) -> Stream<T> {
    let mut out = Vec::new();
    let mut stream = serde_json::Deserializer::from_str(clean).into_iter::<T>();
    loop {
        let start = stream.byte_offset();
        match stream.next() {
            None => return (out, None),
            Some(Ok(v)) => {
                let skipped = clean[start..].len() - clean[start..].trim_start().len();
                let line = line_at(clean, start + skipped);
                out.push((line, v));
            }
            Some(Err(e)) => {
                let skipped = clean[start..].len() - clean[start..].trim_start().len();
                let line = line_at(clean, start + skipped);
                let line = if e.is_eof() {
                    line
                } else {
                    line + e.line() as u64 - 1
                };
                return (out, Some((line, e.to_string())));
            }
        }
    }
}

// What a key of a tool's JSON must hold: the message ids that name JSON types.
pub const NUMBER: &str = "input-type-number";
pub const STRING: &str = "input-type-string";
pub const NUMBER_LIST: &str = "input-type-number-list";
pub const OBJECT: &str = "input-type-object";

/// The message id naming a JSON value's type.
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "input-type-null",
        Value::Bool(_) => "input-type-boolean",
        Value::Number(_) => NUMBER,
        Value::String(_) => STRING,
        Value::Array(_) => "input-type-array",
        Value::Object(_) => OBJECT,
    }
}

/// A value that should be a number: `Ok(None)` for the spellings of "no number" the tools
/// write (`null`; bare `NaN` / `Infinity`, already null after [`sanitize`]; the strings
/// `"inf"`, `"Infinity"`, `"NaN"`: vLLM saves an unlimited rate as `"request_rate": "inf"`)
/// and a number written as a string (`--metadata KEY=VALUE` values are strings);
/// `Err` with the type found for anything else.
pub fn number_of(v: &Value) -> Result<Option<f64>, &'static str> {
    match v {
        Value::Number(n) => Ok(n.as_f64().filter(|x| x.is_finite())),
        Value::Null => Ok(None),
        Value::String(s) => {
            let t = s.trim();
            let no_number = ["inf", "+inf", "-inf", "infinity", "-infinity", "nan"]
                .iter()
                .any(|w| t.eq_ignore_ascii_case(w));
            match t.parse::<f64>() {
                _ if no_number => Ok(None),
                Ok(x) if x.is_finite() => Ok(Some(x)),
                _ => Err(STRING),
            }
        }
        other => Err(type_name(other)),
    }
}

/// `key "mean_ttft_ms": expected a number, found an object`, localized.
pub fn type_mismatch(key: &str, expected: &str, found: &str) -> String {
    use fluent_bundle::FluentValue;
    crate::l10n::ui_tr(
        "input-type-mismatch",
        &[
            ("key", FluentValue::from(key.to_owned())),
            (
                "expected",
                FluentValue::from(crate::l10n::ui_tr(expected, &[])),
            ),
            ("found", FluentValue::from(crate::l10n::ui_tr(found, &[]))),
        ],
    )
}

/// The line of `"key"` in the object that starts on line `from` (the first occurrence at
/// or after that line), for errors about its value.
pub fn line_of_key(text: &str, from: u64, key: &str) -> Option<u64> {
    let start = if from <= 1 {
        0
    } else {
        memchr::memchr_iter(b'\n', text.as_bytes()).nth(usize::try_from(from).ok()? - 2)? + 1
    };
    let quoted = serde_json::to_string(key).ok()?;
    let at = memchr::memmem::find(&text.as_bytes()[start..], quoted.as_bytes())?;
    Some(crate::offsets::line_of(text, start + at))
}

fn line_at(text: &str, offset: usize) -> u64 {
    memchr::memchr_iter(b'\n', &text.as_bytes()[..offset.min(text.len())]).count() as u64 + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bare_infinity_becomes_null_but_strings_stay() {
        let v =
            parse(r#"{"request_rate": Infinity, "x": -Infinity, "n": NaN, "s": "NaN Infinity"}"#)
                .unwrap();
        assert!(v["request_rate"].is_null());
        assert!(v["x"].is_null());
        assert!(v["n"].is_null());
        assert_eq!(v["s"], "NaN Infinity");
    }

    #[test]
    fn stream_of_appended_objects_with_lines() {
        let (vals, err) = parse_stream("{\"a\": 1}\n\n{\"a\": 2}\n{\"a\": 3");
        assert_eq!(vals.len(), 2);
        assert_eq!(vals[1].0, 3);
        let (line, _) = err.unwrap();
        assert_eq!(line, 4);
    }
}
