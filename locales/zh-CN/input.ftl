# 关于输入文件的错误和警告（perflab ingest 以及所有读取原始输出的命令）。
input-type-mismatch = 键 "{ $key }"：应为{ $expected }，实际为{ $found }
input-type-number = 数字
input-type-string = 字符串
input-type-number-list = 数字列表
input-type-null = null
input-type-boolean = 布尔值
input-type-array = 数组
input-type-object = 对象
input-no-metric = { $format } 结果没有任何指标值（所有值均缺失或为 N/A）
input-unknown-label = 结果块中的未知标签 `{ $label }`；其值 `{ $value }` 保存在 `extra` 列中
objects-error-scheme = { $url }：不支持的方案 `{ $scheme }`（可用：文件夹、file://、s3://、gs://、az://、abfss://）
objects-error-open = { $url }：{ $reason }
objects-error-empty = { $url }：此前缀下没有对象
objects-error-credentials-s3 = { $url }：环境中没有 Amazon S3 凭据。请设置 { $missing }（或改为设置 { $others }）后重试；S3 兼容服务器还需设置 AWS_ENDPOINT（明文 HTTP 另需 AWS_ALLOW_HTTP=true）。
objects-error-credentials-gs = { $url }：环境中没有 Google Cloud Storage 凭据。请将 { $missing } 设为服务账号密钥文件（或改为设置 { $others }）后重试。
objects-error-credentials-az = { $url }：环境中没有 Azure Storage 凭据。请设置 { $missing }（或改为设置 { $others }）后重试。
