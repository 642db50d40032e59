//! A serving engine's flags as its own argument parser reads them: aliases (`-tp`,
//! `--tp-size`), `--flag=value` and `--flag value`, a flag given twice (the last wins, as
//! argparse and click keep it), `--no-flag` for vLLM's boolean options; and the
//! configuration columns (docs/metrics.md, "Configuration") each engine's flags fill.
//!
//! The names are each engine's own destination names (`vllm/engine/arg_utils.py`,
//! `sglang/srt/server_args.py`, `tensorrt_llm/commands/serve.py`,
//! `lmdeploy/cli/serve.py`), so a command line, vLLM's `non-default args: {...}` and
//! SGLang's `ServerArgs(...)` give the same keys.

use std::collections::BTreeMap;

use serde_json::Value as Json;

/// The serving engines whose configuration perflab reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Vllm,
    Sglang,
    Trtllm,
    Lmdeploy,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Vllm => "vllm",
            Engine::Sglang => "sglang",
            Engine::Trtllm => "trtllm",
            Engine::Lmdeploy => "lmdeploy",
        }
    }

    /// Short and old spellings → the destination name (after `-` → `_`).
    fn aliases(self) -> &'static [(&'static str, &'static str)] {
        match self {
            Engine::Vllm => &[
                ("tp", "tensor_parallel_size"),
                ("pp", "pipeline_parallel_size"),
                ("dp", "data_parallel_size"),
                ("q", "quantization"),
                ("ep", "enable_expert_parallel"),
                ("model_tag", "model"),
            ],
            Engine::Sglang => &[
                ("tp", "tp_size"),
                ("tensor_parallel_size", "tp_size"),
                ("pp", "pp_size"),
                ("pipeline_parallel_size", "pp_size"),
                ("dp", "dp_size"),
                ("data_parallel_size", "dp_size"),
                ("ep", "ep_size"),
                ("expert_parallel_size", "ep_size"),
                ("model", "model_path"),
            ],
            Engine::Trtllm => &[("tensor_parallel_size", "tp_size")],
            Engine::Lmdeploy => &[],
        }
    }

    /// The name a flag's value is kept under.
    pub fn canonical(self, flag: &str) -> String {
        let name = flag.trim_start_matches('-').replace('-', "_");
        self.aliases()
            .iter()
            .find(|(alias, _)| *alias == name)
            .map_or(name, |(_, dest)| (*dest).to_owned())
    }
}

/// Flags that take no value: a word after them is the next argument, not their value.
const SWITCHES: [&str; 24] = [
    "trust_remote_code",
    "enable_prefix_caching",
    "enable_chunked_prefill",
    "enforce_eager",
    "enable_expert_parallel",
    "disable_log_requests",
    "disable_log_stats",
    "enable_auto_tool_choice",
    "async_scheduling",
    "enable_lora",
    "disable_radix_cache",
    "enable_dp_attention",
    "disable_cuda_graph",
    "enable_torch_compile",
    "enable_mixed_chunk",
    "disable_overlap_schedule",
    "enable_metrics",
    "skip_tokenizer_init",
    "disable_custom_all_reduce",
    "enable_ep_moe",
    "enable_dp_lm_head",
    "enable_eplb",
    "no_enable_prefix_caching",
    "no_enable_chunked_prefill",
];

/// Flags that do not change what is measured (where the server listens, what it logs,
/// the name it answers to): left out of `engine_args`, so that two repeats on two ports
/// are one setup.
const NOT_SETUP: [&str; 14] = [
    "host",
    "port",
    "api_key",
    "served_model_name",
    "disable_log_requests",
    "disable_log_stats",
    "log_level",
    "uvicorn_log_level",
    "disable_uvicorn_access_log",
    "enable_log_requests",
    "log_requests",
    "model",
    "model_path",
    "tokenizer",
];

/// A value as the engine's parser would hold it: numbers as numbers, `true`/`false` as
/// booleans, the rest as text (a JSON `--speculative-config` stays its text).
pub fn value_of(raw: &str) -> Json {
    match raw {
        "true" | "True" => return Json::Bool(true),
        "false" | "False" => return Json::Bool(false),
        _ => {}
    }
    match raw.trim().parse::<f64>() {
        Ok(x) if x.is_finite() => number(x),
        _ => Json::String(raw.to_owned()),
    }
}

