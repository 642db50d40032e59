runs-count = { $count ->
    [one] { $count } прогон
    [few] { $count } прогона
   *[many] { $count } прогонов
}
