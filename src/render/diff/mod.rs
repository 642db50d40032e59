//! Renderers of a [`Comparison`]: terminal table, Markdown (pull-request comment and
//! `$GITHUB_STEP_SUMMARY`), HTML page, JUnit XML and JSON. They only read the comparison:
//! every verdict was decided in `compare::diff`. [`DiffView`] turns it into localized,
//! formatted text once; each format then lays that text out and escapes it its own way.

pub mod capacity;
mod chart;
pub mod html;
pub mod junit;
pub mod markdown;
mod power;
pub mod terminal;

use fluent_bundle::FluentValue;
use serde::Serialize;

use crate::compare::diff::{CheckOutcome, MetricDiff, PairDiff, Trend, Unmatched, Verdict};
use crate::compare::policy::PolicyOrigin;
use crate::compare::Comparison;
use crate::l10n::Localizer;
use crate::model::schema::is_integer;
use crate::stats::welch::Summary;

/// How a row (or a bar of the chart) should stand out: colour in the terminal, class in
/// HTML, mark in Markdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tone {
    Regression,
    WithinNoise,
    Better,
    Worse,
    Neutral,
}

/// One row of the details table: a metric of a matched pair, every cell already text.
#[derive(Debug, Clone, Serialize)]
pub struct RowView {
    pub pair: String,
    pub metric: String,
    pub baseline: String,
    pub candidate: String,
    pub change: String,
    pub ci: String,
    pub p: String,
    /// The interval and the p-value in one cell (`[-9.00%, -2.71%]` over `p 0.003`), for a
    /// terminal too narrow for both columns.
    pub ci_p: String,
    pub trend: String,
    pub verdict: String,
    pub tone: Tone,
    /// A rule names this metric: the row goes into the delta chart.
    pub watched: bool,
    /// The change in percent, for the chart (±∞ allowed; `None` when a side is missing).
    pub change_percent: Option<f64>,
}

/// Everything a renderer shows, localized and formatted.
#[derive(Debug, Clone, Serialize)]
pub struct DiffView {
    pub lang: &'static str,
    pub title: String,
    pub verdict: Verdict,
    /// One plain-text line: the verdict and the counts.
    pub verdict_line: String,
    /// Where the rules came from ("Policy (default):"); each format lists `rules` after it
    /// in its own markup.
    pub policy_line: String,
    pub rules: Vec<String>,
    pub notes: Vec<String>,
    pub headers: Vec<String>,
    /// The header of [`RowView::ci_p`].
    pub ci_p_header: String,
    pub rows: Vec<RowView>,
    pub added_title: String,
    pub added: Vec<String>,
    pub removed_title: String,
    pub removed: Vec<String>,
    pub details_title: String,
    pub chart_title: String,
}

fn n(x: usize) -> FluentValue<'static> {
    FluentValue::from(x as i64)
}

fn s(x: impl Into<String>) -> FluentValue<'static> {
    FluentValue::from(x.into())
}

/// Fixed two decimals, so that goldens compare and columns align.
pub fn fmt_value(x: f64) -> String {
    format!("{x:.2}")
}

pub use crate::numbers::signed_percent as fmt_percent;

fn fmt_p(p: f64) -> String {
    if p < 0.001 {
        "<0.001".into()
    } else {
        format!("{p:.3}")
    }
}

const DASH: &str = "—";

/// A metric's value: counts that are whole print without decimals (`16`, not `16.00`),
/// everything else with two.
fn fmt_metric(metric: &str, x: f64) -> String {
    if is_integer(metric) && x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        fmt_value(x)
    }
}

/// `mean`, or `mean ± sd (n=N)` for repeated runs.
fn side(metric: &str, summary: &Option<Summary>) -> String {
    match summary {
        None => DASH.into(),
        Some(s) => match s.std_dev {
            Some(sd) => format!(
                "{} ± {} (n={})",
                fmt_metric(metric, s.mean),
                fmt_metric(metric, sd),
                s.n
            ),
            None => fmt_metric(metric, s.mean),
        },
    }
}

