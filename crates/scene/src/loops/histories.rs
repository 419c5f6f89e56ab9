//! Every loop history of a trace, analysed once: [`loop_histories`] → [`LoopHistories`], then
//! [`LoopHistories::scene_at`] gives the [`LoopScene`] of any step cheaply.
//!
//! A step's history depends on the step only through the run it falls in (the outermost run
//! of the innermost loop's frame) and the step itself. So each such run is analysed once (a
//! `RunGroup`): its runs and passes, what is shown, and every pass's row read at the pass's
//! end. A step then adds the pass in progress (read at the step) and the run headers open at
//! the step, and folds and caps the latest rows. Quiet passes fold in segments that never
//! depend on the step (consecutive quiet rows of one run with no gap between them), so only
//! the segments holding the rows the cap keeps, plus one more row, are assembled per step.

use std::collections::BTreeMap;

use algoscope_trace_format::Trace;
use serde::{Deserialize, Serialize};

use super::header::loop_vars;
use super::history::{history, Pass, Run};
use super::items::{assemble, HeaderAt, Placed, Window};
use super::row::{row_state, RowInput};
use super::select::{select, Selection};
use super::snapshot::{frame_at, snapshot, Held, Snapshot};
use super::start::{attach_starts, run_index, start_pass};
use super::structures::{frame_graphs, linked_rows, row_spec};
use super::types::*;
use super::{linked_diff, row_sizes};
use crate::linked::{detect_shape, linked_row, LinkedRow, OrderIndex, TrackSurvey};
use crate::LinkedShape;
use crate::SceneError;

/// Every loop history of one trace, analysed once by [`loop_histories`]: plain data (serde,
/// camelCase JSON). Ask it for any step's scene with [`LoopHistories::scene_at`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoopHistories {
    /// The options every scene is built with.
    options: LoopSceneOptions,
    /// The analysed runs (outermost runs of a frame's loops).
    groups: Vec<RunGroup>,
    /// For each step of the trace: index into `groups`, `None` when no loop runs at it.
    group_of_step: Vec<Option<usize>>,
}

/// The outermost run of one frame's loops with everything about it that does not depend on
/// the step shown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RunGroup {
    /// The frame the loops run in.
    frame: String,
    /// First and last step of the outermost run.
    range: [usize; 2],
    /// Runs in order of their first step.
    runs: Vec<Run>,
    /// Passes in order of their row step.
    passes: Vec<Pass>,
    /// For each run: its passes (indices into `passes`) in pass order.
    run_passes: Vec<Vec<usize>>,
    /// For each pass: the step its row is compared with.
    compare: Vec<usize>,
    /// The loops with rows, outermost first.
    loops: Vec<LoopDesc>,
    /// Every loop's header variables.
    loop_vars: Vec<String>,
    /// What is shown.
    selection: Selection,
    /// Every run's start and every pass's end, sorted, each once: the states what is shown is
    /// chosen from.
    ends: Vec<usize>,
    /// The shown containers with their extents over `ends`, and their kind in the last state
    /// of `ends` holding them.
    containers: Vec<ShownContainer>,
    /// The linked track over `ends`.
    linked: Option<LoopLinked>,
    /// Its row at each step of `ends` (empty without a track).
    linked_rows: BTreeMap<usize, LinkedRow>,
    /// What the track was chosen from over `ends` (with a track only), so a step that is
    /// not an end adds its own survey only.
    track_survey: Option<TrackSurvey>,
    /// The track's columns and chains over `ends`, indexed (with a track only).
    linked_order: Option<OrderIndex>,
    /// Each pass's row, read at its end (`current: false`).
    rows: Vec<LoopRow>,
    /// Each run's state at its start, as a row (pass 0, compared with itself), for the run
    /// headers whose first pass moved something.
    start_rows: Vec<LoopRow>,
    /// Each pass's gap before it: passes skipped right before it in its run and their events.
    gap_before: Vec<Option<(u64, u64)>>,
    /// Each run's last row step (its start when it has no pass).
    run_end: Vec<usize>,
    /// Each run's first row step, when it has a pass.
    first_end: Vec<Option<usize>>,
    /// Each pass's fold segment: the first pass of the consecutive quiet rows of its run with
    /// no gap between them that it belongs to (itself when it changed something).
    segment_start: Vec<usize>,
    /// Rows left after folding the passes before each segment start (index `passes.len()`
    /// included); meaningful at segment starts only.
    folded_before: Vec<usize>,
}

