//! What every terminal table shares: the width it must fit (`COLUMNS`, else the
//! terminal's own, else none for a pipe) and paths shortened from the left, so that the
//! file name, the part that tells runs apart, stays visible.

use comfy_table::{ColumnConstraint, ContentArrangement, Table};

/// Below this a table is not squeezed further: wrapping every cell to a letter or two is
/// less readable than a line that runs past the edge.
pub const MIN_WIDTH: u16 = 40;

/// The width to fit: `COLUMNS` when set (what shells export and what scripts set to ask
/// for a width), else the terminal's when `is_terminal`, else `None` (a pipe or a file gets
/// whole lines).
pub fn target_width(is_terminal: bool) -> Option<u16> {
    let from_env = std::env::var("COLUMNS")
        .ok()
        .and_then(|v| v.trim().parse::<u16>().ok())
        .filter(|w| *w > 0);
    let width = from_env.or_else(|| {
        if !is_terminal {
            return None;
        }
        let probe = Table::new();
        probe.width()
    })?;
    Some(width.max(MIN_WIDTH))
}

/// Makes `table` fit `width`: comfy-table's dynamic arrangement wraps the columns that
/// are not `fixed` (numbers stay on one line); a table without a width is left as is.
pub fn fit(table: &mut Table, width: Option<u16>, fixed: impl Iterator<Item = usize>) {
    let Some(width) = width else {
        table.force_no_tty();
        return;
    };
    table.set_width(width);
    table.set_content_arrangement(ContentArrangement::Dynamic);
    for i in fixed {
        if let Some(c) = table.column_mut(i) {
            c.set_constraint(ColumnConstraint::ContentWidth);
        }
    }
}

/// `text` in at most `max` characters, cut from the left behind an ellipsis:
/// `…/vllm-0.33.0/run1/result.json`. Cut at a `/` when one is near, so the reader sees
/// whole names.
pub fn shorten_left(text: &str, max: usize) -> String {
    let count = text.chars().count();
    if count <= max || max < 2 {
        return text.to_owned();
    }
    let keep = max - 1;
    let tail: String = text.chars().skip(count - keep).collect();
    // Prefer a cut just after a separator within the kept part's first third.
    let at_slash = tail
        .char_indices()
        .take_while(|(i, _)| *i <= keep / 3)
        .find(|(_, c)| *c == '/')
        .map(|(i, _)| i);
    match at_slash {
        Some(i) => format!("…{}", &tail[i..]),
        None => format!("…{tail}"),
    }
}

/// Width in terminal cells of `text`, as comfy-table counts it (wide CJK characters
/// count two).
pub fn cells(text: &str) -> usize {
    unicode_width::UnicodeWidthStr::width(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_keep_their_file_name() {
        let p = "fixtures/corpus/generated/vllm-0.33.0/run1-openai-rate20/result.json";
        let short = shorten_left(p, 40);
        assert!(short.chars().count() <= 40, "{short}");
        assert!(short.starts_with("…/"), "{short}");
        assert!(short.ends_with("run1-openai-rate20/result.json"), "{short}");
        assert_eq!(shorten_left("a.txt", 40), "a.txt");
        assert_eq!(cells("吞吐量"), 6);
    }
}
