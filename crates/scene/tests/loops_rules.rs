//! The loop history's rules on small hand-made traces and on a real sampled trace: which
//! passes become rows and when, what is shown, change marks and move sources (swaps), quiet
//! bands, sampled gaps, the row cap, nested loops and run headers.

use std::path::Path;

use algoscope_scene::{
    loop_scene, LoopItem, LoopRow, LoopScene, LoopSceneOptions, RowContent, SceneError, VizHints,
};
use algoscope_test_support::loops::{golden, load, sequence, summary};
use algoscope_trace_format::{validate_str, Trace};
use serde_json::{json, Value as J};

fn int(n: i64) -> J {
    json!({"kind": "prim", "type": "int", "repr": n.to_string()})
}
fn r(id: &str) -> J {
    json!({"kind": "ref", "id": id})
}
fn list(items: &[i64]) -> J {
    let items: Vec<J> = items.iter().map(|n| int(*n)).collect();
    json!({"kind": "list", "typeName": "list", "length": items.len(), "items": items})
}

/// One recorded step in frame `f1`: `loops` as (loop id, instance, iteration).
fn step(line: u32, loops: &[(&str, u64, u64)], locals: J, heap: J) -> J {
    let loops: Vec<J> = loops
        .iter()
        .map(|(id, instance, iteration)| {
            json!({"frame": "f1", "loop": id, "instance": instance, "iteration": iteration})
        })
        .collect();
    json!({"event": "line", "line": line, "stdoutLength": 0, "loops": loops,
        "stack": [{"id": "f1", "func": "<module>", "line": line, "locals": locals}], "heap": heap})
}

fn trace(loops: J, index_names: J, steps: Vec<J>) -> Trace {
    // Lines up to 20 exist in the source (validation refuses lines past its end).
    let t = json!({"version": 1, "language": "python", "source": "pass\n".repeat(20), "stdout": "",
        "loops": loops, "indexNames": index_names, "steps": steps});
    validate_str(&t.to_string()).expect("valid trace")
}

fn for_loop(id: &str, line: u32, header: &str) -> J {
    json!({"id": id, "kind": "for", "line": line, "bodyStart": line + 1, "bodyEnd": line + 1, "header": header})
}

/// `for i in range(n)` over list `a`, whose state after pass `k` (1-based) is `states[k]`
/// (`states[0]` before the loop): steps header (iteration 0), then per pass a body step and
/// the header check that ends it.
fn list_loop(states: &[Vec<i64>]) -> Trace {
    let mut steps = vec![step(
        1,
        &[("L1", 1, 0)],
        json!([["a", r("o1")]]),
        json!({"o1": list(&states[0])}),
    )];
    for (k, state) in states.iter().enumerate().skip(1) {
        let i = int(k as i64 - 1);
        let before = json!({"o1": list(&states[k - 1])});
        let after = json!({"o1": list(state)});
        steps.push(step(
            2,
            &[("L1", 1, k as u64)],
            json!([["a", r("o1")], ["i", i]]),
            before,
        ));
        steps.push(step(
            1,
            &[("L1", 1, k as u64)],
            json!([["a", r("o1")], ["i", i]]),
            after,
        ));
    }
    steps.push(step(
        3,
        &[],
        json!([["a", r("o1")]]),
        json!({"o1": list(&states[states.len() - 1])}),
    ));
    trace(
        json!([for_loop("L1", 1, "for i in range(n)")]),
        json!({"a": ["i"]}),
        steps,
    )
}

fn last_step(t: &Trace) -> usize {
    t.steps.len() - 2
}

fn scene(t: &Trace, step: usize, options: &LoopSceneOptions) -> LoopScene {
    loop_scene(t, step, options)
        .expect("in range")
        .expect("a loop runs")
}