/// Analyses every loop run of `trace` once, for [`LoopHistories::scene_at`].
///
/// Costs about one [`crate::loop_scene`] call per outermost loop run (each pass's row is read
/// once), where calling `loop_scene` at every step reads every pass of the run at every step.
/// Memory: one row per pass of every run.
///
/// # Example
/// ```
/// use algoscope_scene::{loop_histories, loop_scene, LoopSceneOptions};
/// let step = |line: u32, i: u32, iteration: u32| format!(
///     r#"{{"event":"line","line":{line},"stdoutLength":0,
///     "loops":[{{"frame":"f1","loop":"L1","instance":1,"iteration":{iteration}}}],
///     "stack":[{{"id":"f1","func":"<module>","line":{line},
///       "locals":[["i",{{"kind":"prim","type":"int","repr":"{i}"}}]]}}],"heap":{{}}}}"#);
/// let json = format!(
///     r#"{{"version":1,"language":"python","source":"for i in range(2):\n    pass\n","stdout":"",
///     "loops":[{{"id":"L1","kind":"for","line":1,"bodyStart":2,"bodyEnd":2,"header":"for i in range(2)"}}],
///     "steps":[{},{},{},{}]}}"#,
///     step(1, 0, 0), step(2, 0, 1), step(1, 0, 1), step(2, 1, 2));
/// let trace: algoscope_trace_format::Trace = serde_json::from_str(&json).unwrap();
/// let options = LoopSceneOptions::default();
/// let histories = loop_histories(&trace, &options);
/// for step in 0..trace.steps.len() {
///     assert_eq!(histories.scene_at(&trace, step).unwrap(), loop_scene(&trace, step, &options).unwrap());
/// }
/// assert!(histories.scene_at(&trace, 4).is_err());
/// ```
pub fn loop_histories(trace: &Trace, options: &LoopSceneOptions) -> LoopHistories {
    let mut groups: Vec<RunGroup> = Vec::new();
    let mut by_key: BTreeMap<(&str, &str, u64), Vec<usize>> = BTreeMap::new();
    let mut group_of_step = Vec::with_capacity(trace.steps.len());
    for (index, step) in trace.steps.iter().enumerate() {
        let key = step.loops.last().and_then(|inner| {
            let outer = step.loops.iter().find(|c| c.frame == inner.frame)?;
            Some((outer.frame.as_str(), outer.loop_id.as_str(), outer.instance))
        });
        let Some(key) = key else {
            group_of_step.push(None);
            continue;
        };
        let known = by_key.get(&key).and_then(|list| {
            list.iter().copied().find(|&g| {
                let [first, last] = groups[g].range;
                first <= index && index <= last
            })
        });
        let group = match known {
            Some(g) => Some(g),
            None => RunGroup::build(trace, index, options).map(|group| {
                groups.push(group);
                by_key.entry(key).or_default().push(groups.len() - 1);
                groups.len() - 1
            }),
        };
        group_of_step.push(group);
    }
    LoopHistories {
        options: options.clone(),
        groups,
        group_of_step,
    }
}

impl LoopHistories {
    /// The histories of the run around `step` only (what [`crate::loop_scene`] needs).
    pub(crate) fn around(trace: &Trace, step: usize, options: &LoopSceneOptions) -> Self {
        let group = RunGroup::build(trace, step, options);
        let mut group_of_step = vec![None; trace.steps.len()];
        if let Some(g) = &group {
            for slot in group_of_step
                .iter_mut()
                .take(g.range[1] + 1)
                .skip(g.range[0])
            {
                *slot = Some(0);
            }
        }
        LoopHistories {
            options: options.clone(),
            groups: group.into_iter().collect(),
            group_of_step,
        }
    }

    /// The loop history shown at step `step` (0-based) of `trace` — the trace these
    /// histories were built from — exactly as [`crate::loop_scene`] gives it, or `None` when
    /// no loop is active at that step. Costs one read of the step's state (and of the state it
    /// is compared with) plus the rows kept, not the whole run.
    ///
    /// # Errors
    /// [`SceneError::StepOutOfRange`] when `step >= trace.steps.len()`.
    pub fn scene_at(&self, trace: &Trace, step: usize) -> Result<Option<LoopScene>, SceneError> {
        self.scene_with(trace, step, &self.options)
    }

