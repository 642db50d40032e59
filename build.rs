//! Embeds `locales/<lang>/*.ftl` and `templates/**` in the binary: generates tables of
//! (path, include_str!) so that adding a file needs no code change.

use std::fmt::Write as _;
use std::path::Path;

fn collect(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, root, out);
        } else if let Ok(rel) = path.strip_prefix(root) {
            let rel = rel.to_string_lossy().replace('\\', "/");
            if !rel.starts_with('.') {
                out.push((
                    rel,
                    path.canonicalize()
                        .unwrap_or(path.clone())
                        .display()
                        .to_string(),
                ));
            }
        }
    }
}

fn table(name: &str, dir: &str) -> String {
    // The manifest directory of this build, read when the script runs: `env!` would bake in
    // the directory the script was compiled in, and a target folder copied from another
    // checkout would then embed that checkout's files.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join(dir);
    println!("cargo:rerun-if-changed={dir}");
    let mut files = Vec::new();
    collect(&root, &root, &mut files);
    let mut s = format!("pub static {name}: &[(&str, &str)] = &[\n");
    // The path is made when the crate compiles, from its own manifest directory: two
    // checkouts sharing a target folder share this script's output, and an absolute path
    // written here would embed the other checkout's files.
    for (rel, _) in files {
        let path = format!("/{dir}/{rel}");
        let _ = writeln!(
            s,
            "    ({rel:?}, include_str!(concat!(env!(\"CARGO_MANIFEST_DIR\"), {path:?}))),"
        );
    }
    s.push_str("];\n");
    s
}

fn main() {
    // Checkouts of this crate (git worktrees) that share one target folder share this
    // script's output too (cargo leaves the path out of a path package's hash), so a run for
    // one checkout would list another's files. Cargo's working directory tells them apart.
    println!("cargo:rerun-if-env-changed=PWD");
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let code = table("LOCALE_FILES", "locales") + &table("TEMPLATE_FILES", "templates");
    std::fs::write(Path::new(&out).join("embedded.rs"), code).expect("write embedded.rs");
}
