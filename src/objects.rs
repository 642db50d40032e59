//! Object storage by URL (`s3://`, `gs://`, `az://`, `abfss://`, `file://`) behind one
//! [`object_store`] API, for the history store and for inputs read from where results
//! are kept. Credentials come from each service's usual environment (`AWS_*`,
//! `GOOGLE_*`, `AZURE_*`), read by the builders' `from_env`.

use std::sync::Arc;

use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, ObjectStoreScheme};

use crate::{Error, Result};

/// `s3://…`, `gs://…`: a URL; anything else is a path.
pub fn is_url(spec: &str) -> bool {
    spec.split_once("://").is_some_and(|(scheme, _)| {
        !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '+')
    })
}

/// Where a URL points: a remote store and the path in it, or a local path
/// (`file:///x`).
pub enum Located {
    Remote(Arc<dyn ObjectStore>, ObjectPath),
    Local(std::path::PathBuf),
}

/// Opens the store of `url`. `error` turns a reason into the caller's error (the
/// history store and the inputs say it in their own words).
pub fn locate(url: &str, error: impl Fn(String) -> Error) -> Result<Located> {
    let parsed = url::Url::parse(url).map_err(|e| error(e.to_string()))?;
    let unknown = || {
        Error::usage(crate::msg!(
            "objects-error-scheme",
            url = url.to_owned(),
            scheme = parsed.scheme().to_owned()
        ))
    };
    let (scheme, root) = ObjectStoreScheme::parse(&parsed).map_err(|_| unknown())?;
    let store: Arc<dyn ObjectStore> = match scheme {
        ObjectStoreScheme::AmazonS3 => Arc::new(
            object_store::aws::AmazonS3Builder::from_env()
                .with_url(url)
                .build()
                .map_err(|e| error(e.to_string()))?,
        ),
        ObjectStoreScheme::GoogleCloudStorage => Arc::new(
            object_store::gcp::GoogleCloudStorageBuilder::from_env()
                .with_url(url)
                .build()
                .map_err(|e| error(e.to_string()))?,
        ),
        ObjectStoreScheme::MicrosoftAzure => Arc::new(
            object_store::azure::MicrosoftAzureBuilder::from_env()
                .with_url(url)
                .build()
                .map_err(|e| error(e.to_string()))?,
        ),
        ObjectStoreScheme::Local => return Ok(Located::Local(parsed.path().into())),
        _ => return Err(unknown()),
    };
    Ok(Located::Remote(store, root))
}

/// A runtime to drive object_store's futures from synchronous code.
pub fn runtime(name: &str) -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::io(name, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_and_paths() {
        assert!(is_url("s3://bucket/prefix"));
        assert!(is_url("abfss://c@a.dfs.core.windows.net/x"));
        assert!(!is_url("/tmp/store"));
        assert!(!is_url("store"));
        assert!(!is_url("-"));
    }

    #[test]
    fn a_scheme_no_store_serves_is_named_with_the_ones_that_are() {
        let Err(e) = locate("ftp://host/results", Error::Render) else {
            panic!("ftp is not a store");
        };
        let text = e.to_string();
        assert!(
            text.contains("ftp://host/results") && text.contains("`ftp`") && text.contains("s3://"),
            "{text}"
        );
    }
}
