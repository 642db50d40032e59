# `perflab history`: хранилище прогонов ночь за ночью, тренды и точки изменения.

## Ошибки

history-error-open = не удалось открыть хранилище истории { $store }: { $reason }
history-error-no-store = { $store }: нет такого хранилища истории (папки, созданной `perflab history add`)
history-error-io = { $store }: { $object }: { $reason }
history-error-version = { $store } — хранилище истории версии формата { $version }; эта версия perflab читает версию { $supported }. Используйте perflab, который его записал; ничего не изменено.
history-error-marker = { $store }: { $marker } не является маркером хранилища perflab; ничего не изменено.
history-error-not-a-store = в { $store } есть файлы, но нет { $marker } (первый — { $file }): это не хранилище истории perflab; ничего не записано.
history-error-empty = { $store } пусто: сначала добавьте прогоны командой `perflab history add`.
history-error-foreign-file = { $store }: { $file } не является файлом хранилища истории perflab (ожидается date=YYYY-MM-DD/part-HASH.parquet)
history-error-foreign-parquet = { $store }: { $file } записан не perflab history: { $reason }
history-no-run-id = в нём нет столбца run_id
history-no-format = в нём нет столбца format
history-missing-part = файл исчез во время чтения
history-error-label = в метке `{ $label }` нет `=`: пишите --label КЛЮЧ=ЗНАЧЕНИЕ, например --label commit=1a2b3c
history-error-label-key = метка `{ $label }`: ключ состоит из латинских букв, цифр и `_` и не начинается с цифры
history-error-label-reserved = `{ $key }` не может быть меткой: этот столбец хранилище пишет само (дату задаёт --date)
history-error-label-twice = метка `{ $key }` указана дважды
history-error-label-column = метка `{ $key }` совпадает со столбцом прогонов; выберите другой ключ
history-error-date = `{ $date }` — не дата: пишите ГГГГ-ММ-ДД
history-error-filter = в фильтре `{ $filter }` нет `=`: пишите --filter СТОЛБЕЦ=ЗНАЧЕНИЕ
history-error-no-runs = в { $paths } не найдено ни одного прогона; ничего не добавлено
history-error-no-metric = ни у одного прогона в хранилище нет метрики `{ $metric }`
history-error-no-metrics = ни в одном прогоне хранилища нет ни одной из метрик { $metrics } (тех, за которыми следит `diff`); укажите метрику через --metric
history-error-no-column = ни у одного прогона в хранилище нет столбца `{ $column }`
history-error-window = --window должно быть не меньше 1
history-error-no-history = в { $store } нет прогонов с ключами кандидата ({ $key }); сравнивать не с чем

## Сообщения

history-added = в { $store } добавлено прогонов: { $added } ({ $part }){ $known ->
    [0] {""}
   *[other] ; уже были: { $known }
}
history-nothing-added = в { $store } ничего не добавлено: все прогоны ({ $known }) уже там

## Страница

history-title = История бенчмарков: { $metric }
history-intro = Серий: { $series }, прогонов: { $runs }, из { $store }.
history-key = Серии различаются по: { $key }.
history-method = Точки изменения: E-Divisive means с перестановочным тестом ({ $permutations } перестановок, seed { $seed }), p ≤ { $alpha }, не меньше { $min_segment } прогонов с каждой стороны, шаг не меньше { $min_magnitude }%. Последний прогон сравнивается с прогонами перед ним после последней точки изменения, не более { $recent }.
history-section-series = Серии
history-section-nights = Изменения по ночам
history-nights-intro = Точки изменения всех серий по ночам (дата и метки): каждая метрика, сдвинувшаяся в ту ночь.
history-col-moved = Что сдвинулось
history-all-runs = Все прогоны
history-chart-missing = Графика нет: { $reason }
history-chart-x = Дата
history-chart-x-label = Дата и { $label }
history-chart-segment-mean = Среднее сегмента
history-latest = Последний ({ $date }): { $value }; { $runs } прогонов перед ним: медиана { $median }, 10–90-й процентиль { $p10 }–{ $p90 }; { $rank }% из них не выше него ({ $vs } к медиане).
history-no-change = Точек изменения нет.
history-col-series = Серия
history-col-runs = Прогоны
history-col-latest = Последний
history-col-median = Медиана недавних
history-col-vs-median = Последний к медиане
history-col-changes = Точки изменения · последняя
history-col-date = Дата
history-col-run = Прогон
history-col-labels = Метки
history-col-before = Среднее до
history-col-after = Среднее после
history-col-step = Шаг
history-col-p = p-значение
diff-error-history-two-paths = с --against-history укажите только кандидата: базовая линия берётся из хранилища
history-provisional = предварительно
