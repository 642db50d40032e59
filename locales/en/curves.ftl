# `perflab curves`: load sweeps as curves, capacity at the SLO, the Pareto frontier.
# Arguments $x, $y, $by, $slo, $column, $series are column names or user text, already
# escaped for Markdown; numbers arrive formatted.

curves-title = Load curves: { $y } against { $x }
curves-intro = { $series ->
    [one] One series
   *[other] { $series } series
} of { $points } load { $points ->
    [one] point
   *[other] points
} from { $runs } { $runs ->
    [one] run
   *[other] runs
}.
curves-series-by = Series are told apart by: { $by }.
curves-single-series = All runs form one series.
curves-ci-note = A point with repeated runs shows their mean and its 95% confidence interval (Student's t).
curves-runs-without-x = { $n ->
    [one] { $n } run without a number in { $x } was left out.
   *[other] { $n } runs without a number in { $x } were left out.
}
curves-chart-title = { $y } against { $x }
curves-chart-first-series = The charts show the first { $shown } of { $series } series; the table lists them all.
curves-series-all = All runs

## Capacity

curves-section-capacity = Capacity at the SLO
curves-slos = SLO: { $slo }.
curves-capacity-method = Capacity is the largest load at which every SLO holds, interpolated linearly between the last load that holds and the first that does not (docs/curves.md).
curves-no-slo = No SLO was given (`--slo`), so there is no capacity.
curves-col-series = Series
curves-col-points = Points
curves-col-capacity = Capacity ({ $x })
curves-col-interval = 95% interval
curves-col-at-capacity = { $y } at capacity
curves-col-limiting = Limited by
curves-capacity-interpolated = { $value }
curves-capacity-below-first = none: the first load already fails
curves-capacity-above-last = ≥ { $value }: every load holds
curves-capacity-no-points = none: no point has every SLO column
curves-interval = { $low } – { $high }
curves-interval-none = none
curves-interval-at-least = ≥ { $value }
curves-mark = capacity { $value }

## Pareto frontier

curves-section-pareto = Pareto frontier
curves-pareto-intro = Output tokens/s per GPU against output tokens/s per user (output throughput over concurrency): { $frontier } of { $points } points are on the frontier; the others are dominated (hollow markers).
curves-pareto-gpus-count = GPUs per point: { $n }.
curves-pareto-gpus-column = GPUs per point: the column { $column }.
curves-pareto-gpus-parallel = GPUs per point: tensor × pipeline × data parallel size (1 where a run does not say).
curves-pareto-none = No point has both an output throughput and a concurrency, so there is no frontier.
curves-pareto-left-out = { $n } points without an output throughput, a concurrency or a GPU count are left out.
curves-pareto-chart = Pareto frontier: output tok/s per GPU against output tok/s per user
curves-per-user = Output tok/s per user
curves-per-gpu = Output tok/s per GPU
curves-frontier = Frontier
curves-col-load = Load ({ $x })

## `perflab diff --curve-x`: capacity of two sweeps

diff-capacity-title = Capacity at the SLO ({ $slo })
diff-capacity-col-baseline = Baseline ({ $x })
diff-capacity-col-candidate = Candidate ({ $x })
diff-capacity-col-change = Change
diff-capacity-col-verdict = Verdict
diff-capacity-chart = { $y } against { $x }: baseline (solid) and candidate (dashed)
diff-capacity-baseline-prefix = baseline:{" "}
diff-capacity-candidate-prefix = candidate:{" "}
diff-capacity-regression = capacity regression
diff-capacity-within-noise = within noise
diff-capacity-already-beyond = already past in the baseline
diff-capacity-pass = ok
diff-capacity-not-applicable = n/a

## Errors of `perflab curves` and of capacity rules in `perflab diff`
curves-error-no-y = --y needs at least one column
curves-error-no-runs-in-paths = no benchmark runs found in the given paths
diff-capacity-no-requests = --slo { $slo }: no run of { $path } kept its requests, so its per-request objectives cannot be judged (give the result files with their per-request lists, not a saved runs frame)
curves-error-no-column = { $flag } { $column }: no run has this column
curves-error-gpus-not-a-count = --gpus { $column }: { $run } has { $value }, which is not a number of GPUs
curves-error-capacity-rule-needs-sweep = `{ $rule }` needs the sweeps' load column and SLOs: --curve-x COLUMN --slo 'COLUMN<=VALUE'
curves-error-no-runs = no runs to draw curves of
curves-error-no-x = no run has a number in `{ $column }` (the --x column)
curves-error-slo = --slo `{ $slo }`: { $reason }; expected COLUMN<=VALUE, COLUMN<VALUE, COLUMN>=VALUE or COLUMN>VALUE (e.g. p99_ttft_ms<=500)
curves-slo-no-comparison = no comparison
curves-slo-no-column = no column
curves-slo-bad-limit = the limit is not a finite number
curves-chart-no-point = needs at least one point
