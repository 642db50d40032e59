//! The change points of every series grouped by the night that brought them: one entry
//! per date and labels (the commit), listing each series and metric that moved there, as
//! Apache Otava groups a report by the change's attributes. A commit that slowed output
//! throughput and raised TTFT is one entry, not two entries in two sections of the page.

use std::collections::BTreeMap;

use super::trend::Trends;

/// One night's changes: its date and labels, and what moved.
#[derive(Debug, Clone, PartialEq)]
pub struct Night {
    pub date: String,
    pub labels: BTreeMap<String, String>,
    pub moves: Vec<Move>,
}

/// A change point of one series on that night.
#[derive(Debug, Clone, PartialEq)]
pub struct Move {
    /// The series' place in [`Trends::series`].
    pub series: usize,
    pub metric: String,
    pub step_pct: Option<f64>,
    pub p_value: f64,
    pub p_resolution: f64,
    pub provisional: bool,
}

/// A night: its date and labels.
type NightKey = (String, BTreeMap<String, String>);

/// The nights with at least one change point, oldest first (nights of one date by their
/// labels); within a night, the moves in the order of the series.
pub fn nights(trends: &Trends) -> Vec<Night> {
    let mut by_night: BTreeMap<NightKey, Vec<Move>> = BTreeMap::new();
    for (i, s) in trends.series.iter().enumerate() {
        for c in &s.change_points {
            by_night
                .entry((c.date.clone(), c.labels.clone()))
                .or_default()
                .push(Move {
                    series: i,
                    metric: s.metric.clone(),
                    step_pct: c.step_pct,
                    p_value: c.p_value,
                    p_resolution: c.p_resolution,
                    provisional: c.provisional,
                });
        }
    }
    by_night
        .into_iter()
        .map(|((date, labels), moves)| Night {
            date,
            labels,
            moves,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::trend::{Change, Series};
    use crate::history::Settings;

    fn change(date: &str, commit: &str, step: f64) -> Change {
        Change {
            index: 0,
            date: date.into(),
            run_id: String::new(),
            labels: [("commit".to_owned(), commit.to_owned())].into(),
            step_pct: Some(step),
            p_value: 0.005,
            p_resolution: 0.005,
            mean_before: 100.0,
            mean_after: 100.0 + step,
            provisional: false,
        }
    }

    fn series(metric: &str, changes: Vec<Change>) -> Series {
        Series {
            key: Vec::new(),
            metric: metric.into(),
            points: Vec::new(),
            change_points: changes,
            latest: None,
        }
    }

    #[test]
    fn one_entry_per_date_and_commit_listing_every_metric_that_moved() {
        let trends = Trends {
            metrics: vec!["output_throughput".into(), "p99_ttft_ms".into()],
            key: Vec::new(),
            series: vec![
                series(
                    "output_throughput",
                    vec![
                        change("2026-01-05", "c05", -8.0),
                        change("2026-01-20", "c20", 4.0),
                    ],
                ),
                series("p99_ttft_ms", vec![change("2026-01-05", "c05", 12.0)]),
                // Same date, another commit (a second run that night): its own entry.
                series("mean_tpot_ms", vec![change("2026-01-05", "c05b", 3.0)]),
            ],
            settings: Settings::default(),
            recent: 30,
        };
        let n = nights(&trends);
        let heads: Vec<(&str, &str, usize)> = n
            .iter()
            .map(|n| (n.date.as_str(), n.labels["commit"].as_str(), n.moves.len()))
            .collect();
        assert_eq!(
            heads,
            [
                ("2026-01-05", "c05", 2),
                ("2026-01-05", "c05b", 1),
                ("2026-01-20", "c20", 1)
            ]
        );
        let first: Vec<(&str, Option<f64>)> = n[0]
            .moves
            .iter()
            .map(|m| (m.metric.as_str(), m.step_pct))
            .collect();
        assert_eq!(
            first,
            [
                ("output_throughput", Some(-8.0)),
                ("p99_ttft_ms", Some(12.0))
            ]
        );
    }
}
