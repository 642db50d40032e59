# perflab ingest: что не прочитано, копии одного прогона, файлы, которые расходятся.
ingest-kind-aiperf-aggregate = сводка AIPerf по нескольким прогонам (перебор параметров или повторные профили), а не один прогон; читайте profile_export_aiperf.json каждого прогона
ingest-kind-perf-analyzer-records = записи perf_analyzer по отдельным запросам внутри genai-perf, а не итог прогона; читайте profile_export_genai_perf.json рядом с ним
ingest-kind-inference-perf-report = сводный отчёт inference-perf или отчёт LoRA-адаптера; его запросы — в отчётах stage_N (читайте их)
ingest-skipped-aiperf-aggregate = { $count ->
    [one] Пропущен { $count } файл: сводка AIPerf по нескольким прогонам; читайте profile_export_aiperf.json каждого прогона
    [few] Пропущено { $count } файла: сводки AIPerf по нескольким прогонам; читайте profile_export_aiperf.json каждого прогона
   *[many] Пропущено { $count } файлов: сводки AIPerf по нескольким прогонам; читайте profile_export_aiperf.json каждого прогона
}
ingest-skipped-perf-analyzer-records = { $count ->
    [one] Пропущен { $count } файл: записи perf_analyzer по отдельным запросам; читайте profile_export_genai_perf.json
    [few] Пропущено { $count } файла: записи perf_analyzer по отдельным запросам; читайте profile_export_genai_perf.json
   *[many] Пропущено { $count } файлов: записи perf_analyzer по отдельным запросам; читайте profile_export_genai_perf.json
}
ingest-skipped-inference-perf-report = { $count ->
    [one] Пропущен { $count } файл: сводный отчёт inference-perf или отчёт адаптера; стадии читаются из stage_N_lifecycle_metrics.json
    [few] Пропущено { $count } файла: сводные отчёты inference-perf или отчёты адаптеров; стадии читаются из stage_N_lifecycle_metrics.json
   *[many] Пропущено { $count } файлов: сводные отчёты inference-perf или отчёты адаптеров; стадии читаются из stage_N_lifecycle_metrics.json
}
ingest-skipped-no-result = { $count ->
    [one] Пропущен { $count } файл: в нём не найдено результатов бенчмарка
    [few] Пропущено { $count } файла: в них не найдено результатов бенчмарка
   *[many] Пропущено { $count } файлов: в них не найдено результатов бенчмарка
}
ingest-copies = { $count ->
    [one] { $count } прогон прочитан повторно из менее полного файла того же прогона (консоль или CSV рядом с файлом результатов) и оставлен один раз, из самого полного файла; остальные файлы указаны в столбце `sources`; --all-files оставляет все копии
    [few] { $count } прогона прочитаны повторно из менее полных файлов тех же прогонов (консоль или CSV рядом с файлом результатов) и оставлены по одному разу, из самых полных файлов; остальные файлы указаны в столбце `sources`; --all-files оставляет все копии
   *[many] { $count } прогонов прочитаны повторно из менее полных файлов тех же прогонов (консоль или CSV рядом с файлом результатов) и оставлены по одному разу, из самых полных файлов; остальные файлы указаны в столбце `sources`; --all-files оставляет все копии
}
ingest-copy-of = { $path } (прогон { $run }) — копия прогона из { $kept }
ingest-list-more = (-v перечислит файлы)
ingest-disagree = { $path } и { $other } — файлы одного прогона, но расходятся сильнее, чем допускает округление при печати ({ $columns }); оставлены обе строки
