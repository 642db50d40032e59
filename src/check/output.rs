//! What `perflab check` prints: each wrong claim with its line, the claimed and the
//! recomputed value, then the warnings and a count, in the user's language
//! (`locales/*/check.ftl`); or the whole [`Checked`] as JSON for machines.

use fluent_bundle::FluentValue;

use super::claim::{Claim, Quantity};
use super::sanity::Finding;
use super::{Checked, Mistake, Pair, PairedBy};
use crate::l10n::Localizer;

fn quantity_id(q: Quantity) -> &'static str {
    match q {
        Quantity::Value => "check-quantity-value",
        Quantity::Difference => "check-quantity-difference",
        Quantity::PercentChange => "check-quantity-percent-change",
        Quantity::SuccessRate => "check-quantity-success-rate",
        Quantity::Order => "check-quantity-order",
        Quantity::Extremes => "check-quantity-extremes",
        Quantity::Best => "check-quantity-best",
        Quantity::Block => "check-quantity-block",
        Quantity::Ratio => "check-quantity-ratio",
        Quantity::NoGain => "check-quantity-no-gain",
        Quantity::Range => "check-quantity-range",
        Quantity::Parity => "check-quantity-parity",
    }
}

fn with_unit(q: Quantity, v: &str) -> String {
    match q {
        // `-`: no figure, no unit.
        _ if v == "-" => v.to_owned(),
        Quantity::PercentChange | Quantity::SuccessRate | Quantity::NoGain | Quantity::Range => {
            format!("{v}%")
        }
        // Parity is claimed in words and recomputed as the largest change.
        Quantity::Parity if v.parse::<f64>().is_ok() => format!("{v}%"),
        Quantity::Ratio => format!("{v}x"),
        _ => v.to_owned(),
    }
}

fn s(v: &str) -> FluentValue<'_> {
    FluentValue::from(v)
}

fn claim_line(l: &Localizer, file: &str, c: &Claim) -> String {
    let line = c.line.to_string();
    let what = match &c.metric {
        Some(m) => format!("{} {m}", l.tr(quantity_id(c.quantity))),
        None => l.tr(quantity_id(c.quantity)),
    };
    let body = match &c.recomputed {
        Some(r) => l.tr_args(
            "check-wrong",
            &[
                ("what", s(&what)),
                ("subject", s(&c.subject)),
                (
                    "claimed",
                    FluentValue::from(with_unit(c.quantity, &c.claimed)),
                ),
                ("recomputed", FluentValue::from(with_unit(c.quantity, r))),
            ],
        ),
        None => l.tr_args(
            "check-wrong-unmatched",
            &[
                ("what", s(&what)),
                ("subject", s(&c.subject)),
                (
                    "claimed",
                    FluentValue::from(with_unit(c.quantity, &c.claimed)),
                ),
            ],
        ),
    };
    format!("{file}:{line}: {body}")
}

fn unverifiable_line(l: &Localizer, file: &str, c: &Claim) -> String {
    let what = match &c.metric {
        Some(m) => format!("{} {m}", l.tr(quantity_id(c.quantity))),
        None => l.tr(quantity_id(c.quantity)),
    };
    let recomputed = c.recomputed.as_deref().unwrap_or("-");
    let id = c.reason.map_or("check-unverifiable", |r| r.id());
    let body = l.tr_args(
        id,
        &[
            ("what", s(&what)),
            ("subject", s(&c.subject)),
            (
                "claimed",
                FluentValue::from(with_unit(c.quantity, &c.claimed)),
            ),
            (
                "recomputed",
                FluentValue::from(with_unit(c.quantity, recomputed)),
            ),
        ],
    );
    format!("{file}:{}: {body}", c.line)
}

