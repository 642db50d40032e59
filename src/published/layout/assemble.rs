//! The result slots the walk collected, grouped into experiments (variants by heading or
//! name paragraph) and cases (baseline and optimized slots, paired by profile label).

use super::slots::{Group, Slot};
use super::{normalize_name, Case, CaseSide, Experiment, Located, Report, Role, Variant};

/// Groups slots into experiments (variants by heading or name paragraph) and cases
/// (baseline and optimized slots, paired by profile label).
pub(crate) fn assemble(report: &mut Report, groups: Vec<Group>, slots: Vec<Slot>) {
    for (gi, group) in groups.into_iter().enumerate() {
        let mine: Vec<&Slot> = slots.iter().filter(|s| s.group == gi).collect();
        if mine.is_empty() {
            // A section without results (the method, a summary table) keeps its prose.
            report.notes.extend(group.notes);
            if !group.tables.is_empty() && report.summary.is_none() {
                report.summary = group.tables.into_iter().next();
            }
            continue;
        }
        if mine.iter().any(|s| s.role.is_some()) {
            add_cases(report, &group, &mine);
            continue;
        }
        let mut exp = Experiment {
            line: group.line,
            title: group.title.clone(),
            variants: Vec::new(),
            sentences: group.sentences,
            notes: group.notes,
        };
        for slot in mine {
            let (line, name) = match (&slot.name, &slot.sub) {
                (Some(n), _) => (n.line, n.text.clone()),
                (None, Some(s)) => (s.line, s.text.clone()),
                (None, None) => (group.line, group.title.clone()),
            };
            let existing = exp
                .variants
                .iter()
                .position(|v| v.line == line && v.name == name);
            let v = match existing {
                Some(v) => v,
                None => {
                    let profile = slot
                        .profile_ref
                        .as_ref()
                        .and_then(|p| report.profile_by_name(&p.text));
                    exp.variants.push(Variant {
                        line,
                        name,
                        profile,
                        profile_ref: slot.profile_ref.clone(),
                        params: slot.params.clone(),
                        blocks: Vec::new(),
                        empty: None,
                        engine: None,
                    });
                    exp.variants.len() - 1
                }
            };
            exp.variants[v].blocks.extend(&slot.blocks);
            if slot.empty.is_some() {
                exp.variants[v].empty = slot.empty.clone();
            }
        }
        report.experiments.push(exp);
    }
}

fn add_cases(report: &mut Report, group: &Group, slots: &[&Slot]) {
    for slot in slots {
        let Some(role) = slot.role else { continue };
        // One case per labelled block; a fence of one unlabelled block is the case its
        // heading names.
        let mut entries: Vec<(Located, Option<usize>)> = Vec::new();
        if slot.blocks.is_empty() {
            let label = slot
                .sub
                .clone()
                .unwrap_or_else(|| Located::new(group.line, group.title.clone()));
            entries.push((label, None));
        }
        for &b in &slot.blocks {
            let block = &report.blocks[b];
            let label = match (&block.label, &slot.sub) {
                (Some(l), _) if slot.blocks.len() > 1 || slot.sub.is_none() => {
                    Located::new(block.label_line.unwrap_or(block.line), l.clone())
                }
                (_, Some(s)) => s.clone(),
                (Some(l), None) => Located::new(block.label_line.unwrap_or(block.line), l.clone()),
                (None, None) => Located::new(group.line, group.title.clone()),
            };
            entries.push((label, Some(b)));
        }
        for (label, block) in entries {
            let side = CaseSide {
                block,
                params: slot.params.clone(),
                empty: if block.is_none() {
                    slot.empty.clone()
                } else {
                    None
                },
            };
            let key = normalize_name(&label.text);
            let at = report
                .cases
                .iter()
                .position(|c| normalize_name(&c.label) == key);
            let case = match at {
                Some(c) => &mut report.cases[c],
                None => {
                    let profile = report.profile_of_label(&label.text);
                    report.cases.push(Case {
                        line: label.line,
                        label: label.text.clone(),
                        profile,
                        baseline: None,
                        optimized: None,
                    });
                    let last = report.cases.len() - 1;
                    &mut report.cases[last]
                }
            };
            match role {
                Role::Baseline => case.baseline = Some(side),
                Role::Optimized => case.optimized = Some(side),
            }
        }
    }
}
