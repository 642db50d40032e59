# perflab ingest: what was not read, copies of one run, files that disagree.
ingest-kind-aiperf-aggregate = an AIPerf aggregate over several runs (a sweep or repeated profiles), not one run; read each run's profile_export_aiperf.json
ingest-kind-perf-analyzer-records = perf_analyzer's per-request records under genai-perf, not a summary of the run; read profile_export_genai_perf.json beside it
ingest-kind-inference-perf-report = an inference-perf summary or LoRA adapter report, whose requests are in its stage_N reports (read those)
ingest-skipped-aiperf-aggregate = { $count ->
    [one] { $count } file skipped: an AIPerf aggregate over several runs; read each run's profile_export_aiperf.json instead
   *[other] { $count } files skipped: AIPerf aggregates over several runs; read each run's profile_export_aiperf.json instead
}
ingest-skipped-perf-analyzer-records = { $count ->
    [one] { $count } file skipped: perf_analyzer's per-request records; read profile_export_genai_perf.json instead
   *[other] { $count } files skipped: perf_analyzer's per-request records; read profile_export_genai_perf.json instead
}
ingest-skipped-inference-perf-report = { $count ->
    [one] { $count } file skipped: an inference-perf summary or adapter report; its stages are read from stage_N_lifecycle_metrics.json
   *[other] { $count } files skipped: inference-perf summary or adapter reports; their stages are read from stage_N_lifecycle_metrics.json
}
ingest-kind-evalscope-percentiles = evalscope perf's percentiles or arguments, read with the benchmark_summary.json beside them (no run of their own)
ingest-kind-llmperf-requests = llmperf's per-request records, the requests of the run in the _summary.json beside them (read that)
ingest-kind-genai-bench-metadata = genai-bench's experiment metadata, read with the run files beside it (no run of its own)
ingest-kind-server-log = a server log or command that holds no run: the server configuration it names is given to the runs in its folder (name the folder)
ingest-kind-mlperf-detail = MLPerf LoadGen's detail log, read with the mlperf_log_summary.txt beside it (no run of its own)
ingest-skipped-evalscope-percentiles = { $count ->
    [one] { $count } file skipped: evalscope perf's percentiles or arguments, read with the benchmark_summary.json beside them
   *[other] { $count } files skipped: evalscope perf's percentiles or arguments, read with the benchmark_summary.json beside them
}
ingest-skipped-llmperf-requests = { $count ->
    [one] { $count } file skipped: llmperf's per-request records; its run is read from the _summary.json beside it
   *[other] { $count } files skipped: llmperf's per-request records; their runs are read from the _summary.json beside them
}
ingest-skipped-genai-bench-metadata = { $count ->
    [one] { $count } file skipped: genai-bench's experiment metadata, read with the run files beside it
   *[other] { $count } files skipped: genai-bench's experiment metadata, read with the run files beside them
}
ingest-skipped-server-log = { $count ->
    [one] { $count } file holds no run but a server configuration, given to the runs beside it
   *[other] { $count } files hold no run but a server configuration, given to the runs beside them
}
ingest-skipped-mlperf-detail = { $count ->
    [one] { $count } file skipped: MLPerf LoadGen's detail log, read with the mlperf_log_summary.txt beside it
   *[other] { $count } files skipped: MLPerf LoadGen's detail logs, read with the mlperf_log_summary.txt beside them
}
ingest-skipped-no-result = { $count ->
    [one] { $count } file skipped: no benchmark result found in it
   *[other] { $count } files skipped: no benchmark result found in them
}
ingest-copies = { $count ->
    [one] { $count } run was read again from a less complete file of the same run (console or CSV beside the result file) and kept once, from the richest file, with the other files in its `sources` column; --all-files keeps every copy
   *[other] { $count } runs were read again from less complete files of the same run (console or CSV beside the result file) and kept once, from the richest file, with the other files in their `sources` column; --all-files keeps every copy
}
ingest-copy-of = { $path } (run { $run }) is a copy of the run in { $kept }
ingest-list-more = (-v lists the files)
ingest-disagree = { $path } and { $other } are files of one run but disagree beyond the printed rounding ({ $columns }); both rows are kept
# No run in all the paths read: the paths, the files found, then a line per file.
ingest-no-runs = { $count ->
    [0] no benchmark run read from { $paths }: no file found there (--allow-empty exits 0 on an empty input)
    [one] no benchmark run read from { $paths }: { $count } file found, and it holds no result perflab reads (--allow-empty exits 0 on an empty input):
   *[other] no benchmark run read from { $paths }: { $count } files found, none holds a result perflab reads (--allow-empty exits 0 on an empty input):
}
ingest-no-runs-unknown = no benchmark result perflab reads found in it (see the tools in README.md; --format names the formats)
ingest-no-runs-more = … and { $count } more
ingest-printed-twice = this run is printed again at line { $kept }, more precisely: kept once, from there
