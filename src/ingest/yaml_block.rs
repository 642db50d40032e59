//! The block YAML that PyYAML's `yaml.dump(..., default_flow_style=False)` writes, as
//! JSON: nested mappings, sequences (indented or at their key's indent, as PyYAML writes
//! them), plain, single- and double-quoted scalars (continued on more-indented lines when
//! long), `|`/`>` block scalars, and the flow forms `{}` and `[]` it writes for empty
//! collections. inference-perf saves its run's configuration so (`config.yaml`).
//!
//! Not a YAML parser: anchors, tags, flow collections with items and documents after the
//! first are not read; a line that fits none of the forms above is an error at its line.

use serde_json::{Map, Number, Value as Json};

/// One line that holds something: its 1-based number, indent and text after the indent.
#[derive(Clone)]
struct Line<'a> {
    number: u64,
    indent: usize,
    text: &'a str,
}

/// What went wrong and on which 1-based line.
pub type YamlError = (u64, &'static str);

/// The document in `text` as JSON; the error names the line that could not be read.
pub fn parse(text: &str) -> Result<Json, YamlError> {
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let body = raw.trim_start_matches(' ');
        if body.trim().is_empty() || body.starts_with('#') {
            continue;
        }
        if body.starts_with('\t') {
            return Err((i as u64 + 1, "tab"));
        }
        if body == "---" && lines.is_empty() {
            continue;
        }
        if body == "---" || body == "..." {
            break;
        }
        lines.push(Line {
            number: i as u64 + 1,
            indent: raw.len() - body.len(),
            text: body.trim_end(),
        });
    }
    if lines.is_empty() {
        return Ok(Json::Null);
    }
    let mut p = Parser { lines, at: 0 };
    let indent = p.lines[0].indent;
    let value = p.node(indent)?;
    match p.lines.get(p.at) {
        Some(line) => Err((line.number, "indent")),
        None => Ok(value),
    }
}

struct Parser<'a> {
    lines: Vec<Line<'a>>,
    at: usize,
}

fn is_item(text: &str) -> bool {
    text == "-" || text.starts_with("- ")
}

impl<'a> Parser<'a> {
    fn node(&mut self, indent: usize) -> Result<Json, YamlError> {
        match self.lines.get(self.at) {
            Some(line) if line.indent == indent && is_item(line.text) => self.sequence(indent),
            Some(line) if line.indent == indent => self.mapping(indent),
            Some(line) => Err((line.number, "indent")),
            None => Ok(Json::Null),
        }
    }

    fn mapping(&mut self, indent: usize) -> Result<Json, YamlError> {
        let mut map = Map::new();
        while let Some(line) = self.lines.get(self.at).cloned() {
            if line.indent < indent || (line.indent == indent && is_item(line.text)) {
                break;
            }
            if line.indent > indent {
                return Err((line.number, "indent"));
            }
            let Some((key, rest)) = split_key(line.text) else {
                return Err((line.number, "key"));
            };
            self.at += 1;
            let value = if rest.is_empty() {
                match self.lines.get(self.at) {
                    Some(next) if next.indent > indent => self.node(next.indent)?,
                    // PyYAML writes a mapping's sequence at the key's own indent.
                    Some(next) if next.indent == indent && is_item(next.text) => {
                        self.sequence(indent)?
                    }
                    _ => Json::Null,
                }
            } else {
                self.scalar(rest, indent, line.number)?
            };
            map.insert(key, value);
        }
        Ok(Json::Object(map))
    }

    fn sequence(&mut self, indent: usize) -> Result<Json, YamlError> {
        let mut items = Vec::new();
        while let Some(line) = self.lines.get(self.at).cloned() {
            if line.indent != indent || !is_item(line.text) {
                if line.indent > indent {
                    return Err((line.number, "indent"));
                }
                break;
            }
            let rest = line.text[1..].trim_start();
            if rest.is_empty() {
                self.at += 1;
                let item = match self.lines.get(self.at) {
                    Some(next) if next.indent > indent => self.node(next.indent)?,
                    _ => Json::Null,
                };
                items.push(item);
                continue;
            }
            let inner = indent + (line.text.len() - rest.len());
            if is_item(rest) || split_key(rest).is_some() {
                // `- key: value` opens a mapping (or `- - x` a sequence) whose first line
                // is the rest of this one, at the column where it starts.
                self.lines[self.at] = Line {
                    number: line.number,
                    indent: inner,
                    text: rest,
                };
                items.push(self.node(inner)?);
            } else {
                self.at += 1;
                items.push(self.scalar(rest, indent, line.number)?);
            }
        }
        Ok(Json::Array(items))
    }

    /// A scalar that starts with `first`, continued on the lines more indented than
    /// `indent` that follow.
    fn scalar(&mut self, first: &str, indent: usize, number: u64) -> Result<Json, YamlError> {
        let quoted = first.starts_with(['\'', '"']);
        let mut more = Vec::new();
        while let Some(next) = self.lines.get(self.at) {
            if next.indent <= indent {
                break;
            }
            // A plain value goes on over lines of words, never over a `key: value`.
            if !quoted && split_key(next.text).is_some() {
                return Err((next.number, "indent"));
            }
            more.push(next.text);
            self.at += 1;
        }
        if first == "|" || first == "|-" || first == ">" || first == ">-" {
            let sep = if first.starts_with('|') { "\n" } else { " " };
            return Ok(Json::String(more.join(sep)));
        }
        let mut text = first.to_owned();
        for m in more {
            text.push(' ');
            text.push_str(m);
        }
        scalar(&text).ok_or((number, "scalar"))
    }
}

