//! Random heaps (lists, dicts, instances with random references, cycles, shared objects) lay
//! out without overlaps or arrows through boxes, in both modes, and never panic.

mod common;

use algoscope_layout::{layout_memory, LayoutOptions};
use algoscope_scene::{memory_scene, SceneOptions};
use proptest::prelude::*;

#[derive(Debug, Clone)]
struct Heap {
    kinds: Vec<u8>,
    refs: Vec<Vec<usize>>,
    locals: Vec<usize>,
    second_frame: Vec<usize>,
}

fn heap() -> impl Strategy<Value = Heap> {
    (1usize..24).prop_flat_map(|n| {
        (
            proptest::collection::vec(0u8..5, n),
            proptest::collection::vec(proptest::collection::vec(0..n, 0..4), n),
            proptest::collection::vec(0..n, 1..4),
            proptest::collection::vec(0..n, 0..3),
        )
            .prop_map(|(kinds, refs, locals, second_frame)| Heap {
                kinds,
                refs,
                locals,
                second_frame,
            })
    })
}

fn trace_of(h: &Heap) -> algoscope_trace_format::Trace {
    let r = |i: usize| serde_json::json!({"kind": "ref", "id": format!("o{}", i + 1)});
    let int = |i: usize| serde_json::json!({"kind": "prim", "type": "int", "repr": i.to_string()});
    let mut heap = serde_json::Map::new();
    for (i, (kind, out)) in h.kinds.iter().zip(&h.refs).enumerate() {
        let items: Vec<serde_json::Value> = out.iter().map(|j| r(*j)).chain([int(i)]).collect();
        let obj = match kind {
            0 => {
                serde_json::json!({"kind": "list", "typeName": "list", "length": items.len(), "items": items})
            }
            1 => {
                serde_json::json!({"kind": "tuple", "typeName": "tuple", "length": items.len(), "items": items})
            }
            2 => serde_json::json!({"kind": "dict", "typeName": "dict", "length": items.len(),
                "entries": items.iter().enumerate().map(|(k, v)| serde_json::json!([
                    {"kind": "prim", "type": "str", "repr": format!("'k{k}'")}, v])).collect::<Vec<_>>()}),
            3 => {
                let mut fields: Vec<serde_json::Value> = Vec::new();
                let none = serde_json::json!({"kind": "prim", "type": "NoneType", "repr": "None"});
                fields.push(serde_json::json!(["val", int(i)]));
                fields.push(serde_json::json!([
                    "left",
                    out.first().map(|j| r(*j)).unwrap_or(none.clone())
                ]));
                fields.push(serde_json::json!([
                    "right",
                    out.get(1).map(|j| r(*j)).unwrap_or(none)
                ]));
                for (k, j) in out.iter().enumerate().skip(2) {
                    fields.push(serde_json::json!([format!("f{k}"), r(*j)]));
                }
                serde_json::json!({"kind": "instance", "typeName": "Node", "fields": fields})
            }
            _ => serde_json::json!({"kind": "instance", "typeName": "Thing", "fields":
                items.iter().enumerate().map(|(k, v)| serde_json::json!([format!("f{k}"), v])).collect::<Vec<_>>()}),
        };
        heap.insert(format!("o{}", i + 1), obj);
    }
    // Keep only objects reachable from the variables, as a tracer would.
    let mut seen = vec![false; h.kinds.len()];
    let mut todo: Vec<usize> = h.locals.iter().chain(&h.second_frame).copied().collect();
    while let Some(i) = todo.pop() {
        if !seen[i] {
            seen[i] = true;
            todo.extend(h.refs[i].iter().copied());
        }
    }
    for (i, s) in seen.iter().enumerate() {
        if !s {
            heap.remove(&format!("o{}", i + 1));
        }
    }
    let locals: Vec<serde_json::Value> = h
        .locals
        .iter()
        .enumerate()
        .map(|(k, i)| serde_json::json!([format!("v{k}"), r(*i)]))
        .collect();
    let second: Vec<serde_json::Value> = h
        .second_frame
        .iter()
        .enumerate()
        .map(|(k, i)| serde_json::json!([format!("w{k}"), r(*i)]))
        .collect();
    let json = serde_json::json!({
        "version": 1, "language": "python", "source": "pass\n", "stdout": "",
        "indexNames": {"v0": ["w0"]},
        "steps": [{"event": "line", "line": 1, "stdoutLength": 0,
            "stack": [
                {"id": "f1", "func": "<module>", "line": 1, "locals": locals},
                {"id": "f2", "func": "work", "line": 1, "locals": second}],
            "heap": heap}]
    });
    algoscope_trace_format::validate_str(&json.to_string()).expect("valid random trace")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn random_heaps_lay_out_cleanly(h in heap()) {
        let trace = trace_of(&h);
        let scene = memory_scene(&trace, 0, &SceneOptions::default()).expect("step 0");
        for nested in [false, true] {
            let options = LayoutOptions { nested, ..LayoutOptions::default() };
            let svg = layout_memory(&scene, &options).to_svg();
            let problems = common::check(&scene, nested, &svg);
            prop_assert!(problems.is_empty(), "{}: {:?}", if nested { "nested" } else { "flat" }, problems);
        }
    }
}

#[test]
fn big_synthetic_heaps_lay_out_cleanly() {
    for trace in [
        common::linked_list_trace(300),
        common::random_heap_trace(500, 1.2, 7),
    ] {
        let scene = memory_scene(&trace, 0, &SceneOptions::default()).expect("step 0");
        for nested in [false, true] {
            let options = LayoutOptions {
                nested,
                ..LayoutOptions::default()
            };
            let svg = layout_memory(&scene, &options).to_svg();
            let problems = common::check(&scene, nested, &svg);
            assert!(
                problems.is_empty(),
                "{:?}",
                &problems[..problems.len().min(5)]
            );
        }
    }
}
