# perflab diff: verdicts, table, notes, errors.
diff-title = perflab diff
diff-verdict-pass = perflab diff: no regression ({ $matched } matched, { $added } added, { $removed } removed)
diff-verdict-fail = perflab diff: { $regressions ->
    [one] 1 regression
   *[other] { $regressions } regressions
} in { $pairs } of { $matched } matched ({ $added } added, { $removed } removed)
diff-verdict-fail-capacity = perflab diff: capacity at the SLO regressed in { $capacity } of { $series } series (the { $matched } matched runs pass every rule; { $added } added, { $removed } removed)
diff-verdict-and-capacity = ; capacity at the SLO regressed in { $capacity } of { $series } series
diff-policy-default = Policy (default):
diff-policy-flags = Policy (--fail-on):
diff-policy-config = Policy ({ $path }):
diff-note-key = Runs are paired by: { $key }.
diff-note-decided-by = { $pair }, { $metrics }: { $how }.
diff-note-no-noise = { $count ->
    [one] 1 matched key has
   *[other] { $count } matched keys have
} no estimate of the noise between runs (one run a side, no history given with --noise-from, no noise declared in [diff] noise): the threshold alone decided, and a run's own requests can clear a change but never confirm one.
diff-note-welch = With two or more runs per side, a change past a threshold counts only when it is significant (Welch's t-test, p < 0.05); the 95% interval is of the change, in % of the baseline mean.
diff-note-prediction = Against the history: a change past a threshold counts only when the candidate falls outside the window's 95% prediction interval (mean ± t·s·√(1/k + 1/n), from the window's n runs and their standard deviation s, for the mean of k candidate runs); `--json` gives it as `prediction` (low, high) of each metric.
diff-note-within-noise = { $count ->
    [one] 1 change passed a threshold but is
   *[other] { $count } changes passed a threshold but are
} within noise (not significant).
diff-note-already-beyond = { $count ->
    [one] 1 limit was
   *[other] { $count } limits were
} already passed in the baseline.
diff-note-not-applicable = { $count ->
    [one] 1 rule check did
   *[other] { $count } rule checks did
} not apply: the metric is missing on a side.
diff-added = Only in the candidate (added)
diff-removed = Only in the baseline (removed)
diff-unmatched-item = { $label } ({ $runs ->
    [one] 1 run
   *[other] { $runs } runs
}: { $sources })
diff-details = Details
diff-chart-title = Change of the watched metrics (% of the baseline mean)
diff-col-key = Key
diff-col-metric = Metric
diff-col-baseline = Baseline
diff-col-candidate = Candidate
diff-col-change = Change
diff-col-ci = 95% CI
diff-col-p = p
diff-col-trend = Trend
diff-col-verdict = Verdict
diff-trend-better = better
diff-trend-worse = worse
diff-trend-unchanged = unchanged
diff-trend-noise = noise
diff-trend-changed = changed
diff-trend-missing = missing
diff-outcome-regression = regression ({ $rule })
diff-outcome-within-noise = within noise
diff-outcome-already-beyond = already past in the baseline
diff-outcome-pass = ok
diff-outcome-not-applicable = not applicable
diff-regressions-beyond-table = { $count ->
    [one] 1 more regression, not in the table above:
   *[other] { $count } more regressions, not in the table above:
}
diff-note-config-differs = { $pair }: the paired runs differ in: { $columns }.
diff-note-setups-merged = { $pair }: the runs of one side differ in their setup ({ $columns }; baseline | candidate), yet the key takes them for repeats of one: pair by these columns (`--key`) to compare each setup with its own.
diff-rows-omitted = { $count ->
    [one] 1 more row is
   *[other] { $count } more rows are
} not shown here; see --json or --html.
diff-junit-failure = { $rule }: { $observed } on { $key }
diff-junit-within-noise = { $rule }: { $observed } on { $key }, within noise (not significant)
diff-junit-already-beyond = { $rule }: { $observed } on { $key }, already past in the baseline
diff-junit-not-applicable = the metric is missing on a side
diff-error-no-runs = no benchmark runs found in { $path }
diff-error-nothing-matched = nothing matched between { $baseline } and { $candidate } (key: { $key }).
    Keys only in the baseline ({ $removed }):
    { $removed_keys }
    Keys only in the candidate ({ $added }):
    { $added_keys }
    { $hint }
