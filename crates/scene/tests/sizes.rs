//! Memory sizes per model, against totals worked out by hand (docs/memory-sizes.md).

use algoscope_scene::{memory_scene, step_sizes, SceneOptions, SizeModel, StepSizes};
use algoscope_trace_format::Trace;
use serde_json::json;

/// Two frames. `<module>` holds `a` and `b` (the same list `[1, 'hi']`), `n = 5` and `node`,
/// the first of two `Node`s pointing at each other (a cycle); `f` holds `xs`, the same list
/// again. Python sizes as CPython records them: the list 72, each node 56 + a 1-entry dict
/// (224) = 280.
fn trace() -> Trace {
    let text = json!({
        "version": 1, "language": "python", "source": "pass\n", "stdout": "",
        "steps": [{
            "event": "line", "line": 1, "stdoutLength": 0,
            "stack": [
                {"id": "f1", "func": "<module>", "line": 1, "locals": [
                    ["a", {"kind": "ref", "id": "o1"}],
                    ["b", {"kind": "ref", "id": "o1"}],
                    ["n", {"kind": "prim", "type": "int", "repr": "5"}],
                    ["node", {"kind": "ref", "id": "o2"}]
                ]},
                {"id": "f2", "func": "f", "line": 1, "locals": [
                    ["xs", {"kind": "ref", "id": "o1"}]
                ]}
            ],
            "heap": {
                "o1": {"kind": "list", "typeName": "list", "length": 2, "sizeBytes": 72,
                       "items": [{"kind": "prim", "type": "int", "repr": "1"},
                                 {"kind": "prim", "type": "str", "repr": "'hi'"}]},
                "o2": {"kind": "instance", "typeName": "Node", "sizeBytes": 280, "fields": [
                    ["val", {"kind": "prim", "type": "int", "repr": "3"}],
                    ["next", {"kind": "ref", "id": "o3"}]]},
                "o3": {"kind": "instance", "typeName": "Node", "sizeBytes": 280, "fields": [
                    ["val", {"kind": "prim", "type": "int", "repr": "4"}],
                    ["next", {"kind": "ref", "id": "o2"}]]}
            }
        }]
    });
    serde_json::from_value(text).expect("a valid trace")
}

fn sizes(model: SizeModel) -> StepSizes {
    step_sizes(&trace().steps[0], model)
}

fn own_total(s: &StepSizes, id: &str) -> (u64, u64) {
    let o = s.objects[id];
    (o.own_bytes, o.total_bytes)
}

#[test]
fn python_model_by_hand() {
    let s = sizes(SizeModel::Python);
    // list: 72 recorded − 2 slots of 8 = 56, + cells 8+28 (int 1) and 8+51 (str 'hi').
    assert_eq!(s.cells["obj:o1#0"], 36);
    assert_eq!(s.cells["obj:o1#1"], 59);
    assert_eq!(own_total(&s, "o1"), (151, 151));
    // node: 280 − 2 × 8 = 264, + 8+28 (val) + 8 (next): 308; with its partner in the cycle,
    // each counted once: 616.
    assert_eq!(own_total(&s, "o2"), (308, 616));
    assert_eq!(own_total(&s, "o3"), (308, 616));
    // <module>: cells 8 + 8 + (8+28) + 8 = 60, + the list once + both nodes.
    assert_eq!(s.cells["frame:f1#n"], 36);
    assert_eq!(s.frames["f1"], 60 + 151 + 616);
    assert_eq!(s.frames["f2"], 8 + 151);
    // The program: both frames' cells, and the list shared by three variables once.
    assert_eq!(s.total_bytes, 60 + 8 + 151 + 616);
}

#[test]
fn textbook_model_by_hand() {
    let s = sizes(SizeModel::Textbook);
    // list: header 8, 1 → 8, 'hi' → reference 8 + length 8 + 2 × 2.
    assert_eq!(s.cells["obj:o1#1"], 20);
    assert_eq!(own_total(&s, "o1"), (36, 36));
    // node: header 8 + val 8 + next 8.
    assert_eq!(own_total(&s, "o2"), (24, 48));
    assert_eq!(s.frames["f1"], 32 + 36 + 48);
    assert_eq!(s.frames["f2"], 8 + 36);
    assert_eq!(s.total_bytes, 32 + 8 + 36 + 48);
}

