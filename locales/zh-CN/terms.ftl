# GPUStack 性能报告中常用标题的术语表，供 `perflab translate` 使用。
term-choosing-the-inference-engine = 选择推理引擎
term-prefix-cache = 前缀缓存
term-speculative-decoding = 推测解码
term-performance-mode = 性能模式
term-max-num-seqs = 最大序列数
term-max-batched-tokens = 最大批处理 token 数
term-enable-prefix-cache-in-mindie = 在 MindIE 中启用前缀缓存
term-quantization-in-mindie = MindIE 中的量化
term-sharegpt = ShareGPT
term-throughput = 吞吐量
term-long-context = 长上下文
term-generation-heavy = 生成密集
term-short-prompt = 短提示
term-medium-prompt = 中等提示
term-long-prompt = 长提示
term-very-long-prompt = 超长提示