impl DiffView {
    pub fn new(cmp: &Comparison, l10n: &Localizer) -> DiffView {
        let c = &cmp.counts;
        let verdict_line = match cmp.verdict {
            Verdict::Pass => l10n.tr_args(
                "diff-verdict-pass",
                &[
                    ("matched", n(c.matched)),
                    ("added", n(c.added)),
                    ("removed", n(c.removed)),
                ],
            ),
            // Only capacity regressed: the runs themselves passed every rule.
            Verdict::Regression if c.regressions == 0 => l10n.tr_args(
                "diff-verdict-fail-capacity",
                &[
                    ("capacity", n(c.capacity_regressions)),
                    ("series", n(c.capacity_series)),
                    ("matched", n(c.matched)),
                    ("added", n(c.added)),
                    ("removed", n(c.removed)),
                ],
            ),
            Verdict::Regression => {
                let mut line = l10n.tr_args(
                    "diff-verdict-fail",
                    &[
                        ("regressions", n(c.regressions)),
                        ("pairs", n(c.regressed_pairs)),
                        ("matched", n(c.matched)),
                        ("added", n(c.added)),
                        ("removed", n(c.removed)),
                    ],
                );
                if c.capacity_regressions > 0 {
                    line.push_str(&l10n.tr_args(
                        "diff-verdict-and-capacity",
                        &[
                            ("capacity", n(c.capacity_regressions)),
                            ("series", n(c.capacity_series)),
                        ],
                    ));
                }
                line
            }
        };
        let rules: Vec<String> = cmp.rules.iter().map(ToString::to_string).collect();
        let policy_line = match &cmp.policy {
            PolicyOrigin::Default => l10n.tr("diff-policy-default"),
            PolicyOrigin::Flags => l10n.tr("diff-policy-flags"),
            PolicyOrigin::Config(path) => l10n.tr_args(
                "diff-policy-config",
                &[("path", s(path.display().to_string()))],
            ),
        };
        let mut notes =
            vec![l10n.tr_args("diff-note-key", &[("key", s(cmp.key_columns.join(", ")))])];
        if c.without_noise_estimate > 0 {
            notes.push(l10n.tr_args(
                "diff-note-no-noise",
                &[("count", n(c.without_noise_estimate))],
            ));
        }
        for pair in cmp.pairs.iter().filter(|p| !p.config_differs.is_empty()) {
            let columns: Vec<String> = pair
                .config_differs
                .iter()
                .map(|d| format!("{} {} → {}", d.column, d.baseline, d.candidate))
                .collect();
            notes.push(l10n.tr_args(
                "diff-note-config-differs",
                &[
                    ("pair", s(pair.label.clone())),
                    ("columns", s(columns.join("; "))),
                ],
            ));
        }
        for pair in cmp.pairs.iter().filter(|p| !p.setups_merged.is_empty()) {
            let columns: Vec<String> = pair
                .setups_merged
                .iter()
                .map(|d| format!("{} {} | {}", d.column, d.baseline, d.candidate))
                .collect();
            notes.push(l10n.tr_args(
                "diff-note-setups-merged",
                &[
                    ("pair", s(pair.label.clone())),
                    ("columns", s(columns.join("; "))),
                ],
            ));
        }
        let requests_tested = cmp.pairs.iter().filter(|p| p.requests_tested).count();
        if cmp.against_history {
            notes.push(l10n.tr("diff-note-prediction"));
        } else if cmp
            .pairs
            .iter()
            .any(|p| p.metrics.iter().any(|m| m.welch.is_some()))
        {
            notes.push(l10n.tr("diff-note-welch"));
        }
        if requests_tested > 0 {
            notes.push(l10n.tr_args(
                "requests-significance-note",
                &[("resamples", n(crate::stats::significance::RESAMPLES))],
            ));
        }
        for (count, id) in [
            (c.failed_candidates, "diff-note-no-success"),
            (c.within_noise, "diff-note-within-noise"),
            (c.inconclusive, "diff-note-inconclusive"),
            (c.already_beyond, "diff-note-already-beyond"),
            (c.not_applicable, "diff-note-not-applicable"),
        ] {
            if count > 0 {
                notes.push(l10n.tr_args(id, &[("count", n(count))]));
            }
        }
        if let Some(store) = &cmp.noise_from {
            notes.push(l10n.tr_args("diff-note-noise-from", &[("store", s(store.clone()))]));
        }
        notes.extend(power::lines(cmp, l10n));
        notes.extend(decided_by_notes(cmp, l10n));
        let headers = [
            "diff-col-key",
            "diff-col-metric",
            "diff-col-baseline",
            "diff-col-candidate",
            "diff-col-change",
            "diff-col-ci",
            "diff-col-p",
            "diff-col-trend",
            "diff-col-verdict",
        ]
        .iter()
        .map(|id| l10n.tr(id))
        .collect();
        let words = Words::new(l10n);
        let ci_p_header = format!("{} / {}", l10n.tr("diff-col-ci"), l10n.tr("diff-col-p"));
        let rows = cmp
            .pairs
            .iter()
            .flat_map(|pair| pair.metrics.iter().map(move |m| (pair, m)))
            .map(|(pair, m)| row(cmp, pair, m, &words, l10n))
            .collect();
        let unmatched = |u: &Unmatched| {
            l10n.tr_args(
                "diff-unmatched-item",
                &[
                    ("label", s(u.label.clone())),
                    ("runs", n(u.runs)),
                    ("sources", s(u.sources.join(", "))),
                ],
            )
        };
        DiffView {
            lang: l10n.lang(),
            title: l10n.tr("diff-title"),
            verdict: cmp.verdict,
            verdict_line,
            policy_line,
            rules,
            notes,
            headers,
            ci_p_header,
            rows,
            added_title: l10n.tr("diff-added"),
            added: cmp.added.iter().map(unmatched).collect(),
            removed_title: l10n.tr("diff-removed"),
            removed: cmp.removed.iter().map(unmatched).collect(),
            details_title: l10n.tr("diff-details"),
            chart_title: l10n.tr("diff-chart-title"),
        }
    }

