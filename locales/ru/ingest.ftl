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
ingest-kind-evalscope-percentiles = перцентили или аргументы evalscope perf: читаются вместе с benchmark_summary.json рядом (своего прогона в них нет)
ingest-kind-llmperf-requests = записи запросов llmperf: запросы прогона из _summary.json рядом (читайте его)
ingest-kind-genai-bench-metadata = метаданные эксперимента genai-bench: читаются вместе с файлами прогонов рядом (своего прогона в них нет)
ingest-kind-server-log = журнал или команда сервера без прогонов: названная в нём конфигурация сервера передаётся прогонам в той же папке (укажите папку)
ingest-kind-mlperf-detail = подробный журнал MLPerf LoadGen: читается вместе с mlperf_log_summary.txt рядом (своего прогона в нём нет)
ingest-skipped-evalscope-percentiles = { $count ->
    [one] Пропущен { $count } файл: перцентили или аргументы evalscope perf, читаются вместе с benchmark_summary.json рядом
    [few] Пропущено { $count } файла: перцентили или аргументы evalscope perf, читаются вместе с benchmark_summary.json рядом
   *[many] Пропущено { $count } файлов: перцентили или аргументы evalscope perf, читаются вместе с benchmark_summary.json рядом
}
ingest-skipped-llmperf-requests = { $count ->
    [one] Пропущен { $count } файл: записи запросов llmperf; прогон читается из _summary.json рядом
    [few] Пропущено { $count } файла: записи запросов llmperf; прогоны читаются из _summary.json рядом
   *[many] Пропущено { $count } файлов: записи запросов llmperf; прогоны читаются из _summary.json рядом
}
ingest-skipped-genai-bench-metadata = { $count ->
    [one] Пропущен { $count } файл: метаданные эксперимента genai-bench, читаются вместе с файлами прогонов рядом
    [few] Пропущено { $count } файла: метаданные экспериментов genai-bench, читаются вместе с файлами прогонов рядом
   *[many] Пропущено { $count } файлов: метаданные экспериментов genai-bench, читаются вместе с файлами прогонов рядом
}
ingest-skipped-server-log = { $count ->
    [one] { $count } файл без прогонов, но с конфигурацией сервера: она передана прогонам рядом
    [few] { $count } файла без прогонов, но с конфигурацией сервера: она передана прогонам рядом
   *[many] { $count } файлов без прогонов, но с конфигурацией сервера: она передана прогонам рядом
}
ingest-skipped-mlperf-detail = { $count ->
    [one] Пропущен { $count } файл: подробный журнал MLPerf LoadGen, читается вместе с mlperf_log_summary.txt рядом
    [few] Пропущено { $count } файла: подробные журналы MLPerf LoadGen, читаются вместе с mlperf_log_summary.txt рядом
   *[many] Пропущено { $count } файлов: подробные журналы MLPerf LoadGen, читаются вместе с mlperf_log_summary.txt рядом
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
# Ни одного прогона во всех прочитанных путях: пути, найденные файлы, затем строка на файл.
ingest-no-runs = { $count ->
    [0] из { $paths } не прочитано ни одного прогона бенчмарка: файлов там нет (--allow-empty завершает с кодом 0 при пустом вводе)
    [one] из { $paths } не прочитано ни одного прогона бенчмарка: найден { $count } файл, но в нём нет результата, который читает perflab (--allow-empty завершает с кодом 0 при пустом вводе):
    [few] из { $paths } не прочитано ни одного прогона бенчмарка: найдено { $count } файла, ни в одном нет результата, который читает perflab (--allow-empty завершает с кодом 0 при пустом вводе):
   *[many] из { $paths } не прочитано ни одного прогона бенчмарка: найдено { $count } файлов, ни в одном нет результата, который читает perflab (--allow-empty завершает с кодом 0 при пустом вводе):
}
ingest-no-runs-unknown = в нём не найдено результата бенчмарка, который читает perflab (инструменты перечислены в README.md; --format называет форматы)
ingest-no-runs-more = … и ещё { $count }
ingest-printed-twice = этот прогон напечатан ещё раз в строке { $kept }, точнее: оставлен один раз, оттуда
