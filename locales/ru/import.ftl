# perflab import / translate: что из опубликованного отчёта не вошло в исследование.
import-lost-free-text = не импортировано (свободный текст): { $subject }
import-lost-image = не импортировано (изображение; графики строятся заново): { $subject }
import-lost-served-model = `{ $subject }` обслуживает { $value }, а не модель исследования; сохранено в подписи
import-lost-assumed-profile = `{ $subject }` не указывает профиль; предположен `{ $value }`
import-lost-assumed-command = в отчёте нет команды запуска { $subject }; предположена `{ $value }`
import-lost-unknown-profile = `{ $subject }` нет среди профилей отчёта; параметры набора данных неизвестны
import-lost-no-model = отчёт не называет модель (нет раздела о модели, строки `Model:` или `--model` в команде); модель исследования пуста
# Свободный текст, который perflab не может перевести, остаётся на языке отчёта.
import-untranslated = [не переведено] { $text }
import-title-throughput = Оптимизация пропускной способности { $model }
import-title-throughput-on = Оптимизация пропускной способности { $model } на { $hardware }
import-title-and = { " и " }
