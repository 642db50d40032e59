# evalscope perf (src/ingest/evalscope_json.rs, evalscope_console.rs).
ingest-expect-evalscope-summary = 应为完整的 evalscope perf benchmark_summary.json：{ $error }
ingest-evalscope-sibling-unread = { $file }:{ $line }：摘要旁边的 evalscope 文件无法读取（{ $error }）；其中的百分位数或负载信息被省略
ingest-evalscope-percentiles-not-list = 应为百分位数行的 JSON 列表
