//! The per-request lists of a vLLM `--save-detailed` result object (`serve_detailed.rs`
//! turns them into requests), read from the JSON text straight into flat columns. Read
//! as `Vec<Option<f64>>` lists (16 bytes a value) with a vector per request's gaps, a
//! million requests held three times the file's size.
//!
//! The visitors read what serde's derived `Deserialize` of the same fields read, with the
//! same errors: `null` is none, other keys are skipped (their syntax checked), a key given
//! twice is an error, and a value of the wrong kind fails with serde's own words.

use std::cell::Cell;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;

thread_local! {
    /// How many values a list being read can hold at most ([`with_room`]); 0: unknown.
    static MOST_VALUES: Cell<usize> = const { Cell::new(0) };
}

/// Values a list holds before it is given all the room it may need.
const LARGE: usize = 1 << 16;

/// Runs `read` (the deserialisation of one object) knowing that none of its lists holds
/// more than `most` values (one more than the commas after the object's start). A list
/// past [`LARGE`] values is then reserved for `most` at once: grown by doubling, a
/// million requests' gaps were copied five times into fresh pages, each zeroed by the
/// kernel (a fifth of the read). Reserved, only the pages written are ever touched; the
/// rest is address space, not memory.
pub fn with_room<R>(most: usize, read: impl FnOnce() -> R) -> R {
    let before = MOST_VALUES.replace(most);
    let out = read();
    MOST_VALUES.set(before);
    out
}

/// Pushes onto a list, reserving the room [`with_room`] gave once the list is large.
#[inline]
pub(super) fn push<T>(list: &mut Vec<T>, value: T) {
    if list.len() == list.capacity() {
        make_room(list);
    }
    list.push(value);
}

#[cold]
fn make_room<T>(list: &mut Vec<T>) {
    let most = MOST_VALUES.get();
    if list.len() >= LARGE && most > list.len() {
        list.reserve_exact(most - list.len());
    }
}

/// One result object's lists; `None` where the object has no such key or holds `null`.
#[derive(Default)]
#[cfg_attr(test, derive(Debug))]
pub struct Detailed {
    pub ttfts: Option<Floats>,
    pub itls: Option<Gaps>,
    pub latencies: Option<Floats>,
    pub start_times: Option<Floats>,
    pub input_lens: Option<Floats>,
    pub output_lens: Option<Floats>,
    pub errors: Option<Vec<Option<String>>>,
    pub duration: Option<f64>,
}

/// A list of numbers or nulls; a null is kept as NaN, which no JSON number reads as
/// (`sanitize_json` made the file's bare `NaN`s nulls before).
#[derive(Default)]
#[cfg_attr(test, derive(Debug))]
pub struct Floats(pub Vec<f64>);

impl Floats {
    pub fn get(&self, i: usize) -> Option<f64> {
        Some(self.0[i]).filter(|x| !x.is_nan())
    }
}

/// The `itls` list of lists: every gap in one vector, each request's span in it (a null
/// list: none), as the requests' `itl_ms` column keeps them. Nulls among the gaps are NaN.
pub(super) use super::columns::Gaps;

/// The fields, in the order a derived `Deserialize` reads them from a JSON array.
pub(super) const FIELDS: [&str; 8] = [
    "ttfts",
    "itls",
    "latencies",
    "start_times",
    "input_lens",
    "output_lens",
    "errors",
    "duration",
];

impl<'de> Deserialize<'de> for Detailed {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_struct("Detailed", &FIELDS, DetailedVisitor)
    }
}

struct DetailedVisitor;

/// One field's value into its place, refusing a second one as a derived struct does.
fn set<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
    map: &mut A,
    slot: &mut Option<Option<T>>,
    name: &'static str,
) -> Result<(), A::Error> {
    if slot.is_some() {
        return Err(de::Error::duplicate_field(name));
    }
    *slot = Some(map.next_value()?);
    Ok(())
}

