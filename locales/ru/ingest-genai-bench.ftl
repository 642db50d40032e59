# genai-bench (src/ingest/genai_bench.rs).
ingest-expect-genai-bench = ожидался полный файл прогона genai-bench (aggregated_metrics): { $error }
