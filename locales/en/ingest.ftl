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
