//! STAND-IN (helper E, branch helper-e): Markdown → one self-contained HTML page, behind
//! the agreed interface, until helper F's page (CSS, `<details>` for raw blocks, print
//! styles) is merged. At merge, replace this file with F's `src/render/html.rs`.

use std::collections::BTreeMap;

use crate::render::templates::escape_html;
use crate::Result;

/// The page for `markdown`; `charts` maps the image paths used in the Markdown
/// (`charts/conclusion.en.svg`) to SVG text, inlined in place of the image.
pub fn page(
    markdown: &str,
    title: &str,
    lang: &str,
    charts: &BTreeMap<String, String>,
) -> Result<String> {
    let mut options = comrak::Options::default();
    options.extension.table = true;
    // perflab's own Markdown carries a few raw spans; user text in it is escaped.
    options.render.unsafe_ = true;
    let mut body = comrak::markdown_to_html(markdown, &options);
    for (path, svg) in charts {
        let needle = format!("<img src=\"{}\"", escape_html(path));
        while let Some(start) = body.find(&needle) {
            let Some(len) = body[start..].find("/>") else {
                break;
            };
            body.replace_range(start..start + len + 2, svg.trim_end());
        }
    }
    Ok(format!(
        "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>body{{max-width:60em;margin:auto;padding:1em;font-family:sans-serif}}table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.3em}}.perflab-better{{background:#d4f4dd}}.perflab-worse{{background:#ffd6d6}}.perflab-skipped{{background:#eee}}svg{{max-width:100%;height:auto}}</style>\n</head>\n<body>\n{}</body>\n</html>\n",
        escape_html(lang),
        escape_html(title),
        body
    ))
}
