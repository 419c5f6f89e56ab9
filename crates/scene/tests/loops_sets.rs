//! Sets in the loop history are compared by membership: a set whose iteration order changed
//! but whose members did not is not a change, its members are drawn in one sorted order on
//! every row (so nothing seems to move), and only new members are marked. Checked on a
//! hand-made trace and on BFS's `seen` set in Python, JavaScript and TypeScript.

use algoscope_scene::{loop_scene, LoopRow, LoopSceneOptions};
use algoscope_test_support::loops::{one_object_loop, sequence, whole_main_run, LANGUAGES};
use serde_json::json;

/// The texts (quotes dropped) and changed marks of sequence `name` in `row`.
fn members(row: &LoopRow, name: &str) -> Vec<(String, bool)> {
    sequence(row, name)
        .into_iter()
        .map(|(text, changed, _)| (text.replace(['\'', '"'], ""), changed))
        .collect()
}

#[test]
fn a_reordered_set_is_not_a_change_and_a_new_member_is() {
    // `s` after each pass: {3, 1, 2} → {2, 3, 1} (reordered) → {2, 3, 1, 4}.
    let states: [&[i64]; 3] = [&[3, 1, 2], &[2, 3, 1], &[2, 3, 1, 4]];
    let trace = one_object_loop(
        "s",
        "set",
        &states,
        json!({"id": "L1", "kind": "while", "line": 1, "bodyStart": 2, "bodyEnd": 2,
            "header": "while s"}),
        json!({}),
    );
    let scene = loop_scene(&trace, trace.steps.len() - 2, &LoopSceneOptions::default())
        .expect("in range")
        .expect("a loop runs");
    let rows: Vec<&LoopRow> = scene.rows().collect();
    let no = |t: &str| (t.to_string(), false);
    assert_eq!(members(rows[0], "s"), [no("1"), no("2"), no("3")]);
    assert!(!rows[0].changed, "a new order is not a change");
    assert_eq!(
        members(rows[1], "s"),
        [no("1"), no("2"), no("3"), ("4".to_string(), true)]
    );
    assert!(rows[1].changed);
}

#[test]
fn the_bfs_seen_set_reads_the_same_in_every_language() {
    let seen = |language: &str| -> Vec<Vec<(String, bool)>> {
        let scene = whole_main_run(language, "bfs_dfs", "bfs");
        scene.rows().map(|r| members(r, "seen")).collect()
    };
    let python = seen("python");
    assert_eq!(
        python
            .last()
            .map(|m| m.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>()),
        Some(vec!["A", "B", "C", "D", "E", "F"])
    );
    for language in &LANGUAGES[1..] {
        assert_eq!(seen(language), python, "{language}");
    }
}
