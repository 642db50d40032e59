//! A run's values: columns kept sorted by name, each with its value.
//!
//! A run holds a few dozen values, set once while a reader parses its block and read
//! many times after. A `BTreeMap` spent most of a 100,000-file ingest allocating and
//! zeroing its nodes (`perf record`: 29% of the time in the kernel's page zeroing under
//! `BTreeMap::insert`, BENCHMARKS.md "A run's values in one vector"); vectors are few
//! allocations per run, and a binary search over a few dozen keys is as fast as the
//! tree's. The API is the part of `BTreeMap`'s that perflab uses, with the same
//! semantics: one value per key, iteration in key order, the last insert wins.
//!
//! The column names are a vector of their own behind an `Arc`: the runs of one log hold
//! the same columns, and a reader that knows it (`UnsortedValues` with its `SortMemo`)
//! gives them one list. A run then holds 16 bytes per value instead of 40, which was
//! half of a large log's kernel time (the first writes to fresh pages). A run whose
//! columns change gets a list of its own (`Arc::make_mut`).

use std::borrow::Borrow;
use std::sync::Arc;

use super::{Key, Value};

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Values {
    /// Sorted, no key twice; `values[i]` is the value of `keys[i]`.
    keys: Arc<Vec<Key>>,
    values: Vec<Value>,
}

impl Values {
    pub fn new() -> Self {
        Values::default()
    }

    /// Values of keys already sorted with no key twice (`UnsortedValues` sorts them).
    pub(super) fn from_sorted(keys: Arc<Vec<Key>>, values: Vec<Value>) -> Self {
        debug_assert!(keys.windows(2).all(|w| w[0] < w[1]));
        debug_assert_eq!(keys.len(), values.len());
        Values { keys, values }
    }

    fn position(&self, key: &str) -> Result<usize, usize> {
        self.keys.binary_search_by(|k| k.as_ref().cmp(key))
    }

    pub fn get<Q: Borrow<str> + ?Sized>(&self, key: &Q) -> Option<&Value> {
        let i = self.position(key.borrow()).ok()?;
        Some(&self.values[i])
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        let i = self.position(key).ok()?;
        Some(&mut self.values[i])
    }

    pub fn contains_key<Q: Borrow<str> + ?Sized>(&self, key: &Q) -> bool {
        self.position(key.borrow()).is_ok()
    }

    /// Sets `key`; the value it held before, if any.
    pub fn insert(&mut self, key: Key, value: Value) -> Option<Value> {
        match self.position(&key) {
            Ok(i) => Some(std::mem::replace(&mut self.values[i], value)),
            Err(i) => {
                Arc::make_mut(&mut self.keys).insert(i, key);
                self.values.insert(i, value);
                None
            }
        }
    }

    /// Sets `key` only when it holds nothing yet (`BTreeMap`'s `entry(k).or_insert(v)`).
    pub fn insert_if_absent(&mut self, key: Key, value: Value) {
        if let Err(i) = self.position(&key) {
            Arc::make_mut(&mut self.keys).insert(i, key);
            self.values.insert(i, value);
        }
    }

