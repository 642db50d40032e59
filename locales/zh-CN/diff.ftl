# perflab diff：结论、表格、说明、错误。
diff-title = perflab diff
diff-verdict-pass = perflab diff：无性能回退（已配对 { $matched }，新增 { $added }，移除 { $removed }）
diff-verdict-fail = perflab diff：{ $regressions } 处回退，涉及 { $matched } 个已配对键中的 { $pairs } 个（新增 { $added }，移除 { $removed }）
diff-verdict-fail-capacity = perflab diff：{ $series } 个序列中有 { $capacity } 个在 SLO 下的容量回退（{ $matched } 个已配对运行均通过所有规则；新增 { $added }，移除 { $removed }）
diff-verdict-and-capacity = ；{ $series } 个序列中有 { $capacity } 个在 SLO 下的容量回退
diff-policy-default = 规则（默认）：
diff-policy-flags = 规则（--fail-on）：
diff-policy-config = 规则（{ $path }）：
diff-note-key = 运行按以下列配对：{ $key }。
diff-note-decided-by = { $pair }，{ $metrics }：{ $how }。
diff-note-no-noise = 有 { $count } 个已配对键没有运行间噪声的估计（每侧一次运行，未用 --noise-from 提供历史，也未在 [diff] noise 中声明噪声）：仅由阈值判定；一次运行自身的请求只能排除变化，不能确认变化。
diff-note-welch = 每侧有两次及以上运行时，超过阈值的变化只有在显著时才计入（Welch t 检验，p < 0.05）；95% 置信区间针对变化量，以基线均值的百分比表示。
diff-note-prediction = 与历史相比：超过阈值的变化只有在候选结果落在窗口的 95% 预测区间之外时才计入（均值 ± t·s·√(1/k + 1/n)，由窗口的 n 次运行及其标准差 s 得出，针对 k 次候选运行的均值）；`--json` 中每个指标的 `prediction`（low、high）给出该区间。
diff-note-within-noise = 有 { $count } 处变化超过阈值，但在噪声范围内（不显著）。
diff-note-already-beyond = 有 { $count } 个限值在基线中已被超过。
diff-note-not-applicable = 有 { $count } 项规则检查不适用：某一侧缺少该指标。
diff-added = 仅在候选版本中（新增）
diff-removed = 仅在基线中（移除）
diff-unmatched-item = { $label }（{ $runs } 次运行：{ $sources }）
diff-details = 详情
diff-chart-title = 受监控指标的变化（基线均值的百分比）
diff-col-key = 键
diff-col-metric = 指标
diff-col-baseline = 基线
diff-col-candidate = 候选
diff-col-change = 变化
diff-col-ci = 95% 置信区间
diff-col-p = p
diff-col-trend = 趋势
diff-col-verdict = 结论
diff-trend-better = 变好
diff-trend-worse = 变差
diff-trend-unchanged = 不变
diff-trend-noise = 噪声
diff-trend-changed = 有变化
diff-trend-missing = 缺失
diff-outcome-regression = 回退（{ $rule }）
diff-outcome-within-noise = 在噪声范围内
diff-outcome-already-beyond = 基线中已超过
diff-outcome-pass = 通过
diff-outcome-not-applicable = 不适用
diff-regressions-beyond-table = 另有 { $count } 项回退未列入上表：
diff-note-config-differs = { $pair }：配对的运行在以下方面不同：{ $columns }。
diff-note-setups-merged = { $pair }：同一侧的运行配置不同（{ $columns }；基线 | 候选），但键把它们当作同一配置的重复：用 `--key` 加入这些列，让每个配置与自己的配置比较。
diff-rows-omitted = 此处另有 { $count } 行未显示；请查看 --json 或 --html。
diff-junit-failure = { $rule }：{ $key } 上为 { $observed }
diff-junit-within-noise = { $rule }：{ $key } 上为 { $observed }，在噪声范围内（不显著）
diff-junit-already-beyond = { $rule }：{ $key } 上为 { $observed }，基线中已超过
diff-junit-not-applicable = 某一侧缺少该指标
diff-error-no-runs = 在 { $path } 中未找到任何基准测试运行
diff-error-nothing-matched = { $baseline } 与 { $candidate } 之间没有可配对的运行（键：{ $key }）。
    仅在基线中的键（{ $removed } 个）：
    { $removed_keys }
    仅在候选版本中的键（{ $added } 个）：
    { $added_keys }
    { $hint }
