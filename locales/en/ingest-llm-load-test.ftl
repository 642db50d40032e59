# llm-load-test (src/ingest/llm_load_test.rs).
ingest-expect-llm-load-test = expected a complete llm-load-test output file (results, config, summary): { $error }
