//! The Pareto frontier of output tokens/s per GPU against output tokens/s per user, as
//! `vllm bench sweep plot_pareto` draws it: per user is `output_throughput` over the
//! point's concurrency (`max_concurrency`, else `concurrency`, else the observed peak
//! `max_concurrent_requests`; vLLM falls back to `request_rate` too, which is not a count
//! of users, so perflab does not), per GPU is `output_throughput` over the GPU count.
//!
//! A point is dominated when another point is at least as good on both axes and better
//! on one; the frontier is every point that is not, sorted by tokens/s per user.

use serde::Serialize;

use super::series::Point;

/// Columns that give a point's user count, in order of preference.
pub const USER_COLUMNS: [&str; 3] = ["max_concurrency", "concurrency", "max_concurrent_requests"];
pub use crate::model::schema::PARALLEL_COLUMNS;
pub const THROUGHPUT: &str = "output_throughput";

/// Where the GPU count of each point comes from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Gpus {
    Count(f64),
    Column(String),
    /// Tensor × pipeline × data parallel sizes, each 1 when absent.
    Parallelism,
}

impl Gpus {
    /// `--gpus 8` or `--gpus COLUMN`.
    pub fn parse(text: &str) -> Gpus {
        match text.trim().parse::<f64>() {
            Ok(n) if n.is_finite() && n > 0.0 => Gpus::Count(n),
            _ => Gpus::Column(text.trim().to_owned()),
        }
    }

    /// Columns a point needs averaged for this count.
    pub fn columns(&self) -> Vec<String> {
        match self {
            Gpus::Count(_) => Vec::new(),
            Gpus::Column(c) => vec![c.clone()],
            Gpus::Parallelism => std::iter::once("gpu_count")
                .chain(PARALLEL_COLUMNS)
                .map(str::to_owned)
                .collect(),
        }
    }

    fn of(&self, point: &Point) -> Option<f64> {
        let n = match self {
            Gpus::Count(n) => Some(*n),
            Gpus::Column(c) => point.mean(c),
            // The count the server's configuration gives (`ingest/server/`), else the
            // product of the sizes a sweep varied.
            Gpus::Parallelism => point.mean("gpu_count").or_else(|| {
                Some(
                    PARALLEL_COLUMNS
                        .iter()
                        .filter_map(|c| point.mean(c))
                        .product(),
                )
            }),
        }?;
        (n > 0.0).then_some(n)
    }
}

/// One point of one series on the frontier chart.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ParetoPoint {
    pub series: usize,
    pub point: usize,
    pub per_gpu: f64,
    pub per_user: f64,
    pub dominated: bool,
}

/// Every point with both coordinates, with `dominated` set; points without a throughput,
/// a user count or a GPU count are left out (the count is returned).
pub fn frontier(series: &[Vec<Point>], x: &str, gpus: &Gpus) -> (Vec<ParetoPoint>, usize) {
    let mut out = Vec::new();
    let mut left_out = 0;
    for (s, points) in series.iter().enumerate() {
        for (i, p) in points.iter().enumerate() {
            let users = USER_COLUMNS
                .iter()
                .find_map(|c| if *c == x { Some(p.x) } else { p.mean(c) });
            match (p.mean(THROUGHPUT), users.filter(|u| *u > 0.0), gpus.of(p)) {
                (Some(t), Some(u), Some(g)) => out.push(ParetoPoint {
                    series: s,
                    point: i,
                    per_gpu: t / g,
                    per_user: t / u,
                    dominated: false,
                }),
                _ => left_out += 1,
            }
        }
    }
    mark_dominated(&mut out);
    (out, left_out)
}

