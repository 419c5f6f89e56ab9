//! Which steps make up the loop history of one step: the outermost run around it in the
//! innermost loop's frame, every pass of every loop of that frame within it, and the step each
//! pass's row is read from.
//!
//! The steps of one run of a loop are contiguous (every step lists the loops active in every
//! frame), so the run is found by scanning outward from the step. A step belongs to the
//! innermost loop of the frame active at it; a pass's row is the last step that belongs to it
//! (usually the header check that starts the next pass), so an outer pass's row shows its
//! state after its inner loops.

use std::collections::BTreeMap;

use algoscope_trace_format::{LoopContext, Step, Trace};
use serde::{Deserialize, Serialize};

use super::header::header_values;
use super::types::HeaderValue;

/// One run (instance) of one loop in the frame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Run {
    /// The loop id.
    pub loop_id: String,
    /// The instance number (1-based).
    pub run: u64,
    /// Nesting depth among the frame's active loops (0 outermost).
    pub depth: u32,
    /// The run's first step.
    pub start: usize,
    /// The header with values, as the tracer recorded it.
    pub call: Option<String>,
    /// The names the header reads and their values at `start`.
    pub values: Vec<HeaderValue>,
}

/// One recorded pass of a loop.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Pass {
    /// Index into [`History::runs`].
    pub run: usize,
    /// Pass number (1-based).
    pub iteration: u64,
    /// First step that belongs to the pass.
    pub first: usize,
    /// Last step that belongs to the pass: the row's step.
    pub last: usize,
}

/// The loop history around one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct History {
    /// The frame the loops run in.
    pub frame: String,
    /// First and last step of the outermost run.
    pub range: [usize; 2],
    /// Runs in order of their first step.
    pub runs: Vec<Run>,
    /// Passes in order of their row step.
    pub passes: Vec<Pass>,
}

fn same_run(ctx: &LoopContext, frame: &str, loop_id: &str, instance: u64) -> bool {
    ctx.frame == frame && ctx.loop_id == loop_id && ctx.instance == instance
}

fn in_run(step: &Step, frame: &str, loop_id: &str, instance: u64) -> bool {
    step.loops
        .iter()
        .any(|c| same_run(c, frame, loop_id, instance))
}

/// The history around `step`, or `None` when no loop is active at it.
pub(crate) fn history(trace: &Trace, step: usize) -> Option<History> {
    let here = trace.steps.get(step)?;
    let frame = here.loops.last()?.frame.clone();
    let outer = here.loops.iter().find(|c| c.frame == frame)?.clone();
    let member = |t: usize| {
        trace
            .steps
            .get(t)
            .is_some_and(|s| in_run(s, &frame, &outer.loop_id, outer.instance))
    };
    let mut first = step;
    while first > 0 && member(first - 1) {
        first -= 1;
    }
    let mut last = step;
    while member(last + 1) {
        last += 1;
    }

    let mut runs: Vec<Run> = Vec::new();
    let mut run_index: BTreeMap<(String, u64), usize> = BTreeMap::new();
    let mut passes: BTreeMap<(usize, u64), Pass> = BTreeMap::new();
    for t in first..=last {
        let mine: Vec<&LoopContext> = trace.steps[t]
            .loops
            .iter()
            .filter(|c| c.frame == frame)
            .collect();
        for (depth, ctx) in mine.iter().enumerate() {
            let key = (ctx.loop_id.clone(), ctx.instance);
            let index = *run_index.entry(key).or_insert_with(|| {
                runs.push(Run {
                    loop_id: ctx.loop_id.clone(),
                    run: ctx.instance,
                    depth: depth as u32,
                    start: t,
                    call: ctx.call.clone(),
                    values: header_values(trace, t, &frame, &ctx.loop_id),
                });
                runs.len() - 1
            });
            if runs[index].call.is_none() {
                runs[index].call = ctx.call.clone();
            }
        }
        let Some(owner) = mine.last() else {
            continue;
        };
        if owner.iteration == 0 {
            continue;
        }
        let Some(&run) = run_index.get(&(owner.loop_id.clone(), owner.instance)) else {
            continue;
        };
        passes
            .entry((run, owner.iteration))
            .and_modify(|p| p.last = t)
            .or_insert(Pass {
                run,
                iteration: owner.iteration,
                first: t,
                last: t,
            });
    }
    let mut passes: Vec<Pass> = passes.into_values().collect();
    passes.sort_by_key(|p| (p.last, p.run));
    Some(History {
        frame,
        range: [first, last],
        runs,
        passes,
    })
}

impl History {
    /// For each pass (same order as `passes`), the step it is compared with: the previous
    /// recorded pass of its run, else the run's first step.
    pub fn compare_steps(&self) -> Vec<usize> {
        let mut latest: BTreeMap<usize, (u64, usize)> = BTreeMap::new();
        let mut order: Vec<usize> = (0..self.passes.len()).collect();
        order.sort_by_key(|&i| (self.passes[i].run, self.passes[i].iteration));
        let mut out = vec![0; self.passes.len()];
        for i in order {
            let pass = &self.passes[i];
            out[i] = latest
                .get(&pass.run)
                .map_or(self.runs[pass.run].start, |&(_, step)| step);
            latest.insert(pass.run, (pass.iteration, pass.last));
        }
        out
    }
}