    fn scene_with(
        &self,
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
        let Some(group) = self.group_of_step.get(step).copied().flatten() else {
            return Ok(None);
        };
        Ok(self
            .groups
            .get(group)
            .and_then(|g| g.scene(trace, step, options)))
    }

    /// [`LoopHistories::scene_at`] keeping at most `max_rows` rows in place of the options'
    /// (the analysis does not depend on the row cap, so one analysis serves any cap).
    ///
    /// # Errors
    /// As [`LoopHistories::scene_at`].
    pub fn scene_at_rows(
        &self,
        trace: &Trace,
        step: usize,
        max_rows: usize,
    ) -> Result<Option<LoopScene>, SceneError> {
        let options = LoopSceneOptions {
            max_rows,
            ..self.options.clone()
        };
        self.scene_with(trace, step, &options)
    }

    /// The options the scenes are built with.
    pub fn options(&self) -> &LoopSceneOptions {
        &self.options
    }
}

/// What a row is made from, besides its pass and states (also the reference's row builder).
pub(super) struct RowSource<'a> {
    pub(super) trace: &'a Trace,
    pub(super) frame: &'a str,
    pub(super) selection: &'a Selection,
    pub(super) loop_vars: &'a [String],
    pub(super) linked_rows: &'a BTreeMap<usize, LinkedRow>,
    pub(super) options: &'a LoopSceneOptions,
}

impl RowSource<'_> {
    /// The row of `pass` (of `run`) read at `row_step` from `now`, compared with `before`
    /// (the state at `compare_step`).
    pub(super) fn row(
        &self,
        run: &Run,
        pass: &Pass,
        (row_step, compare_step): (usize, usize),
        (now, before): (&Snapshot, &Snapshot),
        current: bool,
    ) -> LoopRow {
        let input = RowInput {
            step: row_step,
            frame: self.frame,
            now,
            before,
            loop_vars: self.loop_vars,
        };
        let (containers, scalars, pointers, changed) =
            row_state(self.trace, self.selection, &input, self.options);
        let linked_row = self.linked_rows.get(&row_step);
        let linked_before = self.linked_rows.get(&compare_step);
        let linked_changed =
            linked_row.map(|r| &r.signature) != linked_before.map(|r| &r.signature);
        // A name moving along the track (`cur = cur.next`) is a change too: such names are
        // drawn on nodes, not as scalar columns.
        let names_moved = linked_row.map(|r| &r.names) != linked_before.map(|r| &r.names);
        let sizes = self.options.scene.size_model.and_then(|model| {
            row_sizes::row_sizes(self.trace, row_step, model, &containers, linked_row)
        });
        LoopRow {
            loop_id: run.loop_id.clone(),
            run: run.run,
            depth: run.depth,
            iteration: pass.iteration,
            step: row_step,
            compare_step,
            label: format!("pass {}", pass.iteration),
            current,
            changed: changed || linked_changed || names_moved,
            containers,
            scalars,
            pointers,
            linked: linked_row.cloned(),
            linked_changed,
            linked_changes: linked_diff::changed_nodes(linked_row, linked_before),
            graphs: frame_graphs(self.trace, row_step, self.frame, &self.options.scene),
            sizes,
        }
    }
}

/// Each pass's row read at its end, from the states at `ends`.
fn end_rows(
    source: &RowSource<'_>,
    runs: &[Run],
    passes: &[Pass],
    compare: &[usize],
    states: &BTreeMap<usize, Snapshot>,
) -> Vec<LoopRow> {
    let empty = Snapshot::default();
    passes
        .iter()
        .zip(compare)
        .map(|(pass, &compare_step)| {
            let now = states.get(&pass.last).unwrap_or(&empty);
            let before = states.get(&compare_step).unwrap_or(&empty);
            source.row(
                &runs[pass.run],
                pass,
                (pass.last, compare_step),
                (now, before),
                false,
            )
        })
        .collect()
}

/// Each run's row read at its start (pass 0, compared with that same state), from the states
/// at `ends` (which hold every run's start).
fn start_rows(
    source: &RowSource<'_>,
    runs: &[Run],
    states: &BTreeMap<usize, Snapshot>,
) -> Vec<LoopRow> {
    let empty = Snapshot::default();
    runs.iter()
        .enumerate()
        .map(|(index, run)| {
            let state = states.get(&run.start).unwrap_or(&empty);
            let pass = start_pass(index, run.start);
            source.row(run, &pass, (run.start, run.start), (state, state), false)
        })
        .collect()
}