/// Sorted by per-user descending (per-GPU descending on ties), a point is dominated
/// when an earlier one has a larger per-GPU value, or the same per-GPU value at a larger
/// per-user value (an exact duplicate dominates nothing). O(n log n).
fn mark_dominated(points: &mut [ParetoPoint]) {
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&points[a], &points[b]);
        b.per_user
            .total_cmp(&a.per_user)
            .then(b.per_gpu.total_cmp(&a.per_gpu))
    });
    let mut best: Option<(f64, f64)> = None; // (per_gpu, per_user of its first holder)
    for i in order {
        let p = &mut points[i];
        match best {
            Some((g, u)) if g > p.per_gpu || (g == p.per_gpu && u > p.per_user) => {
                p.dominated = true;
            }
            Some((g, _)) if g == p.per_gpu => {}
            _ => best = Some((p.per_gpu, p.per_user)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::curves::series::Stat;
    use std::collections::BTreeMap;

    fn point(x: f64, tput: f64, tp: Option<f64>) -> Point {
        let stat = |v| Stat {
            n: 1,
            mean: v,
            ci: None,
        };
        let mut values = BTreeMap::from([(THROUGHPUT.to_owned(), stat(tput))]);
        if let Some(tp) = tp {
            values.insert("tensor_parallel_size".to_owned(), stat(tp));
        }
        Point { x, runs: 1, values }
    }

    #[test]
    fn hand_computed_frontier() {
        // Series A (TP 1): concurrency 1, 4, 8, 16 at 100, 320, 240, 640 tok/s
        //   → (per user, per GPU) (100, 100), (80, 320), (30, 240), (40, 640).
        // Series B (TP 2): concurrency 4, 16 at 360, 1200 tok/s → (90, 180), (75, 600).
        // Going down in per user, per GPU rises at every point but A@8: 240 < 640 of
        // A@16, which also has more per user (40 > 30). A@8 alone is dominated.
        let a = vec![
            point(1.0, 100.0, Some(1.0)),
            point(4.0, 320.0, Some(1.0)),
            point(8.0, 240.0, Some(1.0)),
            point(16.0, 640.0, Some(1.0)),
        ];
        let b = vec![point(4.0, 360.0, Some(2.0)), point(16.0, 1200.0, Some(2.0))];
        let (pts, left_out) = frontier(&[a, b], "max_concurrency", &Gpus::Parallelism);
        assert_eq!(left_out, 0);
        let dominated: Vec<(usize, usize)> = pts
            .iter()
            .filter(|p| p.dominated)
            .map(|p| (p.series, p.point))
            .collect();
        assert_eq!(dominated, [(0, 2)]);
        let a8 = pts.iter().find(|p| (p.series, p.point) == (0, 2)).unwrap();
        assert_eq!((a8.per_user, a8.per_gpu), (30.0, 240.0));
        let b16 = pts.iter().find(|p| (p.series, p.point) == (1, 1)).unwrap();
        assert_eq!((b16.per_user, b16.per_gpu), (75.0, 600.0));
    }

    #[test]
    fn duplicates_and_ties() {
        let mut pts: Vec<ParetoPoint> = [(10.0, 5.0), (10.0, 5.0), (10.0, 4.0), (9.0, 5.0)]
            .iter()
            .enumerate()
            .map(|(i, (u, g))| ParetoPoint {
                series: 0,
                point: i,
                per_gpu: *g,
                per_user: *u,
                dominated: false,
            })
            .collect();
        mark_dominated(&mut pts);
        let flags: Vec<bool> = pts.iter().map(|p| p.dominated).collect();
        assert_eq!(flags, [false, false, true, true]);
    }

    #[test]
    fn gpus_from_a_number_or_a_column_and_missing_users() {
        assert_eq!(Gpus::parse("8"), Gpus::Count(8.0));
        assert_eq!(Gpus::parse("num_gpus"), Gpus::Column("num_gpus".into()));
        let p = point(2.0, 100.0, None);
        let (pts, _) = frontier(&[vec![p.clone()]], "max_concurrency", &Gpus::Count(4.0));
        assert_eq!((pts[0].per_user, pts[0].per_gpu), (50.0, 25.0));
        // x is a request rate: no user count, the point is left out.
        let (pts, left_out) = frontier(&[vec![p]], "request_rate", &Gpus::Parallelism);
        assert!(pts.is_empty());
        assert_eq!(left_out, 1);
    }
}
