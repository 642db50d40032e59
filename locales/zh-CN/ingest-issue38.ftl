# trtllm-bench --report_json (src/ingest/trtllm_report_json.rs).
ingest-expect-trtllm-report = 应为 trtllm-bench 的 JSON 报告（engine、world_info、request_info、performance）：{ $error }
# MLPerf LoadGen detail log (src/ingest/mlperf_detail.rs).
ingest-expect-mlperf-mllog = 应为 LoadGen 日志行（:::MLLOG 加含 key 和 value 的 JSON 对象）：{ $error }
# SGLang bench_one_batch (src/ingest/sglang_one_batch.rs).
ingest-expect-sglang-one-batch = 应为 bench_one_batch 的结果行（一个 JSON 对象）：{ $error }
# Hugging Face inference-benchmarker (src/ingest/inference_benchmarker.rs).
ingest-expect-inference-benchmarker = 应为 inference-benchmarker 的报告（config、results）：{ $error }
