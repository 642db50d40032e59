//! The report's experiments as the study's: each variant of the report, and each further
//! block of one (a fence of several blocks, each under its `# label`), a variant of the
//! study, with its engine, profile, launch flags and raw file. Apart from `mod.rs`, which
//! assembles the whole study, because this is the mapping of one experiment.

use std::collections::BTreeSet;

use super::engines_and_profiles::{new_profile, DEFAULT_PROFILE};
use super::names::{english, model_base, slug, unique, without_numbering};
use super::prose::in_lang;
use super::{ExperimentEntry, Importer, LostKind, ProfileEntry, StudyFile, Text, VariantEntry};
use crate::published::{served_model, Variant};

/// One variant of the study: a report variant's block, with the name it is shown by.
struct Part {
    shown: String,
    line: u64,
    block: Option<usize>,
    parameters: Vec<String>,
}

impl Importer<'_> {
    /// The study's experiments; for each, its id and the study name of each report
    /// variant (its first block's), by the report's indexes.
    pub(super) fn experiments(
        &mut self,
        study: &mut StudyFile,
        profiles: &mut Vec<ProfileEntry>,
        lang: &str,
    ) -> Vec<(String, Vec<String>)> {
        let report = self.report;
        let mut ids = BTreeSet::new();
        let mut ids_of = Vec::new();
        for exp in &report.experiments {
            // A document without headings: its experiment is named by the file.
            let title = match without_numbering(&exp.title) {
                t if t.is_empty() => report.title.as_ref().map_or_else(
                    || {
                        self.source
                            .rsplit_once('.')
                            .map_or(&*self.source, |s| s.0)
                            .to_owned()
                    },
                    |t| t.text.clone(),
                ),
                t => t,
            };
            let id = unique(slug(&english(&title, lang)), &mut ids);
            let parts: Vec<Vec<Part>> = exp.variants.iter().map(|v| self.parts(v)).collect();
            let single = parts.iter().map(Vec::len).sum::<usize>() == 1;
            let mut names = BTreeSet::new();
            let mut variants = Vec::new();
            let mut first_names = Vec::new();
            for (v, parts) in exp.variants.iter().zip(parts) {
                for (k, part) in parts.into_iter().enumerate() {
                    let entry =
                        self.variant(study, profiles, v, part, &id, single, &mut names, lang);
                    if k == 0 {
                        first_names.push(entry.name.clone());
                    }
                    variants.push(entry);
                }
            }
            for note in &exp.notes {
                self.lose(note.line, LostKind::FreeText, note.text.clone(), None);
            }
            ids_of.push((id.clone(), first_names));
            study.experiments.push(ExperimentEntry {
                id,
                title: Some(in_lang(lang, title)),
                variants,
            });
        }
        ids_of
    }

    /// A report variant's blocks as study variants. A fence of several blocks names each
    /// by its label (`# triton`, `# flashinfer`), else by the variant's name and a number;
    /// a label of flags (`# --speculative-num-steps 2`) is that block's parameters.
    fn parts(&self, v: &Variant) -> Vec<Part> {
        let shown = without_numbering(&v.name);
        let params = v.params.as_ref().map_or_else(Vec::new, |p| p.args.clone());
        if v.blocks.len() <= 1 {
            return vec![Part {
                shown,
                line: v.line,
                block: v.blocks.first().copied(),
                parameters: params,
            }];
        }
        let blocks = &self.report.blocks;
        let labels: Vec<Option<&String>> =
            v.blocks.iter().map(|&b| blocks[b].label.as_ref()).collect();
        let distinct: BTreeSet<_> = labels.iter().flatten().collect();
        let labelled = distinct.len() == labels.len();
        v.blocks
            .iter()
            .zip(&labels)
            .enumerate()
            .map(|(k, (&b, label))| {
                let flags = label.filter(|l| l.starts_with('-')).map(|l| {
                    let words: Vec<&str> = l.split_whitespace().collect();
                    crate::published::split_args(&words)
                });
                Part {
                    shown: match label {
                        Some(l) if labelled => (*l).clone(),
                        _ => format!("{shown} #{}", k + 1),
                    },
                    line: blocks[b].label_line.unwrap_or(blocks[b].line),
                    block: Some(b),
                    parameters: match flags {
                        Some(flags) => with_flags(&params, &flags),
                        // Trials of one configuration share its flags; a block labelled
                        // by a word (`# flashinfer`) ran some other one.
                        None if k == 0 || !labelled => params.clone(),
                        None => Vec::new(),
                    },
                }
            })
            .collect()
    }

    #[allow(clippy::too_many_arguments)]
    fn variant(
        &mut self,
        study: &StudyFile,
        profiles: &mut Vec<ProfileEntry>,
        v: &Variant,
        part: Part,
        id: &str,
        single: bool,
        names: &mut BTreeSet<String>,
        lang: &str,
    ) -> VariantEntry {
        let report = self.report;
        let shown = part.shown;
        let name = unique(slug(&english(&shown, lang)), names);
        let command = v.params.as_ref().and_then(|p| p.command.as_ref());
        let engine = self.engine_of(&study.engines, v);
        let mut label = shown.clone();
        let study_model = model_base(&study.model);
        if let Some(c) = command {
            if let Some(m) = served_model(&c.text) {
                if !study_model.is_empty() && model_base(&m) != study_model {
                    self.lose(
                        c.line,
                        LostKind::ServedModel,
                        shown.clone(),
                        Some(m.clone()),
                    );
                    label = format!("{shown} ({m})");
                }
            }
        }
        let profile = match v.profile.map(|p| report.profiles[p].name.clone()) {
            Some(p) => p,
            None => {
                // A study needs a profile per variant: with none described at all, one
                // stands for the report's single unnamed workload.
                let first = match profiles.first() {
                    Some(p) => p.name.clone(),
                    None => new_profile(self, profiles, DEFAULT_PROFILE, part.line),
                };
                self.lose(
                    part.line,
                    LostKind::AssumedProfile,
                    shown.clone(),
                    Some(first.clone()),
                );
                first
            }
        };
        let stem = if single {
            id.to_owned()
        } else {
            format!("{id}-{name}")
        };
        let result = part.block.map(|b| self.file_for(b, &stem));
        VariantEntry {
            name: name.clone(),
            label: (label != name).then(|| Text::Same(label.clone())),
            engine,
            profile,
            parameters: part.parameters,
            missing: if result.is_none() {
                Some(
                    v.empty
                        .as_ref()
                        .map_or_else(String::new, |e| e.text.clone()),
                )
            } else {
                None
            },
            result,
        }
    }
}

/// The flag's name: `--attention-backend` of `--attention-backend=triton` or `-tp 2`.
fn flag_name(arg: &str) -> &str {
    arg.split(['=', ' ']).next().unwrap_or(arg)
}

/// `base` with each of `flags` in place of the same flag, or added.
fn with_flags(base: &[String], flags: &[String]) -> Vec<String> {
    let mut out = base.to_vec();
    for f in flags {
        match out.iter_mut().find(|a| flag_name(a) == flag_name(f)) {
            Some(a) => a.clone_from(f),
            None => out.push(f.clone()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_labels_flags_replace_the_scripts() {
        let base = vec![
            "--max-model-len 32768".to_owned(),
            "--max-num-batched-tokens 4096".to_owned(),
        ];
        assert_eq!(
            with_flags(
                &base,
                &[
                    "--max-num-batched-tokens 8192".to_owned(),
                    "--async-scheduling".to_owned()
                ]
            ),
            [
                "--max-model-len 32768",
                "--max-num-batched-tokens 8192",
                "--async-scheduling"
            ]
        );
    }
}
