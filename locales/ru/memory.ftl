# Память переводов perflab (см. locales/en/memory.ftl).
tm-title-throughput = Оптимизация пропускной способности { $model }
tm-title-throughput-on = Оптимизация пропускной способности { $model } на { $hardware }
tm-title-latency = Оптимизация задержки { $model }
tm-title-latency-on = Оптимизация задержки { $model } на { $hardware }
tm-note = Примечание
tm-conclusion = Вывод
tm-image-throughput = ![Результат оптимизации пропускной способности]({ $url })
tm-image-latency = ![Результат оптимизации задержки]({ $url })
tm-recommended-throughput = Рекомендуемая конфигурация для оптимизации пропускной способности { $model } на { $hardware }:
tm-recommended-latency = Рекомендуемая конфигурация для оптимизации задержки { $model } на { $hardware }:
tm-serving-command = Команда обслуживания модели
tm-comparison-intro = Сравнение результатов бенчмарков до и после оптимизации:
tm-benchmark-case = Сценарий бенчмарка
tm-benchmark-cases = Сценарии бенчмарка
tm-baseline-vllm = базовая конфигурация (vLLM без оптимизации)
tm-baseline-vllm-capital = Базовая конфигурация (vLLM без оптимизации)
tm-optimized = После оптимизации
tm-optimized-scaled = После оптимизации (в пересчёте на то же число GPU)
tm-baseline = Базовая конфигурация
tm-group = Группа
tm-comparison = Сравнение
tm-profile-sharegpt = Профиль ShareGPT
tm-profile-throughput = Профиль высокой пропускной способности
tm-profile-long-context = Профиль длинного контекста
tm-profile-generation-heavy = Профиль интенсивной генерации
tm-profile-named = Профиль { $name }
tm-label-value = { $term }: { $value }
tm-label-total-tps = Общий TPS
tm-label-mean-tpot = Среднее TPOT
tm-label-mean-tpot-ms = Среднее TPOT(ms)
tm-label-mean-ttft = Среднее TTFT
tm-label-mean-latency = Средняя задержка
tm-label-mean-latency-cell = Средняя задержка запроса
tm-label-ttft = TTFT
tm-label-tpot = TPOT
tm-label-profile = Профиль
tm-label-result = Результат
tm-success-skipped = (Доля успешных запросов: { $p }%, оптимизация пропущена)
tm-lower-than-previous = ({ $p }%, ниже предыдущего { $q }%, в итоговой команде оптимизация пропущена)
tm-times-faster = ({ $x }x быстрее)
tm-times-slower = ({ $x }x медленнее)
tm-note-1 = Наши бенчмарки не охватывают все возможные сочетания оптимизаций. Например, отправной точкой дальнейшей настройки становится движок инференса с лучшей производительностью при настройках по умолчанию. Такое отсечение вариантов даёт локальный оптимум, который может не совпадать с глобальным.
tm-note-2 = Есть и другие методы оптимизации, зависящие от сценария использования: максимальный размер батча, настройки планировщика, расширенный KV-кэш, CUDA graph и т. д. Выводы этого документа могут служить отправной точкой для более целенаправленной оптимизации.
tm-note-2-torch = Есть и другие методы оптимизации, зависящие от сценария использования: максимальный размер батча, настройки планировщика, расширенный KV-кэш, CUDA graph, Torch Compile и т. д. Выводы этого документа могут служить отправной точкой для более целенаправленной оптимизации.
tm-note-3 = Тесты проводились на определённых аппаратных и программных конфигурациях. Развитие движков инференса может привести к новым выводам.
tm-note-4-latency = Квантизация может влиять на точность, однако для большинства моделей FP8 обеспечивает снижение точности менее чем на 1%. Подробности см. в [результатах оценки]({ $url }). Поэтому для обслуживания с низкой задержкой настоятельно рекомендуется квантизация FP8.
tm-note-4-throughput = Квантизация может влиять на точность, однако для большинства моделей FP8 обеспечивает снижение точности менее чем на 1%. Подробности см. в [результатах оценки]({ $url }). Поэтому для обслуживания с высокой пропускной способностью настоятельно рекомендуется квантизация FP8.
tm-note-4-achieves-latency = Квантизация может влиять на точность, однако для большинства моделей FP8 обеспечивает снижение точности менее чем на 1 %. Подробности см. в [результатах оценки]({ $url }). Поэтому для обслуживания с низкой задержкой настоятельно рекомендуется квантизация FP8.
tm-note-4-achieves-throughput = Квантизация может влиять на точность, однако для большинства моделей FP8 обеспечивает снижение точности менее чем на 1 %. Подробности см. в [результатах оценки]({ $url }). Поэтому для обслуживания с высокой пропускной способностью настоятельно рекомендуется квантизация FP8.
tm-note-5 = Спекулятивное декодирование может существенно уменьшить задержку при низкой конкурентности запросов. Однако ускорение зависит от распределения данных в бенчмарке и выбора черновой модели. Например, выбранная здесь черновая модель обучена на английских данных, поэтому для других языков результат может быть хуже оптимального.
tm-let-us-know = Если что-то упущено или требуется обновление с учётом новых изменений, [сообщите нам]({ $url }).
tm-experimental-setup = Условия эксперимента
tm-model = Модель
tm-hardware = Оборудование
tm-engine-version = Версия движка
tm-benchmark-method = Методика бенчмарка
tm-method-one-click = В этом проекте используется функция запуска бенчмарка GPUStack одним щелчком для нагрузок обслуживания моделей. Бенчмарки этого документа выполнялись именно таким способом.
tm-method-guidellm = Бенчмарки GPUStack реализованы на основе [guidellm]({ $url1 }) через проект-обёртку [benchmark-runner]({ $url2 }).
tm-method-handles = Для перечисленных ниже конфигураций GPUStack выполняет развёртывание модели, отправку заданий бенчмарка и сбор результатов.
tm-benchmark-profiles = Профили бенчмарка
tm-experiment-results = Результаты эксперимента
tm-backend-parameters = Параметры бэкенда:
tm-baseline-backend-parameters = Базовые параметры бэкенда:
tm-optimized-backend-parameters = Параметры бэкенда после оптимизации:
tm-benchmark-result = Результат бенчмарка
tm-baseline-benchmark-result = Результат базового бенчмарка
tm-optimized-benchmark-result = Результат бенчмарка после оптимизации
tm-baseline-benchmark-results = Результаты базового бенчмарка
tm-optimized-benchmark-results = Результаты бенчмарка после оптимизации
tm-serving-script = Скрипт запуска сервера
tm-baseline-serving-script = Базовый скрипт запуска сервера
tm-optimized-serving-script = Скрипт запуска сервера после оптимизации
tm-summary-of-options = Сводка методов оптимизации
tm-other-cases = Другие сценарии бенчмарка
tm-optimization-objective = Цель оптимизации
tm-objective-throughput = Достичь высокой пропускной способности при высокой конкурентности запросов.
tm-benchmark-dataset = Набор данных бенчмарка
tm-random-dataset = Случайный набор данных с разной длиной последовательностей:
tm-prompt-tokens = { $term }: { $input } { $input ->
    [one] входной токен
    [few] входных токена
    [other] входного токена
   *[many] входных токенов
}, { $output } { $output ->
    [one] выходной токен
    [few] выходных токена
    [other] выходного токена
   *[many] выходных токенов
}
tm-benchmark-script = Скрипт бенчмарка
tm-bench-cli = Для измерения производительности модели мы используем инструмент **vLLM bench CLI**. Бенчмарк запускается следующей командой:
tm-generalization = Мы также провели бенчмарки оптимизированной конфигурации, чтобы оценить, как она обобщается на разные нагрузки.
tm-optimization-option = Метод оптимизации
tm-throughput-improvement = Прирост пропускной способности
tm-engine-selection = Выбор движка
tm-quantization = Квантизация
tm-parallelism = Параллелизм
tm-attention-backend = Бэкенд внимания
tm-async-scheduling = Асинхронное планирование
tm-max-batch-token = Максимум токенов в батче (Max Batch Token)
tm-max-batched-token-numbers = Максимальное число токенов в батче
tm-max-number-of-batched-tokens = Максимальное число батчевых токенов
tm-language-model = Языковая модель
tm-kv-cache-dtype = Тип данных KV-кэша
tm-engine-baseline = Базовая конфигурация движка инференса
tm-speculative-decodng = Спекулятивное декодирование
tm-topic-in-engine = { $term } в { $engine }
tm-open-source-replacement = Замена с открытым исходным кодом
tm-no-gpustack = Если вы не используете GPUStack, процесс бенчмарка GPUStack можно заменить прямыми командами { $cmd }.
tm-for-profiles-with = Для профилей с { $x }:
tm-flash-attention-default = FlashAttention используется по умолчанию.
tm-not-supported = Не поддерживается
tm-variant-seqs = Последовательности { $n }
tm-variant-max-num-seqs = Максимальное число последовательностей { $n }
tm-variant-batch-token-seqs = Токенов в батче { $a }, последовательностей { $b }
tm-variant-rate = Частота { $n }
tm-result-line = Результат: { $x }
tm-sum-pair = Итог: { $a } { $term1 } = { $x }, { $b } { $term2 } = { $y }
tm-sum-faster-pct = { $a } быстрее на { $d } ({ $p }%)
tm-sum-faster-times = { $a } быстрее на { $d } ({ $x }x быстрее)
tm-sum-slower-pct = { $a } медленнее на { $d } ({ $p }%)
tm-sum-reduced-pct = { $term } = { $x } против { $y }, снижение на { $d } ({ $p }%)
tm-sum-increased-pct = { $term } = { $x } против { $y }, увеличение на { $d } ({ $p }% медленнее)
tm-sum-reduced-times = { $term } = { $x } против { $y }, снижение на { $d } ({ $t }x быстрее)
tm-sum-increased-times = { $term } = { $x } против { $y }, увеличение на { $d } ({ $t }x медленнее)
tm-recommended-maximizing = Рекомендуемая конфигурация для максимальной пропускной способности { $model } на { $hardware }:
tm-image-named-throughput = ![Оптимизация пропускной способности { $name }]({ $url })
tm-image-named-latency = ![Оптимизация задержки { $name }]({ $url })
tm-objective-latency = Достичь низкой задержки при низкой конкурентности запросов (размер батча < 8).
tm-generalization-batch = Мы также провели бенчмарки оптимизированной конфигурации с разными размерами батча.
tm-optimizing-engine = Оптимизация { $engine }
tm-latency-per-request = Средняя задержка на запрос: { $x }
tm-label-mean-ttft-ms = Среднее TTFT(ms)
tm-case-in-out = { $term } ({ $a } на входе / { $b } на выходе)
tm-case-in-out-target = { $term }: { $a } на входе / { $b } на выходе (цель оптимизации)
tm-short-context = Короткий контекст
tm-balanced = Сбалансированный
tm-batched-tokens = Токены в батче
tm-chunked-prefill = Chunked prefill (поблочное заполнение)
tm-chunked-prefill-size = Размер блока chunked prefill
tm-context-length-adjustment = Настройка длины контекста
tm-context-length-adjust = Настройка длины контекста (Adjust)
tm-tool-call-configuration = Настройка вызова инструментов
tm-enable-tool-call-configuration = Включение настройки вызова инструментов
tm-memory-fraction = Доля памяти
tm-parallel-strategy = Стратегия параллелизма
tm-attention-backends = Бэкенды внимания
tm-max-cuda-graph-batch-size = Максимальный размер батча для CUDA graph
tm-max-cuda-graph-batch-size-short = Макс. размер батча CUDA graph
tm-tuning-batched-tokens = Настройка числа токенов в батче
tm-turn-off-deepgemm = Отключение DeepGEMM
tm-total-vs-baseline = Итого (относительно базовой конфигурации)
