//! `Heap` behaves like an insertion-ordered map (indexmap is the model) through inserts,
//! replacements and `retain`, across its lookup-table and chunk sizes, and a clone changed
//! afterwards leaves the original as it was.

use std::sync::Arc;

use algoscope_trace_format::{Heap, HeapObject, ObjectId, SingleValue};
use indexmap::IndexMap;
use proptest::prelude::*;

fn object(n: u32) -> Arc<HeapObject> {
    Arc::new(HeapObject::Value(SingleValue {
        type_name: "int".into(),
        repr: n.to_string(),
        length: None,
    }))
}

#[derive(Clone, Debug)]
enum Op {
    /// Insert (or replace) id `o<k>` with object `n`.
    Insert(u8, u32),
    /// Keep only the objects whose number is not divisible by this.
    Retain(u32),
    /// Clone the heap, change the clone, and check the original did not change.
    CloneAndChange(u8, u32),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        8 => (0..60u8, any::<u32>()).prop_map(|(k, n)| Op::Insert(k, n)),
        1 => (2..5u32).prop_map(Op::Retain),
        2 => (0..60u8, any::<u32>()).prop_map(|(k, n)| Op::CloneAndChange(k, n)),
    ]
}

fn number(object: &HeapObject) -> u32 {
    match object {
        HeapObject::Value(v) => v.repr.parse().expect("a number"),
        _ => unreachable!("only single values here"),
    }
}

/// The heap read every way, against the model.
fn same(heap: &Heap, model: &IndexMap<String, u32>) -> Result<(), TestCaseError> {
    prop_assert_eq!(heap.len(), model.len());
    prop_assert_eq!(heap.is_empty(), model.is_empty());
    let listed: Vec<(String, u32)> = heap
        .iter()
        .map(|(id, object)| (id.to_string(), number(object)))
        .collect();
    let expected: Vec<(String, u32)> = model.iter().map(|(k, &v)| (k.clone(), v)).collect();
    prop_assert_eq!(&listed, &expected);
    prop_assert_eq!(heap.iter().len(), model.len());
    prop_assert_eq!(heap.values().len(), model.len());
    for (position, (id, &n)) in model.iter().enumerate() {
        prop_assert_eq!(heap.get(id.as_str()).map(|o| number(o)), Some(n));
        prop_assert_eq!(heap.get_index_of(id.as_str()), Some(position));
        let (key, value) = heap.get_index(position).expect("in range");
        prop_assert_eq!((&**key, number(value)), (id.as_str(), n));
    }
    prop_assert!(!heap.contains_key("absent"));
    prop_assert!(heap.get_index(model.len()).is_none());
    Ok(())
}

proptest! {
    #[test]
    fn heap_reads_like_an_ordered_map(ops in prop::collection::vec(op(), 0..120)) {
        let mut heap = Heap::new();
        let mut model: IndexMap<String, u32> = IndexMap::new();
        for op in ops {
            match op {
                Op::Insert(k, n) => {
                    let id = format!("o{k}");
                    let old = heap.insert(ObjectId::from(id.as_str()), object(n));
                    prop_assert_eq!(old.map(|o| number(&o)), model.insert(id, n));
                }
                Op::Retain(d) => {
                    heap.retain(|_, object| !number(object).is_multiple_of(d));
                    model.retain(|_, n| !n.is_multiple_of(d));
                }
                Op::CloneAndChange(k, n) => {
                    let mut copy = heap.clone();
                    prop_assert_eq!(&copy, &heap);
                    copy.insert(ObjectId::from(format!("o{k}")), object(n));
                    let mut changed = model.clone();
                    changed.insert(format!("o{k}"), n);
                    same(&copy, &changed)?;
                }
            }
            same(&heap, &model)?;
        }
        // Equality ignores order, as for maps.
        let mut entries: Vec<_> = heap.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        entries.reverse();
        let reversed: Heap = entries.into_iter().collect();
        prop_assert_eq!(&reversed, &heap);
    }
}

#[test]
fn unchanged_objects_stay_shared_between_clones() {
    let mut heap: Heap = (0..40)
        .map(|k| (ObjectId::from(format!("o{k}")), object(k)))
        .collect();
    let before = heap.clone();
    heap.insert("o17".into(), object(1000));
    for (position, ((id, now), (_, then))) in heap.iter().zip(before.iter()).enumerate() {
        assert_eq!(
            Arc::ptr_eq(now, then),
            &**id != "o17",
            "position {position}"
        );
    }
    assert_eq!(number(&before["o17"]), 17);
    assert_eq!(number(&heap["o17"]), 1000);
    assert!(heap.same_ids(&before));
}
