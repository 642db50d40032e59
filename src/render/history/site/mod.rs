//! `history report --out DIR`: a static site that opens from the folder, with no server
//! and no network. Per language `index.LANG.html` (what changed in the last nights,
//! `history::changes`), `series.LANG.html` (every workload, filtered and sorted by
//! `site.js` from `data/index.js`) and `trend.LANG.html#N` (workload N from
//! `data/s/N.js`); the data, written once for every language, and `site.js` beside them.
//! The folder grows with the series and their runs: one file of data per workload.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::history::changes::{self, Window};
use crate::history::trend::Trends;
use crate::l10n::Localizer;
use crate::render::page::write_text;
use crate::{Error, Result};

mod data;
mod pages;

const SITE_JS: &str = include_str!("../../../../templates/history-site/site.js");

/// Writes the site under `out` in `langs` and returns the files written: the pages, then
/// the script, then the data (the workloads' files last, in order).
pub fn write(
    out: &Path,
    trends: &Trends,
    store: &str,
    window: &Window,
    langs: &[&'static str],
) -> Result<Vec<PathBuf>> {
    let workloads = changes::workloads(trends);
    let changed = changes::what_changed(trends, &workloads, window);
    let cx = pages::Context {
        trends,
        workloads: &workloads,
        store,
        runs: changes::run_count(trends),
        window,
        changed: &changed,
        langs,
    };
    let series_dir = out.join("data").join("s");
    std::fs::create_dir_all(&series_dir).map_err(|e| Error::io(&series_dir, e))?;
    let mut written = Vec::new();
    for lang in langs {
        let loc = Localizer::new(lang)?;
        for (name, html) in pages::pages(&loc, &cx) {
            written.push(write_text(&out.join(name), &html)?);
        }
    }
    written.push(write_text(&out.join("site.js"), SITE_JS)?);
    let tables = data::Tables::new(trends);
    written.push(write_text(
        &out.join("data").join("nights.js"),
        &tables.script(),
    )?);
    written.push(write_text(
        &out.join("data").join("index.js"),
        &data::index_script(trends, &workloads),
    )?);
    // One file per workload, on every core: the bulk of the writing at 10,000 series.
    let series: Vec<PathBuf> = workloads
        .par_iter()
        .enumerate()
        .map(|(i, w)| {
            write_text(
                &data::series_path(out, i),
                &data::series_script(trends, &tables, w),
            )
        })
        .collect::<Result<_>>()?;
    written.extend(series);
    Ok(written)
}
