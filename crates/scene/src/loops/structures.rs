//! The structures drawn in each row besides containers: the linked track (from
//! [`crate::linked_view`]) and graphs (from [`crate::step_graphs`]), seen from the loop's
//! frame only.

use std::collections::BTreeMap;

use algoscope_trace_format::Trace;

use super::snapshot::frame_at;
use super::types::LoopLinked;
use crate::graph::{step_graphs, SceneGraph};
use crate::linked::{linked_view, LinkedRow, LinkedRowSpec};
use crate::types::SceneOptions;

/// The linked track over `steps` (every state of the run, in step order) with the loop
/// frame's names as roots, and each step's row; `None` when the frame holds no track.
pub(crate) fn linked_rows(
    trace: &Trace,
    frame: &str,
    steps: &[usize],
    options: &SceneOptions,
) -> Option<(LoopLinked, BTreeMap<usize, LinkedRow>)> {
    let specs: Vec<LinkedRowSpec> = steps.iter().map(|&step| row_spec(frame, step)).collect();
    let view = linked_view(trace, &specs, options.hints.linked.as_ref()).ok()??;
    if view.columns.is_empty() {
        return None;
    }
    let rows = view.rows.into_iter().map(|r| (r.step, r)).collect();
    let linked = LoopLinked {
        track: view.track,
        columns: view.columns,
        chains: view.chains,
    };
    Some((linked, rows))
}

/// The row of the linked track at `step`, seen from the loop's frame only.
pub(crate) fn row_spec(frame: &str, step: usize) -> LinkedRowSpec {
    LinkedRowSpec {
        step,
        frames: vec![frame.to_string()],
    }
}

/// The graphs at `step` that the loop frame's variables hold (a variable refers to the
/// holder or one of the graph's member objects).
pub(crate) fn frame_graphs(
    trace: &Trace,
    step: usize,
    frame: &str,
    options: &SceneOptions,
) -> Vec<SceneGraph> {
    let Some(frame) = trace.steps.get(step).and_then(|s| frame_at(s, frame)) else {
        return Vec::new();
    };
    let held: Vec<&str> = frame
        .locals
        .iter()
        .filter_map(|(_, v)| v.ref_id())
        .collect();
    step_graphs(trace, step, options)
        .unwrap_or_default()
        .into_iter()
        .filter(|g| {
            held.contains(&g.holder.as_str())
                || g.members.iter().any(|m| held.contains(&m.as_str()))
        })
        .collect()
}
