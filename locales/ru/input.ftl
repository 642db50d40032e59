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
objects-error-scheme = { $url }: схема `{ $scheme }` не поддерживается (папка, file://, s3://, gs://, az://, abfss://)
objects-error-open = { $url }: { $reason }
objects-error-empty = { $url }: под этим префиксом нет объектов
objects-error-credentials-s3 = { $url }: в окружении нет учётных данных Amazon S3. Задайте { $missing } (или вместо них { $others }) и запустите снова; для S3-совместимого сервера также AWS_ENDPOINT (и AWS_ALLOW_HTTP=true для HTTP без TLS).
objects-error-credentials-gs = { $url }: в окружении нет учётных данных Google Cloud Storage. Задайте { $missing } — путь к файлу ключа сервисного аккаунта (или вместо него { $others }) и запустите снова.
objects-error-credentials-az = { $url }: в окружении нет учётных данных Azure Storage. Задайте { $missing } (или вместо них { $others }) и запустите снова.
