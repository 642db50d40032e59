# genai-bench (src/ingest/genai_bench.rs).
ingest-expect-genai-bench = expected a complete genai-bench run file (aggregated_metrics): { $error }
