# `perflab history report --out DIR`: статический сайт из трёх страниц.

history-site-changed-title = Что изменилось
history-site-series-title = Все серии
history-site-trend-title = Серия
history-site-intro = { $series ->
    [one] { $series } серия
    [few] { $series } серии
   *[other] { $series } серий
} из { $runs ->
    [one] { $runs } запуска
   *[other] { $runs } запусков
} в { $store }.
history-site-window-nights = Точки изменения с { $from } по { $to }: { $nights ->
    [one] последняя { $nights } ночь
    [few] последние { $nights } ночи
   *[other] последние { $nights } ночей
} с запусками. Сначала ухудшения, крупные шаги раньше.
history-site-window-since = Точки изменения с { $from } по { $to }. Сначала ухудшения, крупные шаги раньше.
history-site-no-changes = За эти ночи точек изменения нет.
history-site-no-runs = В хранилище нет запусков.
history-site-worse = ухудшение
history-site-better = улучшение
history-site-changed = изменение
history-site-mean = { $mean } ± { $half } ({ $n ->
    [one] { $n } запуск
    [few] { $n } запуска
   *[other] { $n } запусков
})
history-site-mean-one = { $mean } ({ $n ->
    [one] { $n } запуск
    [few] { $n } запуска
   *[other] { $n } запусков
})
history-site-before-after = до { $before } → после { $after }
history-site-languages = Язык
history-site-filters = Фильтры
history-site-filter-hint = любое
history-site-sort = Сортировка
history-site-descending = по убыванию
history-site-clear = Сбросить фильтры
history-site-shown = { $shown } из { $total } серий
history-site-more = Показать ещё
history-site-col-name = Серия
history-site-latest = последнее
history-site-vs-median = к недавней медиане
history-site-last-change = последнее изменение
history-site-no-change = без изменений
history-site-link = Ссылка на этот вид
history-site-loading = Загрузка…
history-site-missing = В этом отчёте нет серии { $id }.
history-site-key = Ключ
history-site-runs = Запуски
history-site-changes = Точки изменения
history-site-commits = Между последним хорошим и первым плохим запуском
history-site-good = последний хороший
history-site-bad = первый плохой
history-site-chart = Тренд { $metric } с точками изменения
history-site-latest-line = Последнее { $value }; недавняя медиана { $median } (10–90-й перцентиль { $p10 }–{ $p90 } по { $runs } запускам)
history-site-section-worse = Ухудшения
history-site-section-changed = Изменения метрик без лучшего направления
history-site-section-better = Улучшения