fn finding_message(l: &Localizer, f: &Finding) -> String {
    match f {
        Finding::SuccessRate {
            completed,
            total,
            rate,
            ..
        } => l.tr_args(
            "check-finding-success-rate",
            &[
                ("rate", FluentValue::from(format!("{rate:.1}"))),
                ("completed", FluentValue::from(format!("{completed}"))),
                ("total", FluentValue::from(format!("{total}"))),
            ],
        ),
        Finding::PeakBelowMean { peak, mean, .. } => l.tr_args(
            "check-finding-peak-below-mean",
            &[("peak", s(peak)), ("mean", s(mean))],
        ),
        Finding::PeakAboveMean {
            peak, mean, times, ..
        } => l.tr_args(
            "check-finding-peak-above-mean",
            &[
                ("peak", s(peak)),
                ("mean", s(mean)),
                ("times", FluentValue::from(format!("{times:.0}"))),
            ],
        ),
        Finding::MeanAboveP99 {
            metric, mean, p99, ..
        } => l.tr_args(
            "check-finding-mean-above-p99",
            &[
                ("metric", FluentValue::from(metric.to_uppercase())),
                ("mean", s(mean)),
                ("p99", s(p99)),
            ],
        ),
        Finding::NotAvailable { labels, .. } => l.tr_args(
            "check-finding-not-available",
            &[("labels", FluentValue::from(labels.join(", ")))],
        ),
        Finding::ZeroMedian { labels, .. } => l.tr_args(
            "check-finding-zero-median",
            &[("labels", FluentValue::from(labels.join(", ")))],
        ),
        Finding::ServedModel { served, title, .. } => l.tr_args(
            "check-finding-served-model",
            &[("served", s(served)), ("title", s(title))],
        ),
        Finding::EmptyResult { text, .. } => {
            l.tr_args("check-finding-empty-result", &[("text", s(text))])
        }
        Finding::Reader { message, .. } => message.clone(),
        Finding::Mistake {
            mistake,
            metric,
            claimed,
            recomputed,
            ..
        } => {
            let rows;
            if let Mistake::AgainstConvention { convention, needs } = mistake {
                return against_convention(l, convention, needs.as_deref(), claimed, recomputed);
            }
            let (id, other) = match mistake {
                Mistake::DividedByNew => ("check-mistake-divided-by-new", ""),
                Mistake::SpeedupCalledReduction => ("check-mistake-speedup-called-reduction", ""),
                Mistake::ReductionCalledSpeedup => ("check-mistake-reduction-called-speedup", ""),
                Mistake::OtherMetric { holds_for } => {
                    ("check-mistake-other-metric", holds_for.as_str())
                }
                Mistake::RangeLeavesRowsOut { rows: r } => {
                    rows = r.join(", ");
                    ("check-mistake-range-leaves-rows-out", rows.as_str())
                }
                Mistake::ParityLeavesRowsOut { rows: r } => {
                    rows = r.join(", ");
                    ("check-mistake-parity-leaves-rows-out", rows.as_str())
                }
                Mistake::AgainstConvention { .. } => return String::new(),
            };
            l.tr_args(
                id,
                &[
                    ("claimed", s(claimed)),
                    ("metric", s(metric)),
                    ("recomputed", s(recomputed)),
                    ("other", s(other)),
                ],
            )
        }
        Finding::WithinNoise {
            metric,
            claimed,
            p,
            trials,
            ..
        } => l.tr_args(
            "check-finding-within-noise",
            &[
                ("claimed", s(claimed)),
                ("metric", s(metric)),
                ("before", FluentValue::from(trials[0])),
                ("after", FluentValue::from(trials[1])),
                ("p", FluentValue::from(format!("{p:.3}"))),
            ],
        ),
    }
}

/// A cell its column's formula does not give: the formula, what it gives, and the
/// formula the cell would need.
fn against_convention(
    l: &Localizer,
    convention: &str,
    needs: Option<&str>,
    claimed: &str,
    recomputed: &str,
) -> String {
    let formula = |id: &str| l.tr(&format!("check-formula-{id}"));
    let args = [
        ("claimed", s(claimed)),
        ("recomputed", s(recomputed)),
        ("convention", FluentValue::from(formula(convention))),
        (
            "needs",
            FluentValue::from(needs.map(formula).unwrap_or_default()),
        ),
    ];
    match needs {
        Some(_) => l.tr_args("check-mistake-against-convention", &args),
        None => l.tr_args("check-mistake-no-formula", &args),
    }
}

/// Which results were compared and how perflab told the before from the after.
fn pair_line(l: &Localizer, file: &str, pair: &Pair) -> String {
    format!("{file}:{}: {}", pair.before.line, pair_text(l, pair))
}

/// The two sides compared, their lines and trials, and how they were told apart.
pub fn pair_text(l: &Localizer, pair: &Pair) -> String {
    let id = match pair.by {
        PairedBy::Words => "check-pair-words",
        PairedBy::Order => "check-pair-order",
        PairedBy::Arithmetic => "check-pair-arithmetic",
    };
    let trials = |n: usize| l.tr_args("check-trials", &[("count", FluentValue::from(n))]);
    l.tr_args(
        id,
        &[
            ("before", s(&pair.before.label)),
            (
                "before_line",
                FluentValue::from(pair.before.line.to_string()),
            ),
            (
                "before_trials",
                FluentValue::from(trials(pair.before.trials)),
            ),
            ("after", s(&pair.after.label)),
            ("after_line", FluentValue::from(pair.after.line.to_string())),
            ("after_trials", FluentValue::from(trials(pair.after.trials))),
        ],
    )
}

/// The kind of warning a finding is, when warnings of that kind on several blocks say
/// one thing and are printed as one line; `None` for a finding that stands alone (a
/// success rate, a served model, an empty result, a reader's problem).
fn group_of(f: &Finding) -> Option<&'static str> {
    match f {
        Finding::NotAvailable { .. } => Some("check-finding-not-available"),
        Finding::ZeroMedian { .. } => Some("check-finding-zero-median"),
        Finding::PeakAboveMean { .. } => Some("check-group-peak-above-mean"),
        Finding::PeakBelowMean { .. } => Some("check-group-peak-below-mean"),
        Finding::MeanAboveP99 { .. } => Some("check-group-mean-above-p99"),
        _ => None,
    }
}

