# The study report (`perflab report`) and `perflab compare`.
# Arguments named $best, $worst, $label, $model, $hardware, $profile, $reason are user text,
# already escaped for Markdown; numbers arrive formatted.

report-title-default = Performance study of { $model }

## Conclusion

section-conclusion = Conclusion
conclusion-intro = { $goal ->
    [latency] Recommended configuration for the lowest latency of { $model } on { $hardware }:
   *[throughput] Recommended configuration for the highest throughput of { $model } on { $hardware }:
}
conclusion-command = Serving command
conclusion-baseline-kept = No variant beat the baseline, so the baseline configuration stays recommended.
conclusion-table-intro = Benchmark results before and after the optimization:
col-benchmark-case = Benchmark case
col-baseline = Baseline ({ $label })
col-optimized = Optimized
col-experiment = Experiment
section-notes = Notes

## Setup

section-objective = Objective
section-setup = Experimental setup
setup-model = Model
setup-hardware = Hardware
setup-engines = Engine versions
setup-method = Benchmark method
setup-profiles = Benchmark profiles

## Experiments

section-results = Experiment results
variant-profile = Profile: { $profile }
variant-parameters = Backend parameters:
variant-no-parameters = Backend parameters: none (engine defaults).
variant-result = Benchmark result
variant-missing = No result: { $reason }
variant-skipped = Success rate { $rate }: { $completed } of { $requested } { $requested ->
    [one] request
   *[other] requests
} completed, so this run is not a valid optimization (optimization skipped).
variant-no-primary = This result does not report { $metric }, so the variant is not ranked.
variant-is-baseline = This is the baseline of the study.
report-workload-differs = The workload differs from the baseline's ({ $columns }): the change is not the configuration's alone.
summary-label = Summary:
group-gap-percent = **{ $best }** { $metric } = { $best_value }, **{ $worst }** { $metric } = { $worst_value }. **{ $best }** is faster by { $diff } { $unit } ({ $pct })
group-gap-ratio = **{ $best }** { $metric } = { $best_value } { $unit }, **{ $worst }** { $metric } = { $worst_value } { $unit }. **{ $best }** is { $ratio } faster ({ $diff } { $unit } less)
group-summary = { $gap }; { $secondary }.
group-summary-primary-only = { $gap }.
group-secondary = { $metric } = { $best_value } { $unit } vs { $worst_value } { $unit }, { $direction ->
    [reduced] reduced by { $diff } { $unit } ({ $pct }{ $worse ->
        [yes] , { $lower_is_better ->
            [yes] faster
           *[no] lower
        }
       *[no] {""}
    })
    [increased] increased by { $diff } { $unit } ({ $pct } { $worse ->
        [yes] { $lower_is_better ->
            [yes] slower
           *[no] worse
        }
       *[no] better
    })
   *[unchanged] unchanged
}
group-single-valid = Only **{ $label }** completed every request; there is nothing to rank it against.

## Summary of optimizations

section-summary = Summary of optimizations
cell-skipped = success rate { $rate }, optimization skipped
cell-no-result = no result
cell-other-profile = other profile
change-ratio = { $verdict ->
    [better] { $ratio } faster
    [worse] { $ratio } slower
   *[same] same
}

## Other scenarios

section-scenarios = Other benchmark cases
scenario-baseline-parameters = Baseline backend parameters:
scenario-optimized-parameters = Optimized backend parameters:
scenario-baseline-result = Baseline benchmark result
scenario-optimized-result = Optimized benchmark result
parameters-none = none (engine defaults).
scenario-missing = No result: { $reason }

## Charts

section-latency = Latency of the baseline and the optimized configuration
chart-conclusion-title = { $metric }: baseline vs optimized
chart-experiment-title = { $experiment }: { $metric }
chart-latency-title = { $metric }: baseline vs optimized
series-baseline = Baseline
series-optimized = Optimized
chart-skipped = skipped
stat-mean = Mean
stat-median = Median
stat-p99 = P99

## Metric names (canonical columns of metrics.md)

