runs-count = { $count } 次运行
