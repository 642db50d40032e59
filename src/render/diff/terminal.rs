//! The terminal output of a diff: the verdict line, the policy, a table of every matched
//! pair's metrics, the notes and the keys found on one side only. Colour only when the
//! caller says stdout is a terminal (a CI log or a pipe gets plain text).

use std::fmt::Write as _;

use comfy_table::{presets::UTF8_FULL_CONDENSED, Cell, CellAlignment, Color, Table};

use super::{DiffView, Tone};
use crate::compare::Verdict;
use crate::render::terminal;
const RED: &str = "\x1b[1;31m";
const GREEN: &str = "\x1b[1;32m";
const RESET: &str = "\x1b[0m";

fn tone_colour(tone: Tone) -> Option<Color> {
    match tone {
        Tone::Regression => Some(Color::Red),
        Tone::WithinNoise => Some(Color::Yellow),
        Tone::Better => Some(Color::Green),
        Tone::Worse => Some(Color::DarkYellow),
        Tone::Neutral => None,
    }
}

/// The text, its table fitted to `width` columns when given
/// ([`terminal::target_width`]).
pub fn render(view: &DiffView, colour: bool, width: Option<u16>) -> String {
    let mut out = String::new();
    let (start, end) = match (colour, view.verdict) {
        (false, _) => ("", ""),
        (true, Verdict::Pass) => (GREEN, RESET),
        (true, Verdict::Regression) => (RED, RESET),
    };
    let _ = writeln!(out, "{start}{}{end}", view.verdict_line);
    let _ = writeln!(out, "{} {}", view.policy_line, view.rules.join(", "));
    if !view.rows.is_empty() {
        let _ = writeln!(out, "{}", table(view, colour, width));
    }
    for note in &view.notes {
        let _ = writeln!(out, "- {note}");
    }
    for (title, items) in [
        (&view.removed_title, &view.removed),
        (&view.added_title, &view.added),
    ] {
        if !items.is_empty() {
            let _ = writeln!(out, "{title}:");
            for item in items {
                let _ = writeln!(out, "  {item}");
            }
        }
    }
    out
}

fn table(view: &DiffView, colour: bool, width: Option<u16>) -> Table {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header(view.headers.iter().map(Cell::new));
    let mut previous_pair: Option<&str> = None;
    for row in &view.rows {
        // The key once per pair: its other metrics follow on the next rows.
        let pair = if previous_pair == Some(row.pair.as_str()) {
            ""
        } else {
            row.pair.as_str()
        };
        previous_pair = Some(&row.pair);
        let cells = [
            pair,
            &row.metric,
            &row.baseline,
            &row.candidate,
            &row.change,
            &row.ci,
            &row.p,
            &row.trend,
            &row.verdict,
        ];
        table.add_row(cells.into_iter().enumerate().map(|(i, text)| {
            let cell = Cell::new(text);
            // Colour the judgement cells only, so the numbers stay readable.
            match tone_colour(row.tone) {
                Some(c) if colour && i >= 7 => cell.fg(c),
                _ => cell,
            }
        }));
    }
    for i in 2..=6 {
        if let Some(c) = table.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    // When wrapping, only the key (often a long model path) gives way; numbers and
    // words stay on one line.
    let columns = table.column_count();
    terminal::fit(&mut table, width, 1..columns);
    if colour {
        table.enforce_styling();
    }
    table
}
