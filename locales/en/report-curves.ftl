# perflab report: a study's load series (the latency reports' rates) drawn as curves.
report-curve-section = Load curves
report-curve-experiment = { $experiment }: { $chart }