#[test]
fn no_loop_is_none_and_a_step_out_of_range_is_an_error() {
    let t = list_loop(&[vec![1, 2], vec![2, 1]]);
    let after = t.steps.len() - 1;
    assert_eq!(
        loop_scene(&t, after, &LoopSceneOptions::default()),
        Ok(None)
    );
    assert_eq!(
        loop_scene(&t, 99, &LoopSceneOptions::default()),
        Err(SceneError::StepOutOfRange {
            step: 99,
            steps: t.steps.len()
        })
    );
}

#[test]
fn a_swap_gives_two_crossing_moves_and_a_shift_points_each_value_at_its_old_index() {
    let t = list_loop(&[vec![1, 2, 3, 4], vec![4, 2, 3, 1], vec![4, 3, 3, 2]]);
    let s = scene(&t, last_step(&t), &LoopSceneOptions::default());
    let rows: Vec<&LoopRow> = s.rows().collect();
    let yes = |t: &str, from: u64| (t.to_string(), true, Some(from));
    let no = |t: &str| (t.to_string(), false, None);
    assert_eq!(
        sequence(rows[0], "a"),
        vec![yes("4", 3), no("2"), no("3"), yes("1", 0)]
    );
    // 2 moved from 1 to 3; index 1 became 3, the value its neighbour 2 kept: a copy from 2.
    assert_eq!(
        sequence(rows[1], "a"),
        vec![no("4"), yes("3", 2), no("3"), yes("2", 1)]
    );
}

/// The items that left the front of `name` in `row`, as text.
fn removed_front(row: &LoopRow, name: &str) -> Vec<String> {
    let c = row
        .containers
        .iter()
        .find(|c| c.name == name)
        .expect("container");
    match &c.content {
        RowContent::Sequence(s) => s.removed_front.iter().map(|c| c.text.clone()).collect(),
        other => panic!("not a sequence: {other:?}"),
    }
}

#[test]
fn bubble_sort_swaps_still_cross() {
    let t = list_loop(&[vec![5, 1, 4], vec![1, 5, 4], vec![1, 4, 5]]);
    let s = scene(&t, last_step(&t), &LoopSceneOptions::default());
    let rows: Vec<&LoopRow> = s.rows().collect();
    let yes = |t: &str, from: u64| (t.to_string(), true, Some(from));
    let no = |t: &str| (t.to_string(), false, None);
    assert_eq!(
        sequence(rows[0], "a"),
        vec![yes("1", 1), yes("5", 0), no("4")]
    );
    assert_eq!(
        sequence(rows[1], "a"),
        vec![no("1"), yes("4", 2), yes("5", 1)]
    );
    assert!(rows.iter().all(|r| removed_front(r, "a").is_empty()));
}

#[test]
fn insertion_sort_shifts_read_as_copies_to_the_right() {
    // Inserting 1 into [2, 4, 5, 6]: each pass of the inner loop copies a[j] to a[j + 1],
    // then the key lands at the front.
    let t = list_loop(&[
        vec![2, 4, 5, 6, 1],
        vec![2, 4, 5, 6, 6],
        vec![2, 4, 5, 5, 6],
        vec![2, 4, 4, 5, 6],
        vec![2, 2, 4, 5, 6],
        vec![1, 2, 4, 5, 6],
    ]);
    let s = scene(&t, last_step(&t), &LoopSceneOptions::default());
    let moved: Vec<Vec<(u64, u64)>> = s
        .rows()
        .map(|r| {
            sequence(r, "a")
                .into_iter()
                .enumerate()
                .filter_map(|(k, (_, changed, from))| {
                    changed.then(|| (from.expect("a source"), k as u64))
                })
                .collect()
        })
        .collect();
    assert_eq!(
        moved,
        vec![
            vec![(3, 4)],
            vec![(2, 3)],
            vec![(1, 2)],
            vec![(0, 1)],
            vec![(0, 0)], // 1 was nowhere in the list: written in place
        ]
    );
}

