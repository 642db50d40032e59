//! perflab's errors as Python exceptions: `PerflabError`, and below it `InputError` (a
//! file that cannot be read as what it should be: `.path`, `.line`), `UsageError` (a
//! request that makes no sense: a bad rule, an unknown key or language) and
//! `OutputError`. The message is the CLI's, in the call's language.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

use perflab::Error;

create_exception!(_perflab, PerflabError, PyException);
create_exception!(_perflab, InputError, PerflabError);
create_exception!(_perflab, UsageError, PerflabError);
create_exception!(_perflab, OutputError, PerflabError);

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("PerflabError", py.get_type::<PerflabError>())?;
    m.add("InputError", py.get_type::<InputError>())?;
    m.add("UsageError", py.get_type::<UsageError>())?;
    m.add("OutputError", py.get_type::<OutputError>())?;
    Ok(())
}

/// The exception of `e`, its message in `lang` (English when `lang` is unknown).
pub fn to_py(e: &Error, lang: &str) -> PyErr {
    let message = match perflab::l10n::Localizer::new(lang)
        .or_else(|_| perflab::l10n::Localizer::new("en"))
    {
        Ok(l10n) => perflab::app::error_text(e, &l10n),
        Err(_) => e.to_string(),
    };
    Python::attach(|py| {
        let (err, path, line) = match e {
            Error::Parse { path, line, .. } => (InputError::new_err(message), Some(path), *line),
            Error::Io { path, .. } | Error::NotARun { path, .. } => {
                (InputError::new_err(message), Some(path), None)
            }
            Error::Usage(_) => (UsageError::new_err(message), None, None),
            _ => (OutputError::new_err(message), None, None),
        };
        let value = err.value(py);
        let path = path.map(|p| p.display().to_string());
        // The attributes are set on a fresh exception: a failure here leaves them unset.
        let _ = value.setattr("path", path);
        let _ = value.setattr("line", line);
        err
    })
}
