//! A run's first pass is compared with the state the run started from, and that state comes
//! with the run header as a start row (so the first pass's swaps and shifts have a row to come
//! from); values leaving a sequence's front (`popleft()`, `shift()`) or end (`pop()`) are kept
//! on the row. Checked on hand-made traces and on the examples in Python, JavaScript and
//! TypeScript (the same algorithm gives the same start rows and popped values).

use algoscope_scene::{loop_scene, LoopItem, LoopRow, LoopScene, LoopSceneOptions, RowContent};
use algoscope_test_support::loops::{one_object_loop, sequence, whole_main_run, LANGUAGES};
use algoscope_trace_format::Trace;
use serde_json::json;

/// `for i in range(n)` over list `a` (`states[0]` before the loop, `states[k]` after pass
/// `k`).
fn list_loop(states: &[Vec<i64>]) -> Trace {
    let states: Vec<&[i64]> = states.iter().map(Vec::as_slice).collect();
    one_object_loop(
        "a",
        "list",
        &states,
        json!({"id": "L1", "kind": "for", "line": 1, "bodyStart": 2, "bodyEnd": 2,
            "header": "for i in range(n)"}),
        json!({"a": ["i"]}),
    )
}

fn scene_at_end(t: &Trace) -> LoopScene {
    loop_scene(t, t.steps.len() - 2, &LoopSceneOptions::default())
        .expect("in range")
        .expect("a loop runs")
}

/// The cells of the first container (a sequence) as (text, changed, from).
fn cells(row: &LoopRow) -> Vec<(String, bool, Option<u64>)> {
    sequence(row, &row.containers[0].name)
}

/// The texts of the items that left the front and the end of the first container.
fn removed(row: &LoopRow) -> (Vec<String>, Vec<String>) {
    match &row.containers[0].content {
        RowContent::Sequence(s) => (
            s.removed_front.iter().map(|c| c.text.clone()).collect(),
            s.removed_back.iter().map(|c| c.text.clone()).collect(),
        ),
        _ => (Vec::new(), Vec::new()),
    }
}

fn start_of(scene: &LoopScene) -> Option<&LoopRow> {
    scene.items.iter().find_map(|i| match i {
        LoopItem::RunHeader(h) => h.start.as_deref(),
        _ => None,
    })
}

#[test]
fn a_swap_in_the_first_pass_comes_with_the_runs_start_row() {
    let t = list_loop(&[vec![5, 1, 4], vec![1, 5, 4], vec![1, 4, 5]]);
    let scene = scene_at_end(&t);
    let start = start_of(&scene).expect("a start row");
    assert_eq!((start.iteration, start.label.as_str()), (0, "start"));
    assert_eq!((start.step, start.compare_step), (0, 0));
    assert!(!start.changed && !start.current);
    let no = |t: &str| (t.to_string(), false, None);
    assert_eq!(cells(start), [no("5"), no("1"), no("4")]);
    // The first pass is compared with it: the swap's two moves.
    let first = scene.rows().next().expect("a row");
    assert_eq!(first.compare_step, start.step);
    let yes = |t: &str, from: u64| (t.to_string(), true, Some(from));
    assert_eq!(cells(first), [yes("1", 1), yes("5", 0), no("4")]);
    // `drawn_rows` puts it before the passes.
    let drawn: Vec<u64> = scene.drawn_rows().map(|r| r.iteration).collect();
    assert_eq!(drawn, [0, 1, 2]);
}

#[test]
fn a_first_pass_that_moves_nothing_gets_no_start_row() {
    // Pass 1 changes nothing; pass 2 swaps (it has pass 1 above it).
    let t = list_loop(&[vec![5, 1, 4], vec![5, 1, 4], vec![1, 5, 4]]);
    assert!(start_of(&scene_at_end(&t)).is_none());
    // A first pass that only appends has no moved value either.
    let t = list_loop(&[vec![5], vec![5, 1]]);
    assert!(start_of(&scene_at_end(&t)).is_none());
}