/// `key: rest` or `key:` → the key and the rest (empty when the value is below).
fn split_key(text: &str) -> Option<(String, &str)> {
    let (key, after) = if let Some(q) = text.chars().next().filter(|c| *c == '\'' || *c == '"') {
        let end = quoted_end(text, q)?;
        let key = match scalar(&text[..=end])? {
            Json::String(s) => s,
            _ => return None,
        };
        (key, &text[end + 1..])
    } else {
        let colon = text
            .match_indices(':')
            .map(|(i, _)| i)
            .find(|&i| text[i + 1..].is_empty() || text[i + 1..].starts_with(' '))?;
        (text[..colon].trim_end().to_owned(), &text[colon..])
    };
    let rest = after.strip_prefix(':')?;
    if !(rest.is_empty() || rest.starts_with(' ')) || key.is_empty() {
        return None;
    }
    Some((key, rest.trim()))
}

/// The byte index of the quote that closes the string opened by `text`'s first byte.
fn quoted_end(text: &str, q: char) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = 1;
    while i < b.len() {
        if q == '"' && b[i] == b'\\' {
            i += 2;
            continue;
        }
        if b[i] == q as u8 {
            if q == '\'' && b.get(i + 1) == Some(&b'\'') {
                i += 2;
                continue;
            }
            return Some(i);
        }
        i += 1;
    }
    None
}

/// One scalar as PyYAML writes it: null, booleans, integers, floats (`.inf`, `.nan`),
/// quoted and plain strings, and the empty flow collections.
fn scalar(text: &str) -> Option<Json> {
    let t = text.trim();
    match t {
        "null" | "~" | "Null" | "NULL" => return Some(Json::Null),
        "true" | "True" | "TRUE" => return Some(Json::Bool(true)),
        "false" | "False" | "FALSE" => return Some(Json::Bool(false)),
        "{}" => return Some(Json::Object(Map::new())),
        "[]" => return Some(Json::Array(vec![])),
        ".inf" | ".Inf" | "-.inf" | "-.Inf" | ".nan" | ".NaN" => return Some(Json::Null),
        _ => {}
    }
    if let Some(q) = t.chars().next().filter(|c| *c == '\'' || *c == '"') {
        if quoted_end(t, q)? != t.len() - 1 {
            return None;
        }
        let inner = &t[1..t.len() - 1];
        return Some(Json::String(if q == '\'' {
            inner.replace("''", "'")
        } else {
            unescape(inner)
        }));
    }
    if t.starts_with(['{', '[', '&', '*', '!', '|', '>']) {
        return None;
    }
    let numeric = t
        .bytes()
        .all(|b| b.is_ascii_digit() || b"+-.eE_".contains(&b))
        && t.bytes().any(|b| b.is_ascii_digit());
    if numeric {
        let clean = t.replace('_', "");
        if let Ok(i) = clean.parse::<i64>() {
            return Some(Json::Number(i.into()));
        }
        if let Some(n) = clean.parse::<f64>().ok().and_then(Number::from_f64) {
            return Some(Json::Number(n));
        }
    }
    Some(Json::String(t.to_owned()))
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_what_pyyaml_dumps() {
        let text = "api:\n  type: completion\n  streaming: true\n  headers: null\nload:\n  type: concurrent\n  stages:\n  - num_requests: 12\n    concurrency_level: 2\n    rate: 12.0\n  - num_requests: 16\n    rate: 1.0e-05\n  sweep: {}\n  names: []\nreport:\n  percentiles:\n  - 0.1\n  - 99.9\nserver:\n  model_name: 'it''s: a model'\n  base_url: http://127.0.0.1:8440\n  other: \"a\\tb\"\n  long: a very long\n    plain value\n";
        assert_eq!(
            parse(text).unwrap(),
            json!({
                "api": {"type": "completion", "streaming": true, "headers": null},
                "load": {
                    "type": "concurrent",
                    "stages": [
                        {"num_requests": 12, "concurrency_level": 2, "rate": 12.0},
                        {"num_requests": 16, "rate": 1.0e-05}
                    ],
                    "sweep": {},
                    "names": []
                },
                "report": {"percentiles": [0.1, 99.9]},
                "server": {
                    "model_name": "it's: a model",
                    "base_url": "http://127.0.0.1:8440",
                    "other": "a\tb",
                    "long": "a very long plain value"
                }
            })
        );
    }

    #[test]
    fn a_line_out_of_place_is_an_error_at_its_line() {
        assert_eq!(parse("a:\n  b: 1\n    c: 2\n"), Err((3, "indent")));
        assert_eq!(parse("a:\n  just words\n"), Err((2, "key")));
        assert_eq!(parse("a: [1, 2]\n"), Err((1, "scalar")));
        assert_eq!(parse("a: 'open\n"), Err((1, "scalar")));
        assert_eq!(parse(""), Ok(Json::Null));
    }
}
