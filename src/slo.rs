//! Service-level objectives as `--slo` gives them: `COLUMN<=VALUE` (also `<`, `>=`, `>`),
//! e.g. `p99_ttft_ms<=500` or `output_throughput>=1000`. A point holds an SLO when its
//! mean value of the column satisfies the comparison.
//!
//! One grammar for every command: a bare request metric (`ttft`, `tpot`, `itl`, `e2el`,
//! milliseconds) is an objective on each request, which goodput counts
//! (`requests/goodput.rs`); any other name is a run column, an objective on the run.

use serde::Serialize;

use crate::{Error, Result};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Op {
    #[serde(rename = "<=")]
    Le,
    #[serde(rename = "<")]
    Lt,
    #[serde(rename = ">=")]
    Ge,
    #[serde(rename = ">")]
    Gt,
}

impl Op {
    pub fn as_str(self) -> &'static str {
        match self {
            Op::Le => "<=",
            Op::Lt => "<",
            Op::Ge => ">=",
            Op::Gt => ">",
        }
    }

    /// An upper limit (latencies): a larger value is worse.
    pub fn is_upper_limit(self) -> bool {
        matches!(self, Op::Le | Op::Lt)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Slo {
    pub column: String,
    pub op: Op,
    pub limit: f64,
}

impl Slo {
    /// Parses `COLUMN<=VALUE`; spaces around the parts are allowed.
    pub fn parse(text: &str) -> Result<Slo> {
        let bad = |why: &str| {
            Error::usage(crate::msg!(
                "curves-error-slo",
                slo = text.to_owned(),
                reason = crate::msg!(why)
            ))
        };
        let at = text
            .find(['<', '>'])
            .ok_or_else(|| bad("curves-slo-no-comparison"))?;
        let (column, rest) = text.split_at(at);
        let (op, value) = if let Some(v) = rest.strip_prefix("<=") {
            (Op::Le, v)
        } else if let Some(v) = rest.strip_prefix(">=") {
            (Op::Ge, v)
        } else if let Some(v) = rest.strip_prefix('<') {
            (Op::Lt, v)
        } else {
            (Op::Gt, &rest[1..])
        };
        let column = column.trim();
        if column.is_empty() {
            return Err(bad("curves-slo-no-column"));
        }
        let limit: f64 = value
            .trim()
            .parse()
            .ok()
            .filter(|v: &f64| v.is_finite())
            .ok_or_else(|| bad("curves-slo-bad-limit"))?;
        Ok(Slo {
            column: column.to_owned(),
            op,
            limit,
        })
    }

    pub fn holds(&self, value: f64) -> bool {
        match self.op {
            Op::Le => value <= self.limit,
            Op::Lt => value < self.limit,
            Op::Ge => value >= self.limit,
            Op::Gt => value > self.limit,
        }
    }

    /// The request metric of a per-request objective (`ttft<=200`); `None` for an
    /// objective on a run column (`p99_ttft_ms<=500`).
    pub fn request_metric(&self) -> Option<Metric> {
        Metric::parse(&self.column)
    }

    /// Parses every `--slo` and splits them into (per-request, per-run) objectives.
    pub fn parse_all(texts: &[String]) -> Result<(Vec<Slo>, Vec<Slo>)> {
        let mut per_request = Vec::new();
        let mut per_run = Vec::new();
        for text in texts {
            let slo = Slo::parse(text)?;
            if slo.request_metric().is_some() {
                per_request.push(slo);
            } else {
                per_run.push(slo);
            }
        }
        Ok((per_request, per_run))
    }

    /// `p99_ttft_ms<=500`, the way the user wrote it (limit in its shortest form).
    pub fn text(&self) -> String {
        format!(
            "{}{}{}",
            self.column,
            self.op.as_str(),
            crate::model::frame::format_number(self.limit)
        )
    }
}

/// The request metrics perflab knows by their bare names (`--slo ttft<=200`, charts).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Metric {
    Ttft,
    Tpot,
    Itl,
    E2el,
}

impl Metric {
    pub const ALL: [Metric; 4] = [Metric::Ttft, Metric::Tpot, Metric::Itl, Metric::E2el];

    pub fn parse(name: &str) -> Option<Metric> {
        Self::ALL.into_iter().find(|m| m.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            Metric::Ttft => "ttft",
            Metric::Tpot => "tpot",
            Metric::Itl => "itl",
            Metric::E2el => "e2el",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_comparison() {
        let s = Slo::parse("p99_ttft_ms<=500").unwrap();
        assert_eq!(
            (s.column.as_str(), s.op, s.limit),
            ("p99_ttft_ms", Op::Le, 500.0)
        );
        assert_eq!(Slo::parse(" mean_tpot_ms < 12.5 ").unwrap().op, Op::Lt);
        assert_eq!(Slo::parse("output_throughput>=1e3").unwrap().limit, 1000.0);
        assert_eq!(Slo::parse("x>1").unwrap().op, Op::Gt);
        assert_eq!(
            Slo::parse("p99_ttft_ms<=500").unwrap().text(),
            "p99_ttft_ms<=500"
        );
    }

    #[test]
    fn rejects_what_is_not_an_slo() {
        for bad in ["p99_ttft_ms", "<=5", "a<=b", "a<=inf", "a<=NaN", "a=5"] {
            assert!(Slo::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn bare_request_metrics_are_per_request_objectives() {
        let texts: Vec<String> = ["ttft<=200", "p99_ttft_ms<=500", "tpot < 50", "e2el<=1e3"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let (per_request, per_run) = Slo::parse_all(&texts).unwrap();
        let cols: Vec<&str> = per_request.iter().map(|s| s.column.as_str()).collect();
        assert_eq!(cols, ["ttft", "tpot", "e2el"]);
        assert_eq!(per_run[0].column, "p99_ttft_ms");
        assert!(Slo::parse_all(&["ttft".to_owned()]).is_err());
    }

    #[test]
    fn limits_are_inclusive_only_with_equals() {
        let le = Slo::parse("a<=5").unwrap();
        let lt = Slo::parse("a<5").unwrap();
        assert!(le.holds(5.0) && !lt.holds(5.0) && lt.holds(4.99));
        let ge = Slo::parse("a>=5").unwrap();
        assert!(ge.holds(5.0) && !ge.holds(4.9));
    }
}
