//! The linked track in the loop history: names on nodes leave the scalar columns, a pass that
//! only moves a name along the list is a row of its own (not quiet), and the nodes whose link
//! changed are listed per row.

use algoscope_scene::{loop_scene, LoopItem, LoopSceneOptions};
use algoscope_trace_format::{validate_str, Trace};
use serde_json::{json, Value as J};

fn node(value: i64, next: Option<&str>) -> J {
    let next = next.map_or_else(
        || json!({"kind": "prim", "type": "NoneType", "repr": "None"}),
        |id| json!({"kind": "ref", "id": id}),
    );
    json!({"kind": "instance", "typeName": "Node", "fields": [
        ["value", {"kind": "prim", "type": "int", "repr": value.to_string()}],
        ["next", next]]})
}

/// `while cur is not None: cur = cur.next` over 1 → 2 → 3, with `head` on the first node;
/// `flip` makes the second pass also point node 2 back at node 1.
fn walk(flip: bool) -> Trace {
    let heap = |flipped: bool| {
        json!({"o1": node(1, Some("o2")), "o2": node(2, Some(if flipped { "o1" } else { "o3" })),
            "o3": node(3, None)})
    };
    let step = |line: u32, iteration: u64, cur: Option<&str>, flipped: bool| {
        let cur = cur.map_or_else(
            || json!({"kind": "prim", "type": "NoneType", "repr": "None"}),
            |id| json!({"kind": "ref", "id": id}),
        );
        json!({"event": "line", "line": line, "stdoutLength": 0,
            "loops": [{"frame": "f1", "loop": "L1", "instance": 1, "iteration": iteration}],
            "stack": [{"id": "f1", "func": "<module>", "line": line,
                "locals": [["head", {"kind": "ref", "id": "o1"}], ["cur", cur]]}],
            "heap": heap(flipped)})
    };
    let steps = vec![
        step(1, 0, Some("o1"), false),
        step(2, 1, Some("o1"), false),
        step(1, 1, Some("o2"), false),
        step(2, 2, Some("o2"), false),
        step(1, 2, Some("o3"), flip),
        step(2, 3, Some("o3"), flip),
    ];
    let t = json!({"version": 1, "language": "python",
        "source": "while cur is not None:\n    cur = cur.next\n", "stdout": "",
        "loops": [{"id": "L1", "kind": "while", "line": 1, "bodyStart": 2, "bodyEnd": 2,
            "header": "while cur is not None"}],
        "steps": steps});
    validate_str(&t.to_string()).expect("valid trace")
}

#[test]
fn a_name_moving_along_the_list_is_a_change_and_not_a_scalar_column() {
    let trace = walk(false);
    let scene = loop_scene(&trace, 5, &LoopSceneOptions::default())
        .expect("step")
        .expect("a loop runs");
    assert!(scene.linked.is_some(), "the nodes are a linked track");
    assert!(
        !scene.scalars.contains(&"cur".to_string()),
        "cur is drawn on its node: {:?}",
        scene.scalars
    );
    assert!(!scene.items.iter().any(|i| matches!(i, LoopItem::Quiet(_))));
    let rows: Vec<_> = scene.rows().collect();
    assert_eq!(rows.len(), 3);
    for row in &rows[..2] {
        assert!(row.changed, "pass {}: cur moved", row.iteration);
        assert!(!row.linked_changed);
        assert!(row.linked_changes.is_empty());
    }
    let cur_on = |k: usize| {
        rows[k]
            .linked
            .as_ref()
            .and_then(|l| l.names.iter().find(|n| n.name == "cur"))
            .map(|n| n.node.clone())
    };
    assert_eq!(cur_on(0).as_deref(), Some("o2"));
    assert_eq!(cur_on(1).as_deref(), Some("o3"));
}

#[test]
fn a_flipped_link_lists_its_node_as_changed() {
    let trace = walk(true);
    let scene = loop_scene(&trace, 5, &LoopSceneOptions::default())
        .expect("step")
        .expect("a loop runs");
    let rows: Vec<_> = scene.rows().collect();
    assert!(rows[1].linked_changed);
    assert_eq!(rows[1].linked_changes, ["o2"]);
    assert!(rows[0].linked_changes.is_empty());
}