    /// Rows in order of concern (regressions first, then within noise, then the rest, each
    /// in key order): what a truncated table must not leave out.
    pub fn rows_by_concern(&self) -> Vec<&RowView> {
        let rank = |t: Tone| match t {
            Tone::Regression => 0,
            Tone::WithinNoise => 1,
            _ => 2,
        };
        let mut rows: Vec<&RowView> = self.rows.iter().collect();
        rows.sort_by_key(|r| rank(r.tone));
        rows
    }
}

/// The fixed words of the table, translated once: a diff of 10,000 keys has 100,000 rows.
struct Words {
    trend: [String; 6],
    within_noise: String,
    inconclusive: String,
    already_beyond: String,
    pass: String,
    not_applicable: String,
}

impl Words {
    fn new(l10n: &Localizer) -> Words {
        let trend = [
            ("▲ ", "diff-trend-better"),
            ("▼ ", "diff-trend-worse"),
            ("", "diff-trend-unchanged"),
            ("~ ", "diff-trend-noise"),
            ("", "diff-trend-changed"),
            ("", "diff-trend-missing"),
        ]
        .map(|(arrow, id)| format!("{arrow}{}", l10n.tr(id)));
        Words {
            trend,
            within_noise: l10n.tr("diff-outcome-within-noise"),
            inconclusive: l10n.tr("diff-outcome-inconclusive"),
            already_beyond: l10n.tr("diff-outcome-already-beyond"),
            pass: l10n.tr("diff-outcome-pass"),
            not_applicable: l10n.tr("diff-outcome-not-applicable"),
        }
    }

    fn trend(&self, trend: Trend) -> &str {
        let i = match trend {
            Trend::Better => 0,
            Trend::Worse => 1,
            Trend::Unchanged => 2,
            Trend::Noise => 3,
            Trend::Changed => 4,
            Trend::Missing => 5,
        };
        &self.trend[i]
    }
}

