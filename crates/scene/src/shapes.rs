//! Structure detection: lists of lists drawn as grids; the linked track's trees drawn as
//! blocks and its lists drawn as chains.

use std::collections::BTreeSet;

use algoscope_trace_format::{HeapObject, Step, Trace, Value};

use crate::hints::LinkedShape;
use crate::linked::{linked_view, LinkKind, LinkedRow, LinkedRowSpec, LinkedTrack};
use crate::types::{Chain, Grid, SceneOptions, TreeBlock};

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
        let Some(object) = step.heap.get(id.as_str()) else {
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

/// The linked structures the memory view draws at one step: trees as blocks, lists as
/// chains, from [`crate::linked_view`] over one row (the step, every frame's variables) so
/// `viz: linked` hints apply.
pub(crate) struct LinkedShapes {
    /// The track found, if any.
    pub track: Option<LinkedTrack>,
    /// Trees with at least one link, for a binary (two single links) tree track.
    pub trees: Vec<TreeBlock>,
    /// Runs along the primary link of at least two nodes, for a list track, in reading
    /// order.
    pub chains: Vec<Chain>,
}

/// A list row's runs along the primary link (each starts at one of the row's roots), of at
/// least two nodes: a node linked only by `prev` or by a detached node stays off the line.
fn runs(row: &LinkedRow) -> Vec<Chain> {
    let mut runs: Vec<Vec<String>> = Vec::new();
    for node in &row.nodes {
        match runs.last_mut() {
            Some(run) if !row.roots.contains(&node.id) => run.push(node.id.clone()),
            _ => runs.push(vec![node.id.clone()]),
        }
    }
    runs.into_iter()
        .filter(|r| r.len() > 1)
        .map(|nodes| Chain { nodes })
        .collect()
}

/// Trees and chains of step `step` of `trace` (which must be in range).
pub(crate) fn find_linked(trace: &Trace, step: usize, options: &SceneOptions) -> LinkedShapes {
    let none = LinkedShapes {
        track: None,
        trees: Vec::new(),
        chains: Vec::new(),
    };
    let Ok(Some(view)) = linked_view(
        trace,
        &[LinkedRowSpec::step(step)],
        options.hints.linked.as_ref(),
    ) else {
        return none;
    };
    let (Some(row), Some(current)) = (view.rows.first(), trace.steps.get(step)) else {
        return none;
    };
    // A block draws both link fields of every node as its bottom pair of cells.
    let has_links = |id: &str| match current.heap.get(id).map(|o| o.as_ref()) {
        Some(HeapObject::Instance(i)) => view
            .track
            .links
            .iter()
            .all(|l| i.fields.iter().any(|(n, _)| *n == l.name)),
        _ => false,
    };
    let binary =
        view.track.links.len() == 2 && view.track.links.iter().all(|l| l.kind == LinkKind::Single);
    let (trees, chains) = match view.track.shape {
        LinkedShape::Tree if binary => (
            row.trees
                .iter()
                .filter(|t| t.nodes.len() > 1 && t.nodes.iter().all(|n| has_links(&n.id)))
                .cloned()
                .collect(),
            Vec::new(),
        ),
        // A tree of `children` lists (nodes → list → nodes) keeps the ordinary layout.
        LinkedShape::Tree => (Vec::new(), Vec::new()),
        LinkedShape::List => (Vec::new(), runs(row)),
    };
    LinkedShapes {
        track: Some(view.track),
        trees,
        chains,
    }
}
