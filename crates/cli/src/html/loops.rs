//! Which steps of a run get a loop history on the page.
//!
//! `algoscope_scene::loop_scene` reads every pass of the loop's run at each step it draws, so
//! drawing every step of a run of `n` steps costs about `n²`. A run longer than
//! [`MAX_RUN_STEPS`] steps is left out of the page (its steps say so, and name the command
//! that draws it); everything else is drawn at every step.

use std::collections::HashMap;

use algoscope_scene::{LoopSceneOptions, SceneOptions};
use algoscope_trace_format::Trace;

/// Longest loop run, in steps, whose history the page draws at each of its steps. Measured
/// (debug build, a loop appending to a 60-item list): a 500-step run costs about 75 s to draw
/// at every step with 120 rows, a 2,000-step run about 8 minutes.
pub const MAX_RUN_STEPS: usize = 1_000;

/// Most rows of a loop history on the page (the latest are kept; `render --view loops` keeps
/// the scene's default 120). The pane shows a dozen rows at a time; fewer rows keep each
/// step's drawing, and so the time to build the page, small.
pub const PAGE_MAX_ROWS: usize = 40;

/// The loop-history options matching the memory view's `scene` options (the same hints and
/// pointer names), with the scene's default row cap (120).
pub fn loop_scene_options(scene: &SceneOptions) -> LoopSceneOptions {
    LoopSceneOptions {
        scene: scene.clone(),
        ..LoopSceneOptions::default()
    }
}

/// For each step: how many steps the loop run drawn there lasts (the outermost active loop of
/// the frame of the innermost one, as `loop_scene` draws it), or `None` when no loop is active.
pub fn run_lengths(trace: &Trace) -> Vec<Option<usize>> {
    let key_of = |i: usize| {
        let step = &trace.steps[i];
        let frame = &step.loops.last()?.frame;
        let outer = step.loops.iter().find(|c| &c.frame == frame)?;
        Some((outer.frame.as_str(), outer.loop_id.as_str(), outer.instance))
    };
    let keys: Vec<_> = (0..trace.steps.len()).map(key_of).collect();
    let mut counts: HashMap<(&str, &str, u64), usize> = HashMap::new();
    for key in keys.iter().flatten() {
        *counts.entry(*key).or_insert(0) += 1;
    }
    keys.iter()
        .map(|k| k.and_then(|k| counts.get(&k).copied()))
        .collect()
}

/// Adds step `i` (0-based) of a run of `length` steps to `spans` (`[first, last, length]`):
/// it extends the last span when `i` follows it in the same run, else starts a new one.
pub fn extend_span(spans: &mut Vec<[u64; 3]>, i: u64, length: u64) {
    match spans.last_mut() {
        Some(last) if last[1] + 1 == i && last[2] == length => last[1] = i,
        _ => spans.push([i, i, length]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(loops: &str) -> String {
        format!(
            r#"{{"event":"line","line":1,"stdoutLength":0,"loops":[{loops}],
            "stack":[{{"id":"f1","func":"<module>","line":1,"locals":[]}}],"heap":{{}}}}"#
        )
    }

    #[test]
    fn a_step_counts_the_outer_run_of_its_innermost_loop_frame() {
        let outer = r#"{"frame":"f1","loop":"L1","instance":1,"iteration":1}"#;
        let inner = r#"{"frame":"f1","loop":"L2","instance":1,"iteration":1}"#;
        let json = format!(
            r#"{{"version":1,"language":"python","source":"","stdout":"","steps":[{},{},{},{},{}]}}"#,
            step(""),
            step(outer),
            step(&format!("{outer},{inner}")),
            step(outer),
            step("")
        );
        let trace: Trace = serde_json::from_str(&json).unwrap();
        assert_eq!(
            run_lengths(&trace),
            vec![None, Some(3), Some(3), Some(3), None]
        );
    }

    #[test]
    fn spans_join_consecutive_steps_of_one_run() {
        let mut spans = Vec::new();
        for (i, n) in [(3, 9), (4, 9), (5, 9), (6, 7), (9, 7)] {
            extend_span(&mut spans, i, n);
        }
        assert_eq!(spans, vec![[3, 5, 9], [6, 6, 7], [9, 9, 7]]);
    }
}
