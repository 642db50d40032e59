//! `perflab.toml`, read once by one reader: every command's table comes from the same
//! file, the one the caller names (`--config`, else `./perflab.toml` when the CLI finds
//! one). Library code never looks for the file itself.
//!
//! ```toml
//! [diff]
//! fail-on = ["output_throughput<-5%", "failed>0"]
//! key = ["model_id", "max_concurrency"]
//! noise = { output_throughput = "12%", p99_ttft_ms = "20%" }
//! noise-from = "s3://bench/history"
//!
//! [slo]
//! objectives = ["ttft<=200", "tpot<=50"]
//! ```
//!
//! Tables of other commands are left alone; an unknown key inside a known table is an
//! error, so that a typo never drops a rule in silence.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::{Error, Result};

/// The `[diff]` table.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DiffConfig {
    #[serde(default)]
    pub fail_on: Option<Vec<String>>,
    #[serde(default)]
    pub key: Option<Vec<String>>,
    /// The noise between runs of one configuration, per metric: the standard deviation
    /// of one run in % of its mean (`output_throughput = "12%"`).
    #[serde(default)]
    pub noise: Option<std::collections::BTreeMap<String, toml::Value>>,
    /// A history store whose past runs of each workload give its noise between runs.
    #[serde(default)]
    pub noise_from: Option<String>,
}

/// The `[slo]` table.
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SloConfig {
    #[serde(default)]
    pub objectives: Vec<String>,
}

/// Every table perflab reads, and the file they came from (`None`: no file, defaults).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Config {
    pub path: Option<PathBuf>,
    pub diff: Option<DiffConfig>,
    pub slo: SloConfig,
}

/// The name the CLI looks for in the working directory.
pub const FILE_NAME: &str = "perflab.toml";

impl Config {
    /// `explicit` when given (it must exist), else `./perflab.toml` when there is one,
    /// else the defaults. Only the CLI calls this: it is where the working directory
    /// counts.
    pub fn discover(explicit: Option<&Path>) -> Result<Config> {
        match explicit {
            Some(path) => Config::read(path),
            None => {
                let path = Path::new(FILE_NAME);
                if path.is_file() {
                    Config::read(path)
                } else {
                    Ok(Config::default())
                }
            }
        }
    }

    /// Reads one file; errors name the file and, where toml knows it, the line.
    pub fn read(path: &Path) -> Result<Config> {
        #[derive(Deserialize)]
        struct File {
            diff: Option<toml::Value>,
            slo: Option<toml::Value>,
        }
        let text = std::fs::read_to_string(path).map_err(|e| Error::io(path, e))?;
        let file: File = toml::from_str(&text).map_err(|e| {
            let line = e.span().map(|s| crate::offsets::line_of(&text, s.start));
            Error::parse(path, line, e.message().to_owned())
        })?;
        let table_error = |name: &str, e: toml::de::Error| {
            Error::parse(path, None, format!("[{name}]: {}", e.message()))
        };
        let diff = file
            .diff
            .map(|t| {
                t.try_into::<DiffConfig>()
                    .map_err(|e| table_error("diff", e))
            })
            .transpose()?;
        let slo = file
            .slo
            .map(|t| t.try_into::<SloConfig>().map_err(|e| table_error("slo", e)))
            .transpose()?
            .unwrap_or_default();
        Ok(Config {
            path: Some(path.to_path_buf()),
            diff,
            slo,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(text: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(FILE_NAME);
        std::fs::write(&path, text).unwrap();
        (dir, path)
    }

    #[test]
    fn reads_every_table_from_the_file_it_is_given() {
        let (_dir, path) = write(
            "[diff]\nfail-on = [\"failed>0\"]\nkey = [\"model_id\"]\n[slo]\nobjectives = [\"ttft<=200\"]\n[report]\nx = 1\n",
        );
        let config = Config::read(&path).unwrap();
        let diff = config.diff.unwrap();
        assert_eq!(diff.fail_on.unwrap(), ["failed>0"]);
        assert_eq!(diff.key.unwrap(), ["model_id"]);
        assert_eq!(config.slo.objectives, ["ttft<=200"]);
        assert_eq!(config.path.as_deref(), Some(path.as_path()));
    }

    #[test]
    fn a_typo_in_a_table_is_an_error_naming_the_file_and_table() {
        let (_dir, path) = write("[diff]\nfail_on = [\"failed>0\"]\n");
        let err = Config::read(&path).unwrap_err().to_string();
        assert!(
            err.contains(FILE_NAME) && err.contains("[diff]") && err.contains("fail_on"),
            "{err}"
        );
        let (_dir, path) = write("[slo]\nobjective = [\"ttft<=1\"]\n");
        let err = Config::read(&path).unwrap_err().to_string();
        assert!(err.contains("[slo]") && err.contains("objective"), "{err}");
        let (_dir, path) = write("[diff\n");
        let err = Config::read(&path).unwrap_err().to_string();
        assert!(err.contains(&format!("{FILE_NAME}:1")), "{err}");
    }

    #[test]
    fn a_named_file_that_is_missing_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        assert!(Config::discover(Some(&dir.path().join("nope.toml"))).is_err());
    }
}
