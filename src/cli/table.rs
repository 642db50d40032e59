//! The terminal table of `perflab ingest`: one row per run. The columns that tell runs
//! apart come first (number, source, model, concurrency, request rate), then the headline
//! metrics; `--wide` adds the line, the format and the other metrics. Everything else is
//! in `--json` / `--csv`. The table fits the terminal width (`render::terminal`).

use comfy_table::{presets::UTF8_FULL_CONDENSED, CellAlignment, ColumnConstraint, Table, Width};

use crate::compare::unit_of;
use crate::l10n::Localizer;
use crate::model::Run;
use crate::render::report::{metric_name, with_unit};
use crate::render::terminal::{self, cells};

/// Headline metrics, most important first (the first ones kept on a narrow terminal):
/// (column, decimals).
const METRICS: [(&str, usize); 6] = [
    ("total_token_throughput", 2),
    ("mean_ttft_ms", 2),
    ("mean_tpot_ms", 2),
    ("request_throughput", 2),
    ("completed", 0),
    ("failed", 0),
];

/// Shown with `--wide` only, after the headline metrics.
const WIDE_METRICS: [(&str, usize); 5] = [
    ("output_throughput", 2),
    ("p99_ttft_ms", 2),
    ("p99_tpot_ms", 2),
    ("mean_itl_ms", 2),
    ("mean_e2el_ms", 2),
];

/// A model name longer than this is shortened from the left when a width is to be fit.
const MODEL_WIDTH: usize = 24;
/// The source column is never squeezed below this (the file name of most paths).
const SOURCE_MIN_WIDTH: usize = 24;

/// The number people type after `FILE#`: runs count from 1 in every output.
pub fn run_number(run: &Run) -> u32 {
    run.run_index + 1
}

/// One column: its header and each run's cell.
struct Column {
    header: String,
    cells: Vec<String>,
    /// Numbers are right-aligned and never wrapped.
    numeric: bool,
}

fn text_column(header: String, runs: &[Run], cell: impl Fn(&Run) -> String) -> Column {
    Column {
        header,
        cells: runs.iter().map(cell).collect(),
        numeric: false,
    }
}

fn number_column(header: String, runs: &[Run], cell: impl Fn(&Run) -> String) -> Column {
    Column {
        numeric: true,
        ..text_column(header, runs, cell)
    }
}

fn metric_column(loc: &Localizer, runs: &[Run], key: &str, decimals: usize) -> Column {
    number_column(with_unit(&metric_name(loc, key), unit_of(key)), runs, |r| {
        r.get(key)
            .map_or_else(|| "-".into(), |v| format!("{v:.decimals$}"))
    })
}

/// How a model is shown: as given, except a Hugging Face cache path
/// (`…/models--ORG--NAME/snapshots/HASH/`, what vLLM records when served from a local
/// snapshot), which is shown as the repository it holds, `ORG/NAME`.
fn model_name(id: &str) -> String {
    let repo = id
        .split('/')
        .find_map(|part| part.strip_prefix("models--"))
        .filter(|_| id.contains("/snapshots/"));
    match repo {
        Some(repo) => repo.replacen("--", "/", 1),
        None => id.to_owned(),
    }
}

/// `8`, `inf` (vLLM's default rate) or `-`.
fn setting(run: &Run, key: &str) -> String {
    match (run.get(key), run.text(key)) {
        (Some(v), _) if v.is_infinite() => "inf".into(),
        (Some(v), _) if v.fract() == 0.0 => format!("{v:.0}"),
        (Some(v), _) => format!("{v}"),
        (None, Some(t)) => t.to_owned(),
        (None, None) => "-".into(),
    }
}

/// Width a column needs at least: its widest cell, and its longest header word (headers
/// wrap between words, numbers never), plus one space each side and one border.
fn min_width(c: &Column) -> usize {
    let word = c.header.split_whitespace().map(cells).max().unwrap_or(0);
    let cell = c.cells.iter().map(|v| cells(v)).max().unwrap_or(0);
    word.max(cell) + 3
}

