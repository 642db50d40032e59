# Что читатель ожидал и не нашёл в файле и что прочитал с сомнением.
# Ячейки, подписи и ошибки в кавычках — текст самого файла.
ingest-expect-result = ожидался результат бенчмарка, но его нет
ingest-expect-format-result = ожидался результат { $format }, но его нет
ingest-expect-guidellm-csv-rows = ожидались строки CSV guidellm: { $error }
ingest-expect-guidellm-header-rows = ожидались три строки заголовка guidellm, найдено { $found } (файл обрезан?)
ingest-expect-guidellm-header-width = ожидалось по { $width } ячеек в строках заголовка guidellm, найдено { $found } (файл обрезан?)
ingest-expect-guidellm-row-width = ожидалось { $width } ячеек, как в строках заголовка guidellm, найдено { $found } (файл обрезан?)
ingest-guidellm-csv-no-row = в CSV guidellm нет ни одной строки бенчмарка (запуск прерван?)
ingest-expect-number-in-column = ожидалось число в столбце `{ $column }`, найдено `{ $found }`
ingest-expect-percentile-list = ожидалось [min, 9 перцентилей, max] в столбце `{ $column }`, найдено `{ $found }`
ingest-expect-guidellm-json = ожидался полный benchmarks.json guidellm: { $error }
ingest-guidellm-json-no-benchmark = в отчёте guidellm нет ни одного бенчмарка (запуск прерван?)
ingest-console-table-truncated = таблица { $format } заканчивается без нижней рамки (файл обрезан?)
ingest-console-table-unknown = таблица LLM Metrics без единой известной метрики пропущена
ingest-console-cell-cut = `{ $cell }` в столбце `{ $stat }` строки `{ $label }` обрезано по ширине терминала; прочитано как N/A
ingest-expect-number-or-na = ожидалось число или N/A в столбце `{ $stat }` строки `{ $label }`, найдено `{ $found }`
ingest-expect-csv-row = ожидалась строка CSV с метриками: { $error }
ingest-expect-json-export = ожидался полный экспорт JSON: { $error }
ingest-expect-json-result = ожидался полный объект результата JSON: { $error }
ingest-expect-json-object-per-result = ожидался объект JSON на каждый результат
ingest-json-last-incomplete = последний объект результата неполон и пропущен (файл обрезан?): { $error }
ingest-json-line-skipped = строка с результатом JSON не разбирается (обрезана?); пропущена
ingest-serve-block-truncated = блок результатов, начатый в строке { $line }, заканчивается без закрывающей строки `=====` (файл обрезан?)
ingest-expect-number-for = ожидалось число для `{ $label }`, найдено `{ $found }`
ingest-expect-sweep-run = ожидался запуск развёртки vLLM (JSON результата): { $error }
ingest-expect-sweep-run-object = ожидался запуск развёртки vLLM: объект JSON
ingest-expect-sweep-summary = ожидалась сводка развёртки vLLM (список запусков): { $error }
ingest-expect-sweep-summary-list = ожидалась сводка развёртки vLLM: список запусков в JSON
ingest-expect-sweep-summary-item = ожидался объект JSON как запуск { $index } сводки
ingest-sweep-warmup-failed = прогревочный запуск развёртки завершился ошибкой ({ $overrides }): { $kind }: { $error }
ingest-sweep-run-failed = запуск { $run } развёртки завершился ошибкой ({ $overrides }): { $kind }: { $error }
ingest-sweep-server-failed = конфигурация сервера в развёртке завершилась ошибкой ({ $overrides }): { $kind }: { $error }
ingest-progress-files = файлов
ingest-expect-inference-perf-object = ожидался отчёт inference-perf: объект JSON
ingest-expect-inference-perf = ожидался полный отчёт inference-perf: { $error }
ingest-expect-inference-perf-count = ожидался отчёт inference-perf: `load_summary.count` или `successes.count`
