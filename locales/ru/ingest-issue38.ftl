# trtllm-bench --report_json (src/ingest/trtllm_report_json.rs).
ingest-expect-trtllm-report = ожидался JSON-отчёт trtllm-bench (engine, world_info, request_info, performance): { $error }
# MLPerf LoadGen detail log (src/ingest/mlperf_detail.rs).
ingest-expect-mlperf-mllog = ожидалась строка журнала LoadGen (:::MLLOG и объект JSON с key и value): { $error }
# SGLang bench_one_batch (src/ingest/sglang_one_batch.rs).
ingest-expect-sglang-one-batch = ожидалась строка результата bench_one_batch (один объект JSON): { $error }
# Hugging Face inference-benchmarker (src/ingest/inference_benchmarker.rs).
ingest-expect-inference-benchmarker = ожидался отчёт inference-benchmarker (config, results): { $error }
