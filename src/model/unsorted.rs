//! A run's values gathered in the order a reader meets them and sorted once at the end.
//!
//! Inserting each value into [`Values`]' sorted vector was the largest cost of reading a
//! log of back-to-back blocks (`perf`: the binary search's string comparisons and the
//! shifting of the entries after it, 18% of `perflab ingest` on the dense corpus). The
//! blocks of one log print the same labels in the same order, so the order that sorts
//! one block's keys sorts the next one's: [`SortMemo`] keeps it, and a block whose keys
//! are the last one's is put in order by a permutation, with no string comparison but
//! the check that the keys are the same, and shares the last one's sorted list of keys.

use std::sync::Arc;

use super::run::{Key, Value};
use super::Values;

/// Values in the order they were set; [`UnsortedValues::into_values`] gives the map
/// `Values` would hold after the same inserts (the last value of a key wins).
#[derive(Debug, Default)]
pub struct UnsortedValues {
    keys: Vec<Key>,
    values: Vec<Value>,
}

impl UnsortedValues {
    /// Gathers values with the key list `memo` lent (a run's keys are compared and
    /// dropped, so one list serves every run of a reader), room for as many values as
    /// the last run held.
    pub fn start(memo: &mut SortMemo) -> Self {
        UnsortedValues {
            // Left empty by the run that gave it back.
            keys: std::mem::take(&mut memo.spare),
            values: Vec::with_capacity(memo.dest.len()),
        }
    }

    pub fn push(&mut self, key: impl Into<Key>, value: Value) {
        self.keys.push(key.into());
        self.values.push(value);
    }

    /// As [`super::Run::set_num`]: `-0.0` (Python's formatting of a tiny negative)
    /// is zero.
    pub fn num(&mut self, key: impl Into<Key>, v: f64) {
        self.push(key, Value::number(v));
    }

    /// The values as a sorted map, reusing `memo`'s order when the keys are the ones
    /// it last sorted.
    pub fn into_values(self, memo: &mut SortMemo) -> Values {
        let UnsortedValues {
            mut keys,
            mut values,
        } = self;
        if !memo.matches(&keys) && !memo.learn(&keys) {
            // A key set twice: the general path keeps the last value.
            return keys.drain(..).zip(values).collect();
        }
        memo.scratch.clear();
        memo.scratch.extend_from_slice(&memo.dest);
        let dest = &mut memo.scratch;
        // Each swap puts one value at its place for good.
        for i in 0..values.len() {
            while dest[i] as usize != i {
                let j = dest[i] as usize;
                values.swap(i, j);
                dest.swap(i, j);
            }
        }
        keys.clear();
        memo.spare = keys;
        Values::from_sorted(Arc::clone(&memo.sorted), values)
    }
}

/// The order that sorts one sequence of distinct keys (see the module's comment).
#[derive(Debug, Default)]
pub struct SortMemo {
    /// The keys last sorted, in the order they were set.
    keys: Vec<Key>,
    /// Where each of them goes in key order.
    dest: Vec<u32>,
    /// The same keys in key order, shared by every run that holds them.
    sorted: Arc<Vec<Key>>,
    /// A copy of `dest` that a permutation consumes.
    scratch: Vec<u32>,
    /// A list for the next run's keys.
    spare: Vec<Key>,
}

impl SortMemo {
    fn matches(&self, keys: &[Key]) -> bool {
        self.keys.len() == keys.len() && self.keys.iter().zip(keys).all(|(a, b)| same_key(a, b))
    }

    /// Learns the order of `keys`; `false` (and nothing kept) when a key is twice.
    fn learn(&mut self, keys: &[Key]) -> bool {
        let mut by_key: Vec<usize> = (0..keys.len()).collect();
        by_key.sort_unstable_by(|&a, &b| keys[a].cmp(&keys[b]));
        if by_key.windows(2).any(|w| keys[w[0]] == keys[w[1]]) {
            // Forget the last order too: an empty run would match its emptied lists.
            *self = SortMemo {
                spare: std::mem::take(&mut self.spare),
                ..SortMemo::default()
            };
            return false;
        }
        self.keys.clear();
        self.dest.clear();
        self.dest.resize(keys.len(), 0);
        for (rank, &i) in by_key.iter().enumerate() {
            self.dest[i] = rank as u32;
        }
        self.keys.extend(keys.iter().cloned());
        self.sorted = Arc::new(by_key.iter().map(|&i| keys[i].clone()).collect());
        true
    }
}

/// Two keys are equal; a key borrowed from one constant is that constant, so the same
/// address and length settle it without reading the bytes.
pub(super) fn same_key(a: &str, b: &str) -> bool {
    (a.as_ptr() == b.as_ptr() && a.len() == b.len()) || a == b
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn key(i: u8) -> Key {
        const NAMES: [&str; 6] = ["b", "a", "p99_ttft_ms", "mean_ttft_ms", "z", "completed"];
        match i % 8 {
            6 => Key::Owned("owned".into()),
            7 => Key::Owned("a".into()),
            n => Key::Borrowed(NAMES[n as usize]),
        }
    }

    proptest! {
        /// Blocks read one after another with one memo give what inserting each value
        /// into `Values` gives, whether or not a block's keys are the last one's.
        #[test]
        fn sorts_as_inserting_one_by_one(
            blocks in proptest::collection::vec(
                proptest::collection::vec((any::<u8>(), -5.0f64..5.0), 0..12), 1..6),
            repeat in any::<bool>(),
        ) {
            let mut memo = SortMemo::default();
            let mut blocks = blocks;
            if repeat {
                blocks.push(blocks[0].clone());
                blocks.push(blocks[0].clone());
            }
            for block in &blocks {
                let mut gathered = UnsortedValues::start(&mut memo);
                let mut inserted = Values::new();
                for (k, v) in block {
                    gathered.num(key(*k), *v);
                    inserted.insert(key(*k), Value::number(*v));
                }
                let sorted = gathered.into_values(&mut memo);
                prop_assert_eq!(sorted, inserted);
            }
        }
    }

    #[test]
    fn a_repeated_block_reuses_the_order_and_a_new_one_relearns_it() {
        let mut memo = SortMemo::default();
        let block = |keys: &[&'static str]| {
            let mut g = UnsortedValues::default();
            for (i, k) in keys.iter().enumerate() {
                g.num(*k, i as f64);
            }
            g
        };
        let first: Vec<_> = block(&["z", "a", "m"])
            .into_values(&mut memo)
            .keys()
            .cloned()
            .collect();
        assert_eq!(first, ["a", "m", "z"]);
        assert!(memo.matches(&block(&["z", "a", "m"]).keys));
        let other: Vec<_> = block(&["b", "a"])
            .into_values(&mut memo)
            .keys()
            .cloned()
            .collect();
        assert_eq!(other, ["a", "b"]);
        assert!(!memo.matches(&block(&["z", "a", "m"]).keys));
    }
}
