# perflab check：已发布报告中不成立的结论，以及关于其基准测试块的警告。
check-quantity-value = 数值
check-quantity-difference = 差值
check-quantity-percent-change = 百分比
check-quantity-success-rate = 成功率
check-quantity-order = 大小关系
check-quantity-extremes = 最快与最慢
check-quantity-best = 最佳变体
check-quantity-block = 引用的运行
check-quantity-no-gain = 提升
check-quantity-range = 变化范围
check-quantity-parity = 持平
check-quantity-ratio = 倍数
check-wrong = { $subject } 的{ $what }有误：声称 { $claimed }，重新计算为 { $recomputed }
check-wrong-unmatched = { $subject } 的{ $what }有误：声称 { $claimed }，但报告中没有与之对应的基准测试块
check-unverifiable = { $subject } 的{ $what }无法核实：声称 { $claimed }，但报告中没有与之关联或给出该值的基准测试块，未检查
check-warning = 警告：{ $message }
check-finding-success-rate = 成功率 { $rate }%（{ $total } 个请求中 { $completed } 个成功）
check-finding-peak-below-mean = 峰值输出吞吐量 { $peak } tok/s 低于平均值 { $mean } tok/s
check-finding-peak-above-mean = 峰值输出吞吐量 { $peak } tok/s 是平均值 { $mean } tok/s 的 { $times } 倍
check-finding-mean-above-p99 = 平均 { $metric } { $mean } ms 高于其 P99 { $p99 } ms
check-finding-not-available = 应有数值处为 N/A：{ $labels }
check-finding-zero-median = 中位数为零：{ $labels }
check-finding-served-model = 部署的模型 { $served } 不是标题中的模型（{ $title }）
check-group-peak-above-mean = 峰值输出吞吐量超过平均值的 { $limit } 倍
check-group-peak-below-mean = 峰值输出吞吐量低于平均值
check-group-mean-above-p99 = 平均值高于其 P99：{ $metric }
check-grouped = { $message }，共 { $count } 个基准测试块（第 { $lines } 行）
check-finding-empty-result = 结果中没有数字：“{ $text }”
check-summary = 已检查 { $claims } 条结论，{ $wrong } 条有误，{ $warnings } 条警告，共 { $blocks } 个基准测试块{ $unverifiable ->
    [0] {""}
   *[other] ，{ $unverifiable } 条无法核实
}。

# 作者的更改前后对比（pull request 讨论）。
check-trials = { $count } 次运行
check-pair-words = 之前：“{ $before }”（第 { $before_line } 行，{ $before_trials }）；之后：“{ $after }”（第 { $after_line } 行，{ $after_trials }）；由其上方的文字判断
check-pair-order = 之前：“{ $before }”（第 { $before_line } 行，{ $before_trials }）；之后：“{ $after }”（第 { $after_line } 行，{ $after_trials }）；没有文字说明哪个在前，取第一个为之前
check-mistake-divided-by-new = { $claimed } 是变化量除以新值；相对旧值，{ $metric } 变化了 { $recomputed }
check-mistake-speedup-called-reduction = { $claimed } 是 之前 / 之后 − 1（加速比），却被称为降低；{ $metric } 降低了 { $recomputed }
check-mistake-reduction-called-speedup = { $claimed } 是 { $metric } 的降低幅度（1 − 之后 / 之前），却被称为加速；加速为 { $recomputed }
check-mistake-other-metric = { $claimed } 不是 { $metric }（{ $recomputed }），而是 { $other }
check-mistake-range-leaves-rows-out = 范围 { $claimed } 遗漏了行 { $other }：各行变化为 { $recomputed }
check-mistake-parity-leaves-rows-out = “{ $claimed }”所涉行中 { $other } 有变化（最大变化 { $recomputed }，超过 5%）
check-finding-within-noise = 在 { $metric } 上声称的 { $claimed } 处于噪声范围内：基于 { $before } 与 { $after } 次运行的 Welch 检验 p = { $p }
