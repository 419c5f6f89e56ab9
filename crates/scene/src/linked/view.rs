//! [`linked_view`]: the track over many rows, with a shared column order and chains.

use std::collections::{BTreeMap, HashMap};

use algoscope_trace_format::Trace;
use serde::{Deserialize, Serialize};

use super::row::linked_row;
use super::track::find_linked_track;
use super::types::{LinkedRow, LinkedRowSpec, LinkedView};
use crate::build::SceneError;
use crate::hints::LinkedHint;

/// The linked track of `rows` (see [`find_linked_track`]) and every row's view (see
/// [`linked_row`]), with the column order shared by all rows and the chains.
///
/// Columns: the first row's reading order, then nodes first seen in later rows appended, so
/// the first row's structure reads left to right and a node keeps its column. Chains: nodes
/// joined by a link in any row are one chain (so a node does not change lines when it is
/// linked in later), each in column order, chains ordered by their first column.
///
/// Returns `Ok(None)` when there is no track.
///
/// # Errors
/// [`SceneError::StepOutOfRange`] when a row names a step the trace does not have.
///
/// # Example
/// ```
/// use algoscope_scene::{linked_view, LinkedRowSpec};
/// let node = |id: &str, v: u32, next: Option<&str>| format!(
///     r#""{id}":{{"kind":"instance","typeName":"Node","fields":[["val",{{"kind":"prim","type":"int","repr":"{v}"}}],["next",{}]]}}"#,
///     next.map_or(r#"{"kind":"prim","type":"NoneType","repr":"None"}"#.to_string(),
///                 |n| format!(r#"{{"kind":"ref","id":"{n}"}}"#)));
/// let step = |heap: Vec<String>| format!(
///     r#"{{"event":"line","line":1,"stdoutLength":0,"stack":[{{"id":"f1","func":"<module>","line":1,
///        "locals":[["a",{{"kind":"ref","id":"o1"}}],["b",{{"kind":"ref","id":"o2"}}]]}}],"heap":{{{}}}}}"#,
///     heap.join(","));
/// let json = format!(r#"{{"version":1,"language":"python","source":"","stdout":"","steps":[{},{}]}}"#,
///     step(vec![node("o1", 1, None), node("o2", 2, None)]),
///     step(vec![node("o1", 1, Some("o2")), node("o2", 2, None)]));
/// let trace: algoscope_trace_format::Trace = serde_json::from_str(&json).unwrap();
/// let rows = [LinkedRowSpec::step(0), LinkedRowSpec::step(1)];
/// let view = linked_view(&trace, &rows, None).unwrap().unwrap();
/// assert_eq!(view.columns, ["o1", "o2"]);
/// assert_eq!(view.chains, [vec!["o1".to_string(), "o2".to_string()]]); // linked in row 2
/// assert_ne!(view.rows[0].signature, view.rows[1].signature);
/// ```
pub fn linked_view(
    trace: &Trace,
    rows: &[LinkedRowSpec],
    hint: Option<&LinkedHint>,
) -> Result<Option<LinkedView>, SceneError> {
    let Some(track) = find_linked_track(trace, rows, hint)? else {
        return Ok(None);
    };
    let rows: Vec<LinkedRow> = rows
        .iter()
        .map(|spec| linked_row(trace, spec, &track))
        .collect::<Result<_, _>>()?;
    let (columns, chains) = shared_order(&rows.iter().collect::<Vec<_>>());
    Ok(Some(LinkedView {
        track,
        rows,
        columns,
        chains,
    }))
}

/// The columns and chains [`linked_view`] gives `rows` (in row order): nodes in order of
/// first appearance, and the chains of nodes joined by a link in any row.
pub(crate) fn shared_order(rows: &[&LinkedRow]) -> (Vec<String>, Vec<Vec<String>>) {
    let mut columns: Vec<String> = Vec::new();
    let mut column_of: BTreeMap<String, usize> = BTreeMap::new();
    for row in rows {
        for node in &row.nodes {
            if !column_of.contains_key(&node.id) {
                column_of.insert(node.id.clone(), columns.len());
                columns.push(node.id.clone());
            }
        }
    }
    let chains = chains(rows, &columns, &column_of);
    (columns, chains)
}

