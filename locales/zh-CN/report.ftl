# 研究报告（`perflab report`）与 `perflab compare`。
# 参数 $best、$worst、$label、$model、$hardware、$profile、$reason 为用户文本，已做 Markdown 转义；
# 数字以格式化后的文本传入。

report-title-default = { $model } 性能研究

## 结论

section-conclusion = 结论
conclusion-intro = { $goal ->
    [latency] { $model } 在 { $hardware } 上延迟最低的推荐配置：
   *[throughput] { $model } 在 { $hardware } 上吞吐量最高的推荐配置：
}
conclusion-command = 服务启动命令
conclusion-baseline-kept = 没有变体优于基线，因此仍推荐基线配置。
conclusion-table-intro = 优化前后的基准测试结果对比：
col-benchmark-case = 基准测试场景
col-baseline = 基线（{ $label }）
col-optimized = 优化后
col-experiment = 实验
section-notes = 说明

## 实验设置

section-objective = 目标
section-setup = 实验设置
setup-model = 模型
setup-hardware = 硬件
setup-engines = 引擎版本
setup-method = 基准测试方法
setup-profiles = 基准测试配置

## 实验

section-results = 实验结果
variant-profile = 测试配置：{ $profile }
variant-parameters = 后端参数：
variant-no-parameters = 后端参数：无（引擎默认配置）。
variant-result = 基准测试结果
variant-missing = 无结果：{ $reason }
variant-skipped = 请求成功率 { $rate }：{ $requested } 个请求中完成 { $completed } 个，因此该运行不是有效的优化（已跳过）。
variant-no-primary = 该结果未报告 { $metric }，因此不参与排名。
variant-is-baseline = 这是本研究的基线配置。
report-workload-differs = 负载与基线不同（{ $columns }）：变化并非仅由配置引起。
summary-label = 小结：
group-gap-percent = **{ $best }** { $metric } = { $best_value }，**{ $worst }** { $metric } = { $worst_value }。**{ $best }** 快 { $diff } { $unit }（{ $pct }）
group-gap-ratio = **{ $best }** { $metric } = { $best_value } { $unit }，**{ $worst }** { $metric } = { $worst_value } { $unit }。**{ $best }** 快 { $ratio }（少 { $diff } { $unit }）
group-summary = { $gap }；{ $secondary }。
group-summary-primary-only = { $gap }。
group-secondary = { $metric } = { $best_value } { $unit } 对比 { $worst_value } { $unit }，{ $direction ->
    [reduced] 降低 { $diff } { $unit }（{ $pct }{ $worse ->
        [yes] ，{ $lower_is_better ->
            [yes] 更快
           *[no] 更低
        }
       *[no] {""}
    }）
    [increased] 增加 { $diff } { $unit }（{ $pct }，{ $worse ->
        [yes] { $lower_is_better ->
            [yes] 更慢
           *[no] 更差
        }
       *[no] 更好
    }）
   *[unchanged] 无变化
}
group-single-valid = 只有 **{ $label }** 完成了全部请求，没有可比较的对象。

## 优化汇总

section-summary = 优化方法汇总
cell-skipped = 成功率 { $rate }，已跳过该优化
cell-no-result = 无结果
cell-other-profile = 不同测试配置
change-ratio = { $verdict ->
    [better] 快 { $ratio }
    [worse] 慢 { $ratio }
   *[same] 无变化
}

## 其他场景

section-scenarios = 其他基准测试场景
scenario-baseline-parameters = 基线后端参数：
scenario-optimized-parameters = 优化后后端参数：
scenario-baseline-result = 基线基准测试结果
scenario-optimized-result = 优化后基准测试结果
parameters-none = 无（引擎默认配置）。
scenario-missing = 无结果：{ $reason }

## 图表

section-latency = 基线与优化配置的延迟
chart-conclusion-title = { $metric }：基线与优化后
chart-experiment-title = { $experiment }：{ $metric }
chart-latency-title = { $metric }：基线与优化后
series-baseline = 基线
series-optimized = 优化后
chart-skipped = 已跳过
stat-mean = 平均
stat-median = 中位数
stat-p99 = P99

## 指标名称（metrics.md 的规范列）

