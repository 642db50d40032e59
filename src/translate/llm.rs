//! The third source of translations: an LLM behind an OpenAI-compatible endpoint (vLLM,
//! SGLang, …), `POST {url}/chat/completions`. One chat completion per segment: the system
//! message names the languages and what must stay untouched, the user message is the
//! segment's text exactly. Requests run on `jobs` threads, each with a timeout and retries
//! with backoff on transport errors, 429 and 5xx. An answer is accepted only when it keeps
//! every number, inline code span and URL of the segment and adds no line break, table
//! pipe or backquote; otherwise it is asked once more, then rejected.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use fluent_bundle::FluentValue;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::{json, Value};

use crate::l10n::Localizer;
use crate::published::inline::kept;
use crate::Error;

#[derive(Debug, Clone)]
pub struct LlmConfig {
    /// The server's base URL (`http://127.0.0.1:8000/v1`) or its chat completions URL.
    pub url: String,
    pub model: String,
    pub jobs: usize,
    pub timeout: Duration,
    /// Further attempts after a failed request (not after a rejected answer).
    pub retries: u32,
}

impl LlmConfig {
    fn endpoint(&self) -> String {
        let base = self.url.trim_end_matches('/');
        if base.ends_with("/chat/completions") {
            base.to_owned()
        } else {
            format!("{base}/chat/completions")
        }
    }
}

/// What became of one segment.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Accepted(String),
    /// Both answers lost or changed something the segment must keep.
    Rejected,
}

/// Whether `answer` keeps what `source` must keep, and breaks no Markdown line.
pub fn keeps(source: &str, answer: &str) -> bool {
    if answer.trim().is_empty() || answer.contains('\n') {
        return false;
    }
    let count = |t: &str, c: char| t.matches(c).count();
    if count(answer, '|') > count(source, '|') || count(answer, '`') != count(source, '`') {
        return false;
    }
    let mut rest = answer.to_owned();
    for piece in kept(source) {
        match rest.find(piece) {
            // Each occurrence once: `1` twice in the source needs it twice.
            Some(i) => rest.replace_range(i..i + piece.len(), "\u{0}"),
            None => return false,
        }
    }
    true
}

fn system_message(source: &str, target: &str) -> crate::Result<String> {
    // The instruction is given in English, which every served model follows best.
    let en = Localizer::new("en")?;
    let name = |lang: &str| en.tr(&format!("translate-language-{lang}"));
    Ok(en.tr_args(
        "translate-llm-system",
        &[
            ("source", FluentValue::from(name(source))),
            ("target", FluentValue::from(name(target))),
        ],
    ))
}

/// One request with its retries: the answer's message content, or why it failed.
fn complete(
    agent: &ureq::Agent,
    cfg: &LlmConfig,
    system: &str,
    text: &str,
) -> std::result::Result<String, String> {
    let body = json!({
        "model": cfg.model,
        "messages": [
            {"role": "system", "content": system},
            {"role": "user", "content": text},
        ],
        "temperature": 0,
    })
    .to_string();
    let mut last = String::new();
    for attempt in 0..=cfg.retries {
        if attempt > 0 {
            std::thread::sleep(Duration::from_millis(200 << (attempt - 1).min(5)));
        }
        let response = agent
            .post(&cfg.endpoint())
            .header("Content-Type", "application/json")
            .send(body.as_str());
        let mut response = match response {
            Ok(r) => r,
            Err(ureq::Error::Timeout(_)) => {
                last = crate::tr!("translate-llm-timeout", seconds = cfg.timeout.as_secs());
                continue;
            }
            Err(e) => {
                last = e.to_string();
                continue;
            }
        };
        let status = response.status().as_u16();
        let text = response.body_mut().read_to_string().unwrap_or_default();
        if status == 429 || status >= 500 {
            last = crate::tr!("translate-llm-status", status = status.to_string());
            continue;
        }
        if status != 200 {
            return Err(crate::tr!(
                "translate-llm-status",
                status = status.to_string()
            ));
        }
        let value: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
        return value["choices"][0]["message"]["content"]
            .as_str()
            .map(|s| s.trim().to_owned())
            .ok_or_else(|| crate::tr!("translate-llm-no-content"));
    }
    Err(last)
}

/// Translates `texts` from `source` into `target`: an answer per text, in order, and
/// the error that stopped the requests when one still failed after its retries (the
/// endpoint is down or refuses; nothing more is asked, the texts not answered are
/// `None`).
pub fn translate(
    cfg: &LlmConfig,
    source: &str,
    target: &str,
    texts: &[String],
) -> (Vec<Option<Answer>>, Option<Error>) {
    if texts.is_empty() {
        return (Vec::new(), None);
    }
    let system = match system_message(source, target) {
        Ok(s) => s,
        Err(e) => return (vec![None; texts.len()], Some(e)),
    };
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(cfg.timeout))
        .http_status_as_error(false)
        .build()
        .into();
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let answers: Mutex<Vec<Option<Answer>>> = Mutex::new(vec![None; texts.len()]);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let bar = ProgressBar::new(texts.len() as u64);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {msg}") {
        bar.set_style(style);
    }
    std::thread::scope(|scope| {
        for _ in 0..cfg.jobs.max(1).min(texts.len()) {
            scope.spawn(|| loop {
                if failed.load(Ordering::Relaxed) {
                    return;
                }
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(text) = texts.get(i) else {
                    return;
                };
                let mut answer = Answer::Rejected;
                // Asked once more when the first answer loses something.
                for _ in 0..2 {
                    match complete(&agent, cfg, &system, text) {
                        Ok(a) if keeps(text, &a) => {
                            answer = Answer::Accepted(a);
                            break;
                        }
                        Ok(_) => {}
                        Err(reason) => {
                            failed.store(true, Ordering::Relaxed);
                            if let Ok(mut f) = failure.lock() {
                                f.get_or_insert(reason);
                            }
                            return;
                        }
                    }
                }
                if let Ok(mut a) = answers.lock() {
                    a[i] = Some(answer);
                }
                bar.inc(1);
            });
        }
    });
    bar.finish_and_clear();
    let error = failure.into_inner().ok().flatten().map(|reason| {
        Error::usage(crate::msg!(
            "translate-llm-failed",
            url = cfg.endpoint(),
            reason = reason
        ))
    });
    (answers.into_inner().unwrap_or_default(), error)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_keeps_numbers_code_and_urls() {
        let s = "`vLLM` is faster by 5027.72 tok/s (77.36%), see [x](https://a.b/c).";
        assert!(keeps(
            s,
            "`vLLM` быстрее на 5027.72 tok/s (77.36%), см. [x](https://a.b/c)."
        ));
        assert!(!keeps(
            s,
            "`vLLM` быстрее на 5027.7 tok/s (77.36%), см. [x](https://a.b/c)."
        ));
        assert!(!keeps(
            s,
            "vLLM быстрее на 5027.72 tok/s (77.36%), см. [x](https://a.b/c)."
        ));
        assert!(!keeps(
            s,
            "`vLLM` быстрее на 5027.72 tok/s (77.36%)\nсм. [x](https://a.b/c)."
        ));
        assert!(!keeps("1 and 1", "1 и"));
    }
}