/// What a group's findings name, each once in order of appearance: the labels printed
/// `N/A` or zero, the distributions whose mean is above the P99.
fn group_labels(members: &[&Finding]) -> Vec<String> {
    let mut labels: Vec<String> = Vec::new();
    for f in members {
        let named: Vec<String> = match f {
            Finding::NotAvailable { labels, .. } | Finding::ZeroMedian { labels, .. } => {
                labels.clone()
            }
            Finding::MeanAboveP99 { metric, .. } => vec![metric.to_uppercase()],
            _ => Vec::new(),
        };
        for n in named {
            if !labels.contains(&n) {
                labels.push(n);
            }
        }
    }
    labels
}

/// The warnings as printed, in line order: a finding alone on its line, and the findings
/// of one kind on two blocks or more as one line at the first of them, with the count
/// and the lines of the others.
fn warning_lines(l: &Localizer, findings: &[Finding]) -> Vec<(u64, String)> {
    let mut out = Vec::new();
    let mut done = vec![false; findings.len()];
    for (i, f) in findings.iter().enumerate() {
        if done[i] {
            continue;
        }
        let Some(kind) = group_of(f) else {
            // A finding that stands alone is still one line when several blocks say
            // exactly the same (984 of 1000 requests on every ShareGPT run).
            let message = finding_message(l, f);
            let same: Vec<usize> = (i..findings.len())
                .filter(|&j| !done[j] && group_of(&findings[j]).is_none())
                .filter(|&j| finding_message(l, &findings[j]) == message)
                .collect();
            if same.len() < 2 {
                out.push((f.line(), message));
                continue;
            }
            let lines: Vec<String> = same
                .iter()
                .map(|&j| findings[j].line().to_string())
                .collect();
            out.push((
                f.line(),
                l.tr_args(
                    "check-grouped",
                    &[
                        ("message", FluentValue::from(message)),
                        ("count", FluentValue::from(same.len())),
                        ("lines", FluentValue::from(lines.join(", "))),
                    ],
                ),
            ));
            for j in same {
                done[j] = true;
            }
            continue;
        };
        let members: Vec<usize> = (i..findings.len())
            .filter(|&j| !done[j] && group_of(&findings[j]) == Some(kind))
            .collect();
        if members.len() < 2 {
            out.push((f.line(), finding_message(l, f)));
            continue;
        }
        let group: Vec<&Finding> = members.iter().map(|&j| &findings[j]).collect();
        let labels = group_labels(&group).join(", ");
        let message = l.tr_args(
            kind,
            &[
                ("labels", FluentValue::from(labels.clone())),
                ("metric", FluentValue::from(labels)),
                (
                    "limit",
                    FluentValue::from(format!("{}", super::PEAK_OVER_MEAN_LIMIT)),
                ),
            ],
        );
        let lines: Vec<String> = group.iter().map(|g| g.line().to_string()).collect();
        out.push((
            f.line(),
            l.tr_args(
                "check-grouped",
                &[
                    ("message", FluentValue::from(message)),
                    ("count", FluentValue::from(group.len())),
                    ("lines", FluentValue::from(lines.join(", "))),
                ],
            ),
        ));
        for j in members {
            done[j] = true;
        }
    }
    out
}

/// The terminal report: wrong claims, warnings, then one line of counts.
pub fn render_text(checked: &Checked, l: &Localizer) -> String {
    let file = &checked.file;
    let mut lines: Vec<String> = Vec::new();
    lines.extend(checked.pair.iter().map(|p| pair_line(l, file, p)));
    lines.extend(checked.wrong().map(|c| claim_line(l, file, c)));
    lines.extend(
        checked
            .unverifiable()
            .map(|c| unverifiable_line(l, file, c)),
    );
    lines.extend(
        warning_lines(l, &checked.findings)
            .into_iter()
            .map(|(line, msg)| {
                format!(
                    "{file}:{line}: {}",
                    l.tr_args("check-warning", &[("message", FluentValue::from(msg))])
                )
            }),
    );
    // Each finding once: two claims that say the same of the same line (a value quoted
    // twice in one sentence) are one line to read.
    let mut out = String::new();
    let mut seen = std::collections::HashSet::new();
    for line in lines {
        if seen.insert(line.clone()) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    let wrong = checked.wrong().count();
    out.push_str(&l.tr_args(
        "check-summary",
        &[
            ("claims", FluentValue::from(checked.claims.len())),
            ("wrong", FluentValue::from(wrong)),
            ("warnings", FluentValue::from(checked.findings.len())),
            ("blocks", FluentValue::from(checked.blocks)),
            (
                "unverifiable",
                FluentValue::from(checked.unverifiable().count()),
            ),
        ],
    ));
    out.push('\n');
    out
}

/// The whole outcome as pretty JSON: every claim (with `holds`) and every finding, each
/// with its `line`. A serializer error is an error, never a JSON-looking string.
pub fn render_json(checked: &Checked) -> crate::Result<String> {
    serde_json::to_string_pretty(checked).map_err(|e| crate::Error::Render(e.to_string()))
}
