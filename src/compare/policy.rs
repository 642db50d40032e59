//! The regression policy of `perflab diff`: rules such as `total_token_throughput<-5%`,
//! parsed from `--fail-on`, from the `[diff]` table of `perflab.toml`, or the default
//! policy. [`super::diff`] evaluates them on every matched pair.
//!
//! Grammar (column names are those of the runs frame, `metrics.md`):
//!
//! ```text
//! RULE   = METRIC OP LIMIT
//! OP     = "<" | "<=" | ">" | ">="
//! LIMIT  = [+|-] NUMBER "%"   a change of the mean, relative to the baseline's mean
//!        | NUMBER             a limit on the candidate's mean (no sign)
//! ```
//!
//! A change rule fires when the relative change passes the threshold (and, with repeated
//! runs, is significant). A limit rule fires when the candidate passes the limit and the
//! baseline did not: a diff reports what the candidate changed, so `failed>0` means "failed
//! requests where the baseline had none".

use std::fmt;
use std::path::PathBuf;

use serde::Serialize;

/// The default policy, used when neither `--fail-on` nor a `[diff]` table gives rules.
pub const DEFAULT_RULES: [&str; 5] = [
    "total_token_throughput<-5%",
    "output_throughput<-5%",
    "p99_ttft_ms>+10%",
    "mean_tpot_ms>+10%",
    "failed>0",
];

/// `perflab diff --help` shows the default policy and the rule grammar. Kept next to
/// [`DEFAULT_RULES`]; a test checks that every default rule appears here.
pub const POLICY_HELP: &str = "\
Default policy (when neither --fail-on nor a [diff] table in perflab.toml gives rules):
  --fail-on 'total_token_throughput<-5%'   total token throughput down more than 5%
  --fail-on 'output_throughput<-5%'        output token throughput down more than 5%
  --fail-on 'p99_ttft_ms>+10%'             P99 TTFT up more than 10%
  --fail-on 'mean_tpot_ms>+10%'            mean TPOT up more than 10%
  --fail-on 'failed>0'                     failed requests where the baseline had none

