# The report's section of the variants' requests (perflab report, `--slo`).
# $slos is a list of objectives as typed (`ttft<=200`), already formatted.

report-requests-section = Requests and SLOs
report-requests-slos = Each variant's requests as its result file kept them, judged by { $slos }: the share of requests that succeeded and met every per-request objective, those requests per second of the run, and whether the run meets every objective on its columns.
report-requests-no-slo = Each variant's requests as its result file kept them; no SLO was given (`--slo` or `[slo]` in perflab.toml), so only their distributions are shown.
report-requests-col-variant = Variant
report-requests-yes = yes
report-requests-no = no
metric-slo_met = Run meets its SLOs
