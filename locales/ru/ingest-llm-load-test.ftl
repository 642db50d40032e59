# llm-load-test (src/ingest/llm_load_test.rs).
ingest-expect-llm-load-test = ожидался полный выходной файл llm-load-test (results, config, summary): { $error }
