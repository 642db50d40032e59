# evalscope perf (src/ingest/evalscope_json.rs, evalscope_console.rs).
ingest-expect-evalscope-summary = ожидался полный benchmark_summary.json от evalscope perf: { $error }
ingest-evalscope-sibling-unread = { $file }:{ $line }: файл evalscope рядом со сводкой не прочитан ({ $error }); перцентили или нагрузка прогона из него опущены
ingest-evalscope-percentiles-not-list = ожидался JSON-список строк перцентилей
