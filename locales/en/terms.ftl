# Glossary of the titles GPUStack's performance reports use, for `perflab translate`.
# The id is `term-` and the slug of the English words; the English value must be those words.
term-choosing-the-inference-engine = Choosing the Inference Engine
term-prefix-cache = Prefix Cache
term-speculative-decoding = Speculative Decoding
term-performance-mode = Performance Mode
term-max-num-seqs = Max Num Seqs
term-max-batched-tokens = Max Batched Tokens
term-enable-prefix-cache-in-mindie = Enable Prefix Cache in MindIE
term-quantization-in-mindie = Quantization in MindIE
term-sharegpt = ShareGPT
term-throughput = Throughput
term-long-context = Long Context
term-generation-heavy = Generation Heavy
term-short-prompt = Short prompt
term-medium-prompt = Medium prompt
term-long-prompt = Long prompt
term-very-long-prompt = Very long prompt
