# Ошибки и предупреждения о входных файлах (perflab ingest и все команды, читающие исходные выводы).
input-type-mismatch = ключ "{ $key }": ожидалось { $expected }, а не { $found }
input-type-number = число
input-type-string = строка
input-type-number-list = список чисел
input-type-null = null
input-type-boolean = логическое значение
input-type-array = массив
input-type-object = объект
input-no-metric = результат { $format } без единого значения метрики (все значения отсутствуют или N/A)
input-unknown-label = неизвестная метка `{ $label }` в блоке результатов; её значение `{ $value }` сохранено в столбце `extra`
