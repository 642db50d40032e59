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
    let first_is_command = lines
        .first()
        .is_some_and(|(_, t)| served_model(t).is_some());
    if first_is_command {
        let (line, cmd_head) = lines[0].clone();
        let full: Vec<&str> = lines.iter().map(|(_, t)| t.as_str()).collect();
        let full = full.join(" ");
        let words: Vec<&str> = full.split_whitespace().collect();
        let model_at = words
            .iter()
            .position(|w| *w == "serve" || *w == "trtllm-serve")
            .map(|i| i + 2);
        let args = match model_at {
            Some(i) if i <= words.len() => split_args(&words[i..]),
            _ => Vec::new(),
        };
        let _ = cmd_head;
        return Params {
            line,
            args,
            command: Some(Located::new(line, full)),
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
