# `perflab history`: a store of runs night after night, trends and change points.
# $store, $file, $object are what the user named or what the store holds; $reason is
# the underlying error's text.

## Errors

history-error-open = cannot open the history store { $store }: { $reason }
history-error-no-store = { $store }: no such history store (a folder made by `perflab history add`)
history-error-io = { $store }: { $object }: { $reason }
history-error-version = { $store } is a history store of layout version { $version }; this perflab reads version { $supported }. Use the perflab that wrote it; nothing was changed.
history-error-marker = { $store }: { $marker } is not a perflab history marker; nothing was changed.
history-error-not-a-store = { $store } holds files but no { $marker } (the first is { $file }): it is not a perflab history store; nothing was written.
history-error-empty = { $store } is empty: add runs first with `perflab history add`.
history-error-foreign-file = { $store }: { $file } is not a file of a perflab history store (expected date=YYYY-MM-DD/part-HASH.parquet)
history-error-foreign-parquet = { $store }: { $file } is not a part written by perflab history: { $reason }
history-no-run-id = it has no run_id column
history-no-format = it has no format column
history-missing-part = the file disappeared while it was read
history-error-label = the label `{ $label }` has no `=`: write --label KEY=VALUE, e.g. --label commit=1a2b3c
history-error-label-key = the label `{ $label }`: a key is letters, digits and `_`, not starting with a digit
history-error-label-reserved = `{ $key }` cannot be a label: the store writes that column itself (use --date for the date)
history-error-label-twice = the label `{ $key }` is given twice
history-error-label-column = the label `{ $key }` is also a column of the runs; choose another key
history-error-date = `{ $date }` is not a date: write YYYY-MM-DD
history-error-filter = the filter `{ $filter }` has no `=`: write --filter COLUMN=VALUE
history-error-no-runs = no run found in { $paths }; nothing was added
history-error-no-metric = no run in the store has the metric `{ $metric }`
history-error-no-metrics = no run in the store has any of the metrics { $metrics } (the ones `diff` watches); name one with --metric
history-error-no-column = no run in the store has the column `{ $column }`
history-error-window = --window must be at least 1
history-error-no-history = { $store } holds no run of the candidate's keys ({ $key }); nothing to compare against

## Messages

history-added = added { $added ->
    [one] one run
   *[other] { $added } runs
} to { $store } as { $part }{ $known ->
    [0] {""}
   *[other] ; { $known } already there
}
history-nothing-added = nothing added to { $store }: { $known ->
    [one] the run is
   *[other] all { $known } runs are
} already there

## The page

history-title = Benchmark history: { $metric }
history-intro = { $series ->
    [one] One series
   *[other] { $series } series
} of { $runs } runs from { $store }.
history-key = Series are told apart by: { $key }.
history-method = Change points: E-Divisive means with a permutation test ({ $permutations } shuffles, seed { $seed }), p ≤ { $alpha }, at least { $min_segment } runs on either side, steps of at least { $min_magnitude }%. The latest run is compared with the runs before it since the last change point, at most { $recent }.
history-section-series = Series
history-section-nights = Changes by night
history-nights-intro = The change points of every series by night (date and labels), with each metric that moved then.
history-col-moved = What moved
history-all-runs = All runs
# The x axis of a trend chart: the night of each run. $label is the name of the store's
# label printed under the dates (`commit`), as the user wrote it.
history-chart-missing = No chart: { $reason }
history-chart-x = Date
history-chart-x-label = Date and { $label }
history-chart-segment-mean = Segment mean
history-latest = Latest ({ $date }): { $value }; the { $runs } runs before it: median { $median }, 10th–90th percentile { $p10 }–{ $p90 }; { $rank }% of them are at or below it ({ $vs } against the median).
history-no-change = No change point.
history-col-series = Series
history-col-runs = Runs
history-col-latest = Latest
history-col-median = Recent median
history-col-vs-median = Latest vs median
history-col-changes = Change points · last
history-col-date = Date
history-col-run = Run
history-col-labels = Labels
history-col-before = Mean before
history-col-after = Mean after
history-col-step = Step
history-col-p = p-value
diff-error-history-two-paths = with --against-history, give only the candidate: the baseline comes from the store
history-provisional = provisional
