# perflab translate: сообщения, инструкция для LLM, итоговая сводка.
translate-summary = { $from } → { $to }: { $segments ->
    [one] { $segments } сегмент
    [few] { $segments } сегмента
   *[many] { $segments } сегментов
}: из памяти perflab { $shipped }, из вашей памяти { $user }, от LLM { $llm }, оставлено на языке { $from } { $untranslated }
translate-rejected = { $count ->
    [one] Отклонён { $count } ответ LLM: дважды потеряно или изменено число, код или URL.
    [few] Отклонено { $count } ответа LLM: в каждом дважды потеряно или изменено число, код или URL.
   *[other] Отклонено { $count } ответов LLM: в каждом дважды потеряно или изменено число, код или URL.
}
translate-untranslated-heading = В переводе на { $to } на языке { $from } { $count ->
    [one] оставлен { $count } сегмент
    [few] оставлены { $count } сегмента
   *[many] оставлено { $count } сегментов
}{ $allowed ->
    [yes] {""} (их допускает --allow-untranslated):
   *[no] {""}; добавьте их в --memory ФАЙЛ или укажите --llm, либо допустите их флагом --allow-untranslated:
}
translate-foreign-heading = { $count ->
    [one] { $count } сегмент написан
    [few] { $count } сегмента написаны
   *[many] { $count } сегментов написаны
} на языке { $lang }, а не на { $from } (языке отчёта) и не на { $to }; такой текст перевести нечем, он оставлен как есть{ $allowed ->
    [yes] {""} (это допускает --allow-untranslated):
   *[no] {""}; переведите его вручную, укажите --from { $lang }, если отчёт написан на { $lang }, либо допустите его флагом --allow-untranslated:
}
translate-untranslated-line = {"  "}{ $file }:{ $line }: { $text }
translate-verified = Проверено: та же структура, блоки кода, команды, числа, результаты бенчмарков и утверждения, что в исходном отчёте.
translate-difference = { $file }:{ $line }: перевод ({ $lang }) отличается от исходного отчёта: { $what }
translate-diff-structure = структура Markdown (заголовки, списки, таблицы, блоки примечаний, блоки кода)
translate-diff-fence = блок кода
translate-diff-code = встроенный код, URL или HTML-тег
translate-diff-numbers = числа абзаца, заголовка, пункта списка или строки таблицы
translate-diff-blocks = значения результата бенчмарка
translate-diff-claims = утверждения, которые находит `check`, или их вердикты
translate-memory-bad-line = не запись памяти переводов `{"{"}"lang", "source", "target"{"}"}` ({ $reason })
translate-llm-status = HTTP-статус { $status }
translate-llm-timeout = нет ответа за { $seconds } с
translate-llm-no-content = в ответе нет содержимого сообщения
translate-llm-failed = LLM по адресу { $url } не ответила: { $reason }
translate-llm-needs-model = --llm требует имени обслуживаемой модели: --llm-model ИМЯ (или PERFLAB_LLM_MODEL)
translate-language-en = английский
translate-language-ru = русский
translate-language-zh-CN = упрощённый китайский
translate-llm-system = Ты переводишь опубликованный отчёт о бенчмарках обслуживания LLM с языка «{ $source }» на «{ $target }». Ответь только переводом текста пользователя: без кавычек, без пояснений, одной строкой. Сохрани байт в байт все числа и единицы, текст в обратных кавычках, URL и адреса ссылок Markdown, HTML-теги и атрибуты, названия моделей, движков, оборудования и продуктов, а также разметку Markdown.
# Заголовок блока примечания без своего заголовка (`!!! note`) по его виду, на HTML-странице.
translate-admonition = { $kind ->
    [note] Примечание
    [info] Информация
    [tip] Совет
    [warning] Предупреждение
    [danger] Опасно
    [example] Пример
    [abstract] Кратко
    [question] Вопрос
    [success] Успех
    [failure] Неудача
    [bug] Ошибка
    [quote] Цитата
   *[other] { $kind }
}
