# What a reader expected and did not find in a file, and what it read with doubt.
# Quoted cells, labels and errors are the file's own text.
ingest-expect-result = expected a benchmark result, found none
ingest-expect-format-result = expected a { $format } result, found none
ingest-expect-guidellm-csv-rows = expected guidellm CSV rows: { $error }
ingest-expect-guidellm-header-rows = expected guidellm's three header rows, found { $found } (truncated?)
ingest-expect-guidellm-header-width = expected guidellm's header rows to have { $width } cells each, found { $found } (truncated?)
ingest-expect-guidellm-row-width = expected { $width } cells as in guidellm's header rows, found { $found } (truncated?)
ingest-guidellm-csv-no-row = the guidellm CSV holds no benchmark row (run aborted?)
ingest-expect-number-in-column = expected a number in column `{ $column }`, found `{ $found }`
ingest-expect-percentile-list = expected [min, 9 percentiles, max] in column `{ $column }`, found `{ $found }`
ingest-expect-guidellm-json = expected a complete guidellm benchmarks.json: { $error }
ingest-guidellm-json-no-benchmark = the guidellm report holds no benchmark (run aborted?)
ingest-console-table-truncated = the { $format } table ends without its bottom border (truncated?)
ingest-console-table-unknown = an LLM Metrics table without any known metric was skipped
ingest-console-cell-cut = `{ $cell }` in column `{ $stat }` of `{ $label }` was cut by the terminal width; read as N/A
ingest-expect-number-or-na = expected a number or N/A in column `{ $stat }` of `{ $label }`, found `{ $found }`
ingest-expect-csv-row = expected a CSV row of metrics: { $error }
ingest-expect-json-export = expected a complete JSON export: { $error }
ingest-expect-json-result = expected a complete JSON result object: { $error }
ingest-expect-json-object-per-result = expected a JSON object per result
ingest-json-last-incomplete = the last result object is incomplete and was skipped (truncated?): { $error }
ingest-json-line-skipped = a JSON result line does not parse (truncated?); skipped
ingest-serve-block-truncated = the serving block that starts at line { $line } ends without its closing `=====` line (truncated?)
ingest-expect-number-for = expected a number for `{ $label }`, found `{ $found }`
ingest-expect-sweep-run = expected a vLLM sweep run (result JSON): { $error }
ingest-expect-sweep-run-object = expected a vLLM sweep run: a JSON object
ingest-expect-sweep-summary = expected a vLLM sweep summary (a list of runs): { $error }
ingest-expect-sweep-summary-list = expected a vLLM sweep summary: a JSON list of runs
ingest-expect-sweep-summary-item = expected a JSON object as run { $index } of the summary
ingest-sweep-warmup-failed = the warm-up run of the sweep failed ({ $overrides }): { $kind }: { $error }
ingest-sweep-run-failed = run { $run } of the sweep failed ({ $overrides }): { $kind }: { $error }
ingest-sweep-server-failed = the server combination of the sweep failed ({ $overrides }): { $kind }: { $error }
ingest-progress-files = files
ingest-expect-inference-perf-object = expected an inference-perf report: a JSON object
ingest-expect-inference-perf = expected a complete inference-perf report: { $error }
ingest-expect-inference-perf-count = expected an inference-perf report: `load_summary.count` or `successes.count`