#[test]
fn v8_model_by_hand() {
    let s = sizes(SizeModel::V8);
    // JSArray 16 + FixedArray header 8; 1 is a Smi (4); 'hi' is 4 + SeqOneByteString 12 + 2
    // rounded to 16.
    assert_eq!(s.cells["obj:o1#0"], 4);
    assert_eq!(s.cells["obj:o1#1"], 20);
    assert_eq!(own_total(&s, "o1"), (48, 48));
    // JSObject 12 + two in-object fields of 4.
    assert_eq!(own_total(&s, "o2"), (20, 40));
    assert_eq!(s.frames["f1"], 16 + 48 + 40);
    assert_eq!(s.total_bytes, 16 + 4 + 48 + 40);
}

fn one_object(object: serde_json::Value) -> StepSizes {
    one_object_in(object, SizeModel::V8)
}

fn one_object_in(object: serde_json::Value, model: SizeModel) -> StepSizes {
    let text = json!({
        "version": 1, "language": "javascript", "source": "x\n", "stdout": "",
        "steps": [{
            "event": "line", "line": 1, "stdoutLength": 0,
            "stack": [{"id": "f1", "func": "<main>", "line": 1,
                       "locals": [["x", {"kind": "ref", "id": "o1"}]]}],
            "heap": {"o1": object}
        }]
    });
    let trace: Trace = serde_json::from_value(text).expect("a valid trace");
    step_sizes(&trace.steps[0], model)
}

fn num(repr: &str) -> serde_json::Value {
    json!({"kind": "prim", "type": "number", "repr": repr})
}

#[test]
fn v8_arrays_of_numbers_hold_unboxed_doubles() {
    let s = one_object(json!({"kind": "list", "typeName": "Array", "length": 2,
                              "items": [num("1.5"), num("2")]}));
    assert_eq!(s.cells["obj:o1#0"], 8);
    assert_eq!(s.objects["o1"].own_bytes, 24 + 16);
    // Small integers only: Smis in tagged slots.
    let s = one_object(json!({"kind": "list", "typeName": "Array", "length": 2,
                              "items": [num("1"), num("2")]}));
    assert_eq!(s.objects["o1"].own_bytes, 24 + 8);
    // An empty array shares the empty backing store.
    let s = one_object(json!({"kind": "list", "typeName": "Array", "length": 0, "items": []}));
    assert_eq!(s.objects["o1"].own_bytes, 16);
}

#[test]
fn v8_heap_numbers_and_plain_object_keys() {
    // {a: 1.5, b: 2}: JSObject 12; keys live in the hidden class (0); 1.5 is a HeapNumber.
    let s = one_object(
        json!({"kind": "dict", "typeName": "Object", "length": 2, "entries": [
        [{"kind": "prim", "type": "string", "repr": "'a'"}, num("1.5")],
        [{"kind": "prim", "type": "string", "repr": "'b'"}, num("2")]]}),
    );
    assert_eq!(s.cells["obj:o1#key['a']"], 0);
    assert_eq!(s.cells["obj:o1#['a']"], 16);
    assert_eq!(s.objects["o1"].own_bytes, 12 + 16 + 4);
}

#[test]
fn v8_map_is_a_hash_table() {
    // JSMap 16 + OrderedHashMap for capacity 4: 8 + 12 + 2 buckets × 4 + 4 × 3 × 4 = 76,
    // minus the 2 × 2 key/value slots the cells hold; cells 'a' 4 + 16 and 1 → 4 each.
    let s = one_object(
        json!({"kind": "dict", "typeName": "Map", "length": 2, "entries": [
        [{"kind": "prim", "type": "string", "repr": "'a'"}, num("1")],
        [{"kind": "prim", "type": "string", "repr": "'b'"}, num("2")]]}),
    );
    assert_eq!(s.cells["obj:o1#key['a']"], 20);
    assert_eq!(s.objects["o1"].own_bytes, 16 + 76 - 16 + 2 * (20 + 4));
}

#[test]
fn a_window_counts_unseen_items_at_the_mean_of_the_shown_ones() {
    // 100 numbers, 2 shown (cells 8 and 8, textbook): 8 + 100 × 8.
    let s = one_object_in(
        json!({"kind": "list", "typeName": "Array", "length": 100, "offset": 10,
               "items": [num("1"), num("2")]}),
        SizeModel::Textbook,
    );
    assert_eq!(s.objects["o1"].own_bytes, 8 + 100 * 8);
}

