//! A JSON object parsed without the values a reader never looks at. vLLM's result files
//! hold per-request lists (`latencies`, `ttfts`, `itls`, `generated_texts`) many times
//! the size of the metrics; building a `serde_json::Value` of every number in them was
//! most of the time spent on a result file. The skipped values are still checked for
//! syntax (serde's `IgnoredAny`), so a broken file fails as it did, and their keys stay,
//! holding null, so a reader can still ask which keys a file has.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// Which keys of a top-level object a reader reads.
pub trait Keep {
    fn keep(key: &str) -> bool;
}

/// A top-level JSON value: an object keeps only the values of the keys `K` keeps; any
/// other value is parsed whole.
pub struct Shallow<K>(pub Value, PhantomData<K>);

impl<'de, K: Keep> Deserialize<'de> for Shallow<K> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(TopVisitor::<K>(PhantomData))
            .map(|v| Shallow(v, PhantomData))
    }
}

struct TopVisitor<K>(PhantomData<K>);

impl<'de, K: Keep> Visitor<'de> for TopVisitor<K> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any valid JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut obj = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = if K::keep(&key) {
                map.next_value::<Value>()?
            } else {
                map.next_value::<IgnoredAny>()?;
                Value::Null
            };
            obj.insert(key, value);
        }
        Ok(Value::Object(obj))
    }

    // Everything but an object, as serde_json's own `Value` reads it.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element::<Value>()? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
}

/// The quick way to a stream of [`Shallow`] objects (`json_lenient::parse_stream_shallow`):
/// the skipped values (a result's lists of a million numbers) are checked by
/// `json_scan`, many times faster than serde's `IgnoredAny`; the kept ones are parsed by
/// serde_json from their text. `None` at anything but well-formed objects apart: the
/// text is then parsed by serde_json, whose errors and values stand.
pub fn stream_fast<K: Keep>(clean: &str) -> Option<Vec<(u64, Shallow<K>)>> {
    super::json_scan::objects(clean, |scan| {
        let mut obj = Map::new();
        super::json_scan::members(scan, |scan, key| {
            let start = scan.pos();
            scan.skip_value()?;
            let value = if K::keep(&key) {
                serde_json::from_str::<Value>(&scan.text()[start..scan.pos()]).ok()?
            } else {
                Value::Null
            };
            obj.insert(key.into_owned(), value);
            Some(())
        })?;
        Some(Shallow(Value::Object(obj), PhantomData))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct OnlyA;
    impl Keep for OnlyA {
        fn keep(key: &str) -> bool {
            key == "a"
        }
    }

    fn parse(text: &str) -> Result<Value, serde_json::Error> {
        serde_json::from_str::<Shallow<OnlyA>>(text).map(|s| s.0)
    }

    #[test]
    fn skipped_values_become_null_and_the_rest_is_as_serde_json_reads_it() {
        let v = parse(r#"{"a": {"x": [1, 2.5]}, "b": [1, 2, {"c": "d"}], "e": "f"}"#).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"a": {"x": [1, 2.5]}, "b": null, "e": null})
        );
        for text in ["[1, {\"b\": 2}]", "3.25", "\"s\"", "null", "true", "-7"] {
            assert_eq!(
                parse(text).unwrap(),
                serde_json::from_str::<Value>(text).unwrap()
            );
        }
    }

    #[test]
    fn the_quick_way_reads_what_serde_json_reads() {
        let text = r#"{"a": {"x": [1, 2.5e-3]}, "b": [1, "\u00e9"], "a": 3}

  {"a": null, "c": {"d": []}}"#;
        let fast: Vec<(u64, Value)> = stream_fast::<OnlyA>(text)
            .unwrap()
            .into_iter()
            .map(|(l, v)| (l, v.0))
            .collect();
        let (slow, error) = crate::ingest::json_lenient::parse_stream_as::<Shallow<OnlyA>>(text);
        let slow: Vec<(u64, Value)> = slow.into_iter().map(|(l, v)| (l, v.0)).collect();
        assert_eq!((fast, None), (slow, error));
        for odd in [
            r#"[1]"#,
            r#"{"a": 1}{"a": 2}"#,
            r#"{"a": 1,}"#,
            r#"{"a": "\x"}"#,
        ] {
            assert!(stream_fast::<OnlyA>(odd).is_none(), "{odd}");
        }
    }

    #[test]
    fn a_broken_skipped_value_is_the_same_error() {
        for text in [
            r#"{"b": [1, 2,, 3], "a": 1}"#,
            r#"{"a": 1, "b": [1, 2"#,
            r#"{"b": tru}"#,
        ] {
            let ours = parse(text).unwrap_err();
            let theirs = serde_json::from_str::<Value>(text).unwrap_err();
            assert_eq!(
                (ours.line(), ours.column()),
                (theirs.line(), theirs.column()),
                "{text}"
            );
            assert_eq!(ours.classify(), theirs.classify(), "{text}");
        }
    }
}
