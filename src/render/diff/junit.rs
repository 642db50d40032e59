//! JUnit XML of a diff, so CI systems list each rule on each matched pair as a test:
//! a regression is a `<failure>`, a rule whose metric is missing on a side is `<skipped>`,
//! the rest pass (within-noise and already-beyond outcomes say so in `<system-out>`).
//! Test case: `classname` = the pair's key, `name` = the rule.

use std::fmt::Write as _;

use fluent_bundle::FluentValue;

use super::{fmt_percent, fmt_value};
use crate::compare::diff::{Check, CheckOutcome};
use crate::compare::policy::Limit;
use crate::compare::Comparison;
use crate::l10n::Localizer;
use crate::render::escape::markup as escape_xml;

fn observed(cmp: &Comparison, check: &Check) -> String {
    match (check.observed, &cmp.rules[check.rule].limit) {
        (None, _) => "—".into(),
        (Some(x), Limit::ChangePercent(_)) => fmt_percent(x),
        (Some(x), Limit::Value(_)) => fmt_value(x),
    }
}

pub fn render(cmp: &Comparison, l10n: &Localizer) -> String {
    let e = escape_xml;
    let checks: Vec<(&str, &Check)> = cmp
        .pairs
        .iter()
        .flat_map(|p| p.checks.iter().map(move |c| (p.label.as_str(), c)))
        .collect();
    // A candidate that completed no request is a failure of its own, ruled by no rule.
    let no_success: Vec<&str> = cmp
        .pairs
        .iter()
        .filter(|p| p.candidate_failed)
        .map(|p| p.label.as_str())
        .collect();
    let tests = checks.len() + no_success.len();
    let failures = no_success.len()
        + checks
            .iter()
            .filter(|(_, c)| c.outcome == CheckOutcome::Regression)
            .count();
    let skipped = checks
        .iter()
        .filter(|(_, c)| c.outcome == CheckOutcome::NotApplicable)
        .count();
    let mut x = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let counts =
        format!("tests=\"{tests}\" failures=\"{failures}\" errors=\"0\" skipped=\"{skipped}\"");
    let _ = writeln!(x, "<testsuites name=\"perflab diff\" {counts}>");
    let _ = writeln!(x, "  <testsuite name=\"perflab diff\" {counts}>");
    // Escaped once: every pair repeats the same rules.
    let rule_names: Vec<String> = cmp.rules.iter().map(|r| e(&r.to_string())).collect();
    let skipped_message = e(&l10n.tr("diff-junit-not-applicable"));
    for (label, check) in checks {
        let _ = write!(
            x,
            "    <testcase classname=\"{}\" name=\"{}\"",
            e(label),
            rule_names[check.rule]
        );
        let message = |id: &str| {
            let args = [
                ("rule", FluentValue::from(cmp.rule_text(check))),
                ("observed", FluentValue::from(observed(cmp, check))),
                ("key", FluentValue::from(label.to_owned())),
            ];
            e(&l10n.tr_args(id, &args))
        };
        let _ = match check.outcome {
            CheckOutcome::Pass => writeln!(x, "/>"),
            CheckOutcome::Regression => writeln!(
                x,
                ">\n      <failure type=\"regression\" message=\"{m}\">{m}</failure>\n    </testcase>",
                m = message("diff-junit-failure")
            ),
            CheckOutcome::NotApplicable => writeln!(
                x,
                ">\n      <skipped message=\"{skipped_message}\"/>\n    </testcase>"
            ),
            CheckOutcome::WithinNoise => writeln!(
                x,
                ">\n      <system-out>{}</system-out>\n    </testcase>",
                message("diff-junit-within-noise")
            ),
            CheckOutcome::Inconclusive => writeln!(
                x,
                ">\n      <system-out>{}</system-out>\n    </testcase>",
                message("diff-junit-inconclusive")
            ),
            CheckOutcome::AlreadyBeyond => writeln!(
                x,
                ">\n      <system-out>{}</system-out>\n    </testcase>",
                message("diff-junit-already-beyond")
            ),
        };
    }
    for label in no_success {
        let m = e(&l10n.tr_args(
            "diff-junit-no-success",
            &[("key", FluentValue::from(label.to_owned()))],
        ));
        let _ = writeln!(
            x,
            "    <testcase classname=\"{}\" name=\"completed&gt;0\">\n      <failure type=\"regression\" message=\"{m}\">{m}</failure>\n    </testcase>",
            e(label)
        );
    }
    x.push_str("  </testsuite>\n</testsuites>\n");
    x
}