/// Widens `out`'s extents to what `held` shows.
fn widen(out: &mut ShownContainer, held: &Held) {
    match held {
        Held::Sequence { offset, items, .. } => {
            out.max_items = out.max_items.max(items.len() as u64);
            out.max_index_end = out.max_index_end.max(offset + items.len() as u64);
        }
        Held::Dict { entries, .. } => {
            out.max_items = out.max_items.max(entries.len() as u64);
        }
        Held::Grid { rows, .. } => {
            let cols = rows.iter().map(Vec::len).max().unwrap_or(0) as u64;
            out.max_items = out.max_items.max(cols);
            out.max_grid_rows = out.max_grid_rows.max(rows.len() as u64);
        }
    }
}

impl RunGroup {
    /// Analyses the run around `step`; `None` when no loop is active there.
    fn build(trace: &Trace, step: usize, options: &LoopSceneOptions) -> Option<RunGroup> {
        let h = history(trace, step)?;
        let compare = h.compare_steps();
        let mut ends: Vec<usize> = h.runs.iter().map(|r| r.start).collect();
        ends.extend(h.passes.iter().map(|p| p.last));
        ends.sort_unstable();
        ends.dedup();
        let states: BTreeMap<usize, Snapshot> = ends
            .iter()
            .map(|&t| (t, snapshot(trace, t, &h.frame)))
            .collect();
        let chosen_from: Vec<&Snapshot> = states.values().collect();
        let (linked, linked_rows) = match linked_rows(trace, &h.frame, &ends, &options.scene) {
            Some((linked, rows)) => (Some(linked), rows),
            None => (None, BTreeMap::new()),
        };
        let track_survey = linked.as_ref().and_then(|_| {
            let specs: Vec<_> = ends.iter().map(|&t| row_spec(&h.frame, t)).collect();
            TrackSurvey::of(trace, &specs).ok()
        });
        let linked_order = linked.as_ref().map(|l| {
            let rows: Vec<&LinkedRow> = linked_rows.values().collect();
            OrderIndex::new(&rows, &l.columns, &l.chains)
        });
        // Names on linked nodes are drawn on the nodes of each row's linked track.
        let node_class = linked.as_ref().map(|l| l.track.class.as_str());
        let selection = select(trace, &chosen_from, options, node_class);
        let loops = loop_descs(trace, &h.runs);
        let loop_vars: Vec<String> = loops.iter().flat_map(|l| l.loop_vars.clone()).collect();

        let containers = selection
            .containers
            .iter()
            .map(|name| {
                let kind = states
                    .values()
                    .rev()
                    .find_map(|s| s.containers.get(name))
                    .map_or(ContainerKind::List, |h| h.held.kind());
                let mut out = ShownContainer {
                    name: name.clone(),
                    kind,
                    max_items: 0,
                    max_grid_rows: 0,
                    max_index_end: 0,
                    graph: None,
                };
                for held in states.values().filter_map(|s| s.containers.get(name)) {
                    widen(&mut out, &held.held);
                }
                out
            })
            .collect();

        let source = RowSource {
            trace,
            frame: &h.frame,
            selection: &selection,
            loop_vars: &loop_vars,
            linked_rows: &linked_rows,
            options,
        };
        let rows = end_rows(&source, &h.runs, &h.passes, &compare, &states);
        let start_rows = start_rows(&source, &h.runs, &states);
        drop(states);

        let mut run_passes: Vec<Vec<usize>> = vec![Vec::new(); h.runs.len()];
        let mut run_end: Vec<usize> = h.runs.iter().map(|r| r.start).collect();
        let mut first_end: Vec<Option<usize>> = vec![None; h.runs.len()];
        let mut previous_in_run: BTreeMap<usize, (u64, usize)> = BTreeMap::new();
        let mut gap_before = Vec::with_capacity(h.passes.len());
        for (i, pass) in h.passes.iter().enumerate() {
            run_passes[pass.run].push(i);
            let first = first_end[pass.run].get_or_insert(pass.last);
            *first = (*first).min(pass.last);
            if run_passes[pass.run].len() == 1 {
                run_end[pass.run] = pass.last;
            } else {
                run_end[pass.run] = run_end[pass.run].max(pass.last);
            }
            let (last_iteration, last_step) = previous_in_run
                .get(&pass.run)
                .copied()
                .unwrap_or((0, h.runs[pass.run].start));
            let skipped_passes = pass.iteration.saturating_sub(last_iteration + 1);
            gap_before.push((skipped_passes > 0).then(|| {
                let events = (last_step + 1..=pass.first)
                    .filter_map(|t| trace.steps.get(t).and_then(|s| s.skipped))
                    .sum();
                (skipped_passes, events)
            }));
            previous_in_run.insert(pass.run, (pass.iteration, pass.last));
        }
        for list in &mut run_passes {
            list.sort_by_key(|&i| h.passes[i].iteration);
        }

        let min = options.min_quiet_band.max(1);
        let quiet = |i: usize| !rows[i].changed;
        let mut segment_start: Vec<usize> = Vec::with_capacity(h.passes.len());
        for i in 0..h.passes.len() {
            let joins = i > 0
                && quiet(i)
                && quiet(i - 1)
                && h.passes[i - 1].run == h.passes[i].run
                && gap_before[i].is_none();
            segment_start.push(if joins { segment_start[i - 1] } else { i });
        }
        let mut folded_before = vec![0; h.passes.len() + 1];
        let mut start = 0;
        for end in 1..=h.passes.len() {
            if end < h.passes.len() && segment_start[end] != end {
                folded_before[end] = folded_before[start];
                continue;
            }
            let len = end - start;
            let kept = if quiet(start) && len >= min { 0 } else { len };
            folded_before[end] = folded_before[start] + kept;
            start = end;
        }

        Some(RunGroup {
            frame: h.frame,
            range: h.range,
            runs: h.runs,
            passes: h.passes,
            run_passes,
            compare,
            loops,
            loop_vars,
            selection,
            ends,
            containers,
            linked,
            linked_rows,
            track_survey,
            linked_order,
            rows,
            start_rows,
            gap_before,
            run_end,
            first_end,
            segment_start,
            folded_before,
        })
    }

