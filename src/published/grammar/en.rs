//! English phrasings of claims, as GPUStack's generator and perflab write them: the
//! summary sentence, the `Result:` and order lines, and the labels and remarks of table
//! cells. Each pattern captures the numbers and names a rule recomputes.

use std::sync::LazyLock;

use regex::Regex;

use super::NUM;

/// A variant's name in a sentence: in backticks (GPUStack) or in bold (perflab).
const NAME: &str = r"(?:`(?P<name>[^`]+)`|\*\*(?P<bold>[^*]+)\*\*)";

pub(crate) static PAIR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"{NAME}\s+(?P<label>[A-Za-z][A-Za-z0-9 ]*?)\s*=\s*(?P<num>{NUM})"
    ))
    .expect("valid regex")
});
pub(crate) static VERDICT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"{NAME}\s+is\s+(?P<dir>faster|slower)\s+by\s+(?P<diff>{NUM})\s*(?P<unit>[A-Za-z/]+)\s*\(\s*(?:(?P<pct>{NUM})\s*%|(?P<times>{NUM})\s*[x×]\s*(?:faster|slower))\s*\)"
    ))
    .expect("valid regex")
});
pub(crate) static SECONDARY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?P<label>(?:Mean\s+)?(?:[A-Z][A-Za-z0-9]*))\s*=\s*(?P<a>{NUM})\s*ms\s+vs\.?\s+(?P<b>{NUM})\s*ms,?\s*(?P<dir>reduced|increased)\s+by\s+(?P<diff>{NUM})\s*ms\s*\(\s*(?:(?P<pct>{NUM})\s*%|(?P<times>{NUM})\s*[x×]\s*(?:faster|slower))[^)]*\)"
    ))
    .expect("valid regex")
});
pub(crate) static RESULT_ITEM: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?P<name>[^()<>=:]+?)\s*\(\s*(?P<num>{NUM})\s*(?P<unit>[^)]*)\)\s*(?P<op>[<>=]?)"
    ))
    .expect("valid regex")
});
/// `Mean latency per request: SGLang(1.61 s) < vLLM (1.68 s)`: a metric, then runs in order.
pub(crate) static ORDER_LINE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"^\s*(?P<label>[A-Za-z][A-Za-z0-9 ]*?)(?:\s+per\s+request)?\s*:[^()]*\(\s*(?:{NUM})[^)]*\)\s*[<>]"
    ))
    .expect("valid regex")
});

/// `Result: ...`: a section's outcome line.
pub(crate) fn is_result_line(text: &str) -> bool {
    text.to_ascii_lowercase().starts_with("result:")
}

/// The metric an order line compares, if `text` is one.
pub(crate) fn order_line_metric(text: &str) -> Option<&'static str> {
    metric_of_label(ORDER_LINE.captures(text)?.name("label")?.as_str())
}

pub(crate) static CELL_METRIC: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?P<label>[A-Za-z][A-Za-z0-9 ]*?)\s*(?:\([^)<>]*\))?\s*:\s*(?P<num>{NUM})(?:\s*[x×]\s*(?P<times>\d+)\b)?"
    ))
    .expect("valid regex")
});
/// `(+2.09%)`, or with a remark after it: `(+7.60%, lower than previous +8.47%, ...)`, or
/// per GPU: `(+21.1%/GPU)`.
pub(crate) static CELL_PERCENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"\(\s*(?P<num>{NUM})\s*%(?P<gpu>\s*/\s*GPU\b)?\s*(?:\)|,[^)]*\))"
    ))
    .expect("valid regex")
});
/// `(1.26x faster)`, `(1.00x slower)`.
pub(crate) static CELL_TIMES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"\(\s*(?P<num>{NUM})\s*[x×]\s*(?P<dir>faster|slower)\s*\)"
    ))
    .expect("valid regex")
});
pub(crate) static SUCCESS_RATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"(?i)success rate:?\s*(?P<num>{NUM})\s*%")).expect("valid regex")
});
pub(crate) static IMPROVED_TO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)improved\s+from\s+(?P<from>{NUM})\s*tok/s\s+to\s+(?P<to>{NUM})\s*tok/s"
    ))
    .expect("valid regex")
});
/// The first number of a cell that quotes a bare value (`2.39s`).
pub(crate) static BARE_NUMBER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(NUM).expect("valid regex"));
pub(crate) static BARE_PERCENT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!(r"(?P<num>{NUM})\s*%")).expect("valid regex"));

/// The canonical column a report's label names: `Total TPS`, `Mean TPOT(ms)`.
pub fn metric_of_label(label: &str) -> Option<&'static str> {
    let label = match label.find('(') {
        Some(i) => &label[..i],
        None => label,
    };
    let words: Vec<String> = label
        .split_whitespace()
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let key = words.join(" ");
    Some(match key.as_str() {
        "total tps" | "total token throughput" | "total throughput" => "total_token_throughput",
        "output tps" | "output token throughput" | "output throughput" => "output_throughput",
        "request throughput" => "request_throughput",
        "mean tpot" => "mean_tpot_ms",
        "mean ttft" => "mean_ttft_ms",
        "mean itl" => "mean_itl_ms",
        "mean e2el" | "mean latency" | "mean e2e latency" => "mean_e2el_ms",
        "median tpot" => "median_tpot_ms",
        "median ttft" => "median_ttft_ms",
        "p99 ttft" => "p99_ttft_ms",
        "p99 tpot" => "p99_tpot_ms",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_name_columns() {
        assert_eq!(metric_of_label("Total TPS"), Some("total_token_throughput"));
        assert_eq!(metric_of_label("Mean TPOT(ms)"), Some("mean_tpot_ms"));
        assert_eq!(metric_of_label("Success rate"), None);
    }
}