#[test]
fn a_queue_pop_moves_the_rest_left_and_the_popped_value_leaves() {
    // BFS: pop the front, append the neighbours.
    let t = list_loop(&[vec![1], vec![2, 3], vec![3, 4], vec![4, 5, 6], vec![5, 6]]);
    let s = scene(&t, last_step(&t), &LoopSceneOptions::default());
    let rows: Vec<&LoopRow> = s.rows().collect();
    let yes = |t: &str, from: Option<u64>| (t.to_string(), true, from);
    assert_eq!(sequence(rows[0], "a"), vec![yes("2", None), yes("3", None)]);
    assert_eq!(removed_front(rows[0], "a"), ["1"]);
    assert_eq!(
        sequence(rows[1], "a"),
        vec![yes("3", Some(1)), yes("4", None)]
    );
    assert_eq!(removed_front(rows[1], "a"), ["2"]);
    assert_eq!(
        sequence(rows[2], "a"),
        vec![yes("4", Some(1)), yes("5", None), yes("6", None)]
    );
    assert_eq!(
        sequence(rows[3], "a"),
        vec![yes("5", Some(1)), yes("6", Some(2))]
    );
    assert_eq!(removed_front(rows[3], "a"), ["4"]);
}

#[test]
fn a_value_written_in_place_next_to_an_equal_unchanged_one_is_not_a_move_from_far_away() {
    // a[3] = 7 where a[0] already holds 7 (not a neighbour): written in place.
    let t = list_loop(&[vec![7, 1, 2, 3], vec![7, 1, 2, 7]]);
    let s = scene(&t, last_step(&t), &LoopSceneOptions::default());
    let row = s.rows().next().unwrap();
    assert_eq!(sequence(row, "a")[3], ("7".to_string(), true, Some(3)));
    assert!(removed_front(row, "a").is_empty());
}

#[test]
fn a_rotation_moves_every_value_from_its_old_place() {
    let t = list_loop(&[vec![1, 2, 3, 4], vec![4, 1, 2, 3]]);
    let s = scene(&t, last_step(&t), &LoopSceneOptions::default());
    let row = s.rows().next().unwrap();
    let from: Vec<Option<u64>> = sequence(row, "a").into_iter().map(|c| c.2).collect();
    assert_eq!(from, [Some(3), Some(0), Some(1), Some(2)]);
}

#[test]
fn rows_stop_at_the_current_step_unless_the_whole_run_is_asked_for() {
    let t = list_loop(&[vec![0], vec![1], vec![2], vec![3]]);
    // Step 3 is the body step of pass 2: pass 1 ended at step 2.
    let now = scene(&t, 3, &LoopSceneOptions::default());
    let rows: Vec<(u64, usize, bool)> = now
        .rows()
        .map(|r| (r.iteration, r.step, r.current))
        .collect();
    assert_eq!(rows, [(1, 2, false), (2, 3, true)]);
    let whole = scene(
        &t,
        3,
        &LoopSceneOptions {
            whole_run: true,
            ..Default::default()
        },
    );
    let rows: Vec<(u64, usize, bool)> = whole
        .rows()
        .map(|r| (r.iteration, r.step, r.current))
        .collect();
    assert_eq!(rows, [(1, 2, false), (2, 4, true), (3, 6, false)]);
    assert_eq!(whole.run_steps, [0, 6]);
    // The first pass is compared with the run's first step, later ones with the pass before.
    let compared: Vec<usize> = whole.rows().map(|r| r.compare_step).collect();
    assert_eq!(compared, [0, 2, 4]);
}

