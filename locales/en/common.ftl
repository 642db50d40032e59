# Words shared by every command.
runs-count = { $count ->
    [one] { $count } run
   *[other] { $count } runs
}
