//! What changed between the previous step and this one, from the trace format's one diff
//! ([`algoscope_trace_format::diff_steps`]), indexed for lookups.

use std::collections::{BTreeMap, BTreeSet};

use algoscope_trace_format::{diff_steps, SlotKey, Step};

/// Changes of one step relative to the step before.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct StepChanges {
    /// Frame id → names whose value changed (or that are new in an existing frame).
    pub changed_locals: BTreeMap<String, BTreeSet<String>>,
    /// Object id → slots whose value changed (or that are new).
    pub changed_slots: BTreeMap<String, BTreeSet<SlotKey>>,
    /// Ids of objects absent at the previous step.
    pub new_objects: BTreeSet<String>,
    /// Ids of frames absent at the previous step.
    pub new_frames: BTreeSet<String>,
}

/// Changes from `prev` to `next`; with no previous step nothing counts as changed.
pub(crate) fn step_changes(prev: Option<&Step>, next: &Step) -> StepChanges {
    let Some(prev) = prev else {
        return StepChanges::default();
    };
    let diff = diff_steps(prev, next);
    let mut out = StepChanges::default();
    for local in diff.changed_locals {
        out.changed_locals
            .entry(local.frame)
            .or_default()
            .insert(local.name);
    }
    for (id, slots) in diff.changed_slots {
        out.changed_slots.insert(id, slots.into_iter().collect());
    }
    out.new_objects = diff.new_objects.into_iter().collect();
    out.new_frames = diff.new_frames.into_iter().collect();
    out
}
