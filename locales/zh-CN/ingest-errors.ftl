# 读取器在文件中期望却未找到的内容，以及存疑读取的内容。
# 引号中的单元格、标签和错误是文件本身的文本。
ingest-expect-result = 应为基准测试结果，但未找到
ingest-expect-format-result = 应为 { $format } 结果，但未找到
ingest-expect-guidellm-csv-rows = 应为 guidellm CSV 行：{ $error }
ingest-expect-guidellm-header-rows = 应有 guidellm 的三行表头，实际为 { $found } 行（文件被截断？）
ingest-expect-guidellm-header-width = guidellm 的表头每行应有 { $width } 个单元格，实际为 { $found } 个（文件被截断？）
ingest-expect-guidellm-row-width = 应与 guidellm 表头一样有 { $width } 个单元格，实际为 { $found } 个（文件被截断？）
ingest-guidellm-csv-no-row = guidellm CSV 中没有任何基准测试行（运行被中止？）
ingest-expect-number-in-column = 列 `{ $column }` 应为数字，实际为 `{ $found }`
ingest-expect-percentile-list = 列 `{ $column }` 应为 [min, 9 个百分位, max]，实际为 `{ $found }`
ingest-expect-guidellm-json = 应为完整的 guidellm benchmarks.json：{ $error }
ingest-guidellm-json-no-benchmark = guidellm 报告中没有任何基准测试（运行被中止？）
ingest-console-table-truncated = { $format } 表格缺少底部边框（文件被截断？）
ingest-console-table-unknown = 已跳过一个不含任何已知指标的 LLM Metrics 表格
ingest-console-cell-cut = `{ $label }` 行 `{ $stat }` 列的 `{ $cell }` 被终端宽度截断；按 N/A 读取
ingest-expect-number-or-na = `{ $label }` 行 `{ $stat }` 列应为数字或 N/A，实际为 `{ $found }`
ingest-expect-csv-row = 应为指标的 CSV 行：{ $error }
ingest-expect-json-export = 应为完整的 JSON 导出：{ $error }
ingest-expect-json-result = 应为完整的 JSON 结果对象：{ $error }
ingest-expect-json-object-per-result = 每个结果应为一个 JSON 对象
ingest-json-last-incomplete = 最后一个结果对象不完整，已跳过（文件被截断？）：{ $error }
ingest-json-line-skipped = 一行 JSON 结果无法解析（被截断？）；已跳过
ingest-serve-block-truncated = 从第 { $line } 行开始的结果块缺少结尾的 `=====` 行（文件被截断？）
ingest-expect-number-for = `{ $label }` 应为数字，实际为 `{ $found }`
ingest-expect-sweep-run = 应为 vLLM 扫描的一次运行（结果 JSON）：{ $error }
ingest-expect-sweep-run-object = 应为 vLLM 扫描的一次运行：一个 JSON 对象
ingest-expect-sweep-summary = 应为 vLLM 扫描汇总（运行列表）：{ $error }
ingest-expect-sweep-summary-list = 应为 vLLM 扫描汇总：JSON 运行列表
ingest-expect-sweep-summary-item = 汇总中的第 { $index } 次运行应为 JSON 对象
ingest-sweep-warmup-failed = 扫描的预热运行失败（{ $overrides }）：{ $kind }：{ $error }
ingest-sweep-run-failed = 扫描的第 { $run } 次运行失败（{ $overrides }）：{ $kind }：{ $error }
ingest-sweep-server-failed = 扫描的服务器组合失败（{ $overrides }）：{ $kind }：{ $error }
ingest-progress-files = 个文件
ingest-expect-inference-perf-object = 应为 inference-perf 报告：一个 JSON 对象
ingest-expect-inference-perf = 应为完整的 inference-perf 报告：{ $error }
ingest-expect-inference-perf-count = 应为 inference-perf 报告：`load_summary.count` 或 `successes.count`