impl<'de> Visitor<'de> for DetailedVisitor {
    type Value = Detailed;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("struct Detailed")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Detailed, A::Error> {
        let (mut ttfts, mut itls, mut latencies, mut start_times) = (None, None, None, None);
        let (mut input_lens, mut output_lens, mut errors, mut duration) = (None, None, None, None);
        while let Some(key) = map.next_key::<Field>()? {
            match key.0 {
                Some(0) => set(&mut map, &mut ttfts, FIELDS[0])?,
                Some(1) => set(&mut map, &mut itls, FIELDS[1])?,
                Some(2) => set(&mut map, &mut latencies, FIELDS[2])?,
                Some(3) => set(&mut map, &mut start_times, FIELDS[3])?,
                Some(4) => set(&mut map, &mut input_lens, FIELDS[4])?,
                Some(5) => set(&mut map, &mut output_lens, FIELDS[5])?,
                Some(6) => set(&mut map, &mut errors, FIELDS[6])?,
                Some(_) => set(&mut map, &mut duration, FIELDS[7])?,
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(Detailed {
            ttfts: ttfts.flatten(),
            itls: itls.flatten(),
            latencies: latencies.flatten(),
            start_times: start_times.flatten(),
            input_lens: input_lens.flatten(),
            output_lens: output_lens.flatten(),
            errors: errors.flatten(),
            duration: duration.flatten(),
        })
    }

    // A derived struct also reads its fields, in order, from an array.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Detailed, A::Error> {
        const EXPECTED: &str = "struct Detailed with 8 elements";
        macro_rules! element {
            ($i:expr) => {
                seq.next_element()?
                    .ok_or_else(|| de::Error::invalid_length($i, &EXPECTED))?
            };
        }
        Ok(Detailed {
            ttfts: element!(0),
            itls: element!(1),
            latencies: element!(2),
            start_times: element!(3),
            input_lens: element!(4),
            output_lens: element!(5),
            errors: element!(6),
            duration: element!(7),
        })
    }
}

/// A key: its place in [`FIELDS`], `None` for any other key.
struct Field(Option<usize>);

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_identifier(FieldVisitor)
    }
}

struct FieldVisitor;

impl Visitor<'_> for FieldVisitor {
    type Value = Field;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("field identifier")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<Field, E> {
        Ok(Field(FIELDS.iter().position(|f| *f == key)))
    }
}

impl<'de> Deserialize<'de> for Floats {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(FloatsVisitor)
    }
}

struct FloatsVisitor;

impl<'de> Visitor<'de> for FloatsVisitor {
    type Value = Floats;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Floats, A::Error> {
        let mut values = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(x) = seq.next_element::<Option<f64>>()? {
            push(&mut values, x.unwrap_or(f64::NAN));
        }
        Ok(Floats(values))
    }
}

impl<'de> Deserialize<'de> for Gaps {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(GapsVisitor)
    }
}

struct GapsVisitor;

impl<'de> Visitor<'de> for GapsVisitor {
    type Value = Gaps;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Gaps, A::Error> {
        let mut gaps = Gaps::default();
        while seq.next_element_seed(OneList(&mut gaps))?.is_some() {}
        Ok(gaps)
    }
}

/// One request's list of gaps (or its `null`), appended to [`Gaps`].
struct OneList<'g>(&'g mut Gaps);

impl<'de> DeserializeSeed<'de> for OneList<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_option(self)
    }
}

impl<'de> Visitor<'de> for OneList<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("option")
    }

    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        let gaps = self.0;
        if gaps.offsets.is_empty() {
            gaps.offsets.push(0);
        }
        push(&mut gaps.offsets, gaps.values.len());
        push(&mut gaps.valid, false);
        Ok(())
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.visit_none()
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(ListValues(self.0))
    }
}

/// The gaps of one request's list.
struct ListValues<'g>(&'g mut Gaps);

