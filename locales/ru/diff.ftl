# perflab diff: вердикты, таблица, примечания, ошибки.
diff-title = perflab diff
diff-verdict-pass = perflab diff: регрессий нет (сопоставлено: { $matched }, добавлено: { $added }, удалено: { $removed })
diff-verdict-fail = perflab diff: { $regressions ->
    [one] { $regressions } регрессия
    [few] { $regressions } регрессии
   *[many] { $regressions } регрессий
} в { $pairs } из { $matched } сопоставленных (добавлено: { $added }, удалено: { $removed })
diff-verdict-fail-capacity = perflab diff: ёмкость при SLO снизилась в { $capacity } из { $series } серий (сопоставленные прогоны, { $matched }, проходят все правила; добавлено: { $added }, удалено: { $removed })
diff-verdict-and-capacity = ; ёмкость при SLO снизилась в { $capacity } из { $series } серий
diff-policy-default = Правила (по умолчанию):
diff-policy-flags = Правила (--fail-on):
diff-policy-config = Правила ({ $path }):
diff-note-key = Прогоны сопоставлены по: { $key }.
diff-note-decided-by = { $pair }, { $metrics }: { $how }.
diff-note-no-noise = { $count ->
    [one] У { $count } сопоставленного ключа
   *[many] У { $count } сопоставленных ключей
} нет оценки шума между прогонами (по одному прогону на сторону, нет истории через --noise-from, шум не объявлен в [diff] noise): решал только порог; запросы одного прогона могут снять изменение, но не подтвердить его.
diff-note-welch = При двух и более прогонах на сторону изменение за порогом засчитывается, только если оно значимо (t-критерий Уэлча, p < 0,05); 95% интервал — для изменения, в % от среднего базовой версии.
diff-note-prediction = Относительно истории: изменение за порогом засчитывается, только если кандидат вне 95% интервала предсказания окна (среднее ± t·s·√(1/k + 1/n) по n прогонам окна и их стандартному отклонению s, для среднего k прогонов кандидата); в `--json` он указан как `prediction` (low, high) у каждой метрики.
diff-note-within-noise = { $count ->
    [one] { $count } изменение превысило порог, но остаётся
    [few] { $count } изменения превысили порог, но остаются
   *[many] { $count } изменений превысили порог, но остаются
} в пределах шума (незначимо).
diff-note-already-beyond = { $count ->
    [one] { $count } предел уже был превышен в базовой версии.
    [few] { $count } предела уже были превышены в базовой версии.
   *[many] { $count } пределов уже были превышены в базовой версии.
}
diff-note-not-applicable = { $count ->
    [one] { $count } проверка правила не применима
    [few] { $count } проверки правил не применимы
   *[many] { $count } проверок правил не применимы
}: метрики нет на одной из сторон.
diff-added = Только в новой версии (добавлено)
diff-removed = Только в базовой версии (удалено)
diff-unmatched-item = { $label } ({ $runs ->
    [one] { $runs } прогон
    [few] { $runs } прогона
   *[many] { $runs } прогонов
}: { $sources })
diff-details = Подробности
diff-chart-title = Изменение отслеживаемых метрик (% от среднего базовой версии)
diff-col-key = Ключ
diff-col-metric = Метрика
diff-col-baseline = База
diff-col-candidate = Новая
diff-col-change = Изменение
diff-col-ci = 95% ДИ
diff-col-p = p
diff-col-trend = Тренд
diff-col-verdict = Вердикт
diff-trend-better = лучше
diff-trend-worse = хуже
diff-trend-unchanged = без изменений
diff-trend-noise = шум
diff-trend-changed = изменилось
diff-trend-missing = нет данных
diff-outcome-regression = регрессия ({ $rule })
diff-outcome-within-noise = в пределах шума
diff-outcome-already-beyond = превышено уже в базовой версии
diff-outcome-pass = ок
diff-outcome-not-applicable = не применимо
diff-regressions-beyond-table = { $count ->
    [one] Ещё { $count } регрессия, не вошедшая в таблицу выше:
    [few] Ещё { $count } регрессии, не вошедшие в таблицу выше:
   *[many] Ещё { $count } регрессий, не вошедших в таблицу выше:
}
diff-note-config-differs = { $pair }: сопоставленные прогоны различаются: { $columns }.
diff-note-setups-merged = { $pair }: прогоны одной стороны различаются конфигурацией ({ $columns }; база | кандидат), но ключ считает их повторами одной: добавьте эти столбцы в `--key`, чтобы сравнить каждую конфигурацию со своей.
diff-rows-omitted = { $count ->
    [one] Ещё { $count } строка не показана
    [few] Ещё { $count } строки не показаны
   *[many] Ещё { $count } строк не показаны
}; см. --json или --html.
diff-junit-failure = { $rule }: { $observed } для { $key }
diff-junit-within-noise = { $rule }: { $observed } для { $key }, в пределах шума (незначимо)
diff-junit-already-beyond = { $rule }: { $observed } для { $key }, превышено уже в базовой версии
diff-junit-not-applicable = метрики нет на одной из сторон
diff-error-no-runs = в { $path } не найдено ни одного прогона бенчмарка
diff-error-nothing-matched = между { $baseline } и { $candidate } ничего не сопоставлено (ключ: { $key }).
    Ключи только в базовой версии ({ $removed }):
    { $removed_keys }
    Ключи только в новой версии ({ $added }):
    { $added_keys }
    { $hint }
