//! A run's values gathered in the order a reader meets them and sorted once at the end.
//!
//! Inserting each value into [`Values`]' sorted vector was the largest cost of reading a
//! log of back-to-back blocks (`perf`: the binary search's string comparisons and the
//! shifting of the entries after it, 18% of `perflab ingest` on the dense corpus). The
//! blocks of one log print the same labels in the same order, so the order that sorts
//! one block's keys sorts the next one's: [`SortMemo`] keeps it, and a block whose keys
//! are the last one's is put in order by a permutation, with no string comparison but
//! the check that the keys are the same.

use super::run::{Key, Value};
use super::Values;

/// Values in the order they were set; [`UnsortedValues::into_values`] gives the map
/// `Values` would hold after the same inserts (the last value of a key wins).
#[derive(Debug, Default)]
pub struct UnsortedValues {
    pairs: Vec<(Key, Value)>,
}

impl UnsortedValues {
    pub fn with_capacity(n: usize) -> Self {
        UnsortedValues {
            pairs: Vec::with_capacity(n),
        }
    }

    pub fn push(&mut self, key: impl Into<Key>, value: Value) {
        self.pairs.push((key.into(), value));
    }

    /// As [`super::Run::set_num`]: `-0.0` (Python's formatting of a tiny negative)
    /// is zero.
    pub fn num(&mut self, key: impl Into<Key>, v: f64) {
        self.push(key, Value::number(v));
    }

    /// The values as a sorted map, reusing `memo`'s order when the keys are the ones
    /// it last sorted.
    pub fn into_values(self, memo: &mut SortMemo) -> Values {
        let mut pairs = self.pairs;
        if !memo.matches(&pairs) && !memo.learn(&pairs) {
            // A key set twice: the general path keeps the last value.
            return pairs.into_iter().collect();
        }
        memo.scratch.clear();
        memo.scratch.extend_from_slice(&memo.dest);
        let dest = &mut memo.scratch;
        // Each swap puts one pair at its place for good.
        for i in 0..pairs.len() {
            while dest[i] as usize != i {
                let j = dest[i] as usize;
                pairs.swap(i, j);
                dest.swap(i, j);
            }
        }
        Values::from_sorted(pairs)
    }
}

/// The order that sorts one sequence of distinct keys (see the module's comment).
#[derive(Debug, Default)]
pub struct SortMemo {
    /// The keys last sorted, in the order they were set.
    keys: Vec<Key>,
    /// Where each of them goes in key order.
    dest: Vec<u32>,
    /// A copy of `dest` that a permutation consumes.
    scratch: Vec<u32>,
}

impl SortMemo {
    fn matches(&self, pairs: &[(Key, Value)]) -> bool {
        self.keys.len() == pairs.len()
            && self
                .keys
                .iter()
                .zip(pairs)
                .all(|(a, (b, _))| same_key(a, b))
    }

    /// Learns the order of `pairs`' keys; `false` (and nothing kept) when a key is twice.
    fn learn(&mut self, pairs: &[(Key, Value)]) -> bool {
        let mut by_key: Vec<usize> = (0..pairs.len()).collect();
        by_key.sort_unstable_by(|&a, &b| pairs[a].0.cmp(&pairs[b].0));
        self.keys.clear();
        self.dest.clear();
        if by_key.windows(2).any(|w| pairs[w[0]].0 == pairs[w[1]].0) {
            return false;
        }
        self.dest.resize(pairs.len(), 0);
        for (rank, &i) in by_key.iter().enumerate() {
            self.dest[i] = rank as u32;
        }
        self.keys.extend(pairs.iter().map(|(k, _)| k.clone()));
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
                let mut gathered = UnsortedValues::default();
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
        assert!(memo.matches(&block(&["z", "a", "m"]).pairs));
        let other: Vec<_> = block(&["b", "a"])
            .into_values(&mut memo)
            .keys()
            .cloned()
            .collect();
        assert_eq!(other, ["a", "b"]);
        assert!(!memo.matches(&block(&["z", "a", "m"]).pairs));
    }
}