    /// The scene at `step` (in this run); `None` when no loop is active there.
    fn scene(&self, trace: &Trace, step: usize, options: &LoopSceneOptions) -> Option<LoopScene> {
        let here = trace.steps.get(step)?;
        let current = here.loops.last()?;
        let current_run = self
            .runs
            .iter()
            .position(|r| r.loop_id == current.loop_id && r.run == current.instance);
        let owner = current_run
            .and_then(|r| {
                let list = &self.run_passes[r];
                let at = list
                    .binary_search_by_key(&current.iteration, |&i| self.passes[i].iteration)
                    .ok()?;
                Some(list[at])
            })
            .filter(|&i| self.passes[i].first <= step && step <= self.passes[i].last);
        let in_ends = self.ends.binary_search(&step).is_ok();
        let step_in_states = in_ends || (!options.whole_run && owner.is_some());
        let now = step_in_states.then(|| snapshot(trace, step, &self.frame));

        // The linked track also reads the current step when it is not an end of a pass.
        let owner_compare = owner.map(|i| self.compare[i]);
        let extra_linked = (step_in_states && !in_ends)
            .then(|| self.linked_with(trace, step, owner_compare, options))
            .flatten();
        let (linked, linked_map, rebuilt) = match &extra_linked {
            Some((linked, map, rebuilt)) => (linked.clone(), map, rebuilt.as_ref()),
            None => (self.linked.clone(), &self.linked_rows, None),
        };
        let (rows, starts) = rebuilt.map_or((&self.rows, &self.start_rows), |(r, s)| (r, s));

        let source = RowSource {
            trace,
            frame: &self.frame,
            selection: &self.selection,
            loop_vars: &self.loop_vars,
            linked_rows: linked_map,
            options,
        };
        let placed = |i: usize, row: LoopRow| Placed {
            row,
            gap_before: self.gap_before[i],
        };
        let (window_rows, first_kept, rows_before) = if options.whole_run {
            let all = (0..self.passes.len())
                .map(|i| {
                    let mut row = rows[i].clone();
                    row.current = Some(i) == owner;
                    placed(i, row)
                })
                .collect();
            (all, 0, 0)
        } else {
            let done = self.passes.partition_point(|p| p.last < step);
            // Rows read again with another linked track may fold differently: take them all.
            let from = match rebuilt {
                Some(_) => 0,
                None => self.window_start(done, options),
            };
            let mut list: Vec<Placed> = (from..done).map(|i| placed(i, rows[i].clone())).collect();
            if let Some(i) = owner {
                let empty = Snapshot::default();
                let before = snapshot(trace, self.compare[i], &self.frame);
                let pass = &self.passes[i];
                let row = source.row(
                    &self.runs[pass.run],
                    pass,
                    (step, self.compare[i]),
                    (now.as_ref().unwrap_or(&empty), &before),
                    true,
                );
                list.push(placed(i, row));
            }
            (list, from, self.folded_before[from])
        };

        let headers: Vec<HeaderAt> = self
            .runs
            .iter()
            .enumerate()
            .filter(|(index, _)| {
                let has_row = match self.first_end[*index] {
                    Some(end) => options.whole_run || end < step,
                    None => false,
                };
                *index == 0 || Some(*index) == current_run || has_row
            })
            .filter(|(_, run)| options.whole_run || run.start <= step)
            .map(|(index, run)| HeaderAt {
                header: RunHeader {
                    loop_id: run.loop_id.clone(),
                    run: run.run,
                    depth: run.depth,
                    header: header_of(trace, &run.loop_id),
                    call: run.call.clone(),
                    step: run.start,
                    values: run.values.clone(),
                    start: None,
                },
                end: self.run_end[index],
            })
            .collect();
        let after_step = first_kept
            .checked_sub(1)
            .map(|i| self.passes[i].last)
            .filter(|_| !options.whole_run);
        let mut items = assemble(
            Window {
                headers,
                after_step,
                rows: window_rows,
                rows_before,
            },
            options,
        );
        attach_starts(&mut items, |h| {
            run_index(&self.runs, h).and_then(|i| starts.get(i).cloned())
        });

        let mut containers = self.containers.clone();
        if let Some(now) = &now {
            for shown in &mut containers {
                if let Some(held) = now.containers.get(&shown.name) {
                    shown.kind = held.held.kind();
                    widen(shown, &held.held);
                }
            }
        }
        for row in rows_of(&items) {
            for graph in &row.graphs {
                for (shown, c) in containers.iter_mut().zip(&row.containers) {
                    if shown.graph.is_none() && c.id.as_deref() == Some(graph.holder.as_str()) {
                        shown.graph = Some(graph.id.clone());
                    }
                }
            }
        }
        Some(LoopScene {
            step,
            frame: self.frame.clone(),
            func: frame_at(here, &self.frame).map_or_else(String::new, |f| f.func.clone()),
            current_loop: current.loop_id.clone(),
            loops: self.loops.clone(),
            run_steps: self.range,
            containers,
            scalars: self.selection.scalars.clone(),
            sampled: trace.sampled,
            linked,
            items,
            size_model: options.scene.size_model,
        })
    }

