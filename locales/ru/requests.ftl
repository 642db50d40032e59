# Таблица запросов (строка на запрос), пересчитанная статистика, goodput при SLO,
# значимость по одному прогону с каждой стороны и графики распределений.

requests-error-json = не читается как результат со списками по запросам: { $reason }
requests-error-lengths = в списке `{ $list }` { $len } элементов, а в `ttfts` { $n }; в каждом списке должен быть один элемент на запрос
requests-error-value = `{ $list }` у запроса { $index } равно { $value }, а такого времени или числа токенов не бывает
requests-error-extension = { $path }: таблица запросов пишется в .parquet, .csv или .ndjson; дайте файлу одно из этих расширений
requests-warn-mismatch = прогон { $run }: в файле { $column } = { $file }, а по его запросам выходит { $recomputed }
requests-written = { $count ->
    [one] { $count } запрос записан в { $path }
    [few] { $count } запроса записано в { $path }
   *[other] { $count } запросов записано в { $path }
}

## Значимость по одному прогону с каждой стороны (perflab diff)

requests-test-bootstrap = бутстреп
requests-test-mann-whitney = U-критерий Манна–Уитни
requests-decided-by = решил { $test } по { $base } и { $cand } запросам
requests-decided-by-subsample = решил { $test } по случайным подвыборкам: { $base_used } из { $base } и { $cand_used } из { $cand } запросов
requests-significance-note = При одном прогоне с каждой стороны перцентили задержки оцениваются бутстреп-интервалом 95% их разности с фиксированным зерном ({ $resamples } повторных выборок запросов), а распределения — U-критерием Манна–Уитни (p < 0,05); пропускная способность по-прежнему оценивается только порогом.

## Графики

requests-chart-cdf-title = { $metric }: доля запросов с задержкой не больше данной
requests-chart-cdf-x = { $metric } (мс)
requests-chart-cdf-y = Доля запросов
requests-chart-time-title = Сквозная задержка по ходу прогона
requests-chart-time-x = Начало запроса (с после первого)
requests-chart-time-y = E2EL (мс)
requests-section-distributions = Распределения запросов
requests-baseline = база
requests-candidate = кандидат

requests-metric-ttft = TTFT
requests-metric-tpot = TPOT
requests-metric-itl = ITL
requests-metric-e2el = E2EL

metric-slo_goodput = Goodput при SLO
metric-slo_attainment = Доля запросов в пределах SLO
metric-requests = Прочитано запросов
requests-error-no-requests = для --charts оба прогона должны хранить свои запросы (vLLM --save-detailed, SGLang --output-details, guidellm benchmarks.json, AIPerf profile_export.jsonl, genai-perf profile_export.json)
requests-decided-by-gaps = решил { $test } по { $base } и { $cand } интервалам между токенами
requests-decided-by-gaps-subsample = решил { $test } по случайным подвыборкам: { $base_used } из { $base } и { $cand_used } из { $cand } интервалов между токенами
requests-error-responses = у запроса { $index } { $times } меток времени ответов, но { $outputs } ответов; у каждого ответа должно быть своё время
requests-error-backwards = метки времени ответов запроса { $index } идут назад во времени