diff-keys-more = ……另有 { $count } 个
diff-hint-key = 请用 --key 列名,… 按两侧描述同一配置的列来配对运行（可用 `perflab ingest --json` 查看各列）。
diff-hint-key-columns = 两侧在 { $columns } 上有相同的值：请尝试 --key { $columns }
diff-error-unknown-key = 两侧都没有运行包含键列 `{ $column }`
diff-error-unknown-metric = 两侧都没有运行包含规则 `{ $rule }` 中的列 `{ $metric }`
diff-error-stdout-twice = --json 与 --markdown - 都写入 stdout；请只选一个
diff-rule-error = 规则 `{ $rule }`{ $origin } 有误：{ $problem }
diff-rule-no-operator = 缺少比较符（<、<=、> 或 >=）
diff-rule-no-metric = 比较符前缺少指标
diff-rule-bad-metric = `{ $metric }` 不是列名（只能包含字母、数字、_ 和 .）
diff-rule-bad-limit = `{ $limit }` 不是数字（请写 -5%、+10% 或 0）
diff-rule-signed-value = `{ $limit }` 带符号但没有 %：变化要写成百分比，限值不带符号
diff-rule-howto =
    规则的写法是：指标，然后 <、<=、> 或 >=，然后是界限：
      total_token_throughput<-5%   均值下降超过 5% 时失败
      p99_ttft_ms>+10%             均值上升超过 10% 时失败
      failed>0                     值超过 0 而基线未超过时失败
    指标是运行表中的列名（见 perflab ingest --json）。
diff-note-no-success = 有 { $count } 个候选版本没有完成任何请求：无论规则如何，每个都计为一次回归。
diff-outcome-no-success = 回归（没有完成任何请求）
diff-junit-no-success = 候选版本在 { $key } 上没有完成任何请求
diff-error-no-pair = { $path } 中没有 perflab 能区分的更改前后结果；请给出基线与候选结果
diff-outcome-inconclusive = 无法确定：每侧一次运行
diff-verdict-basis = { $verdict }（{ $basis }）
diff-basis-repeats = 重复运行，Welch t 检验
diff-basis-repeats-one-side = 一侧重复运行的噪声
diff-basis-history = 来自历史的噪声
diff-basis-history-window = 历史窗口
diff-basis-setups = 全部配置重复运行的噪声
diff-basis-declared = 声明的噪声
diff-basis-requests = 在该次运行自身请求的离散范围内
diff-basis-no-noise-estimate = 仅阈值：没有运行间噪声的估计
diff-basis-one-run-threshold = 单次运行阈值：没有运行间噪声的估计
diff-note-inconclusive = 有 { $count } 处变化超过阈值，但未超过默认策略的单次运行阈值：每侧只有一次运行且没有运行间噪声的估计时，真实引擎同一配置的多次运行之间就会有这么大的差异，因此该变化既无法确认也无法排除。判定为通过；请重复运行，或提供 --noise-from STORE 或 [diff] noise。
diff-note-noise-from = 运行间噪声来自 { $store } 中每个负载的历史运行。
diff-noise-source-repeats = 来自重复运行
diff-noise-source-history = 来自历史及重复运行
diff-noise-source-setups = 汇总本次比较中所有配置的重复运行
diff-noise-source-declared = 声明值
diff-noise-source-typical = 真实引擎的典型值
diff-power-known = { $rule }：运行间噪声为每次运行 { $sigma }（标准差，{ $source }）；{ $baseline_runs } 次与 { $candidate_runs } 次运行可检测到 { $detectable } 及以上的变化（80% 的概率）；{ $needed }
diff-power-typical = { $rule }：没有该基准运行间噪声的估计；真实引擎同一配置的多次运行离散可达 { $sigma }（单次运行的标准差）：{ $needed }
diff-power-runs = 每侧 { $runs } 次运行可检测到 { $threshold }。
diff-power-runs-more = 要检测到 { $threshold }，每侧需要超过 { $max } 次运行。
diff-junit-inconclusive = { $rule }：{ $key } 上为 { $observed }，无法确定：每侧一次运行且没有运行间噪声的估计
diff-error-noise = 噪声 `{ $text }`{ $origin } 有误：请写成 指标=百分比，即单次运行的标准差占其均值的百分比（例如 output_throughput=12%）
diff-error-noise-from-history = --against-history 已按历史的离散程度判定；--noise-from（[diff] noise-from）用于比较两侧
diff-warning-noise-from-nothing = 存储中没有这些负载的历史运行：未从中获得运行间噪声
diff-error-noise-unknown-metric = 两侧都没有任何运行包含声明了噪声的列 `{ $metric }`
