//! Structure detection: lists of lists drawn as grids, binary trees drawn as blocks.

use std::collections::{BTreeMap, BTreeSet};

use algoscope_trace_format::{HeapObject, Step, Value};

use crate::types::{Grid, TreeBlock, TreeNode};

/// The row lists of `object` when it is a list or tuple of at least two distinct lists or
/// tuples of primitives; else `None`.
fn grid_rows(step: &Step, object: &HeapObject) -> Option<(Vec<String>, u64)> {
    let items = match object {
        HeapObject::List(s) | HeapObject::Tuple(s) => s,
        _ => return None,
    };
    if items.items.len() < 2 || items.offset != 0 || items.length != items.items.len() as u64 {
        return None;
    }
    let mut rows = Vec::new();
    let mut seen = BTreeSet::new();
    let mut cols = 0;
    for value in &items.items {
        let id = value.ref_id()?;
        if !seen.insert(id) {
            return None;
        }
        match step.heap.get(id).map(|o| o.as_ref()) {
            Some(HeapObject::List(row)) | Some(HeapObject::Tuple(row)) => {
                if row.items.iter().any(|v| !matches!(v, Value::Prim { .. })) {
                    return None;
                }
                cols = cols.max(row.items.len() as u64);
            }
            _ => return None,
        }
        rows.push(id.to_string());
    }
    Some((rows, cols))
}

/// Every grid among the objects shown, in the order given.
pub(crate) fn find_grids(step: &Step, order: &[String]) -> Vec<Grid> {
    let mut grids = Vec::new();
    let mut claimed = BTreeSet::new();
    for id in order {
        let Some(object) = step.heap.get(id) else {
            continue;
        };
        if claimed.contains(id) {
            continue;
        }
        if let Some((rows, cols)) = grid_rows(step, object) {
            if rows.iter().any(|r| claimed.contains(r)) {
                continue;
            }
            claimed.extend(rows.iter().cloned());
            grids.push(Grid {
                id: id.clone(),
                rows,
                cols,
            });
        }
    }
    grids
}

/// The `left` and `right` values of an instance that has both fields and holds only
/// references or primitives in them.
fn children(object: &HeapObject) -> Option<[&Value; 2]> {
    let HeapObject::Instance(instance) = object else {
        return None;
    };
    let field = |name: &str| {
        instance
            .fields
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v)
    };
    Some([field("left")?, field("right")?])
}

/// Binary trees: roots (tree nodes no other tree node links to) with at least one child.
pub(crate) fn find_trees(step: &Step, order: &[String]) -> Vec<TreeBlock> {
    let is_node = |id: &str| {
        step.heap
            .get(id)
            .is_some_and(|o| children(o.as_ref()).is_some())
    };
    let mut has_parent = BTreeSet::new();
    for id in order.iter().filter(|id| is_node(id)) {
        if let Some(kids) = step.heap.get(id).and_then(|o| children(o.as_ref())) {
            for kid in kids.iter().filter_map(|v| v.ref_id()) {
                if kid != id && is_node(kid) {
                    has_parent.insert(kid.to_string());
                }
            }
        }
    }
    let mut claimed: BTreeSet<String> = BTreeSet::new();
    let mut blocks = Vec::new();
    for root in order
        .iter()
        .filter(|id| is_node(id) && !has_parent.contains(*id))
    {
        let nodes = in_order(step, root, &mut claimed, &is_node);
        if nodes.len() > 1 {
            blocks.push(TreeBlock {
                root: root.clone(),
                nodes,
                links: vec!["left".to_string(), "right".to_string()],
            });
        }
    }
    blocks
}

/// In-order walk from `root`, skipping nodes already claimed (cycles, shared subtrees).
fn in_order(
    step: &Step,
    root: &str,
    claimed: &mut BTreeSet<String>,
    is_node: &dyn Fn(&str) -> bool,
) -> Vec<TreeNode> {
    enum Visit {
        Enter(String, u32, Option<String>),
        Emit(String, u32, Option<String>),
    }
    let mut out = Vec::new();
    let mut stack = vec![Visit::Enter(root.to_string(), 0, None)];
    let mut parent_of: BTreeMap<String, Option<String>> = BTreeMap::new();
    while let Some(visit) = stack.pop() {
        match visit {
            Visit::Enter(id, depth, parent) => {
                if claimed.contains(&id) {
                    continue;
                }
                claimed.insert(id.clone());
                parent_of.insert(id.clone(), parent.clone());
                let kids = step.heap.get(&id).and_then(|o| children(o.as_ref()));
                let [left, right] = match kids {
                    Some([l, r]) => [
                        l.ref_id().filter(|k| is_node(k)).map(str::to_string),
                        r.ref_id().filter(|k| is_node(k)).map(str::to_string),
                    ],
                    None => [None, None],
                };
                if let Some(r) = right {
                    stack.push(Visit::Enter(r, depth + 1, Some(id.clone())));
                }
                stack.push(Visit::Emit(id.clone(), depth, parent));
                if let Some(l) = left {
                    stack.push(Visit::Enter(l, depth + 1, Some(id.clone())));
                }
            }
            Visit::Emit(id, depth, parent) => out.push(TreeNode { id, depth, parent }),
        }
    }
    out
}
