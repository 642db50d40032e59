//! A report that lost its Markdown (the Russian translation of the reference: headings,
//! admonitions and fences became plain paragraphs) read into the same items as Markdown,
//! so that `layout.rs` places its blocks the same way.
//!
//! The text is cut into paragraphs (blank-line separated). A paragraph is recognised by
//! the words of the layout in the report's language (the table below: the Russian
//! translation's words for "Backend Parameters:", "Benchmark result", ...), by its shape
//! (a benchmark block, tab-separated table rows, `key: value` lines of a profile), or by
//! what follows it: in the results, a one-line paragraph followed by `Профиль:` is a
//! variant or an experiment, one followed by another such line is an experiment.

use std::sync::LazyLock;

use regex::Regex;

use super::markdown::{Cell, Fence, Item};
use crate::ingest::SERVE_BLOCK_HEADER;

/// What a paragraph of the layout means, by its words.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Word {
    Conclusion,
    Setup,
    Results,
    Model,
    Hardware,
    Engines,
    Method,
    Profiles,
    ServingCommand,
    Note,
    Summary,
    OtherCases,
    /// Parameters (`Backend Parameters:`), with the role prefix of the English layout.
    Params(&'static str),
    /// A result (`Benchmark result`), with the English admonition title.
    Result(&'static str),
}

/// The layout's words in the Russian translation of GPUStack's reports (lower case).
const RU: [(&str, Word); 18] = [
    ("вывод", Word::Conclusion),
    ("условия эксперимента", Word::Setup),
    ("результаты эксперимента", Word::Results),
    ("модель", Word::Model),
    ("оборудование", Word::Hardware),
    ("версия движка", Word::Engines),
    ("методика бенчмарка", Word::Method),
    ("профили бенчмарка", Word::Profiles),
    ("команда обслуживания модели", Word::ServingCommand),
    ("примечание", Word::Note),
    ("сводка методов оптимизации", Word::Summary),
    ("другие сценарии бенчмарка", Word::OtherCases),
    ("параметры бэкенда:", Word::Params("Backend Parameters:")),
    (
        "базовые параметры бэкенда:",
        Word::Params("Baseline Backend Parameters:"),
    ),
    (
        "параметры бэкенда после оптимизации:",
        Word::Params("Optimized Backend Parameters:"),
    ),
    ("результат бенчмарка", Word::Result("Benchmark result")),
    (
        "результат базового бенчмарка",
        Word::Result("Baseline benchmark result"),
    ),
    (
        "результат бенчмарка после оптимизации",
        Word::Result("Optimized benchmark result"),
    ),
];

/// The same words in English, for a report that lost its Markdown in English (a
/// translation of the Russian one back, written as plain text like its source).
const EN: [(&str, Word); 18] = [
    ("conclusion", Word::Conclusion),
    ("experimental setup", Word::Setup),
    ("experiment results", Word::Results),
    ("model", Word::Model),
    ("hardware", Word::Hardware),
    ("engine version", Word::Engines),
    ("benchmark method", Word::Method),
    ("benchmark profiles", Word::Profiles),
    ("serving command", Word::ServingCommand),
    ("note", Word::Note),
    ("summary of optimization options", Word::Summary),
    ("other benchmark cases", Word::OtherCases),
    ("backend parameters:", Word::Params("Backend Parameters:")),
    (
        "baseline backend parameters:",
        Word::Params("Baseline Backend Parameters:"),
    ),
    (
        "optimized backend parameters:",
        Word::Params("Optimized Backend Parameters:"),
    ),
    ("benchmark result", Word::Result("Benchmark result")),
    (
        "baseline benchmark result",
        Word::Result("Baseline benchmark result"),
    ),
    (
        "optimized benchmark result",
        Word::Result("Optimized benchmark result"),
    ),
];

/// `Профиль: ShareGPT`, `Profile: ShareGPT`.
const PROFILE_PREFIXES: [&str; 2] = ["профиль:", "profile:"];

fn strip_profile_prefix(line: &str) -> Option<&str> {
    PROFILE_PREFIXES
        .iter()
        .find_map(|p| crate::offsets::strip_prefix_ignore_case(line, p))
}

fn word_of(text: &str) -> Option<Word> {
    let lower = text.trim().to_lowercase();
    RU.iter()
        .chain(EN.iter())
        .find(|(w, _)| *w == lower)
        .map(|(_, k)| *k)
}

/// Consecutive non-blank lines: (first line number, lines).
struct Paragraph {
    line: u64,
    lines: Vec<String>,
}

impl Paragraph {
    fn single(&self) -> Option<&str> {
        (self.lines.len() == 1).then(|| self.lines[0].as_str())
    }

    fn end_line(&self) -> u64 {
        self.line + self.lines.len() as u64 - 1
    }

    fn is_block(&self) -> bool {
        self.lines[0].contains(SERVE_BLOCK_HEADER)
    }

    fn is_table(&self) -> bool {
        self.lines.iter().all(|l| l.contains('\t'))
    }

    fn is_yaml(&self) -> bool {
        self.lines.iter().all(|l| {
            l.split_once(": ")
                .is_some_and(|(k, _)| !k.is_empty() && !k.contains(' '))
        })
    }

    fn is_profile_line(&self) -> bool {
        self.single()
            .is_some_and(|l| strip_profile_prefix(l).is_some())
    }

    /// A title: one short line that is no word of the layout and ends no sentence.
    fn is_title(&self) -> bool {
        self.single().is_some_and(|l| {
            let t = l.trim();
            t.chars().count() <= 100
                && !t.ends_with(['.', ':'])
                && !t.contains(": ")
                && word_of(t).is_none()
        })
    }
}

fn paragraphs(text: &str) -> Vec<Paragraph> {
    let mut out: Vec<Paragraph> = Vec::new();
    let mut open = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() {
            open = false;
            continue;
        }
        match out.last_mut() {
            Some(p) if open => p.lines.push(line.to_owned()),
            _ => out.push(Paragraph {
                line: i as u64 + 1,
                lines: vec![line.to_owned()],
            }),
        }
        open = true;
    }
    out
}

