//! Object storage by URL (`s3://`, `gs://`, `az://`, `abfss://`, `file://`) behind one
//! [`object_store`] API, for the history store and for inputs read from where results
//! are kept. Credentials come from each service's usual environment (`AWS_*`,
//! `GOOGLE_*`, `AZURE_*`), read by the builders' `from_env`; when a request fails and the
//! environment holds none, [`credentials_error`] says which variables to set instead of
//! the HTTP error (a refused token request to a cloud metadata address).

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
                .map_err(|e| credentials_error(url, &e).unwrap_or_else(|| error(e.to_string())))?,
        ),
        ObjectStoreScheme::GoogleCloudStorage => Arc::new(
            object_store::gcp::GoogleCloudStorageBuilder::from_env()
                .with_url(url)
                .build()
                .map_err(|e| credentials_error(url, &e).unwrap_or_else(|| error(e.to_string())))?,
        ),
        ObjectStoreScheme::MicrosoftAzure => Arc::new(
            object_store::azure::MicrosoftAzureBuilder::from_env()
                .with_url(url)
                .build()
                .map_err(|e| credentials_error(url, &e).unwrap_or_else(|| error(e.to_string())))?,
        ),
        ObjectStoreScheme::Local => return Ok(Located::Local(parsed.path().into())),
        _ => return Err(unknown()),
    };
    Ok(Located::Remote(store, root))
}

