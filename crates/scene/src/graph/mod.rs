//! Graphs held by the program: detection, node keys, the state overlay and the run-wide
//! universe of nodes and edges. Pure functions of the trace; plain serde output.
//!
//! - [`node_key`]: one key per node across languages (`'A'` in Python, `A` as a JS key,
//!   `"3"` and `3`).
//! - detection (`memory_scene` fills [`crate::MemoryScene::graphs`]; [`step_graphs`] alone):
//!   adjacency dicts / Maps, hinted lists of neighbour lists, graphs of objects.
//! - the overlay ([`GraphOverlay`]): visited, queue order, parents, distances, the current
//!   node, from the program's own variables.
//! - [`graph_universe`]: every node and edge each graph ever has, for one layout per run.

mod detect;
mod keys;
mod overlay;
mod types;
mod universe;

use algoscope_trace_format::Trace;

pub use detect::{MAX_GRAPH_NODES, MIN_GRAPH_NODES};
pub use keys::{key_label, node_key};
pub use overlay::{
    CURRENT_NAMES, DISTANCE_NAMES, ORDER_NAMES, PARENT_NAMES, POINTER_NAMES, QUEUE_NAMES,
    STACK_NAMES, VISITED_NAMES,
};
pub use types::*;
pub use universe::graph_universe;

use crate::build::SceneError;
use crate::reach::reach;

/// The graphs of one step (detected, with overlays), as [`crate::MemoryScene::graphs`] holds
/// them.
pub(crate) fn find_graphs(
    trace: &Trace,
    step: &algoscope_trace_format::Step,
    order: &[String],
    options: &crate::SceneOptions,
) -> Vec<SceneGraph> {
    let mut graphs = detect::detect_graphs(trace, step, order, options);
    for g in &mut graphs {
        g.overlay = overlay::read_overlay(trace, step, g, options);
    }
    graphs
}

/// The graphs of step `step` (0-based) of `trace`, or none when the step is out of range.
fn step_graphs_at(trace: &Trace, step: usize, options: &crate::SceneOptions) -> Vec<SceneGraph> {
    let Some(current) = trace.steps.get(step) else {
        return Vec::new();
    };
    let order = reach(current).order;
    find_graphs(trace, current, &order, options)
}

/// The graphs of step `step` (0-based) of `trace` with their overlays: the same list
/// [`crate::memory_scene`] puts in [`crate::MemoryScene::graphs`], without the rest of the
/// scene.
///
/// # Errors
/// [`SceneError::StepOutOfRange`] when `step >= trace.steps.len()`.
///
/// # Example
/// ```
/// use algoscope_scene::{step_graphs, SceneOptions};
/// let json = r#"{"version":1,"language":"javascript","source":"","stdout":"",
///   "steps":[{"event":"line","line":1,"stdoutLength":0,
///     "stack":[{"id":"f1","func":"<main>","line":1,"locals":[
///        ["g",{"kind":"ref","id":"o1"}],["node",{"kind":"prim","type":"number","repr":"1"}]]}],
///     "heap":{"o1":{"kind":"dict","typeName":"Object","length":2,"entries":[
///        [{"kind":"prim","type":"string","repr":"'1'"},{"kind":"ref","id":"o2"}],
///        [{"kind":"prim","type":"string","repr":"'2'"},{"kind":"ref","id":"o3"}]]},
///       "o2":{"kind":"list","typeName":"Array","length":1,"items":[{"kind":"prim","type":"number","repr":"2"}]},
///       "o3":{"kind":"list","typeName":"Array","length":1,"items":[{"kind":"prim","type":"number","repr":"1"}]}}}]}"#;
/// let trace: algoscope_trace_format::Trace = serde_json::from_str(json).unwrap();
/// let graphs = step_graphs(&trace, 0, &SceneOptions::default()).unwrap();
/// assert_eq!(graphs[0].nodes[0].key, "n:1");
/// assert!(!graphs[0].directed);
/// assert_eq!(graphs[0].overlay.pointers[0].node, "n:1");
/// ```
pub fn step_graphs(
    trace: &Trace,
    step: usize,
    options: &crate::SceneOptions,
) -> Result<Vec<SceneGraph>, SceneError> {
    if step >= trace.steps.len() {
        return Err(SceneError::StepOutOfRange {
            step,
            steps: trace.steps.len(),
        });
    }
    Ok(step_graphs_at(trace, step, options))
}