/// Union-find over every link of every row; each set in column order, sets by first column.
fn chains(
    rows: &[&LinkedRow],
    columns: &[String],
    column_of: &BTreeMap<String, usize>,
) -> Vec<Vec<String>> {
    let mut parent: Vec<usize> = (0..columns.len()).collect();
    fn find(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for row in rows {
        for node in &row.nodes {
            let Some(&a) = column_of.get(&node.id) else {
                continue;
            };
            for t in node.targets() {
                if let Some(&b) = column_of.get(t) {
                    let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                    // The earlier column is the set's representative.
                    parent[ra.max(rb)] = ra.min(rb);
                }
            }
        }
    }
    let mut sets: BTreeMap<usize, Vec<String>> = BTreeMap::new();
    for (i, id) in columns.iter().enumerate() {
        let root = find(&mut parent, i);
        sets.entry(root).or_default().push(id.clone());
    }
    sets.into_values().collect()
}

/// The columns and chains of some rows ([`shared_order`]), indexed so that whether one more
/// row would change them is answered in time linear in that row alone (the loop history asks
/// it at every step inside a pass; recomputing the order over every pass's row cost 20 ms a
/// step for a 300-node list).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct OrderIndex {
    /// Each node's column.
    column_of: HashMap<String, usize>,
    /// Per column: the index of the first row holding its node (non-decreasing).
    first_row: Vec<usize>,
    /// Per column: its chain.
    chain_of: Vec<usize>,
}

impl OrderIndex {
    /// Indexes `columns` and `chains`, which [`shared_order`] gave for `rows`.
    pub(crate) fn new(rows: &[&LinkedRow], columns: &[String], chains: &[Vec<String>]) -> Self {
        let column_of: HashMap<String, usize> = columns
            .iter()
            .enumerate()
            .map(|(i, id)| (id.clone(), i))
            .collect();
        let mut first_row = vec![usize::MAX; columns.len()];
        for (r, row) in rows.iter().enumerate() {
            for node in &row.nodes {
                if let Some(&c) = column_of.get(&node.id) {
                    first_row[c] = first_row[c].min(r);
                }
            }
        }
        let mut chain_of = vec![0; columns.len()];
        for (k, chain) in chains.iter().enumerate() {
            for id in chain {
                if let Some(&c) = column_of.get(id) {
                    chain_of[c] = k;
                }
            }
        }
        OrderIndex {
            column_of,
            first_row,
            chain_of,
        }
    }

    /// Whether [`shared_order`] of the indexed rows with `row` inserted before the row at
    /// `at` gives the same columns and chains.
    ///
    /// Rows before `at` place the same columns first. `row` then appends its nodes not seen
    /// yet, in its order: they must be exactly the next columns. The rows after it append the
    /// rest in the same order. Chains stay when each of `row`'s links joins two nodes
    /// already in one chain.
    pub(crate) fn keeps_order(&self, at: usize, row: &LinkedRow) -> bool {
        let mut next = self.first_row.partition_point(|&r| r < at);
        for node in &row.nodes {
            let Some(&c) = self.column_of.get(&node.id) else {
                return false;
            };
            if c == next {
                next += 1;
            } else if c > next {
                return false;
            }
            for target in node.targets() {
                if let Some(&t) = self.column_of.get(target) {
                    if self.chain_of[t] != self.chain_of[c] {
                        return false;
                    }
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linked::types::{LinkedNode, NodeLink};
    use proptest::prelude::*;

    /// A row of nodes `o0`..`o5` (ids may repeat, as a cycle read twice would not, but the
    /// order code must not care), each with at most one `next` link.
    fn row(nodes: &[(u8, Option<u8>)]) -> LinkedRow {
        LinkedRow {
            step: 0,
            nodes: nodes
                .iter()
                .map(|&(id, next)| LinkedNode {
                    id: format!("o{id}"),
                    value: None,
                    links: vec![NodeLink {
                        field: "next".into(),
                        targets: next.map(|n| format!("o{n}")).into_iter().collect(),
                    }],
                })
                .collect(),
            names: Vec::new(),
            roots: Vec::new(),
            trees: Vec::new(),
            signature: String::new(),
        }
    }

    fn rows_strategy() -> impl Strategy<Value = Vec<Vec<(u8, Option<u8>)>>> {
        let node = (0u8..6, proptest::option::of(0u8..6));
        proptest::collection::vec(proptest::collection::vec(node, 0..5), 0..5)
    }

    proptest! {
        /// `keeps_order` says exactly whether recomputing the order with the row gives the
        /// same columns and chains.
        #[test]
        fn keeps_order_agrees_with_recomputing(
            base in rows_strategy(),
            extra in proptest::collection::vec((0u8..6, proptest::option::of(0u8..6)), 0..5),
            at in 0usize..6,
        ) {
            let base: Vec<LinkedRow> = base.iter().map(|r| row(r)).collect();
            let at = at.min(base.len());
            let refs: Vec<&LinkedRow> = base.iter().collect();
            let (columns, chains) = shared_order(&refs);
            let index = OrderIndex::new(&refs, &columns, &chains);
            let extra = row(&extra);
            let mut with: Vec<&LinkedRow> = refs.clone();
            with.insert(at, &extra);
            let same = shared_order(&with) == (columns, chains);
            prop_assert_eq!(index.keeps_order(at, &extra), same);
        }
    }
}
