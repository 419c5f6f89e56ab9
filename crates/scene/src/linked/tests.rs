//! Detection tests on small hand-built traces.

use algoscope_trace_format::{
    Frame, FrameState, HeapObject, Instance, Sequence, Step, Trace, Value,
};

use super::*;
use crate::hints::{LinkedHint, LinkedShape};

fn int(v: i64) -> Value {
    Value::prim("int", v.to_string())
}

fn none() -> Value {
    Value::prim("NoneType", "None")
}

fn r(id: &str) -> Value {
    Value::reference(id)
}

/// A step builder: instances and lists by id, and the module frame's variables.
#[derive(Default)]
struct S {
    heap: Vec<(String, HeapObject)>,
    locals: Vec<(String, Value)>,
}

impl S {
    fn obj(mut self, id: &str, class: &str, fields: &[(&str, Value)]) -> Self {
        self.heap.push((
            id.to_string(),
            HeapObject::Instance(Instance {
                type_name: class.to_string(),
                fields: fields
                    .iter()
                    .map(|(n, v)| (n.to_string(), v.clone()))
                    .collect(),
                size_bytes: None,
            }),
        ));
        self
    }

    fn list(mut self, id: &str, items: &[Value]) -> Self {
        self.heap.push((
            id.to_string(),
            HeapObject::List(Sequence {
                type_name: "list".to_string(),
                items: items.to_vec(),
                length: items.len() as u64,
                offset: 0,
                size_bytes: None,
            }),
        ));
        self
    }

    fn var(mut self, name: &str, value: Value) -> Self {
        self.locals.push((name.to_string(), value));
        self
    }

    fn build(self) -> Step {
        let mut step: Step = serde_json::from_str(
            r#"{"event":"line","line":1,"stdoutLength":0,"stack":[],"heap":{}}"#,
        )
        .expect("empty step");
        step.stack.push(Frame {
            id: "f1".to_string(),
            func: "<module>".to_string(),
            line: 1,
            locals: self.locals,
            state: FrameState::Active,
        });
        for (id, o) in self.heap {
            step.heap.insert(id.into(), std::sync::Arc::new(o));
        }
        step
    }
}

fn trace(steps: Vec<Step>) -> Trace {
    Trace::new(algoscope_trace_format::Language::Python, "", steps)
}

fn all_rows(t: &Trace) -> Vec<LinkedRowSpec> {
    (0..t.steps.len()).map(LinkedRowSpec::step).collect()
}

fn view(t: &Trace, hint: Option<&LinkedHint>) -> Option<LinkedView> {
    linked_view(t, &all_rows(t), hint).expect("rows in range")
}

fn ids(row: &LinkedRow) -> Vec<&str> {
    row.nodes.iter().map(|n| n.id.as_str()).collect()
}

fn link_names(track: &LinkedTrack) -> Vec<&str> {
    track.links.iter().map(|l| l.name.as_str()).collect()
}

/// `head → 1 → 2 → 3`, `curr` at 2 read first.
fn singly() -> Step {
    S::default()
        .var("curr", r("o2"))
        .var("head", r("o1"))
        .obj("o1", "ListNode", &[("value", int(1)), ("next", r("o2"))])
        .obj("o2", "ListNode", &[("value", int(2)), ("next", r("o3"))])
        .obj("o3", "ListNode", &[("value", int(3)), ("next", none())])
        .build()
}

#[test]
fn singly_linked_list_reads_from_its_head() {
    let t = trace(vec![singly()]);
    let v = view(&t, None).expect("a track");
    assert_eq!(v.track.class, "ListNode");
    assert_eq!(link_names(&v.track), ["next"]);
    assert_eq!(v.track.value_field.as_deref(), Some("value"));
    assert_eq!(v.track.shape, LinkedShape::List);
    assert!(!v.track.hinted);
    let row = &v.rows[0];
    assert_eq!(ids(row), ["o1", "o2", "o3"]);
    assert_eq!(row.roots, ["o1"]);
    assert!(row.trees.is_empty());
    let names: Vec<(&str, &str)> = row
        .names
        .iter()
        .map(|n| (n.name.as_str(), n.node.as_str()))
        .collect();
    assert_eq!(names, [("curr", "o2"), ("head", "o1")]);
    assert_eq!(row.signature, "o1=1:next>o2;o2=2:next>o3;o3=3:next>");
    assert_eq!(v.chains, [vec!["o1", "o2", "o3"]]);
}

