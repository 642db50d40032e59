# Глоссарий заголовков отчётов GPUStack для `perflab translate` (по русскому переводу эталонного отчёта).
term-choosing-the-inference-engine = Выбор движка инференса
term-prefix-cache = Кэш префиксов
term-speculative-decoding = Спекулятивное декодирование
term-performance-mode = Режим производительности
term-max-num-seqs = Максимальное число последовательностей
term-max-batched-tokens = Максимум токенов в батче
term-enable-prefix-cache-in-mindie = Включение кэша префиксов в MindIE
term-quantization-in-mindie = Квантизация в MindIE
term-sharegpt = ShareGPT
term-throughput = Пропускная способность
term-long-context = Длинный контекст
term-generation-heavy = Интенсивная генерация
term-short-prompt = Короткий запрос
term-medium-prompt = Средний запрос
term-long-prompt = Длинный запрос
term-very-long-prompt = Очень длинный запрос
