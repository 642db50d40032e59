//! Facts read from the commands an author pasted beside the results: which engine a
//! serving or benchmark command runs, the dataset a benchmark command asks for (a profile),
//! and `Model: X` lines. `foreign.rs` builds a document's structure from them.

use super::Profile;

/// Substrings of a command (lower case) and the engine they name, most specific first:
/// `python3 -m sglang.bench_serving --backend vllm` is SGLang's client, so its backend
/// is read before the program ([`bench_engine`]).
const ENGINES: [(&str, &str); 9] = [
    ("sglang", "SGLang"),
    ("trtllm", "TensorRT-LLM"),
    ("tensorrt_llm", "TensorRT-LLM"),
    ("lmdeploy", "LMDeploy"),
    ("mindie", "MindIE"),
    ("vllm", "vLLM"),
    // vLLM's benchmark scripts before `vllm bench` existed.
    ("benchmark_serving.py", "vLLM"),
    ("benchmark_throughput.py", "vLLM"),
    ("benchmark_latency.py", "vLLM"),
];

/// What marks a benchmark client's command (it names a model too, but serves none).
const BENCH_MARKS: [&str; 9] = [
    "bench serve",
    "bench throughput",
    "bench latency",
    "bench_serving",
    "bench_one_batch",
    "benchmark_",
    "genai-perf",
    "guidellm",
    "aiperf",
];

/// What marks a serving command.
const SERVE_MARKS: [&str; 7] = [
    "vllm serve",
    "launch_server",
    "trtllm-serve",
    "lmdeploy serve",
    "mindie",
    "api_server",
    // `docker run … vllm/vllm-openai:latest --model M`
    "vllm-openai",
];

/// The engine a command's program names.
pub fn engine_of_command(command: &str) -> Option<&'static str> {
    let lower = command.to_ascii_lowercase();
    ENGINES
        .iter()
        .find(|(needle, _)| lower.contains(needle))
        .map(|(_, e)| *e)
}

pub(crate) fn is_bench_command(command: &str) -> bool {
    let lower = command.to_ascii_lowercase();
    BENCH_MARKS.iter().any(|m| lower.contains(m))
}

pub(crate) fn is_serving_command(command: &str) -> bool {
    let lower = command.to_ascii_lowercase();
    !is_bench_command(command) && SERVE_MARKS.iter().any(|m| lower.contains(m))
}

/// The engine a benchmark command measured: its `--backend` when that names an engine
/// (`--backend sglang`; `openai-chat` names none), else the engine whose client it is.
pub(crate) fn bench_engine(command: &str) -> Option<&'static str> {
    let words: Vec<&str> = command.split_whitespace().collect();
    let backend = flag_value(&words, "backend").and_then(engine_of_command);
    backend.or_else(|| engine_of_command(command))
}

/// The value of `--name V` or `--name=V` (`-` and `_` alike in the name).
fn flag_value<'w>(words: &[&'w str], name: &str) -> Option<&'w str> {
    let same = |flag: &str| flag.trim_start_matches('-').replace('-', "_") == name;
    for (i, w) in words.iter().enumerate() {
        if !w.starts_with("--") {
            continue;
        }
        match w.split_once('=') {
            Some((f, v)) if same(f) => return Some(v),
            None if same(w) => return words.get(i + 1).filter(|v| !v.starts_with('-')).copied(),
            _ => {}
        }
    }
    None
}

/// The flags of a benchmark command that describe its workload, as profile keys.
const WORKLOAD_FLAGS: [&str; 13] = [
    "dataset_name",
    "dataset",
    "dataset_path",
    "input_len",
    "output_len",
    "random_input_len",
    "random_output_len",
    "sharegpt_output_len",
    "num_prompts",
    "max_concurrency",
    "request_rate",
    "burstiness",
    "batch_size",
];