diff-keys-more = … and { $count } more
diff-hint-key = Pair the runs by the columns that describe the same setup on both sides with --key COLUMN,… (see `perflab ingest --json` for the columns).
diff-hint-key-columns = Both sides share { $columns }: try --key { $columns }
diff-error-unknown-key = no run on either side has the key column `{ $column }`
diff-error-unknown-metric = no run on either side has the column `{ $metric }` named by rule `{ $rule }`
diff-error-stdout-twice = --json and --markdown - both write to stdout; choose one
diff-rule-error = bad rule `{ $rule }`{ $origin }: { $problem }
diff-rule-no-operator = no comparison (<, <=, > or >=)
diff-rule-no-metric = no metric before the comparison
diff-rule-bad-metric = `{ $metric }` is not a column name (letters, digits, _ and . only)
diff-rule-bad-limit = `{ $limit }` is not a number (write -5%, +10% or 0)
diff-rule-signed-value = `{ $limit }` has a sign but no %: a change is written as a percentage, a limit without a sign
diff-rule-howto =
    A rule is METRIC, then <, <=, > or >=, then a limit:
      total_token_throughput<-5%   fails when the mean drops by more than 5%
      p99_ttft_ms>+10%             fails when the mean rises by more than 10%
      failed>0                     fails when the value passes 0 and the baseline's did not
    METRIC is a column of the runs table (see perflab ingest --json).
diff-note-no-success = { $count ->
    [one] 1 candidate completed
   *[other] { $count } candidates completed
} no request: each counts as a regression, whatever the rules say.
diff-outcome-no-success = regression (no request completed)
diff-junit-no-success = the candidate completed no request on { $key }
diff-error-no-pair = { $path } holds no results before and after a change that perflab can tell apart; give a baseline and a candidate
diff-outcome-inconclusive = not sure: one run a side
diff-verdict-basis = { $verdict } ({ $basis })
diff-basis-repeats = repeats, Welch's t-test
diff-basis-repeats-one-side = noise of one side's repeats
diff-basis-history = noise from the history
diff-basis-history-window = history window
diff-basis-setups = noise of every setup's repeats
diff-basis-declared = declared noise
diff-basis-requests = within the run's own requests
diff-basis-no-noise-estimate = threshold alone: no estimate of the noise between runs
diff-basis-one-run-threshold = one-run threshold: no estimate of the noise between runs
diff-note-inconclusive = { $count ->
    [one] 1 change passed a threshold but is
   *[other] { $count } changes passed a threshold but are
} not past the default policy's one-run threshold: with one run a side and no estimate of the noise between runs, a real engine's runs of one configuration differ this much, so the change can be neither confirmed nor cleared. Such a change passes (exit 0); to judge it, run repeats, or give --noise-from STORE or [diff] noise.
diff-note-noise-from = The noise between runs comes from the past runs of each workload in { $store }.
diff-noise-source-repeats = from the repeats
diff-noise-source-history = from the history, with the repeats
diff-noise-source-setups = pooled over the repeats of every setup in this diff
diff-noise-source-declared = declared
diff-noise-source-typical = typical of real engines
diff-power-known = { $rule }: the noise between runs is { $sigma } a run (standard deviation, { $source }); { $baseline_runs } and { $candidate_runs } runs detect a change of { $detectable } or more (80% of the time); { $needed }
diff-power-typical = { $rule }: no estimate of this benchmark's noise between runs; a real engine's runs of one configuration spread by up to { $sigma } (standard deviation of a run): { $needed }
diff-power-runs = { $runs ->
    [one] 1 run
   *[other] { $runs } runs
} a side would detect { $threshold }.
diff-power-runs-more = more than { $max } runs a side would be needed to detect { $threshold }.
diff-junit-inconclusive = { $rule }: { $observed } on { $key }, not sure: one run a side and no estimate of the noise between runs
diff-error-noise = bad noise `{ $text }`{ $origin }: write METRIC=PERCENT, the standard deviation of one run in % of its mean (e.g. output_throughput=12%)
diff-error-noise-from-history = --against-history already judges by the history's spread; --noise-from ([diff] noise-from) is for a diff of two sides
diff-warning-noise-from-nothing = the store has no past runs of these workloads: no noise between runs was learned from it
diff-error-noise-unknown-metric = no run on either side has the column `{ $metric }` whose noise is declared
