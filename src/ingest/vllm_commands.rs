//! vLLM's performance CI (`.buildkite/performance-benchmarks/scripts/
//! run-performance-benchmarks.sh`) saves each serving result as
//! `RESULTS/<test>_qps_<qps>_concurrency_<n>.json` (`--save-result --result-filename`) and,
//! beside it, `RESULTS/<test>_qps_<qps>_concurrency_<n>.commands`: what `jq -n` writes of
//! `{"server_command": …, "client_command": …, "gpu_type": …}`, pretty-printed. The result
//! JSON keeps the load and the model but not the workload; the client command line does
//! (`--dataset-name random --random-input-len 128 …`), as the CI's own
//! `convert-results-json-to-markdown.py` reads it (`shlex.split` of `client_command`).
//!
//! Its flags are read as the `Namespace` the client would have printed (`namespace.rs`,
//! `--random-input-len 128` → `random_input_len=128`), and fill the columns the result
//! file lacks by the same rules: the dataset, the random lengths for a random dataset, the
//! endpoint, the request count, the load, the backend. What the JSON holds wins. The
//! `server_command` gives the run its server's configuration (`server/`), `gpu_type` its
//! GPU.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value as Json;

use super::namespace::{Namespace, PyValue};
use super::reader::Warning;
use crate::model::Run;

/// The extension of the CI's commands file, beside the result JSON of its stem.
const EXTENSION: &str = "commands";

/// Fills `run`, read from the result JSON at `result`, from the `.commands` file beside
/// it. A commands file that cannot be read is a warning naming it and its line.
pub fn apply(result: &Path, run: &mut Run) -> Option<Warning> {
    let path = result.with_extension(EXTENSION);
    let bytes = std::fs::read(&path).ok()?;
    let text = super::text::decode(&bytes);
    let unread = |line: u64, error: String| Warning {
        line: None,
        message: crate::msg!(
            "ingest-vllm-commands-unread",
            file = path.display().to_string(),
            line = line,
            error = error
        ),
    };
    let doc: Json = match serde_json::from_str(text.trim_start_matches('\u{feff}')) {
        Ok(doc) => doc,
        Err(e) => return Some(unread(e.line() as u64, e.to_string())),
    };
    let client = match doc.get("client_command") {
        Some(Json::String(c)) => c,
        _ => return Some(unread(1, crate::tr!("ingest-vllm-commands-no-client"))),
    };
    let Some(words) = split(client) else {
        let line = super::json_lenient::line_of_key(&text, 1, "client_command").unwrap_or(1);
        return Some(unread(line, crate::tr!("ingest-vllm-commands-quote")));
    };
    namespace_of(&words).fill(run);
    // The server it measured: its command, and the GPU the CI script read from
    // `nvidia-smi`.
    if let Some(Json::String(server)) = doc.get("server_command") {
        if let Some(config) = super::server::of_command(server) {
            config.fill(run);
        }
    }
    if let Some(Json::String(gpu)) = doc.get("gpu_type") {
        if !gpu.trim().is_empty() && !run.values.contains_key("gpu_type") {
            run.set_text("gpu_type", gpu.trim());
        }
    }
    None
}

/// The command's `--flag value` / `--flag=value` pairs as the Namespace argparse makes of
/// them (`--random-input-len` → `random_input_len`); a flag without a value is `True`.
fn namespace_of(words: &[String]) -> Namespace {
    let mut args = BTreeMap::new();
    let mut i = 0;
    while i < words.len() {
        let Some(flag) = words[i].strip_prefix("--") else {
            i += 1;
            continue;
        };
        let (name, value) = match flag.split_once('=') {
            Some((n, v)) => (n, Some(v.to_owned())),
            None => {
                let next = words.get(i + 1).filter(|w| !w.starts_with("--"));
                if next.is_some() {
                    i += 1;
                }
                (flag, next.cloned())
            }
        };
        let value = match value {
            None => PyValue::Bool(true),
            Some(v) if v == "inf" => PyValue::Inf,
            Some(v) => match v.parse::<f64>() {
                Ok(n) if n.is_finite() => PyValue::Num(n),
                _ => PyValue::Str(v),
            },
        };
        args.insert(name.replace('-', "_"), value);
        i += 1;
    }
    Namespace { offset: 0, args }
}

/// A shell command's words as `shlex.split` (POSIX) makes them; `None` when a quote is
/// left open.
fn split(command: &str) -> Option<Vec<String>> {
    shlex::split(command)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_as_the_shell_does() {
        assert_eq!(
            split("vllm bench serve   --model 'a b' --x=\"c\\\"d\"  e\\ f").unwrap(),
            ["vllm", "bench", "serve", "--model", "a b", "--x=c\"d", "e f"]
        );
        assert!(split("--model 'open").is_none());
    }

    #[test]
    fn flags_become_the_namespace_the_client_would_print() {
        let words = split("vllm bench serve --request-rate inf --max-concurrency 4 --metadata tp=1 x= --dataset_name random --no-stream --endpoint=/v1/completions").unwrap();
        let ns = namespace_of(&words);
        assert_eq!(ns.args["request_rate"], PyValue::Inf);
        assert_eq!(ns.args["max_concurrency"], PyValue::Num(4.0));
        assert_eq!(ns.args["dataset_name"], PyValue::Str("random".into()));
        assert_eq!(ns.args["no_stream"], PyValue::Bool(true));
        assert_eq!(ns.args["endpoint"], PyValue::Str("/v1/completions".into()));
        assert_eq!(ns.args["metadata"], PyValue::Str("tp=1".into()));
    }
}