/// The ways a service's environment gives credentials: each a set of variables that
/// are enough together, the usual one first.
struct Ways {
    /// The message of the service (`objects-error-credentials-s3`…).
    message: &'static str,
    ways: &'static [&'static [&'static str]],
}

const S3: Ways = Ways {
    message: "objects-error-credentials-s3",
    ways: &[
        &["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"],
        &["AWS_WEB_IDENTITY_TOKEN_FILE", "AWS_ROLE_ARN"],
        &["AWS_CONTAINER_CREDENTIALS_RELATIVE_URI"],
        &["AWS_CONTAINER_CREDENTIALS_FULL_URI"],
        // A public bucket: requests go unsigned.
        &["AWS_SKIP_SIGNATURE"],
    ],
};

const GCS: Ways = Ways {
    message: "objects-error-credentials-gs",
    ways: &[
        &["GOOGLE_APPLICATION_CREDENTIALS"],
        &["GOOGLE_SERVICE_ACCOUNT"],
        &["GOOGLE_SERVICE_ACCOUNT_PATH"],
        &["GOOGLE_SERVICE_ACCOUNT_KEY"],
    ],
};

const AZURE: Ways = Ways {
    message: "objects-error-credentials-az",
    ways: &[
        &["AZURE_STORAGE_ACCOUNT_NAME", "AZURE_STORAGE_ACCOUNT_KEY"],
        &["AZURE_STORAGE_ACCOUNT_NAME", "AZURE_STORAGE_SAS_KEY"],
        &["AZURE_STORAGE_ACCOUNT_NAME", "AZURE_STORAGE_TOKEN"],
        &[
            "AZURE_STORAGE_ACCOUNT_NAME",
            "AZURE_CLIENT_ID",
            "AZURE_CLIENT_SECRET",
            "AZURE_TENANT_ID",
        ],
        &["AZURE_STORAGE_ACCOUNT_NAME", "AZURE_USE_AZURE_CLI"],
        &["AZURE_STORAGE_USE_EMULATOR"],
    ],
};

/// Words of a failed request that mean "not signed in": a token the metadata address
/// refused (the builders' last resort when the environment has no credentials), a
/// missing account or half of a key pair, a 401 or 403.
const CREDENTIAL_FAILURES: [&str; 11] = [
    "169.254.169.254",
    "/api/token",
    "token",
    "credential",
    "account must be specified",
    "missing secretaccesskey",
    "missing accesskeyid",
    "unauthenticated",
    "permission",
    "403",
    "401",
];

/// The message naming the variables to set, when `url`'s service has no credentials in
/// the environment (`var`) and `failure` reads as an authentication failure; `None`
/// when credentials are set (the failure is something else, said as it is).
fn missing_credentials(
    url: &str,
    failure: &str,
    var: impl Fn(&str) -> Option<String>,
) -> Option<crate::error::Text> {
    let scheme = url.split_once("://")?.0.to_ascii_lowercase();
    let service = match scheme.as_str() {
        "s3" | "s3a" => &S3,
        "gs" => &GCS,
        "az" | "adl" | "azure" | "abfs" | "abfss" => &AZURE,
        _ => return None,
    };
    // An Azure URL that names its account (`abfss://c@account.dfs.core.windows.net`)
    // needs no account variable.
    let in_url = service.message == AZURE.message
        && url
            .split_once("://")
            .is_some_and(|(_, rest)| rest.split('/').next().is_some_and(|h| h.contains('.')));
    let set = |name: &str| {
        (in_url && name == "AZURE_STORAGE_ACCOUNT_NAME")
            || var(name).is_some_and(|v| !v.trim().is_empty())
    };
    if service.ways.iter().any(|way| way.iter().all(|v| set(v))) {
        return None;
    }
    let failure = failure.to_ascii_lowercase();
    if !CREDENTIAL_FAILURES.iter().any(|w| failure.contains(w)) {
        return None;
    }
    let missing: Vec<&str> = service.ways[0]
        .iter()
        .copied()
        .filter(|v| !set(v))
        .collect();
    let others: Vec<&str> = service.ways[1..]
        .iter()
        .filter_map(|way| way.iter().copied().find(|v| !service.ways[0].contains(v)))
        .collect();
    Some(crate::msg!(
        service.message,
        url = url.to_owned(),
        missing = missing.join(", "),
        others = others.join(", ")
    ))
}

/// A request to `url`'s store failed with `failure`: when the environment has no
/// credentials for its service and the failure says so, the error naming the variables
/// to set (exit 2); `None` otherwise.
pub fn credentials_error(url: &str, failure: &dyn std::fmt::Display) -> Option<Error> {
    let failure = failure.to_string();
    let text = missing_credentials(url, &failure, |name| std::env::var(name).ok())?;
    Some(Error::usage(text))
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
    fn missing_credentials_are_named_by_the_variables_to_set() {
        let none = |_: &str| None;
        let refused = "Generic S3 error: Error performing PUT http://169.254.169.254/latest/api/token - 403 Forbidden";
        let text = missing_credentials("s3://bucket/p", refused, none).unwrap();
        assert_eq!(text.id.as_deref(), Some("objects-error-credentials-s3"));
        let arg = |name: &str| {
            text.args
                .iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| format!("{v:?}"))
                .unwrap()
        };
        assert!(arg("missing").contains("AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY"));
        assert!(arg("others").contains("AWS_WEB_IDENTITY_TOKEN_FILE"));
        // Half a pair: only the half that is missing is named.
        let key_only = |n: &str| (n == "AWS_ACCESS_KEY_ID").then(|| "AKIA".to_owned());
        let text = missing_credentials("s3://bucket/p", refused, key_only).unwrap();
        let missing = text.args.iter().find(|(k, _)| *k == "missing").unwrap();
        assert!(!format!("{:?}", missing.1).contains("AWS_ACCESS_KEY_ID"));
        // With credentials set, a failure is said as it is.
        let both = |n: &str| n.starts_with("AWS_").then(|| "x".to_owned());
        assert!(missing_credentials("s3://bucket/p", refused, both).is_none());
        // A failure that is not about credentials (no such bucket) is said as it is.
        assert!(missing_credentials("s3://b/p", "Object at location p not found", none).is_none());
        let gs = missing_credentials("gs://b/p", "Error performing token request", none).unwrap();
        assert_eq!(gs.id.as_deref(), Some("objects-error-credentials-gs"));
        let az = missing_credentials("az://c/p", "Account must be specified", none).unwrap();
        assert_eq!(az.id.as_deref(), Some("objects-error-credentials-az"));
        // The account in the URL: only the key (or another way) is missing.
        let url = "abfss://c@acct.dfs.core.windows.net/p";
        let text = missing_credentials(url, "403 Forbidden", none).unwrap();
        let missing = text.args.iter().find(|(k, _)| *k == "missing").unwrap();
        assert_eq!(format!("{:?}", missing.1).matches("AZURE_").count(), 1);
        assert!(missing_credentials("file:///tmp/x", refused, none).is_none());
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
