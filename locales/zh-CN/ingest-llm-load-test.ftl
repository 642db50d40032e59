# llm-load-test (src/ingest/llm_load_test.rs).
ingest-expect-llm-load-test = 应为完整的 llm-load-test 输出文件（results、config、summary）：{ $error }