#[test]
fn quiet_passes_fold_into_a_band_with_their_count_but_never_the_last_row() {
    let mut states = vec![vec![0, 0]];
    states.extend([
        vec![1, 0],
        vec![1, 0],
        vec![1, 0],
        vec![1, 0],
        vec![1, 5],
        vec![1, 5],
        vec![1, 5],
    ]);
    let t = list_loop(&states);
    let s = scene(&t, last_step(&t), &LoopSceneOptions::default());
    let lines = summary(&s);
    assert_eq!(
        lines[1..],
        [
            "== L1 run 1: for i in range(n) @0",
            "L1 pass 1 @2 vs @0: a=[1* 0]  i=0*  i→a[0]",
            "~ L1 3 quiet passes 2..4",
            "L1 pass 5 @10 vs @8: a=[1 5*]  i=4*",
            "L1 pass 6 @12 vs @10 quiet: a=[1 5]  i=5*",
            "L1 pass 7 @14 vs @12 quiet NOW: a=[1 5]  i=6*",
        ]
    );
    // A band needs `min_quiet_band` passes.
    let four = LoopSceneOptions {
        min_quiet_band: 4,
        ..Default::default()
    };
    let s = scene(&t, last_step(&t), &four);
    assert!(!s.items.iter().any(|i| matches!(i, LoopItem::Quiet(_))));
}

#[test]
fn at_most_max_rows_rows_are_kept_the_latest_after_a_dropped_item_and_the_run_header() {
    let states: Vec<Vec<i64>> = (0..=130).map(|k| vec![k]).collect();
    let t = list_loop(&states);
    let s = scene(&t, last_step(&t), &LoopSceneOptions::default());
    assert_eq!(s.rows().count(), 120);
    assert!(matches!(s.items[0], LoopItem::Dropped(ref d) if d.rows == 10));
    assert!(matches!(s.items[1], LoopItem::RunHeader(ref h) if h.loop_id == "L1"));
    let passes: Vec<u64> = s.rows().map(|r| r.iteration).collect();
    assert_eq!(passes.first(), Some(&11));
    assert_eq!(passes.last(), Some(&130));
    let small = LoopSceneOptions {
        max_rows: 3,
        ..Default::default()
    };
    let s = scene(&t, last_step(&t), &small);
    let passes: Vec<u64> = s.rows().map(|r| r.iteration).collect();
    assert_eq!(passes, [128, 129, 130]);
    assert!(matches!(s.items[0], LoopItem::Dropped(ref d) if d.rows == 127));
}

#[test]
fn nothing_qualifying_shows_everything_and_show_hints_always_show() {
    // `a` never changes and is not indexed; `k` never changes: nothing qualifies.
    let steps = vec![
        step(
            1,
            &[("L1", 1, 0)],
            json!([["a", r("o1")], ["k", int(7)]]),
            json!({"o1": list(&[1])}),
        ),
        step(
            2,
            &[("L1", 1, 1)],
            json!([["a", r("o1")], ["k", int(7)]]),
            json!({"o1": list(&[1])}),
        ),
        step(
            1,
            &[("L1", 1, 1)],
            json!([["a", r("o1")], ["k", int(7)]]),
            json!({"o1": list(&[1])}),
        ),
    ];
    let t = trace(json!([for_loop("L1", 1, "while True")]), json!({}), steps);
    let s = scene(&t, 2, &LoopSceneOptions::default());
    assert_eq!(
        s.containers
            .iter()
            .map(|c| c.name.as_str())
            .collect::<Vec<_>>(),
        ["a"]
    );
    assert_eq!(s.scalars, ["k"]);

    // With a changing scalar, the constant ones go unless a `show` hint names them.
    let mut steps = vec![step(
        1,
        &[("L1", 1, 0)],
        json!([["a", r("o1")], ["k", int(7)]]),
        json!({"o1": list(&[1])}),
    )];
    for pass in 1..=2 {
        let locals = json!([["a", r("o1")], ["k", int(7)], ["n", int(pass)]]);
        steps.push(step(
            2,
            &[("L1", 1, pass as u64)],
            locals.clone(),
            json!({"o1": list(&[1])}),
        ));
        steps.push(step(
            1,
            &[("L1", 1, pass as u64)],
            locals,
            json!({"o1": list(&[1])}),
        ));
    }
    let t = trace(json!([for_loop("L1", 1, "while True")]), json!({}), steps);
    let s = scene(&t, 4, &LoopSceneOptions::default());
    assert!(s.containers.is_empty());
    assert_eq!(s.scalars, ["n"]);
    let hints = VizHints {
        show: vec!["k".to_string(), "a".to_string()],
        ..VizHints::default()
    };
    let s = scene(
        &t,
        4,
        &LoopSceneOptions {
            scene: algoscope_scene::SceneOptions {
                hints,
                ..Default::default()
            },
            ..Default::default()
        },
    );
    assert_eq!(
        s.containers
            .iter()
            .map(|c| c.name.as_str())
            .collect::<Vec<_>>(),
        ["a"]
    );
    assert_eq!(s.scalars, ["k", "n"]);
}

