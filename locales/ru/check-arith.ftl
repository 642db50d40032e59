# check: арифметика автора (src/check/thread/arith.rs)
check-pair-arithmetic = до: «{ $before }» (строка { $before_line }, { $before_trials }); после: «{ $after }» (строка { $after_line }, { $after_trials }); определено по арифметике ячеек изменения
check-mistake-against-convention = { $claimed } — не то, что считает остальной столбец, { $convention } ({ $recomputed }); это { $needs }
check-mistake-no-formula = { $claimed } — не то, что считает остальной столбец, { $convention } ({ $recomputed }), и ни одна стандартная формула по её строке его не даёт
check-formula-change = изменение относительно старого значения, (после − до) / до
check-formula-better = улучшение относительно старого значения (снижение времени — со знаком плюс)
check-formula-over-new = изменение, делённое на новое значение, (после − до) / после
check-formula-of-base = «после» в процентах от «до»
check-formula-of-new = «до» в процентах от «после» (перевёрнутый процент)
check-formula-gain = ускорение (после / до для скорости, до / после для времени)
check-formula-plain = после / до
check-formula-inverted = перевёрнутое отношение, до / после
# Непроверенные утверждения с числами рядом: почему они не названы неверными.
check-unverifiable-near-miss = не проверено: { $what } для { $subject }: заявлено { $claimed }; формула остального столбца даёт { $recomputed }, на единицу последнего знака в стороне, значит автор делил другие значения, чем напечатанные (неокруглённые средние), или округлял дважды; не названо неверным
check-unverifiable-unsettled = не проверено: { $what } для { $subject }: заявлено { $claimed }; ни одна стандартная формула по его строке его не даёт (ближайшее { $recomputed }), и ни остальные ячейки столбца, ни подписи не говорят, как считал автор; не названо неверным
check-unverifiable-mixed = не проверено: { $what } для { $subject }: «{ $claimed }», но его строки сдвинулись в разные стороны или не больше своего округления ({ $recomputed }); не названо неверным