Rules: METRIC then <, <=, > or >= then a limit. With % (and an optional sign) the limit is
a change of the mean relative to the baseline; without % it is a value the candidate's mean
must not pass (fires only when the baseline's did not). METRIC is a column of the runs
table (see `perflab ingest --json`).

A change past a threshold counts as a regression only when it is also more than the noise
between runs (p < 0.05): Welch's t-test with two or more runs per key on both sides;
against --noise-from STORE (past runs of the same workload) or a declared --noise
(`[diff] noise`) with any number of runs. With one run a side and no noise known, the
threshold alone decides, and the default policy fails only past its one-run thresholds,
which real engines' runs of one configuration pass in 1 comparison of 100:
  total_token_throughput and output_throughput -45.4%, p99_ttft_ms +60.8%,
  mean_tpot_ms +85.4%
(a change between the two is \"not sure\" and passes; docs/diff.md, \"One run a side\").

perflab.toml:
  [diff]
  fail-on = [\"total_token_throughput<-5%\", \"p99_ttft_ms>+10%\"]
  key = [\"model_id\", \"max_concurrency\"]

Exit status: 0 no regression, 1 regression, 2 error (bad input, bad rule, nothing matched).";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Op {
    #[serde(rename = "<")]
    Lt,
    #[serde(rename = "<=")]
    Le,
    #[serde(rename = ">")]
    Gt,
    #[serde(rename = ">=")]
    Ge,
}

impl Op {
    pub fn as_str(self) -> &'static str {
        match self {
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
        }
    }

    /// Whether `value OP limit` holds. NaN never holds.
    pub fn holds(self, value: f64, limit: f64) -> bool {
        match self {
            Op::Lt => value < limit,
            Op::Le => value <= limit,
            Op::Gt => value > limit,
            Op::Ge => value >= limit,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "value")]
pub enum Limit {
    /// A change of the mean in percent of the baseline's mean (`-5` for `-5%`).
    ChangePercent(f64),
    /// A value the candidate's mean must not pass.
    Value(f64),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rule {
    pub metric: String,
    pub op: Op,
    pub limit: Limit,
    /// The default policy's threshold for one run a side with no estimate of the noise
    /// between runs (`stats::noise::one_run_limit`): a change past the rule's threshold
    /// but short of this one is inconclusive and passes. `None`: the threshold itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub one_run: Option<f64>,
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let limit = match self.limit {
            Limit::ChangePercent(p) => format!("{}{}%", if p >= 0.0 { "+" } else { "" }, p),
            Limit::Value(v) => format!("{v}"),
        };
        write!(f, "{}{}{limit}", self.metric, self.op.as_str())
    }
}

/// What is wrong with a rule; the CLI turns it into a localized message with examples.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleProblem {
    /// No `<` or `>` in the rule.
    NoOperator,
    /// Nothing before the operator.
    NoMetric,
    /// The metric name has characters no column name has.
    BadMetric(String),
    /// The limit is not a number (optionally signed, optionally with `%`).
    BadLimit(String),
    /// A sign without `%`: a change must be a percentage, a limit has no sign.
    SignedValue(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleError {
    pub rule: String,
    pub problem: RuleProblem,
}

impl RuleError {
    /// What is wrong with the rule, in the user's language.
    pub fn problem_text(&self) -> String {
        match &self.problem {
            RuleProblem::NoOperator => crate::tr!("diff-rule-no-operator"),
            RuleProblem::NoMetric => crate::tr!("diff-rule-no-metric"),
            RuleProblem::BadMetric(m) => crate::tr!("diff-rule-bad-metric", metric = m.clone()),
            RuleProblem::BadLimit(l) => crate::tr!("diff-rule-bad-limit", limit = l.clone()),
            RuleProblem::SignedValue(l) => {
                crate::tr!("diff-rule-signed-value", limit = l.clone())
            }
        }
    }

    /// `bad rule `X` (FILE): why`, `origin` being ` (FILE)` or empty.
    pub fn text(&self, origin: &str) -> String {
        crate::tr!(
            "diff-rule-error",
            rule = self.rule.clone(),
            origin = origin.to_owned(),
            problem = self.problem_text()
        )
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(""))
    }
}

impl std::error::Error for RuleError {}

impl std::str::FromStr for Rule {
    type Err = RuleError;

    fn from_str(text: &str) -> Result<Self, RuleError> {
        let err = |problem| RuleError {
            rule: text.to_owned(),
            problem,
        };
        let at = text
            .find(['<', '>'])
            .ok_or_else(|| err(RuleProblem::NoOperator))?;
        let (metric, rest) = text.split_at(at);
        let metric = metric.trim();
        let (op, limit) = match rest.as_bytes() {
            [b'<', b'=', ..] => (Op::Le, &rest[2..]),
            [b'>', b'=', ..] => (Op::Ge, &rest[2..]),
            [b'<', ..] => (Op::Lt, &rest[1..]),
            _ => (Op::Gt, &rest[1..]),
        };
        // Spaces inside the limit (`+ 10 %`) are harmless; inside a metric they are a typo.
        let limit: String = limit.chars().filter(|c| !c.is_whitespace()).collect();
        let limit = limit.as_str();
        if metric.is_empty() {
            return Err(err(RuleProblem::NoMetric));
        }
        let metric_ok = metric
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
        if !metric_ok {
            return Err(err(RuleProblem::BadMetric(metric.to_owned())));
        }
        let (number, percent) = match limit.strip_suffix('%') {
            Some(n) => (n, true),
            None => (limit, false),
        };
        let signed = number.starts_with(['+', '-']);
        // Only plain decimals: Rust's parser would also take `inf` and `NaN`.
        let digits_ok = !number.is_empty()
            && number
                .trim_start_matches(['+', '-'])
                .chars()
                .all(|c| c.is_ascii_digit() || c == '.');
        let value: f64 = match number.parse() {
            Ok(v) if digits_ok => v,
            _ => return Err(err(RuleProblem::BadLimit(limit.to_owned()))),
        };
        let limit = match (percent, signed) {
            (true, _) => Limit::ChangePercent(value),
            (false, false) => Limit::Value(value),
            (false, true) => return Err(err(RuleProblem::SignedValue(limit.to_owned()))),
        };
        Ok(Rule {
            metric: metric.to_owned(),
            op,
            limit,
            one_run: None,
        })
    }
}

/// Where the rules came from, so the output can say which policy judged.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "path")]
pub enum PolicyOrigin {
    Default,
    Flags,
    Config(PathBuf),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Policy {
    pub rules: Vec<Rule>,
    pub origin: PolicyOrigin,
}

impl Policy {
    pub fn default_policy() -> Policy {
        Policy {
            rules: DEFAULT_RULES
                .iter()
                .filter_map(|r| r.parse::<Rule>().ok())
                .map(|mut rule| {
                    if let Limit::ChangePercent(_) = rule.limit {
                        let up = matches!(rule.op, Op::Gt | Op::Ge);
                        rule.one_run = crate::stats::noise::one_run_limit(&rule.metric, up);
                    }
                    rule
                })
                .collect(),
            origin: PolicyOrigin::Default,
        }
    }

    /// Parses rules given on the command line or in a config file.
    pub fn parse(texts: &[String], origin: PolicyOrigin) -> Result<Policy, RuleError> {
        let rules = texts.iter().map(|t| t.parse()).collect::<Result<_, _>>()?;
        Ok(Policy { rules, origin })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(s: &str) -> Rule {
        s.parse().unwrap()
    }

    #[test]
    fn parses_changes_and_limits() {
        assert_eq!(
            rule("total_token_throughput<-5%"),
            Rule {
                metric: "total_token_throughput".into(),
                op: Op::Lt,
                limit: Limit::ChangePercent(-5.0),
                one_run: None,
            }
        );
        assert_eq!(rule("p99_ttft_ms > +10%").limit, Limit::ChangePercent(10.0));
        assert_eq!(rule("p99_ttft_ms>10%").limit, Limit::ChangePercent(10.0));
        assert_eq!(rule("failed>0").limit, Limit::Value(0.0));
        assert_eq!(rule("p99.9_ttft_ms>=2.5%").op, Op::Ge);
        assert_eq!(rule("completed<=39").op, Op::Le);
    }

    #[test]
    fn prints_back_the_canonical_text() {
        for text in DEFAULT_RULES {
            assert_eq!(rule(text).to_string(), text);
        }
        assert_eq!(rule("x >= 2.5 %").to_string(), "x>=+2.5%");
    }

    #[test]
    fn malformed_rules_say_what_is_wrong() {
        let problem = |s: &str| s.parse::<Rule>().unwrap_err().problem;
        assert_eq!(
            problem("total_token_throughput-5%"),
            RuleProblem::NoOperator
        );
        assert_eq!(problem("<5%"), RuleProblem::NoMetric);
        assert_eq!(
            problem("ttft ms>5%"),
            RuleProblem::BadMetric("ttft ms".into())
        );
        assert_eq!(
            problem("ttft-ms>5%"),
            RuleProblem::BadMetric("ttft-ms".into())
        );
        assert_eq!(problem("failed>"), RuleProblem::BadLimit("".into()));
        assert_eq!(problem("failed>many"), RuleProblem::BadLimit("many".into()));
        assert_eq!(problem("failed>inf"), RuleProblem::BadLimit("inf".into()));
        assert_eq!(problem("failed>>1"), RuleProblem::BadLimit(">1".into()));
        assert_eq!(problem("failed>+1"), RuleProblem::SignedValue("+1".into()));
    }

    #[test]
    fn help_shows_every_default_rule() {
        for text in DEFAULT_RULES {
            assert!(POLICY_HELP.contains(&format!("'{text}'")), "{text}");
        }
        assert_eq!(Policy::default_policy().rules.len(), DEFAULT_RULES.len());
    }

    #[test]
    fn the_help_states_the_one_run_thresholds_the_default_policy_uses() {
        let policy = Policy::default_policy();
        for rule in &policy.rules {
            match rule.limit {
                Limit::ChangePercent(threshold) => {
                    let limit = rule.one_run.expect("every default change rule has one");
                    // Further out than the threshold, the same way.
                    assert!(limit.abs() > threshold.abs() && limit * threshold > 0.0);
                    let text = format!("{}{limit:.1}%", if limit > 0.0 { "+" } else { "" });
                    assert!(POLICY_HELP.contains(&text), "{rule}: {text}");
                }
                Limit::Value(_) => assert_eq!(rule.one_run, None),
            }
        }
        // Rules a user writes keep their own threshold.
        assert_eq!(rule("p99_ttft_ms>+10%").one_run, None);
    }
}
