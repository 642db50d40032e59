//! Synthetic corpora for the ingest benchmarks, built from real outputs: the block and the
//! result JSON below are `vllm bench serve` 0.33.0's own (fixtures/corpus/generated,
//! run against a mock server), the noise lines are the kinds real logs hold (INFO/WARNING
//! lines, tqdm bars, a long `Namespace(...)` dump).

#![allow(dead_code)]

use std::fmt::Write as _;
use std::path::Path;

pub const BLOCK: &str = "============ Serving Benchmark Result ============
Successful requests:                     40        
Failed requests:                         0         
Request rate configured (RPS):           20.00     
Benchmark duration (s):                  2.09      
Total input tokens:                      4078      
Total generated tokens:                  1280      
Request throughput (req/s):              19.14     
Output token throughput (tok/s):         612.56    
Peak output token throughput (tok/s):    637.00    
Peak concurrent requests:                21.00     
Total token throughput (tok/s):          2564.13   
---------------Time to First Token----------------
Mean TTFT (ms):                          21.85     
Median TTFT (ms):                        21.89     
P99 TTFT (ms):                           22.98     
-----Time per Output Token (excl. 1st token)------
Mean TPOT (ms):                          2.21      
Median TPOT (ms):                        2.20      
P99 TPOT (ms):                           2.29      
---------------Inter-token Latency----------------
Mean ITL (ms):                           2.21      
Median ITL (ms):                         2.20      
P99 ITL (ms):                            2.61      
==================================================
";

const NOISE: [&str; 4] = [
    "(MainProcess pid=26572) INFO 11-29 22:40:42 [utils.py:88] Sampling input_len from [126, 126] and output_len from [32, 32]\n",
    "WARNING: vllm bench serve no longer sets temperature==0 (greedy) in requests by default. The default will be determined on the server side.\n",
    " 48%|████▊     | 19/40 [00:01<00:00, 21.17it/s] 55%|█████▌    | 22/40 [00:01<00:01, 15.06it/s] 65%|██████▌   | 26/40 [00:01<00:00, 18.21it/s]\n",
    "Namespace(subparser='bench', bench_type='serve', seed=0, num_prompts=40, dataset_name='random', random_input_len=128, random_output_len=32, backend='openai', base_url='http://127.0.0.1:8000')\n",
];

/// A log of about `bytes` bytes where result blocks are about 1% of the text.
pub fn noisy_log(bytes: usize) -> String {
    let mut s = String::with_capacity(bytes + 4096);
    let mut i = 0usize;
    while s.len() < bytes {
        s.push_str(NOISE[i % NOISE.len()]);
        i += 1;
        if i % 700 == 0 {
            s.push_str(BLOCK);
        }
    }
    s
}

/// Back-to-back blocks with one log line between them: the worst case for the parser.
pub fn dense_blocks(bytes: usize) -> String {
    let mut s = String::with_capacity(bytes + 4096);
    while s.len() < bytes {
        s.push_str(NOISE[0]);
        s.push_str(BLOCK);
    }
    s
}

/// The text outputs of the tools of issue 38, as their fixtures hold them (consoles with
/// their progress bars and argument dumps, Markdown around tables).
pub const TOOL_TEXTS: [&str; 6] = [
    include_str!("../../fixtures/evalscope/v1-14-1-run1-sweep-c1-c4.console.txt"),
    include_str!("../../fixtures/evalscope/v0-17-1-run1-sweep-c1-c4.console.txt"),
    include_str!("../../fixtures/llama-bench/readme-markdown-examples.md"),
    include_str!(
        "../../fixtures/mlperf/v4.1-nvidia-h200x8/llama2-70b-99/Server/performance/run_1/mlperf_log_summary.txt"
    ),
    include_str!("../../fixtures/trtllm-bench/docs-0.17-throughput-trt-engine.log"),
    include_str!("../../fixtures/ollama/pr-12742-before-after.txt"),
];

/// About `bytes` bytes of `texts` one after another, each after a log line.
pub fn tool_logs(texts: &[&str], bytes: usize) -> String {
    let mut s = String::with_capacity(bytes + 65536);
    let mut i = 0usize;
    while s.len() < bytes {
        s.push_str(NOISE[0]);
        s.push_str(texts[i % texts.len()]);
        i += 1;
    }
    s
}

/// A `--save-result` JSON like vLLM 0.33's, with `requests` per-request latencies.
pub fn result_json(seed: usize, requests: usize) -> String {
    let mut lat = String::new();
    for r in 0..requests {
        let _ = write!(
            lat,
            "{}{}",
            if r > 0 { ", " } else { "" },
            0.088 + ((seed + r) % 97) as f64 * 1e-5
        );
    }
    format!(
        r#"{{"date": "20261129-224045", "endpoint_type": "openai", "backend": "openai", "label": null, "model_id": "mock-model", "tokenizer_id": "/home/bench/tokenizer", "num_prompts": {requests}, "request_rate": 20.0, "burstiness": 1.0, "max_concurrency": null, "duration": 2.0895978549999654, "completed": {requests}, "failed": 0, "total_input_tokens": 4078, "total_output_tokens": 1280, "request_throughput": {rt}, "request_goodput": null, "output_throughput": 612.5580560571648, "total_token_throughput": 2564.129737776788, "latencies": [{lat}], "max_output_tokens_per_s": 637.0, "max_concurrent_requests": 21, "mean_ttft_ms": 21.85461769999506, "median_ttft_ms": 21.890213000006042, "std_ttft_ms": 0.40397117359022977, "p99_ttft_ms": 22.975463429968386, "mean_tpot_ms": 2.2059596798389096, "median_tpot_ms": 2.2028553709692607, "std_tpot_ms": 0.03920134763820239, "p99_tpot_ms": 2.286503602904964, "mean_itl_ms": 2.2059596798389096, "median_itl_ms": 2.198250499986898, "std_itl_ms": 0.12160194725460187, "p99_itl_ms": 2.608161230000404}}"#,
        rt = 19.0 + (seed % 100) as f64 / 100.0
    )
}

