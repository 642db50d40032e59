# perflab check: неверные утверждения опубликованного отчёта и предупреждения о его блоках.
check-quantity-value = значение
check-quantity-difference = разница
check-quantity-percent-change = процент
check-quantity-success-rate = доля успешных запросов
check-quantity-order = порядок
check-quantity-extremes = самый быстрый и самый медленный
check-quantity-best = лучший вариант
check-quantity-block = указанный прогон
check-quantity-no-gain = прирост
check-quantity-range = диапазон изменений
check-quantity-parity = паритет
check-quantity-ratio = отношение
check-wrong = неверно: { $what } для { $subject }: заявлено { $claimed }, пересчитано { $recomputed }
check-wrong-unmatched = неверно: { $what } для { $subject }: заявлено { $claimed }, но ни один блок отчёта этому не соответствует
check-unverifiable = не проверено: { $what } для { $subject }: заявлено { $claimed }, но ни один блок отчёта не связан с этим утверждением или не содержит значения
check-warning = предупреждение: { $message }
check-finding-success-rate = доля успешных запросов { $rate }% ({ $completed } из { $total })
check-finding-peak-below-mean = пиковая выходная пропускная способность { $peak } ток/с ниже средней { $mean } ток/с
check-finding-peak-above-mean = пиковая выходная пропускная способность { $peak } ток/с в { $times } раз выше средней { $mean } ток/с
check-finding-mean-above-p99 = среднее { $metric } { $mean } мс выше своего P99 { $p99 } мс
check-finding-not-available = N/A вместо значения: { $labels }
check-finding-zero-median = нулевая медиана: { $labels }
check-finding-served-model = обслуживается { $served }, модель, которой нет в заголовке ({ $title })
check-group-peak-above-mean = пиковая выходная пропускная способность более чем в { $limit } раз выше средней
check-group-peak-below-mean = пиковая выходная пропускная способность ниже средней
check-group-mean-above-p99 = среднее выше своего P99: { $metric }
check-grouped = { $message }, в { $count ->
    [one] { $count } блоке
   *[other] { $count } блоках
} (строки { $lines })
check-finding-empty-result = результат без чисел: «{ $text }»
check-summary = { $claims ->
    [one] проверено { $claims } утверждение
    [few] проверено { $claims } утверждения
   *[many] проверено { $claims } утверждений
}, неверных: { $wrong }, { $warnings ->
    [one] { $warnings } предупреждение
    [few] { $warnings } предупреждения
   *[many] { $warnings } предупреждений
}, { $blocks ->
    [one] { $blocks } блок
    [few] { $blocks } блока
   *[many] { $blocks } блоков
}{ $unverifiable ->
    [0] {""}
   *[other] , не проверено: { $unverifiable }
}.

# До и после у автора (обсуждение pull request).
check-trials = { $count ->
    [one] { $count } прогон
    [few] { $count } прогона
   *[many] { $count } прогонов
}
check-pair-words = до: «{ $before }» (строка { $before_line }, { $before_trials }); после: «{ $after }» (строка { $after_line }, { $after_trials }); определено по словам над ними
check-pair-order = до: «{ $before }» (строка { $before_line }, { $before_trials }); после: «{ $after }» (строка { $after_line }, { $after_trials }); слова не говорят, что было до, поэтому «до» — первый
check-mistake-divided-by-new = { $claimed } — это изменение, делённое на новое значение; относительно старого { $metric } изменилась на { $recomputed }
check-mistake-speedup-called-reduction = { $claimed } — это до / после − 1 (ускорение), названное снижением; { $metric } ниже на { $recomputed }
check-mistake-reduction-called-speedup = { $claimed } — это снижение { $metric } (1 − после / до), названное ускорением; ускорение — { $recomputed }
check-mistake-other-metric = { $claimed } — это не { $metric } ({ $recomputed }), а { $other }
check-mistake-range-leaves-rows-out = диапазон { $claimed } не включает строки { $other }: изменения строк — { $recomputed }
check-mistake-parity-leaves-rows-out = «{ $claimed }» для строк, из которых { $other } изменились (наибольшее изменение { $recomputed }, больше 5%)
check-finding-within-noise = заявленные { $claimed } по { $metric } в пределах шума: тест Уэлча по { $before } и { $after } прогонам даёт p = { $p }
