//! Every size, colour and font of perflab's charts, in one place (criterion.rs
//! `plotters_backend` style), so that all chart kinds look alike and a change of look is a
//! change of this file only.

use plotters::style::RGBColor;

/// Canvas width in SVG pixels; the page scales the chart down on narrow screens (the SVG
/// has a `viewBox`), so this is the desktop size.
pub const WIDTH: u32 = 800;
/// Height of the area where bars are drawn, value labels included; titles, legend and
/// category names add to it.
pub const PLOT_HEIGHT: u32 = 300;
/// Empty border around the whole chart.
pub const MARGIN: u32 = 16;

/// Font sizes in SVG pixels (the `font-size` written into the SVG). Each is one plotters
/// can print exactly (13 and 15 come out as `13.000000000000002`: see `plotters_size`).
pub const TITLE_PX: f64 = 18.0;
pub const LEGEND_PX: f64 = 14.0;
/// Category names use the first size at which no name needs more than
/// `CATEGORY_MAX_LINES` lines, else the last one.
pub const CATEGORY_SIZES: [f64; 3] = [14.0, 12.0, 11.0];
pub const CATEGORY_MIN_PX: f64 = 11.0;
pub const CATEGORY_MAX_LINES: usize = 3;
pub const TICK_PX: f64 = 12.0;
pub const AXIS_DESC_PX: f64 = 14.0;
/// Value labels start at this size and shrink down to the minimum to fit their bar; below
/// that they turn vertical.
pub const VALUE_PX: f64 = 12.0;
pub const VALUE_MIN_PX: f64 = 10.0;
/// Bold text is about this much wider than regular text of the same size.
pub const BOLD_WIDTH: f64 = 1.1;
/// Line height as a multiple of the font size.
pub const LINE_HEIGHT: f64 = 1.3;

/// Share of a category's slot taken by its group of bars; the rest separates groups.
pub const GROUP_FRACTION: f64 = 0.76;
/// Gap between neighbouring bars of a group, as a share of one bar's width.
pub const BAR_GAP_FRACTION: f64 = 0.08;
/// Space between a bar's end and its label, in pixels.
pub const LABEL_GAP: f64 = 4.0;
/// Legend: swatch side, space between swatch and name, space between items.
pub const SWATCH: f64 = 12.0;
pub const SWATCH_GAP: f64 = 6.0;
pub const LEGEND_ITEM_GAP: f64 = 22.0;

/// The font stack written into every `<text>`: the SVG depends on no font at generation
/// time (text extents are estimated in `text.rs`). Browsers pick, glyph by glyph, the
/// first family that has it; rsvg (Pango) and ImageMagick resolve the list through
/// fontconfig. The CJK family comes right after the Latin-and-Cyrillic one, before any
/// Latin-only fallback, so that a renderer that takes one family for a whole text still
/// draws Chinese; `sans-serif` lets fontconfig or the browser finish the search
/// (Debian: fonts-noto-core, fonts-noto-cjk, fonts-dejavu-core).
pub const FONT_FAMILY: &str =
    "Noto Sans, Noto Sans CJK SC, DejaVu Sans, PingFang SC, Microsoft YaHei, Arial, sans-serif";

/// Okabe–Ito, the colour-blind-safe palette (Okabe & Ito 2008), ordered so the first two
/// (baseline, optimized) differ in hue and lightness; yellow comes last because it is
/// faint on white.
pub const PALETTE: [RGBColor; 7] = [
    RGBColor(0x00, 0x72, 0xB2), // blue
    RGBColor(0xE6, 0x9F, 0x00), // orange
    RGBColor(0x00, 0x9E, 0x73), // bluish green
    RGBColor(0xCC, 0x79, 0xA7), // reddish purple
    RGBColor(0x56, 0xB4, 0xE9), // sky blue
    RGBColor(0xD5, 0x5E, 0x00), // vermilion
    RGBColor(0xF0, 0xE4, 0x42), // yellow
];
pub const TEXT: RGBColor = RGBColor(0x1F, 0x23, 0x28);
pub const MUTED: RGBColor = RGBColor(0x65, 0x6D, 0x76);
pub const GRID: RGBColor = RGBColor(0xE1, 0xE4, 0xE8);
pub const AXIS: RGBColor = RGBColor(0x8C, 0x95, 0x9F);
pub const BACKGROUND: RGBColor = RGBColor(0xFF, 0xFF, 0xFF);

/// The colour of the `index`-th series; cycles when there are more series than colours.
pub fn series_color(index: usize) -> RGBColor {
    PALETTE[index % PALETTE.len()]
}

/// The delta chart (`delta.rs`): one horizontal bar per row, this tall, on a row of this
/// pitch; labels and values at [`DELTA_TEXT_PX`].
pub const DELTA_ROW: f64 = 22.0;
pub const DELTA_BAR: f64 = 14.0;
pub const DELTA_TEXT_PX: f64 = 12.0;
/// Labels take at most this share of the inner width; longer ones are cut at the front
/// (the end names the file and the metric).
pub const DELTA_LABEL_FRACTION: f64 = 0.42;
/// The tone colours of a delta bar, from the same Okabe–Ito set as [`PALETTE`]: a
/// regression is the one saturated warm colour, a change within noise the lighter
/// orange, an improvement bluish green; a worse-but-passing change a dark grey and no
/// change the axis grey, so that only the first two catch the eye.
pub const REGRESSION: RGBColor = RGBColor(0xD5, 0x5E, 0x00); // vermilion
pub const WITHIN_NOISE: RGBColor = RGBColor(0xE6, 0x9F, 0x00); // orange
pub const BETTER: RGBColor = RGBColor(0x00, 0x9E, 0x73); // bluish green
pub const WORSE: RGBColor = MUTED;
pub const NEUTRAL: RGBColor = AXIS;
