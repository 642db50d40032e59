# perflab's translation memory: the sentences GPUStack's report generator and perflab repeat.
# The same id in every language is one translation; `{ $name }` slots keep their text, a
# `{ $term… }` slot is itself a title of this memory or of terms.ftl. Read by
# src/l10n/memory.rs (translate, and check of a translated report).
tm-title-throughput = Optimizing { $model } Throughput
tm-title-throughput-on = Optimizing { $model } Throughput on { $hardware }
tm-title-latency = Optimizing { $model } Latency
tm-title-latency-on = Optimizing { $model } Latency on { $hardware }
tm-note = Note
tm-conclusion = Conclusion
tm-image-throughput = ![Throughput Optimization Result]({ $url })
tm-image-latency = ![Latency Optimization Result]({ $url })
tm-recommended-throughput = Recommended configuration for optimizing throughput of { $model } on { $hardware }:
tm-recommended-latency = Recommended configuration for optimizing latency of { $model } on { $hardware }:
tm-serving-command = Serving Command
tm-comparison-intro = Comparison of benchmark results before and after optimization:
tm-benchmark-case = Benchmark Case
tm-benchmark-cases = Benchmark Cases
tm-baseline-vllm = baseline (vLLM without any optimizations)
tm-baseline-vllm-capital = Baseline (vLLM without any optimizations)
tm-optimized = Optimized
tm-optimized-scaled = Optimized (scaled to same GPU count)
tm-baseline = Baseline
tm-group = Group
tm-comparison = Comparison
tm-profile-sharegpt = ShareGPT Profile
tm-profile-throughput = Throughput Profile
tm-profile-long-context = Long Context Profile
tm-profile-generation-heavy = Generation Heavy Profile
tm-profile-named = { $name } Profile
tm-label-value = { $term }: { $value }
tm-label-total-tps = Total TPS
tm-label-mean-tpot = Mean TPOT
tm-label-mean-tpot-ms = Mean TPOT(ms)
tm-label-mean-ttft = Mean TTFT
tm-label-mean-latency = Mean Latency
tm-label-mean-latency-cell = Mean latency
tm-label-ttft = TTFT
tm-label-tpot = TPOT
tm-label-profile = Profile
tm-label-result = Result
tm-success-skipped = (Success rate: { $p }%, optimization skipped)
tm-lower-than-previous = ({ $p }%,lower than previous { $q }%, optimization skipped in final command)
tm-times-faster = ({ $x }x faster)
tm-times-slower = ({ $x }x slower)
tm-note-1 = Our benchmark tests do not cover all possible optimization combinations. For example, we select the inference engine that performs best under its default configuration as the starting point for further tuning. This pruning approach yields a local optimum, which may not be the global optimum.
tm-note-2 = There are other optimization methods that depend on specific user scenarios, including max batch size, schedule configuration, extended KV cache, CUDA graph, etc. The conclusions in this document can serve as a starting point for more targeted optimizations.
tm-note-2-torch = There are other optimization methods that depend on specific user scenarios, including max batch size, schedule configuration, extended KV cache, CUDA graph, Torch Compile, etc. The conclusions in this document can serve as a starting point for more targeted optimizations.
tm-note-3 = The tests are conducted on specific hardware and software setups. Advances in the inference engine may lead to new conclusions.
tm-note-4-latency = Although using quantization may impact accuracy. FP8 quantization can achieve less than 1% accuracy drop for most models. See the [evaluation results]({ $url }) for more details. Therefore, it is highly recommended to use FP8 quantization for low-latency serving scenarios.
tm-note-4-throughput = Although using quantization may impact accuracy. FP8 quantization can achieve less than 1% accuracy drop for most models. See the [evaluation results]({ $url }) for more details. Therefore, it is highly recommended to use FP8 quantization for high-throughput serving scenarios.
tm-note-4-achieves-latency = Although using quantization may impact accuracy. FP8 quantization can achieves less than 1% accuracy drop for most models. See the [evaluation results]({ $url }) for more details. Therefore, it is highly recommended to use FP8 quantization for low-latency serving scenarios.
tm-note-4-achieves-throughput = Although using quantization may impact accuracy. FP8 quantization can achieves less than 1% accuracy drop for most models. See the [evaluation results]({ $url }) for more details. Therefore, it is highly recommended to use FP8 quantization for high-throughput serving scenarios.
tm-note-5 = Speculative decoding can significantly reduce latency for low-concurrency requests. However, the acceleration effect may vary depending on the data distribution of different benchmark datasets and the choice of draft models. For example, the chosen draft model here is trained on English data, which may lead to suboptimal performance on other languages.
tm-let-us-know = If there are any missing points or updates reflecting new changes, please [let us know]({ $url }).
tm-experimental-setup = Experimental Setup
tm-model = Model
tm-hardware = Hardware
tm-engine-version = Engine Version
tm-benchmark-method = Benchmark Method
tm-method-one-click = This project uses GPUStack's one-click benchmark capability for serving workloads. The benchmark tests in this document were executed with that workflow.
tm-method-guidellm = GPUStack's benchmark implementation is built on top of [guidellm]({ $url1 }) via the wrapper project [benchmark-runner]({ $url2 }).
tm-method-handles = GPUStack handles model deployment, benchmark job submission, and result collection for the benchmark configurations listed below.
tm-benchmark-profiles = Benchmark Profiles
tm-experiment-results = Experiment Results
tm-backend-parameters = Backend Parameters:
tm-baseline-backend-parameters = Baseline Backend Parameters:
tm-optimized-backend-parameters = Optimized Backend Parameters:
tm-benchmark-result = Benchmark result
tm-baseline-benchmark-result = Baseline benchmark result
tm-optimized-benchmark-result = Optimized benchmark result
tm-baseline-benchmark-results = Baseline benchmark results
tm-optimized-benchmark-results = Optimized benchmark results
tm-serving-script = Serving script
tm-baseline-serving-script = Baseline serving script
tm-optimized-serving-script = Optimized serving script
tm-summary-of-options = Summary of Optimization Options
tm-other-cases = Other Benchmark Cases
tm-optimization-objective = Optimization Objective
tm-objective-throughput = Achieve high throughput under high-concurrency request scenarios.
tm-benchmark-dataset = Benchmark Dataset
tm-random-dataset = Random dataset with varying sequence lengths:
tm-prompt-tokens = { $term }: { $input } input { $input ->
    [one] token
   *[other] tokens
}, { $output } output { $output ->
    [one] token
   *[other] tokens
}
tm-benchmark-script = Benchmark Script
tm-bench-cli = We use the **vLLM bench CLI** tool to benchmark the model performance. The following command is used to run the benchmark:
tm-generalization = We further benchmarked the optimized configuration to evaluate its generalization under various workloads.
tm-optimization-option = Optimization Option
tm-throughput-improvement = Throughput Improvement
tm-engine-selection = Engine Selection
tm-quantization = Quantization
tm-parallelism = Parallelism
tm-attention-backend = Attention Backend
tm-async-scheduling = Async Scheduling
tm-max-batch-token = Max Batch Token
tm-max-batched-token-numbers = Max Batched Token Numbers
tm-max-number-of-batched-tokens = Max Number of Batched Tokens
tm-language-model = Language Model
tm-kv-cache-dtype = KV Cache Dtype
tm-engine-baseline = Baseline of the Inference Engine
tm-speculative-decodng = Speculative Decodng
tm-topic-in-engine = { $term } in { $engine }
tm-open-source-replacement = Open-Source Replacement
tm-no-gpustack = If you do not use GPUStack, you can replace the GPUStack benchmark workflow with direct { $cmd } commands.
tm-for-profiles-with = For profiles with { $x }:
tm-flash-attention-default = FlashAttention is the default.
tm-not-supported = Not supported
tm-variant-seqs = Seqs { $n }
tm-variant-max-num-seqs = Max Num Seqs { $n }
tm-variant-batch-token-seqs = Batch Token { $a } and Seqs { $b }
tm-variant-rate = Rate { $n }
tm-result-line = Result: { $x }
tm-sum-pair = Summary: { $a } { $term1 } = { $x }, { $b } { $term2 } = { $y }
tm-sum-faster-pct = { $a } is faster by { $d } ({ $p }%)
tm-sum-faster-times = { $a } is faster by { $d } ({ $x }x faster)
tm-sum-slower-pct = { $a } is slower by { $d } ({ $p }%)
tm-sum-reduced-pct = { $term } = { $x } vs { $y }, reduced by { $d } ({ $p }%)
tm-sum-increased-pct = { $term } = { $x } vs { $y }, increased by { $d } ({ $p }% slower)
tm-sum-reduced-times = { $term } = { $x } vs { $y }, reduced by { $d } ({ $t }x faster)
tm-sum-increased-times = { $term } = { $x } vs { $y }, increased by { $d } ({ $t }x slower)
tm-recommended-maximizing = Recommended configuration for maximizing throughput of { $model } on { $hardware }:
tm-image-named-throughput = ![{ $name } Throughput Optimization]({ $url })
tm-image-named-latency = ![{ $name } Latency Optimization]({ $url })
tm-objective-latency = Achieve low latency under low-concurrency (batch size < 8) request scenarios.
tm-generalization-batch = We further benchmarked the optimized configuration with different batch sizes.
tm-optimizing-engine = Optimizing { $engine }
tm-latency-per-request = Mean latency per request: { $x }
tm-label-mean-ttft-ms = Mean TTFT(ms)
tm-case-in-out = { $term } ({ $a } in / { $b } out)
tm-case-in-out-target = { $term }: { $a } in / { $b } out (optimization target)
tm-short-context = Short Context
tm-balanced = Balanced
tm-batched-tokens = Batched Tokens
tm-chunked-prefill = Chunked Prefill
tm-chunked-prefill-size = Chunked Prefill Size
tm-context-length-adjustment = Context Length Adjustment
tm-context-length-adjust = Context Length Adjust
tm-tool-call-configuration = Tool Call Configuration
tm-enable-tool-call-configuration = Enable Tool Call Configuration
tm-memory-fraction = Memory Fraction
tm-parallel-strategy = Parallel Strategy
tm-attention-backends = Attention Backends
tm-max-cuda-graph-batch-size = Maximum batch size for cuda graph
tm-max-cuda-graph-batch-size-short = Max CUDA graph batch size
tm-tuning-batched-tokens = Tuning number of batched tokens
tm-turn-off-deepgemm = Turn off DeepGEMM
tm-total-vs-baseline = Total(vs Baseline)