/// Whether a document has no Markdown structure at all (no heading, no fence).
pub fn is_plain(items: &[Item]) -> bool {
    !items
        .iter()
        .any(|i| matches!(i, Item::Heading { .. } | Item::Fence(_)))
}

fn heading(p: &Paragraph, level: usize, title: &str) -> Item {
    Item::Heading {
        line: p.line,
        level,
        title: title.to_owned(),
    }
}

fn fence(p: &Paragraph, lang: &str, admonition: Option<&str>, item: Option<&str>) -> Item {
    Item::Fence(Fence {
        line: p.line.saturating_sub(1).max(1),
        end_line: p.end_line(),
        lang: lang.to_owned(),
        body: p
            .lines
            .iter()
            .enumerate()
            .map(|(i, l)| (p.line + i as u64, l.clone()))
            .collect(),
        admonition: admonition.map(str::to_owned),
        item: item.map(str::to_owned),
    })
}

/// The Russian translation's words for the figures of its tables and summary sentences,
/// with the English words the checker reads (longest first where one holds another).
const RU_FIGURES: [(&str, &str); 16] = [
    ("Доля успешных запросов", "Success rate"),
    ("оптимизация пропущена", "optimization skipped"),
    ("Общий TPS", "Total TPS"),
    ("Среднее TPOT", "Mean TPOT"),
    ("Базовая конфигурация", "Baseline"),
    ("базовая конфигурация", "Baseline"),
    ("После оптимизации", "Optimized"),
    ("после оптимизации", "Optimized"),
    ("Итог:", "Summary:"),
    (" быстрее на ", " is faster by "),
    (" медленнее на ", " is slower by "),
    (" против ", " vs "),
    ("снижение на", "reduced by"),
    ("увеличение на", "increased by"),
    ("% медленнее)", "% slower)"),
    ("% быстрее)", "% faster)"),
];

