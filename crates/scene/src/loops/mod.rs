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
mod history;
mod items;
mod linked_diff;
mod row;
mod row_sizes;
mod select;
mod snapshot;
mod structures;
mod types;

use std::collections::BTreeMap;

use algoscope_trace_format::Trace;

pub use types::*;

use crate::SceneError;
use header::loop_vars;
use history::history;
use items::{assemble, HeaderAt, Placed};
use row::{row_state, RowInput};
use select::select;
use snapshot::{frame_at, snapshot, Snapshot};
use structures::{frame_graphs, linked_rows};

/// The loop history shown at step `step` (0-based) of `trace`, or `None` when no loop is
/// active at that step.
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
    if step >= trace.steps.len() {
        return Err(SceneError::StepOutOfRange {
            step,
            steps: trace.steps.len(),
        });
    }
    let Some(h) = history(trace, step) else {
        return Ok(None);
    };
    let current_run = h.current_run();
    let compare = h.compare_steps();

    // Which passes become rows, read at which step.
    let mut shown: Vec<(usize, usize, bool)> = Vec::new(); // (pass index, row step, current)
    for (i, pass) in h.passes.iter().enumerate() {
        let owns_step = Some(pass.run) == current_run
            && pass.iteration == h.current.iteration
            && pass.first <= step
            && step <= pass.last;
        if options.whole_run {
            shown.push((i, pass.last, owns_step));
        } else if owns_step {
            shown.push((i, step, true));
        } else if pass.last < step {
            shown.push((i, pass.last, false));
        }
    }
    shown.sort_by_key(|(i, row_step, _)| (*row_step, h.passes[*i].run));

    // Every run's start and every pass's end choose what to show (the same on every step of
    // the run); rows also read the current step.
    let mut ends: Vec<usize> = h.runs.iter().map(|r| r.start).collect();
    ends.extend(h.passes.iter().map(|p| p.last));
    let mut states: BTreeMap<usize, Snapshot> = BTreeMap::new();
    for &t in ends.iter().chain(shown.iter().map(|(_, s, _)| s)) {
        states
            .entry(t)
            .or_insert_with(|| snapshot(trace, t, &h.frame));
    }
    ends.sort_unstable();
    ends.dedup();
    let chosen_from: Vec<&Snapshot> = ends.iter().filter_map(|t| states.get(t)).collect();
    let mut linked_steps: Vec<usize> = states.keys().copied().collect();
    linked_steps.sort_unstable();
    let linked = linked_rows(trace, &h.frame, &linked_steps, &options.scene);
    // Names on linked nodes are drawn on the nodes of each row's linked track.
    let node_class = linked.as_ref().map(|(l, _)| l.track.class.as_str());
    let selection = select(trace, &chosen_from, options, node_class);

    let infos: BTreeMap<&str, &algoscope_trace_format::LoopInfo> =
        trace.loops.iter().map(|l| (l.id.as_str(), l)).collect();
    let header_of = |id: &str| infos.get(id).map_or_else(String::new, |l| l.header.clone());
    let mut loop_ids: Vec<(&str, u32)> = Vec::new();
    for run in &h.runs {
        if !loop_ids.iter().any(|(id, _)| *id == run.loop_id) {
            loop_ids.push((&run.loop_id, run.depth));
        }
    }
    loop_ids.sort_by_key(|(_, depth)| *depth);
    let loops: Vec<LoopDesc> = loop_ids
        .iter()
        .filter_map(|(id, depth)| {
            let info = infos.get(id)?;
            Some(LoopDesc {
                id: id.to_string(),
                kind: info.kind,
                line: info.line,
                header: info.header.clone(),
                depth: *depth,
                loop_vars: loop_vars(&info.header),
            })
        })
        .collect();
    let all_loop_vars: Vec<String> = loops.iter().flat_map(|l| l.loop_vars.clone()).collect();

    let empty = Snapshot::default();
    let mut placed: Vec<Placed> = Vec::new();
    let mut previous_in_run: BTreeMap<usize, (u64, usize)> = BTreeMap::new();
    for &(i, row_step, current) in &shown {
        let pass = &h.passes[i];
        let run = &h.runs[pass.run];
        let now = states.get(&row_step).unwrap_or(&empty);
        let before = states.get(&compare[i]).unwrap_or(&empty);
        let input = RowInput {
            step: row_step,
            frame: &h.frame,
            now,
            before,
            loop_vars: &all_loop_vars,
        };
        let (containers, scalars, pointers, changed) =
            row_state(trace, &selection, &input, options);
        let linked_row = linked.as_ref().and_then(|(_, rows)| rows.get(&row_step));
        let linked_before = linked.as_ref().and_then(|(_, rows)| rows.get(&compare[i]));
        let linked_changed =
            linked_row.map(|r| &r.signature) != linked_before.map(|r| &r.signature);
        // A name moving along the track (`cur = cur.next`) is a change too: such names are
        // drawn on nodes, not as scalar columns.
        let names_moved = linked_row.map(|r| &r.names) != linked_before.map(|r| &r.names);
        let (last_iteration, last_step) = previous_in_run
            .get(&pass.run)
            .copied()
            .unwrap_or((0, run.start));
        let skipped_passes = pass.iteration.saturating_sub(last_iteration + 1);
        let gap_before = (skipped_passes > 0).then(|| {
            let events = (last_step + 1..=pass.first)
                .filter_map(|t| trace.steps.get(t).and_then(|s| s.skipped))
                .sum();
            (skipped_passes, events)
        });
        previous_in_run.insert(pass.run, (pass.iteration, pass.last));
        let sizes = options.scene.size_model.and_then(|model| {
            row_sizes::row_sizes(trace, row_step, model, &containers, linked_row)
        });
        placed.push(Placed {
            row: LoopRow {
                loop_id: run.loop_id.clone(),
                run: run.run,
                depth: run.depth,
                iteration: pass.iteration,
                step: row_step,
                compare_step: compare[i],
                label: format!("pass {}", pass.iteration),
                current,
                changed: changed || linked_changed || names_moved,
                containers,
                scalars,
                pointers,
                linked: linked_row.cloned(),
                linked_changed,
                linked_changes: linked_diff::changed_nodes(linked_row, linked_before),
                graphs: frame_graphs(trace, row_step, &h.frame, &options.scene),
                sizes,
            },
            gap_before,
        });
    }

    let mut run_end: BTreeMap<usize, usize> = BTreeMap::new();
    for p in &h.passes {
        let end = run_end.entry(p.run).or_insert(p.last);
        *end = (*end).max(p.last);
    }
    let headers: Vec<HeaderAt> = h
        .runs
        .iter()
        .enumerate()
        .filter(|(index, run)| {
            *index == 0
                || Some(*index) == current_run
                || placed
                    .iter()
                    .any(|p| p.row.loop_id == run.loop_id && p.row.run == run.run)
        })
        .filter(|(_, run)| options.whole_run || run.start <= step)
        .map(|(index, run)| HeaderAt {
            header: RunHeader {
                loop_id: run.loop_id.clone(),
                run: run.run,
                depth: run.depth,
                header: header_of(&run.loop_id),
                call: run.call.clone(),
                step: run.start,
            },
            end: run_end.get(&index).copied().unwrap_or(run.start),
        })
        .collect();
    let items = assemble(headers, placed, options);

    let latest = states
        .get(&step)
        .or_else(|| states.values().last())
        .unwrap_or(&empty);
    let mut containers = shown_containers(&selection, &states, latest);
    for row in types::rows_of(&items) {
        for graph in &row.graphs {
            for (shown, c) in containers.iter_mut().zip(&row.containers) {
                if shown.graph.is_none() && c.id.as_deref() == Some(graph.holder.as_str()) {
                    shown.graph = Some(graph.id.clone());
                }
            }
        }
    }
    let func = trace
        .steps
        .get(step)
        .and_then(|s| frame_at(s, &h.frame))
        .map_or_else(String::new, |f| f.func.clone());
    Ok(Some(LoopScene {
        step,
        frame: h.frame.clone(),
        func,
        current_loop: h.current.loop_id.clone(),
        loops,
        run_steps: h.range,
        containers,
        scalars: selection.scalars.clone(),
        sampled: trace.sampled,
        linked: linked.map(|(l, _)| l),
        items,
        size_model: options.scene.size_model,
    }))
}

