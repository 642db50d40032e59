//! A date axis for line charts (the history page's trends): x is a day number (days since
//! 1970-01-01), so a night without a run leaves a gap. Ticks fall on evenly spaced days
//! from the first one, as many as fit the plot without their labels touching (widths
//! estimated in `text.rs`, so the choice is the same on every machine); a tick reads
//! `YYYY-MM-DD` where its year is new (the first tick, the first of a new year) and
//! `MM-DD` elsewhere, with an optional second line per day (the night's commit).

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate, TimeDelta};

use super::style::TICK_PX;
use super::text::width;

/// How [`date_line_chart`](super::date_line_chart) labels its x axis.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DateAxis {
    /// A second line under a tick's date (the commit of that night's run), by day number.
    pub notes: BTreeMap<i64, String>,
}

/// One x tick: its day number and its lines of text, top to bottom.
#[derive(Debug, Clone, PartialEq)]
pub struct Tick {
    pub day: i64,
    pub lines: Vec<String>,
}

/// Steps between ticks, in days, smallest first; past the last, whole multiples of it.
const STEPS: [i64; 14] = [1, 2, 3, 4, 5, 7, 14, 21, 28, 42, 56, 91, 182, 364];
/// Least space between the ends of neighbouring tick labels, in pixels.
const TICK_GAP: f64 = 12.0;

fn epoch() -> NaiveDate {
    NaiveDate::default()
}

/// `2026-11-09` (a timestamp's date part is read too) → its day number.
pub fn day_number(date: &str) -> Option<i64> {
    let d = NaiveDate::parse_from_str(date.get(..10)?, "%Y-%m-%d").ok()?;
    Some(d.signed_duration_since(epoch()).num_days())
}

fn date_of(day: i64) -> NaiveDate {
    epoch() + TimeDelta::days(day)
}

fn labelled(days: &[i64], axis: &DateAxis) -> Vec<Tick> {
    let mut year = None;
    days.iter()
        .map(|&day| {
            let date = date_of(day);
            let format = if year == Some(date.year()) {
                "%m-%d"
            } else {
                "%Y-%m-%d"
            };
            year = Some(date.year());
            let mut lines = vec![date.format(format).to_string()];
            lines.extend(axis.notes.get(&day).cloned());
            Tick { day, lines }
        })
        .collect()
}

/// The widest line of a tick, in pixels.
fn tick_width(t: &Tick) -> f64 {
    t.lines
        .iter()
        .map(|l| width(l, TICK_PX))
        .fold(0.0, f64::max)
}

/// The ticks of the days `first..=last` on a plot `px_per_day` pixels per day: the
/// smallest step at which no two neighbouring labels come closer than [`TICK_GAP`].
pub fn ticks(first: i64, last: i64, px_per_day: f64, axis: &DateAxis) -> Vec<Tick> {
    let steps = STEPS
        .into_iter()
        .chain((2..).map(|k| k * STEPS[STEPS.len() - 1]));
    for step in steps {
        let days: Vec<i64> = (0..)
            .map(|i| first + i * step)
            .take_while(|d| *d <= last)
            .collect();
        let ticks = labelled(&days, axis);
        let fits = ticks.windows(2).all(|w| {
            (tick_width(&w[0]) + tick_width(&w[1])) / 2.0 + TICK_GAP <= step as f64 * px_per_day
        });
        if fits || ticks.len() <= 1 {
            return ticks;
        }
    }
    unreachable!("a step past the range leaves one tick")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date_text(day: i64) -> String {
        date_of(day).format("%Y-%m-%d").to_string()
    }

    fn texts(ticks: &[Tick]) -> Vec<String> {
        ticks.iter().map(|t| t.lines.join("/")).collect()
    }

    #[test]
    fn day_numbers_round_trip() {
        assert_eq!(day_number("1970-01-02"), Some(1));
        let d = day_number("2026-11-09").unwrap();
        assert_eq!(date_text(d), "2026-11-09");
        assert_eq!(day_number("2026-11-09T03:00:00Z"), Some(d));
        assert_eq!(day_number("2026-02-30"), None);
        assert_eq!(day_number("11-09"), None);
    }

    #[test]
    fn as_many_ticks_as_fit_the_year_once() {
        let first = day_number("2026-11-01").unwrap();
        // Wide: every day, the year on the first only.
        let wide = ticks(first, first + 3, 200.0, &DateAxis::default());
        assert_eq!(texts(&wide), ["2026-11-01", "11-02", "11-03", "11-04"]);
        // Narrow: every seventh day; a new year is written out.
        let narrow = ticks(first, first + 70, 12.0, &DateAxis::default());
        assert_eq!(narrow[1].day - narrow[0].day, 7);
        assert!(
            texts(&narrow).contains(&"2027-01-03".to_owned()),
            "{:?}",
            texts(&narrow)
        );
        for w in narrow.windows(2) {
            let room = (w[1].day - w[0].day) as f64 * 12.0;
            assert!(room >= (tick_width(&w[0]) + tick_width(&w[1])) / 2.0 + TICK_GAP);
        }
        // One day: one tick.
        assert_eq!(
            texts(&ticks(first, first, 1.0, &DateAxis::default())),
            ["2026-11-01"]
        );
    }

    #[test]
    fn notes_go_under_their_day_and_widen_the_step() {
        let first = day_number("2026-11-01").unwrap();
        let axis = DateAxis {
            notes: (0..10)
                .map(|i| (first + i, format!("commit{i:02}xx")))
                .collect(),
        };
        let plain = ticks(first, first + 9, 70.0, &DateAxis::default());
        let noted = ticks(first, first + 9, 70.0, &axis);
        assert_eq!(noted[0].lines, ["2026-11-01", "commit00xx"]);
        assert!(noted.len() < plain.len());
    }
}