/// A table cell or summary sentence with the figures' words in English, so that the
/// claims in it are read as in the English layout. Names in a summary sentence lost
/// their backquotes with the Markdown; they get them back (`A Total TPS = 1` →
/// `` `A` Total TPS = 1 ``).
fn figures_in_english(text: &str) -> String {
    static NAMED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(Summary: |, |\. )([^,.;:`]+?) (Total TPS =|is faster by|is slower by)")
            .expect("valid regex")
    });
    let mut out = text.to_owned();
    for (ru, en) in RU_FIGURES {
        out = out.replace(ru, en);
    }
    if out.starts_with("Summary:") {
        // Twice: a match consumes the `, ` or `. ` that the next name needs.
        for _ in 0..2 {
            out = NAMED.replace_all(&out, "$1`$2` $3").into_owned();
        }
    }
    out
}

fn table_row(line: u64, text: &str) -> Item {
    let mut cells = Vec::new();
    let mut offset = 0;
    for part in text.split('\t') {
        let lead = part.len() - part.trim_start().len();
        cells.push(Cell {
            text: figures_in_english(part.trim()),
            offset: offset + lead,
        });
        offset += part.len() + 1;
    }
    Item::TableRow {
        line,
        raw: text.to_owned(),
        cells,
    }
}

fn text_items(p: &Paragraph, out: &mut Vec<Item>) {
    for (i, l) in p.lines.iter().enumerate() {
        let l = l.trim();
        let text = if l.starts_with("Итог:") || l.starts_with("Summary:") {
            figures_in_english(l)
        } else {
            l.to_owned()
        };
        out.push(Item::Text {
            line: p.line + i as u64,
            indent: 0,
            text,
        });
    }
}

/// The items of a plain-text report, as if it had its Markdown.
pub fn items(text: &str) -> Vec<Item> {
    let paras = paragraphs(text);
    let mut out = Vec::new();
    let mut pending: Option<Word> = None;
    let mut in_results = false;
    let mut in_other_cases = false;
    // Whether the current experiment names its variants and no summary closed it yet.
    let mut named_variants = false;
    for (i, p) in paras.iter().enumerate() {
        let next = paras.get(i + 1);
        if i == 0 {
            out.push(heading(p, 1, p.lines[0].trim()));
            continue;
        }
        if let Some(word) = p.single().and_then(word_of) {
            pending = None;
            match word {
                Word::Conclusion | Word::Setup | Word::Results => {
                    in_results = word == Word::Results;
                    in_other_cases = false;
                    out.push(heading(p, 2, p.lines[0].trim()));
                }
                Word::Model => out.push(heading(p, 3, "Model")),
                Word::Hardware => out.push(heading(p, 3, "Hardware")),
                Word::Engines => {
                    out.push(heading(p, 3, "Engine Version"));
                    pending = Some(word);
                }
                Word::Method => out.push(heading(p, 3, "Benchmark Method")),
                Word::Profiles => {
                    out.push(heading(p, 4, p.lines[0].trim()));
                    pending = Some(word);
                }
                Word::Summary | Word::OtherCases => {
                    in_other_cases = word == Word::OtherCases;
                    named_variants = false;
                    out.push(heading(p, 3, p.lines[0].trim()));
                }
                Word::ServingCommand | Word::Note => pending = Some(word),
                Word::Params(english) => {
                    out.push(Item::ListItem {
                        line: p.line,
                        indent: 0,
                        text: english.to_owned(),
                    });
                    pending = Some(word);
                }
                Word::Result(english) => {
                    out.push(Item::Admonition {
                        line: p.line,
                        indent: 0,
                        kind: "info".to_owned(),
                        title: english.to_owned(),
                    });
                    pending = Some(word);
                }
            }
            continue;
        }
        match pending.take() {
            Some(Word::ServingCommand) => {
                out.push(fence(p, "bash", Some("Serving Command"), None));
                continue;
            }
            Some(Word::Note) => {
                out.push(Item::Admonition {
                    line: p.line.saturating_sub(1).max(1),
                    indent: 0,
                    kind: "note".to_owned(),
                    title: String::new(),
                });
                for (k, l) in p.lines.iter().enumerate() {
                    out.push(Item::ListItem {
                        line: p.line + k as u64,
                        indent: 4,
                        text: l.trim().to_owned(),
                    });
                }
                continue;
            }
            Some(Word::Engines) => {
                for (k, l) in p.lines.iter().enumerate() {
                    out.push(Item::ListItem {
                        line: p.line + k as u64,
                        indent: 0,
                        text: l.trim().to_owned(),
                    });
                }
                continue;
            }
            Some(Word::Params(english)) => {
                out.push(fence(p, "bash", None, Some(english)));
                continue;
            }
            Some(Word::Result(english)) if p.is_block() => {
                out.push(fence(p, "", Some(english), None));
                continue;
            }
            Some(Word::Profiles) if p.is_title() && next.is_some_and(Paragraph::is_yaml) => {
                out.push(heading(p, 5, p.lines[0].trim()));
                pending = Some(Word::Profiles);
                continue;
            }
            Some(Word::Profiles) if p.is_yaml() => {
                out.push(fence(p, "yaml", None, None));
                pending = Some(Word::Profiles);
                continue;
            }
            _ => {}
        }
        if p.is_block() {
            out.push(fence(p, "", Some("Benchmark result"), None));
            continue;
        }
        if p.is_table() {
            for (k, l) in p.lines.iter().enumerate() {
                out.push(table_row(p.line + k as u64, l));
            }
            continue;
        }
        if p.is_profile_line() {
            let first = p.lines[0].trim();
            let name = strip_profile_prefix(first)
                .unwrap_or(first)
                .trim()
                .to_owned();
            out.push(Item::ListItem {
                line: p.line,
                indent: 0,
                text: format!("Profile: `{name}`"),
            });
            continue;
        }
        if in_results && p.is_title() {
            let title = p.lines[0].trim();
            let then_profile = next.is_some_and(Paragraph::is_profile_line);
            let then_variant = next.is_some_and(|n| {
                n.is_title() && paras.get(i + 2).is_some_and(Paragraph::is_profile_line)
            });
            let then_params = next
                .and_then(|n| n.single())
                .and_then(word_of)
                .is_some_and(|w| matches!(w, Word::Params(_)));
            if in_other_cases && then_params {
                out.push(heading(p, 4, title));
                continue;
            }
            if then_variant {
                out.push(heading(p, 3, title));
                named_variants = true;
                continue;
            }
            if then_profile {
                if named_variants {
                    out.push(heading(p, 4, title));
                } else {
                    out.push(heading(p, 3, title));
                }
                continue;
            }
        }
        if in_results && p.lines[0].contains(": ") && p.lines[0].contains(" TPS ") {
            named_variants = false; // a summary sentence closes its experiment
        }
        text_items(p, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_words_and_shapes() {
        let text = "Заголовок\n\nРезультаты эксперимента\n\nВыбор движка\n\nvLLM\n\nПрофиль: ShareGPT\n\nПараметры бэкенда:\n\n--a=1\n--b=2\n\nРезультат бенчмарка\n\n============ Serving Benchmark Result ============\nSuccessful requests: 1\n==================================================\n";
        let items = items(text);
        let shape: Vec<String> = items
            .iter()
            .map(|i| match i {
                Item::Heading { level, title, .. } => format!("h{level} {title}"),
                Item::ListItem { text, .. } => format!("li {text}"),
                Item::Admonition { title, .. } => format!("adm {title}"),
                Item::Fence(f) => format!("fence {} {}", f.line, f.end_line),
                Item::Text { text, .. } => format!("text {text}"),
                Item::TableRow { .. } => "row".into(),
            })
            .collect();
        assert_eq!(
            shape,
            [
                "h1 Заголовок",
                "h2 Результаты эксперимента",
                "h3 Выбор движка",
                "h4 vLLM",
                "li Profile: `ShareGPT`",
                "li Backend Parameters:",
                "fence 12 14",
                "adm Benchmark result",
                "fence 17 20",
            ]
        );
    }
}
