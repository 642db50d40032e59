# perflab report：研究中的负载序列（延迟报告中的请求速率）绘制为曲线。
report-curve-section = 负载曲线
report-curve-experiment = { $experiment }：{ $chart }