#[test]
fn a_sampled_loop_shows_gaps_with_the_passes_and_events_not_recorded() {
    // `python3 tracer` output of tests/loops_fixtures/sampled_range.py (a 200 000-pass loop):
    // passes 1-5, then round numbers, then the last ones.
    let t = load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/loops_fixtures/sampled_range.json"),
    );
    assert!(t.sampled);
    let last = t.steps.len() - 3;
    let s = scene(&t, last, &LoopSceneOptions::default());
    assert!(s.sampled);
    let gaps: Vec<(u64, u64)> = s
        .items
        .iter()
        .filter_map(|i| match i {
            LoopItem::Gap(g) => Some((g.passes, g.events)),
            _ => None,
        })
        .collect();
    // Passes 6-9 ran unrecorded (3 events each), then 11-19, …; the last gap comes before
    // the last recorded passes.
    assert_eq!(gaps[0], (4, 12));
    assert_eq!(gaps[1], (9, 27));
    assert!(gaps.contains(&(99, 297)));
    let passes: Vec<u64> = s.rows().map(|r| r.iteration).collect();
    assert_eq!(passes[..7], [1, 2, 3, 4, 5, 10, 20]);
    // Every unrecorded pass is either a gap or a recorded row: they add up to the last pass.
    let skipped: u64 = gaps.iter().map(|g| g.0).sum();
    assert_eq!(skipped + passes.len() as u64, *passes.last().unwrap());
    // A gap sits right before the row that follows it, in the same run.
    for pair in s.items.windows(2) {
        if let LoopItem::Gap(g) = &pair[0] {
            let LoopItem::Row(row) = &pair[1] else {
                panic!("gap not before a row")
            };
            assert_eq!((row.loop_id.as_str(), row.run), (g.loop_id.as_str(), g.run));
        }
    }
}