#[test]
fn doubly_linked_list_is_a_list_read_along_next() {
    let t = trace(vec![S::default()
        .var("tail", r("o3"))
        .var("head", r("o1"))
        .obj(
            "o1",
            "DNode",
            &[("prev", none()), ("val", int(1)), ("next", r("o2"))],
        )
        .obj(
            "o2",
            "DNode",
            &[("prev", r("o1")), ("val", int(2)), ("next", r("o3"))],
        )
        .obj(
            "o3",
            "DNode",
            &[("prev", r("o2")), ("val", int(3)), ("next", none())],
        )
        .build()]);
    let v = view(&t, None).expect("a track");
    assert_eq!(link_names(&v.track), ["prev", "next"]);
    assert_eq!(v.track.primary_link(), Some("next"));
    assert_eq!(v.track.value_field.as_deref(), Some("val"));
    assert_eq!(v.track.shape, LinkedShape::List, "two links but a cycle");
    assert_eq!(ids(&v.rows[0]), ["o1", "o2", "o3"]);
    assert_eq!(v.rows[0].roots, ["o1"]);
}

#[test]
fn circular_list_starts_at_the_first_node_named() {
    let t = trace(vec![S::default()
        .var("start", r("o2"))
        .obj("o1", "Node", &[("data", int(1)), ("next", r("o2"))])
        .obj("o2", "Node", &[("data", int(2)), ("next", r("o3"))])
        .obj("o3", "Node", &[("data", int(3)), ("next", r("o1"))])
        .build()]);
    let v = view(&t, None).expect("a track");
    assert_eq!(v.track.shape, LinkedShape::List);
    let row = &v.rows[0];
    // Climbing back from o2 goes round the cycle: read from o2, the node named.
    assert_eq!(ids(row), ["o2", "o3", "o1"]);
    assert_eq!(row.roots, ["o2"]);
    let signature_targets: Vec<&str> = row.nodes.iter().flat_map(|n| n.targets()).collect();
    assert_eq!(
        signature_targets.len(),
        3,
        "every link kept, the back link too"
    );
}

/// A BST 4(2(1,3),6) with a `Tree` holder: `tree.root`.
fn bst(left: &str, right: &str) -> Step {
    S::default()
        .var("tree", r("t"))
        .obj("t", "Tree", &[("root", r("n4")), ("size", int(5))])
        .obj(
            "n4",
            "TreeNode",
            &[("key", int(4)), (left, r("n2")), (right, r("n6"))],
        )
        .obj(
            "n2",
            "TreeNode",
            &[("key", int(2)), (left, r("n1")), (right, r("n3"))],
        )
        .obj(
            "n6",
            "TreeNode",
            &[("key", int(6)), (left, none()), (right, none())],
        )
        .obj(
            "n1",
            "TreeNode",
            &[("key", int(1)), (left, none()), (right, none())],
        )
        .obj(
            "n3",
            "TreeNode",
            &[("key", int(3)), (left, none()), (right, none())],
        )
        .build()
}

fn depths(row: &LinkedRow) -> Vec<(&str, u32)> {
    row.trees
        .iter()
        .flat_map(|t| t.nodes.iter().map(|n| (n.id.as_str(), n.depth)))
        .collect()
}

#[test]
fn tree_with_left_right_is_in_order_through_a_holder() {
    let t = trace(vec![bst("left", "right")]);
    let v = view(&t, None).expect("a track");
    assert_eq!(v.track.class, "TreeNode");
    assert_eq!(v.track.shape, LinkedShape::Tree);
    assert_eq!(v.track.value_field.as_deref(), Some("key"));
    let row = &v.rows[0];
    assert_eq!(ids(row), ["n1", "n2", "n3", "n4", "n6"]);
    assert_eq!(
        depths(row),
        [("n1", 2), ("n2", 1), ("n3", 2), ("n4", 0), ("n6", 1)]
    );
    assert_eq!(row.names[0].name, "tree.root");
    assert_eq!(row.trees[0].links, ["left", "right"]);
    assert_eq!(row.trees[0].nodes[1].parent.as_deref(), Some("n4"));
}