/// Writes `files` result JSON files into `dir/NNN/run-NNNNN.json` (100 per folder).
pub fn write_json_tree(dir: &Path, files: usize) -> std::io::Result<u64> {
    let mut total = 0u64;
    for i in 0..files {
        let sub = dir.join(format!("{:03}", i / 100));
        std::fs::create_dir_all(&sub)?;
        let text = result_json(i, 40);
        total += text.len() as u64;
        std::fs::write(sub.join(format!("run-{i:05}.json")), text)?;
    }
    Ok(total)
}

/// Writes `count` noisy logs of `each` bytes into `dir`.
pub fn write_log_tree(dir: &Path, count: usize, each: usize) -> std::io::Result<u64> {
    std::fs::create_dir_all(dir)?;
    let log = noisy_log(each);
    for i in 0..count {
        std::fs::write(dir.join(format!("job-{i:04}.log")), &log)?;
    }
    Ok((log.len() * count) as u64)
}

/// Writes `count` copies of `text` into `dir/NNN/PREFIX-NNNNN.EXT` (100 per folder, as a
/// results tree is laid out) and returns the bytes written.
pub fn write_copies(dir: &Path, count: usize, ext: &str, text: &str) -> std::io::Result<u64> {
    for i in 0..count {
        let sub = dir.join(format!("{:03}", i / 100));
        std::fs::create_dir_all(&sub)?;
        std::fs::write(sub.join(format!("job-{i:05}.{ext}")), text)?;
    }
    Ok((text.len() * count) as u64)
}

/// Writes `files` result JSON files of `requests` per-request latencies each, into
/// `dir/NNN/run-NNNNN.json` (100 per folder); every file's numbers differ (its seed).
pub fn write_json_files(dir: &Path, files: usize, requests: usize) -> std::io::Result<u64> {
    let mut total = 0u64;
    for i in 0..files {
        let sub = dir.join(format!("{:03}", i / 100));
        std::fs::create_dir_all(&sub)?;
        let text = result_json(i, requests);
        total += text.len() as u64;
        std::fs::write(sub.join(format!("run-{i:05}.json")), text)?;
    }
    Ok(total)
}

/// A vLLM `--save-detailed` result of `requests` requests with `gaps` inter-token gaps
/// each (`output_lens` = gaps + 1), deterministic in `seed`; the summary keys are those
/// ingest needs to see a result (the lists are what the requests benchmark reads).
pub fn detailed_json(requests: usize, gaps: usize, seed: u64) -> String {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        // xorshift64: cheap, deterministic jitter for synthetic latencies.
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 11) as f64 / (1u64 << 53) as f64
    };
    let list = |out: &mut String, name: &str, items: &mut dyn FnMut(&mut String)| {
        let _ = write!(out, "\"{name}\": [");
        items(out);
        out.push_str("], ");
    };
    let mut ttft = Vec::with_capacity(requests);
    let mut out = String::with_capacity(requests * (gaps * 22 + 120));
    out.push_str("{\"backend\": \"openai\", \"model_id\": \"mock-model\", ");
    let _ = write!(
        out,
        "\"num_prompts\": {requests}, \"duration\": {}, \"completed\": {requests}, \"failed\": 0, \"request_throughput\": {}, ",
        requests as f64 / 1000.0,
        1000.0
    );
    list(&mut out, "input_lens", &mut |o| {
        for i in 0..requests {
            let _ = write!(o, "{}{}", if i > 0 { ", " } else { "" }, 64);
        }
    });
    list(&mut out, "output_lens", &mut |o| {
        for i in 0..requests {
            let _ = write!(o, "{}{}", if i > 0 { ", " } else { "" }, gaps + 1);
        }
    });
    for _ in 0..requests {
        ttft.push(0.02 + 0.01 * next());
    }
    list(&mut out, "ttfts", &mut |o| {
        for (i, t) in ttft.iter().enumerate() {
            let _ = write!(o, "{}{t}", if i > 0 { ", " } else { "" });
        }
    });
    let mut lat = Vec::with_capacity(requests);
    list(&mut out, "itls", &mut |o| {
        for (i, t) in ttft.iter().enumerate() {
            o.push_str(if i > 0 { ", [" } else { "[" });
            let mut total = *t;
            for g in 0..gaps {
                let gap = 0.002 + 0.001 * next();
                total += gap;
                let _ = write!(o, "{}{gap}", if g > 0 { ", " } else { "" });
            }
            lat.push(total);
            o.push(']');
        }
    });
    list(&mut out, "latencies", &mut |o| {
        for (i, l) in lat.iter().enumerate() {
            let _ = write!(o, "{}{l}", if i > 0 { ", " } else { "" });
        }
    });
    list(&mut out, "start_times", &mut |o| {
        for i in 0..requests {
            let _ = write!(
                o,
                "{}{}",
                if i > 0 { ", " } else { "" },
                100.0 + i as f64 * 0.001
            );
        }
    });
    list(&mut out, "errors", &mut |o| {
        for i in 0..requests {
            let _ = write!(o, "{}\"\"", if i > 0 { ", " } else { "" });
        }
    });
    out.push_str("\"max_concurrent_requests\": 64}");
    out
}
