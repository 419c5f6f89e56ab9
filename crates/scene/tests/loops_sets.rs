//! Sets in the loop history are compared by membership: a set whose iteration order changed
//! but whose members did not is not a change, its members are drawn in one sorted order on
//! every row (so nothing seems to move), and only new members are marked. Checked on a
//! hand-made trace and on BFS's `seen` set in Python, JavaScript and TypeScript.

mod loops_support;

use algoscope_scene::{loop_scene, LoopRow, LoopSceneOptions, RowContent};
use algoscope_trace_format::validate_str;
use loops_support::{golden, main_run, LANGUAGES};
use serde_json::{json, Value as J};

/// The texts and changed marks of container `name` in `row`.
fn members(row: &LoopRow, name: &str) -> Vec<(String, bool)> {
    let c = row
        .containers
        .iter()
        .find(|c| c.name == name)
        .expect("container");
    match &c.content {
        RowContent::Sequence(s) => s
            .cells
            .iter()
            .map(|c| (c.text.replace(['\'', '"'], ""), c.changed))
            .collect(),
        other => panic!("not a sequence: {other:?}"),
    }
}

#[test]
fn a_reordered_set_is_not_a_change_and_a_new_member_is() {
    // `s` after each pass: {3, 1, 2} → {2, 3, 1} (reordered) → {2, 3, 1, 4}.
    let states: [&[i64]; 3] = [&[3, 1, 2], &[2, 3, 1], &[2, 3, 1, 4]];
    let set = |items: &[i64]| {
        let items: Vec<J> = items
            .iter()
            .map(|n| json!({"kind": "prim", "type": "int", "repr": n.to_string()}))
            .collect();
        json!({"o1": {"kind": "set", "typeName": "set", "length": items.len(), "items": items}})
    };
    let step = |line: u32, iteration: Option<u64>, items: &[i64]| {
        let loops: Vec<J> = iteration
            .map(|k| json!({"frame": "f1", "loop": "L1", "instance": 1, "iteration": k}))
            .into_iter()
            .collect();
        json!({"event": "line", "line": line, "stdoutLength": 0, "loops": loops,
            "stack": [{"id": "f1", "func": "<module>", "line": line,
                "locals": [["s", {"kind": "ref", "id": "o1"}]]}],
            "heap": set(items)})
    };
    let mut steps = vec![step(1, Some(0), states[0])];
    for (k, state) in states.iter().enumerate().skip(1) {
        steps.push(step(2, Some(k as u64), states[k - 1]));
        steps.push(step(1, Some(k as u64), state));
    }
    steps.push(step(3, None, states[2]));
    let t = json!({"version": 1, "language": "python", "source": "pass\n".repeat(5),
        "stdout": "", "loops": [{"id": "L1", "kind": "while", "line": 1, "bodyStart": 2,
            "bodyEnd": 2, "header": "while s"}], "steps": steps});
    let trace = validate_str(&t.to_string()).expect("valid trace");
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
        let trace = golden(language, "bfs_dfs");
        let ([_, last], _) = main_run(&trace, "bfs");
        let options = LoopSceneOptions {
            whole_run: true,
            ..LoopSceneOptions::default()
        };
        let scene = loop_scene(&trace, last, &options)
            .expect("in range")
            .expect("a loop runs");
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
