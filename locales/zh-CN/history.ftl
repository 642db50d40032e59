# `perflab history`：逐夜保存的运行记录、趋势与变化点。

## 错误

history-error-open = 无法打开历史存储 { $store }：{ $reason }
history-error-no-store = { $store }：没有这个历史存储（由 `perflab history add` 创建的文件夹）
history-error-io = { $store }：{ $object }：{ $reason }
history-error-version = { $store } 是布局版本 { $version } 的历史存储；此 perflab 读取版本 { $supported }。请使用写入它的 perflab；未做任何更改。
history-error-marker = { $store }：{ $marker } 不是 perflab 历史存储的标记；未做任何更改。
history-error-not-a-store = { $store } 中有文件但没有 { $marker }（第一个是 { $file }）：这不是 perflab 历史存储；未写入任何内容。
history-error-empty = { $store } 是空的：请先用 `perflab history add` 添加运行。
history-error-foreign-file = { $store }：{ $file } 不是 perflab 历史存储的文件（应为 date=YYYY-MM-DD/part-HASH.parquet）
history-error-foreign-parquet = { $store }：{ $file } 不是 perflab history 写入的分片：{ $reason }
history-no-run-id = 缺少 run_id 列
history-no-format = 缺少 format 列
history-missing-part = 读取时文件消失了
history-error-label = 标签 `{ $label }` 缺少 `=`：请写 --label 键=值，例如 --label commit=1a2b3c
history-error-label-key = 标签 `{ $label }`：键只能由字母、数字和 `_` 组成，且不能以数字开头
history-error-label-reserved = `{ $key }` 不能作为标签：该列由存储自己写入（日期请用 --date）
history-error-label-twice = 标签 `{ $key }` 给出了两次
history-error-label-column = 标签 `{ $key }` 与运行的某一列同名；请换一个键
history-error-date = `{ $date }` 不是日期：请写 YYYY-MM-DD
history-error-filter = 过滤条件 `{ $filter }` 缺少 `=`：请写 --filter 列=值
history-error-no-runs = 在 { $paths } 中没有找到运行；未添加任何内容
history-error-no-metric = 存储中没有任何运行含有指标 `{ $metric }`
history-error-no-metrics = 存储中没有任何运行包含指标 { $metrics }（`diff` 关注的指标）之一；请用 --metric 指定
history-error-no-column = 存储中没有任何运行含有列 `{ $column }`
history-error-window = --window 至少为 1
history-error-no-history = { $store } 中没有与候选相同键（{ $key }）的运行；无可比较的对象

## 消息

history-added = 已向 { $store } 添加 { $added } 个运行（{ $part }）{ $known ->
    [0] {""}
   *[other] ；{ $known } 个已存在
}
history-nothing-added = 未向 { $store } 添加任何内容：全部 { $known } 个运行已存在

## 页面

history-title = 基准测试历史：{ $metric }
history-intro = 来自 { $store } 的 { $series } 个系列、{ $runs } 个运行。
history-key = 系列按以下列区分：{ $key }。
history-method = 变化点：E-Divisive means 加置换检验（{ $permutations } 次置换，种子 { $seed }），p ≤ { $alpha }，两侧各至少 { $min_segment } 个运行，步长至少 { $min_magnitude }%。最新运行与最近一个变化点之后、它之前的运行比较（最多 { $recent } 个）。
history-section-series = 系列
history-section-nights = 按夜汇总的变化
history-nights-intro = 所有系列的变化点按夜汇总（日期与标签），列出当夜变动的每个指标。
history-col-moved = 变动项
history-all-runs = 全部运行
history-chart-missing = 无图表：{ $reason }
history-chart-x = 日期
history-chart-x-label = 日期和 { $label }
history-chart-segment-mean = 分段均值
history-latest = 最新（{ $date }）：{ $value }；之前的 { $runs } 个运行：中位数 { $median }，第 10–90 百分位 { $p10 }–{ $p90 }；其中 { $rank }% 不高于它（相对中位数 { $vs }）。
history-no-change = 没有变化点。
history-col-series = 系列
history-col-runs = 运行数
history-col-latest = 最新
history-col-median = 近期中位数
history-col-vs-median = 最新相对中位数
history-col-changes = 变化点 · 最近
history-col-date = 日期
history-col-run = 运行
history-col-labels = 标签
history-col-before = 之前均值
history-col-after = 之后均值
history-col-step = 步长
history-col-p = p 值
diff-error-history-two-paths = 使用 --against-history 时只需给出候选：基线来自存储
history-provisional = 待确认
