//! How many requests each block's run asked for, the denominator of its success rate:
//! its profile's `total_requests` (a YAML profile), else the `--num-prompts` of the
//! benchmark command the report prints for its dataset (`vllm bench serve --dataset-name
//! sharegpt ... --num-prompts 1000`). A block whose command is not printed has no
//! requested total; it is never guessed from another dataset's command.

use crate::published::{normalize_name, Profile, Report};

/// A benchmark command the report prints, with what it asks for.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BenchCommand {
    pub(crate) line: u64,
    /// `--dataset-name`, lower case.
    pub(crate) dataset: Option<String>,
    /// `--random-input-len` and `--random-output-len`.
    pub(crate) input_len: Option<f64>,
    pub(crate) output_len: Option<f64>,
    pub(crate) num_prompts: f64,
}

/// The value of `--flag N` or `--flag=N` among `words`.
fn flag<'w>(words: &[&'w str], name: &str) -> Option<&'w str> {
    words
        .iter()
        .enumerate()
        .find_map(|(i, w)| match w.split_once('=') {
            Some((f, v)) if f == name => Some(v),
            _ if *w == name => words.get(i + 1).copied(),
            _ => None,
        })
}

/// The benchmark commands of the report's other fences (the benchmark script): each
/// command with a `--num-prompts`, continuation lines (`\`) joined.
pub(crate) fn bench_commands(report: &Report) -> Vec<BenchCommand> {
    let mut out = Vec::new();
    for fence in &report.other_fences {
        let mut joined: Vec<(u64, String)> = Vec::new();
        let mut open = false;
        for (i, l) in fence.text.lines().enumerate() {
            let t = l.trim();
            let body = t.strip_suffix('\\').unwrap_or(t);
            match joined.last_mut() {
                Some((_, cmd)) if open => {
                    cmd.push(' ');
                    cmd.push_str(body);
                }
                _ => joined.push((fence.line + 1 + i as u64, body.to_owned())),
            }
            open = t.ends_with('\\');
        }
        for (line, cmd) in joined {
            if cmd.starts_with('#') {
                continue;
            }
            let words: Vec<&str> = cmd.split_whitespace().collect();
            let Some(num_prompts) = flag(&words, "--num-prompts").and_then(|v| v.parse().ok())
            else {
                continue;
            };
            let num = |name: &str| flag(&words, name).and_then(|v| v.parse::<f64>().ok());
            out.push(BenchCommand {
                line,
                dataset: flag(&words, "--dataset-name").map(str::to_ascii_lowercase),
                input_len: num("--random-input-len"),
                output_len: num("--random-output-len"),
                num_prompts,
            });
        }
    }
    out
}

/// The command that ran `profile`: the one of its input and output lengths, else the one
/// whose dataset the profile names (`ShareGPT`).
fn command_of<'c>(profile: &Profile, commands: &'c [BenchCommand]) -> Option<&'c BenchCommand> {
    if let (Some(i), Some(o)) = (profile.input_len, profile.output_len) {
        return commands
            .iter()
            .find(|c| c.input_len == Some(i) && c.output_len == Some(o));
    }
    let name = normalize_name(&profile.name).replace([' ', '-', '_'], "");
    commands.iter().find(|c| {
        c.dataset
            .as_deref()
            .is_some_and(|d| d != "random" && name.contains(&d.replace(['-', '_'], "")))
    })
}

/// The requested total of each block, by block index.
pub(crate) fn totals(report: &Report) -> Vec<Option<f64>> {
    let commands = bench_commands(report);
    let total_of = |p: Option<usize>| {
        let profile = &report.profiles[p?];
        profile
            .total_requests
            .or_else(|| command_of(profile, &commands).map(|c| c.num_prompts))
    };
    let mut totals = vec![None; report.blocks.len()];
    // A variant that names no profile runs the first one (as import assumes).
    let default_profile = (!report.profiles.is_empty()).then_some(0);
    for exp in &report.experiments {
        for v in &exp.variants {
            for &b in &v.blocks {
                totals[b] = total_of(v.profile.or(default_profile));
            }
        }
    }
    for case in &report.cases {
        for side in [&case.baseline, &case.optimized].into_iter().flatten() {
            if let Some(b) = side.block {
                totals[b] = total_of(case.profile);
            }
        }
    }
    totals
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_with_a_space_or_an_equals_sign() {
        let words = ["vllm", "--num-prompts", "1000", "--dataset-name=random"];
        assert_eq!(flag(&words, "--num-prompts"), Some("1000"));
        assert_eq!(flag(&words, "--dataset-name"), Some("random"));
        assert_eq!(flag(&words, "--seed"), None);
    }
}
