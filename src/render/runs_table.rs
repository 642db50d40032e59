//! The terminal table of `perflab ingest`: one row per run. The columns that tell runs
//! apart come first (number, source, model, concurrency, request rate), then the headline
//! metrics; `--wide` adds the line, the format and the other metrics. Everything else is
//! in `--json` / `--csv`. The table fits the terminal width (`render::terminal`).

use comfy_table::{presets::UTF8_FULL_CONDENSED, CellAlignment, ColumnConstraint, Table, Width};
use rayon::prelude::*;

use crate::compare::unit_of;
use crate::l10n::Localizer;
use crate::model::Run;
use crate::render::long_table::{self, SAMPLE_ROWS};
use crate::render::report::{metric_name, with_unit};
use crate::render::terminal::{self, cells};

/// Headline metrics, most important first (the first ones kept on a narrow terminal):
/// (column, decimals).
const METRICS: [(&str, usize); 12] = [
    ("total_token_throughput", 2),
    // llama-bench's and Ollama's rates of the prompt and of generation, apart.
    ("prefill_throughput", 2),
    ("decode_throughput", 2),
    // MLPerf LoadGen's verdict: 1 valid, 0 not.
    ("result_valid", 0),
    ("mean_ttft_ms", 2),
    ("mean_tpot_ms", 2),
    ("request_throughput", 2),
    ("completed", 0),
    ("failed", 0),
    // The workload's sizes, which tell llama-bench's tests apart (`pp512`, `tg128 @ d4096`);
    // last, so a narrow terminal drops them first.
    ("input_len", 0),
    ("output_len", 0),
    ("context_depth", 0),
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

/// The number people type after `FILE#`: `run_index`, which counts from 1.
pub fn run_number(run: &Run) -> u32 {
    run.run_index
}

/// One column: its header and each run's cell.
struct Column {
    header: String,
    cells: Vec<String>,
    /// Width of the widest cell, in terminal cells.
    widest: usize,
    /// Numbers are right-aligned and never wrapped.
    numeric: bool,
}

/// A column of `runs`' cells; made in parallel, since 100,000 rows of formatted numbers
/// are most of a long table's work before its first line.
fn text_column(header: String, runs: &[Run], cell: impl Fn(&Run) -> String + Sync) -> Column {
    let cells: Vec<String> = runs.par_iter().map(&cell).collect();
    // Measured once: every width the layout asks for comes from these.
    let widest = cells.par_iter().map(|v| cells_of(v)).max().unwrap_or(0);
    Column {
        header,
        cells,
        widest,
        numeric: false,
    }
}

fn number_column(header: String, runs: &[Run], cell: impl Fn(&Run) -> String + Sync) -> Column {
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

/// `8`, `inf` (vLLM's default rate), `130.45` or `-`. A fractional rate is shown as the
/// tools print one (vLLM's `Request rate configured (RPS): 20.00`, guidellm's tables: two
/// decimals), not as the 17 digits a sweep computed (`130.44761053711804`); the frame
/// keeps the value whole.
fn setting(run: &Run, key: &str) -> String {
    match (run.get(key), run.text(key)) {
        (Some(v), _) if v.is_infinite() => "inf".into(),
        (Some(v), _) if v.fract() == 0.0 => format!("{v:.0}"),
        (Some(v), _) => format!("{v:.2}"),
        (None, Some(t)) => t.to_owned(),
        (None, None) => "-".into(),
    }
}

/// Width a column needs at least: its widest cell, and its longest header word (headers
/// wrap between words, numbers never), plus one space each side and one border.
fn min_width(c: &Column) -> usize {
    let word = c.header.split_whitespace().map(cells).max().unwrap_or(0);
    word.max(c.widest) + 3
}

fn layout(loc: &Localizer, runs: &[Run], wide: bool, width: Option<u16>) -> Layout {
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
        model.remeasure();
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
        columns[1].remeasure();
    }

    Layout { columns, width }
}

impl Column {
    /// Measures the cells again after they were changed.
    fn remeasure(&mut self) {
        self.widest = self
            .cells
            .par_iter()
            .map(|v| cells_of(v))
            .max()
            .unwrap_or(0);
    }
}

fn cells_of(text: &str) -> usize {
    cells(text)
}

/// The runs table's columns, cells made, ready to be laid out.
struct Layout {
    columns: Vec<Column>,
    /// The width to fit, `None` for whole lines.
    width: Option<usize>,
}

impl Layout {
    fn rows(&self) -> usize {
        self.columns.first().map_or(0, |c| c.cells.len())
    }

    /// Width of a column's text, padding and border excluded: what it is fixed to when
    /// fitting a width, else its widest cell or header (what comfy-table gives it).
    fn content_width(&self, c: &Column) -> usize {
        match self.width {
            Some(_) => min_width(c) - 3,
            None => cells(&c.header).max(c.widest),
        }
    }

    /// The comfy-table of the header and `rows`. With `fixed`, every column has a fixed
    /// width (as it has when fitting a width anyway), so that the layout of a few rows is
    /// the layout of all of them.
    fn table(&self, rows: std::ops::Range<usize>, fixed: bool) -> Table {
        let mut table = Table::new();
        table.load_preset(UTF8_FULL_CONDENSED);
        table.set_header(self.columns.iter().map(|c| c.header.clone()));
        for i in rows {
            table.add_row(self.columns.iter().map(|c| c.cells[i].clone()));
        }
        for (i, c) in self.columns.iter().enumerate() {
            if let Some(col) = table.column_mut(i) {
                if c.numeric {
                    col.set_cell_alignment(CellAlignment::Right);
                }
                // Each column exactly as wide as its widest cell or header word: headers
                // wrap, numbers and (shortened) paths do not.
                if self.width.is_some() || fixed {
                    // comfy-table's fixed width counts the padding, not the border.
                    let w = (self.content_width(c) + 2) as u16;
                    col.set_constraint(ColumnConstraint::Absolute(Width::Fixed(w)));
                }
            }
        }
        terminal::fit(&mut table, self.width.map(|w| w as u16), std::iter::empty());
        table
    }

    /// Row `i` as comfy-table draws it with the preset's borders, when every cell fits
    /// its column on one line.
    fn push_row(&self, i: usize, widths: &[usize], line: &mut String) {
        let row = self.columns.iter().map(|c| long_table::Cell {
            text: &c.cells[i],
            right: c.numeric,
            style: None,
        });
        long_table::push_row(row, widths, line);
    }
}

/// The runs table (see the module) as comfy-table lays out all of it: what
/// [`write_runs_table`] prints, which the tests compare it with.
#[cfg(test)]
fn runs_table(loc: &Localizer, runs: &[Run], wide: bool, width: Option<u16>) -> Table {
    let layout = layout(loc, runs, wide, width);
    layout.table(0..layout.rows(), false)
}

/// Writes the runs table and a line end. With `width`, it fits it: the columns that
/// identify a run always, the headline metrics in order of importance as long as they
/// fit, paths shortened from the left. With `wide`, every column, however wide.
///
/// A long table is not laid out whole: comfy-table lays out the header and the first
/// rows with the columns' widths fixed, and the other rows are written in the same form
/// (its layout of 100,000 rows took about 2 s, all before the first line). Only when
/// comfy-table's rows are exactly what this writes (every cell on one line within its
/// column); otherwise comfy-table does it all.
pub fn write_runs_table(
    loc: &Localizer,
    runs: &[Run],
    wide: bool,
    width: Option<u16>,
    out: &mut impl std::io::Write,
) -> std::io::Result<()> {
    let layout = layout(loc, runs, wide, width);
    if !write_streamed(&layout, out)? {
        writeln!(out, "{}", layout.table(0..layout.rows(), false))?;
    }
    Ok(())
}

/// Writes a long table with comfy-table's layout of its first rows only (see
/// [`write_runs_table`]); `false`, with nothing written, when that would not be the text
/// comfy-table gives for the whole table, or the table is short.
fn write_streamed(layout: &Layout, out: &mut impl std::io::Write) -> std::io::Result<bool> {
    let rows = layout.rows();
    if rows <= SAMPLE_ROWS * 2 {
        return Ok(false);
    }
    let widths: Vec<usize> = layout
        .columns
        .iter()
        .map(|c| layout.content_width(c))
        .collect();
    let fits = layout
        .columns
        .iter()
        .zip(&widths)
        .all(|(c, w)| c.widest <= *w && c.cells.par_iter().all(|v| long_table::one_line(v)));
    if !fits {
        return Ok(false);
    }
    let sample = layout.table(0..SAMPLE_ROWS, true).to_string();
    long_table::write(
        &sample,
        rows,
        |i, line| layout.push_row(i, &widths, line),
        out,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_computed_rate_is_shown_as_the_tools_print_it() {
        let mut r = Run::new(Format::GuidellmJson, None);
        r.set_num("request_rate", 130.44761053711804);
        r.set_num("max_concurrency", 8.0);
        assert_eq!(setting(&r, "request_rate"), "130.45");
        assert_eq!(setting(&r, "max_concurrency"), "8");
        r.set_num("request_rate", f64::INFINITY);
        assert_eq!(setting(&r, "request_rate"), "inf");
    }
    use crate::model::Format;

    /// Runs whose cells differ in width from row to row, some metrics missing.
    fn many_runs(n: usize) -> Vec<Run> {
        (0..n)
            .map(|i| {
                let mut r = Run::new(Format::VllmServeText, Some(i as u64 * 30 + 1));
                r.source = format!("results/{}/job-{i}.log", "deep/".repeat(i % 7));
                r.run_index = (i % 3) as u32;
                r.set_text("model_id", if i % 2 == 0 { "Qwen/Qwen3.5-9B" } else { "m" });
                r.set_num("max_concurrency", (i % 64) as f64);
                r.set_num("total_token_throughput", 1000.0 + i as f64 * 13.37);
                if i % 5 != 0 {
                    r.set_num("mean_ttft_ms", i as f64 / 7.0);
                }
                r.set_num("completed", (i * 10) as f64);
                r
            })
            .collect()
    }

    #[test]
    fn a_long_table_streams_the_text_comfy_table_gives() {
        let loc = crate::l10n::messages();
        let runs = many_runs(1000);
        for (wide, width) in [
            (false, Some(100)),
            (false, Some(60)),
            (false, None),
            (true, None),
        ] {
            let whole = format!("{}\n", runs_table(loc, &runs, wide, width));
            let mut streamed = Vec::new();
            let layout = layout(loc, &runs, wide, width);
            assert!(
                write_streamed(&layout, &mut streamed).unwrap(),
                "{wide} {width:?}"
            );
            assert_eq!(
                String::from_utf8(streamed).unwrap(),
                whole,
                "{wide} {width:?}"
            );
        }
    }

    #[test]
    fn a_cell_comfy_table_would_wrap_is_left_to_it() {
        let loc = crate::l10n::messages();
        let mut runs = many_runs(300);
        runs[200].set_text("model_id", "two\nlines");
        let layout = layout(loc, &runs, false, None);
        let mut out = Vec::new();
        assert!(!write_streamed(&layout, &mut out).unwrap());
        assert!(out.is_empty());
        let mut out = Vec::new();
        write_runs_table(loc, &runs, false, None, &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            format!("{}\n", runs_table(loc, &runs, false, None))
        );
    }

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