diff-keys-more = … и ещё { $count }
diff-hint-key = Сопоставьте прогоны по столбцам, которые описывают одну и ту же конфигурацию с обеих сторон: --key СТОЛБЕЦ,… (столбцы показывает `perflab ingest --json`).
diff-hint-key-columns = Обе стороны имеют общие значения в { $columns }: попробуйте --key { $columns }
diff-error-unknown-key = ни у одного прогона нет ключевого столбца `{ $column }`
diff-error-unknown-metric = ни у одного прогона нет столбца `{ $metric }` из правила `{ $rule }`
diff-error-stdout-twice = --json и --markdown - оба пишут в stdout; выберите одно
diff-rule-error = неверное правило `{ $rule }`{ $origin }: { $problem }
diff-rule-no-operator = нет сравнения (<, <=, > или >=)
diff-rule-no-metric = нет метрики перед сравнением
diff-rule-bad-metric = `{ $metric }` — не имя столбца (только буквы, цифры, _ и .)
diff-rule-bad-limit = `{ $limit }` — не число (пишите -5%, +10% или 0)
diff-rule-signed-value = у `{ $limit }` есть знак, но нет %: изменение пишется в процентах, предел — без знака
diff-rule-howto =
    Правило — это МЕТРИКА, затем <, <=, > или >=, затем предел:
      total_token_throughput<-5%   срабатывает, если среднее упало больше чем на 5%
      p99_ttft_ms>+10%             срабатывает, если среднее выросло больше чем на 10%
      failed>0                     срабатывает, если значение превысило 0, а в базовой версии — нет
    МЕТРИКА — столбец таблицы прогонов (см. perflab ingest --json).
diff-note-no-success = { $count ->
    [one] { $count } кандидат не выполнил
    [few] { $count } кандидата не выполнили
   *[many] { $count } кандидатов не выполнили
} ни одного запроса: каждый такой случай считается регрессией, что бы ни говорили правила.
diff-outcome-no-success = регрессия (ни один запрос не выполнен)
diff-junit-no-success = кандидат не выполнил ни одного запроса для { $key }
diff-error-no-pair = в { $path } нет результатов до и после изменения, которые perflab может различить; укажите базовый и проверяемый результаты
diff-outcome-inconclusive = неясно: по одному прогону на сторону
diff-verdict-basis = { $verdict } ({ $basis })
diff-basis-repeats = повторы, t-тест Уэлча
diff-basis-repeats-one-side = шум повторов одной стороны
diff-basis-history = шум из истории
diff-basis-history-window = окно истории
diff-basis-setups = шум по повторам всех конфигураций
diff-basis-declared = объявленный шум
diff-basis-requests = в пределах разброса запросов самого прогона
diff-basis-no-noise-estimate = только порог: нет оценки шума между прогонами
diff-basis-one-run-threshold = порог для одного прогона: нет оценки шума между прогонами
diff-note-inconclusive = { $count ->
    [one] { $count } изменение превысило порог, но не превысило
    [few] { $count } изменения превысили порог, но не превысили
   *[many] { $count } изменений превысили порог, но не превысили
} порог политики по умолчанию для одного прогона: при одном прогоне на сторону и без оценки шума между прогонами прогоны одной конфигурации реального движка расходятся настолько же, поэтому изменение нельзя ни подтвердить, ни снять. Проверка пройдена; сделайте повторы или укажите --noise-from STORE или [diff] noise.
diff-note-noise-from = Шум между прогонами взят из прошлых прогонов каждой нагрузки в { $store }.
diff-noise-source-repeats = по повторам
diff-noise-source-history = по истории и повторам
diff-noise-source-setups = по повторам всех конфигураций этого сравнения
diff-noise-source-declared = объявлен
diff-noise-source-typical = типичный для реальных движков
diff-power-known = { $rule }: шум между прогонами { $sigma } на прогон (стандартное отклонение, { $source }); { $baseline_runs } и { $candidate_runs } прогонов обнаруживают изменение от { $detectable } (в 80% случаев); { $needed }
diff-power-typical = { $rule }: оценки шума между прогонами этого бенчмарка нет; прогоны одной конфигурации реального движка разбросаны до { $sigma } (стандартное отклонение прогона): { $needed }
diff-power-runs = { $runs ->
    [one] { $runs } прогон
    [few] { $runs } прогона
   *[many] { $runs } прогонов
} на сторону обнаружат { $threshold }.
diff-power-runs-more = чтобы обнаружить { $threshold }, нужно больше { $max } прогонов на сторону.
diff-junit-inconclusive = { $rule }: { $observed } для { $key }, неясно: по одному прогону на сторону и нет оценки шума между прогонами
diff-error-noise = неверный шум `{ $text }`{ $origin }: пишите МЕТРИКА=ПРОЦЕНТ, стандартное отклонение одного прогона в % от его среднего (например, output_throughput=12%)
diff-error-noise-from-history = --against-history уже судит по разбросу истории; --noise-from ([diff] noise-from) нужен для сравнения двух сторон
diff-warning-noise-from-nothing = в хранилище нет прошлых прогонов этих нагрузок: шум между прогонами из него не получен
diff-error-noise-unknown-metric = ни у одного прогона на обеих сторонах нет столбца `{ $metric }`, для которого объявлен шум
