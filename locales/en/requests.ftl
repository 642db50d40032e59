# The requests frame (one row per request), recomputed statistics, goodput under SLOs,
# significance from one run per side and the distribution charts.
# $list and $column are key or column names; numbers arrive formatted.

requests-error-json = not a readable result with per-request lists: { $reason }
requests-error-lengths = the per-request list `{ $list }` has { $len } entries but `ttfts` has { $n }; every list must have one entry per request
requests-error-value = `{ $list }` of request { $index } is { $value }, which no time or token count can be
requests-error-extension = { $path }: the requests frame is written as .parquet, .csv or .ndjson; name the file with one of these extensions
requests-warn-mismatch = run { $run }: { $column } is { $file } in the file, but its requests give { $recomputed }
requests-written = { $count ->
    [one] 1 request written to { $path }
   *[other] { $count } requests written to { $path }
}

## Significance from one run per side (perflab diff)

requests-test-bootstrap = bootstrap
requests-test-mann-whitney = Mann–Whitney U
requests-decided-by = decided by { $test } over { $base } and { $cand } requests
requests-decided-by-subsample = decided by { $test } over seeded subsamples of { $base_used } of { $base } and { $cand_used } of { $cand } requests
requests-significance-note = With one run per side, latency percentiles are judged by a seeded bootstrap 95% interval of their difference ({ $resamples } resamples of the requests) and their distributions by a Mann–Whitney U test (p < 0.05); throughput is still judged by the threshold alone.

## Charts

requests-chart-cdf-title = { $metric }: share of requests at or below a latency
requests-chart-cdf-x = { $metric } (ms)
requests-chart-cdf-y = Share of requests
requests-chart-time-title = End-to-end latency over the run
requests-chart-time-x = Request start (s after the first)
requests-chart-time-y = E2EL (ms)
requests-section-distributions = Request distributions
requests-baseline = baseline
requests-candidate = candidate

requests-metric-ttft = TTFT
requests-metric-tpot = TPOT
requests-metric-itl = ITL
requests-metric-e2el = E2EL

metric-slo_goodput = Goodput under the SLOs
metric-slo_attainment = Share of requests within the SLOs
metric-requests = Requests read
requests-error-no-requests = --charts needs both runs to have kept their requests (vLLM --save-detailed, SGLang --output-details, guidellm benchmarks.json, AIPerf profile_export.jsonl, genai-perf profile_export.json)
requests-decided-by-gaps = decided by { $test } over { $base } and { $cand } gaps between tokens
requests-decided-by-gaps-subsample = decided by { $test } over seeded subsamples of { $base_used } of { $base } and { $cand_used } of { $cand } gaps between tokens
requests-error-responses = request { $index } has { $times } response timestamps but { $outputs } response outputs; every response needs its time
requests-error-backwards = the response timestamps of request { $index } go back in time
