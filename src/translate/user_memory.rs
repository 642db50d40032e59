//! The user's translation memory, `--memory FILE`: one JSON object per line,
//! `{"lang":"ru","source":"…","target":"…"}`, a reviewed file of pairs. Segments it holds
//! are taken from it; answers the LLM gave and perflab accepted are appended in document
//! order, so the next run finds them and gives the same output without asking.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::{Error, Result};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Pair {
    pub lang: String,
    pub source: String,
    pub target: String,
}

#[derive(Debug, Default)]
pub struct UserMemory {
    path: Option<PathBuf>,
    pairs: BTreeMap<(String, String), String>,
}

impl UserMemory {
    /// Reads `path` (a missing file is an empty memory, created on the first append).
    pub fn open(path: Option<&Path>) -> Result<UserMemory> {
        let mut memory = UserMemory {
            path: path.map(Path::to_path_buf),
            pairs: BTreeMap::new(),
        };
        let Some(path) = path else {
            return Ok(memory);
        };
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(memory),
            Err(e) => return Err(Error::io(path, e)),
        };
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let pair: Pair = serde_json::from_str(line).map_err(|e| {
                Error::parse(
                    path,
                    Some(i as u64 + 1),
                    crate::msg!("translate-memory-bad-line", reason = e.to_string()),
                )
            })?;
            memory.pairs.insert((pair.lang, pair.source), pair.target);
        }
        Ok(memory)
    }

    pub fn get(&self, lang: &str, source: &str) -> Option<&str> {
        self.pairs
            .get(&(lang.to_owned(), source.to_owned()))
            .map(String::as_str)
    }

    /// Appends `pairs` to the file (and to this memory); nothing to do without a file.
    pub fn append(&mut self, pairs: &[Pair]) -> Result<()> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        if pairs.is_empty() {
            return Ok(());
        }
        let mut text = String::new();
        for p in pairs {
            // A struct of strings always serializes.
            text.push_str(&serde_json::to_string(p).unwrap_or_default());
            text.push('\n');
        }
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| Error::io(path, e))?;
        file.write_all(text.as_bytes())
            .map_err(|e| Error::io(path, e))?;
        for p in pairs {
            self.pairs
                .insert((p.lang.clone(), p.source.clone()), p.target.clone());
        }
        Ok(())
    }
}