    /// The first pass (a fold segment's start) from which the passes ended before the step
    /// (`done` of them) are assembled: enough segments from the end to hold one row more than
    /// the cap keeps, or all of them.
    fn window_start(&self, done: usize, options: &LoopSceneOptions) -> usize {
        let min = options.min_quiet_band.max(1);
        let need = options.max_rows.saturating_add(1);
        let mut at = done;
        let mut counted = 0usize;
        while at > 0 && counted < need {
            let start = self.segment_start[at - 1];
            let len = at - start;
            // At least as many rows as the segment gives once folded (the last row is never
            // folded, which only adds rows).
            counted += if !self.rows[at - 1].changed && len >= min {
                0
            } else {
                len
            };
            at = start;
        }
        at
    }

    /// The linked track when it also reads `step` (not an end of a pass): `None` when that
    /// changes nothing; else the track, its rows, and every pass's row and run's start row
    /// again when a row read at an end changed with it.
    fn linked_with(
        &self,
        trace: &Trace,
        step: usize,
        compare: Option<usize>,
        options: &LoopSceneOptions,
    ) -> Option<LinkedWith> {
        if self.linked.is_none()
            && linked_rows(trace, &self.frame, &[step], &options.scene).is_none()
        {
            // No track in any end state nor at the step: none over both.
            return None;
        }
        if let Some(same) = self.linked_unchanged_with(trace, step, compare, options) {
            return Some(same);
        }
        let mut steps = self.ends.clone();
        let at = steps.partition_point(|&t| t < step);
        steps.insert(at, step);
        let (linked, map) = match linked_rows(trace, &self.frame, &steps, &options.scene) {
            Some((linked, map)) => (Some(linked), map),
            None => (None, BTreeMap::new()),
        };
        let same_ends = linked == self.linked
            && self.linked_rows.len() + usize::from(map.contains_key(&step)) == map.len()
            && self
                .linked_rows
                .iter()
                .all(|(t, row)| map.get(t) == Some(row));
        let rebuilt = (!same_ends).then(|| {
            let states: BTreeMap<usize, Snapshot> = self
                .ends
                .iter()
                .map(|&t| (t, snapshot(trace, t, &self.frame)))
                .collect();
            let source = RowSource {
                trace,
                frame: &self.frame,
                selection: &self.selection,
                loop_vars: &self.loop_vars,
                linked_rows: &map,
                options,
            };
            (
                end_rows(&source, &self.runs, &self.passes, &self.compare, &states),
                start_rows(&source, &self.runs, &states),
            )
        });
        Some((linked, map, rebuilt))
    }

