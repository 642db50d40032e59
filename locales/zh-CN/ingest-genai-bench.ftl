# genai-bench (src/ingest/genai_bench.rs).
ingest-expect-genai-bench = 应为完整的 genai-bench 运行文件（aggregated_metrics）：{ $error }
