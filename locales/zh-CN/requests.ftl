# 请求表（每个请求一行）、重新计算的统计量、SLO 下的 goodput、
# 每侧一次运行的显著性检验以及分布图。

requests-error-json = 无法读取为带逐请求列表的结果：{ $reason }
requests-error-lengths = 逐请求列表 `{ $list }` 有 { $len } 项，而 `ttfts` 有 { $n } 项；每个列表必须每个请求一项
requests-error-value = 请求 { $index } 的 `{ $list }` 为 { $value }，这不可能是时间或 token 数
requests-error-extension = { $path }：请求表只能写为 .parquet、.csv 或 .ndjson；请使用其中一个扩展名
requests-warn-mismatch = 运行 { $run }：文件中 { $column } 为 { $file }，但由其请求算得 { $recomputed }
requests-written = 已将 { $count } 个请求写入 { $path }

## 每侧一次运行的显著性（perflab diff）

requests-test-bootstrap = 自助法
requests-test-mann-whitney = Mann–Whitney U 检验
requests-decided-by = 由{ $test }基于 { $base } 和 { $cand } 个请求判定
requests-decided-by-subsample = 由{ $test }基于随机子样本判定：{ $base } 个请求中的 { $base_used } 个和 { $cand } 个请求中的 { $cand_used } 个
requests-significance-note = 每侧只有一次运行时，延迟百分位数由其差值的固定种子自助法 95% 区间判定（对请求重抽样 { $resamples } 次），分布由 Mann–Whitney U 检验判定（p < 0.05）；吞吐量仍只按阈值判定。

## 图表

requests-chart-cdf-title = { $metric }：延迟不超过某值的请求占比
requests-chart-cdf-x = { $metric }（毫秒）
requests-chart-cdf-y = 请求占比
requests-chart-time-title = 运行过程中的端到端延迟
requests-chart-time-x = 请求开始时间（首个请求之后的秒数）
requests-chart-time-y = E2EL（毫秒）
requests-section-distributions = 请求分布
requests-baseline = 基线
requests-candidate = 候选

requests-metric-ttft = TTFT
requests-metric-tpot = TPOT
requests-metric-itl = ITL
requests-metric-e2el = E2EL

metric-slo_goodput = SLO 下的 goodput
metric-slo_attainment = 满足 SLO 的请求占比
metric-requests = 读取的请求数
requests-error-no-requests = --charts 需要两次运行都保存了逐请求数据（vLLM --save-detailed、SGLang --output-details、guidellm benchmarks.json、AIPerf profile_export.jsonl、genai-perf profile_export.json）
requests-decided-by-gaps = 由{ $test }基于 { $base } 和 { $cand } 个 token 间隔判定
requests-decided-by-gaps-subsample = 由{ $test }基于随机子样本判定：{ $base } 个 token 间隔中的 { $base_used } 个和 { $cand } 个 token 间隔中的 { $cand_used } 个
requests-error-responses = 请求 { $index } 有 { $times } 个响应时间戳，但有 { $outputs } 个响应输出；每个响应都需要自己的时间
requests-error-backwards = 请求 { $index } 的响应时间戳出现倒退
