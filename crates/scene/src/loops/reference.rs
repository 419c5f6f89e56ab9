//! The loop history computed the straightforward way, reading every pass of the run at the
//! step asked for: the oracle [`super::LoopHistories::scene_at`] is checked against on every
//! step of every golden trace.

use std::collections::BTreeMap;

use algoscope_trace_format::Trace;

use super::header::loop_vars;
use super::histories::RowSource;
use super::history::history;
use super::items::{assemble, HeaderAt, Placed, Window};
use super::select::{self, select};
use super::snapshot::{self, frame_at, snapshot, Snapshot};
use super::start::{attach_starts, run_index, start_pass};
use super::structures::linked_rows;
use super::types::*;
use crate::SceneError;

/// The loop history at `step`, every pass read afresh.
pub(super) fn loop_scene_reference(
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
    let Some(current) = trace.steps[step].loops.last().cloned() else {
        return Ok(None);
    };
    let current_run = h
        .runs
        .iter()
        .position(|r| r.loop_id == current.loop_id && r.run == current.instance);
    let compare = h.compare_steps();

    // Which passes become rows, read at which step.
    let mut shown: Vec<(usize, usize, bool)> = Vec::new(); // (pass index, row step, current)
    for (i, pass) in h.passes.iter().enumerate() {
        let owns_step = Some(pass.run) == current_run
            && pass.iteration == current.iteration
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

    let no_linked_rows = BTreeMap::new();
    let rows = RowSource {
        trace,
        frame: &h.frame,
        selection: &selection,
        loop_vars: &all_loop_vars,
        linked_rows: linked.as_ref().map_or(&no_linked_rows, |(_, rows)| rows),
        options,
    };
    let empty = Snapshot::default();
    let mut placed: Vec<Placed> = Vec::new();
    let mut previous_in_run: BTreeMap<usize, (u64, usize)> = BTreeMap::new();
    for &(i, row_step, current) in &shown {
        let pass = &h.passes[i];
        let run = &h.runs[pass.run];
        let now = states.get(&row_step).unwrap_or(&empty);
        let before = states.get(&compare[i]).unwrap_or(&empty);
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
        placed.push(Placed {
            row: rows.row(run, pass, (row_step, compare[i]), (now, before), current),
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
                values: run.values.clone(),
                start: None,
            },
            end: run_end.get(&index).copied().unwrap_or(run.start),
        })
        .collect();
    let mut items = assemble(
        Window {
            headers,
            after_step: None,
            rows: placed,
            rows_before: 0,
        },
        options,
    );
    attach_starts(&mut items, |header| {
        let index = run_index(&h.runs, header)?;
        let run = &h.runs[index];
        let state = states.get(&run.start).unwrap_or(&empty);
        let pass = start_pass(index, run.start);
        Some(rows.row(run, &pass, (run.start, run.start), (state, state), false))
    });

    let latest = states
        .get(&step)
        .or_else(|| states.values().last())
        .unwrap_or(&empty);
    let mut containers = shown_containers(&selection, &states, latest);
    for row in rows_of(&items) {
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
        current_loop: current.loop_id.clone(),
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

#[cfg(test)]
mod tests {
    use std::path::Path;

    // The golden traces, from the test-support crate. It depends on this crate, so these unit
    // tests see a second copy of the scene types there; only `Trace` (trace-format's, shared)
    // crosses between the two.
    use algoscope_test_support::goldens;

    use super::*;
    use crate::loop_histories;

    /// Every golden trace, and the sampled-loop fixture.
    fn goldens() -> Vec<(String, Trace)> {
        let fixture =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/loops_fixtures/sampled_range.json");
        let mut traces = vec![(fixture.display().to_string(), goldens::load(&fixture))];
        traces.extend(goldens::all_goldens());
        traces
    }

    /// Small caps and bands too, so the window the query assembles is cut often.
    fn option_sets() -> Vec<LoopSceneOptions> {
        [(120, 2, false), (3, 2, false), (1, 1, false), (4, 3, true)]
            .into_iter()
            .map(|(max_rows, min_quiet_band, whole_run)| LoopSceneOptions {
                max_rows,
                min_quiet_band,
                whole_run,
                ..LoopSceneOptions::default()
            })
            .collect()
    }

    #[test]
    fn the_query_equals_reading_every_pass_at_every_step_of_every_golden_trace() {
        let traces = goldens();
        assert!(
            traces.len() >= 49,
            "goldens of every language and the sampled fixture"
        );
        let mut compared = 0;
        for (name, trace) in &traces {
            for options in option_sets() {
                let histories = loop_histories(trace, &options);
                for step in 0..trace.steps.len() {
                    let want = loop_scene_reference(trace, step, &options).expect("in range");
                    let got = histories.scene_at(trace, step).expect("in range");
                    assert_eq!(
                        got, want,
                        "{name} @{step} (max rows {}, band {}, whole run {})",
                        options.max_rows, options.min_quiet_band, options.whole_run
                    );
                    compared += usize::from(got.is_some());
                }
            }
        }
        assert!(compared > 10_000, "{compared} scenes compared");
    }
}
