# `perflab curves`：负载扫描曲线、SLO 下的容量、帕累托前沿。
# 参数 $x、$y、$by、$slo、$column、$series 为列名或用户文本，已按 Markdown 转义；数字已格式化。

curves-title = 负载曲线：{ $y } 随 { $x } 的变化
curves-intro = 共 { $series } 个系列，{ $points } 个负载点，来自 { $runs } 次运行。
curves-series-by = 系列按以下列区分：{ $by }。
curves-single-series = 所有运行构成一个系列。
curves-ci-note = 有重复运行的点显示其均值及均值的 95% 置信区间（Student t 分布）。
curves-runs-without-x = 已略去 { $n } 次在 { $x } 中没有数值的运行。
curves-chart-title = { $y } 随 { $x } 的变化
curves-chart-first-series = 图中只显示 { $series } 个系列中的前 { $shown } 个；表格列出全部。
curves-series-all = 全部运行

## 容量

curves-section-capacity = SLO 下的容量
curves-slos = SLO：{ $slo }。
curves-capacity-method = 容量是所有 SLO 均满足时的最大负载，在最后一个满足的负载与第一个不满足的负载之间线性插值得到（见 docs/curves.md）。
curves-no-slo = 未给出 SLO（`--slo`），因此不计算容量。
curves-col-series = 系列
curves-col-points = 点数
curves-col-capacity = 容量（{ $x }）
curves-col-interval = 95% 区间
curves-col-at-capacity = 容量处的 { $y }
curves-col-limiting = 限制条件
curves-capacity-interpolated = { $value }
curves-capacity-below-first = 无：第一个负载即不满足
curves-capacity-above-last = ≥ { $value }：所有负载均满足
curves-capacity-no-points = 无：没有点具备全部 SLO 列
curves-interval = { $low } – { $high }
curves-interval-none = 无
curves-interval-at-least = ≥ { $value }
curves-mark = 容量 { $value }

## 帕累托前沿

curves-section-pareto = 帕累托前沿
curves-pareto-intro = 每 GPU 输出 token/s 对每用户输出 token/s（输出吞吐量除以并发数）：{ $points } 个点中有 { $frontier } 个位于前沿，其余为被支配点（空心标记）。
curves-pareto-gpus-count = 每个点的 GPU 数：{ $n }。
curves-pareto-gpus-column = 每个点的 GPU 数：取自列 { $column }。
curves-pareto-gpus-parallel = 每个点的 GPU 数：张量并行 × 流水线并行 × 数据并行规模（运行未说明时取 1）。
curves-pareto-none = 没有点同时具有输出吞吐量和并发数，因此没有前沿。
curves-pareto-left-out = 已略去 { $n } 个缺少输出吞吐量、并发数或 GPU 数的点。
curves-pareto-chart = 帕累托前沿：每 GPU 输出 tok/s 对每用户输出 tok/s
curves-per-user = 每用户输出 tok/s
curves-per-gpu = 每 GPU 输出 tok/s
curves-frontier = 前沿
curves-col-load = 负载（{ $x }）

## `perflab diff --curve-x`：两次扫描的容量

diff-capacity-title = SLO 下的容量（{ $slo }）
diff-capacity-col-baseline = 基线（{ $x }）
diff-capacity-col-candidate = 候选（{ $x }）
diff-capacity-col-change = 变化
diff-capacity-col-verdict = 结论
diff-capacity-chart = { $y } 随 { $x } 的变化：基线（实线）与候选（虚线）
diff-capacity-baseline-prefix = 基线：
diff-capacity-candidate-prefix = 候选：
diff-capacity-regression = 容量退化
diff-capacity-within-noise = 在噪声范围内
diff-capacity-already-beyond = 基线已超出限值
diff-capacity-pass = 正常
diff-capacity-not-applicable = 不适用

## `perflab curves` 以及 `perflab diff` 中容量规则的错误
curves-error-no-y = --y 至少需要一列
curves-error-no-runs-in-paths = 在给定路径中未找到任何基准测试运行
diff-capacity-no-requests = --slo { $slo }：{ $path } 中没有任何运行保留了其请求，因此无法评判逐请求目标（请提供带有逐请求列表的结果文件，而不是已保存的运行表）
curves-error-no-column = { $flag } { $column }：没有任何运行包含此列
curves-error-gpus-not-a-count = --gpus { $column }：{ $run } 的值为 { $value }，不是 GPU 数量
curves-error-capacity-rule-needs-sweep = `{ $rule }` 需要扫描的负载列和 SLO：--curve-x 列 --slo '列<=值'
curves-error-no-runs = 没有可绘制曲线的运行
curves-error-no-x = 没有任何运行在 `{ $column }`（--x 列）中有数值
curves-error-slo = --slo `{ $slo }`：{ $reason }；应为 列<=值、列<值、列>=值 或 列>值（例如 p99_ttft_ms<=500）
curves-slo-no-comparison = 缺少比较符
curves-slo-no-column = 缺少列名
curves-slo-bad-limit = 限值不是有限数
curves-chart-no-point = 至少需要一个点
