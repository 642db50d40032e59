//! Where a file prints its server's configuration: the places [`super`] lists, found in
//! one pass over the text (a log of 100 MB is searched once for all of them).

use std::collections::BTreeMap;
use std::sync::LazyLock;

use aho_corasick::AhoCorasick;
use serde_json::Value as Json;

use super::flags::{self, Engine};
use super::Config;
use crate::ingest::namespace::{parse_args, scan_args, value_of as py_value, PyValue};

/// What each pattern starts.
#[derive(Clone, Copy)]
enum Mark {
    Command,
    NonDefault,
    ServerArgs,
    Version,
}

const PATTERNS: [(&str, Mark); 9] = [
    ("vllm serve", Mark::Command),
    ("vllm.entrypoints.openai.api_server", Mark::Command),
    ("sglang.launch_server", Mark::Command),
    ("trtllm-serve", Mark::Command),
    ("lmdeploy serve", Mark::Command),
    ("non-default args: {", Mark::NonDefault),
    ("server_args=ServerArgs(", Mark::ServerArgs),
    ("vLLM API server version ", Mark::Version),
    // The banner of vLLM 0.15 and later: `█ ▀▄▀ █  version 0.17.0`.
    ("\u{2580}\u{2584}\u{2580} \u{2588}  version ", Mark::Version),
];

fn searcher() -> &'static AhoCorasick {
    static AC: LazyLock<AhoCorasick> = LazyLock::new(|| {
        AhoCorasick::new(PATTERNS.iter().map(|(p, _)| p)).expect("fixed patterns build")
    });
    &AC
}

/// Every configuration in `text`, in file order. A vLLM version line gives its version
/// to the vLLM configurations of the file (a server prints it once, at start).
pub fn find_all(text: &str) -> Vec<Config> {
    let mut found: Vec<Config> = Vec::new();
    let mut version: Option<String> = None;
    let mut last_line = usize::MAX;
    for hit in searcher().find_iter(text) {
        let start = line_start(text, hit.start());
        let (_, mark) = PATTERNS[hit.pattern().as_usize()];
        let config = match mark {
            // One command per line: `vllm serve` inside `python -m vllm.entrypoints…`'s
            // line is the same command.
            Mark::Command if start == last_line => None,
            // A label before the command (`Server command: vllm serve …`, as vLLM's
            // performance CI echoes it) is not part of it.
            Mark::Command => {
                let label = text[start..hit.start()]
                    .rfind(": ")
                    .map_or(start, |i| start + i + 2);
                command(&text[label..logical_end(text, start)], start)
            }
            Mark::NonDefault => non_default(&text[hit.end()..line_end(text, hit.end())], start),
            Mark::ServerArgs => server_args(&text[hit.end()..line_end(text, hit.end())], start),
            Mark::Version => {
                let rest = &text[hit.end()..line_end(text, hit.end())];
                version = rest.split_whitespace().next().map(str::to_owned);
                None
            }
        };
        last_line = start;
        found.extend(config);
    }
    found.extend(flag_fences(text, &found));
    found.sort_by_key(|c| c.offset);
    if let Some(v) = version {
        for c in found.iter_mut().filter(|c| c.engine == Engine::Vllm) {
            c.version.get_or_insert_with(|| v.clone());
        }
    }
    found
}

fn line_start(text: &str, at: usize) -> usize {
    memchr::memrchr(b'\n', &text.as_bytes()[..at]).map_or(0, |i| i + 1)
}

fn line_end(text: &str, from: usize) -> usize {
    memchr::memchr(b'\n', &text.as_bytes()[from..]).map_or(text.len(), |i| from + i)
}

/// The end of a command that continues over lines ending in `\`.
fn logical_end(text: &str, from: usize) -> usize {
    let mut end = line_end(text, from);
    while end < text.len() && text[from..end].trim_end_matches('\r').ends_with('\\') {
        end = line_end(text, end + 1);
    }
    end
}

/// Words a serving command may follow on its line: a prompt, environment assignments,
/// the launcher (`python3 -m`, `uv run`, `nohup`, `CUDA_VISIBLE_DEVICES=0 …`).
fn launcher(word: &str) -> bool {
    let base = word.rsplit('/').next().unwrap_or(word);
    let assignment = word.split_once('=').is_some_and(|(name, _)| {
        !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    });
    assignment
        || word.starts_with('-')
        || base.starts_with("python")
        || matches!(
            base,
            "$" | ">"
                | "+"
                | "#"
                | "uv"
                | "run"
                | "nohup"
                | "exec"
                | "time"
                | "sudo"
                | "env"
                | "srun"
                | "numactl"
        )
}

