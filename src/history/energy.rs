//! The scan of E-Divisive's energy statistic over every split of a segment, in
//! `O(n log n)`: `q̂(τ) = τ·m/(τ+m) · (2/(τ·m)·Σ|x−y| − Σ_{i<k}|xᵢ−xₖ|/C(τ,2) −
//! Σ_{j<l}|yⱼ−yₗ|/C(m,2))` for `X = Z[..τ]`, `Y = Z[τ..]`, `m = n − τ`.
//!
//! A permutation test scans the same values in hundreds to thousands of orders, so what
//! does not depend on the order is computed once ([`Ranked`]): the values sorted, their
//! prefix sums and the sum of all pairwise distances. A scan then walks the split from
//! left to right keeping only the left side in a Fenwick tree over ranks; the right
//! side's sums are the whole's (from the prefix sums) minus the left's. A shuffle is a
//! shuffle of the ranks, with no sort.

/// A segment's values by rank: what every order of them shares.
pub struct Ranked {
    /// The values in ascending order.
    sorted: Vec<f64>,
    /// `prefix[r]`: the sum of the `r` smallest values.
    prefix: Vec<f64>,
    /// Σ_{i<k} |zᵢ − zₖ| over the segment.
    within_all: f64,
    /// Each value's rank, in the segment's order (ties ranked by position, which changes
    /// no distance).
    pub ranks: Vec<u32>,
    /// Per split `τ`, the weights of the sums within the left and the right side:
    /// `q̂(τ) = 2/n · (Σ|x−y| − m/(τ−1)·Σ|xᵢ−xₖ| − τ/(m−1)·Σ|yⱼ−yₗ|)` is the definition
    /// with `τm/(τ+m)` multiplied in. They depend on `n` alone, so every shuffle's scan
    /// shares them instead of dividing three times a split.
    weights: Vec<(f64, f64)>,
}

impl Ranked {
    pub fn new(z: &[f64]) -> Ranked {
        let n = z.len();
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_by(|&a, &b| z[a as usize].total_cmp(&z[b as usize]).then(a.cmp(&b)));
        let mut ranks = vec![0u32; n];
        for (r, &i) in order.iter().enumerate() {
            ranks[i as usize] = r as u32;
        }
        let sorted: Vec<f64> = order.iter().map(|&i| z[i as usize]).collect();
        let mut prefix = Vec::with_capacity(n + 1);
        prefix.push(0.0);
        let mut within_all = 0.0;
        for (r, v) in sorted.iter().enumerate() {
            within_all += v * r as f64 - prefix[r];
            prefix.push(prefix[r] + v);
        }
        let weights = (0..=n)
            .map(|tau| {
                let (t, m) = (tau as f64, (n - tau) as f64);
                (m / (t - 1.0), t / (m - 1.0))
            })
            .collect();
        Ranked {
            sorted,
            prefix,
            within_all,
            ranks,
            weights,
        }
    }

    /// Σ |v − x| over the whole segment, for the value `v` of rank `r`.
    fn distance_to_all(&self, r: usize, v: f64) -> f64 {
        let n = self.sorted.len();
        let total = self.prefix[n];
        (v * r as f64 - self.prefix[r]) + ((total - self.prefix[r]) - v * (n - r) as f64)
    }

    /// The split `τ` (both sides at least `min` long, and at least 2) of the largest
    /// `q̂` of the values in the order `ranks` gives (`self.ranks`, or a shuffle of
    /// them), and that `q̂`; `None` when the segment is too short to split.
    pub fn best_split(&self, ranks: &[u32], min: usize) -> Option<(usize, f64)> {
        let n = ranks.len();
        let min = min.max(2);
        if n < 2 * min {
            return None;
        }
        let mut left = Fenwick::new(n);
        let mut within_right = self.within_all;
        let (mut within_left, mut between) = (0.0, 0.0);
        let mut best: Option<(usize, f64)> = None;
        let scale = 2.0 / n as f64;
        for tau in 1..=n - min {
            // Move z[tau − 1] from the right side to the left one.
            let r = ranks[tau - 1] as usize;
            let v = self.sorted[r];
            let to_left = left.distance_sum(r, v);
            let to_right = self.distance_to_all(r, v) - to_left;
            within_right -= to_right;
            between += to_right - to_left;
            within_left += to_left;
            left.insert(r, v);
            if tau < min {
                continue;
            }
            let (left_weight, right_weight) = self.weights[tau];
            let q = between - left_weight * within_left - right_weight * within_right;
            if best.is_none_or(|(_, b)| q > b) {
                best = Some((tau, q));
            }
        }
        best.map(|(tau, q)| (tau, scale * q))
    }
}

/// Count and sum of the values inserted, by rank, in one array (a node's count beside
/// its sum): answers "Σ|v − x| over the set" in `O(log n)`.
struct Fenwick {
    nodes: Vec<(f64, f64)>,
    count: f64,
    sum: f64,
}

impl Fenwick {
    fn new(n: usize) -> Self {
        Fenwick {
            nodes: vec![(0.0, 0.0); n + 1],
            count: 0.0,
            sum: 0.0,
        }
    }

    fn insert(&mut self, rank: usize, value: f64) {
        let mut i = rank + 1;
        while i < self.nodes.len() {
            self.nodes[i].0 += 1.0;
            self.nodes[i].1 += value;
            i += i & i.wrapping_neg();
        }
        self.count += 1.0;
        self.sum += value;
    }

    /// Σ |value − x| over the set, for `value` of rank `rank` (not in the set).
    fn distance_sum(&self, rank: usize, value: f64) -> f64 {
        let (mut c, mut s) = (0.0, 0.0);
        let mut i = rank;
        while i > 0 {
            c += self.nodes[i].0;
            s += self.nodes[i].1;
            i -= i & i.wrapping_neg();
        }
        (value * c - s) + ((self.sum - s) - value * (self.count - c))
    }
}