#[test]
fn tree_with_other_field_names_is_found_by_its_links() {
    let t = trace(vec![bst("lo", "hi")]);
    let v = view(&t, None).expect("a track");
    assert_eq!(link_names(&v.track), ["lo", "hi"]);
    assert_eq!(v.track.shape, LinkedShape::Tree);
    assert_eq!(ids(&v.rows[0]), ["n1", "n2", "n3", "n4", "n6"]);
}

#[test]
fn a_node_with_two_parents_in_any_row_makes_a_list() {
    let shared = S::default()
        .var("a", r("n1"))
        .obj("n1", "N", &[("v", int(1)), ("x", r("n2")), ("y", r("n3"))])
        .obj("n2", "N", &[("v", int(2)), ("x", r("n3")), ("y", none())])
        .obj("n3", "N", &[("v", int(3)), ("x", none()), ("y", none())])
        .build();
    let t = trace(vec![bst("x", "y"), shared]);
    let v = view(&t, None).expect("a track");
    assert_eq!(v.track.class, "TreeNode", "five nodes beat three");
    let t = trace(vec![S::default()
        .var("a", r("n1"))
        .obj("n1", "N", &[("v", int(1)), ("x", r("n2")), ("y", r("n3"))])
        .obj("n2", "N", &[("v", int(2)), ("x", r("n3")), ("y", none())])
        .obj("n3", "N", &[("v", int(3)), ("x", none()), ("y", none())])
        .build()]);
    assert_eq!(
        view(&t, None).expect("a track").track.shape,
        LinkedShape::List
    );
}

#[test]
fn children_lists_make_a_tree() {
    let t = trace(vec![S::default()
        .var("root", r("a"))
        .obj(
            "a",
            "Node",
            &[("name", Value::prim("str", "'a'")), ("children", r("la"))],
        )
        .list("la", &[r("b"), r("c"), r("d")])
        .obj(
            "b",
            "Node",
            &[("name", Value::prim("str", "'b'")), ("children", r("lb"))],
        )
        .list("lb", &[])
        .obj(
            "c",
            "Node",
            &[("name", Value::prim("str", "'c'")), ("children", r("lc"))],
        )
        .list("lc", &[])
        .obj(
            "d",
            "Node",
            &[("name", Value::prim("str", "'d'")), ("children", r("ld"))],
        )
        .list("ld", &[r("e")])
        .obj(
            "e",
            "Node",
            &[("name", Value::prim("str", "'e'")), ("children", r("le"))],
        )
        .list("le", &[])
        .build()]);
    let v = view(&t, None).expect("a track");
    assert_eq!(v.track.links[0].kind, LinkKind::Many);
    assert_eq!(v.track.shape, LinkedShape::Tree);
    assert_eq!(v.track.value_field.as_deref(), Some("name"));
    let row = &v.rows[0];
    // Three children: one left of the parent, two right; one child: right.
    assert_eq!(ids(row), ["b", "a", "c", "d", "e"]);
    assert_eq!(
        depths(row),
        [("b", 1), ("a", 0), ("c", 1), ("d", 1), ("e", 2)]
    );
    let a = row.node("a").expect("a");
    assert_eq!(a.links[0].targets, ["b", "c", "d"]);
}

