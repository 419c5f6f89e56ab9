//! The loop history of one step, with no positions: [`loop_scene`] → [`LoopScene`].
//!
//! For the loop running at a step (the innermost active loop; its frame is "the loop's
//! frame"), the history covers the run of the outermost loop of that frame around the step
//! and every loop of the frame inside it: one row per pass, read at the pass's end (the last
//! step of the pass at which no loop inside it runs: usually the header check that starts the
//! next pass, else the last step before the loop ends), sorted by step, each with its loop,
//! run and depth. Each row holds the shown containers' items (window offsets kept, so index 3
//! can be drawn under index 3), dict entries, grids with the focused cell, scalars, index
//! pointers, and what changed since the previous pass of the same run (the run's start for
//! its first pass), with the index each moved value most likely came from.
//!
//! Quiet passes (nothing shown changed besides the header's own variables) fold into bands,
//! passes a sampled trace did not record become gaps, and at most
//! [`LoopSceneOptions::max_rows`] rows are kept (the latest).

mod header;
mod histories;
mod history;
mod items;
mod linked_diff;
mod members;
#[cfg(test)]
mod reference;
mod row;
mod row_sizes;
mod select;
mod snapshot;
mod start;
mod structures;
mod types;

use algoscope_trace_format::Trace;

pub use histories::{loop_histories, LoopHistories};
pub use types::*;

use crate::SceneError;

/// The loop history shown at step `step` (0-based) of `trace`, or `None` when no loop is
/// active at that step.
///
/// Analyses the run around the step each call; to show many steps of one trace, build
/// [`loop_histories`] once and ask it [`LoopHistories::scene_at`] (the same scenes).
///
/// The trace must have full heaps (a validated trace always has). Rows stop at the current
/// step unless [`LoopSceneOptions::whole_run`] is set; what is shown (containers, scalars) is
/// chosen from the whole run, so it stays the same on every step of the run.
///
/// # Errors
/// [`SceneError::StepOutOfRange`] when `step >= trace.steps.len()`.
///
/// # Example
/// ```
/// use algoscope_scene::{loop_scene, LoopItem, LoopSceneOptions};
/// let step = |line: u32, i: Option<u32>, iteration: u32, s: &str| {
///     let i_local = i.map_or(String::new(), |i| {
///         format!(r#",["i",{{"kind":"prim","type":"int","repr":"{i}"}}]"#)
///     });
///     format!(
///         r#"{{"event":"line","line":{line},"stdoutLength":0,
///         "loops":[{{"frame":"f1","loop":"L1","instance":1,"iteration":{iteration}}}],
///         "stack":[{{"id":"f1","func":"<module>","line":{line},"locals":[["s",{{"kind":"prim","type":"int","repr":"{s}"}}]{i_local}]}}],
///         "heap":{{}}}}"#
///     )
/// };
/// let json = format!(
///     r#"{{"version":1,"language":"python","source":"s = 0\nfor i in range(2):\n    s += i\n","stdout":"",
///     "loops":[{{"id":"L1","kind":"for","line":2,"bodyStart":3,"bodyEnd":3,"header":"for i in range(2)"}}],
///     "steps":[{},{},{},{}]}}"#,
///     step(2, None, 0, "0"),
///     step(3, Some(0), 1, "0"),
///     step(2, Some(0), 1, "0"),
///     step(3, Some(1), 2, "0"),
/// );
/// let trace: algoscope_trace_format::Trace = serde_json::from_str(&json).unwrap();
/// let scene = loop_scene(&trace, 3, &LoopSceneOptions::default()).unwrap().unwrap();
/// let rows: Vec<u64> = scene.rows().map(|r| r.iteration).collect();
/// assert_eq!(rows, [1, 2]); // pass 1 ended at step 2; pass 2 is in progress
/// assert!(matches!(scene.items[0], LoopItem::RunHeader(_)));
/// assert_eq!(scene.scalars, ["i"]); // `s` never changes; `i` does
/// assert!(loop_scene(&trace, 9, &LoopSceneOptions::default()).is_err());
/// ```
pub fn loop_scene(
    trace: &Trace,
    step: usize,
    options: &LoopSceneOptions,
) -> Result<Option<LoopScene>, SceneError> {
    LoopHistories::around(trace, step, options).scene_at(trace, step)
}
