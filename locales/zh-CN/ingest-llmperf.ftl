# llmperf (src/ingest/llmperf.rs).
ingest-expect-llmperf-summary = 应为完整的 llmperf _summary.json：{ $error }
