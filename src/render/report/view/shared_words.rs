//! Words the report shares with the other renderers (runs table, curves, charts,
//! `compare`'s terminal output): a metric's name in the reader's language and with its
//! unit, the best-against-worst sentence of a group, and a serving command laid out one
//! parameter per line. Apart from the report's view because they depend on no study.

use fluent_bundle::FluentValue;

use super::{text, yes_no};
use crate::compare::{fixed, Direction, MetricSpec, RunGap};
use crate::l10n::Localizer;
use crate::study::GapStyle;

/// The best-against-worst sentence of a group, ending with a full stop. `best` and
/// `worst` are Markdown-safe labels.
pub fn gap_sentence(
    loc: &Localizer,
    style: GapStyle,
    primary: &MetricSpec,
    secondary: &MetricSpec,
    gap: &RunGap,
    best: &str,
    worst: &str,
) -> String {
    let p = &gap.primary;
    let args = [
        ("best", text(best)),
        ("worst", text(worst)),
        ("metric", text(metric_name(loc, &primary.key))),
        ("best_value", text(fixed(p.best))),
        ("worst_value", text(fixed(p.worst))),
        ("diff", text(p.diff_text.clone())),
        ("unit", text(primary.unit)),
        ("pct", text(p.percent_text.clone())),
        ("ratio", text(p.ratio_text.clone())),
    ];
    let id = match style {
        GapStyle::Percent => "group-gap-percent",
        GapStyle::Ratio => "group-gap-ratio",
    };
    let gap_words = loc.tr_args(id, &args);
    let Some(s) = &gap.secondary else {
        return loc.tr_args("group-summary-primary-only", &[("gap", text(gap_words))]);
    };
    let direction = match s.direction {
        Direction::Reduced => "reduced",
        Direction::Increased => "increased",
        Direction::Unchanged => "unchanged",
    };
    let secondary_words = loc.tr_args(
        "group-secondary",
        &[
            ("metric", text(metric_name(loc, &secondary.key))),
            ("best_value", text(fixed(s.best_run))),
            ("worst_value", text(fixed(s.worst_run))),
            ("unit", text(secondary.unit)),
            ("direction", text(direction)),
            ("diff", text(s.diff_text.clone())),
            ("pct", text(s.percent_text.clone())),
            ("worse", yes_no(s.worse)),
            ("lower_is_better", yes_no(!secondary.higher_is_better)),
        ],
    );
    loc.tr_args(
        "group-summary",
        &[
            ("gap", text(gap_words)),
            ("secondary", text(secondary_words)),
        ],
    )
}

/// The localized name of a metric column, or the column when the locale lacks it.
/// A metric's name in the reader's language: its own message (`metric-mean_ttft_ms`),
/// else, for a distribution column (`STAT_FAMILY_ms`), the statistic and the family
/// composed (`P90 ITL`), else the column name as it is.
pub fn metric_name(loc: &Localizer, key: &str) -> String {
    let known = |id: String| {
        let text = loc.tr(&id);
        (text != id).then_some(text)
    };
    if let Some(name) = known(format!("metric-{key}")) {
        return name;
    }
    let base = key.strip_suffix("_ms").unwrap_or(key);
    let mut families = crate::model::schema::DISTRIBUTIONS;
    // `client_queue_time` before `time`-like shorter suffixes.
    families.sort_by_key(|f| std::cmp::Reverse(f.len()));
    for family in families {
        let Some(stat) = base.strip_suffix(&format!("_{family}")) else {
            continue;
        };
        let stat_name = match stat.strip_prefix('p') {
            Some(p) if !p.is_empty() && p.chars().all(|c| c.is_ascii_digit() || c == '.') => {
                Some(loc.tr_args("stat-percentile", &[("p", FluentValue::from(p.to_owned()))]))
            }
            _ => known(format!("stat-{stat}")),
        };
        if let (Some(stat), Some(family)) = (stat_name, known(format!("family-{family}"))) {
            return loc.tr_args(
                "metric-stat-family",
                &[
                    ("stat", FluentValue::from(stat)),
                    ("family", FluentValue::from(family)),
                ],
            );
        }
    }
    key.to_owned()
}

/// `Mean TPOT (ms)`; counts have no unit.
pub fn with_unit(name: &str, unit: &str) -> String {
    if unit.is_empty() {
        name.to_owned()
    } else {
        format!("{name} ({unit})")
    }
}

/// `vllm serve MODEL \` then one parameter per line, indented, continued with `\`.
pub fn serving_command_text(head: &str, params: &[String]) -> String {
    let mut lines = vec![head.to_owned()];
    lines.extend(params.iter().map(|p| format!("    {p}")));
    lines.join(" \\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serving_command_one_parameter_per_line() {
        let s = serving_command_text("vllm serve M", &["--a=1".into(), "--b".into()]);
        assert_eq!(s, "vllm serve M \\\n    --a=1 \\\n    --b");
        assert_eq!(serving_command_text("vllm serve M", &[]), "vllm serve M");
    }
}
