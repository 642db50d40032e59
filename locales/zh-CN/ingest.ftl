# perflab ingest：未读取的文件、同一次运行的副本、相互矛盾的文件。
ingest-kind-aiperf-aggregate = 这是 AIPerf 对多次运行的汇总（参数扫描或重复测试），不是单次运行；请读取每次运行的 profile_export_aiperf.json
ingest-kind-perf-analyzer-records = 这是 genai-perf 下 perf_analyzer 的逐请求记录，不是运行摘要；请读取旁边的 profile_export_genai_perf.json
ingest-kind-inference-perf-report = inference-perf 的汇总报告或 LoRA 适配器报告，其请求已包含在 stage_N 报告中（请读取那些报告）
ingest-skipped-aiperf-aggregate = 已跳过 { $count } 个文件：AIPerf 多次运行的汇总；请改为读取每次运行的 profile_export_aiperf.json
ingest-skipped-perf-analyzer-records = 已跳过 { $count } 个文件：perf_analyzer 的逐请求记录；请改为读取 profile_export_genai_perf.json
ingest-skipped-inference-perf-report = 已跳过 { $count } 个文件：inference-perf 汇总报告或适配器报告；各阶段从 stage_N_lifecycle_metrics.json 读取
ingest-kind-evalscope-percentiles = evalscope perf 的百分位数或参数：与旁边的 benchmark_summary.json 一起读取（本身不含运行）
ingest-kind-llmperf-requests = llmperf 的逐请求记录：旁边 _summary.json 中运行的请求（请读取该文件）
ingest-kind-genai-bench-metadata = genai-bench 的实验元数据：与旁边的运行文件一起读取（本身不含运行）
ingest-kind-server-log = 不含运行的服务器日志或命令：其中的服务器配置会赋给同一文件夹中的运行（请指定该文件夹）
ingest-skipped-evalscope-percentiles = 已跳过 { $count } 个文件：evalscope perf 的百分位数或参数，与旁边的 benchmark_summary.json 一起读取
ingest-skipped-llmperf-requests = 已跳过 { $count } 个文件：llmperf 的逐请求记录；其运行从旁边的 _summary.json 读取
ingest-skipped-genai-bench-metadata = 已跳过 { $count } 个文件：genai-bench 的实验元数据，与旁边的运行文件一起读取
ingest-skipped-server-log = { $count } 个文件不含运行但含服务器配置，已赋给旁边的运行
ingest-kind-mlperf-detail = MLPerf LoadGen 的详细日志：与旁边的 mlperf_log_summary.txt 一起读取（本身不含运行）
ingest-skipped-mlperf-detail = 已跳过 { $count } 个文件：MLPerf LoadGen 的详细日志，与旁边的 mlperf_log_summary.txt 一起读取
ingest-skipped-no-result = 已跳过 { $count } 个文件：其中没有找到基准测试结果
ingest-copies = 有 { $count } 次运行从同一运行的不完整文件（结果文件旁的控制台输出或 CSV）中被重复读取，现只保留一行，取自最完整的文件，其他文件列在 `sources` 列中；--all-files 可保留所有副本
ingest-copy-of = { $path }（第 { $run } 次运行）是 { $kept } 中运行的副本
ingest-list-more = （-v 列出这些文件）
ingest-disagree = { $path } 与 { $other } 属于同一次运行，但数值差异超出打印时的四舍五入范围（{ $columns }）；两行均已保留
# 所有路径中都没有读到运行：路径、找到的文件数，然后每个文件一行。
ingest-no-runs = { $count ->
    [0] 未从 { $paths } 读取到任何基准测试运行：其中没有文件（--allow-empty 在输入为空时以 0 退出）
   *[other] 未从 { $paths } 读取到任何基准测试运行：找到 { $count } 个文件，其中没有 perflab 能读取的结果（--allow-empty 在输入为空时以 0 退出）：
}
ingest-no-runs-unknown = 其中没有找到 perflab 能读取的基准测试结果（支持的工具见 README.md；--format 列出各格式）
ingest-no-runs-more = …… 另有 { $count } 个
ingest-printed-twice = 该运行在第 { $kept } 行再次打印且更精确：只保留一次，取自该处