#[test]
fn pops_from_the_end_are_kept_and_a_pop_then_push_is_a_change_in_place() {
    let t = list_loop(&[vec![1, 2, 3, 4], vec![1, 2, 3], vec![1], vec![9]]);
    let scene = scene_at_end(&t);
    let rows: Vec<&LoopRow> = scene.rows().collect();
    let back = |r: &LoopRow| removed(r).1;
    assert_eq!(back(rows[0]), ["4"]);
    assert_eq!(back(rows[1]), ["2", "3"]);
    // [1] → [9]: the same length, written in place; nothing left.
    assert!(back(rows[2]).is_empty());
    assert!(rows.iter().all(|r| removed(r).0.is_empty()));
    // Nothing kept moved, so no start row is needed.
    assert!(start_of(&scene).is_none());
}

#[test]
fn a_queue_popped_empty_keeps_the_popped_value_at_the_front() {
    // A queue of one popped (front and end are the same item): read as leaving the end, as
    // the rest stays where it was.
    let t = list_loop(&[vec![1], vec![], vec![2, 3], vec![3]]);
    let scene = scene_at_end(&t);
    let rows: Vec<&LoopRow> = scene.rows().collect();
    assert_eq!(removed(rows[0]), (vec![], vec!["1".to_string()]));
    assert_eq!(removed(rows[2]), (vec!["2".to_string()], vec![]));
}

/// One language's start rows at the end of `example`'s main loop: for every run header with
/// a start row, its loop depth, run, its first container's values, and the moves (from → to)
/// of the pass after it.
fn starts(language: &str, example: &str, func: &str) -> Vec<String> {
    let scene = whole_main_run(language, example, func);
    let mut out = Vec::new();
    for (k, item) in scene.items.iter().enumerate() {
        let LoopItem::RunHeader(h) = item else {
            continue;
        };
        let Some(LoopItem::Row(first)) = scene.items.get(k + 1) else {
            assert!(
                h.start.is_none(),
                "{language}: a start row without a pass after it"
            );
            continue;
        };
        let Some(start) = &h.start else {
            continue;
        };
        let values: Vec<String> = cells(start).into_iter().map(|c| c.0).collect();
        let moves: Vec<String> = cells(first)
            .iter()
            .enumerate()
            .filter_map(|(to, (_, changed, from))| {
                from.filter(|_| *changed).map(|f| format!("{f}→{to}"))
            })
            .collect();
        out.push(format!(
            "depth {} run {}: [{}] then {}",
            h.depth,
            h.run,
            values.join(" "),
            moves.join(" ")
        ));
    }
    out
}

#[test]
fn bubble_and_insertion_sort_start_rows_are_the_same_in_every_language() {
    for (example, func) in [
        ("bubble_sort", "bubble_sort"),
        ("insertion_sort", "insertion_sort"),
    ] {
        let python = starts("python", example, func);
        assert!(!python.is_empty(), "{example}: no run starts with a move");
        for language in &LANGUAGES[1..] {
            assert_eq!(
                starts(language, example, func),
                python,
                "{example} {language}"
            );
        }
    }
    // Bubble sort's first inner run swaps 5 and 1 in its first pass.
    let bubble = starts("python", "bubble_sort", "bubble_sort");
    assert_eq!(bubble[0], "depth 1 run 1: [5 1 4 2 8 3] then 1→0 0→1");
    // Insertion sort's first shift copies index 0 to 1.
    let insertion = starts("python", "insertion_sort", "insertion_sort");
    assert_eq!(insertion[0], "depth 1 run 1: [7 3 5 1 6 2 4] then 0→1");
}

#[test]
fn the_bfs_queue_loses_the_same_values_in_every_language() {
    let popped = |language: &str| -> Vec<String> {
        let scene = whole_main_run(language, "bfs_dfs", "bfs");
        scene
            .rows()
            .filter(|r| r.depth == 0)
            .flat_map(|r| {
                r.containers.iter().filter_map(|c| match &c.content {
                    RowContent::Sequence(s) if c.name == "queue" => Some(
                        s.removed_front
                            .iter()
                            .chain(&s.removed_back)
                            .map(|c| c.text.replace(['\'', '"'], ""))
                            .collect::<Vec<_>>()
                            .join(","),
                    ),
                    _ => None,
                })
            })
            .collect()
    };
    let python = popped("python");
    assert_eq!(python, ["A", "B", "C", "D", "E", "F"]);
    for language in &LANGUAGES[1..] {
        assert_eq!(popped(language), python, "{language}");
    }
}
