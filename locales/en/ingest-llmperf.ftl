# llmperf (src/ingest/llmperf.rs).
ingest-expect-llmperf-summary = expected a complete llmperf _summary.json: { $error }