fn row(
    cmp: &Comparison,
    pair: &PairDiff,
    m: &MetricDiff,
    words: &Words,
    l10n: &Localizer,
) -> RowView {
    let verdict = match m.status {
        None => DASH.into(),
        Some(CheckOutcome::Regression) if pair.candidate_failed && m.metric == "completed" => {
            l10n.tr("diff-outcome-no-success")
        }
        Some(CheckOutcome::Regression) => {
            let failed_rules: Vec<String> = pair
                .checks
                .iter()
                .filter(|c| {
                    c.outcome == CheckOutcome::Regression && cmp.rules[c.rule].metric == m.metric
                })
                .map(|c| cmp.rule_text(c))
                .collect();
            l10n.tr_args(
                "diff-outcome-regression",
                &[("rule", s(failed_rules.join(", ")))],
            )
        }
        Some(CheckOutcome::WithinNoise) => words.within_noise.clone(),
        Some(CheckOutcome::Inconclusive) => words.inconclusive.clone(),
        Some(CheckOutcome::AlreadyBeyond) => words.already_beyond.clone(),
        Some(CheckOutcome::Pass) => words.pass.clone(),
        Some(CheckOutcome::NotApplicable) => words.not_applicable.clone(),
    };
    let tone = match (m.status, m.trend) {
        (Some(CheckOutcome::Regression), _) => Tone::Regression,
        (Some(CheckOutcome::WithinNoise | CheckOutcome::Inconclusive), _) => Tone::WithinNoise,
        (_, Trend::Better) => Tone::Better,
        (_, Trend::Worse) => Tone::Worse,
        _ => Tone::Neutral,
    };
    // The test that judged: against a history's or a declared noise where there is one,
    // else Welch's, else the requests'.
    let ci: String = m
        .noise_test
        .map(|t| t.ci_percent)
        .or(m.ci_percent)
        .or_else(|| request_ci_percent(m))
        .map_or(DASH.into(), |(lo, hi)| {
            format!("[{}, {}]", fmt_percent(lo), fmt_percent(hi))
        });
    let p: String = m
        .noise_test
        .map(|t| t.p)
        .or_else(|| m.welch.map(|w| w.p))
        .or_else(|| m.request_test.and_then(|t| t.p))
        .map_or(DASH.into(), fmt_p);
    let ci_p = match (ci.as_str(), p.as_str()) {
        (_, DASH) => ci.clone(),
        (DASH, _) => format!("p {p}"),
        _ => format!("{ci}\np {p}"),
    };
    RowView {
        pair: pair.label.clone(),
        metric: m.metric.clone(),
        baseline: side(&m.metric, &m.baseline),
        candidate: side(&m.metric, &m.candidate),
        change: m.change_percent.map_or(DASH.into(), fmt_percent),
        ci,
        p,
        ci_p,
        // Which test of the requests decided is said under the table
        // (`decided_by_notes`): a sentence in a cell made the table too wide to read.
        trend: words.trend(m.trend).to_owned(),
        verdict: power::with_basis(verdict, pair, m, cmp, l10n),
        tone,
        watched: m.status.is_some(),
        change_percent: m.change_percent,
    }
}

/// "max_concurrency=1, p99_ttft_ms and mean_tpot_ms: decided by bootstrap over 60 and 46
/// requests": per pair, the metrics whose trend a test of the requests decided, grouped by
/// the test and its sample sizes.
fn decided_by_notes(cmp: &Comparison, l10n: &Localizer) -> Vec<String> {
    let mut notes = Vec::new();
    for pair in &cmp.pairs {
        let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
        for m in &pair.metrics {
            let Some(t) = &m.request_test else {
                continue;
            };
            let how = decided_by(t, pools_gaps(&m.metric), l10n);
            match groups.iter_mut().find(|(h, _)| *h == how) {
                Some((_, metrics)) => metrics.push(&m.metric),
                None => groups.push((how, vec![&m.metric])),
            }
        }
        for (how, metrics) in groups {
            notes.push(l10n.tr_args(
                "diff-note-decided-by",
                &[
                    ("pair", s(pair.label.clone())),
                    ("metrics", s(metrics.join(", "))),
                    ("how", s(how)),
                ],
            ));
        }
    }
    notes
}

