//! Which reader produced a run. The names are the `format` column of the runs frame and
//! the values of `--format`; users write them, so they are stable.

use std::fmt;
use std::str::FromStr;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Format {
    VllmServeText,
    SglangServeText,
    VllmServeJson,
    SglangServeJsonl,
    VllmThroughputText,
    VllmThroughputJson,
    VllmLatencyText,
    VllmLatencyJson,
    GenaiPerfConsole,
    GenaiPerfCsv,
    GenaiPerfJson,
    AiperfConsole,
    AiperfCsv,
    AiperfJson,
    GuidellmJson,
    GuidellmCsv,
    GuidellmConsole,
    InferencePerfJson,
    LlamaBenchMarkdown,
    LlamaBenchCsv,
    LlamaBenchJson,
    LlamaBenchSql,
    LlamaBatchedBench,
    MlperfSummary,
    MlperfDetail,
    TrtllmBenchConsole,
    TrtllmBenchJson,
    OllamaVerbose,
    EvalscopePerfJson,
    EvalscopePerfConsole,
    LlmperfJson,
    GenaiBenchJson,
    LlmLoadTestJson,
    SglangOneBatchText,
    SglangOneBatchJsonl,
    InferenceBenchmarkerJson,
}

impl Format {
    pub const ALL: [Format; 36] = [
        Format::VllmServeText,
        Format::SglangServeText,
        Format::VllmServeJson,
        Format::SglangServeJsonl,
        Format::VllmThroughputText,
        Format::VllmThroughputJson,
        Format::VllmLatencyText,
        Format::VllmLatencyJson,
        Format::GenaiPerfConsole,
        Format::GenaiPerfCsv,
        Format::GenaiPerfJson,
        Format::AiperfConsole,
        Format::AiperfCsv,
        Format::AiperfJson,
        Format::GuidellmJson,
        Format::GuidellmCsv,
        Format::GuidellmConsole,
        Format::InferencePerfJson,
        Format::LlamaBenchMarkdown,
        Format::LlamaBenchCsv,
        Format::LlamaBenchJson,
        Format::LlamaBenchSql,
        Format::LlamaBatchedBench,
        Format::MlperfSummary,
        Format::MlperfDetail,
        Format::TrtllmBenchConsole,
        Format::TrtllmBenchJson,
        Format::OllamaVerbose,
        Format::EvalscopePerfJson,
        Format::EvalscopePerfConsole,
        Format::LlmperfJson,
        Format::GenaiBenchJson,
        Format::LlmLoadTestJson,
        Format::SglangOneBatchText,
        Format::SglangOneBatchJsonl,
        Format::InferenceBenchmarkerJson,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Format::VllmServeText => "vllm-serve-text",
            Format::SglangServeText => "sglang-serve-text",
            Format::VllmServeJson => "vllm-serve-json",
            Format::SglangServeJsonl => "sglang-serve-jsonl",
            Format::VllmThroughputText => "vllm-throughput-text",
            Format::VllmThroughputJson => "vllm-throughput-json",
            Format::VllmLatencyText => "vllm-latency-text",
            Format::VllmLatencyJson => "vllm-latency-json",
            Format::GenaiPerfConsole => "genai-perf-console",
            Format::GenaiPerfCsv => "genai-perf-csv",
            Format::GenaiPerfJson => "genai-perf-json",
            Format::AiperfConsole => "aiperf-console",
            Format::AiperfCsv => "aiperf-csv",
            Format::AiperfJson => "aiperf-json",
            Format::GuidellmJson => "guidellm-json",
            Format::GuidellmCsv => "guidellm-csv",
            Format::GuidellmConsole => "guidellm-console",
            Format::InferencePerfJson => "inference-perf-json",
            Format::LlamaBenchMarkdown => "llama-bench-md",
            Format::LlamaBenchCsv => "llama-bench-csv",
            Format::LlamaBenchJson => "llama-bench-json",
            Format::LlamaBenchSql => "llama-bench-sql",
            Format::LlamaBatchedBench => "llama-batched-bench",
            Format::MlperfSummary => "mlperf-summary",
            Format::MlperfDetail => "mlperf-detail",
            Format::TrtllmBenchConsole => "trtllm-bench-console",
            Format::TrtllmBenchJson => "trtllm-bench-json",
            Format::OllamaVerbose => "ollama-verbose",
            Format::EvalscopePerfJson => "evalscope-perf-json",
            Format::EvalscopePerfConsole => "evalscope-perf-console",
            Format::LlmperfJson => "llmperf-json",
            Format::GenaiBenchJson => "genai-bench-json",
            Format::LlmLoadTestJson => "llm-load-test-json",
            Format::SglangOneBatchText => "sglang-one-batch-text",
            Format::SglangOneBatchJsonl => "sglang-one-batch-jsonl",
            Format::InferenceBenchmarkerJson => "inference-benchmarker-json",
        }
    }

    /// The tool and benchmark kind a format belongs to: the formats of one family are
    /// the several files one run of that tool writes (console, CSV, result file).
    pub fn family(self) -> &'static str {
        match self {
            Format::VllmServeText | Format::VllmServeJson => "vllm-serve",
            Format::SglangServeText | Format::SglangServeJsonl => "sglang-serve",
            Format::VllmThroughputText | Format::VllmThroughputJson => "vllm-throughput",
            Format::VllmLatencyText | Format::VllmLatencyJson => "vllm-latency",
            Format::GenaiPerfConsole | Format::GenaiPerfCsv | Format::GenaiPerfJson => "genai-perf",
            Format::AiperfConsole | Format::AiperfCsv | Format::AiperfJson => "aiperf",
            Format::GuidellmJson | Format::GuidellmCsv | Format::GuidellmConsole => "guidellm",
            Format::InferencePerfJson => "inference-perf",
            Format::LlamaBenchMarkdown
            | Format::LlamaBenchCsv
            | Format::LlamaBenchJson
            | Format::LlamaBenchSql => "llama-bench",
            Format::LlamaBatchedBench => "llama-batched-bench",
            Format::MlperfSummary | Format::MlperfDetail => "mlperf",
            Format::TrtllmBenchConsole | Format::TrtllmBenchJson => "trtllm-bench",
            Format::OllamaVerbose => "ollama",
            Format::EvalscopePerfJson | Format::EvalscopePerfConsole => "evalscope-perf",
            Format::LlmperfJson => "llmperf",
            Format::GenaiBenchJson => "genai-bench",
            Format::LlmLoadTestJson => "llm-load-test",
            Format::SglangOneBatchText | Format::SglangOneBatchJsonl => "sglang-one-batch",
            Format::InferenceBenchmarkerJson => "inference-benchmarker",
        }
    }

    /// How much of a run a format keeps: the result file (full precision, the
    /// configuration) over the CSV export (rounded, no configuration) over the console
    /// summary (rounded, fewest statistics).
    pub fn richness(self) -> u8 {
        match self {
            Format::VllmServeJson
            | Format::SglangServeJsonl
            | Format::VllmThroughputJson
            | Format::VllmLatencyJson
            | Format::GenaiPerfJson
            | Format::AiperfJson
            | Format::GuidellmJson
            | Format::InferencePerfJson
            | Format::LlamaBenchJson
            | Format::EvalscopePerfJson
            | Format::LlmperfJson
            | Format::GenaiBenchJson
            | Format::LlmLoadTestJson
            | Format::TrtllmBenchJson
            | Format::SglangOneBatchJsonl
            | Format::InferenceBenchmarkerJson => 3,
            Format::GenaiPerfCsv
            | Format::AiperfCsv
            | Format::GuidellmCsv
            | Format::LlamaBenchCsv
            | Format::LlamaBenchSql => 2,
            _ => 1,
        }
    }

    /// Text formats are found anywhere inside a file (logs, Markdown); the others are
    /// whole files.
    pub fn is_embedded_text(self) -> bool {
        matches!(
            self,
            Format::VllmServeText
                | Format::SglangServeText
                | Format::VllmThroughputText
                | Format::VllmLatencyText
                | Format::GenaiPerfConsole
                | Format::AiperfConsole
                | Format::GuidellmConsole
                | Format::LlamaBenchMarkdown
                | Format::LlamaBenchCsv
                | Format::LlamaBenchSql
                | Format::LlamaBatchedBench
                | Format::MlperfSummary
                | Format::MlperfDetail
                | Format::TrtllmBenchConsole
                | Format::OllamaVerbose
                | Format::EvalscopePerfConsole
                | Format::SglangOneBatchText
        )
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::ALL
            .iter()
            .copied()
            .find(|f| f.as_str() == s)
            .ok_or_else(|| {
                let names: Vec<_> = Format::ALL.iter().map(|f| f.as_str()).collect();
                crate::tr!(
                    "error-unknown-format",
                    format = s.to_owned(),
                    known = names.join(", ")
                )
            })
    }
}