#[test]
fn a_shortened_string_is_sized_by_its_real_length() {
    let s = one_object_in(
        json!({"kind": "list", "typeName": "list", "length": 1, "sizeBytes": 64, "items": [
            {"kind": "prim", "type": "str", "repr": "'aaaa…", "length": 1000}]}),
        SizeModel::Python,
    );
    assert_eq!(s.cells["obj:o1#0"], 8 + 49 + 1000);
}

#[test]
fn models_read_and_print_by_name() {
    for model in SizeModel::ALL {
        assert_eq!(model.name().parse::<SizeModel>(), Ok(model));
        assert_eq!(
            serde_json::to_value(model).expect("serialises"),
            json!(model.name())
        );
    }
    assert_eq!("V8".parse::<SizeModel>(), Ok(SizeModel::V8));
    let err = "java".parse::<SizeModel>().expect_err("not a model");
    assert_eq!(
        err.to_string(),
        "unknown size model `java`: python, textbook or v8"
    );
}

#[test]
fn memory_scene_fills_sizes_only_when_asked() {
    let trace = trace();
    let plain = memory_scene(&trace, 0, &SceneOptions::default()).expect("step 0");
    assert!(plain.program_size.is_none());
    assert!(plain.objects.iter().all(|o| o.size.is_none()));
    assert!(plain.frames.iter().all(|f| f.size_bytes.is_none()));
    let json = serde_json::to_string(&plain).expect("serialises");
    assert!(
        !json.contains("size"),
        "no size fields in JSON without a model"
    );

    let options = SceneOptions {
        size_model: Some(SizeModel::Python),
        ..SceneOptions::default()
    };
    let scene = memory_scene(&trace, 0, &options).expect("step 0");
    let total = scene.program_size.expect("a program size");
    assert_eq!(total.total_bytes, 60 + 8 + 151 + 616);
    assert_eq!(scene.frames[0].size_bytes, Some(60 + 151 + 616));
    assert_eq!(scene.frames[0].bindings[2].size_bytes, Some(36));
    let list = scene.object("o1").expect("the list");
    assert_eq!(list.size.map(|s| s.own_bytes), Some(151));
    assert_eq!(list.slots[1].size_bytes, Some(59));
}

/// A heap of `refs.len()` instances; object `i` has one field per target in `refs[i]`.
fn random_heap(refs: &[Vec<usize>]) -> Trace {
    let mut heap = serde_json::Map::new();
    for (i, targets) in refs.iter().enumerate() {
        let mut fields = vec![json!(["v", {"kind": "prim", "type": "int", "repr": i.to_string()}])];
        for (k, t) in targets.iter().enumerate() {
            fields.push(
                json!([format!("f{k}"), {"kind": "ref", "id": format!("o{}", t % refs.len())}]),
            );
        }
        heap.insert(
            format!("o{i}"),
            json!({"kind": "instance", "typeName": "N", "fields": fields}),
        );
    }
    let text = json!({
        "version": 1, "language": "python", "source": "x\n", "stdout": "",
        "steps": [{
            "event": "line", "line": 1, "stdoutLength": 0,
            "stack": [{"id": "f1", "func": "<module>", "line": 1,
                       "locals": [["x", {"kind": "ref", "id": "o0"}]]}],
            "heap": heap
        }]
    });
    serde_json::from_value(text).expect("a valid trace")
}

proptest::proptest! {
    /// Totals (worked out per strongly connected component, summing trees of them) equal a
    /// plain walk of everything reachable, each object once.
    #[test]
    fn totals_equal_a_plain_walk(refs in proptest::collection::vec(
        proptest::collection::vec(0usize..40, 0..3), 1..40)) {
        let trace = random_heap(&refs);
        let step = &trace.steps[0];
        let sizes = step_sizes(step, SizeModel::Textbook);
        for (id, size) in &sizes.objects {
            let mut seen = std::collections::BTreeSet::new();
            let mut stack = vec![id.clone()];
            let mut total = 0;
            while let Some(id) = stack.pop() {
                if !seen.insert(id.clone()) {
                    continue;
                }
                total += sizes.objects[&id].own_bytes;
                for v in step.heap[id.as_str()].values() {
                    stack.extend(v.ref_id().map(str::to_string));
                }
            }
            proptest::prop_assert_eq!(size.total_bytes, total, "object {}", id);
        }
    }
}
