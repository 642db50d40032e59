//! What the comparator needs to know about a metric: its column, which direction is
//! better (from `model::schema`), and its unit for axes and sentences.

use serde::Serialize;

use crate::model::schema;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MetricSpec {
    /// Canonical column name (`metrics.md`).
    pub key: String,
    pub higher_is_better: bool,
    /// `tok/s`, `req/s`, `ms`, `s`, or empty for counts.
    pub unit: &'static str,
}

impl MetricSpec {
    /// `None` for columns with no better direction (setup columns such as `request_rate`).
    pub fn new(key: &str) -> Option<Self> {
        Some(MetricSpec {
            key: key.to_owned(),
            higher_is_better: schema::higher_is_better(key)?,
            unit: unit_of(key),
        })
    }
}

/// The unit of a canonical column, from the naming rules of `metrics.md`: every latency
/// ends in `_ms`, every throughput is per second.
pub fn unit_of(key: &str) -> &'static str {
    if key.ends_with("_ms") {
        "ms"
    } else if key.starts_with("request_")
        && (key.ends_with("throughput") || key.ends_with("goodput"))
    {
        "req/s"
    } else if key.ends_with("throughput")
        || key.ends_with("throughput_per_gpu")
        || key == "max_output_tokens_per_s"
    {
        "tok/s"
    } else if key == "duration" {
        "s"
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_and_directions() {
        let m = MetricSpec::new("total_token_throughput").unwrap();
        assert!(m.higher_is_better);
        assert_eq!(m.unit, "tok/s");
        let m = MetricSpec::new("p99_e2el_ms").unwrap();
        assert!(!m.higher_is_better);
        assert_eq!(m.unit, "ms");
        assert_eq!(unit_of("request_throughput"), "req/s");
        assert_eq!(unit_of("output_throughput_per_gpu"), "tok/s");
        assert!(MetricSpec::new("request_rate").is_none());
    }
}
