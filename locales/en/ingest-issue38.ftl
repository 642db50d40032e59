# trtllm-bench --report_json (src/ingest/trtllm_report_json.rs).
ingest-expect-trtllm-report = expected a trtllm-bench JSON report (engine, world_info, request_info, performance): { $error }
# MLPerf LoadGen detail log (src/ingest/mlperf_detail.rs).
ingest-expect-mlperf-mllog = expected a LoadGen log line (:::MLLOG and a JSON object with key and value): { $error }
# SGLang bench_one_batch (src/ingest/sglang_one_batch.rs).
ingest-expect-sglang-one-batch = expected a bench_one_batch result line (one JSON object): { $error }
# Hugging Face inference-benchmarker (src/ingest/inference_benchmarker.rs).
ingest-expect-inference-benchmarker = expected an inference-benchmarker report (config, results): { $error }
