# Отчёт об исследовании (`perflab report`) и `perflab compare`.
# Аргументы $best, $worst, $label, $model, $hardware, $profile, $reason — текст пользователя,
# уже экранированный для Markdown; числа приходят отформатированными.

report-title-default = Исследование производительности { $model }

## Вывод

section-conclusion = Вывод
conclusion-intro = { $goal ->
    [latency] Рекомендуемая конфигурация для минимальной задержки { $model } на { $hardware }:
   *[throughput] Рекомендуемая конфигурация для максимальной пропускной способности { $model } на { $hardware }:
}
conclusion-command = Команда запуска сервера
conclusion-baseline-kept = Ни один вариант не превзошёл базовую конфигурацию, поэтому рекомендуется она.
conclusion-table-intro = Результаты бенчмарков до и после оптимизации:
col-benchmark-case = Сценарий бенчмарка
col-baseline = Базовая конфигурация ({ $label })
col-optimized = После оптимизации
col-experiment = Эксперимент
section-notes = Примечания

## Условия

section-objective = Цель
section-setup = Условия эксперимента
setup-model = Модель
setup-hardware = Оборудование
setup-engines = Версии движков
setup-method = Методика бенчмарка
setup-profiles = Профили бенчмарка

## Эксперименты

section-results = Результаты экспериментов
variant-profile = Профиль: { $profile }
variant-parameters = Параметры бэкенда:
variant-no-parameters = Параметры бэкенда: нет (настройки движка по умолчанию).
variant-result = Результат бенчмарка
variant-missing = Результата нет: { $reason }
variant-skipped = Доля успешных запросов { $rate }: выполнено { $completed } { $completed ->
    [one] запрос
    [few] запроса
   *[many] запросов
} из { $requested }, поэтому прогон не считается корректной оптимизацией (оптимизация пропущена).
variant-no-primary = В результате нет метрики «{ $metric }», поэтому вариант не участвует в сравнении.
variant-is-baseline = Это базовая конфигурация исследования.
report-workload-differs = Нагрузка отличается от базовой ({ $columns }): изменение вызвано не только конфигурацией.
summary-label = Итог:
group-gap-percent = **{ $best }**: { $metric } = { $best_value }, **{ $worst }**: { $metric } = { $worst_value }. **{ $best }** быстрее на { $diff } { $unit } ({ $pct })
group-gap-ratio = **{ $best }**: { $metric } = { $best_value } { $unit }, **{ $worst }**: { $metric } = { $worst_value } { $unit }. **{ $best }** быстрее в { $ratio } (на { $diff } { $unit } меньше)
group-summary = { $gap }; { $secondary }.
group-summary-primary-only = { $gap }.
group-secondary = { $metric } = { $best_value } { $unit } против { $worst_value } { $unit }, { $direction ->
    [reduced] снижение на { $diff } { $unit } ({ $pct }{ $worse ->
        [yes] , { $lower_is_better ->
            [yes] быстрее
           *[no] меньше
        }
       *[no] {""}
    })
    [increased] рост на { $diff } { $unit } ({ $pct } { $worse ->
        [yes] { $lower_is_better ->
            [yes] медленнее
           *[no] хуже
        }
       *[no] лучше
    })
   *[unchanged] без изменений
}
group-single-valid = Все запросы выполнил только вариант **{ $label }**; сравнивать его не с чем.

## Сводка оптимизаций

section-summary = Сводка методов оптимизации
cell-skipped = доля успешных запросов { $rate }, оптимизация пропущена
cell-no-result = нет результата
cell-other-profile = другой профиль
change-ratio = { $verdict ->
    [better] быстрее в { $ratio }
    [worse] медленнее в { $ratio }
   *[same] без изменений
}

## Другие сценарии

section-scenarios = Другие сценарии бенчмарка
scenario-baseline-parameters = Параметры бэкенда базовой конфигурации:
scenario-optimized-parameters = Параметры бэкенда оптимизированной конфигурации:
scenario-baseline-result = Результат бенчмарка базовой конфигурации
scenario-optimized-result = Результат бенчмарка оптимизированной конфигурации
parameters-none = нет (настройки движка по умолчанию).
scenario-missing = Результата нет: { $reason }

## Диаграммы

section-latency = Задержки базовой и оптимизированной конфигураций
chart-conclusion-title = { $metric }: базовая и оптимизированная конфигурации
chart-experiment-title = { $experiment }: { $metric }
chart-latency-title = { $metric }: базовая и оптимизированная конфигурации
series-baseline = Базовая
series-optimized = Оптимизированная
chart-skipped = пропущено
stat-mean = Среднее
stat-median = Медиана
stat-p99 = P99

## Названия метрик (канонические столбцы metrics.md)

