# `perflab curves`: нагрузочные развёртки как кривые, ёмкость при SLO, фронт Парето.
# Аргументы $x, $y, $by, $slo, $column, $series — имена столбцов или текст пользователя,
# уже экранированный для Markdown; числа приходят отформатированными.

curves-title = Кривые нагрузки: { $y } в зависимости от { $x }
curves-intro = { $series ->
    [one] { $series } серия
    [few] { $series } серии
   *[other] { $series } серий
} из { $points } { $points ->
    [one] точки
   *[other] точек
} нагрузки по { $runs } { $runs ->
    [one] запуску
   *[other] запускам
}.
curves-series-by = Серии различаются по: { $by }.
curves-single-series = Все запуски образуют одну серию.
curves-ci-note = Для точки с повторными запусками показано среднее и его 95-процентный доверительный интервал (t-распределение Стьюдента).
curves-runs-without-x = Пропущено запусков без числа в { $x }: { $n }.
curves-chart-title = { $y } в зависимости от { $x }
curves-chart-first-series = На графиках показаны первые { $shown } из { $series } { $series ->
    [one] серии
   *[other] серий
}; в таблице перечислены все.
curves-series-all = Все запуски

## Ёмкость

curves-section-capacity = Ёмкость при SLO
curves-slos = SLO: { $slo }.
curves-capacity-method = Ёмкость — наибольшая нагрузка, при которой выполняются все SLO; она линейно интерполируется между последней нагрузкой, где они выполняются, и первой, где нет (docs/curves.md).
curves-no-slo = SLO не задан (`--slo`), поэтому ёмкость не вычисляется.
curves-col-series = Серия
curves-col-points = Точки
curves-col-capacity = Ёмкость ({ $x })
curves-col-interval = 95% интервал
curves-col-at-capacity = { $y } при ёмкости
curves-col-limiting = Ограничивает
curves-capacity-interpolated = { $value }
curves-capacity-below-first = нет: уже первая нагрузка не проходит
curves-capacity-above-last = ≥ { $value }: все нагрузки проходят
curves-capacity-no-points = нет: ни у одной точки нет всех столбцов SLO
curves-interval = { $low } – { $high }
curves-interval-none = нет
curves-interval-at-least = ≥ { $value }
curves-mark = ёмкость { $value }

## Фронт Парето

curves-section-pareto = Фронт Парето
curves-pareto-intro = Выходные токены/с на GPU против выходных токенов/с на пользователя (выходная пропускная способность, делённая на параллелизм): на фронте { $frontier } из { $points } { $points ->
    [one] точки
   *[other] точек
}; остальные доминируются (полые маркеры).
curves-pareto-gpus-count = GPU на точку: { $n }.
curves-pareto-gpus-column = GPU на точку: столбец { $column }.
curves-pareto-gpus-parallel = GPU на точку: тензорный × конвейерный × параллелизм по данным (1, если запуск этого не указывает).
curves-pareto-none = Ни у одной точки нет одновременно выходной пропускной способности и параллелизма, поэтому фронта нет.
curves-pareto-left-out = Пропущено точек без выходной пропускной способности, параллелизма или числа GPU: { $n }.
curves-pareto-chart = Фронт Парето: выходные ток/с на GPU против выходных ток/с на пользователя
curves-per-user = Выходные ток/с на пользователя
curves-per-gpu = Выходные ток/с на GPU
curves-frontier = Фронт
curves-col-load = Нагрузка ({ $x })

## `perflab diff --curve-x`: ёмкость двух развёрток

diff-capacity-title = Ёмкость при SLO ({ $slo })
diff-capacity-col-baseline = База ({ $x })
diff-capacity-col-candidate = Кандидат ({ $x })
diff-capacity-col-change = Изменение
diff-capacity-col-verdict = Вердикт
diff-capacity-chart = { $y } в зависимости от { $x }: база (сплошная) и кандидат (пунктир)
diff-capacity-baseline-prefix = база:{" "}
diff-capacity-candidate-prefix = кандидат:{" "}
diff-capacity-regression = регрессия ёмкости
diff-capacity-within-noise = в пределах шума
diff-capacity-already-beyond = уже за пределом в базе
diff-capacity-pass = в норме
diff-capacity-not-applicable = н/д

## Ошибки `perflab curves` и правил ёмкости в `perflab diff`
curves-error-no-y = для --y нужен хотя бы один столбец
curves-error-no-runs-in-paths = в указанных путях не найдено ни одного прогона бенчмарка
diff-capacity-no-requests = --slo { $slo }: ни один прогон в { $path } не сохранил свои запросы, поэтому цели по отдельным запросам проверить нельзя (укажите файлы результатов со списками по запросам, а не сохранённую таблицу прогонов)
curves-error-no-column = { $flag } { $column }: ни в одном прогоне нет такого столбца
curves-error-gpus-not-a-count = --gpus { $column }: у { $run } значение { $value }, это не число GPU
curves-error-capacity-rule-needs-sweep = правилу `{ $rule }` нужны столбец нагрузки и SLO свипов: --curve-x СТОЛБЕЦ --slo 'СТОЛБЕЦ<=ЗНАЧЕНИЕ'
curves-error-no-runs = нет прогонов, по которым можно построить кривые
curves-error-no-x = ни в одном прогоне нет числа в `{ $column }` (столбец --x)
curves-error-slo = --slo `{ $slo }`: { $reason }; ожидается СТОЛБЕЦ<=ЗНАЧЕНИЕ, СТОЛБЕЦ<ЗНАЧЕНИЕ, СТОЛБЕЦ>=ЗНАЧЕНИЕ или СТОЛБЕЦ>ЗНАЧЕНИЕ (например, p99_ttft_ms<=500)
curves-slo-no-comparison = нет сравнения
curves-slo-no-column = нет столбца
curves-slo-bad-limit = предел не является конечным числом
curves-chart-no-point = нужна хотя бы одна точка
