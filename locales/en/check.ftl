# perflab check: claims of a published report that do not hold, and warnings about its blocks.
check-quantity-value = value
check-quantity-difference = difference
check-quantity-percent-change = percentage
check-quantity-success-rate = success rate
check-quantity-order = order
check-quantity-extremes = fastest and slowest
check-quantity-best = best variant
check-quantity-block = quoted run
check-quantity-no-gain = gain
check-quantity-range = range of changes
check-quantity-parity = parity
check-quantity-ratio = ratio
check-wrong = wrong { $what } for { $subject }: claimed { $claimed }, recomputed { $recomputed }
check-wrong-unmatched = wrong { $what } for { $subject }: claimed { $claimed }, but no benchmark block of the report matches it
check-unverifiable = unverifiable { $what } for { $subject }: claimed { $claimed }, but no benchmark block of the report is tied to it or prints it; not checked
check-warning = warning: { $message }
check-finding-success-rate = success rate { $rate }% ({ $completed } of { $total } requests)
check-finding-peak-below-mean = peak output throughput { $peak } tok/s is below the mean { $mean } tok/s
check-finding-peak-above-mean = peak output throughput { $peak } tok/s is { $times } times the mean { $mean } tok/s
check-finding-mean-above-p99 = mean { $metric } { $mean } ms is above its P99 { $p99 } ms
check-finding-not-available = N/A where a value belongs: { $labels }
check-finding-zero-median = median of zero: { $labels }
check-finding-served-model = serves { $served }, a model the title does not name ({ $title })
check-group-peak-above-mean = peak output throughput more than { $limit } times the mean
check-group-peak-below-mean = peak output throughput below the mean
check-group-mean-above-p99 = mean above its P99: { $metric }
check-grouped = { $message }, on { $count } blocks (lines { $lines })
check-finding-empty-result = result without numbers: "{ $text }"
check-summary = { $claims ->
    [one] { $claims } claim checked
   *[other] { $claims } claims checked
}, { $wrong } wrong, { $warnings ->
    [one] { $warnings } warning
   *[other] { $warnings } warnings
}, { $blocks ->
    [one] { $blocks } block
   *[other] { $blocks } blocks
}{ $unverifiable ->
    [0] {""}
   *[other] , { $unverifiable } unverifiable
}.

# An author's before/after (a pull-request thread).
check-trials = { $count ->
    [one] { $count } trial
   *[other] { $count } trials
}
check-pair-words = before: “{ $before }” (line { $before_line }, { $before_trials }); after: “{ $after }” (line { $after_line }, { $after_trials }); told by the words above them
check-pair-order = before: “{ $before }” (line { $before_line }, { $before_trials }); after: “{ $after }” (line { $after_line }, { $after_trials }); no words tell which is before, so the first is taken as before
check-mistake-divided-by-new = { $claimed } is the change divided by the new value; over the old value, { $metric } changed by { $recomputed }
check-mistake-speedup-called-reduction = { $claimed } is before / after − 1 (a speed-up) called a reduction; { $metric } is { $recomputed } lower
check-mistake-reduction-called-speedup = { $claimed } is how much lower { $metric } is (1 − after / before) called a speed-up; the speed-up is { $recomputed }
check-mistake-other-metric = { $claimed } is not { $metric } ({ $recomputed }) but { $other }
check-mistake-range-leaves-rows-out = the range { $claimed } leaves out rows { $other }: the rows' changes run { $recomputed }
check-mistake-parity-leaves-rows-out = “{ $claimed }” over rows of which { $other } moved (largest change { $recomputed }, more than 5%)
check-finding-within-noise = the claimed { $claimed } on { $metric } is within noise: Welch's test over { $before } and { $after } trials gives p = { $p }
