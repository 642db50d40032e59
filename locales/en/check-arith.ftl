# check: the arithmetic an author did (src/check/thread/arith.rs)
check-pair-arithmetic = before: “{ $before }” (line { $before_line }, { $before_trials }); after: “{ $after }” (line { $after_line }, { $after_trials }); told by the arithmetic of the change cells
check-mistake-against-convention = { $claimed } is not what the rest of its column computes, { $convention } ({ $recomputed }); it is { $needs }
check-mistake-no-formula = { $claimed } is not what the rest of its column computes, { $convention } ({ $recomputed }), and no standard formula over its row gives it
check-formula-change = the change over the old value, (after − before) / before
check-formula-better = the improvement over the old value (a drop of a time counted positive)
check-formula-over-new = the change divided by the new value, (after − before) / after
check-formula-of-base = after as a percent of before
check-formula-of-new = before as a percent of after (the percent inverted)
check-formula-gain = the speed-up (after / before of a rate, before / after of a time)
check-formula-plain = after / before
check-formula-inverted = the ratio inverted, before / after
# Unverifiable claims with numbers beside them: why they were not called wrong.
check-unverifiable-near-miss = unverifiable { $what } for { $subject }: claimed { $claimed }; the formula of the rest of its column gives { $recomputed }, one unit of its last digit away, so the author divided other values than the printed ones (unrounded means) or rounded twice; not called wrong
check-unverifiable-unsettled = unverifiable { $what } for { $subject }: claimed { $claimed }; no standard formula over its row gives it (nearest { $recomputed }), and neither the other cells of its column nor the labels settle how the author computed; not called wrong
check-unverifiable-mixed = unverifiable { $what } for { $subject }: “{ $claimed }”, but its rows moved both ways or not beyond their rounding ({ $recomputed }); not called wrong
