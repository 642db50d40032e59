//! Where the history lives: a folder or an object-storage URL (`s3://`, `gs://`, `az://`,
//! `abfss://`, `file://`), behind one [`object_store`] API. Credentials come from the
//! usual environment of each service (`AWS_*`, `GOOGLE_*`, `AZURE_*`), read by the
//! builders' `from_env`.
//!
//! Layout: `_perflab_store.json` (the version marker) and plain Parquet files
//! hive-partitioned by date, `date=YYYY-MM-DD/part-<hash>.parquet`. A file name is the
//! hash of the runs it holds, so writing the same runs twice writes the same object, and
//! an object is only ever created whole: object stores make a put atomic, and the folder
//! backend writes a staging file beside the target and renames it (a staging file left
//! by a killed process ends in `#N`, which neither perflab nor a `*.parquet` glob reads).

use std::sync::Arc;

use futures::TryStreamExt;
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};
use serde::{Deserialize, Serialize};

use crate::{Error, Result};

/// The marker's name: `_` so that Spark and Hive skip it when they read the folder.
pub const MARKER: &str = "_perflab_store.json";
/// What the marker says this store is.
pub const STORE_FORMAT: &str = "perflab-history";
/// The layout version this perflab reads and writes. A store of another version is
/// refused rather than half understood.
pub const STORE_VERSION: u32 = 1;

#[derive(Debug, Serialize, Deserialize, PartialEq)]
struct Marker {
    format: String,
    version: u32,
}

/// One Parquet object of the store, with the date of its partition.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct PartFile {
    pub date: String,
    /// Relative to the store's root: `date=2026-12-01/part-….parquet`.
    pub path: String,
}

pub struct Store {
    inner: Arc<dyn ObjectStore>,
    root: ObjectPath,
    /// The store as the user named it, for messages.
    pub name: String,
    runtime: tokio::runtime::Runtime,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("name", &self.name).finish()
    }
}

impl Store {
    /// Opens the store named `spec`. `create`: a missing folder is made (for `add`);
    /// otherwise it is an error (a report of a store that does not exist is a typo).
    pub fn open(spec: &str, create: bool) -> Result<Store> {
        let runtime = crate::objects::runtime(spec)?;
        let store_error = |e: &dyn std::fmt::Display| {
            Error::usage(crate::msg!(
                "history-error-open",
                store = spec.to_owned(),
                reason = e.to_string()
            ))
        };
        let (inner, root): (Arc<dyn ObjectStore>, ObjectPath) = if crate::objects::is_url(spec) {
            match crate::objects::locate(spec, |reason| store_error(&reason))? {
                crate::objects::Located::Remote(inner, root) => (inner, root),
                crate::objects::Located::Local(path) => {
                    return Store::open(&path.to_string_lossy(), create);
                }
            }
        } else {
            let dir = std::path::Path::new(spec);
            if create {
                std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
            } else if !dir.is_dir() {
                return Err(Error::usage(crate::msg!(
                    "history-error-no-store",
                    store = spec.to_owned()
                )));
            }
            let fs = object_store::local::LocalFileSystem::new_with_prefix(dir)
                .map_err(|e| store_error(&e))?;
            (Arc::new(fs), ObjectPath::default())
        };
        Ok(Store {
            inner,
            root,
            name: spec.to_owned(),
            runtime,
        })
    }

    fn path(&self, rel: &str) -> ObjectPath {
        let mut p = self.root.clone();
        for part in rel.split('/').filter(|s| !s.is_empty()) {
            p = p.clone().join(part);
        }
        p
    }

