//! The terminal table of `perflab ingest`: one row per run, the columns people look at
//! first. Everything else is in `--json` / `--csv`.

use comfy_table::{presets::UTF8_FULL_CONDENSED, CellAlignment, Table};

use crate::model::Run;

/// (header, column, decimals)
const COLUMNS: [(&str, &str, usize); 10] = [
    ("completed", "completed", 0),
    ("failed", "failed", 0),
    ("req/s", "request_throughput", 2),
    ("out tok/s", "output_throughput", 2),
    ("total tok/s", "total_token_throughput", 2),
    ("mean TTFT ms", "mean_ttft_ms", 2),
    ("p99 TTFT ms", "p99_ttft_ms", 2),
    ("mean TPOT ms", "mean_tpot_ms", 2),
    ("mean ITL ms", "mean_itl_ms", 2),
    ("mean E2EL ms", "mean_e2el_ms", 2),
];

pub fn runs_table(runs: &[Run]) -> Table {
    let mut table = Table::new();
    table.load_preset(UTF8_FULL_CONDENSED);
    let mut header = vec!["source", "line", "#", "format"];
    header.extend(COLUMNS.iter().map(|c| c.0));
    table.set_header(header);
    for run in runs {
        let mut row = vec![
            run.source.clone(),
            run.line.map_or("-".into(), |l| l.to_string()),
            run.run_index.to_string(),
            run.format.to_string(),
        ];
        row.extend(
            COLUMNS
                .iter()
                .map(|(_, col, dec)| run.get(col).map_or("-".into(), |v| format!("{v:.dec$}"))),
        );
        table.add_row(row);
    }
    for i in 1..table.column_count() {
        if let Some(c) = table.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    table
}
