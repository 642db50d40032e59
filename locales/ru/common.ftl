runs-count = { $count ->
    [one] { $count } прогон
    [few] { $count } прогона
   *[many] { $count } прогонов
}

## perflab ingest: таблица прогонов

runs-col-number = №
runs-col-source = Источник
runs-col-line = Строка
runs-col-format = Формат
runs-col-model = Модель
runs-col-concurrency = Параллелизм
runs-col-rate = Частота запросов

## Сообщения всех команд: ошибки, предупреждения, ход работы

error-unknown-language = неизвестный язык `{ $lang }`; допустимые: { $known }
error-reading = чтение { $path }
error-writing = запись { $path }
error-appending = дописывание в { $path }
error-opening-summary = открытие { $path } ($GITHUB_STEP_SUMMARY)
error-no-result-found = ожидался результат бенчмарка, но он не найден
error-not-a-directed-metric = { $key }: у этой метрики нет направления «лучше»
study-error-baseline-without-metric = у базового варианта `{ $variant }` нет значения { $metric }
warning = предупреждение: { $message }
warning-at = предупреждение: { $place }: { $message }
ingest-runs-written = { $count ->
    [one] записан { $count } прогон
    [few] записано { $count } прогона
   *[many] записано { $count } прогонов
}
compare-error-run-number-too-large = { $arg }: слишком большой номер прогона
compare-error-runs-count-from-one = { $arg }: прогоны нумеруются с 1
compare-error-no-such-run = прогона №{ $number } нет: в файле их { $count }
compare-error-name-a-run = в файле { $count ->
    [one] { $count } прогон
    [few] { $count } прогона
   *[many] { $count } прогонов
}; укажите один как { $path }#N (с 1)
chart-error = диаграмма `{ $title }`: { $reason }
chart-error-empty = нужна хотя бы одна категория и один ряд
chart-error-values = в ряду `{ $series }` значений: { $values }, а категорий: { $categories }
chart-error-labels = в ряду `{ $series }` подписей: { $labels }, а категорий: { $categories }
html-error = HTML-страница: { $reason }
error-not-a-directory = { $flag } { $path }: это не папка
frame-error-no-format = в сохранённой таблице прогонов нужен столбец `format`
error-unknown-format = неизвестный формат `{ $format }`; допустимые: { $known }
import-error-no-experiments = ожидался отчёт с экспериментами (разделами с результатами бенчмарков), но их нет
import-error-no-blocks = ожидались результаты бенчмарка (блок `vllm bench serve` или `bench_serving`, строки `Throughput:`, …), но их нет
import-error-study-toml = не удаётся записать study.toml: { $reason }
import-study-header = Импортировано perflab из { $source }.
    Каждый файл в runs/ — один блок бенчмарка из него.
check-error-no-blocks = ожидался отчёт с блоками результатов бенчмарков или результаты до и после изменения, но нет ни того, ни другого

# Причины от операционной системы, после имени файла.
io-not-found = нет такого файла или каталога
io-permission-denied = нет доступа
io-is-a-directory = это каталог
io-not-a-directory = не каталог
io-already-exists = файл уже существует
io-storage-full = на устройстве не осталось места
io-read-only = файловая система только для чтения
io-interrupted = системный вызов прерван
io-with-code = { $reason } (os error { $code })
error-format-unsupported = у этой команды нет вывода в формате { $format }