/// The shown containers with the widest extent any state of the run gives them.
fn shown_containers(
    selection: &select::Selection,
    states: &BTreeMap<usize, Snapshot>,
    latest: &Snapshot,
) -> Vec<ShownContainer> {
    selection
        .containers
        .iter()
        .map(|name| {
            let held: Vec<&snapshot::Held> = states
                .values()
                .filter_map(|s| s.containers.get(name))
                .map(|h| &h.held)
                .collect();
            let kind = latest
                .containers
                .get(name)
                .or_else(|| states.values().rev().find_map(|s| s.containers.get(name)))
                .map_or(ContainerKind::List, |h| h.held.kind());
            let mut out = ShownContainer {
                name: name.clone(),
                kind,
                max_items: 0,
                max_grid_rows: 0,
                max_index_end: 0,
                graph: None,
            };
            for h in held {
                match h {
                    snapshot::Held::Sequence { offset, items, .. } => {
                        out.max_items = out.max_items.max(items.len() as u64);
                        out.max_index_end = out.max_index_end.max(offset + items.len() as u64);
                    }
                    snapshot::Held::Dict { entries, .. } => {
                        out.max_items = out.max_items.max(entries.len() as u64);
                    }
                    snapshot::Held::Grid { rows, .. } => {
                        let cols = rows.iter().map(Vec::len).max().unwrap_or(0) as u64;
                        out.max_items = out.max_items.max(cols);
                        out.max_grid_rows = out.max_grid_rows.max(rows.len() as u64);
                    }
                }
            }
            out
        })
        .collect()
}