metric-total_token_throughput = 总 TPS
metric-prefill_throughput = 预填充 TPS
metric-decode_throughput = 解码 TPS
metric-result_valid = 有效
metric-input_len = 输入长度
metric-output_len = 输出长度
metric-context_depth = 上下文深度
metric-output_throughput = 输出 TPS
metric-input_throughput = 输入 TPS
metric-request_throughput = 请求吞吐量
metric-request_goodput = 有效请求吞吐量
metric-max_output_tokens_per_s = 峰值输出 TPS
metric-completed = 完成请求数
metric-failed = 失败请求数
metric-duration = 持续时间
metric-mean_ttft_ms = 平均 TTFT
metric-median_ttft_ms = TTFT 中位数
metric-p99_ttft_ms = P99 TTFT
metric-mean_tpot_ms = 平均 TPOT
metric-median_tpot_ms = TPOT 中位数
metric-p99_tpot_ms = P99 TPOT
metric-mean_itl_ms = 平均 ITL
metric-median_itl_ms = ITL 中位数
metric-p99_itl_ms = P99 ITL
metric-mean_e2el_ms = 平均端到端延迟
metric-median_e2el_ms = 端到端延迟中位数
metric-p99_e2el_ms = P99 端到端延迟
family-ttft = TTFT
family-tpot = TPOT
family-itl = ITL
stat-std = 标准差
stat-min = 最小值
stat-max = 最大值
stat-percentile = P{ $p }
family-e2el = 端到端延迟
family-ttst = TTST
family-client_queue_time = 客户端排队时间
family-isl = 输入长度
family-osl = 输出长度
# 分布列的名称：“TTFT 平均”、“ITL P90”。
metric-stat-family = { $family } { $stat }
metric-request_rate = 请求速率
metric-max_concurrency = 最大并发数
metric-concurrency = 并发数
metric-max_concurrent_requests = 峰值并发请求数
metric-total_input_tokens = 输入 token 数
metric-total_output_tokens = 输出 token 数
metric-total_output_tokens_retokenized = 输出 token 数（重新分词）

## perflab compare

compare-col-metric = 指标
compare-col-change = 变化
compare-versus = { $candidate } 相对 { $baseline }（基线）：{ $metric } { $change }。
compare-skipped = { $label }：请求成功率 { $rate }（{ $requested } 个请求中完成 { $completed } 个），因此不算有效结果。

## perflab report：study.toml 中的错误

study-error-used-twice = { $key }：重复使用
study-error-used-twice-in-experiment = { $key }：在此实验中重复使用
study-error-no-experiments = 没有 [[experiments]]：一项研究至少需要一个实验
study-error-no-variants = { $key }：没有 [[experiments.variants]]
study-error-no-such-profile = 没有这个负载配置（已有：{ $known }）
study-error-no-such-engine = 没有这个引擎（已有：{ $known }）
study-none-defined = 未定义
study-error-bad-id = { $key }：只能使用字母、数字、`-`、`_` 或 `.`
study-error-result-and-missing = `result` 与 `missing` 只能给出其一
study-error-no-result = { $key }：需要 `result = "文件"` 或 `missing = "没有结果的原因"`
study-error-run-without-result = `run` 需要一个 `result` 文件
study-error-cannot-read = 无法读取 { $path }：{ $reason }
study-error-no-run-in-file = 文件中没有基准测试运行
study-error-no-such-run = 没有这次运行：该文件有 { $count } 次运行（从 1 开始计数）
study-error-choose-run = 该文件有 { $count } 次运行；请用 `run = N` 选择一次
study-error-baseline-form = 应为 `实验ID/变体名`
study-error-no-such-experiment = 没有 id 为 `{ $id }` 的实验
study-error-no-such-variant = 实验 `{ $experiment }` 没有变体 `{ $variant }`
study-error-baseline-without-result = 基线变体没有结果
study-error-default-baseline = experiments[0].variants[0]（默认基线）：{ $message }
study-error-metric-without-direction = 该指标没有“越大/越小越好”的方向（例如 total_token_throughput、mean_e2el_ms）
study-error-style = 应为 `percent` 或 `ratio`

report-untranslated = { $file }：有 { $count } 段文本没有提供 { $lang } 版本，因此页面以 { $shown } 显示：{ $keys }。请在研究文件中为其添加 { $lang }，或使用 --allow-untranslated 接受。
report-infer-title = { $model }：服务器配置对比
report-infer-header = 由 `perflab report` 根据 { $count } 个结果文件夹的运行生成：每个文件夹和负载一个变体，以其与基线不同的参数标注。
    编辑后可用 `perflab report study.toml` 重新生成报告。
report-infer-no-folders = report：没有可用于生成研究的结果文件夹
report-infer-empty-folder = report：{ $folder } 中没有任何运行
report-infer-baseline-not-a-folder = report --baseline { $baseline }：不是所给文件夹之一
compare-note-differs = 两次运行的负载或服务器不同（{ $columns }）：变化来自这些差异的共同作用，而非单一设置。
