runs-count = { $count } 次运行

## perflab ingest：运行表

runs-col-number = #
runs-col-source = 来源
runs-col-line = 行
runs-col-format = 格式
runs-col-model = 模型
runs-col-concurrency = 并发数
runs-col-rate = 请求速率

## 所有命令的消息：错误、警告、进度

error-unknown-language = 未知语言 `{ $lang }`；可选：{ $known }
error-reading = 读取 { $path }
error-writing = 写入 { $path }
error-appending = 追加到 { $path }
error-opening-summary = 打开 { $path }（$GITHUB_STEP_SUMMARY）
error-no-result-found = 应为基准测试结果，但未找到
error-not-a-directed-metric = { $key }：该指标没有“越大/越小越好”的方向
study-error-baseline-without-metric = 基线 `{ $variant }` 没有 { $metric } 的值
warning = 警告：{ $message }
warning-at = 警告：{ $place }：{ $message }
ingest-runs-written = 已写入 { $count } 次运行
compare-error-run-number-too-large = { $arg }：运行编号过大
compare-error-runs-count-from-one = { $arg }：运行从 1 开始编号
compare-error-no-such-run = 没有第 { $number } 次运行：该文件只有 { $count } 次
compare-error-name-a-run = 该文件有 { $count } 次运行；请用 { $path }#N（从 1 开始）指定一次
chart-error = 图表 `{ $title }`：{ $reason }
chart-error-empty = 至少需要一个类别和一个数据系列
chart-error-values = 数据系列 `{ $series }` 有 { $values } 个值，但有 { $categories } 个类别
chart-error-labels = 数据系列 `{ $series }` 有 { $labels } 个标签，但有 { $categories } 个类别
html-error = HTML 页面：{ $reason }
error-not-a-directory = { $flag } { $path }：不是文件夹
frame-error-no-format = 保存的运行表需要 `format` 列
error-unknown-format = 未知格式 `{ $format }`；可选：{ $known }
import-error-no-experiments = 应为包含实验（基准测试结果章节）的报告，但未找到
import-error-no-blocks = 应有基准测试结果（`vllm bench serve` 或 `bench_serving` 结果块、`Throughput:` 行等），但未找到
import-error-study-toml = 无法写入 study.toml：{ $reason }
import-study-header = 由 perflab 从 { $source } 导入。
    runs/ 下的每个文件是其中的一个基准测试块。
check-error-no-blocks = 应为包含基准测试结果块的报告，或更改前后的结果，但均未找到

# 操作系统给出的原因，写在文件名之后。
io-not-found = 没有那个文件或目录
io-permission-denied = 权限不够
io-is-a-directory = 是一个目录
io-not-a-directory = 不是目录
io-already-exists = 文件已存在
io-storage-full = 设备上没有空间
io-read-only = 只读文件系统
io-interrupted = 系统调用被中断
io-with-code = { $reason } (os error { $code })
error-format-unsupported = 此命令没有 { $format } 格式的输出