    /// [`RunGroup::linked_with`] when the step leaves the track, its columns and its chains
    /// as they are over the ends (the usual case), worked out from the kept survey and rows
    /// plus the step's own: the track, and the rows at the step and at `compare` (all a row
    /// read at the step needs). `None` when the step changes any of them (or the run has no
    /// track), and the caller reads everything again.
    fn linked_unchanged_with(
        &self,
        trace: &Trace,
        step: usize,
        compare: Option<usize>,
        options: &LoopSceneOptions,
    ) -> Option<LinkedWith> {
        let (base, survey) = (self.linked.as_ref()?, self.track_survey.as_ref()?);
        let hint = options.scene.hints.linked.as_ref();
        let spec = row_spec(&self.frame, step);
        let mut survey = survey.clone();
        survey.add(trace, &spec).ok()?;
        let chosen = survey.choose(hint)?;
        if chosen.class != base.track.class || chosen.links != base.track.links {
            return None;
        }
        // Every end is a forest when the ends' shape is a tree; a list stays a list.
        let shape = match (hint, base.track.shape) {
            (Some(h), _) => h.shape,
            (None, LinkedShape::List) => LinkedShape::List,
            (None, LinkedShape::Tree) => detect_shape(
                trace,
                std::slice::from_ref(&spec),
                &chosen.class,
                &chosen.links,
            )
            .ok()?,
        };
        let track = chosen.with_shape(shape, hint.is_some());
        if track != base.track {
            return None;
        }
        // The same track reads the same rows at the ends; only the step's row is new.
        let row = linked_row(trace, &spec, &track).ok()?;
        let at = self.linked_rows.range(..step).count();
        if !self.linked_order.as_ref()?.keeps_order(at, &row) {
            return None;
        }
        let mut map = BTreeMap::new();
        if let Some(t) = compare {
            if let Some(r) = self.linked_rows.get(&t) {
                map.insert(t, r.clone());
            }
        }
        map.insert(step, row);
        Some((Some(base.clone()), map, None))
    }
}

/// The linked track, its rows by step, and every pass's row and every run's start row when
/// they had to be read again.
type LinkedWith = (
    Option<LoopLinked>,
    BTreeMap<usize, LinkedRow>,
    Option<(Vec<LoopRow>, Vec<LoopRow>)>,
);

/// The header of loop `id` as written (empty when the trace does not describe it).
fn header_of(trace: &Trace, id: &str) -> String {
    trace
        .loops
        .iter()
        .find(|l| l.id == id)
        .map_or_else(String::new, |l| l.header.clone())
}

/// The loops of `runs`, outermost first, each once.
fn loop_descs(trace: &Trace, runs: &[Run]) -> Vec<LoopDesc> {
    let mut loop_ids: Vec<(&str, u32)> = Vec::new();
    for run in runs {
        if !loop_ids.iter().any(|(id, _)| *id == run.loop_id) {
            loop_ids.push((&run.loop_id, run.depth));
        }
    }
    loop_ids.sort_by_key(|(_, depth)| *depth);
    loop_ids
        .iter()
        .filter_map(|(id, depth)| {
            let info = trace.loops.iter().find(|l| l.id == *id)?;
            Some(LoopDesc {
                id: id.to_string(),
                kind: info.kind,
                line: info.line,
                header: info.header.clone(),
                depth: *depth,
                loop_vars: loop_vars(&info.header),
            })
        })
        .collect()
}
