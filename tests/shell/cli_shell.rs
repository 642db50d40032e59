//! `perflab completions SHELL` and `perflab man`, as a user installs them: the bash script
//! is loaded into a real bash and completes perflab's own commands and flags; the man page
//! names every command.

use std::process::Command;

use crate::common::cli::perflab;

fn stdout_of(args: &[&str]) -> String {
    let out = perflab().args(args).assert().success();
    String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8 output")
}

const COMMANDS: [&str; 9] = [
    "ingest",
    "report",
    "compare",
    "diff",
    "check",
    "import",
    "translate",
    "completions",
    "man",
];

#[test]
fn every_shell_gets_a_script_that_names_the_commands() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout_of(&["completions", shell]);
        for command in COMMANDS {
            assert!(script.contains(command), "{shell}: no `{command}`");
        }
        assert!(script.contains("keep-going"), "{shell}: no ingest flag");
    }
    let out = perflab().args(["completions", "tcsh"]).assert().code(2);
    assert!(String::from_utf8_lossy(&out.get_output().stderr).contains("bash"));
}

/// Loads the bash script into bash and asks it what `perflab in<TAB>` and
/// `perflab ingest --ke<TAB>` complete to.
#[test]
fn bash_completes_commands_and_flags() {
    let script = stdout_of(&["completions", "bash"]);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("perflab.bash");
    std::fs::write(&path, script).unwrap();
    let complete = |line: &str| {
        let words: Vec<&str> = line.split(' ').collect();
        let program = format!(
            "source {path}\n\
             COMP_WORDS=({words})\n\
             COMP_CWORD={cword}\n\
             COMP_LINE='{line}'\n\
             COMP_POINT=${{#COMP_LINE}}\n\
             _perflab perflab '{cur}' '{prev}'\n\
             printf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
            path = path.display(),
            words = words.join(" "),
            cword = words.len() - 1,
            cur = words[words.len() - 1],
            prev = words[words.len() - 2],
        );
        let out = Command::new("bash")
            .arg("-c")
            .arg(program)
            .output()
            .expect("bash runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let commands = complete("perflab i");
    assert!(commands.lines().any(|l| l == "ingest"), "{commands}");
    assert!(commands.lines().any(|l| l == "import"), "{commands}");
    let flags = complete("perflab ingest --ke");
    assert_eq!(flags.trim(), "--keep-going");
}

#[test]
fn man_page_names_every_command() {
    let page = stdout_of(&["man"]);
    assert!(page.contains("\n.TH perflab 1 "), "{page}");
    for command in COMMANDS {
        assert!(page.contains(command), "no `{command}` in the man page");
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("man1");
    perflab()
        .args(["man", "--out"])
        .arg(&out)
        .assert()
        .success();
    for command in ["ingest", "diff", "report"] {
        let sub = std::fs::read_to_string(out.join(format!("perflab-{command}.1")))
            .unwrap_or_else(|e| panic!("perflab-{command}.1: {e}"));
        assert!(
            sub.contains(&format!("\n.TH perflab-{command} 1 ")),
            "{sub}"
        );
    }
    assert!(out.join("perflab.1").is_file());
}