/// The configuration of one command line starting at byte `offset`.
pub fn command(line: &str, offset: usize) -> Option<Config> {
    let joined = line.replace("\\\r\n", " ").replace("\\\n", " ");
    let words = shlex::split(joined.trim().trim_matches('`'))?;
    let base = |w: &String| -> String {
        w.rsplit('/')
            .next()
            .unwrap_or(w)
            .trim_matches('`')
            .to_owned()
    };
    for (i, word) in words.iter().enumerate() {
        let next = |k: usize| words.get(i + k).map(|w| w.as_str());
        let (engine, args_from) = match base(word).as_str() {
            "vllm" if next(1) == Some("serve") => (Engine::Vllm, i + 2),
            "vllm.entrypoints.openai.api_server" => (Engine::Vllm, i + 1),
            "sglang.launch_server" => (Engine::Sglang, i + 1),
            "trtllm-serve" if next(1) == Some("serve") => (Engine::Trtllm, i + 2),
            "trtllm-serve" => (Engine::Trtllm, i + 1),
            "lmdeploy" if next(1) == Some("serve") && next(2) == Some("api_server") => {
                (Engine::Lmdeploy, i + 3)
            }
            _ => {
                if !launcher(word) {
                    return None;
                }
                continue;
            }
        };
        let args = flags::parse_words(engine, &words[args_from.min(words.len())..]);
        return Some(Config {
            offset,
            engine,
            version: None,
            args,
            every_arg: false,
        });
    }
    None
}

/// vLLM's `non-default args: {'model_tag': 'M', 'max_num_seqs': 128, ...}` (the dict's
/// body after its `{`), which lists exactly the flags given.
fn non_default(body: &str, offset: usize) -> Option<Config> {
    let mut args = BTreeMap::new();
    let closed = scan_args(body, b'}', |item| {
        if let Some((key, value)) = item.split_once(':') {
            let key = key.trim().trim_matches(|c| c == '\'' || c == '"');
            if !key.is_empty() {
                args.insert(Engine::Vllm.canonical(key), json_of(py_value(value.trim())));
            }
        }
    });
    closed.then_some(Config {
        offset,
        engine: Engine::Vllm,
        version: None,
        args,
        every_arg: false,
    })
}

/// SGLang's `server_args=ServerArgs(model_path='M', tp_size=1, ...)`: every argument,
/// defaults included.
fn server_args(body: &str, offset: usize) -> Option<Config> {
    let args = parse_args(body)?
        .into_iter()
        .map(|(k, v)| (Engine::Sglang.canonical(&k), json_of(v)))
        .collect();
    Some(Config {
        offset,
        engine: Engine::Sglang,
        version: None,
        args,
        every_arg: true,
    })
}

fn json_of(value: PyValue) -> Json {
    match value {
        PyValue::Str(s) => Json::String(s),
        PyValue::Num(x) => flags::number(x),
        PyValue::Bool(b) => Json::Bool(b),
        PyValue::None => Json::Null,
        PyValue::Inf => Json::String("inf".into()),
        PyValue::Other(raw) => Json::String(raw),
    }
}

/// A document's fences that hold only flags (`--max-num-seqs=512` one per line, as
/// GPUStack lists a variant's "Backend Parameters"), each the configuration of the
/// serving command above it with these flags: its model, and its engine unless a heading
/// between them names another (`#### SGLang`).
fn flag_fences(text: &str, commands: &[Config]) -> Vec<Config> {
    let Some(first) = commands.first() else {
        return Vec::new();
    };
    let (fences, headings) = fences_and_headings(text);
    fences
        .into_iter()
        .filter(|(at, lines)| {
            *at > first.offset && !lines.is_empty() && lines.iter().all(|l| l.starts_with("--"))
        })
        .map(|(at, lines)| {
            let base = commands
                .iter()
                .rev()
                .find(|c| c.offset < at)
                .unwrap_or(first);
            let engine = section_engine(&headings, at).unwrap_or(base.engine);
            let words: Vec<String> = lines.iter().flat_map(|l| flags::listed_flag(l)).collect();
            let mut args = flags::parse_words(engine, &words);
            for key in ["model", "model_path"] {
                if let Some(m) = base.args.get(key) {
                    args.entry(key.to_owned()).or_insert_with(|| m.clone());
                }
            }
            Config {
                offset: at,
                engine,
                version: None,
                args,
                every_arg: false,
            }
        })
        .collect()
}

/// A Markdown fence: the offset of its opening line and its non-empty lines, trimmed.
type Fence<'t> = (usize, Vec<&'t str>);

/// A Markdown heading: its offset, its level (the count of `#`) and the engine it names.
type Heading = (usize, usize, Option<Engine>);

/// The engine the sections around byte `at` name: the nearest heading of each level above
/// it (`#### SGLang` inside `### Choosing the Inference Engine`), the innermost first.
fn section_engine(headings: &[Heading], at: usize) -> Option<Engine> {
    let mut level = usize::MAX;
    for (_, l, engine) in headings.iter().rev().filter(|(h, _, _)| *h < at) {
        if *l < level {
            level = *l;
            if engine.is_some() {
                return *engine;
            }
        }
    }
    None
}

