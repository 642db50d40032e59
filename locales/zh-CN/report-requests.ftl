# 报告中各变体请求的章节（perflab report，`--slo`）。

report-requests-section = 请求与 SLO
report-requests-slos = 各变体的请求取自其结果文件保存的内容，按 { $slos } 评判：成功且满足全部单请求目标的请求占比、此类请求在运行期间每秒的数量，以及该运行是否满足其列上的全部目标。
report-requests-no-slo = 各变体的请求取自其结果文件保存的内容；未给出 SLO（`--slo` 或 perflab.toml 中的 `[slo]`），因此只展示其分布。
report-requests-col-variant = 变体
report-requests-yes = 是
report-requests-no = 否
metric-slo_met = 运行满足 SLO
