//! The template engine, wrapped once (git-cliff style): minijinja with perflab's templates
//! embedded in the binary, each overridable by a file of the same name in a user's
//! directory (mdBook style), filters registered in one place, and render errors unpacked
//! into `FILE:LINE: message`.

use std::path::{Path, PathBuf};

use minijinja::{Environment, ErrorKind};
use serde::Serialize;

use crate::embedded::TEMPLATE_FILES;
use crate::render::escape;
use crate::{Error, Result};

pub struct Templates {
    env: Environment<'static>,
    override_dir: Option<PathBuf>,
}

impl std::fmt::Debug for Templates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Templates")
            .field("override_dir", &self.override_dir)
            .finish()
    }
}

fn register_filters(env: &mut Environment<'static>) {
    env.add_filter("md", |s: String| escape::markdown(&s));
    env.add_filter("html", |s: String| escape::markup(&s));
    // Inline code that no backtick in the text can close.
    env.add_filter("code", |s: String| format!("`{}`", s.replace('`', "'")));
    // Fixed float formatting so output is byte-identical across runs.
    env.add_filter("fixed", |v: f64, decimals: Option<usize>| {
        format!("{v:.*}", decimals.unwrap_or(2))
    });
}

impl Templates {
    /// Embedded templates, each overridable from `override_dir/<same name>`.
    pub fn new(override_dir: Option<&Path>) -> Result<Self> {
        if let Some(dir) = override_dir {
            if !dir.is_dir() {
                return Err(Error::usage(crate::msg!(
                    "error-not-a-directory",
                    flag = "--templates",
                    path = dir.display().to_string()
                )));
            }
        }
        let mut env = Environment::new();
        env.set_keep_trailing_newline(true);
        // Markdown output: no auto-escaping; text from users goes through `| md`.
        env.set_auto_escape_callback(|name| {
            if name.ends_with(".html") || name.ends_with(".html.j2") {
                minijinja::AutoEscape::Html
            } else {
                minijinja::AutoEscape::None
            }
        });
        register_filters(&mut env);
        let dir = override_dir.map(Path::to_path_buf);
        let loader_dir = dir.clone();
        env.set_loader(move |name| {
            if let Some(dir) = &loader_dir {
                let path = dir.join(name);
                if path.is_file() {
                    return std::fs::read_to_string(&path).map(Some).map_err(|e| {
                        minijinja::Error::new(
                            ErrorKind::InvalidOperation,
                            format!("{}: {e}", path.display()),
                        )
                    });
                }
            }
            Ok(TEMPLATE_FILES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, src)| (*src).to_owned()))
        });
        Ok(Templates {
            env,
            override_dir: dir,
        })
    }

    /// Renders a template with a serializable context.
    pub fn render(&self, name: &str, ctx: impl Serialize) -> Result<String> {
        let tmpl = self
            .env
            .get_template(name)
            .map_err(|e| self.error(name, e))?;
        tmpl.render(ctx).map_err(|e| self.error(name, e))
    }

    /// Where a template comes from, for messages: the override file or `templates/NAME`.
    fn origin(&self, name: &str) -> String {
        match &self.override_dir {
            Some(dir) if dir.join(name).is_file() => dir.join(name).display().to_string(),
            _ => format!("templates/{name}"),
        }
    }

    fn error(&self, name: &str, e: minijinja::Error) -> Error {
        let file = e.name().unwrap_or(name).to_owned();
        let mut message = e
            .detail()
            .map_or_else(|| e.kind().to_string(), str::to_owned);
        let mut source = std::error::Error::source(&e);
        while let Some(s) = source {
            message.push_str(&format!(": {s}"));
            source = s.source();
        }
        Error::parse(self.origin(&file), e.line().map(|l| l as u64), message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn override_dir_wins_and_errors_name_file_and_line() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("t.md"), "a\n{{ x | md }}\n").unwrap();
        let t = Templates::new(Some(dir.path())).unwrap();
        assert_eq!(
            t.render("t.md", serde_json::json!({"x": "<b>*"})).unwrap(),
            // Markdown's own escapes, no HTML entities.
            "a\n\\<b>\\*\n"
        );
        std::fs::write(dir.path().join("bad.md"), "ok\n{% if %}\n").unwrap();
        let e = t
            .render("bad.md", serde_json::json!({}))
            .unwrap_err()
            .to_string();
        assert!(e.contains("bad.md:2:"), "{e}");
    }

    #[test]
    fn html_templates_escape_by_default() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("p.html"), "<p>{{ x }}</p>").unwrap();
        let t = Templates::new(Some(dir.path())).unwrap();
        assert_eq!(
            t.render("p.html", serde_json::json!({"x": "<script>"}))
                .unwrap(),
            "<p>&lt;script&gt;</p>"
        );
    }
}
