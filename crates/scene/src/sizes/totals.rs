//! Every object's total (its own size plus everything reachable from it, each object once),
//! in near-linear time for the usual shapes.
//!
//! Objects that reach each other (a strongly connected component: a doubly linked list, a
//! cycle) have the same total, so it is worked out once per component. Components are visited
//! callees first; a component whose reachable part is a tree of components (every component
//! below it has one parent component) sums its children's totals, and only the rest (below
//! some shared object) walk what they reach.

use std::collections::{BTreeMap, BTreeSet};

use algoscope_trace_format::{Step, Value};
use petgraph::algo::tarjan_scc;
use petgraph::graph::{DiGraph, NodeIndex};

use super::reachable_total;

/// Object id → total bytes, for every object of `step.heap`; `own` holds every object's own
/// size.
pub(super) fn object_totals<'a>(
    step: &'a Step,
    own: &BTreeMap<&'a str, u64>,
) -> BTreeMap<&'a str, u64> {
    let mut graph: DiGraph<&str, ()> = DiGraph::new();
    let mut node: BTreeMap<&str, NodeIndex> = BTreeMap::new();
    for id in step.heap.keys() {
        node.insert(&**id, graph.add_node(&**id));
    }
    for (id, object) in &step.heap {
        let from = node[&**id];
        let targets: BTreeSet<&str> = object
            .values()
            .into_iter()
            .filter_map(Value::ref_id)
            .collect();
        for target in targets {
            if let Some(&to) = node.get(target) {
                graph.add_edge(from, to, ());
            }
        }
    }
    // Components, callees first; each object's component.
    let components = tarjan_scc(&graph);
    let mut component = vec![0usize; graph.node_count()];
    for (c, members) in components.iter().enumerate() {
        for n in members {
            component[n.index()] = c;
        }
    }
    // Each component's child components, and how many parent components each one has.
    let mut children: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); components.len()];
    for edge in graph.raw_edges() {
        let (a, b) = (
            component[edge.source().index()],
            component[edge.target().index()],
        );
        if a != b {
            children[a].insert(b);
        }
    }
    let mut parents = vec![0u32; components.len()];
    for set in &children {
        for &c in set {
            parents[c] += 1;
        }
    }
    let mut total = vec![0u64; components.len()];
    let mut tree = vec![false; components.len()];
    for (c, members) in components.iter().enumerate() {
        let own_sum: u64 = members
            .iter()
            .map(|n| own.get(graph[*n]).copied().unwrap_or(0))
            .sum();
        tree[c] = children[c].iter().all(|&k| parents[k] == 1 && tree[k]);
        total[c] = if tree[c] {
            own_sum + children[c].iter().map(|&k| total[k]).sum::<u64>()
        } else {
            let first = graph[members[0]];
            reachable_total(step, own, [first], &mut BTreeSet::new())
        };
    }
    graph
        .node_indices()
        .map(|n| (graph[n], total[component[n.index()]]))
        .collect()
}
