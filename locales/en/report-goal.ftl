## What a study optimizes (`goal`) and its conclusion

study-error-goal = expected `throughput` or `latency`
study-error-goal-metric = disagrees with the primary metric { $metric }: a latency study ranks by a latency (lower is better), a throughput study by a throughput
# A latency study's conclusion cell: end-to-end latency in seconds per request.
conclusion-latency-seconds = { $metric }: { $value }s/req
# `import`: a latency conclusion the study cannot rank by.
import-lost-unranked-latency = the conclusion compares { $subject }, which the baseline's block does not print; the study ranks by the default metric
