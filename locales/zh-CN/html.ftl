# 报告的 HTML 页面。
html-raw-output = 基准测试原始输出