/// A bootstrap interval of a difference, in percent of the baseline's value.
fn request_ci_percent(m: &MetricDiff) -> Option<(f64, f64)> {
    let (lo, hi) = m.request_test?.ci?;
    let base = m.baseline?.mean;
    crate::numbers::percent_of(lo, base).zip(crate::numbers::percent_of(hi, base))
}

/// An ITL column is tested on every gap between chunks, not one value per request.
fn pools_gaps(metric: &str) -> bool {
    crate::stats::significance::parse_column(metric)
        .is_some_and(|(_, m)| m == crate::slo::Metric::Itl)
}

/// "decided by bootstrap over 37 and 40 requests"; when the bootstrap drew from a seeded
/// subsample of a side, the sizes it used as well as the sizes read.
fn decided_by(t: &crate::stats::significance::RequestTest, gaps: bool, l10n: &Localizer) -> String {
    use crate::stats::significance::Test;
    let test = match t.test {
        Test::Bootstrap => l10n.tr("requests-test-bootstrap"),
        Test::MannWhitney => l10n.tr("requests-test-mann-whitney"),
    };
    let subsampled = t.base_used < t.base_requests || t.cand_used < t.cand_requests;
    let id = match (gaps, subsampled) {
        (true, true) => "requests-decided-by-gaps-subsample",
        (true, false) => "requests-decided-by-gaps",
        (false, true) => "requests-decided-by-subsample",
        (false, false) => "requests-decided-by",
    };
    l10n.tr_args(
        id,
        &[
            ("test", s(test)),
            ("base", n(t.base_requests)),
            ("cand", n(t.cand_requests)),
            ("base_used", n(t.base_used)),
            ("cand_used", n(t.cand_used)),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::{compare, Policy};
    use crate::l10n::LANGUAGES;
    use crate::model::{Format, Run};

    fn run(label: &str, values: &[(&str, f64)]) -> Run {
        let mut r = Run::new(Format::VllmServeJson, None);
        r.set_text("label", label);
        for (k, v) in values {
            r.set_num(k.to_string(), *v);
        }
        r
    }

    /// Every outcome at once: within noise and already past (repeats), a regression past
    /// the one-run threshold, a change short of it ("not sure") and a rule that cannot
    /// apply (single runs), a candidate that completed nothing, an added and a removed key.
    pub(super) fn everything() -> Comparison {
        let t = "total_token_throughput";
        let base = vec![
            run(
                "a",
                &[(t, 900.0), ("failed", 1.0), ("output_throughput", 100.0)],
            ),
            run(
                "a",
                &[(t, 1000.0), ("failed", 1.0), ("output_throughput", 100.0)],
            ),
            run("b", &[(t, 1000.0), ("output_throughput", 100.0)]),
            run("c", &[(t, 1000.0)]),
            run("gone", &[(t, 1.0)]),
            run("dead", &[(t, 10.0), ("completed", 40.0)]),
        ];
        let cand = vec![
            run(
                "a",
                &[(t, 850.0), ("failed", 2.0), ("output_throughput", 100.0)],
            ),
            run(
                "a",
                &[(t, 950.0), ("failed", 2.0), ("output_throughput", 100.0)],
            ),
            run("b", &[(t, 500.0)]),
            run("c", &[(t, 800.0)]),
            run("new", &[(t, 1.0)]),
            run("new", &[(t, 1.0)]),
            run("dead", &[("completed", 0.0)]),
        ];
        compare(
            &base,
            &cand,
            &["label".to_owned()],
            &Policy::default_policy(),
        )
    }

    /// A comment names every regression, even past the table's rows: 274 regressed keys
    /// and 26 that passed, each key with one watched metric.
    #[test]
    fn a_comment_names_every_regression() {
        let t = "output_throughput";
        let key = |i: usize| format!("k{i:03}");
        let base: Vec<Run> = (0..300).map(|i| run(&key(i), &[(t, 100.0)])).collect();
        let cand: Vec<Run> = (0..300)
            .map(|i| run(&key(i), &[(t, if i < 274 { 80.0 } else { 100.0 })]))
            .collect();
        let policy = Policy::parse(
            &["output_throughput<-5%".to_owned()],
            crate::compare::PolicyOrigin::Flags,
        )
        .unwrap();
        let cmp = compare(&base, &cand, &["label".to_owned()], &policy);
        assert_eq!(cmp.counts.regressions, 274);
        for lang in LANGUAGES {
            let l10n = Localizer::new(lang).unwrap();
            let templates = crate::render::templates::Templates::new(None).unwrap();
            let md = markdown::render(&DiffView::new(&cmp, &l10n), &l10n, &templates).unwrap();
            for i in 0..274 {
                assert!(
                    md.contains(&format!("label=k{i:03}")),
                    "{lang}: k{i:03} not named"
                );
            }
            assert!(md.len() < 65_536, "{lang}: {} characters", md.len());
            // The 26 keys that passed are counted, not listed.
            assert!(!md.contains("label=k299"), "{lang}");
            assert!(md.contains("26"), "{lang}");
        }
    }

    #[test]
    fn every_outcome_is_reached() {
        let c = everything().counts;
        assert_eq!(
            (
                c.matched,
                c.regressions,
                c.within_noise,
                c.already_beyond,
                c.added,
                c.removed
            ),
            (4, 2, 1, 1, 1, 1)
        );
        assert_eq!((c.failed_candidates, c.inconclusive), (1, 1));
        assert!(c.not_applicable > 0 && c.without_noise_estimate == 3);
    }

    /// A bootstrap over a subsample says the size it drew, in every language.
    #[test]
    fn a_subsampled_bootstrap_names_the_subsample() {
        use crate::stats::significance::{RequestTest, Test, MAX_BOOTSTRAP_SAMPLE};
        let t = RequestTest {
            test: Test::Bootstrap,
            base_requests: 1_000_000,
            cand_requests: 1_000_000,
            base_used: MAX_BOOTSTRAP_SAMPLE,
            cand_used: MAX_BOOTSTRAP_SAMPLE,
            ci: Some((1.0, 2.0)),
            p: None,
            significant: true,
        };
        let en = Localizer::new("en").unwrap();
        assert_eq!(
            decided_by(&t, false, &en),
            "decided by bootstrap over seeded subsamples of 20000 of 1000000 and 20000 of 1000000 requests"
        );
        for lang in LANGUAGES {
            let l10n = Localizer::new(lang).unwrap();
            for gaps in [false, true] {
                let text = decided_by(&t, gaps, &l10n);
                assert!(
                    text.contains("20000") && text.contains("1000000"),
                    "{lang}: {text}"
                );
                assert!(
                    !text.contains("requests-") && !text.contains("{ $"),
                    "{lang}: {text}"
                );
            }
        }
        let whole = RequestTest {
            base_used: 40,
            cand_used: 40,
            base_requests: 40,
            cand_requests: 40,
            ..t
        };
        assert_eq!(
            decided_by(&whole, false, &en),
            "decided by bootstrap over 40 and 40 requests"
        );
    }

    /// Catches a message id missing from a locale (the id would be printed) and a
    /// variable a translation misspells (Fluent prints `{$name}`).
    #[test]
    fn every_language_renders_every_message_completely() {
        let cmp = everything();
        for lang in LANGUAGES {
            let l10n = Localizer::new(lang).unwrap();
            let view = DiffView::new(&cmp, &l10n);
            let templates = crate::render::templates::Templates::new(None).unwrap();
            let outputs = [
                terminal::render(&view, false, None),
                markdown::render(&view, &l10n, &templates).unwrap(),
                html::render(&view, "", &templates).unwrap(),
                junit::render(&cmp, &l10n),
            ];
            for out in outputs {
                assert!(!out.contains("diff-"), "{lang}: untranslated id in {out}");
                assert!(!out.contains("{$") && !out.contains("{ $"), "{lang}: {out}");
            }
        }
    }

    #[test]
    fn percent_is_always_signed() {
        assert_eq!(fmt_percent(-10.0), "-10.00%");
        assert_eq!(fmt_percent(3.456), "+3.46%");
        assert_eq!(fmt_percent(-0.0), "+0.00%");
        assert_eq!(fmt_percent(f64::INFINITY), "+∞%");
    }
}