metric-total_token_throughput = Total TPS
metric-prefill_throughput = Prefill TPS
metric-decode_throughput = Decode TPS
metric-result_valid = Valid
metric-input_len = Input length
metric-output_len = Output length
metric-context_depth = Context depth
metric-output_throughput = Output TPS
metric-input_throughput = Input TPS
metric-request_throughput = Request throughput
metric-request_goodput = Request goodput
metric-max_output_tokens_per_s = Peak output TPS
metric-completed = Completed requests
metric-failed = Failed requests
metric-duration = Duration
metric-mean_ttft_ms = Mean TTFT
metric-median_ttft_ms = Median TTFT
metric-p99_ttft_ms = P99 TTFT
metric-mean_tpot_ms = Mean TPOT
metric-median_tpot_ms = Median TPOT
metric-p99_tpot_ms = P99 TPOT
metric-mean_itl_ms = Mean ITL
metric-median_itl_ms = Median ITL
metric-p99_itl_ms = P99 ITL
metric-mean_e2el_ms = Mean E2E latency
metric-median_e2el_ms = Median E2E latency
metric-p99_e2el_ms = P99 E2E latency
family-ttft = TTFT
family-tpot = TPOT
family-itl = ITL
stat-std = Std. dev.
stat-min = Min
stat-max = Max
stat-percentile = P{ $p }
family-e2el = E2E latency
family-ttst = TTST
family-client_queue_time = client queue time
family-isl = input length
family-osl = output length
# A distribution column's name: `Mean TTFT`, `P90 ITL`.
metric-stat-family = { $stat } { $family }
metric-request_rate = Request rate
metric-max_concurrency = Max concurrency
metric-concurrency = Concurrency
metric-max_concurrent_requests = Peak concurrent requests
metric-total_input_tokens = Input tokens
metric-total_output_tokens = Output tokens
metric-total_output_tokens_retokenized = Output tokens (retokenized)

## perflab compare

compare-col-metric = Metric
compare-col-change = Change
compare-versus = { $candidate } against { $baseline } (baseline): { $metric } { $change }.
compare-skipped = { $label }: success rate { $rate } ({ $completed } of { $requested } { $requested ->
    [one] request
   *[other] requests
}), so it does not count as a valid result.

## perflab report: errors in study.toml

study-error-used-twice = { $key }: used twice
study-error-used-twice-in-experiment = { $key }: used twice in this experiment
study-error-no-experiments = no [[experiments]]: a study needs at least one
study-error-no-variants = { $key }: no [[experiments.variants]]
study-error-no-such-profile = no such profile (profiles: { $known })
study-error-no-such-engine = no such engine (engines: { $known })
study-none-defined = none defined
study-error-bad-id = { $key }: use letters, digits, `-`, `_` or `.`
study-error-result-and-missing = give either `result` or `missing`, not both
study-error-no-result = { $key }: needs `result = "FILE"` or `missing = "why there is no result"`
study-error-run-without-result = `run` needs a `result` file
study-error-cannot-read = cannot read { $path }: { $reason }
study-error-no-run-in-file = holds no benchmark run
study-error-no-such-run = no such run: the file holds { $count ->
    [one] { $count } run
   *[other] { $count } runs
} (counted from 1)
study-error-choose-run = the file holds { $count } runs; choose one with `run = N`
study-error-baseline-form = expected `EXPERIMENT-ID/VARIANT-NAME`
study-error-no-such-experiment = no experiment with id `{ $id }`
study-error-no-such-variant = experiment `{ $experiment }` has no variant `{ $variant }`
study-error-baseline-without-result = the baseline variant has no result
study-error-default-baseline = experiments[0].variants[0] (the default baseline): { $message }
study-error-metric-without-direction = not a metric with a better direction (e.g. total_token_throughput, mean_e2el_ms)
study-error-style = expected `percent` or `ratio`

report-untranslated = { $file }: { $count ->
    [one] { $count } text is
   *[other] { $count } texts are
} not given in { $lang }, so its page shows them in { $shown }: { $keys }. Add { $lang } to them in the study file, or accept this with --allow-untranslated.
report-infer-title = { $model }: server configurations compared
report-infer-header = Made by `perflab report` from the runs of { $count } result folders: one variant per folder and workload, labelled by the flags that differ from the baseline's.
    Edit it and render it again with `perflab report study.toml`.
report-infer-no-folders = report: no result folder to make a study from
report-infer-empty-folder = report: { $folder } holds no run
report-infer-baseline-not-a-folder = report --baseline { $baseline }: not one of the folders given
compare-note-differs = The two runs differ in their workload or server ({ $columns }): the change is theirs together, not one setting's.