/// The workload a benchmark command asks for, as a profile named by its dataset and
/// lengths (`random 1024/1024`); `None` when it names no workload flag.
pub(crate) fn bench_profile(command: &str, line: u64) -> Option<Profile> {
    let words: Vec<&str> = command.split_whitespace().filter(|w| *w != "\\").collect();
    let params: Vec<(String, String)> = WORKLOAD_FLAGS
        .iter()
        .filter_map(|k| Some(((*k).to_owned(), flag_value(&words, k)?.to_owned())))
        .collect();
    if params.is_empty() {
        return None;
    }
    let get = |k: &str| params.iter().find(|(p, _)| p == k).map(|(_, v)| v.as_str());
    let number = |keys: &[&str]| keys.iter().find_map(|k| get(k)?.parse::<f64>().ok());
    let input_len = number(&["random_input_len", "input_len"]);
    let output_len = number(&["random_output_len", "output_len", "sharegpt_output_len"]);
    // `--dataset-path /tmp/ShareGPT_V3.json` names its dataset by the file's stem.
    let dataset = get("dataset_name")
        .or(get("dataset"))
        .or(get("dataset_path"))
        .map(|p| {
            let file = p.rsplit('/').next().unwrap_or(p);
            file.split('.').next().unwrap_or(file)
        });
    let lengths = match (input_len, output_len) {
        (Some(i), Some(o)) => Some(format!("{i}/{o}")),
        _ => None,
    };
    let name = match (dataset, lengths) {
        (Some(d), Some(l)) => format!("{d} {l}"),
        (Some(d), None) => d.to_owned(),
        (None, Some(l)) => l,
        (None, None) => get("max_concurrency")
            .or(get("request_rate"))
            .or(get("batch_size"))
            .unwrap_or("")
            .to_owned(),
    };
    Some(Profile {
        line,
        name,
        total_requests: number(&["num_prompts"]),
        input_len,
        output_len,
        params,
    })
}

/// `**Model:** org/M`, `Model: org/M`, `| Model | org/M |`: the value of a line that
/// states `key` (`model`, `hardware`), without its emphasis.
pub(crate) fn stated(text: &str, key: &str) -> Option<String> {
    let plain = text.replace("**", "").replace('`', "");
    let plain = plain.trim().trim_matches('|').trim();
    let (k, v) = plain.split_once(':').or_else(|| plain.split_once('|'))?;
    let v = v.trim().trim_matches('|').trim();
    if !k.trim().eq_ignore_ascii_case(key) || v.is_empty() {
        return None;
    }
    // A model is one name (`org/M`); words after `Model:` are prose. Hardware is often
    // several words (`DGX Spark NVIDIA GB10 128GB`).
    if key == "model" && v.contains(' ') {
        return None;
    }
    Some(v.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engines_of_commands() {
        assert_eq!(
            engine_of_command("python3 -m sglang.launch_server --model-path M"),
            Some("SGLang")
        );
        assert_eq!(
            bench_engine("vllm bench serve --backend openai-chat --model M"),
            Some("vLLM")
        );
        assert_eq!(
            bench_engine("python3 -m sglang.bench_serving --backend vllm"),
            Some("vLLM")
        );
        assert!(is_bench_command(
            "python benchmarks/benchmark_throughput.py --model M"
        ));
        assert!(!is_serving_command("vllm bench serve --model M"));
        assert!(is_serving_command("vllm serve M --tp 2"));
        assert!(is_serving_command(
            "docker run --gpus all vllm/vllm-openai:latest --model M"
        ));
    }

    #[test]
    fn a_benchmark_command_names_its_profile() {
        let p = bench_profile(
            "python3 -m sglang.bench_serving --dataset-name random --random-input-len 1024 --random-output-len 1024 --num-prompts 4096 --max-concurrency 256",
            3,
        )
        .unwrap();
        assert_eq!(p.name, "random 1024/1024");
        assert_eq!(p.total_requests, Some(4096.0));
        assert_eq!(
            p.params[0],
            ("dataset_name".to_owned(), "random".to_owned())
        );
        let p = bench_profile("vllm bench serve --dataset-path /tmp/ShareGPT_V3.json", 1).unwrap();
        assert_eq!(p.name, "ShareGPT_V3");
        assert!(bench_profile("vllm bench serve --model M", 1).is_none());
    }

    #[test]
    fn stated_lines() {
        assert_eq!(
            stated("**Model:** nvidia/Nemotron-NVFP4", "model").as_deref(),
            Some("nvidia/Nemotron-NVFP4")
        );
        assert_eq!(
            stated("| Model | org/M |", "model").as_deref(),
            Some("org/M")
        );
        assert_eq!(stated("Model: the one we use", "model"), None);
        assert_eq!(
            stated("**Hardware:** DGX Spark GB10", "hardware").as_deref(),
            Some("DGX Spark GB10")
        );
    }
}
