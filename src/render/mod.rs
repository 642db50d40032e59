//! Rendering: view models in, Markdown / HTML / SVG out. Renderers only read what the
//! compare stage computed; every word comes from `l10n`, every layout from `templates/`.

pub mod charts;
pub mod compare;
pub mod curves;
pub mod diff;
pub mod escape;
pub mod history;
pub mod html;
pub mod long_table;
pub mod page;
pub mod report;
pub mod requests;
pub mod runs_table;
pub mod templates;
pub mod terminal;
