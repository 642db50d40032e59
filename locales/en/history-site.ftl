# `perflab history report --out DIR`: the static site. Its three pages: what changed in
# the last nights, every series, one series. $store is the store as the user named it.

history-site-changed-title = What changed
history-site-series-title = Every series
history-site-trend-title = Series
history-site-intro = { $series ->
    [one] One series
   *[other] { $series } series
} of { $runs ->
    [one] one run
   *[other] { $runs } runs
} in { $store }.
history-site-window-nights = Change points from { $from } to { $to }: the last { $nights ->
    [one] night
   *[other] { $nights } nights
} with runs. Regressions first, larger steps first.
history-site-window-since = Change points from { $from } to { $to }. Regressions first, larger steps first.
history-site-no-changes = No change point in these nights.
history-site-no-runs = The store has no run.
history-site-worse = regression
history-site-better = improvement
history-site-changed = changed
history-site-mean = { $mean } ± { $half } ({ $n ->
    [one] one run
   *[other] { $n } runs
})
history-site-mean-one = { $mean } ({ $n ->
    [one] one run
   *[other] { $n } runs
})
history-site-before-after = before { $before } → after { $after }
history-site-languages = Language
# The every-series page; its words are filled in by the page's script.
history-site-filters = Filters
history-site-filter-hint = any
history-site-sort = Sort by
history-site-descending = descending
history-site-clear = Clear filters
history-site-shown = { $shown } of { $total } series
history-site-more = Show more
history-site-col-name = Series
history-site-latest = latest
history-site-vs-median = vs recent median
history-site-last-change = last change
history-site-no-change = no change
history-site-link = Link to this view
# One series' page.
history-site-loading = Loading…
history-site-missing = No series { $id } in this report.
history-site-key = Key
history-site-runs = Runs
history-site-changes = Change points
history-site-commits = Between the last good and the first bad run
history-site-good = last good
history-site-bad = first bad
history-site-chart = Trend of { $metric } with its change points
history-site-latest-line = Latest { $value }; the recent median { $median } (10th–90th percentile { $p10 }–{ $p90 } of { $runs } runs)
history-site-section-worse = Regressions
history-site-section-changed = Changes of metrics with no better direction
history-site-section-better = Improvements