#[test]
fn nested_loops_show_together_with_a_header_per_run_and_outer_rows_after_their_inner_runs() {
    let t = golden("python", "bubble_sort");
    let options = LoopSceneOptions {
        whole_run: true,
        ..Default::default()
    };
    // A step inside the inner loop's second run.
    let step = t
        .steps
        .iter()
        .position(|s| {
            s.loops
                .iter()
                .any(|c| c.loop_id == "L6" && c.instance == 2 && c.iteration == 2)
        })
        .unwrap();
    let s = scene(&t, step, &options);
    assert_eq!(s.current_loop, "L6");
    assert_eq!(
        s.loops
            .iter()
            .map(|l| (l.id.as_str(), l.depth))
            .collect::<Vec<_>>(),
        [("L4", 0), ("L6", 1)]
    );
    let headers: Vec<(String, u64, u32, Option<String>)> = s
        .items
        .iter()
        .filter_map(|i| match i {
            LoopItem::RunHeader(h) => Some((h.loop_id.clone(), h.run, h.depth, h.call.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        headers[0],
        ("L4".to_string(), 1, 0, Some("range(0, 5)".to_string()))
    );
    assert_eq!(
        headers[1],
        ("L6".to_string(), 1, 1, Some("range(0, 5)".to_string()))
    );
    assert_eq!(
        headers[2],
        ("L6".to_string(), 2, 1, Some("range(0, 4)".to_string()))
    );
    // Rows are sorted by step; an outer row comes right after its pass's inner run (a row or
    // a band of quiet inner passes) and is read at a step where the inner loop is not running.
    let rows: Vec<&LoopRow> = s.rows().collect();
    assert!(rows.windows(2).all(|w| w[0].step < w[1].step));
    assert!(rows.iter().all(|r| r.depth == u32::from(r.loop_id == "L6")));
    for pair in s.items.windows(2) {
        if let LoopItem::Row(row) = &pair[1] {
            if row.loop_id == "L4" {
                assert!(!t.steps[row.step].loops.iter().any(|c| c.loop_id == "L6"));
                let inner_before = match &pair[0] {
                    LoopItem::Row(r) => r.loop_id == "L6",
                    LoopItem::Quiet(q) => q.loop_id == "L6",
                    _ => false,
                };
                assert!(
                    inner_before,
                    "no inner run before outer pass {}",
                    row.iteration
                );
            }
        }
    }
    let outer: Vec<u64> = rows
        .iter()
        .filter(|r| r.loop_id == "L4")
        .map(|r| r.iteration)
        .collect();
    assert_eq!(
        outer,
        [1, 2, 3, 4],
        "the sort stops after a pass without swaps"
    );
}

#[test]
fn a_step_inside_a_called_function_shows_the_callers_loop() {
    // The recursive dfs: right after a call from the loop body, the new frame runs no loop
    // yet, so the history is the caller's.
    let t = golden("python", "bfs_dfs");
    let (index, step) = t
        .steps
        .iter()
        .enumerate()
        .find(|(_, s)| {
            let running = s.stack.last().map(|f| f.id.as_str());
            s.loops
                .last()
                .is_some_and(|c| Some(c.frame.as_str()) != running)
        })
        .expect("a step in a function called from a loop");
    let s = scene(&t, index, &LoopSceneOptions::default());
    let caller = &step.loops.last().unwrap().frame;
    assert_eq!(&s.frame, caller);
    assert_ne!(Some(&s.frame), step.stack.last().map(|f| &f.id));
    assert!(s.rows().count() > 0);
}

#[test]
fn a_windowed_list_keeps_its_offset_so_indices_line_up_and_pointers_use_real_indices() {
    // The tracer shows a window of a long list: items 100..103 of 500.
    let window = |items: &[i64]| {
        let items: Vec<J> = items.iter().map(|n| int(*n)).collect();
        json!({"kind": "list", "typeName": "list", "length": 500, "offset": 100, "items": items})
    };
    let locals = |j: i64| json!([["a", r("o1")], ["j", int(j)]]);
    let steps = vec![
        step(
            1,
            &[("L1", 1, 0)],
            locals(101),
            json!({"o1": window(&[1, 2, 3])}),
        ),
        step(
            2,
            &[("L1", 1, 1)],
            locals(101),
            json!({"o1": window(&[1, 2, 3])}),
        ),
        step(
            1,
            &[("L1", 1, 1)],
            locals(102),
            json!({"o1": window(&[1, 3, 2])}),
        ),
    ];
    let t = trace(
        json!([for_loop("L1", 1, "while True")]),
        json!({"a": ["j"]}),
        steps,
    );
    let s = scene(&t, 2, &LoopSceneOptions::default());
    let row = s.rows().next().unwrap();
    let RowContent::Sequence(seq) = &row.containers[0].content else {
        panic!("a sequence")
    };
    assert_eq!((seq.offset, seq.length), (100, 500));
    let moves: Vec<Option<u64>> = seq.cells.iter().map(|c| c.from).collect();
    assert_eq!(moves, [None, Some(102), Some(101)], "a swap of 101 and 102");
    assert_eq!(row.pointers[0].index, 102);
    assert_eq!(s.containers[0].max_index_end, 103);
}