    pub fn remove(&mut self, key: &str) -> Option<Value> {
        let i = self.position(key).ok()?;
        Arc::make_mut(&mut self.keys).remove(i);
        Some(self.values.remove(i))
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&Key, &mut Value) -> bool) {
        let kept: Vec<bool> = self
            .keys
            .iter()
            .zip(self.values.iter_mut())
            .map(|(k, v)| keep(k, v))
            .collect();
        if kept.iter().all(|&k| k) {
            return;
        }
        // The same flags, in order, for both: a key stays exactly where its value does.
        let mut flags = kept.iter();
        Arc::make_mut(&mut self.keys).retain(|_| flags.next() == Some(&true));
        let mut flags = kept.iter();
        self.values.retain(|_| flags.next() == Some(&true));
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&Key, &Value)> + ExactSizeIterator {
        self.keys.iter().zip(self.values.iter())
    }

    pub fn iter_mut(
        &mut self,
    ) -> impl DoubleEndedIterator<Item = (&Key, &mut Value)> + ExactSizeIterator {
        self.keys.iter().zip(self.values.iter_mut())
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &Key> + ExactSizeIterator + Clone {
        self.keys.iter()
    }

    /// The value of the `i`-th key in key order (`keys().nth(i)`'s).
    pub fn value_at(&self, i: usize) -> &Value {
        &self.values[i]
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator {
        self.values.iter()
    }

    /// Gives back the spare capacity a reader's inserts left (a run is kept, unchanged,
    /// until it is written).
    pub fn shrink_to_fit(&mut self) {
        if let Some(keys) = Arc::get_mut(&mut self.keys) {
            keys.shrink_to_fit();
        }
        self.values.shrink_to_fit();
    }
}

impl<'a> IntoIterator for &'a Values {
    type Item = (&'a Key, &'a Value);
    type IntoIter = std::iter::Zip<std::slice::Iter<'a, Key>, std::slice::Iter<'a, Value>>;
    fn into_iter(self) -> Self::IntoIter {
        self.keys.iter().zip(self.values.iter())
    }
}

impl IntoIterator for Values {
    type Item = (Key, Value);
    type IntoIter = std::iter::Zip<std::vec::IntoIter<Key>, std::vec::IntoIter<Value>>;
    fn into_iter(self) -> Self::IntoIter {
        let keys = Arc::try_unwrap(self.keys).unwrap_or_else(|shared| (*shared).clone());
        keys.into_iter().zip(self.values)
    }
}

impl FromIterator<(Key, Value)> for Values {
    /// As `BTreeMap`: of two pairs with one key, the later one stays.
    fn from_iter<I: IntoIterator<Item = (Key, Value)>>(iter: I) -> Self {
        let mut entries: Vec<(Key, Value)> = iter.into_iter().collect();
        // Stable: pairs of one key keep their order, and the last of each run of equal
        // keys is the one kept.
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        entries.reverse();
        entries.dedup_by(|later, earlier| later.0 == earlier.0);
        entries.reverse();
        let (keys, values) = entries.into_iter().unzip();
        Values {
            keys: Arc::new(keys),
            values,
        }
    }
}

impl Extend<(Key, Value)> for Values {
    fn extend<I: IntoIterator<Item = (Key, Value)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use proptest::prelude::*;

    use super::*;

    fn key(i: u8) -> Key {
        Key::Owned(format!("k{}", i % 16))
    }

    proptest! {
        /// Any sequence of inserts, removals, retains and collects gives what a `BTreeMap`
        /// gives.
        #[test]
        fn behaves_as_a_btreemap(ops in proptest::collection::vec((0u8..4, any::<u8>(), -5.0f64..5.0), 0..80)) {
            let mut ours = Values::new();
            let mut tree: BTreeMap<Key, Value> = BTreeMap::new();
            for (op, k, v) in &ops {
                match op {
                    0 => prop_assert_eq!(ours.insert(key(*k), Value::Num(*v)), tree.insert(key(*k), Value::Num(*v))),
                    1 => prop_assert_eq!(ours.remove(&key(*k)), tree.remove(&key(*k))),
                    // Keeps the values above `v`; a clone sharing the keys stays whole.
                    2 => {
                        let shared = ours.clone();
                        let before: Vec<(Key, Value)> =
                            tree.iter().map(|(k, x)| (k.clone(), x.clone())).collect();
                        let above = |x: &Value| x.as_f64().is_some_and(|x| x > *v);
                        ours.retain(|_, x| above(x));
                        tree.retain(|_, x| above(x));
                        prop_assert_eq!(shared.into_iter().collect::<Vec<_>>(), before);
                    }
                    _ => {
                        ours.insert_if_absent(key(*k), Value::Num(*v));
                        tree.entry(key(*k)).or_insert(Value::Num(*v));
                    }
                }
            }
            let ours_pairs: Vec<_> = ours.iter().collect();
            let tree_pairs: Vec<_> = tree.iter().collect();
            prop_assert_eq!(ours_pairs, tree_pairs);
            let pairs = ops.iter().map(|(_, k, v)| (key(*k), Value::Num(*v)));
            let collected: Values = pairs.clone().collect();
            let tree: BTreeMap<Key, Value> = pairs.collect();
            prop_assert_eq!(collected.into_iter().collect::<Vec<_>>(), tree.into_iter().collect::<Vec<_>>());
        }
    }
}
