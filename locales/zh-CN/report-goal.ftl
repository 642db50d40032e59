## 研究的优化目标（`goal`）及其结论

study-error-goal = 应为 `throughput` 或 `latency`
study-error-goal-metric = 与主要指标 { $metric } 不一致：延迟研究按延迟排序（越低越好），吞吐量研究按吞吐量排序
# 延迟研究的结论单元格：每个请求的端到端延迟（秒）。
conclusion-latency-seconds = { $metric }：{ $value } 秒/请求
# `import`：研究无法据以排序的延迟结论。
import-lost-unranked-latency = 结论比较的是 { $subject }，但基线的结果块未输出该指标；研究按默认指标排序
