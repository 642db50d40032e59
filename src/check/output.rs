//! What `perflab check` prints: each wrong claim with its line, the claimed and the
//! recomputed value, then the warnings and a count, in the user's language
//! (`locales/*/check.ftl`); or the whole [`Checked`] as JSON for machines.

use fluent_bundle::FluentValue;

use super::claims::{Claim, Quantity};
use super::sanity::Finding;
use super::Checked;
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
    }
}

fn with_unit(q: Quantity, v: &str) -> String {
    match q {
        Quantity::PercentChange | Quantity::SuccessRate => format!("{v}%"),
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
    let body = l.tr_args(
        "check-unverifiable",
        &[
            ("what", s(&what)),
            ("subject", s(&c.subject)),
            (
                "claimed",
                FluentValue::from(with_unit(c.quantity, &c.claimed)),
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
    }
}

/// The terminal report: wrong claims, warnings, then one line of counts.
pub fn render_text(checked: &Checked, l: &Localizer) -> String {
    let mut out = String::new();
    let file = &checked.file;
    for c in checked.wrong() {
        out.push_str(&claim_line(l, file, c));
        out.push('\n');
    }
    for c in checked.unverifiable() {
        out.push_str(&unverifiable_line(l, file, c));
        out.push('\n');
    }
    for f in &checked.findings {
        let msg = finding_message(l, f);
        out.push_str(&format!(
            "{file}:{}: {}\n",
            f.line(),
            l.tr_args("check-warning", &[("message", FluentValue::from(msg))])
        ));
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
/// with its `line`.
pub fn render_json(checked: &Checked) -> String {
    serde_json::to_string_pretty(checked).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}