metric-total_token_throughput = Общий TPS
metric-prefill_throughput = TPS префилла
metric-decode_throughput = TPS декодирования
metric-result_valid = Валиден
metric-input_len = Длина входа
metric-output_len = Длина выхода
metric-context_depth = Глубина контекста
metric-output_throughput = TPS вывода
metric-input_throughput = TPS ввода
metric-request_throughput = Пропускная способность по запросам
metric-request_goodput = Полезная пропускная способность
metric-max_output_tokens_per_s = Пиковый TPS вывода
metric-completed = Выполнено запросов
metric-failed = Неудачных запросов
metric-duration = Длительность
metric-mean_ttft_ms = Среднее TTFT
metric-median_ttft_ms = Медиана TTFT
metric-p99_ttft_ms = P99 TTFT
metric-mean_tpot_ms = Среднее TPOT
metric-median_tpot_ms = Медиана TPOT
metric-p99_tpot_ms = P99 TPOT
metric-mean_itl_ms = Среднее ITL
metric-median_itl_ms = Медиана ITL
metric-p99_itl_ms = P99 ITL
metric-mean_e2el_ms = Средняя сквозная задержка
metric-median_e2el_ms = Медиана сквозной задержки
metric-p99_e2el_ms = P99 сквозной задержки
family-ttft = TTFT
family-tpot = TPOT
family-itl = ITL
stat-std = Ст. откл.
stat-min = Мин.
stat-max = Макс.
stat-percentile = P{ $p }
family-e2el = сквозная задержка
family-ttst = TTST
family-client_queue_time = время в очереди клиента
family-isl = длина входа
family-osl = длина выхода
# Название столбца распределения: «Среднее TTFT», «P90 ITL».
metric-stat-family = { $stat } { $family }
metric-request_rate = Частота запросов
metric-max_concurrency = Макс. параллелизм
metric-concurrency = Параллелизм
metric-max_concurrent_requests = Пик одновременных запросов
metric-total_input_tokens = Входные токены
metric-total_output_tokens = Выходные токены
metric-total_output_tokens_retokenized = Выходные токены (после ретокенизации)

## perflab compare

compare-col-metric = Метрика
compare-col-change = Изменение
compare-versus = { $candidate } относительно { $baseline } (базовый прогон): { $metric } { $change }.
compare-skipped = { $label }: доля успешных запросов { $rate } (выполнено { $completed } { $completed ->
    [one] запрос
    [few] запроса
   *[many] запросов
} из { $requested }), поэтому результат не засчитывается.

## perflab report: ошибки в study.toml

study-error-used-twice = { $key }: встречается дважды
study-error-used-twice-in-experiment = { $key }: встречается в этом эксперименте дважды
study-error-no-experiments = нет [[experiments]]: в исследовании нужен хотя бы один эксперимент
study-error-no-variants = { $key }: нет [[experiments.variants]]
study-error-no-such-profile = такого профиля нет (профили: { $known })
study-error-no-such-engine = такого движка нет (движки: { $known })
study-none-defined = не заданы
study-error-bad-id = { $key }: допустимы буквы, цифры, `-`, `_` и `.`
study-error-result-and-missing = укажите либо `result`, либо `missing`, но не оба
study-error-no-result = { $key }: нужен `result = "ФАЙЛ"` или `missing = "почему результата нет"`
study-error-run-without-result = для `run` нужен файл `result`
study-error-cannot-read = не удаётся прочитать { $path }: { $reason }
study-error-no-run-in-file = в файле нет ни одного прогона бенчмарка
study-error-no-such-run = такого прогона нет: в файле { $count ->
    [one] { $count } прогон
    [few] { $count } прогона
   *[many] { $count } прогонов
} (счёт с 1)
study-error-choose-run = в файле { $count ->
    [one] { $count } прогон
    [few] { $count } прогона
   *[many] { $count } прогонов
}; выберите один: `run = N`
study-error-baseline-form = ожидается `ID-ЭКСПЕРИМЕНТА/ИМЯ-ВАРИАНТА`
study-error-no-such-experiment = нет эксперимента с id `{ $id }`
study-error-no-such-variant = в эксперименте `{ $experiment }` нет варианта `{ $variant }`
study-error-baseline-without-result = у базового варианта нет результата
study-error-default-baseline = experiments[0].variants[0] (базовый вариант по умолчанию): { $message }
study-error-metric-without-direction = у этой метрики нет направления «лучше» (например, total_token_throughput, mean_e2el_ms)
study-error-style = ожидается `percent` или `ratio`

report-untranslated = { $file }: { $count ->
    [one] { $count } текст не задан
    [few] { $count } текста не заданы
   *[other] { $count } текстов не заданы
} на языке { $lang }, поэтому страница показывает их на { $shown }: { $keys }. Добавьте к ним { $lang } в файле исследования или примите это с --allow-untranslated.
report-infer-title = { $model }: сравнение конфигураций сервера
report-infer-header = Создано `perflab report` из прогонов { $count } папок с результатами: вариант на каждую папку и нагрузку, подписанный флагами, которыми он отличается от базового.
    Отредактируйте и постройте отчёт снова: `perflab report study.toml`.
report-infer-no-folders = report: нет папки с результатами, из которой можно составить исследование
report-infer-empty-folder = report: в { $folder } нет ни одного прогона
report-infer-baseline-not-a-folder = report --baseline { $baseline }: это не одна из указанных папок
compare-note-differs = Прогоны различаются нагрузкой или сервером ({ $columns }): изменение — следствие всех этих различий, а не одной настройки.
