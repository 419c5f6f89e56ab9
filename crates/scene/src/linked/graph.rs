//! One row's node graph: the track's nodes reachable from the row's entries over its links.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use algoscope_trace_format::{Step, Value};

use super::walk::{instance_class, sequence_items, Entry};

/// Nodes and link edges of one row.
pub(crate) struct RowGraph {
    /// Node ids, breadth-first from the entries in order.
    pub nodes: Vec<String>,
    /// `node → [(link index, target)]` in link order.
    pub out: BTreeMap<String, Vec<(usize, String)>>,
    /// `node → [(link index, source)]`, sources in `nodes` order.
    pub into: BTreeMap<String, Vec<(usize, String)>>,
}

/// The nodes of class `class` a link value points at: one instance, or the instances in a
/// list or tuple.
pub(crate) fn link_targets(step: &Step, class: &str, value: &Value) -> Vec<String> {
    let Some(id) = value.ref_id() else {
        return Vec::new();
    };
    if instance_class(step, id) == Some(class) {
        return vec![id.to_string()];
    }
    sequence_items(step, id)
        .map(|items| {
            items
                .iter()
                .filter_map(Value::ref_id)
                .filter(|t| instance_class(step, t) == Some(class))
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default()
}

/// The row graph of the nodes of `class` reachable from `entries` over the fields `links`.
pub(crate) fn row_graph(step: &Step, entries: &[Entry], class: &str, links: &[String]) -> RowGraph {
    let mut seen = BTreeSet::new();
    let mut nodes = Vec::new();
    let mut queue = VecDeque::new();
    for e in entries {
        if instance_class(step, e.id) == Some(class) && seen.insert(e.id.to_string()) {
            queue.push_back(e.id.to_string());
        }
    }
    let mut out: BTreeMap<String, Vec<(usize, String)>> = BTreeMap::new();
    while let Some(id) = queue.pop_front() {
        let mut edges = Vec::new();
        for (k, link) in links.iter().enumerate() {
            let Some(value) = super::walk::field(step, &id, link) else {
                continue;
            };
            for t in link_targets(step, class, value) {
                if seen.insert(t.clone()) {
                    queue.push_back(t.clone());
                }
                edges.push((k, t));
            }
        }
        out.insert(id.clone(), edges);
        nodes.push(id);
    }
    let mut into: BTreeMap<String, Vec<(usize, String)>> = BTreeMap::new();
    for id in &nodes {
        for (k, t) in out.get(id).into_iter().flatten() {
            into.entry(t.clone()).or_default().push((*k, id.clone()));
        }
    }
    RowGraph { nodes, out, into }
}

impl RowGraph {
    /// True when no node has two incoming links and no node reaches itself.
    pub fn is_forest(&self) -> bool {
        if self.into.values().any(|v| v.len() > 1) {
            return false;
        }
        // With at most one parent each, every node is reached from a root unless it sits on
        // a cycle.
        let mut reached = BTreeSet::new();
        let mut stack: Vec<&str> = self
            .nodes
            .iter()
            .filter(|n| !self.into.contains_key(*n))
            .map(String::as_str)
            .collect();
        while let Some(n) = stack.pop() {
            if reached.insert(n) {
                stack.extend(
                    self.out
                        .get(n)
                        .into_iter()
                        .flatten()
                        .map(|(_, t)| t.as_str()),
                );
            }
        }
        reached.len() == self.nodes.len()
    }

    /// The targets of `node` over link `k`.
    pub fn targets(&self, node: &str, k: usize) -> impl Iterator<Item = &str> {
        self.out
            .get(node)
            .into_iter()
            .flatten()
            .filter(move |(j, _)| *j == k)
            .map(|(_, t)| t.as_str())
    }
}
