//! Inputs that are not files here: `-` (standard input) and object-store URLs
//! (`s3://bucket/prefix/`, `gs://…`, `az://…`). Each is fetched whole into a private
//! folder under its own names, so that it is read exactly as a folder or file is (a
//! `result.json` beside its `console.txt` is one run); objects under a prefix are fetched
//! in parallel. Runs' `source` is relative to what the user named, so it reads the same;
//! an error names the URL, not the private folder.

use std::path::{Path, PathBuf};

use futures::{StreamExt, TryStreamExt};
use object_store::ObjectStoreExt;

use crate::objects::{self, Located};
use crate::{Error, Result};

/// Objects fetched at once from one store.
const PARALLEL_GETS: usize = 16;

/// The inputs as local paths, and the folder that holds the fetched ones while they are
/// read.
pub struct Fetched {
    _dir: Option<tempfile::TempDir>,
    pub paths: Vec<PathBuf>,
    /// Each fetched input's local path and the name the user gave it.
    names: Vec<(PathBuf, String)>,
}

fn fetched_name(path: &Path) -> Option<String> {
    let s = path.to_str()?;
    (s == "-" || objects::is_url(s)).then(|| s.to_owned())
}

/// Fetches the inputs of `paths` that are not local; the others are kept as they are.
pub fn fetch(paths: &[PathBuf]) -> Result<Fetched> {
    if !paths.iter().any(|p| fetched_name(p).is_some()) {
        return Ok(Fetched {
            _dir: None,
            paths: paths.to_vec(),
            names: Vec::new(),
        });
    }
    let dir = tempfile::tempdir().map_err(|e| Error::io("-", e))?;
    let mut out = Fetched {
        _dir: None,
        paths: Vec::new(),
        names: Vec::new(),
    };
    for (i, path) in paths.iter().enumerate() {
        let Some(name) = fetched_name(path) else {
            out.paths.push(path.clone());
            continue;
        };
        let slot = dir.path().join(i.to_string());
        std::fs::create_dir_all(&slot).map_err(|e| Error::io(&slot, e))?;
        let local = if name == "-" {
            stdin_to(&slot)?
        } else {
            match objects::locate(&name, |reason| open_error(&name, reason))? {
                Located::Local(p) => p,
                Located::Remote(store, root) => objects_to(&name, store, root, &slot)?,
            }
        };
        out.names.push((local.clone(), name));
        out.paths.push(local);
    }
    out._dir = Some(dir);
    Ok(out)
}

fn open_error(url: &str, reason: String) -> Error {
    Error::usage(crate::msg!(
        "objects-error-open",
        url = url.to_owned(),
        reason = reason
    ))
}

/// Standard input, whole, as the file `-`.
fn stdin_to(slot: &Path) -> Result<PathBuf> {
    let path = slot.join("-");
    let mut file = std::fs::File::create(&path).map_err(|e| Error::io(&path, e))?;
    std::io::copy(&mut std::io::stdin().lock(), &mut file).map_err(|e| Error::io("-", e))?;
    Ok(path)
}

/// The object `root`, or every object under the prefix `root`, under `slot` by its path
/// relative to the prefix.
fn objects_to(
    url: &str,
    store: std::sync::Arc<dyn object_store::ObjectStore>,
    root: object_store::path::Path,
    slot: &Path,
) -> Result<PathBuf> {
    let runtime = objects::runtime(url)?;
    runtime.block_on(async {
        // No credentials in the environment: the variables to set, not the HTTP error.
        let reason = |e: object_store::Error| {
            objects::credentials_error(url, &e).unwrap_or_else(|| open_error(url, e.to_string()))
        };
        // One object named whole: its file name, as a file named on the command line.
        if let Ok(meta) = store.head(&root).await {
            let name = meta.location.filename().unwrap_or("object").to_owned();
            let bytes = store
                .get(&meta.location)
                .await
                .map_err(reason)?
                .bytes()
                .await
                .map_err(reason)?;
            let path = slot.join(name);
            std::fs::write(&path, &bytes).map_err(|e| Error::io(&path, e))?;
            return Ok(path);
        }
        let metas: Vec<_> = store
            .list(Some(&root))
            .try_collect()
            .await
            .map_err(reason)?;
        if metas.is_empty() {
            return Err(Error::usage(crate::msg!(
                "objects-error-empty",
                url = url.to_owned()
            )));
        }
        let prefix = root.as_ref().to_owned();
        let gets = futures::stream::iter(metas)
            .map(|meta| {
                let store = store.clone();
                async move {
                    let bytes = store.get(&meta.location).await?.bytes().await?;
                    Ok::<_, object_store::Error>((meta.location, bytes))
                }
            })
            .buffer_unordered(PARALLEL_GETS);
        let fetched: Vec<_> = gets.try_collect().await.map_err(reason)?;
        for (location, bytes) in fetched {
            let rel = location
                .as_ref()
                .strip_prefix(prefix.as_str())
                .unwrap_or(location.as_ref())
                .trim_start_matches('/');
            let path = slot.join(rel);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
            }
            std::fs::write(&path, &bytes).map_err(|e| Error::io(&path, e))?;
        }
        Ok(slot.to_path_buf())
    })
}

impl Fetched {
    /// A message naming fetched inputs as the user did.
    pub fn restore_text(&self, text: &str) -> String {
        let mut out = text.to_owned();
        for (local, name) in &self.names {
            out = out.replace(&local.display().to_string(), name);
        }
        out
    }

    /// `e` naming the input as the user did: the URL (or `-`) for a fetched one.
    pub fn restore(&self, e: Error) -> Error {
        let rename = |path: PathBuf| -> PathBuf {
            for (local, name) in &self.names {
                if let Ok(rel) = path.strip_prefix(local) {
                    if rel.as_os_str().is_empty() {
                        return PathBuf::from(name);
                    }
                    let sep = if name.ends_with('/') { "" } else { "/" };
                    return PathBuf::from(format!("{name}{sep}{}", rel.display()));
                }
            }
            path
        };
        match e {
            Error::Parse {
                path,
                line,
                message,
            } => Error::Parse {
                path: rename(path),
                line,
                message,
            },
            Error::Io { path, reason } => Error::Io {
                path: rename(path),
                reason,
            },
            Error::NotARun {
                path,
                kind,
                message,
            } => Error::NotARun {
                path: rename(path),
                kind,
                message,
            },
            other => other,
        }
    }
}
