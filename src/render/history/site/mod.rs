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
        runs: changes::run_count(trends, &workloads),
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
    // Written plainly, not each synced and renamed as the pages are: 20,000 syncs took
    // most of a minute at 10,000 series, and the next report writes a cut-short site whole.
    let series: Vec<PathBuf> = workloads
        .par_iter()
        .enumerate()
        .map(|(i, w)| {
            let path = data::series_path(out, i);
            std::fs::write(&path, data::series_script(trends, &tables, w))
                .map_err(|e| Error::io(&path, e))?;
            Ok(path)
        })
        .collect::<Result<_>>()?;
    written.extend(series);
    remove_stale(out, workloads.len(), langs)?;
    Ok(written)
}

/// Removes what an earlier report wrote in `out` that this one did not: the data of
/// workloads past this report's count (`trend.html#N` would show another store's series)
/// and the pages of languages not asked for this time (they link to the new data). Only
/// files by the site's own names are touched; anything else in the folder stays.
fn remove_stale(out: &Path, workloads: usize, langs: &[&'static str]) -> Result<()> {
    let series_dir = out.join("data").join("s");
    let entries = std::fs::read_dir(&series_dir).map_err(|e| Error::io(&series_dir, e))?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let number = name
            .to_str()
            .and_then(|n| n.strip_suffix(".js"))
            .and_then(|n| n.parse::<usize>().ok());
        if number.is_some_and(|n| n == 0 || n > workloads) {
            let path = entry.path();
            std::fs::remove_file(&path).map_err(|e| Error::io(&path, e))?;
        }
    }
    let others = crate::l10n::LANGUAGES.iter().filter(|l| !langs.contains(l));
    for lang in others {
        for stem in ["index", "series", "trend"] {
            let path = out.join(format!("{stem}.{lang}.html"));
            match std::fs::remove_file(&path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    return Err(Error::io(&path, e))
                }
                _ => {}
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::sync::Arc;

    use super::*;
    use crate::history::trend::{analyse, Point, Series, TrendSpec};
    use crate::history::Settings;

    /// Two workloads, one with markup in its key and labels, the other stepping down 20%
    /// on night 20 of 30.
    fn trends() -> Trends {
        let spec = TrendSpec {
            metrics: vec!["output_throughput".into()],
            default_metrics: false,
            key: vec!["model_id".into(), "dataset".into()],
            filters: Vec::new(),
            since: None,
            settings: Settings::default(),
            recent: 30,
        };
        let series = ["<img src=x onerror=alert(1)>", "m&\"2\""]
            .iter()
            .enumerate()
            .map(|(w, model)| {
                let points = (1..=30)
                    .map(|d| Point {
                        date: format!("2026-01-{d:02}").into(),
                        run_id: format!("{w}-{d}").into(),
                        labels: Arc::new(BTreeMap::from([(
                            "commit".to_owned(),
                            format!("</script><b>c{d}"),
                        )])),
                        value: if w == 1 && d >= 20 { 80.0 } else { 100.0 } + (d % 3) as f64,
                    })
                    .collect();
                let mut s = Series {
                    key: vec![
                        ("model_id".into(), (*model).to_owned()),
                        ("dataset".into(), String::new()),
                    ],
                    metric: "output_throughput".into(),
                    points,
                    change_points: Vec::new(),
                    latest: None,
                };
                analyse(&mut s, &spec);
                s
            })
            .collect();
        Trends {
            metrics: spec.metrics.clone(),
            key: spec.key.clone(),
            series,
            settings: spec.settings,
            recent: 30,
        }
    }

    #[test]
    fn every_page_escapes_user_text_and_the_site_is_deterministic() {
        let t = trends();
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let langs = ["en", "ru", "zh-CN"];
        let window = Window::Nights(30);
        let written = write(a.path(), &t, "<store>", &window, &langs).unwrap();
        write(b.path(), &t, "<store>", &window, &langs).unwrap();
        // 3 pages × 3 languages, the script, nights, index, a file per workload.
        assert_eq!(written.len(), 9 + 1 + 2 + 2, "{written:?}");
        for path in &written {
            let rel = path.strip_prefix(a.path()).unwrap();
            let text = std::fs::read_to_string(path).unwrap();
            assert_eq!(text, std::fs::read_to_string(b.path().join(rel)).unwrap());
            if rel.extension().is_some_and(|e| e == "html") {
                assert!(
                    !text.contains("<img") && !text.contains("<b>c"),
                    "{rel:?}: {text}"
                );
                assert!(!text.contains("<store>"), "{rel:?}");
                assert!(text.contains("script-src 'self'"), "{rel:?}");
            }
        }
        let first = std::fs::read_to_string(a.path().join("index.en.html")).unwrap();
        // Named by the telling key value (the empty dataset left out), escaped; the
        // stepping workload is the second, so its page is trend.en.html#2.
        assert!(
            first.contains("href=\"trend.en.html#2\">m&amp;&quot;2&quot;</a>"),
            "{first}"
        );
        assert!(
            first.contains("commit=&lt;/script&gt;&lt;b&gt;c20"),
            "{first}"
        );
        assert!(
            first.contains("2 series of 60 runs in &lt;store&gt;."),
            "{first}"
        );
        let index = std::fs::read_to_string(a.path().join("data/index.js")).unwrap();
        assert!(
            index.contains("\"columns\":[\"model_id\"]"),
            "no empty column: {index}"
        );
    }

    /// A report written again into the folder of a larger one, in fewer languages: the
    /// data of workloads it no longer has and the other languages' pages are gone; a file
    /// of the user's in the folder stays.
    #[test]
    fn a_report_into_an_older_sites_folder_leaves_nothing_stale() {
        let t = trends();
        let out = tempfile::tempdir().unwrap();
        let window = Window::Nights(30);
        write(out.path(), &t, "s", &window, &["en", "ru"]).unwrap();
        std::fs::write(out.path().join("data/s/7.js"), "old").unwrap();
        std::fs::write(out.path().join("data/s/notes.txt"), "mine").unwrap();
        std::fs::write(out.path().join("README.md"), "mine").unwrap();
        let mut one = trends();
        one.series.truncate(1);
        write(out.path(), &one, "s", &window, &["en"]).unwrap();
        assert!(out.path().join("data/s/1.js").exists());
        assert!(!out.path().join("data/s/2.js").exists());
        assert!(!out.path().join("data/s/7.js").exists());
        assert!(!out.path().join("index.ru.html").exists());
        assert!(!out.path().join("trend.ru.html").exists());
        assert!(out.path().join("index.en.html").exists());
        assert!(out.path().join("data/s/notes.txt").exists());
        assert!(out.path().join("README.md").exists());
    }
}