/// Words that end the command: what the shell does with its output or runs after it.
fn ends_command(word: &str) -> bool {
    matches!(word, "|" | "||" | "&&" | ";" | "&")
        || word.starts_with('>')
        || word.starts_with("2>")
        || word.starts_with("1>")
        || word.starts_with("&>")
}

/// The flags after an engine's command (`vllm serve`'s words after `serve`): the model
/// when a word comes first, then `name → value` by the engine's names.
pub fn parse_words(engine: Engine, words: &[String]) -> BTreeMap<String, Json> {
    let mut args = BTreeMap::new();
    let mut i = 0;
    while i < words.len() {
        let word = &words[i];
        if ends_command(word) {
            break;
        }
        i += 1;
        let Some(flag) = word.strip_prefix('-').filter(|f| !f.is_empty()) else {
            // A positional word: the model (`vllm serve MODEL`), once.
            if !args.contains_key("model") && !args.contains_key("model_path") {
                let key = engine.canonical(if engine == Engine::Sglang {
                    "model_path"
                } else {
                    "model"
                });
                args.insert(key, Json::String(word.clone()));
            }
            continue;
        };
        if word.parse::<f64>().is_ok() {
            continue;
        }
        let (name, given) = match flag.split_once('=') {
            Some((n, v)) => (engine.canonical(n), Some(v.to_owned())),
            None => (engine.canonical(flag), None),
        };
        let value = match given {
            Some(v) => value_of(&v),
            None if SWITCHES.contains(&name.as_str()) => Json::Bool(true),
            None => match words.get(i) {
                // `--chunked-prefill-size -1`: a number is a value, never a flag.
                Some(next)
                    if !ends_command(next)
                        && (!next.starts_with('-') || next.parse::<f64>().is_ok()) =>
                {
                    i += 1;
                    value_of(next)
                }
                _ => Json::Bool(true),
            },
        };
        // vLLM's `--no-enable-prefix-caching` (argparse's BooleanOptionalAction).
        match name.strip_prefix("no_") {
            Some(rest) if value == Json::Bool(true) && engine == Engine::Vllm => {
                args.insert(rest.to_owned(), Json::Bool(false));
            }
            _ => {
                args.insert(name, value);
            }
        }
    }
    args
}