/// The fences of `text`, and the headings outside them.
fn fences_and_headings(text: &str) -> (Vec<Fence<'_>>, Vec<Heading>) {
    let mut fences = Vec::new();
    let mut headings = Vec::new();
    let mut open: Option<Fence<'_>> = None;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            match open.take() {
                Some(fence) => fences.push(fence),
                None => open = Some((start, Vec::new())),
            }
        } else if let Some((_, lines)) = open.as_mut() {
            if !trimmed.is_empty() {
                lines.push(trimmed);
            }
        } else if trimmed.starts_with('#') {
            let level = trimmed.bytes().take_while(|b| *b == b'#').count();
            headings.push((start, level, engine_named(trimmed)));
        }
    }
    (fences, headings)
}

/// The engine a Markdown heading names (`#### SGLang`), if one.
fn engine_named(heading: &str) -> Option<Engine> {
    let lower = heading.to_lowercase();
    let has = |w: &str| {
        lower
            .split(|c: char| !(c.is_alphanumeric() || c == '-'))
            .any(|x| x == w)
    };
    if has("sglang") {
        Some(Engine::Sglang)
    } else if has("vllm") {
        Some(Engine::Vllm)
    } else if has("tensorrt-llm") || has("trt-llm") || has("trtllm") {
        Some(Engine::Trtllm)
    } else if has("lmdeploy") {
        Some(Engine::Lmdeploy)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_over_lines_in_a_fence() {
        let text = "intro\n```shell\nCUDA_VISIBLE_DEVICES=0 python3 -m sglang.launch_server \\\n  --model-path M \\\n  --tp 2 \\\n  --max-running-requests 1024 --port 30000\n```\n";
        let found = find_all(text);
        assert_eq!(found.len(), 1);
        let c = &found[0];
        assert_eq!(c.engine, Engine::Sglang);
        assert_eq!(c.offset, text.find("CUDA").unwrap());
        assert_eq!(c.args["tp_size"], Json::from(2));
        assert_eq!(c.args["max_running_requests"], Json::from(1024));
        assert_eq!(c.args["model_path"], Json::from("M"));
    }

    #[test]
    fn prose_naming_a_command_is_not_one() {
        assert!(find_all("We ran vllm serve --max-num-seqs 8 on it\n").is_empty());
        assert!(find_all("the trtllm-serve docs\n").is_empty());
    }

    #[test]
    fn vllm_and_sglang_logs() {
        let text = "(APIServer pid=1) INFO 12-01 10:00:00 [api_server.py:1] vLLM API server version 0.11.0\n\
            (APIServer pid=1) INFO 12-01 10:00:00 [utils.py:2] non-default args: {'model_tag': 'Qwen/Qwen3-0.6B', 'model': 'Qwen/Qwen3-0.6B', 'max_num_seqs': 128, 'tensor_parallel_size': 2, 'enable_prefix_caching': False, 'compilation_config': {'level': 3, 'x': [1, 2]}}\n\
            [2025-01-01 00:00:00] server_args=ServerArgs(model_path='M', tp_size=4, dp_size=2, enable_dp_attention=True, chunked_prefill_size=8192, disable_radix_cache=False)\n";
        let found = find_all(text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].version.as_deref(), Some("0.11.0"));
        assert_eq!(found[0].args["max_num_seqs"], Json::from(128));
        assert_eq!(found[0].args["model"], Json::from("Qwen/Qwen3-0.6B"));
        let cols = flags::columns(Engine::Vllm, &found[0].args);
        assert_eq!(cols["gpu_count"], Json::from(2));
        assert_eq!(cols["prefix_caching"], Json::Bool(false));
        let cols = flags::columns(Engine::Sglang, &found[1].args);
        assert_eq!(cols["tensor_parallel_size"], Json::from(4));
        assert_eq!(cols["gpu_count"], Json::from(4));
        assert_eq!(cols["prefix_caching"], Json::Bool(true));
        assert_eq!(cols["chunked_prefill"], Json::Bool(true));
    }

    #[test]
    fn a_section_that_names_an_engine_is_its_flags_engine() {
        let text = "```bash\nvllm serve Q --max-num-seqs=512\n```\n## Engines\n### SGLang\n```\n--context-length=32768\n```\n## Prefix cache\n```\n--enable-prefix-caching\n```\n";
        let found = find_all(text);
        let engines: Vec<Engine> = found.iter().map(|c| c.engine).collect();
        assert_eq!(engines, [Engine::Vllm, Engine::Sglang, Engine::Vllm]);
        assert_eq!(
            flags::columns(Engine::Sglang, &found[1].args)["max_model_len"],
            Json::from(32768)
        );
    }

    #[test]
    fn a_fence_of_flags_is_the_command_above_it_with_them() {
        let text = "```bash\nvllm serve Qwen/Q --max-num-seqs=512\n```\n\n### B\n\n```bash\n--max-model-len=32768\n--max-num-seqs=1024\n```\n";
        let found = find_all(text);
        assert_eq!(found.len(), 2);
        assert_eq!(found[1].args["max_num_seqs"], Json::from(1024));
        assert_eq!(found[1].args["model"], Json::from("Qwen/Q"));
        assert!(found[1].offset > found[0].offset);
    }
}
