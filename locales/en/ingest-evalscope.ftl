# evalscope perf (src/ingest/evalscope_json.rs, evalscope_console.rs).
ingest-expect-evalscope-summary = expected a complete evalscope perf benchmark_summary.json: { $error }
ingest-evalscope-sibling-unread = { $file }:{ $line }: evalscope's file beside the summary could not be read ({ $error }); the run's percentiles or workload from it are left out
ingest-evalscope-percentiles-not-list = expected a JSON list of percentile rows