#[test]
fn a_hint_overrides_class_shape_and_links() {
    // Both classes have links; the hint picks the smaller one and calls it a list.
    let t = trace(vec![bst("left", "right")]);
    let hint = LinkedHint {
        class: "TreeNode".to_string(),
        shape: LinkedShape::List,
        links: vec!["right".to_string()],
    };
    let v = view(&t, Some(&hint)).expect("a track");
    assert!(v.track.hinted);
    assert_eq!(v.track.shape, LinkedShape::List);
    assert_eq!(link_names(&v.track), ["right"]);
    assert_eq!(
        v.track.value_field.as_deref(),
        Some("key"),
        "left is a plain field now but never a primitive"
    );
    // Along `right` only: n4 → n6; n2 → n3 and n1 hang unlinked.
    assert_eq!(v.rows[0].nodes.len(), 2, "n2 is reached only over `left`");
    assert_eq!(ids(&v.rows[0]), ["n4", "n6"]);

    let hint = LinkedHint {
        class: "Tree".to_string(),
        shape: LinkedShape::Tree,
        links: Vec::new(),
    };
    let v = view(&t, Some(&hint)).expect("a hinted track");
    assert_eq!(v.track.class, "Tree");
    assert!(v.track.links.is_empty(), "Tree has no links of its own");
    assert_eq!(ids(&v.rows[0]), ["t"]);
}

#[test]
fn a_hint_with_no_links_detects_them_for_its_class() {
    let t = trace(vec![bst("lo", "hi")]);
    let hint = LinkedHint {
        class: "TreeNode".to_string(),
        shape: LinkedShape::Tree,
        links: Vec::new(),
    };
    let v = view(&t, Some(&hint)).expect("a track");
    assert_eq!(link_names(&v.track), ["lo", "hi"]);
}

#[test]
fn no_track_without_same_class_links() {
    let t = trace(vec![S::default()
        .var("p", r("o1"))
        .var("xs", r("l"))
        .obj("o1", "Point", &[("x", int(1)), ("y", int(2))])
        .list("l", &[int(1), int(2)])
        .build()]);
    assert_eq!(view(&t, None), None);
    // A graph's neighbour lists are not links: only `children` is taken as a list link.
    let t = trace(vec![S::default()
        .var("a", r("o1"))
        .obj("o1", "Vertex", &[("name", int(1)), ("neighbors", r("l1"))])
        .list("l1", &[r("o2")])
        .obj("o2", "Vertex", &[("name", int(2)), ("neighbors", r("l2"))])
        .list("l2", &[r("o1")])
        .build()]);
    assert_eq!(view(&t, None), None);
}

#[test]
fn a_lone_node_with_a_conventional_null_link_is_a_track() {
    let t = trace(vec![S::default()
        .var("head", r("o1"))
        .obj("o1", "ListNode", &[("val", int(7)), ("next", none())])
        .build()]);
    let v = view(&t, None).expect("a track");
    assert_eq!(link_names(&v.track), ["next"]);
    assert_eq!(v.rows[0].signature, "o1=7:next>");
}

#[test]
fn reversal_keeps_columns_and_chains_across_rows() {
    // Row 1: head → 1 → 2 → 3. Row 2: prev → 2 → 1, curr → 3. Row 3: 3 → 2 → 1.
    let node = |s: S, id: &str, v: i64, next: Value| {
        s.obj(id, "ListNode", &[("value", int(v)), ("next", next)])
    };
    let row1 = node(
        node(
            node(S::default().var("head", r("a")), "a", 1, r("b")),
            "b",
            2,
            r("c"),
        ),
        "c",
        3,
        none(),
    )
    .build();
    let row2 = node(
        node(
            node(
                S::default().var("prev", r("b")).var("curr", r("c")),
                "a",
                1,
                none(),
            ),
            "b",
            2,
            r("a"),
        ),
        "c",
        3,
        none(),
    )
    .build();
    let row3 = node(
        node(
            node(S::default().var("prev", r("c")), "a", 1, none()),
            "b",
            2,
            r("a"),
        ),
        "c",
        3,
        r("b"),
    )
    .build();
    let t = trace(vec![row1, row2, row3]);
    let v = view(&t, None).expect("a track");
    assert_eq!(v.columns, ["a", "b", "c"]);
    assert_eq!(ids(&v.rows[1]), ["b", "a", "c"]);
    assert_eq!(v.rows[1].roots, ["b", "c"]);
    assert_eq!(ids(&v.rows[2]), ["c", "b", "a"]);
    assert_eq!(v.chains, [vec!["a", "b", "c"]]);
    let sigs: Vec<&str> = v.rows.iter().map(|r| r.signature.as_str()).collect();
    assert_eq!(sigs.len(), 3);
    assert_ne!(sigs[0], sigs[1]);
    assert_ne!(sigs[1], sigs[2]);
}