    fn rel<'a>(&self, full: &'a ObjectPath) -> &'a str {
        let s = full.as_ref();
        let root = self.root.as_ref();
        if root.is_empty() {
            s
        } else {
            s.strip_prefix(root)
                .map(|r| r.trim_start_matches('/'))
                .unwrap_or(s)
        }
    }

    fn failed(&self, what: &str, e: impl std::fmt::Display) -> Error {
        if let Some(e) = crate::objects::credentials_error(&self.name, &e) {
            return e;
        }
        Error::usage(crate::msg!(
            "history-error-io",
            store = self.name.clone(),
            object = what.to_owned(),
            reason = e.to_string()
        ))
    }

    /// The bytes of `rel`, `None` when there is no such object.
    pub fn get(&self, rel: &str) -> Result<Option<bytes::Bytes>> {
        let path = self.path(rel);
        self.runtime.block_on(async {
            match self.inner.get(&path).await {
                Ok(r) => r.bytes().await.map(Some).map_err(|e| self.failed(rel, e)),
                Err(object_store::Error::NotFound { .. }) => Ok(None),
                Err(e) => Err(self.failed(rel, e)),
            }
        })
    }

    /// Writes `bytes` as `rel`, whole or not at all.
    pub fn put(&self, rel: &str, bytes: Vec<u8>) -> Result<()> {
        let path = self.path(rel);
        self.runtime
            .block_on(self.inner.put(&path, PutPayload::from(bytes)))
            .map(|_| ())
            .map_err(|e| self.failed(rel, e))
    }

    /// Every object under `prefix` (relative), as paths relative to the root, sorted.
    pub fn list(&self, prefix: &str) -> Result<Vec<String>> {
        let path = if prefix.is_empty() {
            self.root.clone()
        } else {
            self.path(prefix)
        };
        let listed: Vec<object_store::ObjectMeta> = self
            .runtime
            .block_on(
                self.inner
                    .list(if path.as_ref().is_empty() {
                        None
                    } else {
                        Some(&path)
                    })
                    .try_collect(),
            )
            .map_err(|e| self.failed(prefix, e))?;
        let mut out: Vec<String> = listed
            .iter()
            .map(|m| self.rel(&m.location).to_owned())
            .collect();
        out.sort();
        Ok(out)
    }

    /// Checks the marker; on an empty store (and `create`), writes it. A store with
    /// objects but no marker is someone else's folder or bucket: refused, nothing written.
    pub fn check_marker(&self, create: bool) -> Result<()> {
        match self.get(MARKER)? {
            Some(bytes) => {
                let marker: Option<Marker> = serde_json::from_slice(&bytes).ok();
                match marker {
                    Some(m) if m.format == STORE_FORMAT && m.version == STORE_VERSION => Ok(()),
                    Some(m) if m.format == STORE_FORMAT => Err(Error::usage(crate::msg!(
                        "history-error-version",
                        store = self.name.clone(),
                        version = i64::from(m.version),
                        supported = i64::from(STORE_VERSION)
                    ))),
                    _ => Err(Error::usage(crate::msg!(
                        "history-error-marker",
                        store = self.name.clone(),
                        marker = MARKER
                    ))),
                }
            }
            None => {
                let existing = self.list("")?;
                if let Some(first) = existing.first() {
                    return Err(Error::usage(crate::msg!(
                        "history-error-not-a-store",
                        store = self.name.clone(),
                        file = first.clone(),
                        marker = MARKER
                    )));
                }
                if !create {
                    return Err(Error::usage(crate::msg!(
                        "history-error-empty",
                        store = self.name.clone()
                    )));
                }
                let marker = Marker {
                    format: STORE_FORMAT.to_owned(),
                    version: STORE_VERSION,
                };
                let mut text = serde_json::to_string_pretty(&marker).unwrap_or_default();
                text.push('\n');
                self.put(MARKER, text.into_bytes())
            }
        }
    }

    /// The Parquet parts of the store (of one date when given), sorted by date and name.
    /// Any other object is refused by name: the store holds perflab's files only.
    pub fn parts(&self, date: Option<&str>) -> Result<Vec<PartFile>> {
        let prefix = date.map(|d| format!("date={d}")).unwrap_or_default();
        let mut parts = Vec::new();
        for rel in self.list(&prefix)? {
            if rel == MARKER {
                continue;
            }
            match parse_part(&rel) {
                Some(date) => parts.push(PartFile {
                    date,
                    path: rel.clone(),
                }),
                None => {
                    return Err(Error::usage(crate::msg!(
                        "history-error-foreign-file",
                        store = self.name.clone(),
                        file = rel.clone()
                    )))
                }
            }
        }
        parts.sort();
        Ok(parts)
    }
}

/// `date=2026-12-01/part-0123abcd.parquet` → `2026-12-01`.
fn parse_part(rel: &str) -> Option<String> {
    let (dir, file) = rel.split_once('/')?;
    let date = dir.strip_prefix("date=")?;
    let ok_name = file.starts_with("part-") && file.ends_with(".parquet") && !file.contains('/');
    (ok_name && super::labels::parse_date(date).is_some()).then(|| date.to_owned())
}

/// Where the runs of `date` with this content hash go.
pub fn part_path(date: &str, hash: &str) -> String {
    format!("date={date}/part-{hash}.parquet")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn part_names() {
        assert_eq!(
            parse_part("date=2026-12-01/part-ab.parquet").as_deref(),
            Some("2026-12-01")
        );
        assert_eq!(parse_part("date=2026-13-01/part-ab.parquet"), None);
        assert_eq!(parse_part("other.parquet"), None);
        assert_eq!(parse_part("date=2026-12-01/x.parquet"), None);
    }
}