/// Every flag that may change what is measured, by its engine's name: `engine_args`.
pub fn setup_args(args: &BTreeMap<String, Json>) -> BTreeMap<String, Json> {
    args.iter()
        .filter(|(k, _)| !NOT_SETUP.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// The column each engine's flag fills, when its value is the column's as given.
fn column_of(engine: Engine, name: &str) -> Option<&'static str> {
    let common = match name {
        "dtype" => Some("dtype"),
        "quantization" => Some("quantization"),
        "kv_cache_dtype" => Some("kv_cache_dtype"),
        _ => None,
    };
    common.or(match (engine, name) {
        (Engine::Vllm, "tensor_parallel_size") => Some("tensor_parallel_size"),
        (Engine::Vllm, "pipeline_parallel_size") => Some("pipeline_parallel_size"),
        (Engine::Vllm, "data_parallel_size") => Some("data_parallel_size"),
        (Engine::Vllm, "max_num_seqs") => Some("max_num_seqs"),
        (Engine::Vllm, "max_num_batched_tokens") => Some("max_num_batched_tokens"),
        (Engine::Vllm, "max_model_len") => Some("max_model_len"),
        (Engine::Sglang, "tp_size") | (Engine::Trtllm, "tp_size") | (Engine::Lmdeploy, "tp") => {
            Some("tensor_parallel_size")
        }
        (Engine::Sglang, "pp_size") | (Engine::Trtllm, "pp_size") => Some("pipeline_parallel_size"),
        (Engine::Sglang, "dp_size") | (Engine::Lmdeploy, "dp") => Some("data_parallel_size"),
        (Engine::Sglang, "ep_size") | (Engine::Trtllm, "ep_size") | (Engine::Lmdeploy, "ep") => {
            Some("expert_parallel_size")
        }
        (Engine::Sglang, "max_running_requests")
        | (Engine::Trtllm, "max_batch_size")
        | (Engine::Lmdeploy, "max_batch_size") => Some("max_num_seqs"),
        (Engine::Trtllm, "max_num_tokens") => Some("max_num_batched_tokens"),
        (Engine::Sglang, "context_length")
        | (Engine::Trtllm, "max_seq_len")
        | (Engine::Lmdeploy, "session_len") => Some("max_model_len"),
        (Engine::Sglang, "speculative_algorithm") => Some("speculative_decoding"),
        (Engine::Lmdeploy, "model_format") => Some("quantization"),
        _ => None,
    })
}

/// The configuration columns of `args`, each with its value: the flags' own columns, then
/// what follows from them (prefix caching and chunked prefill on or off, the speculative
/// method, the parallel sizes the engine defaults to and the GPU count they make).
/// `defaults`: the args are the given ones (a command line, vLLM's non-default args), so
/// an absent parallel size is the engine's default of 1; SGLang's `ServerArgs` prints
/// every size.
pub fn columns(engine: Engine, args: &BTreeMap<String, Json>) -> BTreeMap<&'static str, Json> {
    let mut out = BTreeMap::new();
    for (name, value) in args {
        if let Some(column) = column_of(engine, name) {
            if !value.is_null() {
                out.insert(column, value.clone());
            }
        }
    }
    let flag = |name: &str| args.get(name).and_then(Json::as_bool);
    let num = |name: &str| args.get(name).and_then(Json::as_f64);
    // Prefix caching: vLLM's and LMDeploy's switch; SGLang's radix cache is it, on
    // unless disabled.
    let prefix = match engine {
        Engine::Sglang => flag("disable_radix_cache").map(|d| !d),
        _ => flag("enable_prefix_caching"),
    };
    if let Some(on) = prefix {
        out.insert("prefix_caching", Json::Bool(on));
    }
    let chunked = match engine {
        Engine::Sglang => num("chunked_prefill_size").map(|size| size > 0.0),
        _ => flag("enable_chunked_prefill"),
    };
    if let Some(on) = chunked {
        out.insert("chunked_prefill", Json::Bool(on));
    }
    if engine == Engine::Vllm {
        if let Some(method) = speculative_method(args) {
            out.insert("speculative_decoding", Json::String(method));
        }
    }
    // LMDeploy's `--quant-policy` 4 or 8 quantizes the KV cache to int4 or int8.
    if engine == Engine::Lmdeploy {
        if let Some(bits @ (4.0 | 8.0)) = num("quant_policy") {
            out.insert("kv_cache_dtype", Json::String(format!("int{bits}")));
        }
    }
    let size = |column: &str, out: &BTreeMap<&str, Json>| {
        out.get(column).and_then(Json::as_f64).unwrap_or(1.0)
    };
    for column in [
        "tensor_parallel_size",
        "pipeline_parallel_size",
        "data_parallel_size",
    ] {
        if !out.contains_key(column) {
            out.insert(column, number(1.0));
        }
    }
    let (tp, pp, dp) = (
        size("tensor_parallel_size", &out),
        size("pipeline_parallel_size", &out),
        size("data_parallel_size", &out),
    );
    // vLLM's expert parallelism spans the tensor × data parallel GPUs
    // (`--enable-expert-parallel`); SGLang's data parallel attention runs inside the
    // tensor parallel GPUs, so it adds none.
    if engine == Engine::Vllm && flag("enable_expert_parallel") == Some(true) {
        out.insert("expert_parallel_size", number(tp * dp));
    }
    let replicas = if engine == Engine::Sglang && flag("enable_dp_attention") == Some(true) {
        1.0
    } else {
        dp
    };
    out.insert("gpu_count", number(tp * pp * replicas));
    out
}

/// A number as JSON writes it: a whole number without `.0` (`32768`, as given).
pub fn number(x: f64) -> Json {
    if x.fract() == 0.0 && x.abs() < 9.0e15 {
        return Json::from(x as i64);
    }
    serde_json::Number::from_f64(x).map_or(Json::Null, Json::Number)
}

/// vLLM's speculative method: `--speculative-config '{"method": "eagle", ...}'`, or the
/// draft model of the older `--speculative-model`.
fn speculative_method(args: &BTreeMap<String, Json>) -> Option<String> {
    if let Some(config) = args.get("speculative_config") {
        let parsed = match config {
            Json::String(text) => serde_json::from_str::<Json>(text).ok(),
            other => Some(other.clone()),
        };
        let method = parsed.as_ref().and_then(|c| {
            c.get("method")
                .or_else(|| c.get("model"))
                .and_then(Json::as_str)
                .map(str::to_owned)
        });
        let text = config.as_str();
        return method
            .or_else(|| text.and_then(|t| unquoted_field(t, "method")))
            .or_else(|| text.map(str::to_owned));
    }
    args.get("speculative_model")
        .and_then(Json::as_str)
        .map(str::to_owned)
}

