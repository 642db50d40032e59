# llmperf (src/ingest/llmperf.rs).
ingest-expect-llmperf-summary = ожидался полный _summary.json от llmperf: { $error }
