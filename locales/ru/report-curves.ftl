# perflab report: серии нагрузок исследования (частоты запросов отчётов о задержке) в виде кривых.
report-curve-section = Кривые нагрузки
report-curve-experiment = { $experiment }: { $chart }