/// `field`'s value in a JSON object whose quotes a shell removed
/// (`{method:mtp,num_speculative_tokens:4}`, what `--speculative-config={"method":…}`
/// becomes unquoted).
fn unquoted_field(text: &str, field: &str) -> Option<String> {
    let body = text.trim().strip_prefix('{')?.strip_suffix('}')?;
    body.split(',').find_map(|item| {
        let (key, value) = item.split_once(':')?;
        let unquote = |s: &str| s.trim().trim_matches(|c| c == '"' || c == '\'').to_owned();
        (unquote(key) == field).then(|| unquote(value))
    })
}

/// One listed flag (`--max-num-seqs=512`, `--served-model-name "a b"`): the name and its
/// value as written, quotes around it removed; the words of a document's list of
/// parameters are not shell words (`--speculative-config={"method":"mtp"}` keeps its
/// quotes).
pub fn listed_flag(line: &str) -> Vec<String> {
    let line = line.trim();
    let at = line.find(|c: char| c == '=' || c.is_whitespace());
    let Some(at) = at else {
        return vec![line.to_owned()];
    };
    let value = line[at + 1..].trim();
    let quoted = value.len() >= 2
        && (value.starts_with('"') && value.ends_with('"')
            || value.starts_with('\'') && value.ends_with('\''));
    let value = if quoted {
        &value[1..value.len() - 1]
    } else {
        value
    };
    vec![line[..at].to_owned(), value.to_owned()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        shlex::split(s).unwrap()
    }

    #[test]
    fn aliases_and_spellings_mean_one_flag() {
        let a = parse_words(
            Engine::Vllm,
            &words("M -tp 2 --max-num-seqs=256 --max-num-seqs 512"),
        );
        let b = parse_words(
            Engine::Vllm,
            &words("M --tensor-parallel-size=2 --max_num_seqs 512"),
        );
        assert_eq!(a, b);
        assert_eq!(a["tensor_parallel_size"], Json::from(2));
        assert_eq!(a["model"], Json::from("M"));
        let s = parse_words(
            Engine::Sglang,
            &words("--model-path M --tp 4 --chunked-prefill-size -1"),
        );
        let t = parse_words(
            Engine::Sglang,
            &words("--model-path M --tp-size 4 --chunked-prefill-size=-1"),
        );
        assert_eq!(s, t);
        let cols = columns(Engine::Sglang, &s);
        assert_eq!(cols["tensor_parallel_size"], Json::from(4));
        assert_eq!(cols["chunked_prefill"], Json::Bool(false));
        assert_eq!(cols["gpu_count"], Json::from(4));
    }

    #[test]
    fn switches_and_negations() {
        let a = parse_words(
            Engine::Vllm,
            &words("--enable-prefix-caching M --no-enable-chunked-prefill -tp 2 -dp 2 --enable-expert-parallel 2>&1 | tee log"),
        );
        assert_eq!(a["model"], Json::from("M"));
        assert!(!a.contains_key("tee"));
        let cols = columns(Engine::Vllm, &a);
        assert_eq!(cols["prefix_caching"], Json::Bool(true));
        assert_eq!(cols["chunked_prefill"], Json::Bool(false));
        assert_eq!(cols["expert_parallel_size"], Json::from(4));
        assert_eq!(cols["gpu_count"], Json::from(4));
    }

    #[test]
    fn listed_flags_keep_their_quotes() {
        assert_eq!(
            listed_flag(r#"--speculative-config={"method":"mtp","num_speculative_tokens":4}"#),
            [
                "--speculative-config",
                r#"{"method":"mtp","num_speculative_tokens":4}"#
            ]
        );
        assert_eq!(listed_flag("--enforce-eager"), ["--enforce-eager"]);
        assert_eq!(listed_flag("--name 'a b'"), ["--name", "a b"]);
        let args = parse_words(
            Engine::Vllm,
            &["--speculative-config".into(), "{method:mtp,x:4}".into()],
        );
        assert_eq!(
            columns(Engine::Vllm, &args)["speculative_decoding"],
            Json::from("mtp")
        );
    }

    #[test]
    fn speculative_config_names_its_method() {
        let a = parse_words(
            Engine::Vllm,
            &words(r#"M --speculative-config '{"method": "eagle3", "num_speculative_tokens": 3}'"#),
        );
        assert_eq!(
            columns(Engine::Vllm, &a)["speculative_decoding"],
            Json::from("eagle3")
        );
    }
}