#[test]
fn separate_lists_are_separate_chains_until_linked() {
    let t = trace(vec![S::default()
        .var("a", r("a1"))
        .var("b", r("b1"))
        .obj("a1", "N", &[("v", int(1)), ("next", r("a2"))])
        .obj("a2", "N", &[("v", int(2)), ("next", none())])
        .obj("b1", "N", &[("v", int(3)), ("next", none())])
        .build()]);
    let v = view(&t, None).expect("a track");
    assert_eq!(v.chains, [vec!["a1", "a2"], vec!["b1"]]);
}

#[test]
fn rows_see_only_their_frames() {
    let mut step = singly();
    let mut inner = step.stack[0].clone();
    inner.id = "f2".to_string();
    inner.locals = vec![("node".to_string(), r("o3"))];
    step.stack[0].locals.clear();
    step.stack.push(inner);
    let t = trace(vec![step]);
    let spec = LinkedRowSpec {
        step: 0,
        frames: vec!["f2".to_string()],
    };
    let track = find_linked_track(&t, std::slice::from_ref(&spec), None)
        .expect("in range")
        .expect("a track");
    let row = linked_row(&t, &spec, &track).expect("in range");
    assert_eq!(ids(&row), ["o3"]);
    assert_eq!(row.names[0].frame, "f2");
}

#[test]
fn a_step_out_of_range_is_an_error() {
    let t = trace(vec![singly()]);
    let err = linked_view(&t, &[LinkedRowSpec::step(3)], None).unwrap_err();
    assert_eq!(err, crate::SceneError::StepOutOfRange { step: 3, steps: 1 });
}

#[test]
fn types_round_trip_through_json() {
    let t = trace(vec![bst("left", "right")]);
    let v = view(&t, None).expect("a track");
    let json = serde_json::to_string(&v).expect("serialise");
    assert!(json.contains("\"valueField\":\"key\""));
    let back: LinkedView = serde_json::from_str(&json).expect("deserialise");
    assert_eq!(back, v);
}

#[test]
fn a_detached_node_pointing_into_a_list_reads_after_it() {
    // d.head → 1 ⇄ 2 ⇄ 4 ⇄ 5; `mid` (3) was unlinked but still points at 2 and 4.
    let t = trace(vec![S::default()
        .var("d", r("deque"))
        .var("mid", r("n3"))
        .obj("deque", "Deque", &[("head", r("n1")), ("tail", r("n5"))])
        .obj(
            "n1",
            "DNode",
            &[("prev", none()), ("val", int(1)), ("next", r("n2"))],
        )
        .obj(
            "n2",
            "DNode",
            &[("prev", r("n1")), ("val", int(2)), ("next", r("n4"))],
        )
        .obj(
            "n3",
            "DNode",
            &[("prev", r("n2")), ("val", int(3)), ("next", r("n4"))],
        )
        .obj(
            "n4",
            "DNode",
            &[("prev", r("n2")), ("val", int(4)), ("next", r("n5"))],
        )
        .obj(
            "n5",
            "DNode",
            &[("prev", r("n4")), ("val", int(5)), ("next", none())],
        )
        .build()]);
    let v = view(&t, None).expect("a track");
    let row = &v.rows[0];
    assert_eq!(ids(row), ["n1", "n2", "n4", "n5", "n3"]);
    assert_eq!(row.roots, ["n1", "n3"]);
    let names: Vec<&str> = row.names.iter().map(|n| n.name.as_str()).collect();
    assert_eq!(
        names,
        ["d.head", "d.tail", "mid"],
        "one level through, right after `d`"
    );
    assert_eq!(v.chains.len(), 1, "n3's links join it to the rest");
}
