//! Serving commands and the fences of backend parameters: the model a command serves,
//! one parameter per element, a profile's YAML.

use super::{Located, Params};
use crate::published::markdown::Fence;

/// The model a serving command serves: the argument after `serve` (`trtllm-serve`), or
/// `--model` / `--model-path`.
pub fn served_model(command: &str) -> Option<String> {
    let words: Vec<&str> = command.split_whitespace().filter(|w| *w != "\\").collect();
    for (i, w) in words.iter().enumerate() {
        if *w == "serve" || *w == "trtllm-serve" {
            if let Some(m) = words.get(i + 1).filter(|m| !m.starts_with('-')) {
                return Some((*m).to_owned());
            }
        }
        if let Some(m) = w
            .strip_prefix("--model-path=")
            .or_else(|| w.strip_prefix("--model="))
        {
            return Some(m.to_owned());
        }
        if matches!(*w, "--model" | "--model-path") {
            if let Some(m) = words.get(i + 1) {
                return Some((*m).to_owned());
            }
        }
    }
    None
}

/// A fence read as parameters: one per line, `\` continuations and comments dropped;
/// when its first line is a serving command, the command is kept and the parameters are
/// what follows the model.
pub(crate) fn params_of(fence: &Fence) -> Params {
    let mut lines: Vec<(u64, String)> = Vec::new();
    for (line, text) in &fence.body {
        let t = text.trim().trim_end_matches('\\').trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        lines.push((*line, t.to_owned()));
    }
    // A command whose model comes on a continuation line (`python3 -m
    // sglang.launch_server \` over `--model-path M`) is a command too.
    let joined = lines
        .iter()
        .map(|(_, t)| t.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let continued = fence
        .body
        .iter()
        .map(|(_, t)| t.trim())
        .find(|t| !t.is_empty() && !t.starts_with('#'))
        .is_some_and(|t| t.ends_with('\\'));
    let first_is_command = lines.first().is_some_and(|(_, t)| {
        served_model(t).is_some() || (continued && served_model(&joined).is_some())
    });
    if first_is_command {
        let line = lines[0].0;
        let words: Vec<&str> = joined.split_whitespace().collect();
        return Params {
            line,
            args: args_after_model(&words),
            command: Some(Located::new(line, joined)),
            text: fence.text(),
        };
    }
    Params {
        line: lines.first().map_or(fence.line + 1, |(l, _)| *l),
        args: lines.into_iter().map(|(_, t)| t).collect(),
        command: None,
        text: fence.text(),
    }
}

/// The launch flags of a serving command: what follows `serve MODEL`, or every flag but
/// the model's (`--model-path M`), wherever the model stands.
fn args_after_model(words: &[&str]) -> Vec<String> {
    if let Some(i) = words
        .iter()
        .position(|w| *w == "serve" || *w == "trtllm-serve")
    {
        if words.get(i + 1).is_some_and(|m| !m.starts_with('-')) {
            return split_args(words.get(i + 2..).unwrap_or_default());
        }
    }
    let Some(first_flag) = words.iter().position(|w| w.starts_with("--")) else {
        return Vec::new();
    };
    let mut flags: Vec<&str> = Vec::new();
    let mut skip = false;
    for w in &words[first_flag..] {
        if std::mem::take(&mut skip) {
            continue;
        }
        if matches!(*w, "--model" | "--model-path") {
            skip = true;
            continue;
        }
        if w.starts_with("--model=") || w.starts_with("--model-path=") {
            continue;
        }
        flags.push(w);
    }
    split_args(&flags)
}

/// `-tp 2 --enable-prefix-caching` → [`-tp 2`, `--enable-prefix-caching`].
pub(crate) fn split_args(words: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in words {
        match out.last_mut() {
            Some(last) if !w.starts_with('-') && !last.contains('=') => {
                last.push(' ');
                last.push_str(w);
            }
            _ => out.push((*w).to_owned()),
        }
    }
    out
}

/// `dataset_name: ShareGPT` lines of a profile's YAML.
pub(crate) fn yaml_params(fence: &Fence) -> Vec<(String, String)> {
    fence
        .body
        .iter()
        .filter_map(|(_, l)| {
            let (k, v) = l.split_once(':')?;
            Some((k.trim().to_owned(), v.trim().to_owned()))
        })
        .collect()
}
