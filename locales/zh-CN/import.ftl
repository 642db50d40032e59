# perflab import / translate：已发布报告中未能写入研究描述的内容。
import-lost-free-text = 未导入（自由文本）：{ $subject }
import-lost-image = 未导入（图片；图表会重新绘制）：{ $subject }
import-lost-served-model = `{ $subject }` 部署的是 { $value }，不是研究的模型；已保留在标签中
import-lost-assumed-profile = `{ $subject }` 未指定测试配置；假定为 `{ $value }`
import-lost-assumed-command = 报告中没有 { $subject } 的启动命令；假定为 `{ $value }`
import-lost-unknown-profile = `{ $subject }` 不在报告的测试配置中；其数据集参数未知
import-lost-no-model = 报告未指明模型（没有模型一节、`Model:` 行或命令中的 `--model`）；研究的模型为空
# perflab 无法翻译的自由文本保留原文。
import-untranslated = [未翻译] { $text }
import-title-throughput = { $model } 吞吐量优化
import-title-throughput-on = { $model } 在 { $hardware } 上的吞吐量优化
import-title-and = 与
