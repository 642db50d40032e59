//! What decided each verdict, and how many runs would decide it: the basis appended to a
//! verdict cell, and one line per change rule under the table from
//! `Comparison::power` (decided in `compare::noise`; only worded here).

use fluent_bundle::FluentValue;

use crate::compare::diff::{MetricDiff, PairDiff};
use crate::compare::noise::{Basis, RulePower};
use crate::compare::policy::Limit;
use crate::compare::Comparison;
use crate::l10n::Localizer;
use crate::stats::noise::{Source, MAX_RUNS_NEEDED};

fn s(x: impl Into<String>) -> FluentValue<'static> {
    FluentValue::from(x.into())
}

fn n(x: usize) -> FluentValue<'static> {
    FluentValue::from(x as i64)
}

/// A share in percent with one decimal (`12.3%`).
fn pct(x: f64) -> String {
    format!("{x:.1}%")
}

fn basis_id(basis: Basis) -> Option<&'static str> {
    Some(match basis {
        Basis::Threshold => return None,
        Basis::Repeats => "diff-basis-repeats",
        Basis::RepeatsOneSide => "diff-basis-repeats-one-side",
        Basis::History => "diff-basis-history",
        Basis::Setups => "diff-basis-setups",
        Basis::HistoryWindow => "diff-basis-history-window",
        Basis::Declared => "diff-basis-declared",
        Basis::Requests => "diff-basis-requests",
        Basis::NoNoiseEstimate => "diff-basis-no-noise-estimate",
        Basis::OneRunThreshold => "diff-basis-one-run-threshold",
    })
}

/// `verdict` followed by what decided it, when a test of the noise (or its absence)
/// did: "within noise (history)", "regression (…; threshold alone: …)".
pub fn with_basis(
    verdict: String,
    pair: &PairDiff,
    m: &MetricDiff,
    cmp: &Comparison,
    l10n: &Localizer,
) -> String {
    let Some(status) = m.status else {
        return verdict;
    };
    let check = pair
        .checks
        .iter()
        .filter(|c| c.outcome == status && cmp.rules[c.rule].metric == m.metric)
        .find_map(|c| basis_id(c.basis));
    match check {
        Some(id) => l10n.tr_args(
            "diff-verdict-basis",
            &[("verdict", s(verdict)), ("basis", s(l10n.tr(id)))],
        ),
        None => verdict,
    }
}

fn source_text(p: &RulePower, l10n: &Localizer) -> String {
    let id = match p.source {
        Source::Repeats => "diff-noise-source-repeats",
        Source::History => "diff-noise-source-history",
        Source::Setups => "diff-noise-source-setups",
        Source::Declared => "diff-noise-source-declared",
        Source::Typical => "diff-noise-source-typical",
    };
    l10n.tr(id)
}

/// One line per change rule: the noise between runs, the smallest change the runs
/// detect, and the runs a side its threshold needs.
pub fn lines(cmp: &Comparison, l10n: &Localizer) -> Vec<String> {
    cmp.power
        .iter()
        .filter_map(|p| {
            let rule = cmp.rules.get(p.rule)?;
            let Limit::ChangePercent(threshold) = rule.limit else {
                return None;
            };
            let threshold = crate::numbers::signed_percent(threshold);
            let needed = match p.runs_needed {
                Some(runs) => l10n.tr_args(
                    "diff-power-runs",
                    &[("runs", n(runs)), ("threshold", s(threshold))],
                ),
                None => l10n.tr_args(
                    "diff-power-runs-more",
                    &[("max", n(MAX_RUNS_NEEDED)), ("threshold", s(threshold))],
                ),
            };
            // σ of ln is about the coefficient of variation: shown as a share of the mean.
            let sigma = pct(p.sigma * 100.0);
            Some(match (p.source, p.detectable_percent) {
                (Source::Typical, _) | (_, None) => l10n.tr_args(
                    "diff-power-typical",
                    &[
                        ("rule", s(rule.to_string())),
                        ("sigma", s(sigma)),
                        ("needed", s(needed)),
                    ],
                ),
                (_, Some(detectable)) => l10n.tr_args(
                    "diff-power-known",
                    &[
                        ("rule", s(rule.to_string())),
                        ("sigma", s(sigma)),
                        ("source", s(source_text(p, l10n))),
                        ("baseline_runs", n(p.baseline_runs)),
                        ("candidate_runs", n(p.candidate_runs)),
                        ("detectable", s(pct(detectable))),
                        ("needed", s(needed)),
                    ],
                ),
            })
        })
        .collect()
}