/// The runs table. With `width`, the table fits it: the columns that identify a run
/// always, the headline metrics in order of importance as long as they fit, paths
/// shortened from the left. With `wide`, every column, however wide.
pub fn runs_table(loc: &Localizer, runs: &[Run], wide: bool, width: Option<u16>) -> Table {
    let mut columns = vec![
        number_column(loc.tr("runs-col-number"), runs, |r| {
            run_number(r).to_string()
        }),
        text_column(loc.tr("runs-col-source"), runs, |r| r.source.clone()),
    ];
    if wide {
        columns.push(number_column(loc.tr("runs-col-line"), runs, |r| {
            r.line.map_or("-".into(), |l| l.to_string())
        }));
        columns.push(text_column(loc.tr("runs-col-format"), runs, |r| {
            r.format.to_string()
        }));
    }
    let mut model = text_column(loc.tr("runs-col-model"), runs, |r| {
        r.text("model_id")
            .map_or_else(|| "-".to_owned(), model_name)
    });
    let width = width.filter(|_| !wide).map(usize::from);
    if width.is_some() {
        // A model given as a local path (`/models/…/snapshots/HASH/`) is shortened too.
        for cell in &mut model.cells {
            *cell = terminal::shorten_left(cell.trim_end_matches('/'), MODEL_WIDTH);
        }
    }
    columns.push(model);
    columns.push(number_column(loc.tr("runs-col-concurrency"), runs, |r| {
        setting(r, "max_concurrency")
    }));
    columns.push(number_column(loc.tr("runs-col-rate"), runs, |r| {
        setting(r, "request_rate")
    }));
    // A setting no run has is no column: a folder of text blocks has no rate.
    columns.retain(|c| !c.numeric || c.cells.is_empty() || c.cells.iter().any(|v| v != "-"));

    let wanted = METRICS.iter().chain(if wide {
        &WIDE_METRICS[..]
    } else {
        &WIDE_METRICS[..0]
    });
    let source_min = |c: &Column| min_width(c).min(SOURCE_MIN_WIDTH + 3);
    let mut used: usize = 1 + columns
        .iter()
        .enumerate()
        .map(|(i, c)| if i == 1 { source_min(c) } else { min_width(c) })
        .sum::<usize>();
    for (key, dec) in wanted {
        let column = metric_column(loc, runs, key, *dec);
        if column.cells.iter().all(|v| v == "-") && !runs.is_empty() {
            continue;
        }
        if let Some(w) = width {
            if used + min_width(&column) > w {
                break;
            }
        }
        used += min_width(&column);
        columns.push(column);
    }

    if let Some(w) = width {
        // The source column takes what the others leave.
        let others = used - source_min(&columns[1]);
        let budget = w.saturating_sub(others + 3).max(SOURCE_MIN_WIDTH);
        for cell in &mut columns[1].cells {
            *cell = terminal::shorten_left(cell, budget);
        }
    }

    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    table.set_header(columns.iter().map(|c| c.header.clone()));
    for i in 0..runs.len() {
        table.add_row(columns.iter().map(|c| c.cells[i].clone()));
    }
    for (i, c) in columns.iter().enumerate() {
        if let Some(col) = table.column_mut(i) {
            if c.numeric {
                col.set_cell_alignment(CellAlignment::Right);
            }
            // Each column exactly as wide as its widest cell or header word: headers
            // wrap, numbers and (shortened) paths do not.
            if width.is_some() {
                // comfy-table's fixed width counts the padding, not the border.
                let w = (min_width(c) - 1) as u16;
                col.set_constraint(ColumnConstraint::Absolute(Width::Fixed(w)));
            }
        }
    }
    terminal::fit(&mut table, width.map(|w| w as u16), std::iter::empty());
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hugging_face_cache_paths_show_their_repository() {
        assert_eq!(
            model_name("/models/models--openai--gpt-oss-120b/snapshots/b5c939de8f75/"),
            "openai/gpt-oss-120b"
        );
        assert_eq!(model_name("Qwen/Qwen3.5-9B"), "Qwen/Qwen3.5-9B");
        assert_eq!(model_name("/data/models--x"), "/data/models--x");
    }
}
