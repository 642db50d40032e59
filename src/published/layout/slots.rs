//! What the walk collects: result slots, the groups (`###` sections) they belong to,
//! and the context of the variant being read (its name, profile and parameters).

use super::{Located, Note, Params, Role, Table};

/// One result fence (or a block outside any fence) with where it sits.
#[derive(Debug, Clone)]
pub(crate) struct Slot {
    pub group: usize,
    pub sub: Option<Located>,
    pub name: Option<Located>,
    pub role: Option<Role>,
    pub profile_ref: Option<Located>,
    pub params: Option<Params>,
    pub blocks: Vec<usize>,
    pub empty: Option<Located>,
}

#[derive(Debug, Clone, Default)]
pub(crate) struct Group {
    pub line: u64,
    pub title: String,
    pub sentences: Vec<Located>,
    pub notes: Vec<Note>,
    pub tables: Vec<Table>,
}

#[derive(Default)]
pub(crate) struct Context {
    pub sub: Option<Located>,
    pub name: Option<Located>,
    pub profile_ref: Option<Located>,
    pub params: Vec<(Option<Role>, Params)>,
}

impl Context {
    pub fn reset(&mut self) {
        *self = Context::default();
    }

    pub fn params_for(&self, role: Option<Role>) -> Option<Params> {
        self.params
            .iter()
            .rev()
            .find(|(r, _)| *r == role)
            .or_else(|| self.params.iter().rev().find(|(r, _)| r.is_none()))
            .map(|(_, p)| p.clone())
    }
}

/// A group for results under a `##` section without a `###` one.
pub(crate) fn implicit_group(
    groups: &mut Vec<Group>,
    current: &mut Option<usize>,
    level2: Option<&Located>,
    line: u64,
) -> usize {
    let (line, title) = level2.map_or((line, String::new()), |h| (h.line, h.text.clone()));
    groups.push(Group {
        line,
        title,
        ..Group::default()
    });
    *current = Some(groups.len() - 1);
    groups.len() - 1
}