impl<'de> Visitor<'de> for ListValues<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let gaps = self.0;
        if gaps.offsets.is_empty() {
            gaps.offsets.push(0);
        }
        while let Some(x) = seq.next_element::<Option<f64>>()? {
            push(&mut gaps.values, x.unwrap_or(f64::NAN));
        }
        push(&mut gaps.offsets, gaps.values.len());
        push(&mut gaps.valid, true);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lists as serde's derive reads them: what the visitors above replace. Named as
    /// ours, since serde's messages name the struct.
    mod derived {
        #[allow(dead_code)]
        #[derive(serde::Deserialize)]
        pub struct Detailed {
            pub ttfts: Option<Vec<Option<f64>>>,
            pub itls: Option<Vec<Option<Vec<Option<f64>>>>>,
            pub latencies: Option<Vec<Option<f64>>>,
            pub start_times: Option<Vec<Option<f64>>>,
            pub input_lens: Option<Vec<Option<f64>>>,
            pub output_lens: Option<Vec<Option<f64>>>,
            pub errors: Option<Vec<Option<String>>>,
            pub duration: Option<f64>,
        }
    }

    fn floats(v: &Option<Floats>) -> Option<Vec<Option<f64>>> {
        v.as_ref()
            .map(|f| (0..f.0.len()).map(|i| f.get(i)).collect())
    }

    #[test]
    fn the_lists_and_the_errors_are_those_of_serde_derive() {
        let cases = [
            r#"{"ttfts": [0.1, null, 2], "itls": [[0.01, null], null, []], "errors": ["", null, "x"],
               "latencies": null, "duration": 3.5, "other": {"a": [1, [2]]}}"#,
            r#"{"ttfts": [0.1], "input_lens": [7], "output_lens": [9], "start_times": [1e3]}"#,
            r#"[[0.5], [[0.1]], [1.0], [2.0], [3], [4], [""], 1.0]"#,
            r#"[[0.5], [[0.1]]]"#,
            r#"{"ttfts": "abc"}"#,
            r#"{"ttfts": [0.1, "x"]}"#,
            r#"{"itls": [0.1]}"#,
            r#"{"itls": [[0.1, true]]}"#,
            r#"{"itls": {"a": 1}}"#,
            r#"{"errors": [1]}"#,
            r#"{"ttfts": [0.1], "ttfts": [0.2]}"#,
            r#"{"duration": [1]}"#,
            r#"{"ttfts": [0.1,]}"#,
            r#"{"ttfts": [0.1"#,
            r#"{"ttfts": [1e999]}"#,
            r#"7"#,
        ];
        for case in cases {
            let ours = serde_json::from_str::<Detailed>(case);
            let derived = serde_json::from_str::<derived::Detailed>(case);
            match (ours, derived) {
                (Ok(o), Ok(d)) => {
                    assert_eq!(floats(&o.ttfts), d.ttfts, "{case}");
                    assert_eq!(floats(&o.latencies), d.latencies, "{case}");
                    assert_eq!(floats(&o.start_times), d.start_times, "{case}");
                    assert_eq!(floats(&o.input_lens), d.input_lens, "{case}");
                    assert_eq!(floats(&o.output_lens), d.output_lens, "{case}");
                    assert_eq!(o.errors, d.errors, "{case}");
                    assert_eq!(o.duration, d.duration, "{case}");
                    let gaps = o.itls.as_ref().map(|g| {
                        (0..g.len())
                            .map(|i| {
                                g.get(i).map(|l| {
                                    l.iter().map(|x| Some(*x).filter(|x| !x.is_nan())).collect()
                                })
                            })
                            .collect::<Vec<Option<Vec<Option<f64>>>>>()
                    });
                    assert_eq!(gaps, d.itls, "{case}");
                }
                (Err(o), Err(d)) => assert_eq!(o.to_string(), d.to_string(), "{case}"),
                (o, d) => panic!("{case}: ours {:?}, derived {:?}", o.is_ok(), d.is_ok()),
            }
        }
    }
}
