//! The `Serving Benchmark Result` block that `vllm bench serve` prints, made from the
//! values of a run read from its `--save-result` JSON: the report shows a result file as
//! the block its tool prints (a `--save-detailed` JSON is one line of per-request arrays,
//! 110 KB and more), every number rounded as vLLM rounds it.
//!
//! The layout is vLLM's (`vllm/benchmarks/serve.py`, 0.33): `"{:<40} {:<10}"` lines,
//! counts as integers, everything else with `.2f`; the request rate only when it was
//! configured (finite), the concurrency only when one was set; a section per latency
//! metric the run kept (`--percentile-metrics`), with its mean, median and percentiles.

use std::fmt::Write as _;

use crate::model::{Run, Value};

/// The latency sections, in vLLM's order: the key's family, its name in labels, the
/// section's title.
const SECTIONS: [(&str, &str, &str); 4] = [
    ("ttft", "TTFT", "Time to First Token"),
    ("tpot", "TPOT", "Time per Output Token (excl. 1st token)"),
    ("itl", "ITL", "Inter-token Latency"),
    ("e2el", "E2EL", "End-to-end Latency"),
];

/// The block of a run, or `None` when the run has no completed count (not a serving run).
pub fn print(run: &Run) -> Option<String> {
    let num = |key: &str| match run.values.get(key) {
        Some(Value::Num(x)) if x.is_finite() => Some(*x),
        _ => None,
    };
    let completed = num("completed")?;
    let mut out = format!("{:=^50}\n", " Serving Benchmark Result ");
    let mut line = |label: &str, value: String| {
        let _ = writeln!(out, "{label:<40} {value:<10}");
    };
    let int = |x: f64| format!("{}", x.round() as i64);
    let fixed = |x: f64| format!("{x:.2}");
    line("Successful requests:", int(completed));
    if let Some(x) = num("failed") {
        line("Failed requests:", int(x));
    }
    if let Some(x) = num("max_concurrency") {
        line("Maximum request concurrency:", int(x));
    }
    if let Some(x) = num("request_rate") {
        line("Request rate configured (RPS):", fixed(x));
    }
    // (label, column, printed as an integer)
    let rows = [
        ("Benchmark duration (s):", "duration", false),
        ("Total input tokens:", "total_input_tokens", true),
        ("Total generated tokens:", "total_output_tokens", true),
        ("Request throughput (req/s):", "request_throughput", false),
        ("Request goodput (req/s):", "request_goodput", false),
        (
            "Output token throughput (tok/s):",
            "output_throughput",
            false,
        ),
        (
            "Peak output token throughput (tok/s):",
            "max_output_tokens_per_s",
            false,
        ),
        (
            "Peak concurrent requests:",
            "max_concurrent_requests",
            false,
        ),
        (
            "Total token throughput (tok/s):",
            "total_token_throughput",
            false,
        ),
        ("Accept length:", "spec_decode_acceptance_length", false),
    ];
    for (label, key, integer) in rows {
        if let Some(x) = num(key) {
            line(label, if integer { int(x) } else { fixed(x) });
        }
    }
    for (family, name, title) in SECTIONS {
        let Some(mean) = num(&format!("mean_{family}_ms")) else {
            continue;
        };
        let _ = writeln!(out, "{:-^50}", title);
        let _ = writeln!(
            out,
            "{:<40} {:<10}",
            format!("Mean {name} (ms):"),
            fixed(mean)
        );
        if let Some(x) = num(&format!("median_{family}_ms")) {
            let _ = writeln!(
                out,
                "{:<40} {:<10}",
                format!("Median {name} (ms):"),
                fixed(x)
            );
        }
        let mut percentiles: Vec<(f64, &str, f64)> = run
            .values
            .iter()
            .filter_map(|(k, v)| {
                let p = k
                    .strip_prefix('p')?
                    .strip_suffix(&format!("_{family}_ms"))?;
                let x = match v {
                    Value::Num(x) if x.is_finite() => *x,
                    _ => return None,
                };
                Some((p.parse::<f64>().ok()?, p, x))
            })
            .collect();
        percentiles.sort_by(|a, b| a.0.total_cmp(&b.0));
        for (_, p, x) in percentiles {
            let _ = writeln!(out, "{:<40} {:<10}", format!("P{p} {name} (ms):"), fixed(x));
        }
    }
    out.push_str(&"=".repeat(50));
    Some(out)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use crate::ingest::{read_file, InputFile};

    fn runs(rel: &str) -> Vec<crate::model::Run> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
        let input = InputFile {
            display: rel.to_owned(),
            path,
            explicit: true,
        };
        read_file(&input, None).unwrap().unwrap().runs
    }

    /// The block made from vLLM 0.33's result JSON is the block vLLM printed for the same
    /// run, line for line (trailing padding aside).
    #[test]
    fn a_result_json_prints_the_block_vllm_printed() {
        let dir = "fixtures/corpus/generated/vllm-0.33.0";
        let json = &runs(&format!("{dir}/run1-openai-rate20/result.json"))[0];
        let printed = super::print(json).unwrap();
        let console = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join(format!("{dir}/run1-openai-rate20.console.txt")),
        )
        .unwrap();
        let start = console
            .find("============ Serving Benchmark Result")
            .unwrap();
        let end = start
            + console[start..]
                .find("\n==================================================")
                .unwrap()
            + 51;
        let trim = |t: &str| t.lines().map(str::trim_end).collect::<Vec<_>>().join("\n");
        assert_eq!(trim(&printed), trim(&console[start..end]));
    }
}
